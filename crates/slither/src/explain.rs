//! A whole puzzle explained as a person would solve it, step by step: what `pencilbox slither
//! explain` prints and the Python package's `explain` returns, assembled here once for both.
//!
//! The complete solver runs first, and its verdict sets how far trials may go. With the one
//! solution known, a trial only tries the state the solution refutes (a sound argument never
//! refutes the other: [`TrialLimits::solution`]). Without exactly one solution, trials stop at
//! depth 1: an edge that differs between two solutions is never refuted, so deeper trials would
//! only search in vain, and a cheap depth-1 trial may still show a contradiction.

use std::fmt;
use std::time::Instant;

use pencilbox_grid::{OutOfTime, past};

use crate::board::EdgeState;
use crate::deduce::{Deducer, Move, Outcome, Rule, TrialLimits, TrialRun};
use crate::puzzle::{Puzzle, Solution};
use crate::solver::{self, Budget, Verdict};

/// The deepest nesting of trials an explanation allows unless told otherwise (the CLI's
/// `--trial-depth`, the Python package's `trial_depth`): above the depth of every level the
/// generator makes, so a generated puzzle is always explained to the end.
pub const TRIAL_DEPTH: usize = 4;

/// How an explanation ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The solver's verdict on the puzzle.
    pub verdict: Verdict,
    /// The deepest trial allowed: the depth asked for, at most 1 without exactly one solution.
    pub max_depth: usize,
    /// How the deductions and trials ended, and how many of each were told.
    pub run: TrialRun,
    /// The lines decided when the run ended: the loop when it is solved.
    pub lines: Solution,
    /// The edges decided (lines and crosses) when the run ended.
    pub decided: usize,
}

impl Explanation {
    /// The moves told: deduction steps and trials.
    pub fn moves(&self) -> usize {
        self.run.steps + self.run.trials
    }
}

impl fmt::Display for Explanation {
    /// The closing line: `solved in 56 steps (1 trial, depth 1)`, `stuck after 38 steps: no
    /// rule applies (41 of 60 edges decided)`, `contradiction after 3 steps: the puzzle has no
    /// solution`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (steps, run) = (self.moves(), &self.run);
        match run.outcome {
            Outcome::Solved => {
                write!(f, "solved in {steps} steps")?;
                match run.trials {
                    0 => Ok(()),
                    1 => write!(f, " (1 trial, depth {})", run.depth),
                    n => write!(f, " ({n} trials, deepest {})", run.depth),
                }
            }
            Outcome::Stuck => {
                let why = match self.verdict {
                    Verdict::Multiple(_) => "; the puzzle has more than one solution",
                    _ => "",
                };
                let what = match self.max_depth {
                    0 => "no rule applies".to_string(),
                    depth => format!("no rule and no trial up to depth {depth} decides an edge"),
                };
                let edges = self.lines.dims().num_edges();
                write!(
                    f,
                    "stuck after {steps} steps: {what} ({} of {edges} edges decided{why})",
                    self.decided
                )
            }
            Outcome::Contradiction => {
                write!(f, "contradiction after {steps} steps: the puzzle has no solution")
            }
        }
    }
}

/// Explains `p`: the solver's verdict first (see the module docs), then every rule and, when
/// they are stuck, the cheapest trial up to `trial_depth`, until solved, stuck or
/// contradictory ([`Deducer::explain`]). `on_move` is told every step and trial, in order.
/// The solve and the deductions share `deadline`; `Err(OutOfTime)` when it passes first.
pub fn explain(
    p: &Puzzle,
    trial_depth: usize,
    deadline: Option<Instant>,
    on_move: impl FnMut(&Move),
) -> Result<Explanation, OutOfTime> {
    let verdict = solver::solve_within(p, Budget { max_nodes: None, deadline })?;
    // The solve may have used the whole budget: then the deductions are not started (on a huge
    // board setting them up alone takes a second).
    if past(deadline) {
        return Err(OutOfTime);
    }
    let solution = match &verdict {
        Verdict::Unique(s) => Some(s),
        _ => None,
    };
    let max_depth = if solution.is_some() { trial_depth } else { trial_depth.min(1) };
    let mut deducer = Deducer::new(p);
    let run = deducer.explain(Rule::ALL, &TrialLimits { max_depth, solution, deadline }, on_move)?;
    let decided = p.dims().edges().filter(|&e| deducer.state(e) != EdgeState::Unknown).count();
    Ok(Explanation { lines: deducer.lines(), verdict, max_depth, run, decided })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    fn puzzle(text: &str) -> Puzzle {
        format::parse(text).unwrap().puzzles.remove(0)
    }

    #[test]
    fn a_unique_puzzle_is_solved_and_its_moves_are_told() {
        // A 3 in the corner of a 1×2 board: the loop goes round both cells.
        let p = puzzle("1 2\n3 .\n");
        let mut told = 0;
        let e = explain(&p, TRIAL_DEPTH, None, |_| told += 1).unwrap();
        assert_eq!(e.run.outcome, Outcome::Solved);
        assert_eq!(e.moves(), told);
        assert!(p.is_solution(&e.lines));
        assert_eq!(e.decided, p.dims().num_edges());
        assert_eq!(e.to_string(), format!("solved in {told} steps"));
    }

    #[test]
    fn several_solutions_limit_trials_to_depth_one_and_say_why_it_is_stuck() {
        let e = explain(&puzzle("2 2\n. .\n. .\n"), TRIAL_DEPTH, None, |_| {}).unwrap();
        assert!(matches!(e.verdict, Verdict::Multiple(_)));
        assert_eq!((e.max_depth, e.run.outcome), (1, Outcome::Stuck));
        assert_eq!(
            e.to_string(),
            "stuck after 0 steps: no rule and no trial up to depth 1 decides an edge (0 of 12 edges \
             decided; the puzzle has more than one solution)"
        );
        let rules_only = explain(&puzzle("2 2\n. .\n. .\n"), 0, None, |_| {}).unwrap();
        assert!(rules_only.to_string().contains(": no rule applies ("));
    }

    #[test]
    fn no_solution_ends_in_a_contradiction() {
        let e = explain(&puzzle("1 1\n0\n"), TRIAL_DEPTH, None, |_| {}).unwrap();
        assert_eq!((&e.verdict, e.run.outcome), (&Verdict::NoSolution, Outcome::Contradiction));
        assert!(e.to_string().starts_with("contradiction after "));
        assert!(e.to_string().ends_with(" steps: the puzzle has no solution"));
    }

    #[test]
    fn a_passed_deadline_is_out_of_time() {
        let past = Some(Instant::now());
        assert_eq!(explain(&puzzle("2 2\n. .\n. .\n"), TRIAL_DEPTH, past, |_| {}), Err(OutOfTime));
    }
}
