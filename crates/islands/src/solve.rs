//! The exact solver.
//!
//! Once some number is dead a draw is impossible and the rest is normal play: the position is
//! the sum of its parts (groups of free cells, see [`Field::parts`]) and by the Sprague–Grundy
//! theorem its value is the XOR of the parts' Grundy values, memoised per canonical part. While
//! every remaining number is still alive a draw is possible and the whole position is searched
//! as Win / Draw / Loss (memoised on the sorted list of canonical parts); a move that kills a
//! number switches to the Grundy computation.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use pencilbox_cgt::{MexSet, Nimber, Outcome};
use pencilbox_grid::{OutOfTime, Player, past};

use crate::board::Board;
use crate::field::Field;
use crate::moves::Move;

/// Where a game stands before the next move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every numbered cell is painted: the game is a draw.
    Draw,
    /// Numbers remain but none can be painted: the player to move has lost.
    NoMove,
    /// The player to move has a legal move.
    Ongoing,
}

pencilbox_grid::named!(Status, "status", { Draw => "draw", NoMove => "no_move", Ongoing => "ongoing" });

impl Status {
    /// The winner when `to_move` is to move on a board of this status: the other player when
    /// `to_move` cannot move; `None` in a draw or while the game goes on.
    pub fn winner(self, to_move: Player) -> Option<Player> {
        (self == Status::NoMove).then(|| to_move.opponent())
    }
}

/// The status of `board` for the player to move.
pub fn status(board: &Board) -> Status {
    if board.numbers().next().is_none() {
        return Status::Draw;
    }
    if Field::from_board(board).0.has_numbers() { Status::Ongoing } else { Status::NoMove }
}

/// An exact result: the outcome for the player to move and a move that achieves it (`None`
/// when the game is over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub outcome: Outcome,
    pub best: Option<Move>,
}

/// Which regions a [`Solver`] tries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Moves {
    /// Every region: exact values.
    #[default]
    All,
    /// Only [`Field::representative_regions`]: one region per set of numbers it kills. The
    /// values are those of a smaller game, a fast estimate for positions too big to solve.
    Representative,
}

/// Memo tables and the deadline of one search.
#[derive(Debug, Default)]
pub struct Solver {
    moves: Moves,
    grundy: HashMap<Field, Nimber>,
    wdl: HashMap<Vec<Field>, Outcome>,
    nodes: u64,
    deadline: Option<Instant>,
    /// Give up once `nodes` reaches this (a per-query budget, see [`Solver::outcome_after`]).
    node_limit: Option<u64>,
    /// Set by the caller to stop before the deadline ([`Solver::set_cancel`]).
    cancel: Option<Arc<AtomicBool>>,
}

/// How long an exact solve may run unless the caller says otherwise (`islands solve`, the
/// Python package's `solve`): the small boards it is meant for are decided well within it, and
/// a larger one gives up with an answer rather than running on unseen.
pub const SOLVE_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Solves `board` exactly, giving up at `deadline`.
pub fn solve(board: &Board, deadline: Option<Instant>) -> Result<Solution, OutOfTime> {
    Solver::new(deadline).solve(board)
}

impl Solver {
    pub fn new(deadline: Option<Instant>) -> Solver {
        Solver { deadline, ..Solver::default() }
    }

    /// A solver that tries only some regions per number (see [`Moves`]).
    pub fn with_moves(moves: Moves, deadline: Option<Instant>) -> Solver {
        Solver { moves, deadline, ..Solver::default() }
    }

    fn tick(&mut self) -> Result<(), OutOfTime> {
        self.nodes += 1;
        if self.node_limit.is_some_and(|l| self.nodes >= l) {
            return Err(OutOfTime);
        }
        if self.nodes.is_multiple_of(256)
            && (past(self.deadline) || self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)))
        {
            return Err(OutOfTime);
        }
        Ok(())
    }

    /// Changes the deadline (the memo tables stay).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Stop searching (with [`OutOfTime`], as at the deadline) soon after `cancel` is set: a
    /// caller's way to stop a search without a deadline (Ctrl-C in Python).
    pub fn set_cancel(&mut self, cancel: Option<Arc<AtomicBool>>) {
        self.cancel = cancel;
    }

    /// Nodes visited so far (regions tried).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn solve(&mut self, board: &Board) -> Result<Solution, OutOfTime> {
        match status(board) {
            Status::Draw => return Ok(Solution { outcome: Outcome::Draw, best: None }),
            Status::NoMove => return Ok(Solution { outcome: Outcome::Loss, best: None }),
            Status::Ongoing => {}
        }
        let (field, dead) = Field::from_board(board);
        let mut best: Option<(Outcome, Vec<usize>)> = None;
        let numbers: Vec<(usize, usize)> = field.numbers().collect();
        for (root, k) in numbers {
            let flow = field.for_each_region(root, k, &mut |region| {
                if let Err(e) = self.tick() {
                    return ControlFlow::Break(Err(e));
                }
                let mut child = field.clone();
                let died = child.play(region) | dead;
                match self.value_after(&child, died) {
                    Err(e) => ControlFlow::Break(Err(e)),
                    Ok(v) => {
                        if best.as_ref().is_none_or(|(b, _)| v > *b) {
                            best = Some((v, region.to_vec()));
                        }
                        if v == Outcome::Win { ControlFlow::Break(Ok(())) } else { ControlFlow::Continue(()) }
                    }
                }
            });
            match flow {
                ControlFlow::Break(Err(e)) => return Err(e),
                ControlFlow::Break(Ok(())) => break,
                ControlFlow::Continue(()) => {}
            }
        }
        let (outcome, region) = best.expect("an ongoing game has a legal move");
        Ok(Solution { outcome, best: Some(field.to_move(&region)) })
    }

    /// [`Solver::value_after`] within `budget` more nodes; the memo tables are kept between
    /// queries, so a search that asks about many related positions gets faster.
    pub fn outcome_after(&mut self, field: &Field, died: bool, budget: u64) -> Result<Outcome, OutOfTime> {
        self.node_limit = Some(self.nodes + budget);
        let result = self.value_after(field, died);
        self.node_limit = None;
        result
    }

    /// The outcome for the player who just moved, given the field after the move and whether
    /// any number has died so far.
    fn value_after(&mut self, child: &Field, died: bool) -> Result<Outcome, OutOfTime> {
        let parts = canonical_parts(child);
        if died {
            let g = self.grundy_of_sum(&parts)?;
            return Ok(Outcome::from_grundy(g).flip());
        }
        if parts.is_empty() {
            // Nothing died and nothing is left alive: every number is painted.
            return Ok(Outcome::Draw);
        }
        Ok(self.wdl(parts)?.flip())
    }

    /// The Grundy value of a sum of parts (normal play).
    pub fn grundy_of_sum(&mut self, parts: &[Field]) -> Result<Nimber, OutOfTime> {
        let mut g = 0;
        for p in parts {
            g ^= self.grundy(p)?;
        }
        Ok(g)
    }

    /// The Grundy value of one canonical part: the mex over its moves of the XOR of what the
    /// move leaves.
    fn grundy(&mut self, part: &Field) -> Result<Nimber, OutOfTime> {
        if let Some(&g) = self.grundy.get(part) {
            return Ok(g);
        }
        let mut seen = MexSet::default();
        let numbers: Vec<(usize, usize)> = part.numbers().collect();
        if numbers.len() == 1 {
            // A part is kept only while its number is live, and painting it empties the part:
            // the only option is 0.
            return Ok(1);
        }
        // Every move paints one number, so no game on this part lasts more than m moves and its
        // Grundy value is at most m: once 0..m-1 are all options, the value is m.
        let m = numbers.len() as Nimber;
        // Likely option values first (see `Field::seed_regions`); the full enumeration follows.
        let exact = self.moves == Moves::All;
        for &(root, k) in numbers.iter().filter(|_| exact) {
            for region in part.seed_regions(root, k) {
                self.tick()?;
                let mut child = part.clone();
                child.play(&region);
                seen.insert(self.grundy_of_sum(&canonical_parts(&child))?);
            }
        }
        if seen.mex() >= m {
            let g = seen.mex();
            self.grundy.insert(part.clone(), g);
            return Ok(g);
        }
        let moves = self.moves;
        for (root, k) in numbers {
            let flow = each_region(part, moves, root, k, &mut |region| {
                if let Err(e) = self.tick() {
                    return ControlFlow::Break(Some(e));
                }
                let mut child = part.clone();
                child.play(region);
                match self.grundy_of_sum(&canonical_parts(&child)) {
                    Ok(g) => {
                        seen.insert(g);
                        if seen.mex() >= m { ControlFlow::Break(None) } else { ControlFlow::Continue(()) }
                    }
                    Err(e) => ControlFlow::Break(Some(e)),
                }
            });
            match flow {
                ControlFlow::Break(Some(e)) => return Err(e),
                ControlFlow::Break(None) => break,
                ControlFlow::Continue(()) => {}
            }
        }
        let g = seen.mex();
        self.grundy.insert(part.clone(), g);
        Ok(g)
    }

    /// Win / Draw / Loss for the player to move in a sum of parts where no number has died.
    fn wdl(&mut self, parts: Vec<Field>) -> Result<Outcome, OutOfTime> {
        if let Some(&o) = self.wdl.get(&parts) {
            return Ok(o);
        }
        let mut best = Outcome::Loss;
        'parts: for i in 0..parts.len() {
            if i > 0 && parts[i] == parts[i - 1] {
                continue; // same options as the previous, equal part
            }
            let numbers: Vec<(usize, usize)> = parts[i].numbers().collect();
            let moves = self.moves;
            for (root, k) in numbers {
                let flow = each_region(&parts[i], moves, root, k, &mut |region| {
                    if let Err(e) = self.tick() {
                        return ControlFlow::Break(Err(e));
                    }
                    let mut child = parts[i].clone();
                    let died = child.play(region);
                    let mut next: Vec<Field> =
                        parts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, p)| p.clone()).collect();
                    next.extend(canonical_parts(&child));
                    next.sort();
                    let v = if died {
                        self.grundy_of_sum(&next).map(|g| Outcome::from_grundy(g).flip())
                    } else if next.is_empty() {
                        Ok(Outcome::Draw)
                    } else {
                        self.wdl(next).map(Outcome::flip)
                    };
                    match v {
                        Err(e) => ControlFlow::Break(Err(e)),
                        Ok(v) => {
                            best = best.max(v);
                            if v == Outcome::Win {
                                ControlFlow::Break(Ok(()))
                            } else {
                                ControlFlow::Continue(())
                            }
                        }
                    }
                });
                match flow {
                    ControlFlow::Break(Err(e)) => return Err(e),
                    ControlFlow::Break(Ok(())) => break 'parts,
                    ControlFlow::Continue(()) => {}
                }
            }
        }
        self.wdl.insert(parts, best);
        Ok(best)
    }
}

/// Calls `f` with the regions of the number at `root` that `moves` allows.
fn each_region<B>(
    field: &Field,
    moves: Moves,
    root: usize,
    k: usize,
    f: &mut impl FnMut(&[usize]) -> ControlFlow<B>,
) -> ControlFlow<B> {
    match moves {
        Moves::All => field.for_each_region(root, k, f),
        Moves::Representative => {
            for region in field.representative_regions(root, k) {
                f(&region)?;
            }
            ControlFlow::Continue(())
        }
    }
}

/// The parts of a field, canonical and sorted (the memo key of a sum).
pub fn canonical_parts(field: &Field) -> Vec<Field> {
    let mut parts: Vec<Field> = field.parts().iter().map(Field::canonical).collect();
    parts.sort();
    parts
}
