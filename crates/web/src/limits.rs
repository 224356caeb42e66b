//! `GET /api/limits`: the sizes and budgets the server accepts, so that a page asks instead of
//! repeating them.

use axum::Json;
use axum::extract::State;
use pencilbox_grid::Named;
use serde::Serialize;

use crate::Shared;

#[derive(Debug, Serialize)]
pub struct Limits {
    /// The largest `time_ms` a request may give.
    max_time_ms: u64,
    dots: DotsLimits,
    slither: SlitherLimits,
    walls: SideLimit,
    islands: IslandsLimits,
}

#[derive(Debug, Serialize)]
struct IslandsLimits {
    /// The largest side of a board.
    max_side: usize,
    /// The bots, weakest first.
    levels: Vec<&'static str>,
    /// The generator's presets: name, side, and the smallest and largest number.
    presets: Vec<PresetInfo>,
}

#[derive(Debug, Serialize)]
struct PresetInfo {
    name: &'static str,
    n: usize,
    min: u32,
    max: u32,
}

#[derive(Debug, Serialize)]
struct DotsLimits {
    /// The engine levels, weakest first.
    levels: Vec<&'static str>,
    /// The largest side of a position (`/api/dots/move` plays on any, `/api/dots/endgame` reads
    /// any).
    max_side: usize,
    /// The largest side of a board the page offers to play on (larger ones do not fit a window).
    page_max_side: usize,
    /// The most lines the exact solver takes: `/api/dots/solve` answers exactly up to this
    /// many; on larger boards (up to `search_max_lines`) only the strong engine's estimate, by
    /// its search, with `time_ms` and `estimate`.
    max_lines: usize,
    /// The most lines the strong engine's search on the board itself takes.
    search_max_lines: usize,
    /// With `estimate`, the share of `time_ms` the exact solve gets before the search estimates.
    exact_share: f64,
    /// The basic level searches exactly only with at most this many undrawn lines (or when no
    /// safe line is left); before that it answers at once by chain rules.
    exact_lines: u32,
    /// `/api/dots/solve` needs `time_ms` above this many undrawn lines.
    free_solve_lines: u32,
}

#[derive(Debug, Serialize)]
struct SlitherLimits {
    /// The largest side of a puzzle any route reads.
    max_side: usize,
    /// The loops `/api/slither/generate` tries before giving up.
    generate_attempts: usize,
    /// The smallest side `/api/slither/generate` makes.
    generate_min_side: usize,
    /// The difficulty levels, easiest first (`/api/slither/grade` may also answer a deeper
    /// `trial-N`).
    levels: Vec<&'static str>,
    /// Per level the generator makes, easiest first: the largest side worth asking
    /// `/api/slither/generate` for (larger ones rarely finish within the time limit).
    generate: Vec<GenerateLimit>,
    /// The largest side `/api/slither/analyze` reads: the page's editor offers boards up to
    /// this size.
    editor_max_side: usize,
}

#[derive(Debug, Serialize)]
struct GenerateLimit {
    difficulty: String,
    max_side: usize,
}

#[derive(Debug, Serialize)]
struct SideLimit {
    /// The largest side of a board.
    max_side: usize,
}

pub async fn limits(State(config): State<Shared>) -> Json<Limits> {
    use pencilbox_slither::{generate, limits as slither};
    Json(Limits {
        max_time_ms: u64::try_from(config.max_time.as_millis()).unwrap_or(u64::MAX),
        dots: DotsLimits {
            levels: pencilbox_dots::bot::Level::names().collect(),
            max_side: pencilbox_dots::board::MAX_BOARD_SIDE,
            page_max_side: pencilbox_dots::board::PAGE_MAX_SIDE,
            max_lines: pencilbox_dots::compact::SOLVER_MAX_LINES,
            search_max_lines: pencilbox_dots::mcts::large::SEARCH_MAX_LINES,
            exact_share: pencilbox_dots::analysis::EXACT_SHARE,
            exact_lines: pencilbox_dots::bot::EXACT_LINES,
            free_solve_lines: crate::dots::FREE_SOLVE_LINES,
        },
        slither: SlitherLimits {
            max_side: slither::PLAY_MAX_SIDE,
            generate_attempts: slither::GENERATE_ATTEMPTS,
            generate_min_side: *slither::GENERATE_SIDES.start(),
            levels: pencilbox_slither::level::Level::names().collect(),
            generate: generate::offered()
                .filter_map(|l| {
                    let max_side = slither::generate_offered_side(l)?;
                    Some(GenerateLimit { difficulty: l.to_string(), max_side })
                })
                .collect(),
            editor_max_side: slither::EDITOR_MAX_SIDE,
        },
        walls: SideLimit { max_side: pencilbox_walls::PAGE_MAX_SIDE },
        islands: IslandsLimits {
            max_side: pencilbox_islands::board::CONTEST_MAX_SIDE,
            levels: pencilbox_islands::Level::names().collect(),
            presets: pencilbox_islands::Preset::ALL
                .iter()
                .map(|&p| {
                    let g = p.params();
                    PresetInfo { name: p.name(), n: g.n, min: g.min, max: g.max }
                })
                .collect(),
        },
    })
}
