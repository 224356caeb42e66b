//! What an analysis reports, part by part, with a reason wherever a part is missing.
//!
//! The command line (`dots solve`) and the web analysis print this one report: the field names
//! of its JSON form (feature `serde`, [`super::json`]) are the same for both.

use std::fmt;

use pencilbox_grid::{Dims, Edge};

use crate::board::Line;
use crate::control::Control;
use crate::solver::Score;

/// Why a part of a report is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Missing {
    /// The caller did not ask for it ([`super::Options`]).
    #[error("not asked for")]
    NotAsked,
    /// Every line is drawn: there is no move, and no fight left.
    #[error("the game is over")]
    GameOver,
    /// The board has more lines than the exact searches take.
    #[error("a board of {lines} lines is beyond the exact searches (at most {max} lines)")]
    TooLarge { lines: usize, max: usize },
    /// The time given ran out before it was decided.
    #[error("not decided in the time given")]
    OutOfTime,
    /// The caller stopped the analysis (the cancel flag) before it was decided.
    #[error("the analysis was cancelled")]
    Cancelled,
    /// The search's playouts were too few to estimate it ([`Value::TooThin`]).
    #[error(
        "too few playouts to estimate: an estimate needs at least {min} through a move, with a standard error of at most {share}% of the boxes unclaimed",
        min = crate::mcts::MIN_PLAYOUTS,
        share = crate::mcts::MAX_STD_ERROR_SHARE * 100.0
    )]
    TooThin,
}

impl Missing {
    /// The reason's fixed name, for programs: `not-asked`, `game-over`, `too-large`,
    /// `out-of-time`, `cancelled` or `too-thin`.
    pub fn name(self) -> &'static str {
        match self {
            Missing::NotAsked => "not-asked",
            Missing::GameOver => "game-over",
            Missing::TooLarge { .. } => "too-large",
            Missing::OutOfTime => "out-of-time",
            Missing::Cancelled => "cancelled",
            Missing::TooThin => "too-thin",
        }
    }
}

/// A part of a report, or why it is missing.
pub type Part<T> = Result<T, Missing>;

/// A value for the player about to move: the net score of the boxes still unclaimed (the
/// mover's minus the opponent's) under best play, or an estimate of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// Proven by the exact solver (or the exact endgame theory).
    Exact(Score),
    /// The strong engine's search: the mean outcome of `playouts` playouts through the move,
    /// corrected for the winner's curse, and its standard error (`crate::mcts`).
    Estimate { value: f64, std_error: f64, playouts: u32 },
    /// The strong engine's search ran `playouts` playouts, too few to estimate the value
    /// ([`crate::mcts::MIN_PLAYOUTS`], [`crate::mcts::MAX_STD_ERROR_SHARE`]): no number is given,
    /// as the best of a few playouts' means would be luck, not an estimate.
    TooThin { playouts: u32 },
}

impl Value {
    pub fn is_exact(self) -> bool {
        matches!(self, Value::Exact(_))
    }

    /// The value as a number; `None` when too thin to estimate.
    pub fn get(self) -> Option<f64> {
        match self {
            Value::Exact(v) => Some(f64::from(v)),
            Value::Estimate { value, .. } => Some(value),
            Value::TooThin { .. } => None,
        }
    }

    /// The playouts behind an estimate, or behind one too thin to give.
    pub fn playouts(self) -> Option<u32> {
        match self {
            Value::Exact(_) => None,
            Value::Estimate { playouts, .. } | Value::TooThin { playouts } => Some(playouts),
        }
    }
}

/// `-2` for an exact value, `~+1.7 ±0.4` for an estimate with its standard error (one decimal,
/// the estimate's sign always shown, so that it never reads as a proven value), and `too thin
/// to estimate` where the search gives no number.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Exact(v) => write!(f, "{v}"),
            // `+ 0.0` turns a rounded -0.0 into 0.
            Value::Estimate { value, std_error, .. } => {
                write!(f, "~{:+.1} ±{:.1}", round1(value) + 0.0, round1(std_error))
            }
            Value::TooThin { .. } => write!(f, "too thin to estimate"),
        }
    }
}

/// `v` rounded to one decimal, as estimates are shown.
pub fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// One legal move and what the analysis knows of it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReport {
    pub line: Edge,
    /// Its name on the board (`h R C` or `v R C`).
    pub name: Line,
    /// The mover's value after drawing it (a move that completes a box counts the box and the
    /// turn that follows; otherwise the opponent's value after it, negated).
    pub value: Value,
    /// Whether the mover is on track for control after it, by the long chain rule.
    pub keeps_control: Part<bool>,
    /// Whether it wins the fight for control, exactly (Nimstring).
    pub wins_control: Part<bool>,
}

/// The whole analysis of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub dims: Dims,
    /// The position's value for the player to move.
    pub value: Value,
    /// What the exact solver proved of the value (`lower..=upper`): one number when it is exact;
    /// the whole range of unclaimed boxes when the solver did not run.
    pub bounds: (Score, Score),
    /// Positions the exact solver visited.
    pub nodes: u64,
    /// Whether the value is exact, or why not (the exact solve ran out of time, was cancelled,
    /// or the board is beyond it) when it is the search's estimate.
    pub exact_solve: Part<()>,
    /// A best move (the search's choice when the value is an estimate).
    pub best: Part<MoveReport>,
    /// Every legal move: exact ones in line order; estimates best first, each followed by the
    /// lines symmetric to it.
    pub moves: Part<Vec<MoveReport>>,
    /// The chains and loops so far, the safe lines left and the long chain rule.
    pub chains: Part<Control>,
    /// Whether the player to move can win the fight for control (make the other player open the
    /// last long chain or loop), exactly, by Nimstring.
    pub wins_control: Part<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_never_read_as_exact_values() {
        assert_eq!(Value::Exact(-2).to_string(), "-2");
        let estimate = |value| Value::Estimate { value, std_error: 0.44, playouts: 9 };
        assert_eq!(estimate(1.66).to_string(), "~+1.7 ±0.4");
        assert_eq!(estimate(-0.04).to_string(), "~+0.0 ±0.4");
        assert_eq!(estimate(-2.0).to_string(), "~-2.0 ±0.4");
        assert_eq!(Value::TooThin { playouts: 9 }.to_string(), "too thin to estimate");
    }

    #[test]
    fn every_reason_has_a_distinct_name() {
        let all = [
            Missing::NotAsked,
            Missing::GameOver,
            Missing::TooLarge { lines: 144, max: 128 },
            Missing::OutOfTime,
            Missing::Cancelled,
            Missing::TooThin,
        ];
        let mut names: Vec<_> = all.iter().map(|m| m.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
    }
}
