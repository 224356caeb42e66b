//! The complete solver: propagation on the shared [`Board`] plus depth-first search that counts
//! solutions up to a limit (2 proves uniqueness).
//!
//! Completeness: every branch splits on one unknown edge (line, then cross), so the two
//! subtrees partition the candidate solutions; propagation only removes assignments that
//! cannot be part of any solution (each rule is a consequence of the clue, degree and
//! single-loop conditions). A leaf counts only when every edge is decided and the lines closed
//! into one loop, which the board only allows when that loop holds every line and every clue is
//! met — so every counted leaf is a solution, and every solution reaches a leaf.

use std::time::Instant;

use pencilbox_grid::{Edge, OutOfTime, past};

use crate::board::{Board, EdgeState};
use crate::puzzle::{Puzzle, Solution};

/// Above this many unknown edges, search nodes probe locally (see [`count_within`]).
const FULL_PROBE_LIMIT: usize = 4000;

/// The result of a counting search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit.
    pub found: usize,
    /// Whether the search stopped at the limit (there may be more).
    pub hit_limit: bool,
    /// The first solution found.
    pub first: Option<Solution>,
    /// The second solution found (with a limit of at least 2).
    pub second: Option<Solution>,
    /// Search nodes visited (branch decisions), a measure of difficulty.
    pub nodes: u64,
}

/// The verdict of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    NoSolution,
    Unique(Solution),
    /// At least two solutions; one of them.
    Multiple(Solution),
}

impl Verdict {
    /// The verdict's name: `none`, `unique` or `multiple`.
    pub const fn name(&self) -> &'static str {
        match self {
            Verdict::NoSolution => "none",
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(_) => "multiple",
        }
    }
}

/// Solves a puzzle and decides uniqueness (searches for up to two solutions).
pub fn solve(p: &Puzzle) -> Verdict {
    match solve_within(p, Budget::default()) {
        Ok(v) => v,
        Err(OutOfTime) => unreachable!("an unlimited search cannot run out of time"),
    }
}

/// Like [`solve`], giving up when the budget runs out before the verdict is proven.
pub fn solve_within(p: &Puzzle, budget: Budget) -> Result<Verdict, OutOfTime> {
    let c = count_within(p, 2, budget)?;
    Ok(match (c.found, c.first) {
        (n, Some(s)) if n >= 2 => Verdict::Multiple(s),
        (1, Some(s)) => Verdict::Unique(s),
        _ => Verdict::NoSolution,
    })
}

/// Counts the solutions of a puzzle, stopping once `limit` (at least 1) are found.
pub fn count(p: &Puzzle, limit: usize) -> Count {
    match count_within(p, limit, Budget::default()) {
        Ok(c) => c,
        Err(OutOfTime) => unreachable!("an unlimited search cannot run out of time"),
    }
}

/// Limits on a search; the default is unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Give up after this many branch decisions.
    pub max_nodes: Option<u64>,
    /// Give up at this instant (checked once per search node).
    pub deadline: Option<Instant>,
}

/// Like [`count`], but gives up when the budget runs out. Slitherlink is
/// NP-complete, so a puzzle far from unique on a big board can take exponential time: callers
/// facing arbitrary input should pass a deadline.
pub fn count_within(p: &Puzzle, limit: usize, budget: Budget) -> Result<Count, OutOfTime> {
    count_given(p, limit, budget, [])
}

/// Like [`count_within`], starting from edges already known to hold in every solution (for
/// example the edges a sound deduction fixed): the search then only covers the rest. Edges
/// that do not hold in some solution lose that solution, so only pass consequences of the
/// clues.
pub fn count_given(
    p: &Puzzle,
    limit: usize,
    budget: Budget,
    known: impl IntoIterator<Item = (Edge, EdgeState)>,
) -> Result<Count, OutOfTime> {
    let limit = limit.max(1);
    let mut b = Board::new(p);
    let mut out = Count { found: 0, hit_limit: false, first: None, second: None, nodes: 0 };
    if b.propagate_all().is_err() {
        return Ok(out);
    }
    for (e, s) in known {
        if b.state(e) == EdgeState::Unknown && b.assign(e, s).is_err() {
            return Ok(out);
        }
        if ![EdgeState::Unknown, s].contains(&b.state(e)) {
            return Ok(out);
        }
    }
    // Open decisions: (trail mark before it, edge, whether the cross branch is being tried).
    let mut stack = Vec::new();
    'search: loop {
        // Invariant here: the board is propagated and consistent.
        // Full probing (with lookahead branching) costs O(unknown edges) propagations per node;
        // past a few thousand unknown edges, search nodes only probe around their own changes
        // and branch at a path end instead.
        let probed = match stack.last() {
            Some(&(mark, _, _)) if b.unknown_count() > FULL_PROBE_LIMIT => {
                b.probe_around(mark).map(|()| None)
            }
            _ => b.probe(),
        };
        let next = match probed {
            Err(_) => {
                // Probing proved this node has no solution.
                if !backtrack(&mut b, &mut stack) {
                    break 'search;
                }
                continue 'search;
            }
            Ok(next) => next,
        };
        let next = if b.unknown_count() == 0 {
            if b.is_solved() {
                let s = b.lines();
                debug_assert!(p.is_solution(&s), "solver produced a non-solution");
                out.found += 1;
                match (&out.first, &out.second) {
                    (None, _) => out.first = Some(s),
                    (Some(_), None) => out.second = Some(s),
                    _ => {}
                }
                if out.found >= limit {
                    out.hit_limit = true;
                    break 'search;
                }
            }
            None
        } else {
            next.or_else(|| b.branch_edge())
        };
        if let Some(e) = next {
            if budget.max_nodes.is_some_and(|m| out.nodes >= m) || past(budget.deadline) {
                return Err(OutOfTime);
            }
            out.nodes += 1;
            let mark = b.mark();
            stack.push((mark, e, false));
            if b.assign(e, EdgeState::Line).is_ok() {
                continue 'search;
            }
        }
        if !backtrack(&mut b, &mut stack) {
            break 'search;
        }
    }
    Ok(out)
}

/// Backs up to the deepest decision whose cross branch is untried and takes it; false when the
/// search space is exhausted.
fn backtrack(b: &mut Board, stack: &mut Vec<(usize, Edge, bool)>) -> bool {
    while let Some((mark, e, crossed)) = stack.pop() {
        b.undo_to(mark);
        if !crossed {
            stack.push((mark, e, true));
            if b.assign(e, EdgeState::Cross).is_ok() {
                return true;
            }
        }
    }
    false
}
