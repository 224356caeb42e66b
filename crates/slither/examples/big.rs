//! Stress check for large boards: grows a random loop on an R×C board (default 100×100), keeps
//! a fraction of its clues, and counts solutions (up to 2) with timing.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example big -- 100 100 0.7 1
//! ```
//! (rows, columns, fraction of clues kept, seed)

use pencilbox_grid::{Cell, Dims};
use pencilbox_slither::{Clue, Puzzle, Solution, solver};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: f64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (rows, cols) = (arg(1, 100.0) as usize, arg(2, 100.0) as usize);
    let (keep, seed) = (arg(3, 0.7), arg(4, 1.0) as u64);
    let d = Dims::new(rows, cols).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Grow a region cell by cell, keeping its boundary one simple loop.
    let mut inside = vec![false; d.num_cells()];
    inside[d.cell_index(Cell::new(rows / 2, cols / 2))] = true;
    let mut members = vec![Cell::new(rows / 2, cols / 2)];
    for _ in 0..d.num_cells() * 20 {
        // A random outside neighbour of a random inside cell.
        let from = members[rng.random_range(0..members.len())];
        let Some(c) = d.step(from, pencilbox_grid::Dir::ALL[rng.random_range(0..4)]) else { continue };
        let i = d.cell_index(c);
        if inside[i] {
            continue;
        }
        // Mostly grow thin fingers, so the loop winds over the whole board.
        let touching = d.neighbours(c).filter(|&n| inside[d.cell_index(n)]).count();
        if touching > 1 && rng.random_bool(0.95) {
            continue;
        }
        if keeps_one_loop(d, &inside, c) {
            inside[i] = true;
            members.push(c);
        }
    }
    assert!(Solution::from_inside(d, &inside).is_single_loop());
    if std::env::var_os("BIG_SHOW").is_some() {
        for r in 0..rows {
            let row: String =
                (0..cols).map(|c| if inside[d.cell_index(Cell::new(r, c))] { 'x' } else { '.' }).collect();
            println!("{row}");
        }
    }
    let s = Solution::from_inside(d, &inside);
    let clues = d
        .cells()
        .map(|c| {
            let n = s.sides_on_loop(c) as u8;
            if n <= 3 && rng.random_bool(keep) { Clue::Number(n) } else { Clue::Blank }
        })
        .collect();
    let p = Puzzle::new(d, clues);
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

/// Whether adding the outside cell `c` keeps the region's boundary one simple loop: around `c`
/// (its eight neighbours in cyclic order, off the board outside), the inside cells form one run
/// that holds a side neighbour. Then the region stays connected through a side,
/// the outside stays connected around `c`, and no two cells of one kind meet only at a corner.
fn keeps_one_loop(d: Dims, inside: &[bool], c: Cell) -> bool {
    const RING: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
    let is_in = |k: usize| {
        let (dr, dc) = RING[k % 8];
        let (r, col) = (c.row as isize + dr, c.col as isize + dc);
        r >= 0
            && col >= 0
            && (r as usize) < d.rows()
            && (col as usize) < d.cols()
            && inside[d.cell_index(Cell::new(r as usize, col as usize))]
    };
    let starts: Vec<usize> = (0..8).filter(|&k| is_in(k) && !is_in(k + 7)).collect();
    let [start] = starts[..] else { return false };
    // A run of length one at a corner neighbour would touch `c` only at a corner.
    start % 2 == 0 || is_in(start + 1)
}
