//! `cargo bench -p pencilbox-dots --bench solver`: exact solves from the empty board.
//! Each iteration builds a fresh solver (its table included) and asserts the published value
//! (Barker & Korf, AAAI 2012). 3×4 and 4×4 are measured by documented one-off commands instead
//! (see the README's performance table): they take too long for criterion's repetitions.

use criterion::{Criterion, criterion_group, criterion_main};
use pencilbox_dots::compact::{Geometry, LineSet};
use pencilbox_dots::solver::{Solver, TableSize};
use pencilbox_grid::Dims;

fn solve(rows: usize, cols: usize, threads: usize) -> i32 {
    let geo = Geometry::new(Dims::new(rows, cols).unwrap()).unwrap();
    let mut solver = Solver::new(geo, TableSize::Mib(32));
    solver.set_threads(threads);
    solver.value(LineSet::EMPTY).unwrap()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_empty");
    group.sample_size(10);
    for (r, cols, v) in [(2, 2, 2), (2, 3, -2), (3, 3, -3)] {
        group.bench_function(format!("{r}x{cols}"), |b| b.iter(|| assert_eq!(solve(r, cols, 1), v)));
    }
    // The optional second search thread (lazy SMP over the shared table), on the 2-core machine.
    group.bench_function("3x3-2threads", |b| b.iter(|| assert_eq!(solve(3, 3, 2), -3)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
