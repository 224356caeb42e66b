//! The analysis of a position: one call for `pencilbox dots solve` and the web analysis panel.
//!
//! [`analyse`] takes a position and [`Options`] and returns a [`Report`]: the value (exact when
//! the solver finishes, else the strong level's search estimate with the bounds the solver
//! proved), a best move, every move's value, the chains and loops with the long chain rule, and
//! the fight for control decided exactly by Nimstring on a second thread while the value is
//! worked out. A part that is missing says why ([`Missing`]); a position that cannot be analysed
//! at all says why ([`AnalysisError`]).
//!
//! On boards beyond the solver (more than [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines) the
//! search on the board itself ([`crate::mcts::large`]) estimates, and simple loony endgames are
//! valued exactly by the endgame theory.

mod fight;
#[cfg(feature = "serde")]
mod json;
mod report;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use pencilbox_grid::Edge;
use rand::Rng;

use crate::board::{Line, Position};
use crate::compact::{Geometry, GeometryError, LineSet};
use crate::control::{control, keeps_control};
use crate::mcts::{self, MoveEstimate, Search};
use crate::solver::{Progress, Score, Solver, TableSize};

pub use fight::{FIGHT_BUDGET, FIGHT_SHARE, fight, fight_least};
pub use report::{Missing, MoveReport, Part, Report, Value, round1};

/// The share of the time limit the exact solve gets before the search estimates instead.
pub const EXACT_SHARE: f64 = 0.5;

/// What to answer when the exact solve does not finish by the deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnTimeout {
    /// The exact solve gets [`EXACT_SHARE`] of the time; the strong level's search spends the
    /// rest and its estimate is the answer. Beyond the solver, the search gets all of it.
    Estimate,
    /// The exact solve gets all the time, and [`AnalysisError::OutOfTime`] says it did not
    /// finish.
    Fail,
}

/// What to analyse and with what means.
pub struct Options<'a> {
    /// Every legal move's value too.
    pub moves: bool,
    /// The chains and loops with the long chain rule, and the fight for control decided exactly
    /// beside the solve ([`fight`]), for the position and, with `moves`, for each move.
    pub explain: bool,
    /// Answer by then; `None`: the exact solve runs to the end.
    pub deadline: Option<Instant>,
    pub on_timeout: OnTimeout,
    /// Threads of the exact solve, and of the search on a board beyond the solver (1 or 2); the
    /// search that follows a timed-out solve runs on one, with the solver's table, and the fight
    /// takes one more.
    pub threads: usize,
    /// The solver's transposition table.
    pub table: TableSize,
    /// Set by the caller when it no longer wants the answer: everything stops at once.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Called by the exact solve now and then (a progress display).
    pub progress: Option<Progress<'a>>,
}

impl Options<'_> {
    /// The value and a best move, exactly, with one thread and a table of `table`.
    pub fn exact(table: TableSize) -> Self {
        Options {
            moves: false,
            explain: false,
            deadline: None,
            on_timeout: OnTimeout::Fail,
            threads: 1,
            table,
            cancel: None,
            progress: None,
        }
    }
}

impl std::fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("moves", &self.moves)
            .field("explain", &self.explain)
            .field("deadline", &self.deadline)
            .field("on_timeout", &self.on_timeout)
            .field("threads", &self.threads)
            .field("table", &self.table)
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// Why a position could not be analysed at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// Beyond the exact solver, and no estimate was asked for within a time limit.
    #[error("{0}; beyond it only an estimate by the strong engine's search, within a time limit")]
    BeyondSolver(GeometryError),
    /// Beyond the search on the board itself too.
    #[error(
        "a board of {lines} lines is beyond the exact solver and the strong engine's search (at most {max} lines)"
    )]
    BeyondSearch { lines: usize, max: usize },
    /// The exact solve did not finish in time, and no estimate was asked for.
    #[error("the exact solve ran out of time with the value in [{lower}, {upper}] after {nodes} nodes")]
    OutOfTime { lower: Score, upper: Score, nodes: u64 },
    /// The caller set the cancel flag.
    #[error("the analysis was cancelled")]
    Cancelled,
}

/// Analyses `position` as `options` say, drawing the search's random choices from `rng`.
pub fn analyse(
    position: &Position,
    options: Options<'_>,
    rng: &mut impl Rng,
) -> Result<Report, AnalysisError> {
    let (explain, deadline, cancel) = (options.explain, options.deadline, options.cancel.clone());
    let (fight, found) = if explain {
        let least =
            Instant::now() + fight_least(deadline.map(|d| d.saturating_duration_since(Instant::now())));
        fight::beside(position, least, deadline, cancel.as_deref(), || value(position, options, rng))
    } else {
        (Err(Missing::NotAsked), value(position, options, rng))
    };
    let cancelled = cancel.as_deref().is_some_and(|c| c.load(Ordering::Relaxed));
    if cancelled {
        return Err(AnalysisError::Cancelled);
    }
    let found = found?;
    let dims = position.dims();
    let over = position.is_over();
    let report_move = |e: Edge, value: Value| MoveReport {
        line: e,
        name: Line::of(dims, e),
        value,
        keeps_control: if explain { Ok(keeps_control(position, e)) } else { Err(Missing::NotAsked) },
        wins_control: fight.as_ref().map_err(|&m| m).and_then(|f| f.of(e).ok_or(Missing::OutOfTime)),
    };
    let moves = match found.moves {
        None => Err(Missing::NotAsked),
        Some(_) if over => Err(Missing::GameOver),
        Some(all) => Ok(all.into_iter().map(|(e, v)| report_move(e, v)).collect()),
    };
    Ok(Report {
        dims,
        value: found.value,
        bounds: found.bounds,
        nodes: found.nodes,
        exact_solve: found.exact_solve,
        best: found.best.map(|(e, v)| report_move(e, v)).ok_or(Missing::GameOver),
        moves,
        chains: match explain {
            false => Err(Missing::NotAsked),
            true if over => Err(Missing::GameOver),
            true => Ok(control(position)),
        },
        wins_control: fight.map(|f| f.mover_wins),
    })
}

/// The value of a position and its moves, before the explanations are added.
struct Found {
    value: Value,
    bounds: (Score, Score),
    nodes: u64,
    exact_solve: Part<()>,
    /// A best move and its value; `None` when every line is drawn.
    best: Option<(Edge, Value)>,
    moves: Option<Vec<(Edge, Value)>>,
}

/// The value by the exact solver, falling back on the search when it runs out of time; beyond
/// the solver, by the search on the board itself.
fn value(position: &Position, means: Options<'_>, rng: &mut impl Rng) -> Result<Found, AnalysisError> {
    match crate::compact::from_position(position) {
        Ok((geo, drawn)) => solve(geo, drawn, means, rng),
        Err(too_large) => beyond_solver(position, means, rng, too_large),
    }
}

fn solve(
    geo: Geometry,
    drawn: LineSet,
    means: Options<'_>,
    rng: &mut impl Rng,
) -> Result<Found, AnalysisError> {
    let mut solver = Solver::new(geo, means.table);
    solver.set_threads(means.threads);
    solver.set_cancel(means.cancel.clone());
    solver.set_progress(means.progress);
    let estimate = means.on_timeout == OnTimeout::Estimate;
    let now = Instant::now();
    solver.set_deadline(
        means
            .deadline
            .map(|d| if estimate { now + d.saturating_duration_since(now).mul_f64(EXACT_SHARE) } else { d }),
    );
    let exact = solver.best_move(drawn).and_then(|(value, best)| {
        let all = if means.moves { Some(solver.move_values(drawn)?) } else { None };
        Ok((value, best, all))
    });
    let stats = solver.stats();
    match (exact, means.deadline) {
        (Ok((value, best, all)), _) => Ok(Found {
            value: Value::Exact(value),
            bounds: (value, value),
            nodes: stats.nodes,
            exact_solve: Ok(()),
            best: best.map(|e| (e, Value::Exact(value))),
            moves: all.map(|all| all.into_iter().map(|(e, v)| (e, Value::Exact(v))).collect()),
        }),
        (Err(_), Some(deadline)) if estimate => {
            // The solve ran out of time with an undrawn line left (a finished board is solved at
            // once): the search, with the solver's table for its exact playout ends.
            let geo = solver.geometry().clone();
            solver.set_progress(None);
            let cancel = solver.cancel().cloned();
            let mut search = Search::new(&geo, Some(&mut solver), rng, deadline);
            search.set_cancel(cancel);
            let e = search.run(drawn);
            let moves = means.moves.then(|| with_images(&geo, drawn, e.moves.clone()));
            Ok(estimated(e, (stats.lower, stats.upper), stats.nodes, Missing::OutOfTime, moves))
        }
        (Err(_), _) => {
            Err(AnalysisError::OutOfTime { lower: stats.lower, upper: stats.upper, nodes: stats.nodes })
        }
    }
}

/// A search's estimate as found values: the position's, its chosen move's (the move's own
/// estimate, from its own playouts) and, when asked for, `moves`.
fn estimated(
    e: mcts::Estimate,
    bounds: (Score, Score),
    nodes: u64,
    why: Missing,
    moves: Option<Vec<MoveEstimate>>,
) -> Found {
    let position = match e.std_error {
        Some(std_error) => Value::Estimate { value: e.value, std_error, playouts: e.playouts },
        None => Value::TooThin { playouts: e.playouts },
    };
    let chosen = e.moves.iter().find(|m| m.line == e.line).map_or(position, move_value);
    Found {
        value: position,
        bounds,
        nodes,
        exact_solve: Err(why),
        best: Some((e.line, chosen)),
        moves: moves.map(|all| all.iter().map(|m| (m.line, move_value(m))).collect()),
    }
}

/// A root move's value as the search found it: exact where its playouts were, else an estimate
/// with its standard error, or too thin to estimate.
fn move_value(m: &MoveEstimate) -> Value {
    match m.std_error {
        _ if m.exact => Value::Exact(m.corrected.round() as Score),
        Some(std_error) => Value::Estimate { value: m.corrected, std_error, playouts: m.visits },
        None => Value::TooThin { playouts: m.visits },
    }
}

/// A position on a board beyond the solver: over, the value 0; a simple loony endgame with
/// nothing to take, its exact value, best opening and every move's exact value (from
/// [`crate::endgame`]); else the search on the board itself until the deadline, with no exact
/// bounds but the whole range.
fn beyond_solver(
    position: &Position,
    means: Options<'_>,
    rng: &mut impl Rng,
    too_large: GeometryError,
) -> Result<Found, AnalysisError> {
    let exact = |value: Score, best: Option<Edge>, moves| Found {
        value: Value::Exact(value),
        bounds: (value, value),
        nodes: 0,
        exact_solve: Ok(()),
        best: best.map(|e| (e, Value::Exact(value))),
        moves,
    };
    if position.is_over() {
        return Ok(exact(0, None, means.moves.then(Vec::new)));
    }
    if let Some((value, best, moves)) = simple_endgame(position, means.moves, rng) {
        return Ok(exact(value, best, moves));
    }
    let lines = position.dims().num_edges();
    if lines > mcts::large::SEARCH_MAX_LINES {
        return Err(AnalysisError::BeyondSearch { lines, max: mcts::large::SEARCH_MAX_LINES });
    }
    let (Some(deadline), OnTimeout::Estimate) = (means.deadline, means.on_timeout) else {
        return Err(AnalysisError::BeyondSolver(too_large));
    };
    let e = mcts::large::search(position, means.threads, rng, deadline, means.cancel);
    let left = position.unclaimed_boxes() as Score;
    let moves = means.moves.then(|| e.moves.clone());
    let GeometryError::TooManyLines { lines, max, .. } = too_large;
    Ok(estimated(e, (-left, left), 0, Missing::TooLarge { lines, max }, moves))
}

/// The exact analysis of a simple loony endgame with nothing to take, on a board of any size: its
/// value, best opening and every move's value (the large-board playout after a move into such
/// an endgame is exact: its captures decline by value and the rest is valued exactly).
type Exact = (Score, Option<Edge>, Option<Vec<(Edge, Value)>>);

fn simple_endgame(position: &Position, moves: bool, rng: &mut impl Rng) -> Option<Exact> {
    use crate::mcts::{Domain, large::LargeDomain};
    let value = LargeDomain.exact(position)?;
    let best = crate::endgame_play::best_opening(position);
    let all = moves.then(|| {
        position
            .legal_moves()
            .map(|e| {
                let (after, k) = LargeDomain.play(position, e);
                let v = LargeDomain.playout(&after, rng);
                (e, Value::Exact(if k > 0 { k + v } else { -v }))
            })
            .collect()
    });
    Some((value, best, all))
}

/// The search's root moves and, after each, the lines it skipped as symmetric to it (a move
/// leading to the same position up to the board's symmetries), with the same estimate: a
/// player sees a value on every line the search weighed.
fn with_images(geo: &Geometry, drawn: LineSet, moves: Vec<MoveEstimate>) -> Vec<MoveEstimate> {
    // Each undrawn line's position up to symmetry, worked out once.
    let images: Vec<(Edge, LineSet)> =
        geo.undrawn(drawn).iter().map(|e| (e, geo.canonical(drawn.with(e)).0)).collect();
    let image = |line: Edge| images.iter().find(|&&(e, _)| e == line).map(|&(_, key)| key);
    let searched: Vec<Edge> = moves.iter().map(|m| m.line).collect();
    let mut out = Vec::with_capacity(images.len());
    for m in moves {
        let key = image(m.line);
        out.push(m);
        for &(e, _) in images.iter().filter(|&&(e, k)| Some(k) == key && !searched.contains(&e)) {
            out.push(MoveEstimate { line: e, ..m });
        }
    }
    out
}

#[cfg(test)]
mod tests;
