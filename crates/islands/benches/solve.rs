//! The exact solver on small boards: the statement's board and dense random 5×5 boards (the
//! target: a 5×5 board with a handful of numbers within a second).

use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use pencilbox_cgt::Outcome;
use pencilbox_islands::{Board, Square, solve};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// 5×5 boards with exactly `count` numbers from 1..=5 on random cells.
fn boards(count: usize, how_many: usize, seed: u64) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..how_many)
        .map(|_| {
            let mut squares = vec![Square::Empty; 25];
            let mut placed = 0;
            while placed < count {
                let i = rng.random_range(0..25);
                if squares[i] == Square::Empty {
                    squares[i] = Square::Number(rng.random_range(1..=5));
                    placed += 1;
                }
            }
            Board::from_squares(5, squares).unwrap()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let statement: Board = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/islands/statement-1.in"
    ))
    .unwrap()
    .parse()
    .unwrap();
    assert_eq!(solve(&statement, None).unwrap().outcome, Outcome::Win);
    c.bench_function("islands-solve-statement", |b| b.iter(|| solve(&statement, None).unwrap()));

    for count in [6, 8] {
        let set = boards(count, 100, count as u64);
        // The slowest board of the set, solved once outside criterion and reported.
        let mut slowest = (0.0f64, 0);
        for (i, b) in set.iter().enumerate() {
            let t = Instant::now();
            let sol = solve(b, None).unwrap();
            assert!(sol.best.is_some() || sol.outcome != Outcome::Win);
            let s = t.elapsed().as_secs_f64();
            if s > slowest.0 {
                slowest = (s, i);
            }
        }
        println!(
            "5x5 with {count} numbers: slowest of 100 boards {:.1} ms (board {})",
            slowest.0 * 1e3,
            slowest.1
        );
        assert!(slowest.0 < 1.0, "a 5x5 board with {count} numbers took over a second");
        c.bench_function(&format!("islands-solve-5x5-{count}-numbers-x100"), |b| {
            b.iter(|| set.iter().map(|b| solve(b, None).unwrap().outcome as u32).sum::<u32>())
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
