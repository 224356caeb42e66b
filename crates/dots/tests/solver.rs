//! The solver against published values and against a plain brute force.

use std::collections::HashMap;

use pencilbox_dots::compact::{Geometry, LineSet};
use pencilbox_dots::solver::{Proven, Pruning, Score, Solver, TableSize};
use pencilbox_grid::Dims;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn geometry(rows: usize, cols: usize) -> Geometry {
    Geometry::new(Dims::new(rows, cols).unwrap()).unwrap()
}

fn solve_empty(rows: usize, cols: usize) -> Score {
    let mut solver = Solver::new(geometry(rows, cols), TableSize::Mib(64));
    solver.value(LineSet::EMPTY).unwrap()
}

/// Obviously correct: plain negamax over every legal move, memoised on the drawn lines.
fn brute_force(geo: &Geometry, drawn: LineSet, memo: &mut HashMap<LineSet, Score>) -> Score {
    if let Some(&v) = memo.get(&drawn) {
        return v;
    }
    let undrawn = geo.undrawn(drawn);
    let v = undrawn
        .iter()
        .map(|e| {
            // The boxes `e` completes, by their definition rather than the engine's.
            let k = geo.edge_boxes(e).filter(|&b| geo.drawn_sides(drawn, b) == 3).count() as Score;
            let child = brute_force(geo, drawn.with(e), memo);
            if k > 0 { k + child } else { -child }
        })
        .max()
        .unwrap_or(0);
    memo.insert(drawn, v);
    v
}

/// A random position of `rows × cols` with exactly `undrawn` lines left.
fn random_position(rng: &mut ChaCha8Rng, geo: &Geometry, undrawn: usize) -> LineSet {
    let n = geo.num_lines();
    let mut lines: Vec<usize> = (0..n).collect();
    for i in 0..n {
        let j = rng.random_range(i..n);
        lines.swap(i, j);
    }
    lines[undrawn.min(n)..].iter().fold(LineSet::EMPTY, |s, &e| LineSet(s.0 | 1 << e))
}

#[test]
fn published_values_up_to_3x3() {
    // Barker & Korf, "Solving Dots-And-Boxes" (AAAI 2012), net score of the first player.
    for (r, c, v) in [(1, 1, -1), (1, 2, 0), (2, 2, 2), (2, 3, -2), (3, 3, -3)] {
        assert_eq!(solve_empty(r, c), v, "{r}x{c}");
        assert_eq!(solve_empty(c, r), v, "{c}x{r}");
    }
}

#[test]
#[ignore = "slow: 2x4 and 3x4 from the empty board"]
fn published_values_3x4() {
    assert_eq!(solve_empty(2, 4), 2);
    assert_eq!(solve_empty(3, 4), 0);
}

/// `GLIBC_TUNABLES=glibc.malloc.hugetlb=1 cargo test --release -p pencilbox-dots --test solver
/// -- --ignored --nocapture solve_4x4` (prints the known bounds on the value as the search
/// narrows them). Two threads and a 6.9 GB table: about 9.5 minutes on two idle cores.
#[test]
#[ignore = "slow: about 10 minutes, and 7 GB of memory"]
fn solve_4x4() {
    let start = std::time::Instant::now();
    let mut solver = Solver::new(geometry(4, 4), TableSize::Mib(8192));
    solver.set_threads(2);
    let mut last = 0;
    solver.set_progress(Some(Box::new(move |s: &pencilbox_dots::solver::Stats| {
        let secs = start.elapsed().as_secs();
        if secs >= last + 30 {
            last = secs;
            eprintln!(
                "{secs:>6} s  {} nodes  table {}/{}  value in [{}, {}]",
                s.nodes, s.tt_used, s.tt_capacity, s.lower, s.upper
            );
        }
    })));
    let v = solver.value(LineSet::EMPTY).unwrap();
    eprintln!("4x4: {v} in {:?}, {:?}", start.elapsed(), solver.stats());
    assert_eq!(v, 0);
}

fn cross_check(seed: u64, count: usize, max_undrawn: usize) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut checked = 0;
    for _ in 0..count {
        let (r, c) = (rng.random_range(1..=5), rng.random_range(1..=5));
        let geo = geometry(r, c);
        let u = rng.random_range(1..=max_undrawn.min(geo.num_lines()));
        let drawn = random_position(&mut rng, &geo, u);
        let expected = brute_force(&geo, drawn, &mut HashMap::new());
        let mut solver = Solver::new(geo, TableSize::Entries(1 << 12));
        assert_eq!(solver.value(drawn).unwrap(), expected, "{r}x{c} drawn {:#x}", drawn.0);
        checked += 1;
    }
    checked
}

#[test]
fn solver_matches_brute_force_on_random_positions() {
    assert_eq!(cross_check(1, 400, 14), 400);
    assert_eq!(cross_check(2, 40, 18), 40);
}

/// The enhanced transposition cutoffs (they cut a node on a child's stored bound and skip moves
/// whose child's stored lower bound refutes them), switched on from 8 undrawn lines so that
/// brute force can check them: the value with a table of a few entries (constant replacement)
/// and with a roomy one equals the brute force.
#[test]
fn enhanced_cutoffs_match_brute_force() {
    check_small_positions(6, 24, 12..=16, |solver| solver.set_etc_lines(8));
}

/// Random positions with `undrawn` lines left on 3x3, 2x4, 3x4, 2x5 and 4x3 boards, each solved with a
/// table of a few entries (constant replacement), a small one and a roomy one, after
/// `configure`: the values must equal the brute force.
fn check_small_positions(
    seed: u64,
    count: usize,
    undrawn: std::ops::RangeInclusive<usize>,
    configure: impl Fn(&mut Solver),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in 0..count {
        let (r, c) = [(3, 3), (2, 4), (3, 4), (2, 5), (4, 3)][i % 5];
        let geo = geometry(r, c);
        let u = rng.random_range(undrawn.clone());
        let drawn = random_position(&mut rng, &geo, u);
        let expected = brute_force(&geo, drawn, &mut HashMap::new());
        for size in [TableSize::Entries(8), TableSize::Entries(1 << 10), TableSize::Mib(4)] {
            let mut solver = Solver::new(geo.clone(), size);
            configure(&mut solver);
            assert_eq!(solver.value(drawn).unwrap(), expected, "{r}x{c} drawn {:#x} {size:?}", drawn.0);
        }
    }
}

/// Strings-and-coins table keys (positions whose chains run through different boxes share an
/// entry) give the brute-force values, with tables of a few entries, a small one and a roomy
/// one, alone and with enhanced cutoffs, whose probes key the children too.
#[test]
fn strings_and_coins_keys_match_brute_force() {
    check_small_positions(9, 30, 12..=18, |solver| solver.set_coin_keys(true));
    check_small_positions(10, 20, 12..=16, |solver| {
        solver.set_coin_keys(true);
        solver.set_etc_lines(8);
    });
}

#[test]
#[ignore = "slow: brute force up to 24 undrawn lines"]
fn solver_matches_brute_force_up_to_24_undrawn() {
    assert_eq!(cross_check(3, 100, 24), 100);
}

/// Two threads sharing the table (the helper fills it concurrently) give the same values as
/// one, on positions large enough for the helper to start.
#[test]
fn two_threads_give_the_same_values() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (r, c) in [(3, 3), (2, 4), (3, 3), (2, 4), (3, 3)] {
        let geo = geometry(r, c);
        let u = rng.random_range(20..=22);
        let drawn = random_position(&mut rng, &geo, u);
        let one = Solver::new(geo.clone(), TableSize::Mib(8)).value(drawn).unwrap();
        let mut two = Solver::new(geo, TableSize::Mib(8));
        two.set_threads(2);
        assert_eq!(two.value(drawn).unwrap(), one, "{r}x{c} drawn {:#x}", drawn.0);
    }
    let mut two = Solver::new(geometry(3, 3), TableSize::Mib(8));
    two.set_threads(2);
    assert_eq!(two.value(LineSet::EMPTY).unwrap(), -3);
}

/// Two threads that split the work (each defers the moves whose child the other is searching)
/// from 6 undrawn lines on, where brute force can check them: values with a table of a few
/// entries and with a roomy one. Which moves get deferred depends on timing; the unit test
/// `deferred_moves_are_searched` forces the second pass on every node.
#[test]
fn split_work_matches_brute_force() {
    check_small_positions(7, 30, 10..=16, |solver| {
        solver.set_threads(2);
        solver.set_parallel_lines(6);
    });
}

#[test]
fn move_values_are_consistent_with_the_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for _ in 0..60 {
        let (r, c) = (rng.random_range(1..=4), rng.random_range(1..=4));
        let geo = geometry(r, c);
        let u = rng.random_range(1..=16.min(geo.num_lines()));
        let drawn = random_position(&mut rng, &geo, u);
        let mut solver = Solver::new(geo, TableSize::Mib(1));
        let value = solver.value(drawn).unwrap();
        let moves = solver.move_values(drawn).unwrap();
        assert_eq!(moves.len(), u);
        assert_eq!(moves.iter().map(|m| m.1).max(), Some(value));
        let (v, best) = solver.best_move(drawn).unwrap();
        assert_eq!(v, value);
        let best = best.expect("a move");
        assert_eq!(moves.iter().find(|m| m.0 == best).map(|m| m.1), Some(value));
    }
}

/// With two threads sharing the search (20 undrawn lines or more), the best move is the one the
/// root search proved, or the first found by probes both threads search: either way a move worth
/// the value, checked by a one-thread solve of it; what the solver says afterwards is about the
/// position, not about a child it probed.
#[test]
fn best_move_with_two_threads_reaches_the_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    for i in 0..24 {
        let (r, c) = [(4, 4), (3, 5), (4, 3)][i % 3];
        let geo = geometry(r, c);
        let u = rng.random_range(20..=23);
        let drawn = random_position(&mut rng, &geo, u);
        let mut solver = Solver::new(geo.clone(), TableSize::Mib(16));
        solver.set_threads(2);
        let (value, best) = solver.best_move(drawn).unwrap();
        let best = best.expect("a move");
        let mut check = Solver::new(geo, TableSize::Mib(16));
        assert_eq!(check.value(drawn).unwrap(), value, "{r}x{c} {:#x}", drawn.0);
        assert_eq!(check.move_value(drawn, best).unwrap(), value, "{r}x{c} {:#x}: line {}", drawn.0, best.0);
        let proven = solver.proven().expect("searched");
        assert_eq!((proven.lower, proven.upper), (value, value));
        assert_eq!((solver.stats().lower, solver.stats().upper), (value, value));
    }
}

#[test]
fn best_move_of_a_full_board_is_none() {
    let geo = geometry(2, 2);
    let all = geo.all_lines();
    let mut solver = Solver::new(geo, TableSize::Mib(1));
    assert_eq!(solver.best_move(all).unwrap(), (0, None));
}

#[test]
fn interrupted_search_reports_it() {
    let mut solver = Solver::new(geometry(4, 4), TableSize::Mib(1));
    solver.set_deadline(Some(std::time::Instant::now()));
    assert!(solver.value(LineSet::EMPTY).is_err());
}

/// What a search proves holds whether it finishes or not: after a finished search the bounds
/// meet at the value and the move reaches it; after one interrupted part-way (a deadline
/// already past stops it at its first check, after a fixed number of nodes with one thread, so
/// the test does not depend on timing) the value lies within the bounds and the move, when one
/// is named, is worth at least the lower bound. The deadline is checked every 1,024 nodes, so
/// the positions are small enough for a probe to finish before that now and then (about one
/// in fifty).
#[test]
fn proven_bounds_and_moves_are_sound() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut partial, mut finished) = (0, 0);
    let geo = geometry(4, 4);
    for _ in 0..1000 {
        if partial >= 6 && finished >= 6 {
            break;
        }
        let u = rng.random_range(18..=26);
        let drawn = random_position(&mut rng, &geo, u);
        let mut exact = Solver::new(geo.clone(), TableSize::Mib(16));
        let value = exact.value(drawn).unwrap();
        let p = exact.proven().expect("a search proves something");
        assert_eq!((p.lower, p.upper), (value, value));
        let check_line = |p: Proven, exact: &mut Solver| {
            if let Some((e, bound)) = p.line {
                assert!(bound <= p.lower, "{p:?}");
                let reached = exact.move_value(drawn, e).unwrap();
                assert!(reached >= bound, "{:#x}: {e:?} reaches {reached}, not {p:?}", drawn.0);
            }
        };
        check_line(p, &mut exact);
        // One thread, stopped deterministically; two, stopped wherever the helper is: every
        // bound and move must hold either way.
        for threads in [1, 2] {
            let mut cut = Solver::new(geo.clone(), TableSize::Mib(16));
            cut.set_threads(threads);
            cut.set_deadline(Some(std::time::Instant::now()));
            let result = cut.value(drawn);
            let p = cut.proven().expect("an interrupted search still reports its bounds");
            assert!(p.lower <= value && value <= p.upper, "{:#x}: {value} outside {p:?}", drawn.0);
            check_line(p, &mut exact);
            if threads == 2 {
                continue;
            }
            match result {
                Ok(v) => {
                    assert_eq!((v, p.lower, p.upper), (value, value, value));
                    finished += 1;
                }
                Err(_) if p.line.is_some() => partial += 1,
                Err(_) => {}
            }
        }
    }
    assert!(partial >= 6 && finished >= 6, "{partial} partly proven, {finished} finished");
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The transposition table (any size, with or without symmetry) never changes a value.
        #[test]
        fn value_with_table_equals_value_without(
            r in 1usize..=4, c in 1usize..=4, seed in any::<u64>(), u in 1usize..=16,
        ) {
            let geo = geometry(r, c);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let drawn = random_position(&mut rng, &geo, u.min(geo.num_lines()));
            let none = Solver::new(geo.clone(), TableSize::Entries(0)).value(drawn).unwrap();
            let tiny = Solver::new(geo.clone(), TableSize::Entries(8)).value(drawn).unwrap();
            let big = Solver::new(geo.clone(), TableSize::Mib(1)).value(drawn).unwrap();
            let mut plain = Solver::new(geo.clone(), TableSize::Mib(1));
            plain.set_symmetry(false);
            let plain = plain.value(drawn).unwrap();
            let mut coins = Solver::new(geo, TableSize::Entries(64));
            coins.set_coin_keys(true);
            prop_assert_eq!(none, coins.value(drawn).unwrap());
            prop_assert_eq!(none, tiny);
            prop_assert_eq!(none, big);
            prop_assert_eq!(none, plain);
        }

        /// Each pruning rule is exact: switching any of them off leaves the value unchanged.
        #[test]
        fn value_with_pruning_equals_value_without(
            r in 1usize..=4, c in 1usize..=4, seed in any::<u64>(), u in 1usize..=14,
        ) {
            let geo = geometry(r, c);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let drawn = random_position(&mut rng, &geo, u.min(geo.num_lines()));
            let mut values = Vec::new();
            let all = Pruning::ALL;
            for pruning in [
                all,
                Pruning::NONE,
                Pruning { free_captures: false, ..all },
                Pruning { chain_captures: false, ..all },
                Pruning { one_line_per_long_chain: false, ..all },
                Pruning { simple_endgames: false, ..all },
                Pruning { loony_bounds: false, ..all },
                Pruning { short_chains: false, ..all },
                Pruning { twin_lines: false, ..all },
            ] {
                let mut solver = Solver::new(geo.clone(), TableSize::Mib(1));
                solver.set_pruning(pruning);
                values.push(solver.value(drawn).unwrap());
            }
            prop_assert!(values.iter().all(|&v| v == values[0]), "{values:?}");
        }
    }
}

/// `cargo test --release -p pencilbox-dots --test solver -- --ignored --nocapture solve_times`
/// prints the time and node count of the empty-board solves up to 3x4 (the README's table).
#[test]
#[ignore = "slow: about a minute"]
fn solve_times() {
    for (r, c, expected) in [(3, 3, -3), (2, 4, 2), (3, 4, 0)] {
        let t = std::time::Instant::now();
        let mut solver = Solver::new(geometry(r, c), TableSize::Mib(1024));
        let v = solver.value(LineSet::EMPTY).unwrap();
        println!("{r}x{c}: {v} in {:?}, {:?}", t.elapsed(), solver.stats());
        assert_eq!(v, expected);
    }
}

/// Node counts are deterministic with one thread (the README's measurements and the
/// `solve_set` example rely on it): two fresh solves of the same position visit exactly the
/// same nodes, on a table large enough to keep everything and on one small enough to evict.
/// The counts are pinned: a change to move ordering or pruning that moves them must say so
/// here, and a count that grows is a search that got worse.
#[test]
fn node_counts_are_deterministic_with_one_thread() {
    // (rows, cols, table entries, value, nodes)
    for (r, c, entries, value, nodes) in
        [(2, 3, 1 << 16, -2, 2_948), (3, 3, 1 << 17, -3, 168_620), (3, 3, 1 << 10, -3, 1_596_535)]
    {
        let counts: Vec<u64> = (0..2)
            .map(|_| {
                let mut solver = Solver::new(geometry(r, c), TableSize::Entries(entries));
                assert_eq!(solver.value(LineSet::EMPTY).unwrap(), value, "{r}x{c}");
                solver.stats().nodes
            })
            .collect();
        assert_eq!(counts[0], counts[1], "{r}x{c} with {entries} entries: not deterministic");
        assert_eq!(counts[0], nodes, "{r}x{c} with {entries} entries");
    }
}
