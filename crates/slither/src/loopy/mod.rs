//! Loopy's difficulty levels: a port of the solver of Loopy (Simon Tatham's Portable Puzzle
//! Collection, loopy.c) to square boards, written from its definitions, so that a puzzle gets
//! the level Loopy itself gives it.
//!
//! Loopy rates a puzzle by the easiest of its solver's levels that solves it without guessing:
//!
//! * **Easy**: clue counts on faces (a clue met crosses the rest; a clue needing every open
//!   side draws them; two adjacent open sides whose common dot has a line hold at most one
//!   line), counts at dots (two lines: cross the rest; one line and one open edge: draw it; no
//!   line and one open edge: cross it), and loop avoidance (an edge that would close a loop
//!   which is not the whole solution is crossed).
//! * **Normal**: adds "dlines": for each two edges adjacent around a dot, whether at least one
//!   / at most one of them is a line, learned from the lines at the dot, and used by a face's
//!   clue (bounds on the lines along its sides) and by the dot's count.
//! * **Tricky**: dline facts also learned from a face's clue, and passed across a dot to the
//!   opposite pair, which carries them along diagonals (3-2-…-2-3).
//! * **Hard**: adds classes of edges known equal or opposite (a union-find with parity), from
//!   the parity of the lines around faces and dots and from exactly-one pairs.
//!
//! [`grade`] tries the levels in order, as Loopy's standalone grader does; a puzzle none of
//! them solves is beyond Hard (`None`). An undecided edge that would close a loop meeting every
//! clue ends a level's solve unsolved ("ambiguous"), as in Loopy.

mod dsf;
mod grid;
mod solver;

use std::time::Instant;

use pencilbox_grid::{Edge, OutOfTime};

use crate::board::EdgeState;
use crate::puzzle::Puzzle;
use grid::Grid;
use solver::{Solver, Status};

/// One of Loopy's four difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LoopyLevel {
    Easy,
    Normal,
    Tricky,
    Hard,
}

pencilbox_grid::named!(LoopyLevel, "Loopy level", {
    Easy => "easy",
    Normal => "normal",
    Tricky => "tricky",
    Hard => "hard",
});

/// How a solve at one level ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopyOutcome {
    /// The lines are the solution.
    Solved,
    /// The level's deductions are exhausted.
    Stuck,
    /// An undecided edge would close a loop meeting every clue (Loopy gives up: the loop is a
    /// solution, but not one its deductions proved).
    Ambiguous,
    /// The clues (or the given edges) contradict each other.
    Contradiction,
}

/// The result of [`solve`]: the outcome, the edges decided (in the shared numbering), and how
/// often the level's own deductions made progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopySolve {
    pub outcome: LoopyOutcome,
    pub states: Vec<EdgeState>,
    /// Rounds in which some deduction made progress.
    pub rounds: u32,
    /// Rounds in which a deduction that needs this level (none below it has it) made progress.
    pub level_rounds: u32,
}

/// Solves with the deductions of `level` from the edges `given` (one per edge in the shared
/// numbering; empty for none), giving up at `deadline`.
///
/// # Panics
///
/// If `given` is neither empty nor one state per edge of the puzzle.
pub fn solve_from(
    p: &Puzzle,
    level: LoopyLevel,
    given: &[EdgeState],
    deadline: Option<Instant>,
) -> Result<LoopySolve, OutOfTime> {
    let d = p.dims();
    assert!(given.is_empty() || given.len() == d.num_edges(), "one given state per edge");
    let g = Grid::new(d, p.clues().iter().map(|c| c.number()).collect());
    let mut s = Solver::new(&g, level);
    for (e, &st) in given.iter().enumerate() {
        if st != EdgeState::Unknown {
            s.set_line(g.theirs[e], st);
        }
    }
    let outcome = match s.solve(deadline)? {
        Status::Solved => LoopyOutcome::Solved,
        Status::Incomplete => LoopyOutcome::Stuck,
        Status::Ambiguous => LoopyOutcome::Ambiguous,
        Status::Mistake => LoopyOutcome::Contradiction,
    };
    let mut states: Vec<EdgeState> = d.edges().map(|e: Edge| s.line(g.theirs[e.index()])).collect();
    if outcome == LoopyOutcome::Solved {
        // The loop is closed: every other edge is off it.
        states.iter_mut().filter(|s| **s == EdgeState::Unknown).for_each(|s| *s = EdgeState::Cross);
    }
    let r = s.tally.rounds;
    let level_rounds = match level {
        // Easy's own passes are the trivial and the loop ones; Normal and Tricky share the
        // dline pass; Hard has the edge classes.
        LoopyLevel::Easy => r[0] + r[3],
        LoopyLevel::Normal | LoopyLevel::Tricky => r[1],
        LoopyLevel::Hard => r[2],
    };
    Ok(LoopySolve { outcome, states, rounds: r.iter().sum(), level_rounds })
}

/// Solves from scratch with the deductions of `level`, giving up at `deadline`.
pub fn solve_within(
    p: &Puzzle,
    level: LoopyLevel,
    deadline: Option<Instant>,
) -> Result<LoopySolve, OutOfTime> {
    solve_from(p, level, &[], deadline)
}

/// Solves from scratch with the deductions of `level`, however long it takes (linear rounds:
/// seconds on a 1024x1024 board).
pub fn solve(p: &Puzzle, level: LoopyLevel) -> LoopySolve {
    match solve_within(p, level, None) {
        Ok(s) => s,
        Err(OutOfTime) => unreachable!("no deadline"),
    }
}

/// Loopy's level of a puzzle: the easiest level whose deductions solve it; `None` when none
/// does (Loopy's "harder than Hard, or ambiguous"; also for a puzzle with no solution).
pub fn grade(p: &Puzzle) -> Option<LoopyLevel> {
    LoopyLevel::ALL.iter().copied().find(|&l| solve(p, l).outcome == LoopyOutcome::Solved)
}
