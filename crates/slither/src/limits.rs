//! The sizes the Slitherlink engine is offered at, each named for what it bounds and defined
//! only here: the CLI and the web app read them (the web app serves them in `GET /api/limits`),
//! and the generator refuses boards outside [`GENERATE_SIDES`] itself. The times behind them are
//! in docs/PERFORMANCE.md.
//!
//! The text formats read boards up to `pencilbox_grid::MAX_GRID_SIDE` a side, and the CLI's solve,
//! count, explain, grade and analyze take any board they read: the limits below bound what is
//! played, edited and generated, where an answer must come at once or within a time limit.

use std::ops::RangeInclusive;

use crate::level::Level;

/// The largest side of a puzzle played in the web app: every `/api/slither` route reads puzzles
/// up to this many rows and columns, and refuses larger ones rather than let one request tie
/// the server up.
pub const PLAY_MAX_SIDE: usize = 100;

/// The largest side of a puzzle the setter's workbench analyses (`/api/slither/analyze`, the
/// web page's Edit mode): up to here the analysis of an edit stays interactive
/// (docs/PERFORMANCE.md has the times per edit).
pub const EDITOR_MAX_SIDE: usize = 30;

/// The seconds a solve, count, grade, explanation or generation may take unless the caller says
/// otherwise (the CLI's `--timeout`, the Python package's `time_limit`): enough for every puzzle
/// of the benchmark corpus and every level the generator is offered at, while a puzzle beyond
/// them gives up with an answer rather than running on unseen.
pub const DEFAULT_TIMEOUT_SECS: f64 = 60.0;

/// The rows and columns the generator makes boards of (both must be in the range), in the CLI
/// as in the web app. A board one cell wide holds only loops round a run of cells, nothing worth
/// solving; a generated puzzle is made to be played, so none is larger than [`PLAY_MAX_SIDE`].
pub const GENERATE_SIDES: RangeInclusive<usize> = 2..=PLAY_MAX_SIDE;

/// How many random loops the CLI and the web app let the generator try for one puzzle before
/// giving up. Every size up to [`generate_offered_side`] of its level finds a puzzle well within
/// this many, except at `trial-2`, where few loops give one (some seeds find none:
/// docs/PERFORMANCE.md, "Slitherlink").
pub const GENERATE_ATTEMPTS: usize = 200;

/// The largest side the web page offers for generating a puzzle of level `target`, and above
/// which the CLI warns that generating may run out of time; `None` for a level the generator
/// does not make. It is what the generator finishes well within 20 s on two cores
/// (docs/PERFORMANCE.md, "Slitherlink", has the times at the caps and one size up). Harder levels
/// run deeper techniques on every try, so they stop at smaller boards.
pub const fn generate_offered_side(target: Level) -> Option<usize> {
    match target {
        Level::Easy | Level::Normal => Some(50),
        Level::Tricky | Level::Hard => Some(40),
        Level::Expert => Some(35),
        Level::Trial(1) => Some(30),
        // Few loops give a trial-2 puzzle, fewer on smaller boards, and larger boards cost more
        // per loop: 10x10 usually finds one within the time of the levels' other caps.
        Level::Trial(2) => Some(10),
        Level::Trial(_) => None,
    }
}
