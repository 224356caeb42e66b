//! The complete solver: propagation on the shared [`Board`] plus depth-first search that counts
//! solutions up to a limit (2 proves uniqueness).
//!
//! Completeness: every branch splits on one unknown edge (line, then cross), so the two
//! subtrees partition the candidate solutions; propagation only removes assignments that
//! cannot be part of any solution (each rule is a consequence of the clue, degree and
//! single-loop conditions). A leaf counts only when every edge is decided and the lines closed
//! into one loop, which the board only allows when that loop holds every line and every clue is
//! met — so every counted leaf is a solution, and every solution reaches a leaf.

use pencilbox_grid::Edge;

use crate::board::{Board, EdgeState};
use crate::puzzle::{Puzzle, Solution};

/// The result of a counting search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit.
    pub found: usize,
    /// Whether the search stopped at the limit (there may be more).
    pub hit_limit: bool,
    /// The first solution found.
    pub first: Option<Solution>,
    /// Search nodes visited (branch decisions), a measure of difficulty.
    pub nodes: u64,
    /// Whether the search gave up at the node budget (then `found` is a lower bound).
    pub aborted: bool,
}

/// The verdict of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    NoSolution,
    Unique(Solution),
    /// At least two solutions; one of them.
    Multiple(Solution),
}

/// Solves a puzzle and decides uniqueness (searches for up to two solutions).
pub fn solve(p: &Puzzle) -> Verdict {
    let c = count(p, 2);
    match (c.found, c.first) {
        (1, Some(s)) => Verdict::Unique(s),
        (n, Some(s)) if n >= 2 => Verdict::Multiple(s),
        _ => Verdict::NoSolution,
    }
}

/// Counts the solutions of a puzzle, stopping once `limit` (at least 1) are found.
pub fn count(p: &Puzzle, limit: usize) -> Count {
    count_within(p, limit, u64::MAX)
}

/// Like [`count`], but gives up (with `aborted` set) after `max_nodes` branch decisions.
pub fn count_within(p: &Puzzle, limit: usize, max_nodes: u64) -> Count {
    let limit = limit.max(1);
    let mut b = Board::new(p);
    let mut out = Count { found: 0, hit_limit: false, first: None, nodes: 0, aborted: false };
    if b.propagate_all().is_err() {
        return out;
    }
    // Open decisions: (trail mark before it, edge, whether the cross branch is being tried).
    let mut stack = Vec::new();
    'search: loop {
        // Invariant here: the board is propagated and consistent.
        let next = match b.probe() {
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
                out.first.get_or_insert(s);
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
            if out.nodes >= max_nodes {
                out.aborted = true;
                break 'search;
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
    out
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
