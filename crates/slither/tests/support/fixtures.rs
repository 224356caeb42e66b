//! The owned fixture `tests/fixtures/generated.txt`: puzzles made by pencilbox's own generator at
//! every level it offers, with their one solution and their level (made by `cargo run --release
//! -p pencilbox-slither --example fixture`; the file's header describes its format). They are
//! the default suite's known answers.
#![allow(dead_code)] // each test binary uses its own part

use pencilbox_grid::{Cell, Dims};
use pencilbox_slither::level::Level;
use pencilbox_slither::{Clue, Puzzle, Solution};

/// The fixture file, in the repository.
pub const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/generated.txt");

/// One generated puzzle with its known answers.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// `ROWSxCOLS LEVEL SEED`: what a failing assertion names.
    pub name: String,
    pub puzzle: Puzzle,
    pub solution: Solution,
    pub level: Level,
}

/// Every puzzle of the fixture, in its order; panics, naming the line, on a malformed line.
pub fn load() -> Vec<Fixture> {
    let text =
        std::fs::read_to_string(PATH).unwrap_or_else(|e| panic!("cannot read the fixture {PATH}: {e}"));
    let fixtures: Vec<Fixture> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| parse_line(l).unwrap_or_else(|e| panic!("{PATH}, line {}: {e}", i + 1)))
        .collect();
    assert!(!fixtures.is_empty(), "{PATH} holds no puzzle");
    fixtures
}

/// One line: `SIZE LEVEL SEED CLUES SOLUTION`.
fn parse_line(line: &str) -> Result<Fixture, String> {
    let [size, level, seed, clues, inside] = line.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err(format!("expected five fields, found {line:?}"));
    };
    let d: Dims = size.parse().map_err(|e| format!("size {size:?}: {e}"))?;
    let level: Level = level.parse().map_err(|e| format!("{e}"))?;
    seed.parse::<u64>().map_err(|e| format!("seed {seed:?}: {e}"))?;
    let clues = cells(d, clues, |ch| match ch {
        '0'..='3' => Some(Clue::Number(ch as u8 - b'0')),
        '.' => Some(Clue::Blank),
        _ => None,
    })
    .map_err(|e| format!("clues: {e}"))?;
    let inside = cells(d, inside, |ch| match ch {
        'x' => Some(true),
        '.' => Some(false),
        _ => None,
    })
    .map_err(|e| format!("solution: {e}"))?;
    let puzzle = Puzzle::new(d, clues);
    let solution = Solution::from_inside(d, &inside);
    if !puzzle.is_solution(&solution) {
        return Err("the solution does not meet the clues".into());
    }
    Ok(Fixture { name: format!("{size} {level} {seed}"), puzzle, solution, level })
}

/// The cells of a `d` board written as rows separated by `/`, each cell one character read by
/// `read`; in row-major order.
fn cells<T>(d: Dims, text: &str, read: impl Fn(char) -> Option<T>) -> Result<Vec<T>, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != d.rows() {
        return Err(format!("{} rows, the board has {}", rows.len(), d.rows()));
    }
    let mut out = Vec::with_capacity(d.num_cells());
    for (r, row) in rows.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != d.cols() {
            return Err(format!("row {r} has {} cells, the board has {} columns", chars.len(), d.cols()));
        }
        for (c, &ch) in chars.iter().enumerate() {
            out.push(read(ch).ok_or_else(|| format!("{ch:?} at {}", Cell::new(r, c)))?);
        }
    }
    Ok(out)
}
