use std::time::Duration;

use pencilbox_grid::Dims;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;

fn empty(rows: usize, cols: usize) -> Position {
    Position::empty(rows, cols).unwrap()
}

fn options<'a>() -> Options<'a> {
    Options::exact(TableSize::Mib(1))
}

fn far() -> Instant {
    Instant::now() + Duration::from_secs(600)
}

#[test]
fn without_a_deadline_the_answer_is_exact() {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let report = analyse(&empty(2, 2), Options { moves: true, ..options() }, &mut rng).unwrap();
    assert_eq!((report.value, report.bounds), (Value::Exact(2), (2, 2)));
    let moves = report.moves.expect("every move's value");
    assert_eq!(moves.len(), 12);
    let best = report.best.unwrap();
    assert_eq!(best.value, Value::Exact(2));
    assert_eq!(moves.iter().find(|m| m.line == best.line).map(|m| m.value), Some(Value::Exact(2)));
    // Not asked: no explanation, and each says so.
    assert_eq!((report.chains, report.wins_control), (Err(Missing::NotAsked), Err(Missing::NotAsked)));
    assert!(moves.iter().all(|m| m.keeps_control == Err(Missing::NotAsked)));
}

/// The explanation agrees with its parts computed alone: the long chain rule for the position
/// and each move, and the exact fight for control (decided on the 2×2 board long before the
/// least time the fight is given).
#[test]
fn the_explanation_is_the_rule_and_the_exact_fight() {
    let mut pos = empty(2, 2);
    for e in [0, 1] {
        pos.play_unchecked(Edge(e));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let report = analyse(&pos, Options { moves: true, explain: true, ..options() }, &mut rng).unwrap();
    let exact = fight(&pos, None, None).unwrap();
    assert_eq!(report.chains, Ok(control(&pos)));
    assert_eq!(report.wins_control, Ok(exact.mover_wins));
    for m in report.moves.unwrap() {
        assert_eq!(m.keeps_control, Ok(keeps_control(&pos, m.line)), "{}", m.name);
        assert_eq!(m.wins_control, exact.of(m.line).ok_or(Missing::OutOfTime), "{}", m.name);
    }
}

#[test]
fn a_finished_game_has_no_move_and_no_fight() {
    let dims = Dims::new(1, 2).unwrap();
    let pos = Position::from_lines(dims, dims.edges()).unwrap();
    for moves in [false, true] {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let report = analyse(&pos, Options { moves, explain: true, ..options() }, &mut rng).unwrap();
        assert_eq!(report.value, Value::Exact(0));
        assert_eq!(report.best, Err(Missing::GameOver));
        assert_eq!(report.moves, Err(if moves { Missing::GameOver } else { Missing::NotAsked }));
        assert_eq!(report.wins_control, Err(Missing::GameOver));
        assert_eq!(report.chains, Err(Missing::GameOver));
    }
}

/// A cancelled analysis stops at once and says so: without a deadline the solve of the empty
/// 5×5 board would run for hours.
#[test]
fn a_cancelled_analysis_stops_and_says_so() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let cancel = Some(Arc::new(AtomicBool::new(true)));
    for explain in [false, true] {
        let opts = Options { moves: true, explain, cancel: cancel.clone(), ..options() };
        assert_eq!(analyse(&empty(5, 5), opts, &mut rng), Err(AnalysisError::Cancelled));
    }
    // The search beyond the solver stops after its first playout on each thread.
    let pos = empty(10, 10);
    for threads in [1, 2] {
        let e = mcts::large::search(&pos, threads, &mut rng, far(), cancel.clone());
        assert!((1..=2).contains(&e.playouts), "{threads} threads: {} playouts", e.playouts);
        let opts = Options {
            deadline: Some(far()),
            on_timeout: OnTimeout::Estimate,
            cancel: cancel.clone(),
            ..options()
        };
        assert_eq!(analyse(&pos, opts, &mut rng), Err(AnalysisError::Cancelled));
    }
}

/// With the deadline past, the search runs one playout: too few to estimate, which the report
/// says instead of giving its luck as a value.
#[test]
fn a_deadline_already_past_gives_a_search_too_thin_to_estimate_or_out_of_time() {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let past = Some(Instant::now());
    let opts = Options { moves: true, deadline: past, on_timeout: OnTimeout::Estimate, ..options() };
    let report = analyse(&empty(3, 3), opts, &mut rng).unwrap();
    let Value::TooThin { playouts } = report.value else { panic!("not too thin: {report:?}") };
    assert!(playouts >= 1);
    assert!(matches!(report.best.as_ref().map(|m| m.value), Ok(Value::TooThin { playouts: 1.. })));
    let best = report.best.unwrap().line;
    // With the deadline past, the search stops after one playout: one root move is known,
    // listed with the lines symmetric to it (on the empty board every line has another).
    let moves = report.moves.expect("the root moves");
    assert!(moves.iter().any(|m| m.line == best));
    let geo = Geometry::new(Dims::new(3, 3).unwrap()).unwrap();
    let class = |e: Edge| geo.canonical(LineSet::EMPTY.with(e)).0;
    let images: Vec<Edge> = geo.undrawn(LineSet::EMPTY).iter().filter(|&e| class(e) == class(best)).collect();
    assert!(images.len() >= 2);
    let listed: Vec<Edge> = moves.iter().map(|m| m.line).collect();
    assert!(images.iter().all(|e| listed.contains(e)), "{images:?} not all in {listed:?}");
    let value = moves.iter().find(|m| m.line == best).map(|m| m.value);
    assert!(moves.iter().filter(|m| images.contains(&m.line)).all(|m| Some(m.value) == value));
    assert!(report.bounds.0 < report.bounds.1, "the exact bounds did not meet");
    let out = analyse(&empty(3, 3), Options { deadline: past, ..options() }, &mut rng);
    assert!(matches!(out, Err(AnalysisError::OutOfTime { lower, upper, .. }) if lower < upper), "{out:?}");
}

/// Beyond the solver, on 10x10: every row of boxes a chain of ten (all horizontal lines
/// drawn), a simple loony endgame whose every opening is worth the same, the endgame
/// module's value. The analysis answers it exactly, every move with that value, with no time
/// limit. The search from it, with the clock already out, runs one playout per thread through
/// one opening, and those playouts (captures declining by value, then the exact rest) must
/// find that value too, whichever line the seed opens.
#[test]
fn beyond_the_solver_endgames_are_exact_and_playouts_through_them_too() {
    let dims = Dims::new(10, 10).unwrap();
    let pos = Position::from_lines(dims, (0..dims.num_h_edges()).map(Edge)).unwrap();
    let value = crate::endgame::position_value(&pos).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let report = analyse(&pos, Options { moves: true, ..options() }, &mut rng).unwrap();
    assert_eq!((report.value, report.best.is_ok()), (Value::Exact(value), true));
    let moves = report.moves.unwrap();
    assert_eq!(moves.len(), pos.num_undrawn());
    assert!(moves.iter().all(|m| m.value == Value::Exact(value)), "{moves:?}");
    let value = f64::from(value);
    let mut lines = Vec::new();
    for seed in 0..24 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
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
    // The search on the empty board, over the whole range of bounds, and only with a time limit
    // and an estimate asked for (with the clock out, one playout a thread: too thin).
    let empty = empty(10, 10);
    let opts = |threads| Options {
        threads,
        deadline: Some(Instant::now()),
        on_timeout: OnTimeout::Estimate,
        ..options()
    };
    let report = analyse(&empty, opts(2), &mut rng).unwrap();
    assert_eq!(report.value, Value::TooThin { playouts: 2 });
    assert_eq!((report.bounds, report.nodes), ((-100, 100), 0));
    assert!(matches!(analyse(&empty, options(), &mut rng), Err(AnalysisError::BeyondSolver(_))));
    let past = Options { deadline: Some(Instant::now()), ..options() };
    assert!(matches!(analyse(&empty, past, &mut rng), Err(AnalysisError::BeyondSolver(_))));
    // Beyond the search (33x33): said so.
    let big = Position::empty(33, 33).unwrap();
    assert_eq!(
        analyse(&big, opts(1), &mut rng),
        Err(AnalysisError::BeyondSearch { lines: 2 * 33 * 34, max: mcts::large::SEARCH_MAX_LINES })
    );
}
