//! `cargo bench -p pencilbox-walls`: the fast rectangle table against the straightforward
//! memoised recursion. Every bench checks its answer before it is timed.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use pencilbox_grid::Cell;
use pencilbox_walls::reference::slow_grundy;
use pencilbox_walls::{Board, GrundyTable, Rect};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The 20×20 empty-board value, from tests/empty-grundy.txt.
const EMPTY_20: u32 = 2;
/// The 64×64 empty-board value; checked against the slow recursion by the ignored test
/// `big_boards_agree_with_the_slow_recursion` (tests/reference.rs).
const EMPTY_64: u32 = 19;

fn random_board(side: usize, p_mark: f64, seed: u64) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let marks: Vec<Cell> =
        (0..side * side).map(|i| Cell::new(i / side, i % side)).filter(|_| rng.random_bool(p_mark)).collect();
    Board::with_marks(side, side, marks).unwrap()
}

fn fast(board: &Board) -> u32 {
    GrundyTable::new(board).grundy(Rect::whole(board.dims()))
}

fn bench_20(c: &mut Criterion) {
    let empty = Board::empty(20, 20).unwrap();
    let marked = random_board(20, 0.2, 20);
    assert_eq!(fast(&empty), EMPTY_20);
    assert_eq!(fast(&marked), slow_grundy(&marked));
    let mut g = c.benchmark_group("walls-20x20");
    g.bench_function("fast empty", |b| b.iter(|| fast(black_box(&empty))));
    g.bench_function("fast random 20% marked", |b| b.iter(|| fast(black_box(&marked))));
    g.finish();
}

fn bench_40(c: &mut Criterion) {
    let empty = Board::empty(40, 40).unwrap();
    let marked = random_board(40, 0.2, 40);
    let (empty_value, marked_value) = (slow_grundy(&empty), slow_grundy(&marked));
    assert_eq!(fast(&empty), empty_value);
    assert_eq!(fast(&marked), marked_value);
    let mut g = c.benchmark_group("walls-40x40");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("fast empty", |b| b.iter(|| fast(black_box(&empty))));
    g.bench_function("fast 1 thread empty", |b| {
        b.iter(|| GrundyTable::compute(black_box(&empty), false).grundy(Rect::whole(empty.dims())))
    });
    g.bench_function("baseline empty", |b| b.iter(|| slow_grundy(black_box(&empty))));
    g.bench_function("fast random 20% marked", |b| b.iter(|| fast(black_box(&marked))));
    g.bench_function("baseline random 20% marked", |b| b.iter(|| slow_grundy(black_box(&marked))));
    g.finish();
}

fn bench_64(c: &mut Criterion) {
    let empty = Board::empty(64, 64).unwrap();
    let marked = random_board(64, 0.2, 64);
    // The baseline takes too long here; the transposed board must give the same value.
    let transposed = Board::with_marks(
        64,
        64,
        (0..64 * 64).map(|i| Cell::new(i % 64, i / 64)).filter(|c| marked.is_marked(Cell::new(c.col, c.row))),
    )
    .unwrap();
    let marked_value = fast(&marked);
    assert_eq!(marked_value, fast(&transposed));
    assert_eq!(fast(&empty), EMPTY_64);
    let mut g = c.benchmark_group("walls-64x64");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("fast empty", |b| b.iter(|| fast(black_box(&empty))));
    g.bench_function("fast random 20% marked", |b| b.iter(|| fast(black_box(&marked))));
    g.finish();
}

criterion_group!(benches, bench_20, bench_40, bench_64);
criterion_main!(benches);
