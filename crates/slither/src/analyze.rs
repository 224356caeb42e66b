//! The setter's workbench: what a setter wants to know after each clue placed. Whether the
//! puzzle has no solution, one or several; with none, a small set of clues that already has none
//! on its own; with one, its level and the clues that could go without losing uniqueness; with
//! several, two of them, the edges where they differ and a clue that tells them apart.
//!
//! Every answer comes from the complete solver ([`crate::solver`]), so it is exact; the caller's
//! deadline bounds the work, and [`Analysis::complete`] says when it cut the work short.
//!
//! - **Conflict** (no solution): deletion. A set of clues with no solution keeps having none
//!   when clues are added (more clues, fewer loops), so each clue whose removal leaves the rest
//!   unsolvable can go for good; a clue whose removal makes the rest solvable stays. Removing
//!   halves, then quarters, ... of the set before single clues (as in delta debugging) drops the
//!   clues far from the conflict in a few solver calls. After the pass of single clues every
//!   clue left is needed: the set is minimal (no clue of it can go), not necessarily smallest.
//! - **Redundant clues** (one solution `S`): a clue can go alone exactly when the puzzle without
//!   it still has one solution (`S` is still one of them).
//! - **A clue to add** (several solutions): at a cell where the two solutions found have
//!   different counts, the count of one of them rules the other out.

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::time::Instant;

use pencilbox_grid::{Cell, Edge, OutOfTime, past};

use crate::board::Board;
use crate::level::{self, Level};
use crate::puzzle::{Clue, Puzzle, Solution};
use crate::solver::{self, Budget};

/// The level of a puzzle with exactly one solution ([`level::grade_unique`]), unless the
/// deadline comes first.
pub fn level_of(p: &Puzzle, deadline: Option<Instant>) -> Option<Level> {
    level::grade_unique(p, deadline).ok().map(|g| g.level)
}

/// What [`analyze`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub findings: Findings,
    /// False when the deadline stopped the work after the count: then a conflict may not be
    /// minimal, and [`Findings::Unique::unchecked`] lists the clues not tried.
    pub complete: bool,
}

/// The number of solutions and what follows from it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Findings {
    /// No loop meets every clue.
    NoSolution {
        /// Numbered clues, row-major, that have no solution on their own (the other clues
        /// blank).
        conflict: Vec<Cell>,
        /// Whether no clue of `conflict` can go (each one removed, the rest has a solution).
        /// False when the deadline or the search bound of a test left that unproven.
        minimal: bool,
    },
    /// Exactly one loop meets every clue.
    Unique {
        solution: Solution,
        /// Its level; `None` when the deadline came first.
        level: Option<Level>,
        /// The numbered clues, row-major, each of which can be removed (alone) with the puzzle
        /// still unique.
        redundant: Vec<Cell>,
        /// The numbered clues the deadline left untried.
        unchecked: Vec<Cell>,
    },
    /// Two solutions or more; two of them.
    Several {
        solutions: [Solution; 2],
        /// The edges on one of the two loops but not on the other, in numbering order.
        differing: Vec<Edge>,
        /// A clue that one of the two loops meets and the other does not (the first one's
        /// count where it can be a clue), at a cell without a number; `None` when the two
        /// loops have equal counts at every such cell.
        add: Option<AddClue>,
    },
}

/// A clue to place: `clue` (0–3) at `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddClue {
    pub cell: Cell,
    pub clue: u8,
}

/// The cells with a numbered clue, row-major.
fn numbered(p: &Puzzle) -> Vec<Cell> {
    p.dims().cells().filter(|&c| p.clue(c).number().is_some()).collect()
}

/// Analyses a puzzle, using up to `threads` threads (at least one). `Err(OutOfTime)` only when
/// the deadline passes before the number of solutions is known; after that, work cut short is
/// marked by [`Analysis::complete`].
pub fn analyze(p: &Puzzle, deadline: Option<Instant>, threads: usize) -> Result<Analysis, OutOfTime> {
    let budget = Budget { max_nodes: None, deadline };
    let count = solver::count_within(p, 2, budget)?;
    Ok(match (count.first, count.second) {
        (None, _) => {
            let (conflict, minimal) = conflict(p, budget, count.nodes);
            let findings = Findings::NoSolution { conflict, minimal: minimal == Some(true) };
            Analysis { findings, complete: minimal.is_some() }
        }
        (Some(solution), None) => {
            let level = level_of(p, deadline);
            let (redundant, unchecked) = redundant(p, budget, threads);
            let complete = unchecked.is_empty() && level.is_some();
            Analysis { findings: Findings::Unique { solution, level, redundant, unchecked }, complete }
        }
        (Some(first), Some(second)) => {
            let differing = p.dims().edges().filter(|&e| first.is_line(e) != second.is_line(e)).collect();
            let add = clue_to_add(p, &first, &second);
            Analysis {
                findings: Findings::Several { solutions: [first, second], differing, add },
                complete: true,
            }
        }
    })
}

/// The puzzle with only the numbered clues at `keep` (every other cell blank).
fn only(p: &Puzzle, keep: &[Cell]) -> Puzzle {
    let mut q = Puzzle::blank(p.dims());
    for &c in keep {
        q.set_clue(c, p.clue(c));
    }
    q
}

/// The most search nodes one test of the conflict search may take (at least; twice what the
/// whole puzzle took when that is more): a set of clues whose test takes more is kept whole (its
/// answer is unknown), which keeps the set unsolvable but may leave it larger than needed.
/// Without a bound, a sparse set of clues with no solution can take the complete search
/// minutes to refute. Removing several clues at once only speeds the deletion up, so its tests
/// get less; the tests of single clues decide minimality and get more (on sparse sets of clues,
/// finding a loop takes up to a hundred nodes or so).
const CHUNK_NODES: u64 = 64;
const SINGLE_NODES: u64 = 1000;
/// The most search nodes all the tests of one conflict search take together, and the most
/// tests of its probing pass (each probes every unknown edge both ways). Beyond them the set
/// found so far is the answer (without a solution, not known to be minimal): near a conflict
/// that only search or deep probing shows, hundreds of tests can each run to their bound,
/// seconds on a 20x20 board, where a setter wants an answer while editing. The bounds keep a
/// 20x20 conflict search to a fraction of a second (docs/PERFORMANCE.md, "The setter's
/// workbench per edit").
const SEARCH_NODES: u64 = 5_000;
const PROBE_TESTS: usize = 64;

/// A set of clues without a solution (see the module docs), and whether it is known to be
/// minimal; `None` when the deadline stopped the deletion (the set returned is still
/// unsolvable).
fn conflict(p: &Puzzle, budget: Budget, proof_nodes: u64) -> (Vec<Cell>, Option<bool>) {
    let mut keep = numbered(p);
    // Cheap passes first, tests that need no search: propagation alone, then propagation and
    // probing. Either refutes fewer clues only less (it derives less from fewer clues), so a
    // pass starts only when it refutes the whole set; it then brings a conflict near its own
    // size in a few milliseconds even on a large board, and the searches below test far fewer
    // clues (each search node there probes the whole board).
    for probe in [false, true] {
        let mut tests = 0;
        let mut refuted = |rest: &[Cell], _| {
            tests += 1;
            Ok((!probe || tests <= PROBE_TESTS) && refuted_at_root(&only(p, rest), probe))
        };
        if refuted_at_root(&only(p, &keep), probe)
            && delete(&mut keep, budget.deadline, &mut refuted).is_err()
        {
            return (keep, None);
        }
    }
    // Loops found by earlier tests: one that meets every clue of a set shows it has a solution
    // without a search (a set of clues is tested many times with a few clues less or more).
    let mut loops: Vec<Solution> = Vec::new();
    let mut minimal = true;
    let mut spent = 0;
    let searched = delete(&mut keep, budget.deadline, |rest, chunk| {
        let meets = |s: &Solution| rest.iter().all(|&c| p.clue(c).number() == Some(s.sides_on_loop(c) as u8));
        if loops.iter().any(meets) {
            return Ok(false);
        }
        let nodes = if chunk == 1 { SINGLE_NODES } else { CHUNK_NODES }.max(2 * proof_nodes);
        let nodes = nodes.min(SEARCH_NODES.saturating_sub(spent));
        let test = (nodes > 0)
            .then(|| solver::count_within(&only(p, rest), 1, Budget { max_nodes: Some(nodes), ..budget }));
        spent += test.as_ref().map_or(0, |t| t.as_ref().map_or(nodes, |c| c.nodes));
        match test {
            Some(Ok(c)) => match c.first {
                None => Ok(true),
                Some(s) => {
                    loops.push(s);
                    Ok(false)
                }
            },
            Some(Err(OutOfTime)) if past(budget.deadline) => Err(OutOfTime),
            // Unknown (a test over its bound, or none left): keep these clues, the set stays
            // unsolvable.
            _ => {
                minimal &= chunk > 1;
                Ok(false)
            }
        }
    });
    (keep, searched.ok().map(|()| minimal))
}

/// Whether the clues have no solution by propagation alone (`probe` false), or by propagation
/// and probing, before any search.
fn refuted_at_root(q: &Puzzle, probe: bool) -> bool {
    let mut b = Board::new(q);
    b.propagate_all().is_err() || (probe && b.probe().is_err())
}

/// Deletion (see the module docs): removes `chunk` clues of `keep` at a time (halves, then
/// quarters, ..., then single clues) whenever `unsolvable(rest, chunk)` says the clues left
/// still have no solution. `Err` when the deadline passed first (`keep` is still unsolvable).
fn delete(
    keep: &mut Vec<Cell>,
    deadline: Option<Instant>,
    mut unsolvable: impl FnMut(&[Cell], usize) -> Result<bool, OutOfTime>,
) -> Result<(), OutOfTime> {
    let mut chunk = keep.len().div_ceil(2);
    while chunk >= 1 {
        let mut at = 0;
        while at < keep.len() {
            if past(deadline) {
                return Err(OutOfTime);
            }
            let end = (at + chunk).min(keep.len());
            let rest: Vec<Cell> = keep[..at].iter().chain(&keep[end..]).copied().collect();
            if unsolvable(&rest, chunk)? {
                *keep = rest;
            } else {
                at = end;
            }
        }
        chunk = if chunk == 1 { 0 } else { chunk.div_ceil(2) };
    }
    Ok(())
}

/// The numbered clues that can each be removed with the puzzle still unique, and those the
/// deadline left untried. The clues are tried on `threads` threads (each test is independent).
fn redundant(p: &Puzzle, budget: Budget, threads: usize) -> (Vec<Cell>, Vec<Cell>) {
    const UNTRIED: u8 = 0;
    const NEEDED: u8 = 1;
    const REDUNDANT: u8 = 2;
    let clues = numbered(p);
    let verdicts: Vec<AtomicU8> = clues.iter().map(|_| AtomicU8::new(UNTRIED)).collect();
    let next = AtomicUsize::new(0);
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&cell) = clues.get(i) else { return };
            if past(budget.deadline) {
                return;
            }
            let mut q = p.clone();
            q.set_clue(cell, Clue::Blank);
            match solver::count_within(&q, 2, budget) {
                Err(OutOfTime) => return,
                Ok(c) => verdicts[i].store(if c.found == 1 { REDUNDANT } else { NEEDED }, Ordering::Relaxed),
            }
        }
    };
    // The scope joins every thread before the verdicts are read.
    std::thread::scope(|scope| {
        for _ in 1..threads.clamp(1, clues.len().max(1)) {
            scope.spawn(work);
        }
        work();
    });
    let (mut redundant, mut unchecked) = (Vec::new(), Vec::new());
    for (&cell, verdict) in clues.iter().zip(&verdicts) {
        match verdict.load(Ordering::Relaxed) {
            REDUNDANT => redundant.push(cell),
            UNTRIED => unchecked.push(cell),
            _ => {}
        }
    }
    (redundant, unchecked)
}

/// A cell without a number where the two loops have different counts, with the count of the
/// first (of the second when the first's is 4, which no clue says). The cell whose counts differ
/// most is taken, the first in row-major order among equals.
fn clue_to_add(p: &Puzzle, first: &Solution, second: &Solution) -> Option<AddClue> {
    p.dims()
        .cells()
        .filter(|&c| p.clue(c).number().is_none())
        .map(|c| (c, first.sides_on_loop(c), second.sides_on_loop(c)))
        .filter(|&(_, a, b)| a != b)
        .max_by_key(|&(c, a, b)| (a.abs_diff(b), std::cmp::Reverse(c)))
        .map(|(cell, a, b)| AddClue { cell, clue: if a <= 3 { a as u8 } else { b as u8 } })
}
