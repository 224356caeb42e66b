//! `cargo bench -p pencilbox-dots --bench endgame`: exact values of large chains-and-loops
//! endgames. Every position is built from known components; the bench asserts the decomposition
//! and the value (against the slow multiset recursion where that is affordable) before timing.

use std::collections::HashSet;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pencilbox_dots::board::{Position, Score};
use pencilbox_dots::endgame::{self, Components, reference};
use pencilbox_grid::{Cell, Dims, Edge};

/// Builds a simple loony position from components given as box sequences.
struct Builder {
    dims: Dims,
    undrawn: HashSet<Edge>,
    used: HashSet<Cell>,
    chains: Vec<usize>,
    loops: Vec<usize>,
}

impl Builder {
    fn new(rows: usize, cols: usize) -> Builder {
        let dims = Dims::new(rows, cols).unwrap();
        Builder { dims, undrawn: HashSet::new(), used: HashSet::new(), chains: vec![], loops: vec![] }
    }

    fn shared(&self, a: Cell, b: Cell) -> Edge {
        let eb = self.dims.cell_edges(b);
        self.dims.cell_edges(a).into_iter().find(|e| eb.contains(e)).expect("adjacent boxes")
    }

    fn border_side(&self, cell: Cell, not: Option<Edge>) -> Edge {
        let on_border = |e: &Edge| self.dims.edge_cells(*e).iter().flatten().count() == 1;
        self.dims
            .cell_edges(cell)
            .into_iter()
            .find(|e| on_border(e) && Some(*e) != not)
            .expect("a border box")
    }

    fn take(&mut self, cells: &[Cell]) {
        for &c in cells {
            assert!(self.used.insert(c), "box {c} used twice");
        }
        for w in cells.windows(2) {
            self.undrawn.insert(self.shared(w[0], w[1]));
        }
    }

    /// A chain through `cells`, whose first and last boxes are on the border.
    fn chain(&mut self, cells: &[Cell]) {
        self.take(cells);
        let first = self.border_side(cells[0], None);
        let last = self.border_side(cells[cells.len() - 1], Some(first));
        self.undrawn.extend([first, last]);
        self.chains.push(cells.len());
    }

    /// A loop through `cells` in cyclic order.
    fn cycle(&mut self, cells: &[Cell]) {
        self.take(cells);
        self.undrawn.insert(self.shared(cells[0], cells[cells.len() - 1]));
        self.loops.push(cells.len());
    }

    fn row(&mut self, r: usize, cols: std::ops::Range<usize>) {
        let cells: Vec<Cell> = cols.map(|c| Cell::new(r, c)).collect();
        self.chain(&cells);
    }

    fn column(&mut self, c: usize, rows: std::ops::Range<usize>) {
        let cells: Vec<Cell> = rows.map(|r| Cell::new(r, c)).collect();
        self.chain(&cells);
    }

    fn build(self) -> (Position, Components) {
        let pos =
            Position::from_lines(self.dims, self.dims.edges().filter(|e| !self.undrawn.contains(e))).unwrap();
        (pos, Components::new(self.chains, self.loops))
    }
}

/// A 2×2 block as a 4-loop, a 2×3 block as a 6-loop.
fn four_loop(b: &mut Builder, r: usize, c: usize) {
    b.cycle(&[Cell::new(r, c), Cell::new(r, c + 1), Cell::new(r + 1, c + 1), Cell::new(r + 1, c)]);
}

fn six_loop(b: &mut Builder, r: usize, c: usize) {
    let ring = [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)];
    b.cycle(&ring.map(|(dr, dc)| Cell::new(r + dr, c + dc)));
}

/// Border chains of every short length, two long chains, 36 4-loops and 24 6-loops.
fn mixed_20x20() -> (Position, Components) {
    let mut b = Builder::new(20, 20);
    // Corners are 1-chains; the rest of the top and bottom rows are 2- and 3-chains.
    for (r, c) in [(0, 0), (0, 19), (19, 0), (19, 19)] {
        b.chain(&[Cell::new(r, c)]);
    }
    let mut c = 1;
    for len in [3, 3, 2, 2, 3, 3, 2] {
        b.row(0, c..c + len);
        c += len;
    }
    for c in (1..19).step_by(3) {
        b.row(19, c..c + 3);
    }
    // Two long chains across the board.
    b.row(1, 0..20);
    b.row(2, 0..20);
    // Left and right columns below them: vertical border chains.
    for (c, lens) in [(0, [3, 3, 3, 3, 2, 2]), (19, [2, 3, 2, 3, 3, 3])] {
        let mut r = 3;
        for len in lens {
            b.column(c, r..r + len);
            r += len;
        }
    }
    // The interior, columns 1..19: 4-loops in rows 3..11, 6-loops in rows 11..19.
    for r in (3..11).step_by(2) {
        for c in (1..19).step_by(2) {
            four_loop(&mut b, r, c);
        }
    }
    for r in (11..19).step_by(2) {
        for c in (1..19).step_by(3) {
            six_loop(&mut b, r, c);
        }
    }
    b.build()
}

/// The whole board as 100 4-loops.
fn loops_20x20() -> (Position, Components) {
    let mut b = Builder::new(20, 20);
    for r in (0..20).step_by(2) {
        for c in (0..20).step_by(2) {
            four_loop(&mut b, r, c);
        }
    }
    b.build()
}

/// 3-chains and 4-loops only (the kinds that make the dynamic programme largest), with a few
/// claimed boxes.
fn threes_and_fours_20x20() -> (Position, Components) {
    let mut b = Builder::new(20, 20);
    for r in [0, 19] {
        for c in (1..19).step_by(3) {
            b.row(r, c..c + 3);
        }
    }
    for c in [0, 19] {
        for r in (1..19).step_by(3) {
            b.column(c, r..r + 3);
        }
    }
    for r in (1..19).step_by(2) {
        for c in (1..19).step_by(2) {
            four_loop(&mut b, r, c);
        }
    }
    b.build()
}

/// A 64×64 board of 64 row-long chains.
fn rows_64x64() -> (Position, Components) {
    let mut b = Builder::new(64, 64);
    for r in 0..64 {
        b.row(r, 0..64);
    }
    b.build()
}

fn check(name: &str, (pos, built): &(Position, Components), want: Score, reference_ok: bool) {
    let parts = endgame::decompose(pos).unwrap();
    assert_eq!(&parts, built, "{name}: decomposition");
    let v = endgame::value(&parts);
    assert_eq!(v, want, "{name}: value");
    if reference_ok {
        assert_eq!(reference::multiset_value(&parts), want, "{name}: multiset recursion");
    }
}

fn bench(c: &mut Criterion) {
    let mixed = mixed_20x20();
    let loops = loops_20x20();
    let threes = threes_and_fours_20x20();
    let rows = rows_64x64();
    // Values pinned from the slow recursion (the mixed board's recursion takes a few seconds,
    // so it is run here once, not in the test suite).
    check("mixed 20x20", &mixed, MIXED_VALUE, true);
    check("loops 20x20", &loops, 0, true);
    check("threes and fours 20x20", &threes, THREES_VALUE, true);
    check("rows 64x64", &rows, -(64 * 64 - 4 * 63), true);

    let mixed_text = mixed.0.to_string();
    let mut g = c.benchmark_group("endgame");
    g.bench_function("mixed 20x20: parse + decompose + value", |b| {
        b.iter(|| {
            endgame::position_value(&black_box(mixed_text.as_str()).parse::<Position>().unwrap()).unwrap()
        })
    });
    for (name, (pos, _)) in
        [("mixed 20x20", &mixed), ("loops 20x20", &loops), ("threes and fours 20x20", &threes)]
    {
        g.bench_function(format!("{name}: decompose + value"), |b| {
            b.iter(|| endgame::position_value(black_box(pos)).unwrap())
        });
    }
    g.bench_function("rows 64x64: decompose + value", |b| {
        b.iter(|| endgame::position_value(black_box(&rows.0)).unwrap())
    });
    let parts = endgame::decompose(&mixed.0).unwrap();
    g.bench_function("mixed 20x20: value of the components", |b| {
        b.iter(|| endgame::value(black_box(&parts)))
    });
    g.finish();
}

const MIXED_VALUE: Score = 0;
const THREES_VALUE: Score = -2;

criterion_group!(benches, bench);
criterion_main!(benches);
