//! Analysis of a position within a time limit: the exact value and best move when the solver
//! finishes, and otherwise the strong level's search estimate with the exact bounds reached.
//! The one rule for `pencilbox dots solve --time-limit` and the web analysis panel. On boards
//! beyond the solver (more than [`MAX_LINES`](crate::lines::MAX_LINES) lines), the search on
//! the board itself gives the estimate ([`analyse_beyond_solver`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use pencilbox_grid::{Edge, OutOfTime};
use rand::Rng;

use crate::board::Position;
use crate::lines::{Geometry, LineSet};
use crate::mcts::{self, MoveEstimate, Search};
use crate::solver::{Score, Solver, Stats};

/// The share of the time limit the exact solve gets before the search estimates instead.
pub const EXACT_SHARE: f64 = 0.5;

/// What an analysis found.
#[derive(Clone, Debug, PartialEq)]
pub enum Analysis {
    /// The exact value for the player to move and a best move (`None` when every line is
    /// drawn), with every move's value when asked for.
    Exact { value: Score, best: Option<Edge>, moves: Option<Vec<(Edge, Score)>> },
    /// The exact solve ran out of time: the search's estimate of the value, its best move,
    /// the playouts behind it, and (when asked for) every root move it looked at, best first.
    Estimate { value: f64, best: Edge, playouts: u32, moves: Option<Vec<MoveEstimate>> },
}

/// An analysis and the exact solve's statistics (its bounds on the value when it ran out of
/// time).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub analysis: Analysis,
    pub exact: Stats,
}

/// Analyses `drawn` with `solver` (which keeps its table and threads).
///
/// * No `deadline`: the exact solve runs to the end.
/// * A `deadline` and `estimate`: the exact solve gets [`EXACT_SHARE`] of the time; if it does
///   not finish, the search (drawing from `rng`) spends the rest, and the answer is its
///   estimate. The position must have an undrawn line then.
/// * A `deadline` without `estimate`: the exact solve gets all of it, and [`OutOfTime`] says it
///   did not finish.
///
/// The solver's cancel flag ([`Solver::set_cancel`]) stops the search as well as the solve.
pub fn analyse(
    solver: &mut Solver<'_>,
    drawn: LineSet,
    moves: bool,
    deadline: Option<Instant>,
    estimate: bool,
    rng: &mut impl Rng,
) -> Result<Report, OutOfTime> {
    let now = Instant::now();
    solver.set_deadline(
        deadline.map(
            |d| {
                if estimate { now + d.saturating_duration_since(now).mul_f64(EXACT_SHARE) } else { d }
            },
        ),
    );
    let exact = solver.best_move(drawn).and_then(|(value, best)| {
        let all = if moves { Some(solver.move_values(drawn)?) } else { None };
        Ok(Analysis::Exact { value, best, moves: all })
    });
    let stats = solver.stats();
    let analysis = match (exact, deadline) {
        (Ok(analysis), _) => analysis,
        (Err(_), Some(deadline)) if estimate && solver.geometry().undrawn(drawn).count() > 0 => {
            let geo = solver.geometry().clone();
            solver.set_progress(None);
            let cancel = solver.cancel().cloned();
            let mut search = Search::new(&geo, Some(solver), rng, deadline);
            search.set_cancel(cancel);
            let e = search.run(drawn);
            Analysis::Estimate {
                value: e.value,
                best: e.line,
                playouts: e.playouts,
                moves: moves.then(|| with_images(&geo, drawn, e.moves)),
            }
        }
        (Err(out_of_time), _) => return Err(out_of_time),
    };
    Ok(Report { analysis, exact: stats })
}

/// Analyses `position`, on a board beyond the solver, with the strong level's search on the
/// board itself ([`crate::mcts::large`]) until `deadline`, on `threads` threads (1 or 2),
/// drawing from `rng`: its estimate, best move, playouts and (when asked for) every root move
/// it looked at, exact where it is a simple loony endgame; no exact solve ran, so the bounds
/// are the whole range. Over, the value 0; a simple loony endgame with nothing to take, its
/// exact value, best opening and (when asked for) every move's exact value, from
/// [`crate::endgame`]. `None` when the board is beyond the search too
/// ([`mcts::large::MAX_LINES`]). Setting `cancel` stops the search before the deadline.
pub fn analyse_beyond_solver(
    position: &Position,
    moves: bool,
    deadline: Instant,
    threads: usize,
    cancel: Option<Arc<AtomicBool>>,
    rng: &mut impl Rng,
) -> Option<Report> {
    if position.is_over() {
        let analysis = Analysis::Exact { value: 0, best: None, moves: moves.then(Vec::new) };
        return Some(Report { analysis, exact: Stats::default() });
    }
    if let Some(exact) = simple_endgame(position, moves, rng) {
        return Some(Report { analysis: exact, exact: Stats::default() });
    }
    if position.dims().num_edges() > mcts::large::MAX_LINES {
        return None;
    }
    let e = mcts::large::search(position, threads, rng, deadline, cancel);
    let left = position.unclaimed_boxes() as Score;
    let analysis = Analysis::Estimate {
        value: e.value,
        best: e.line,
        playouts: e.playouts,
        moves: moves.then_some(e.moves),
    };
    Some(Report { analysis, exact: Stats { lower: -left, upper: left, ..Stats::default() } })
}

/// The exact analysis of a simple loony endgame with nothing to take, on a board of any size: its
/// value, best opening and every move's value (the large-board playout after a move into such
/// an endgame is exact: its captures decline by value and the rest is valued exactly).
fn simple_endgame(position: &Position, moves: bool, rng: &mut impl Rng) -> Option<Analysis> {
    use crate::mcts::{Domain, large::LargeDomain};
    let value = LargeDomain.exact(position)?;
    let best = crate::loony::best_opening(position);
    let all = moves.then(|| {
        position
            .legal_moves()
            .map(|e| {
                let (after, k) = LargeDomain.play(position, e);
                let v = LargeDomain.playout(&after, rng);
                (e, if k > 0 { k + v } else { -v })
            })
            .collect()
    });
    Some(Analysis::Exact { value, best, moves: all })
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
mod tests {
    use super::*;
    use crate::solver::TableSize;
    use pencilbox_grid::Dims;
    use rand::SeedableRng;

    fn solver(rows: usize, cols: usize) -> Solver<'static> {
        Solver::new(Geometry::new(Dims::new(rows, cols).unwrap()).unwrap(), TableSize::Mib(1))
    }

    /// A cancelled analysis stops at once, whatever its deadline: the solve at its first node,
    /// the search after its first playout (the empty 5×5 board would take the whole minute).
    #[test]
    fn a_cancelled_analysis_stops_at_once() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut solver = solver(5, 5);
        solver.set_cancel(Some(Arc::new(AtomicBool::new(true))));
        let far = Instant::now() + std::time::Duration::from_secs(60);
        let report = analyse(&mut solver, LineSet::EMPTY, true, Some(far), true, &mut rng).unwrap();
        assert!(report.exact.nodes <= 1, "{:?}", report.exact);
        assert!(matches!(report.analysis, Analysis::Estimate { playouts: 1, .. }), "{:?}", report.analysis);
        let pos = Position::empty_of(Dims::new(10, 10).unwrap()).unwrap();
        let cancel = Some(Arc::new(AtomicBool::new(true)));
        for threads in [1, 2] {
            let report = analyse_beyond_solver(&pos, false, far, threads, cancel.clone(), &mut rng).unwrap();
            assert!(
                matches!(report.analysis, Analysis::Estimate { playouts: 1..=2, .. }),
                "{:?}",
                report.analysis
            );
        }
    }

    #[test]
    fn without_a_deadline_the_answer_is_exact() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let report = analyse(&mut solver(2, 2), LineSet::EMPTY, true, None, true, &mut rng).unwrap();
        let Analysis::Exact { value, best, moves } = report.analysis else { panic!("not exact") };
        assert_eq!(value, 2);
        let moves = moves.expect("every move's value");
        assert_eq!(moves.len(), 12);
        assert_eq!(moves.iter().find(|m| Some(m.0) == best).map(|m| m.1), Some(2));
    }

    #[test]
    fn a_deadline_already_past_gives_the_estimate_or_out_of_time() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let past = Some(Instant::now());
        let report = analyse(&mut solver(3, 3), LineSet::EMPTY, true, past, true, &mut rng).unwrap();
        let Analysis::Estimate { best, moves, .. } = report.analysis else { panic!("not an estimate") };
        // With the deadline past, the search stops after one playout: one root move is known,
        // listed with the lines symmetric to it (on the empty board every line has another).
        let moves = moves.expect("the root moves");
        assert!(moves.iter().any(|m| m.line == best));
        let geo = Geometry::new(Dims::new(3, 3).unwrap()).unwrap();
        let class = |e: Edge| geo.canonical(LineSet::EMPTY.with(e)).0;
        let images: Vec<Edge> =
            geo.undrawn(LineSet::EMPTY).iter().filter(|&e| class(e) == class(best)).collect();
        assert!(images.len() >= 2);
        let listed: Vec<Edge> = moves.iter().map(|m| m.line).collect();
        assert!(images.iter().all(|e| listed.contains(e)), "{images:?} not all in {listed:?}");
        let value = moves.iter().find(|m| m.line == best).map(|m| m.value);
        assert!(moves.iter().filter(|m| images.contains(&m.line)).all(|m| Some(m.value) == value));
        assert!(report.exact.lower < report.exact.upper, "the exact bounds did not meet");
        let out = analyse(&mut solver(3, 3), LineSet::EMPTY, false, past, false, &mut rng);
        assert_eq!(out, Err(OutOfTime));
    }

    /// Beyond the solver, on 10x10: every row of boxes a chain of ten (all horizontal lines
    /// drawn), a simple loony endgame whose every opening is worth the same, the endgame
    /// module's value. The analysis answers it exactly, every move with that value. The search
    /// from it, with the clock already out, runs one playout per thread through one opening,
    /// and those playouts (captures declining by value, then the exact rest) must find that
    /// value too, whichever line the seed opens.
    #[test]
    fn beyond_the_solver_endgames_are_exact_and_playouts_through_them_too() {
        let dims = Dims::new(10, 10).unwrap();
        let pos = Position::from_lines(dims, (0..dims.num_h_edges()).map(Edge)).unwrap();
        let value = crate::endgame::position_value(&pos).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let report = analyse_beyond_solver(&pos, true, Instant::now(), 1, None, &mut rng).unwrap();
        let Analysis::Exact { value: v, best, moves } = report.analysis else { panic!("not exact") };
        assert_eq!((i64::from(v), best.is_some()), (value, true));
        let moves = moves.unwrap();
        assert_eq!(moves.len(), pos.num_undrawn());
        assert!(moves.iter().all(|&(_, m)| i64::from(m) == value), "{moves:?}");
        let value = value as f64;
        let mut lines = Vec::new();
        for seed in 0..24 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let threads = 1 + seed as usize % 2;
            let e = mcts::large::search(&pos, threads, &mut rng, Instant::now(), None);
            assert_eq!(e.playouts, threads as u32);
            assert!(pos.is_legal(e.line));
            assert_eq!(e.value, value, "opening {:?}", e.line);
            assert!(e.moves.iter().all(|m| m.value == value));
            lines.push(e.line);
        }
        lines.sort_unstable();
        lines.dedup();
        assert!(lines.len() >= 10, "the seeds opened only {lines:?}");
        // The search's estimate, over the whole range of bounds.
        let empty = Position::empty_of(dims).unwrap();
        let report = analyse_beyond_solver(&empty, true, Instant::now(), 2, None, &mut rng).unwrap();
        assert!(matches!(report.analysis, Analysis::Estimate { playouts: 2, .. }));
        assert_eq!((report.exact.lower, report.exact.upper), (-100, 100));
        // Beyond the search (33x33): none.
        let big = Position::empty_of(Dims::new(33, 33).unwrap()).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        assert_eq!(analyse_beyond_solver(&big, false, Instant::now(), 1, None, &mut rng), None);
    }
}
