//! The levels beyond Loopy's: the expert deductions, then trials.
//!
//! *Expert* deductions: the deduce engine with every rule ([`Rule::ALL`]), alternated with
//! Loopy's Hard solver (each starting from the edges the other decided) until neither decides
//! anything more, so that expert solves everything Hard solves.
//!
//! *Trial-k*: from there, the deduce engine's trials ([`Deducer::run_with_trials`]): when the
//! rules are stuck, one undecided edge is assumed a line (or a cross) and refuted by reaching a
//! contradiction, with the rules alone at depth 1 and with trials of depth up to k - 1 inside
//! the assumption at depth k; the edge takes the other state, and the rules go on. Trials of
//! the least depth are always taken first, so the deepest one used is the least depth that
//! solves the puzzle. Every step is sound and monotone, so the result does not depend on the
//! order trials are tried in.

use std::time::Instant;

use pencilbox_grid::{Edge, OutOfTime};

use crate::board::EdgeState;
use crate::deduce::{Deducer, Outcome, Rule, TrialLimits, TrialRun};
use crate::loopy::{self, LoopyLevel, LoopyOutcome, LoopySolve};
use crate::puzzle::Puzzle;

/// A solve beyond Loopy's levels, started from the edges Loopy's Hard solver decided.
pub(super) struct Beyond<'p> {
    p: &'p Puzzle,
    deadline: Option<Instant>,
    pub ded: Deducer,
    /// Loopy's rounds and the deduce engine's steps so far.
    pub steps: u32,
}

impl<'p> Beyond<'p> {
    pub fn new(p: &'p Puzzle, hard: &LoopySolve, deadline: Option<Instant>) -> Self {
        let mut ded = Deducer::new(p);
        for (e, &s) in p.dims().edges().zip(&hard.states) {
            ded.assume(e, s);
        }
        Beyond { p, deadline, ded, steps: hard.rounds }
    }

    /// Runs the deduce engine's rules with trials up to `depth` (0: none).
    fn run(&mut self, depth: usize) -> Result<TrialRun, OutOfTime> {
        let limits = TrialLimits { max_depth: depth, solution: None, deadline: self.deadline };
        let run = self.ded.run_with_trials(Rule::ALL, &limits)?;
        self.steps += (run.steps + run.trials) as u32;
        Ok(run)
    }

    /// The expert deductions: the deduce engine's rules and Loopy's Hard solver in turn.
    pub fn expert(&mut self) -> Result<Outcome, OutOfTime> {
        loop {
            let outcome = self.run(0)?.outcome;
            if outcome != Outcome::Stuck {
                return Ok(outcome);
            }
            let d = self.p.dims();
            let states: Vec<EdgeState> = d.edges().map(|e| self.ded.state(e)).collect();
            let l = loopy::solve_from(self.p, LoopyLevel::Hard, &states, self.deadline)?;
            if l.outcome == LoopyOutcome::Contradiction {
                return Ok(Outcome::Contradiction);
            }
            let new: Vec<(Edge, EdgeState)> = d
                .edges()
                .zip(l.states)
                .filter(|&(e, s)| s != EdgeState::Unknown && self.ded.state(e) == EdgeState::Unknown)
                .collect();
            if new.is_empty() {
                return Ok(Outcome::Stuck);
            }
            self.steps += l.rounds;
            for (e, s) in new {
                self.ded.assume(e, s);
            }
        }
    }

    /// Trials up to `depth` from the expert closure: how the run ended, the deepest trial used
    /// and how many.
    pub fn trials(&mut self, depth: usize) -> Result<TrialRun, OutOfTime> {
        self.run(depth)
    }
}
