//! The levels beyond Loopy's: the expert deductions, and trials nested to a depth.
//!
//! *Expert* deductions: the deduce engine with every rule ([`Rule::ALL`]), alternated with
//! Loopy's Hard solver (each starting from the edges the other decided) until neither decides
//! anything more, so that expert solves everything Hard solves.
//!
//! *Trial-k* closure: the expert deductions, and every value refuted by a trial of depth at
//! most k, until solved or stuck. A trial of depth k assumes one undecided edge is a line (or a
//! cross) and computes the trial-(k-1) closure of that state; a contradiction refutes the value,
//! so the edge takes the other one. Inside a trial the deductions are the deduce engine's alone
//! (Loopy's solver adds nothing there that matters and costs a sweep of the board per call).
//! Every step is sound, and closures are monotone (more knowledge never blocks a deduction), so
//! the closure does not depend on the order the trials are tried in: the order below only finds
//! refutations sooner.

use std::time::Instant;

use pencilbox_grid::{Edge, OutOfTime, past};

use crate::board::EdgeState;
use crate::deduce::{Deducer, Outcome, Rule};
use crate::loopy::{self, LoopyLevel, LoopyOutcome};
use crate::puzzle::Puzzle;

/// The other value of a decided edge.
fn other(s: EdgeState) -> EdgeState {
    match s {
        EdgeState::Line => EdgeState::Cross,
        _ => EdgeState::Line,
    }
}

/// What a top-level solve beyond Loopy's levels did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Work {
    /// Deduce-engine steps and Loopy rounds that made progress, at the top level.
    pub steps: u32,
    /// Refutations at the top level, per trial depth (index 0 for depth 1).
    pub refutations: Vec<u32>,
}

/// The state of one top-level solve.
pub(super) struct Search<'p> {
    p: &'p Puzzle,
    deadline: Option<Instant>,
    pub work: Work,
}

impl<'p> Search<'p> {
    pub fn new(p: &'p Puzzle, deadline: Option<Instant>) -> Self {
        Search { p, deadline, work: Work::default() }
    }

    fn check_time(&self) -> Result<(), OutOfTime> {
        if past(self.deadline) { Err(OutOfTime) } else { Ok(()) }
    }

    /// The expert deductions from `ded`'s state. At the top level they alternate with Loopy's
    /// Hard solver; inside trials they are the deduce engine's alone.
    pub fn expert(&mut self, ded: &mut Deducer, top: bool) -> Outcome {
        loop {
            let (outcome, steps) = ded.run_counted(Rule::ALL);
            if !top || outcome != Outcome::Stuck {
                if top {
                    self.work.steps += steps;
                }
                return outcome;
            }
            self.work.steps += steps;
            let d = self.p.dims();
            let states: Vec<EdgeState> = d.edges().map(|e| ded.state(e)).collect();
            let l = loopy::solve_from(self.p, LoopyLevel::Hard, &states).expect("one state per edge");
            if l.outcome == LoopyOutcome::Contradiction {
                return Outcome::Contradiction;
            }
            let new: Vec<(Edge, EdgeState)> = d
                .edges()
                .zip(&l.states)
                .filter(|&(e, &s)| s != EdgeState::Unknown && ded.state(e) == EdgeState::Unknown)
                .map(|(e, &s)| (e, s))
                .collect();
            if new.is_empty() {
                return Outcome::Stuck;
            }
            self.work.steps += l.rounds;
            for (e, s) in new {
                ded.assume(e, s);
            }
        }
    }

    /// The trial-`depth` closure of `ded`, which must already be closed at `depth - 1` (at
    /// depth 0: the expert deductions). Stops early at a contradiction.
    pub fn close(&mut self, ded: &mut Deducer, depth: u8, top: bool) -> Result<Outcome, OutOfTime> {
        if depth == 0 {
            return Ok(self.expert(ded, top));
        }
        let edges: Vec<Edge> = self.p.dims().edges().collect();
        loop {
            let mut refuted_any = false;
            for &e in &edges {
                if ded.state(e) != EdgeState::Unknown {
                    continue;
                }
                for v in [EdgeState::Line, EdgeState::Cross] {
                    self.check_time()?;
                    if self.refutes(ded, e, v, depth)? {
                        ded.assume(e, other(v));
                        if top {
                            let w = &mut self.work.refutations;
                            w.resize(w.len().max(usize::from(depth)), 0);
                            w[usize::from(depth) - 1] += 1;
                        }
                        refuted_any = true;
                        let outcome = self.close_below(ded, depth, top)?;
                        if outcome != Outcome::Stuck {
                            return Ok(outcome);
                        }
                        break;
                    }
                }
            }
            if !refuted_any {
                return Ok(Outcome::Stuck);
            }
        }
    }

    /// Closes `ded` at every depth below `depth` after a change, from depth 0 up.
    fn close_below(&mut self, ded: &mut Deducer, depth: u8, top: bool) -> Result<Outcome, OutOfTime> {
        for k in 0..depth {
            let outcome = self.close(ded, k, top)?;
            if outcome != Outcome::Stuck {
                return Ok(outcome);
            }
        }
        Ok(Outcome::Stuck)
    }

    /// Whether assuming `e = v` leads to a contradiction within the trial-`depth - 1` closure.
    fn refutes(&mut self, ded: &Deducer, e: Edge, v: EdgeState, depth: u8) -> Result<bool, OutOfTime> {
        let mut t = ded.clone();
        t.assume(e, v);
        Ok(self.close_below(&mut t, depth, false)? == Outcome::Contradiction)
    }
}
