//! Hints that always move the player forward: every hint decides at least one edge (or says
//! why it cannot). Steps that only learn facts (pair states, colour relations) are applied
//! behind the scenes until a step decides an edge; when no rule does, a trial does. The hint
//! then shows the whole reasoning the decision needs, and nothing else: the fact-learning
//! steps it builds on (found by the trace), then the deciding step or trial.

use std::time::Instant;

use pencilbox_grid::{Dims, Edge, OutOfTime};

use super::contradiction::Contradiction;
use super::rules::Rule;
use super::state::Deducer;
use super::trial::{Move, TrialLimits};
use super::{Next, Places, in_order};
use crate::board::EdgeState;
use crate::check::MarksError;
use crate::puzzle::Puzzle;
use crate::solver;

/// The deepest trial a hint may use on a puzzle with one solution: every unique corpus puzzle
/// needs depth 1 at most (the `trials` example), so 4 leaves room for harder ones while the
/// deadline bounds the search.
pub const HINT_DEPTH: usize = 4;

/// A hint: the reasoning, in order, that ends with at least one edge decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The steps that learned facts the last move needs, then the last move: a step that
    /// decides edges, or a trial.
    pub chain: Vec<Move>,
}

impl Hint {
    /// The move that decides the edges.
    pub fn last(&self) -> &Move {
        self.chain.last().expect("a hint ends with a move")
    }

    /// The edges decided.
    pub fn fixed(&self) -> Vec<(Edge, EdgeState)> {
        self.last().fixed()
    }

    /// 0 for a deduction, else the trial's depth.
    pub fn depth(&self) -> usize {
        self.last().depth()
    }

    /// The reasoning in words: each move as [`Move::describe`], joined by `; then `.
    pub fn describe(&self, d: Dims) -> String {
        self.chain.iter().map(|m| m.describe(d)).collect::<Vec<_>>().join("; then ")
    }

    /// Every place the reasoning looked at.
    pub fn places(&self, d: Dims) -> Places {
        let mut p = Places::default();
        for m in &self.chain {
            p.merge(&m.places(d));
        }
        p
    }
}

/// What to tell a player about their marks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Advice {
    /// The next thing to do.
    Hint(Hint),
    /// Every edge is decided, and the lines are a solution.
    Solved,
    /// The puzzle has one solution and these marks disagree with it (a line off the loop or a
    /// cross on it), in edge order.
    Mistake { wrong: Vec<Edge> },
    /// The marks are part of no solution.
    Contradiction(Contradiction),
    /// The puzzle itself has no solution (whatever the marks): no hint can lead anywhere.
    NoSolution,
    /// Neither the rules nor a trial up to the depth allowed decide an edge (a puzzle with
    /// several solutions ends here).
    Stuck,
}

/// Why no advice could be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HintError {
    #[error(transparent)]
    Marks(#[from] MarksError),
    #[error("no hint found in the time allowed")]
    OutOfTime(#[from] OutOfTime),
}

impl Deducer {
    /// The next hint from this state, with `rules` and trials up to `limits`: every step that
    /// only learns facts is applied until one decides an edge; when none does, the cheapest
    /// trial. Never [`Advice::Mistake`] (that needs the solution: see [`advise`]).
    pub fn hint(&self, rules: &[Rule], limits: &TrialLimits) -> Result<Advice, OutOfTime> {
        let mut me = self.clone_untraced();
        me.quiet = false;
        me.start_trace();
        let order = in_order(rules);
        loop {
            match me.next(&order) {
                Next::Step(step) if !step.fixed.is_empty() => {
                    let t = me.trace.as_deref().expect("traced");
                    let (needed, _) = t.needed(&[t.log.len() as u32 - 1], 0);
                    let chain = needed.iter().map(|&i| t.log[i as usize].0.clone()).collect();
                    return Ok(Advice::Hint(Hint { chain }));
                }
                Next::Step(_) => {}
                Next::Stuck => {
                    let Some((trial, needs)) = me.best_trial(rules, limits)? else {
                        return Ok(Advice::Stuck);
                    };
                    let t = me.trace.as_deref().expect("traced");
                    let (needed, _) = t.needed(&needs, 0);
                    let mut chain: Vec<Move> = needed.iter().map(|&i| t.log[i as usize].0.clone()).collect();
                    chain.push(Move::Trial(Box::new(trial)));
                    return Ok(Advice::Hint(Hint { chain }));
                }
                Next::Solved => return Ok(Advice::Solved),
                Next::Broken(c) => return Ok(Advice::Contradiction(c)),
            }
        }
    }
}

/// Advice on a player's marks (one per edge in the shared numbering): [`Advice::NoSolution`]
/// when the solver proves the puzzle has none (before `deadline`); a mistake when the
/// puzzle has one solution (the solver finds it before `deadline`) and a mark disagrees with
/// it; else the next hint with every rule and trials up to `max_depth` (up to depth 1 when the
/// puzzle is not known to have one solution: deeper searches that find nothing are slow).
pub fn advise(
    p: &Puzzle,
    marks: &[EdgeState],
    max_depth: usize,
    deadline: Option<Instant>,
) -> Result<Advice, HintError> {
    let d = p.dims();
    if marks.len() != d.num_edges() {
        return Err(MarksError { dims: d, expected: d.num_edges(), found: marks.len() }.into());
    }
    let budget = solver::Budget { max_nodes: None, deadline };
    let solution = match solver::solve_within(p, budget) {
        Ok(solver::Verdict::Unique(s)) => Some(s),
        Ok(solver::Verdict::NoSolution) => return Ok(Advice::NoSolution),
        _ => None,
    };
    if let Some(s) = &solution {
        let wrong: Vec<Edge> = d
            .edges()
            .filter(|&e| match marks[e.index()] {
                EdgeState::Line => !s.is_line(e),
                EdgeState::Cross => s.is_line(e),
                EdgeState::Unknown => false,
            })
            .collect();
        if !wrong.is_empty() {
            return Ok(Advice::Mistake { wrong });
        }
    }
    // Every edge marked and none wrong: the solution. Without a known solution the deducer
    // below checks the marks (solved, or the contradiction they make).
    if solution.is_some() && marks.iter().all(|&m| m != EdgeState::Unknown) {
        return Ok(Advice::Solved);
    }
    let deducer = Deducer::with_states(p, marks).expect("the length was checked");
    let max_depth = if solution.is_some() { max_depth } else { max_depth.min(1) };
    let limits = TrialLimits { max_depth, solution: solution.as_ref(), deadline };
    Ok(deducer.hint(Rule::ALL, &limits)?)
}
