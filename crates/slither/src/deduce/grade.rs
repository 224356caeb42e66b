//! Grades: the smallest rule set that solves a puzzle by deduction alone.

use super::{Deducer, Outcome, Rule};
use crate::puzzle::Puzzle;

/// The difficulty of a puzzle with a unique solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Rules 1–8 suffice.
    Basic,
    /// All the statement's rules suffice.
    Standard,
    /// The stronger named rules are needed.
    Advanced,
    /// Needs trial and error.
    Search,
}

pencilbox_grid::named!(Grade, "difficulty", {
    Basic => "basic",
    Standard => "standard",
    Advanced => "advanced",
    Search => "search",
});

impl Grade {
    /// The rules this grade allows (`None` for search: anything goes).
    pub const fn rules(self) -> Option<&'static [Rule]> {
        match self {
            Grade::Basic => Some(Rule::BASIC),
            Grade::Standard => Some(Rule::STANDARD),
            Grade::Advanced => Some(Rule::ALL),
            Grade::Search => None,
        }
    }
}

/// Whether the rules of `grade` alone solve the puzzle (which also proves the solution unique,
/// every rule being sound). Always true for [`Grade::Search`] (not a deduction claim).
pub fn solves_within(p: &Puzzle, grade: Grade) -> bool {
    grade.rules().is_none_or(|rules| Deducer::new(p).run_quietly(rules) == Outcome::Solved)
}

/// The grade: the smallest rule set that solves the puzzle by deduction alone. (Meaningful for
/// puzzles with a unique solution; check that first.)
pub fn grade(p: &Puzzle) -> Grade {
    for (rules, g) in
        [(Rule::BASIC, Grade::Basic), (Rule::STANDARD, Grade::Standard), (Rule::ALL, Grade::Advanced)]
    {
        if Deducer::new(p).run_quietly(rules) == Outcome::Solved {
            return g;
        }
    }
    Grade::Search
}
