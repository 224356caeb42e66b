//! Makes the default test suite's known answers, `tests/fixtures/generated.txt`: puzzles made by
//! pencilbox's own generator at every level it offers and at several sizes, each with its one
//! solution and its level. The same command gives the same file (every puzzle comes from a
//! fixed seed), so the fixture can be remade after a change to the generator:
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example fixture > crates/slither/tests/fixtures/generated.txt
//! ```
//!
//! The puzzle of the `i`-th line of the plan (from 0) is the first one that the seeds
//! `100 i + 1`, `100 i + 2`, ... give (a `trial-2` puzzle is rare on small boards; distinct seeds
//! give each line its own random loop); its uniqueness is proven by the solver, and its level is
//! checked by grading it again. The format is described in the file's header, printed below.

use pencilbox_grid::{Cell, Dims};
use pencilbox_slither::level::{self, Level};
use pencilbox_slither::limits::GENERATE_ATTEMPTS;
use pencilbox_slither::{Clue, Puzzle, Solution, Verdict, generate, solver};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The puzzles to make: rows, columns and level. Sizes run from small boards to 15x15 and
/// beyond where the generator is fast, some of them not square (to catch rows taken for
/// columns).
const PLAN: &[(usize, usize, Level)] = &[
    (3, 4, Level::Easy),
    (4, 6, Level::Easy),
    (10, 10, Level::Easy),
    (15, 15, Level::Easy),
    (20, 25, Level::Easy),
    (5, 5, Level::Normal),
    (8, 12, Level::Normal),
    (15, 15, Level::Normal),
    (20, 20, Level::Normal),
    (5, 5, Level::Tricky),
    (10, 10, Level::Tricky),
    (12, 15, Level::Tricky),
    (5, 5, Level::Hard),
    (10, 10, Level::Hard),
    (15, 15, Level::Hard),
    (6, 6, Level::Expert),
    (10, 10, Level::Expert),
    (15, 15, Level::Expert),
    (6, 6, Level::Trial(1)),
    (10, 10, Level::Trial(1)),
    (15, 15, Level::Trial(1)),
    (8, 10, Level::Trial(2)),
    (10, 10, Level::Trial(2)),
];

/// The seeds tried for one puzzle before giving up.
const SEEDS: u64 = 100;

const HEADER: &str = "\
# Slitherlink puzzles made by pencilbox's own generator, with their solutions and levels: the
# known answers of the default test suite (read by tests/support/fixtures.rs).
# Made by: cargo run --release -p pencilbox-slither --example fixture > crates/slither/tests/fixtures/generated.txt
# One puzzle per line, five fields separated by blanks:
#   SIZE      rows x columns
#   LEVEL     the level the generator was asked for, which is the puzzle's level
#   SEED      the seed of the generator's ChaCha8 random numbers that made it
#   CLUES     the clues row by row, rows separated by `/`: 0-3, or `.` for a blank cell
#   SOLUTION  the one loop, row by row as CLUES: `x` for a cell inside the loop, `.` outside
# Lines starting with `#` are comments.";

/// The first puzzle of level `target` that the seeds `first`, `first + 1`, ... give, with its
/// seed.
fn first_puzzle(d: Dims, target: Level, first: u64) -> (u64, Puzzle) {
    (first..first + SEEDS)
        .find_map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            generate::generate(d, target, GENERATE_ATTEMPTS, &mut rng).ok().map(|p| (seed, p))
        })
        .unwrap_or_else(|| panic!("no {target} puzzle of {d} from {SEEDS} seeds from {first}"))
}

/// The rows of a board, each cell as `cell(c)`, separated by `/`.
fn rows(d: Dims, cell: impl Fn(Cell) -> char) -> String {
    let rows: Vec<String> =
        (0..d.rows()).map(|r| (0..d.cols()).map(|c| cell(Cell::new(r, c))).collect()).collect();
    rows.join("/")
}

fn main() {
    println!("{HEADER}");
    for (i, &(r, c, target)) in (0..).zip(PLAN) {
        let d = Dims::new(r, c).expect("a board size");
        let (seed, p) = first_puzzle(d, target, 100 * i + 1);
        let Verdict::Unique(s) = solver::solve(&p) else { panic!("{d} {target}: not unique") };
        assert_eq!(level::grade(&p, None).map(|g| g.level), Ok(target), "{d} {target}");
        let clues = rows(d, |cell| match p.clue(cell) {
            Clue::Number(n) => char::from(b'0' + n),
            _ => '.',
        });
        println!("{d} {target} {seed} {clues} {}", inside(&s));
    }
}

/// The loop as rows of `x` (inside) and `.` (outside).
fn inside(s: &Solution) -> String {
    let d = s.dims();
    let inside = s.inside_cells();
    rows(d, |cell| if inside[d.cell_index(cell)] { 'x' } else { '.' })
}
