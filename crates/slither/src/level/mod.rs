//! Difficulty levels: Loopy's four, then the project's stronger deductions, then the depth of
//! trial needed.
//!
//! * `easy`, `normal`, `tricky`, `hard`: the levels of Loopy (Simon Tatham's Portable Puzzle
//!   Collection), computed by a port of its solver ([`crate::loopy`]), so a puzzle gets the
//!   level Loopy gives it.
//! * `expert`: the deduce engine with every rule (inside/outside colouring, connectivity,
//!   parity across cuts, corner pairs, …) together with Loopy's Hard deductions; no guessing.
//! * `trial-1`, `trial-2`, …: no deduction is left, so a value must be refuted by trying it:
//!   `trial-1` assumes one edge and derives a contradiction with the deductions alone,
//!   `trial-2` allows one nested assumption inside that, and so on (the deduce engine's
//!   trials, [`crate::deduce::Deducer::run_with_trials`]).
//!
//! A puzzle's level is the least level whose techniques solve it; every technique of a level
//! is also used at the levels above it, so a puzzle solved at one level is solved at every
//! higher one.

mod beyond;

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use pencilbox_grid::{OutOfTime, UnknownName};

use crate::board::EdgeState;
use crate::deduce::Outcome;
use crate::loopy::{self, LoopyLevel, LoopyOutcome};
use crate::puzzle::Puzzle;
use crate::solver;

/// A difficulty level, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Loopy's Easy: clue counts, dot counts, loop avoidance.
    Easy,
    /// Loopy's Normal: adds "at least one / at most one" facts on pairs of edges at a dot.
    Normal,
    /// Loopy's Tricky: those facts also from clues and across dots.
    Tricky,
    /// Loopy's Hard: adds classes of edges known equal or opposite.
    Hard,
    /// The deduce engine's stronger rules, with Loopy's.
    Expert,
    /// Trial and error to this depth (at least 1).
    Trial(u8),
}

impl Level {
    /// The levels offered to users (and by the generator), easiest first. Deeper trial levels
    /// exist (`trial-3`, …) and parse, but the generator does not make them.
    pub const ALL: &'static [Level] = &[
        Level::Easy,
        Level::Normal,
        Level::Tricky,
        Level::Hard,
        Level::Expert,
        Level::Trial(1),
        Level::Trial(2),
    ];

    /// Loopy's level with the same techniques, for the first four.
    pub const fn loopy(self) -> Option<LoopyLevel> {
        match self {
            Level::Easy => Some(LoopyLevel::Easy),
            Level::Normal => Some(LoopyLevel::Normal),
            Level::Tricky => Some(LoopyLevel::Tricky),
            Level::Hard => Some(LoopyLevel::Hard),
            _ => None,
        }
    }

    const fn from_loopy(l: LoopyLevel) -> Level {
        match l {
            LoopyLevel::Easy => Level::Easy,
            LoopyLevel::Normal => Level::Normal,
            LoopyLevel::Tricky => Level::Tricky,
            LoopyLevel::Hard => Level::Hard,
        }
    }

    /// The depth of trial a level allows: 0 up to expert.
    pub const fn trial_depth(self) -> u8 {
        match self {
            Level::Trial(k) => k,
            _ => 0,
        }
    }

    /// The names of [`Level::ALL`], in order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        NAMES.iter().copied()
    }
}

/// The names of [`Level::ALL`] (deeper trial levels are named `trial-N` on the fly).
const NAMES: [&str; 7] = ["easy", "normal", "tricky", "hard", "expert", "trial-1", "trial-2"];

impl fmt::Display for Level {
    /// The level's name (`easy`, …, `expert`, `trial-1`, …); honours width and alignment.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match Level::ALL.iter().position(|l| l == self) {
            Some(i) => f.pad(NAMES[i]),
            // Only trial levels deeper than the listed ones are missing.
            None => f.pad(&format!("trial-{}", self.trial_depth())),
        }
    }
}

impl FromStr for Level {
    type Err = UnknownName;

    /// A level's name, ignoring ASCII case and surrounding white space.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let given = s.trim();
        if let Some(i) = NAMES.iter().position(|n| n.eq_ignore_ascii_case(given)) {
            return Ok(Level::ALL[i]);
        }
        let lower = given.to_ascii_lowercase();
        let depth =
            lower.strip_prefix("trial-").filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        match depth.and_then(|n| n.parse::<u8>().ok()) {
            Some(n) if n >= 1 => Ok(Level::Trial(n)),
            _ => Err(UnknownName {
                what: "level",
                given: given.to_string(),
                // The named levels up to expert, then the trial levels as a pattern.
                expected: NAMES[..5].iter().copied().chain(["trial-N (N = 1, 2, ...)"]).collect(),
            }),
        }
    }
}

/// A puzzle's grade: its level and how much work the solve at that level took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    pub level: Level,
    /// The steps of the solve at that level: progress rounds of Loopy's solver at Loopy's
    /// levels; beyond them, Loopy's Hard rounds, the deduce engine's rule applications and the
    /// trials (the work inside a trial is not counted).
    pub steps: u32,
    /// Orders puzzles within a level (higher is harder): how often the level's own technique
    /// was needed. Easy: the rounds of the solve; Normal and Tricky: the rounds in which the
    /// pair facts made progress; Hard: the rounds of the equal/opposite classes; expert: the
    /// edges Loopy's Hard solver leaves undecided; trial-k: the trials used.
    pub score: u32,
}

/// Why a puzzle has no grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GradeError {
    #[error("the puzzle has no solution")]
    NoSolution,
    #[error("the puzzle has several solutions")]
    NotUnique,
    #[error(transparent)]
    OutOfTime(#[from] OutOfTime),
}

/// The grade of a puzzle with exactly one solution (checked first), giving up at `deadline`.
pub fn grade(p: &Puzzle, deadline: Option<Instant>) -> Result<Grade, GradeError> {
    let count = solver::count_within(p, 2, solver::Budget { max_nodes: None, deadline })?;
    match count.found {
        0 => return Err(GradeError::NoSolution),
        1 => {}
        _ => return Err(GradeError::NotUnique),
    }
    grade_unique(p, deadline)
}

/// The grade of a puzzle known to have exactly one solution, without checking (with several
/// solutions no level solves it, and the trials go on until the deadline).
pub fn grade_unique(p: &Puzzle, deadline: Option<Instant>) -> Result<Grade, GradeError> {
    let mut last = None;
    for &l in LoopyLevel::ALL {
        let s = loopy::solve_within(p, l, deadline)?;
        if s.outcome == LoopyOutcome::Solved {
            let score = if l == LoopyLevel::Easy { s.rounds } else { s.level_rounds };
            return Ok(Grade { level: Level::from_loopy(l), steps: s.rounds, score });
        }
        last = Some(s);
    }
    let hard = last.expect("Loopy has levels");
    let mut b = beyond::Beyond::new(p, &hard, deadline);
    let (level, score) = match b.expert()? {
        Outcome::Solved => {
            (Level::Expert, hard.states.iter().filter(|&&s| s == EdgeState::Unknown).count() as u32)
        }
        // Every step is sound, so only a puzzle without a solution meets a contradiction.
        Outcome::Contradiction => return Err(GradeError::NoSolution),
        Outcome::Stuck => {
            // Trial-N with N undecided edges is a complete search: a unique puzzle is solved.
            let run = b.trials(usize::from(u8::MAX))?;
            match run.outcome {
                Outcome::Solved => (Level::Trial(run.depth as u8), run.trials as u32),
                Outcome::Contradiction => return Err(GradeError::NoSolution),
                Outcome::Stuck => return Err(GradeError::NotUnique),
            }
        }
    };
    Ok(Grade { level, steps: b.steps, score })
}

/// Whether the techniques of `level` solve the puzzle (which proves its solution unique).
pub fn solves_at(p: &Puzzle, level: Level, deadline: Option<Instant>) -> Result<bool, OutOfTime> {
    if let Some(l) = level.loopy() {
        return Ok(loopy::solve_within(p, l, deadline)?.outcome == LoopyOutcome::Solved);
    }
    let hard = loopy::solve_within(p, LoopyLevel::Hard, deadline)?;
    if hard.outcome == LoopyOutcome::Solved {
        return Ok(true);
    }
    let mut b = beyond::Beyond::new(p, &hard, deadline);
    Ok(match b.expert()? {
        Outcome::Stuck if level.trial_depth() > 0 => {
            b.trials(usize::from(level.trial_depth()))?.outcome == Outcome::Solved
        }
        outcome => outcome == Outcome::Solved,
    })
}
