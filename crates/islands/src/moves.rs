//! Moves in the `game.out` format (K, then K lines `x y`: row and column, 0-based) and the rules
//! that make a move legal.

use std::collections::HashSet;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use pencilbox_grid::{Cell, ScanError, Scanner};

use crate::board::{Board, Square};
use crate::field::Field;

/// The most cells a `game.out` may list (more than any board holds).
pub const MAX_MOVE_CELLS: usize = 100_000;

/// A `game.out` as written: any coordinates, possibly off the board or repeated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawMove {
    pub cells: Vec<(i64, i64)>,
}

/// A legal move: the cells it paints, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    cells: Vec<Cell>,
}

/// Why a move is illegal on a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    #[error("the move paints no cells")]
    Empty,
    #[error("cell ({row}, {col}) is off the {n}x{n} board")]
    OffBoard { row: i64, col: i64, n: usize },
    #[error("cell {0} is listed twice")]
    Duplicate(Cell),
    #[error("cell {0} is already painted")]
    AlreadyPainted(Cell),
    #[error("cell {0} touches an earlier painted region")]
    TouchesPaint(Cell),
    #[error("the region holds no number")]
    NoNumber,
    #[error("the region holds two or more numbers ({0} and {1})")]
    TwoNumbers(Cell, Cell),
    #[error("the region has {got} cell{} but its number is {number}", if *got == 1 { "" } else { "s" })]
    WrongSize { got: usize, number: u32 },
    #[error("the region is not connected (cell {0} is cut off)")]
    Disconnected(Cell),
}

impl RawMove {
    /// Checks the move against `board`; the first rule broken, in the order of the error enum.
    pub fn validate(&self, board: &Board) -> Result<Move, IllegalMove> {
        if self.cells.is_empty() {
            return Err(IllegalMove::Empty);
        }
        let n = board.n();
        let mut cells = Vec::with_capacity(self.cells.len());
        for &(row, col) in &self.cells {
            if row < 0 || col < 0 || row >= n as i64 || col >= n as i64 {
                return Err(IllegalMove::OffBoard { row, col, n });
            }
            cells.push(Cell::new(row as usize, col as usize));
        }
        let mut seen = HashSet::new();
        for &c in &cells {
            if !seen.insert(c) {
                return Err(IllegalMove::Duplicate(c));
            }
        }
        for &c in &cells {
            if board.get(c) == Square::Painted {
                return Err(IllegalMove::AlreadyPainted(c));
            }
        }
        for &c in &cells {
            if board.touches_paint(c) {
                return Err(IllegalMove::TouchesPaint(c));
            }
        }
        let numbered: Vec<(Cell, u32)> = cells
            .iter()
            .filter_map(|&c| match board.get(c) {
                Square::Number(k) => Some((c, k)),
                _ => None,
            })
            .collect();
        let number = match numbered[..] {
            [] => return Err(IllegalMove::NoNumber),
            [(_, k)] => k,
            [(a, _), (b, _), ..] => return Err(IllegalMove::TwoNumbers(a, b)),
        };
        if cells.len() != number as usize {
            return Err(IllegalMove::WrongSize { got: cells.len(), number });
        }
        if let Some(c) = first_disconnected(board, &cells) {
            return Err(IllegalMove::Disconnected(c));
        }
        cells.sort();
        Ok(Move { cells })
    }
}

/// Calls `f` with every legal move of `board`, each once: the live numbers row by row, each
/// number's regions in the order of [`Field::for_each_region`]. There can be very many (a
/// `medium` opening has thousands per number): `f` stops the listing by breaking.
pub fn for_each_legal_move<B>(board: &Board, mut f: impl FnMut(Move) -> ControlFlow<B>) -> ControlFlow<B> {
    let (field, _) = Field::from_board(board);
    for (root, k) in field.numbers() {
        field.for_each_region(root, k, &mut |region| f(field.to_move(region)))?;
    }
    ControlFlow::Continue(())
}

/// A cell not reachable from the first one through cells of the set, if any.
fn first_disconnected(board: &Board, cells: &[Cell]) -> Option<Cell> {
    let set: HashSet<Cell> = cells.iter().copied().collect();
    let mut reached = HashSet::from([cells[0]]);
    let mut stack = vec![cells[0]];
    while let Some(c) = stack.pop() {
        for nb in board.dims().neighbours(c) {
            if set.contains(&nb) && reached.insert(nb) {
                stack.push(nb);
            }
        }
    }
    cells.iter().copied().find(|c| !reached.contains(c))
}

impl Move {
    /// A move from cells already known to be legal (the engine's own moves); sorted here.
    pub(crate) fn from_cells(mut cells: Vec<Cell>) -> Move {
        cells.sort();
        Move { cells }
    }
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
    pub fn to_raw(&self) -> RawMove {
        RawMove { cells: self.cells.iter().map(|c| (c.row as i64, c.col as i64)).collect() }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_raw().fmt(f)
    }
}

impl fmt::Display for RawMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.cells.len())?;
        for (r, c) in &self.cells {
            writeln!(f, "{r} {c}")?;
        }
        Ok(())
    }
}

impl FromStr for RawMove {
    type Err = ScanError;
    /// Reads K then K pairs; coordinates may be any integers (the rules judge them, not the
    /// parser), anything else is an error with its line and column.
    fn from_str(text: &str) -> Result<RawMove, ScanError> {
        let mut s = Scanner::new(text);
        let k = s.number("the number of cells K", 0..=MAX_MOVE_CELLS)?;
        let mut cells = Vec::with_capacity(k);
        for i in 0..k {
            let x = coordinate(&mut s, &format!("row x of cell {}", i + 1))?;
            let y = coordinate(&mut s, &format!("column y of cell {}", i + 1))?;
            cells.push((x, y));
        }
        s.finish()?;
        Ok(RawMove { cells })
    }
}

fn coordinate(s: &mut Scanner<'_>, what: &str) -> Result<i64, ScanError> {
    let tok = s.token(what)?;
    tok.text.parse::<i64>().map_err(|_| {
        ScanError::new(
            tok.pos,
            pencilbox_grid::ScanErrorKind::Unexpected {
                expected: what.to_string(),
                found: tok.text.to_string(),
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        "5\n# # # # #\n# # 3 1 #\n# # # # #\n2 1 # 5 #\n# # # # #\n".parse().unwrap()
    }
    fn check(text: &str, b: &Board) -> Result<Move, IllegalMove> {
        text.parse::<RawMove>().unwrap().validate(b)
    }

    #[test]
    fn statement_moves_are_legal_and_round_trip() {
        let b = board();
        let m = check("5\n3 3\n3 4\n4 2\n4 3\n4 4\n", &b).unwrap();
        assert_eq!(m.to_string(), "5\n3 3\n3 4\n4 2\n4 3\n4 4\n");
        assert_eq!(m.to_string().parse::<RawMove>().unwrap(), m.to_raw());
    }

    #[test]
    fn each_illegality_has_its_reason() {
        let mut b = board();
        assert_eq!(check("0\n", &b), Err(IllegalMove::Empty));
        assert_eq!(check("1\n5 0\n", &b), Err(IllegalMove::OffBoard { row: 5, col: 0, n: 5 }));
        assert_eq!(check("1\n0 -1\n", &b), Err(IllegalMove::OffBoard { row: 0, col: -1, n: 5 }));
        assert_eq!(check("2\n1 3\n1 3\n", &b), Err(IllegalMove::Duplicate(Cell::new(1, 3))));
        assert_eq!(check("1\n0 0\n", &b), Err(IllegalMove::NoNumber));
        assert_eq!(
            check("2\n1 2\n1 3\n", &b),
            Err(IllegalMove::TwoNumbers(Cell::new(1, 2), Cell::new(1, 3)))
        );
        assert_eq!(check("2\n1 2\n0 2\n", &b), Err(IllegalMove::WrongSize { got: 2, number: 3 }));
        let one = check("1\n1 2\n", &b).unwrap_err();
        assert_eq!(one.to_string(), "the region has 1 cell but its number is 3");
        assert_eq!(check("3\n1 2\n0 2\n2 1\n", &b), Err(IllegalMove::Disconnected(Cell::new(2, 1))));
        b.paint(&[Cell::new(3, 3), Cell::new(3, 4), Cell::new(4, 2), Cell::new(4, 3), Cell::new(4, 4)]);
        assert_eq!(check("1\n3 3\n", &b), Err(IllegalMove::AlreadyPainted(Cell::new(3, 3))));
        assert_eq!(check("1\n2 3\n", &b), Err(IllegalMove::TouchesPaint(Cell::new(2, 3))));
    }

    #[test]
    fn garbage_is_a_parse_error_with_position() {
        let e = "2\n1 x\n".parse::<RawMove>().unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 3: expected column y of cell 1, found \"x\"");
        assert!("1\n1 1\n7\n".parse::<RawMove>().is_err());
        assert!("".parse::<RawMove>().is_err());
    }
}
