//! Puzzle generation: a random loop, all its clues, then clues removed in random order as long
//! as the techniques of the target level still solve the puzzle; a result whose level is not
//! exactly the target (an easier one) is discarded and another loop tried. Solving with sound
//! techniques proves the solution unique, so no other check is needed. For the trial levels,
//! clues first go while the expert deductions solve the puzzle (cheap checks), then while the
//! trials of the target depth do; before each of those, the solver (started from the deduced
//! edges, with a small node budget) must prove the puzzle still unique, since trials on a
//! puzzle with several solutions never solve it and would only take long to give up.

use std::time::Instant;

use pencilbox_grid::{Cell, Dims, Dir, OutOfTime, past};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::board::EdgeState;
use crate::deduce::{Deducer, Outcome, Rule};
use crate::level::{self, GradeError, Level};
use crate::limits::{GENERATE_SIDES, generate_offered_side};
use crate::puzzle::{Clue, Puzzle, Solution};
use crate::solver;

/// Whether adding the outside cell `c` to the region keeps the region's boundary one simple
/// loop: around `c` (its eight neighbours in cyclic order, off the board outside), the inside
/// cells form one run holding a side neighbour. Then the region stays connected through a
/// side, the outside stays connected around `c`, and no two cells of one kind meet only at a
/// corner (which would put four loop edges on one dot).
fn keeps_one_loop(d: Dims, inside: &[bool], c: Cell) -> bool {
    const RING: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
    let is_in = |k: usize| {
        let (dr, dc) = RING[k % 8];
        let (r, col) = (c.row as isize + dr, c.col as isize + dc);
        r >= 0
            && col >= 0
            && (r as usize) < d.rows()
            && (col as usize) < d.cols()
            && inside[d.cell_index(Cell::new(r as usize, col as usize))]
    };
    let starts: Vec<usize> = (0..8).filter(|&k| is_in(k) && !is_in(k + 7)).collect();
    let [start] = starts[..] else { return false };
    start & 1 == 0 || is_in(start + 1)
}

/// A random single loop, grown cell by cell from the middle (mostly as thin fingers, so it
/// winds across the board).
pub fn random_loop(d: Dims, rng: &mut impl Rng) -> Solution {
    let mut inside = vec![false; d.num_cells()];
    let first = Cell::new(rng.random_range(0..d.rows()), rng.random_range(0..d.cols()));
    inside[d.cell_index(first)] = true;
    let mut members = vec![first];
    for _ in 0..d.num_cells() * 12 {
        let from = members[rng.random_range(0..members.len())];
        let Some(c) = d.step(from, Dir::ALL[rng.random_range(0..4)]) else { continue };
        if inside[d.cell_index(c)] {
            continue;
        }
        let touching = d.neighbours(c).filter(|&n| inside[d.cell_index(n)]).count();
        if touching > 1 && rng.random_bool(0.8) {
            continue;
        }
        if keeps_one_loop(d, &inside, c) {
            inside[d.cell_index(c)] = true;
            members.push(c);
        }
    }
    let s = Solution::from_inside(d, &inside);
    debug_assert!(s.is_single_loop());
    s
}

/// The puzzle whose clues are the loop's side counts at the cells `keep` accepts, blank
/// elsewhere. `keep` is asked only about cells that can hold a clue (a side count of at most
/// 3), so a random `keep` draws the same numbers whatever the loop's shape elsewhere.
pub fn clues_of_loop(s: &Solution, mut keep: impl FnMut(Cell) -> bool) -> Puzzle {
    let d = s.dims();
    let clues = d
        .cells()
        .map(|c| {
            let n = s.sides_on_loop(c);
            if n <= 3 && keep(c) { Clue::Number(n as u8) } else { Clue::Blank }
        })
        .collect();
    Puzzle::new(d, clues)
}

/// Search nodes allowed for one uniqueness check while removing clues.
const CHECK_NODES: u64 = 20;

/// Why no puzzle was generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// Every loop tried gave a puzzle of another level.
    #[error("no {target} puzzle found in {attempts} attempts")]
    NoPuzzle { target: Level, attempts: usize },
    /// The generator does not make puzzles of this level ([`generate_offered_side`] is `None`).
    #[error("the generator does not make {target} puzzles (it makes {})", offered_list())]
    NotOffered { target: Level },
    /// A side outside [`GENERATE_SIDES`].
    #[error(
        "the generator makes boards with rows and columns between {} and {}, not {dims}",
        GENERATE_SIDES.start(),
        GENERATE_SIDES.end()
    )]
    BoardSize { dims: Dims },
    /// The deadline passed first.
    #[error(transparent)]
    OutOfTime(#[from] OutOfTime),
}

/// The levels the generator makes, as a list in words.
fn offered_list() -> String {
    let names: Vec<&str> = offered_names().collect();
    pencilbox_grid::OneOf(&names).to_string()
}

/// The levels the generator makes, easiest first.
pub fn offered() -> impl Iterator<Item = Level> {
    Level::ALL.iter().copied().filter(|&l| generate_offered_side(l).is_some())
}

/// The names of the levels the generator makes, easiest first.
pub fn offered_names() -> impl Iterator<Item = &'static str> {
    Level::ALL
        .iter()
        .zip(Level::names())
        .filter(|(l, _)| generate_offered_side(**l).is_some())
        .map(|(_, n)| n)
}

/// Whether the generator makes puzzles of size `d` and level `target`: the error [`generate`]
/// would give at once, for a caller that checks a request before starting.
pub fn check_request(d: Dims, target: Level) -> Result<(), GenerateError> {
    if generate_offered_side(target).is_none() {
        return Err(GenerateError::NotOffered { target });
    }
    if !GENERATE_SIDES.contains(&d.rows()) || !GENERATE_SIDES.contains(&d.cols()) {
        return Err(GenerateError::BoardSize { dims: d });
    }
    Ok(())
}

/// A puzzle of the given size with exactly one solution and level `target`, trying at most
/// `attempts` random loops.
pub fn generate(
    d: Dims,
    target: Level,
    attempts: usize,
    rng: &mut impl Rng,
) -> Result<Puzzle, GenerateError> {
    generate_until(d, target, attempts, None, rng)
}

/// Like [`generate`], but gives up once `deadline` has passed. The clock is read between loops,
/// before every clue-removal check and inside the trials and the solver's searches, so the
/// overrun is at most one deduction run.
pub fn generate_until(
    d: Dims,
    target: Level,
    attempts: usize,
    deadline: Option<Instant>,
    rng: &mut impl Rng,
) -> Result<Puzzle, GenerateError> {
    generate_watched(d, target, attempts, deadline, rng, |_| {})
}

/// Like [`generate_until`], telling `on_attempt` the number of each random loop (from 1) as it
/// starts on it: a caller's progress line for long work.
pub fn generate_watched(
    d: Dims,
    target: Level,
    attempts: usize,
    deadline: Option<Instant>,
    rng: &mut impl Rng,
    mut on_attempt: impl FnMut(usize),
) -> Result<Puzzle, GenerateError> {
    check_request(d, target)?;
    let late = || past(deadline);
    // Out of time inside a check counts as a failed check: the clue stays, and the loop below
    // gives up at its next clock reading.
    let solves = |p: &Puzzle, l: Level| level::solves_at(p, l, deadline).unwrap_or(false);
    for attempt in 1..=attempts {
        if late() {
            return Err(OutOfTime.into());
        }
        on_attempt(attempt);
        let s = random_loop(d, rng);
        let mut p = clues_of_loop(&s, |_| true);
        if !solves(&p, target) {
            continue;
        }
        let mut order: Vec<Cell> = d.cells().collect();
        order.shuffle(rng);
        if target > Level::Expert {
            remove_clues(&mut p, &order, |p| !late() && solves(p, Level::Expert));
            let budget = solver::Budget { max_nodes: Some(CHECK_NODES), deadline };
            remove_clues(&mut p, &order, |p| !late() && proven_unique(p, budget) && solves(p, target));
        } else {
            remove_clues(&mut p, &order, |p| !late() && solves(p, target));
        }
        // Re-graded from scratch: the level must be the target, not an easier one.
        match level::grade_unique(&p, deadline) {
            Ok(g) if g.level == target => return Ok(p),
            Err(GradeError::OutOfTime(e)) => return Err(e.into()),
            // An easier level (the other errors cannot happen: the target's techniques solve
            // the puzzle, so it has one solution).
            _ => {}
        }
    }
    // A clock that ran out inside the last attempt's checks made it fail: say so.
    if late() {
        return Err(OutOfTime.into());
    }
    Err(GenerateError::NoPuzzle { target, attempts })
}

/// Whether `p` has exactly one solution, proven within `budget`: by the deduce engine's rules
/// alone, or by the solver started from what those rules fix (sound, so every solution keeps
/// those edges; far fewer unknown edges to search).
fn proven_unique(p: &Puzzle, budget: solver::Budget) -> bool {
    let mut deducer = Deducer::new(p);
    match deducer.run_quietly(Rule::ALL) {
        Outcome::Solved => return true,
        Outcome::Contradiction => return false,
        Outcome::Stuck => {}
    }
    let known = p.dims().edges().map(|e| (e, deducer.state(e))).filter(|&(_, s)| s != EdgeState::Unknown);
    solver::count_given(p, 2, budget, known).is_ok_and(|c| c.found == 1)
}

/// Removes the clues of `order` (blank ones are skipped) one at a time while `ok` holds.
/// Clues are tried in small groups first (most early removals succeed, saving checks), then
/// one by one within a group that failed.
fn remove_clues(p: &mut Puzzle, order: &[Cell], ok: impl Fn(&Puzzle) -> bool) {
    for group in order.chunks(4) {
        let kept: Vec<Clue> = group.iter().map(|&c| p.clue(c)).collect();
        if kept.iter().all(|&k| k == Clue::Blank) {
            continue;
        }
        group.iter().for_each(|&c| p.set_clue(c, Clue::Blank));
        if ok(p) {
            continue;
        }
        group.iter().zip(&kept).for_each(|(&c, &k)| p.set_clue(c, k));
        for &cell in group {
            let keep = p.clue(cell);
            if keep == Clue::Blank {
                continue;
            }
            p.set_clue(cell, Clue::Blank);
            if !ok(p) {
                p.set_clue(cell, keep);
            }
        }
    }
}
