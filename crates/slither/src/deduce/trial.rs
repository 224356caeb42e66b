//! Trial: when no rule decides an edge, assume one edge's state, run the deductions, and reach
//! a contradiction; then the edge takes the other state (a proof by contradiction, so every
//! conclusion is sound).
//!
//! Depth measures how much a person has to keep in mind: a trial of depth 1 refutes its
//! assumption with the deductions alone; one of depth d may, once the deductions stall inside
//! its assumption, use trials of depth up to d - 1 there. The closure of the deductions and the
//! trials up to a depth does not depend on the order they are tried in (every rule is
//! monotone), so "the least depth that solves a puzzle" is well defined.
//!
//! The search looks for the cheapest trial: every unknown edge in both states (only the state
//! the solution refutes, when the solution is known: a sound argument never refutes the
//! other). The solver's board propagates each assumption first, in microseconds: a
//! contradiction there is a contradiction for the deductions too (they decide everything the
//! board's propagation does), and the board's count of changes orders the rest, most
//! consequential first. Among assumptions refuted at depth 1 the one with the fewest steps
//! wins, each run cut off at the best count so far; deeper trials take the first found.

use std::time::Instant;

use pencilbox_grid::{Dims, Edge, OutOfTime, past};

use super::contradiction::Contradiction;
use super::rules::Rule;
use super::state::Deducer;
use super::trace::GIVEN;
use super::{Next, Outcome, Places, Step, edge_name, edge_words, in_order};
use crate::board::{Board, EdgeState};
use crate::puzzle::Solution;

/// A link in a chain of reasoning: a deduction step, or a trial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Step(Step),
    Trial(Box<Trial>),
}

impl Move {
    /// The edges this move decides.
    pub fn fixed(&self) -> Vec<(Edge, EdgeState)> {
        match self {
            Move::Step(s) => s.fixed.clone(),
            Move::Trial(t) => vec![t.conclusion()],
        }
    }

    /// The places it looked at.
    pub fn places(&self, d: Dims) -> Places {
        match self {
            Move::Step(s) => s.places.clone(),
            Move::Trial(t) => t.places(d),
        }
    }

    /// The move in words: a step as [`Step::describe`], a trial as [`Trial::describe`] after
    /// `trial (depth d): `.
    pub fn describe(&self, d: Dims) -> String {
        match self {
            Move::Step(s) => s.describe(d),
            Move::Trial(t) => format!("trial (depth {}): {}", t.depth, t.describe(d)),
        }
    }

    /// 0 for a deduction step, else the trial's depth.
    pub fn depth(&self) -> usize {
        match self {
            Move::Step(_) => 0,
            Move::Trial(t) => t.depth,
        }
    }
}

/// An assumption refuted: `edge` cannot be `assumed`, so it takes the other state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trial {
    pub edge: Edge,
    pub assumed: EdgeState,
    /// 1: the deductions alone refute the assumption; d: with trials of depth up to d - 1
    /// inside it.
    pub depth: usize,
    /// What follows from the assumption and the contradiction needs, in order (steps and
    /// nested trials; steps that did not lead to the contradiction are left out).
    pub chain: Vec<Move>,
    pub contradiction: Contradiction,
}

fn other(s: EdgeState) -> EdgeState {
    if s == EdgeState::Line { EdgeState::Cross } else { EdgeState::Line }
}

fn state_words(s: EdgeState) -> &'static str {
    if s == EdgeState::Line { "a line" } else { "crossed" }
}

impl Trial {
    /// The edge and the state it takes.
    pub fn conclusion(&self) -> (Edge, EdgeState) {
        (self.edge, other(self.assumed))
    }

    /// The assumed edge, the places of the contradiction, and those of every step in between.
    pub fn places(&self, d: Dims) -> Places {
        let mut p = Places { edges: vec![self.edge], ..Places::default() };
        for m in &self.chain {
            p.merge(&m.places(d));
        }
        p.merge(&self.contradiction.places(d));
        p
    }

    /// The trial as a person would say it: the assumption, the rules that follow from it (by
    /// name, with the number of steps; nested trials in brackets), the contradiction, and the
    /// conclusion.
    pub fn describe(&self, d: Dims) -> String {
        let edge = edge_words(d, self.edge);
        let mut text =
            format!("suppose {edge} ({}) is {}", edge_name(d, self.edge), state_words(self.assumed));
        let mut items: Vec<String> = Vec::new();
        for m in &self.chain {
            let item = match m {
                Move::Step(s) => format!("“{}”", s.rule),
                Move::Trial(t) => format!("[{}]", t.describe(d)),
            };
            if !items.contains(&item) {
                items.push(item);
            }
        }
        let mut broken = self.contradiction.describe(d);
        if items.is_empty() {
            // At once: the assumed edge itself breaks something.
            if let Some(rest) = broken.strip_prefix(edge.as_str()) {
                broken = format!("it{rest}");
            }
            text.push_str(&format!(": {broken}"));
        } else {
            let steps = self.chain.iter().filter(|m| matches!(m, Move::Step(_))).count();
            let n = if steps == 1 { "1 step".to_string() } else { format!("{steps} steps") };
            text.push_str(&format!("; then by {} ({n}), {broken}", join_and(&items)));
        }
        let so = if self.assumed == EdgeState::Line { "a cross" } else { "a line" };
        let sep = if items.is_empty() { ", " } else { ": " };
        text.push_str(&format!("{sep}so it is {so}"));
        text
    }
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// How far trials may go.
#[derive(Clone, Copy, Debug, Default)]
pub struct TrialLimits<'a> {
    /// The deepest nesting of assumptions: 0 none, 1 one assumption refuted by deductions
    /// alone, 2 one more assumption inside it, …
    pub max_depth: usize,
    /// The puzzle's solution, when known: only the states it refutes are tried (a sound
    /// argument never refutes the others). Changes no result, halves the work.
    pub solution: Option<&'a Solution>,
    /// Give up (with [`OutOfTime`]) after this.
    pub deadline: Option<Instant>,
}

/// How a run with trials ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrialRun {
    pub outcome: Outcome,
    /// The deepest trial used (0: deductions alone).
    pub depth: usize,
    /// The number of trials used.
    pub trials: usize,
    /// The number of deduction steps.
    pub steps: usize,
}

/// An assumption to try, with what the board's propagation says of it.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    edge: Edge,
    assumed: EdgeState,
    /// Edges the board's propagation decides after the assumption.
    growth: usize,
    /// The board's propagation already reaches a contradiction.
    board_refuted: bool,
}

/// An assumption found refuted.
#[derive(Clone, Copy, Debug)]
struct Refutation {
    edge: Edge,
    assumed: EdgeState,
    depth: usize,
    /// The contradiction the quiet run reached.
    contradiction: Contradiction,
}

/// Which refutation to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// The first found (grading: only the depth matters).
    First,
    /// The fewest steps at the least depth (hints and explanations).
    Cheapest,
}

/// The board's propagation refutes most assumptions that a person sees quickly; the few
/// cheapest of those are then compared by their deduction steps.
const BOARD_REFUTED_COMPARED: usize = 8;

/// The rules' steps between two readings of the clock: on a 1024x1024 board a step takes a few
/// microseconds, so the deadline is met within some milliseconds.
const CLOCK_STEPS: usize = 4096;

impl Deducer {
    /// A quiet copy without a trace, to try assumptions on.
    fn scratch(&self) -> Deducer {
        let mut me = self.clone_untraced();
        me.quiet = true;
        me
    }

    /// Every assumption worth trying, with the board's verdict on it.
    fn candidates(&self, limits: &TrialLimits) -> Vec<Candidate> {
        let d = self.d;
        let mut board = Board::new(&self.p);
        // A board refusing the decided edges cannot screen (never met: the deductions decide
        // everything its propagation does, and found no contradiction).
        let screened =
            d.edges().all(|e| self.state(e) == EdgeState::Unknown || board.assign(e, self.state(e)).is_ok());
        let mut out = Vec::new();
        for e in d.edges().filter(|&e| self.state(e) == EdgeState::Unknown) {
            for assumed in [EdgeState::Line, EdgeState::Cross] {
                if limits.solution.is_some_and(|s| s.is_line(e) == (assumed == EdgeState::Line)) {
                    continue;
                }
                let (mut growth, mut board_refuted) = (0, false);
                if screened {
                    let mark = board.mark();
                    board_refuted = board.assign(e, assumed).is_err();
                    growth = board.mark() - mark;
                    board.undo_to(mark);
                }
                out.push(Candidate { edge: e, assumed, growth, board_refuted });
            }
        }
        out
    }

    /// Runs the deductions (quietly) after assuming `c`, with trials up to `depth - 1` when
    /// they stall, for at most `cap` steps: the number of steps to the contradiction, if one is
    /// reached.
    fn refute(
        &self,
        c: &Candidate,
        depth: usize,
        cap: usize,
        rules: &[Rule],
        limits: &TrialLimits,
    ) -> Result<Option<(usize, Contradiction)>, OutOfTime> {
        let mut t = self.clone();
        t.set_edge(c.edge, c.assumed);
        let mut steps = 0;
        loop {
            let (end, n) = t.run_limited(rules, cap.saturating_sub(steps));
            steps += n;
            match end {
                Some(Next::Broken(contradiction)) => return Ok(Some((steps, contradiction))),
                Some(Next::Stuck) if depth > 1 => {
                    let inner = TrialLimits { solution: None, ..*limits };
                    let Some(r) = t.find_refutation(rules, depth - 1, Pick::First, &inner)? else {
                        return Ok(None);
                    };
                    t.set_edge(r.edge, other(r.assumed));
                    steps += 1;
                }
                _ => return Ok(None),
            }
        }
    }

    /// The assumption to refute, with the least depth up to `max_depth`; `None` when there is
    /// none.
    fn find_refutation(
        &self,
        rules: &[Rule],
        max_depth: usize,
        pick: Pick,
        limits: &TrialLimits,
    ) -> Result<Option<Refutation>, OutOfTime> {
        if max_depth == 0 {
            return Ok(None);
        }
        let base = self.scratch();
        let mut cands = base.candidates(limits);
        let refuted = |c: &Candidate, depth, contradiction| Refutation {
            edge: c.edge,
            assumed: c.assumed,
            depth,
            contradiction,
        };
        // Refuted by the board's propagation: depth 1 for certain.
        let mut on_board: Vec<&Candidate> = cands.iter().filter(|c| c.board_refuted).collect();
        on_board.sort_by_key(|c| c.growth);
        let mut best: Option<(usize, Refutation)> = None;
        for c in on_board.iter().take(if pick == Pick::First { 1 } else { BOARD_REFUTED_COMPARED }) {
            if past(limits.deadline) {
                return Err(OutOfTime);
            }
            let cap = best.map_or(usize::MAX, |(n, _)| n);
            if let Some((n, why)) = base.refute(c, 1, cap, rules, limits)? {
                best = Some((n, refuted(c, 1, why)));
            }
        }
        if let Some((_, r)) = best {
            return Ok(Some(r));
        }
        // The rest, most consequential first.
        cands.sort_by_key(|c| std::cmp::Reverse(c.growth));
        for depth in 1..=max_depth {
            for c in &cands {
                if past(limits.deadline) {
                    return Err(OutOfTime);
                }
                let cap = best.map_or(usize::MAX, |(n, _)| n);
                if let Some((n, why)) = base.refute(c, depth, cap, rules, limits)? {
                    best = Some((n, refuted(c, depth, why)));
                    if pick == Pick::First || depth > 1 {
                        break;
                    }
                }
            }
            if let Some((_, r)) = best {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    /// Re-runs a refutation with a trace (this deducer has one), to tell it: the trial, and the
    /// moves logged before it that it needs.
    fn explain_refutation(
        mut self,
        r: Refutation,
        rules: &[Rule],
        limits: &TrialLimits,
    ) -> Result<(Trial, Vec<u32>), OutOfTime> {
        self.quiet = false;
        let order = in_order(rules);
        let from = {
            let t = self.trace.as_deref_mut().expect("explaining needs a trace");
            t.current = GIVEN;
            t.log.len() as u32
        };
        self.set_edge(r.edge, r.assumed);
        let mut depth = 1;
        let unexplained = |r: &Refutation| {
            // The traced run should meet the quiet run's contradiction; if it does not, the
            // conclusion still stands (the quiet run proved it), told without its chain.
            debug_assert!(false, "a refutation the traced run does not reproduce");
            let trial = Trial {
                edge: r.edge,
                assumed: r.assumed,
                depth: r.depth,
                chain: Vec::new(),
                contradiction: r.contradiction,
            };
            Ok((trial, Vec::new()))
        };
        loop {
            match self.next(&order) {
                Next::Step(_) => {}
                Next::Broken(contradiction) => {
                    let t = self.trace.as_deref().expect("traced");
                    let (inner, outer) = t.needed(&t.contradiction, from);
                    let chain = inner.iter().map(|&i| t.log[i as usize].0.clone()).collect();
                    return Ok((
                        Trial { edge: r.edge, assumed: r.assumed, depth, chain, contradiction },
                        outer,
                    ));
                }
                Next::Solved => return unexplained(&r),
                Next::Stuck => {
                    let found = if r.depth > 1 {
                        let inner = TrialLimits { solution: None, ..*limits };
                        self.find_refutation(rules, r.depth - 1, Pick::Cheapest, &inner)?
                    } else {
                        None
                    };
                    let Some(nested) = found else { return unexplained(&r) };
                    let (trial, needs) = self.clone().explain_refutation(nested, rules, limits)?;
                    depth = depth.max(trial.depth + 1);
                    let (e, s) = trial.conclusion();
                    if let Some(t) = self.trace.as_deref_mut() {
                        t.push(Move::Trial(Box::new(trial)), needs);
                    }
                    self.set_edge(e, s);
                }
            }
        }
    }

    /// The cheapest trial from this (stuck) state, told step by step; `None` when no
    /// assumption up to `limits.max_depth` is refuted. Also the moves of this deducer's
    /// trace that it needs (none without a trace).
    pub(super) fn best_trial(
        &self,
        rules: &[Rule],
        limits: &TrialLimits,
    ) -> Result<Option<(Trial, Vec<u32>)>, OutOfTime> {
        let Some(r) = self.find_refutation(rules, limits.max_depth, Pick::Cheapest, limits)? else {
            return Ok(None);
        };
        let mut me = self.clone();
        if me.trace.is_none() {
            me.start_trace();
        }
        me.explain_refutation(r, rules, limits).map(Some)
    }

    /// Like [`Deducer::run`], and when the rules are stuck, the cheapest trial up to
    /// `limits.max_depth` (its conclusion applied like a step's), until solved, stuck or
    /// contradictory. Calls `on_move` for every step and every trial.
    pub fn explain(
        &mut self,
        rules: &[Rule],
        limits: &TrialLimits,
        mut on_move: impl FnMut(&Move),
    ) -> Result<TrialRun, OutOfTime> {
        let order = in_order(rules);
        let mut run = TrialRun { outcome: Outcome::Stuck, depth: 0, trials: 0, steps: 0 };
        self.quiet = false;
        loop {
            match self.next(&order) {
                Next::Step(step) => {
                    run.steps += 1;
                    on_move(&Move::Step(step));
                    if run.steps.is_multiple_of(CLOCK_STEPS) && past(limits.deadline) {
                        return Err(OutOfTime);
                    }
                }
                Next::Stuck => {
                    let Some((trial, _)) = self.best_trial(rules, limits)? else { return Ok(run) };
                    run.trials += 1;
                    run.depth = run.depth.max(trial.depth);
                    let (e, s) = trial.conclusion();
                    on_move(&Move::Trial(Box::new(trial)));
                    self.set_edge(e, s);
                }
                Next::Solved => return Ok(TrialRun { outcome: Outcome::Solved, ..run }),
                Next::Broken(_) => return Ok(TrialRun { outcome: Outcome::Contradiction, ..run }),
            }
        }
    }

    /// Like [`Deducer::run_quietly`], and when the rules are stuck, any trial of the least
    /// depth up to `limits.max_depth` (its conclusion applied), until solved, stuck or
    /// contradictory. The run's `depth` is the deepest trial used: the least depth of trial
    /// that, with `rules`, solves the puzzle (for grading).
    pub fn run_with_trials(&mut self, rules: &[Rule], limits: &TrialLimits) -> Result<TrialRun, OutOfTime> {
        let mut run = TrialRun { outcome: Outcome::Stuck, depth: 0, trials: 0, steps: 0 };
        loop {
            let (end, n) = self.run_limited(rules, CLOCK_STEPS);
            run.steps += n;
            match end {
                None if past(limits.deadline) => return Err(OutOfTime),
                None => continue,
                Some(Next::Stuck) => {}
                Some(Next::Solved) => return Ok(TrialRun { outcome: Outcome::Solved, ..run }),
                _ => return Ok(TrialRun { outcome: Outcome::Contradiction, ..run }),
            }
            let Some(r) = self.find_refutation(rules, limits.max_depth, Pick::First, limits)? else {
                return Ok(run);
            };
            run.trials += 1;
            run.depth = run.depth.max(r.depth);
            self.set_edge(r.edge, other(r.assumed));
        }
    }
}
