//! A fixed set of positions for measuring the exact solver: node counts (deterministic with
//! one thread) and times.
//!
//! `cargo run --release -p pencilbox-dots --example solve_set` solves 3x3 and 3x4 from the empty
//! board and a few 4x4 positions with some lines drawn, checks the values recorded below, and
//! prints nodes and time for each. `-- 4x4` (or `3x4`, `3x3`, a comma-separated list of
//! names) picks some; `-- gen <drawn> <seed> <count> [RxC]` prints random 4x4 (or RxC) positions
//! in which no box has three or four sides drawn (to pick new members of the set, and to sample
//! larger boards). A first argument `--coins`
//! keys the table on the strings-and-coins graph (`Solver::set_coin_keys`) in every solve.

use std::time::Instant;

use pencilbox_dots::compact::{Geometry, LineSet};
use pencilbox_dots::solver::{Solver, TableSize};
use pencilbox_grid::Dims;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// (name, rows, cols, drawn lines as an OpenSpiel line string or "" for the empty board, value).
const SET: &[(&str, usize, usize, &str, i32)] = &[
    ("3x3", 3, 3, "", -3),
    ("3x4", 3, 4, "", 0),
    // Random 4x4 positions with 8 and 6 lines drawn, no box with three sides drawn
    // (`gen 8 4 4`, `gen 6 5 4`): 5-20 s each with one thread before the move-ordering work.
    ("4x4-a", 4, 4, "0010000000000000000100000100011000011001", 2),
    ("4x4-b", 4, 4, "0010000100011000000100001000000000110000", 0),
    ("4x4-c", 4, 4, "0000000010110000000100000000100010000000", 0),
    ("4x4-d", 4, 4, "0000000000000000100000010000100010101000", 2),
];

fn parse(lines: &str) -> LineSet {
    lines
        .bytes()
        .enumerate()
        .fold(LineSet::EMPTY, |s, (i, b)| if b == b'1' { LineSet(s.0 | 1 << i) } else { s })
}

fn parse_dims(rxc: &str) -> Dims {
    let (r, c) = rxc.split_once('x').expect("RxC");
    Dims::new(r.parse().unwrap(), c.parse().unwrap()).unwrap()
}

fn show(geo: &Geometry, drawn: LineSet) -> String {
    (0..geo.num_lines()).map(|i| if drawn.0 >> i & 1 == 1 { '1' } else { '0' }).collect()
}

fn generate(dims: Dims, drawn: usize, seed: u64, count: usize) {
    let geo = Geometry::new(dims).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut made = 0;
    while made < count {
        let mut lines = LineSet::EMPTY;
        let mut tries = 0;
        while (lines.count() as usize) < drawn && tries < 1000 {
            tries += 1;
            let e = pencilbox_grid::Edge(rng.random_range(0..geo.num_lines()));
            let next = lines.with(e);
            if geo.boxes().all(|b| geo.drawn_sides(next, b) <= 2) {
                lines = next;
            }
        }
        if lines.count() as usize == drawn {
            println!("{}", show(&geo, lines));
            made += 1;
        }
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let coins = args.first().is_some_and(|a| a == "--coins");
    if coins {
        args.remove(0);
    }
    if args.first().map(String::as_str) == Some("gen") {
        let n = |i: usize, d: u64| args.get(i).map_or(d, |a| a.parse().expect("a number"));
        let dims = args.get(4).map_or(Dims::new(4, 4).unwrap(), |d| parse_dims(d));
        generate(dims, n(1, 12) as usize, n(2, 1), n(3, 5) as usize);
        return;
    }
    if args.first().map(String::as_str) == Some("solve") {
        // `solve RxC lines [threads] [table MiB] [ETC lines]`: one position, for picking members
        // of the set and for measuring table sizes and the enhanced-cutoff threshold.
        let geo = Geometry::new(parse_dims(&args[1])).unwrap();
        let mib = args.get(4).map_or(1024, |m| m.parse().unwrap());
        let mut solver = Solver::new(geo, TableSize::Mib(mib));
        solver.set_coin_keys(coins);
        solver.set_threads(args.get(3).map_or(1, |t| t.parse().unwrap()));
        if let Some(lines) = args.get(5) {
            solver.set_etc_lines(lines.parse().unwrap());
        }
        let t = Instant::now();
        let v = solver.value(parse(&args[2])).unwrap();
        println!("value {v} nodes {} in {:.2?}", solver.stats().nodes, t.elapsed());
        return;
    }
    let wanted: Option<Vec<&str>> = args.first().map(|a| a.split(',').collect());
    let (mut total_nodes, start) = (0, Instant::now());
    for &(name, r, c, lines, value) in SET {
        if wanted.as_ref().is_some_and(|w| !w.iter().any(|n| name.starts_with(n))) {
            continue;
        }
        let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
        let mut solver = Solver::new(geo, TableSize::Mib(1024));
        solver.set_coin_keys(coins);
        let t = Instant::now();
        let v = solver.value(parse(lines)).unwrap();
        let nodes = solver.stats().nodes;
        total_nodes += nodes;
        let s = solver.stats();
        println!(
            "{name:<8} value {v:>3}  nodes {nodes:>12}  {:>9.2?}  table {}/{}",
            t.elapsed(),
            s.tt_used,
            s.tt_capacity
        );
        assert_eq!(v, value, "{name}");
    }
    println!("total    nodes {total_nodes:>12}  {:>9.2?}", start.elapsed());
}
