//! Stress check for large boards: a random loop (`generate::random_loop`) on an R×C board (default 100×100), keeps
//! a fraction of its clues, and counts solutions (up to 2) with timing.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example big -- 100 100 0.7 1
//! ```
//! (rows, columns, fraction of clues kept, seed)

use pencilbox_grid::{Cell, Dims};
use pencilbox_slither::solver;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: f64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (rows, cols) = (arg(1, 100.0) as usize, arg(2, 100.0) as usize);
    let (keep, seed) = (arg(3, 0.7), arg(4, 1.0) as u64);
    let d = Dims::new(rows, cols).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let s = pencilbox_slither::generate::random_loop(d, &mut rng);
    if std::env::var_os("BIG_SHOW").is_some() {
        let inside = s.inside_cells();
        for r in 0..rows {
            let row: String =
                (0..cols).map(|c| if inside[d.cell_index(Cell::new(r, c))] { 'x' } else { '.' }).collect();
            println!("{row}");
        }
    }
    let p = pencilbox_slither::generate::clues_of_loop(&s, |_| rng.random_bool(keep));
    if std::env::var_os("BIG_SHOW").is_some() {
        println!("{}", pencilbox_slither::format::to_url(&p));
    }
    let t = std::time::Instant::now();
    let c = solver::count(&p, 2);
    println!(
        "{rows}x{cols}, loop of {} edges: {} solution(s){} in {:?}, {} nodes",
        s.len(),
        c.found,
        if c.hit_limit { "+" } else { "" },
        t.elapsed(),
        c.nodes
    );
    assert!(c.found >= 1, "the planted loop was missed");
    assert!(c.first.is_some_and(|f| p.is_solution(&f)));
}
