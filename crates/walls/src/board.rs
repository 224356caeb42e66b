//! The board of the Wall Making Game: its size and which cells are marked `X`, and its contest
//! text format.
//!
//! ```text
//! H W
//! <H lines of W characters, each `.` (empty) or `X` (marked)>
//! ```

use std::fmt;
use std::str::FromStr;

use pencilbox_grid::{BitSet, Cell, Dims, Pos, ScanError, Scanner};

/// The largest number of rows or columns accepted (the contest allows 20; the engine handles
/// 64×64 in a few seconds and its table grows as `H²W²`).
pub const MAX_BOARD_SIDE: usize = 64;

/// The largest side analysed while a person waits (the web page): the tables have no deadline
/// of their own and grow as `H²W²`, and up to this side they take well under a request's time.
pub const PAGE_MAX_SIDE: usize = 32;

/// Why a board text was rejected. Every variant names where in the input the problem is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A malformed or out-of-range size, a missing row, or text after the last row.
    #[error(transparent)]
    Scan(#[from] ScanError),
    /// A character other than `.` and `X` in a row.
    #[error("{pos}: row {row} has {found:?}, expected '.' or 'X'")]
    BadChar { pos: Pos, row: usize, found: char },
    /// A row with the wrong number of characters.
    #[error("{pos}: row {row} has {found} character{}, expected {expected}", if *found == 1 { "" } else { "s" })]
    RowLength { pos: Pos, row: usize, found: usize, expected: usize },
}

/// A validated board: `dims` and the set of marked cells (row-major cell indices).
///
/// Marked cells can never be chosen, but walls spread through them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    dims: Dims,
    marked: BitSet,
}

impl Board {
    /// An all-empty board of `rows × cols`; `None` if a side is 0 or above [`MAX_BOARD_SIDE`].
    pub fn empty(rows: usize, cols: usize) -> Option<Board> {
        if !(1..=MAX_BOARD_SIDE).contains(&rows) || !(1..=MAX_BOARD_SIDE).contains(&cols) {
            return None;
        }
        let dims = Dims::new(rows, cols).ok()?;
        Some(Board { dims, marked: BitSet::new(dims.num_cells()) })
    }

    /// A board with the given cells marked; cells off the board are ignored.
    pub fn with_marks(rows: usize, cols: usize, marks: impl IntoIterator<Item = Cell>) -> Option<Board> {
        let mut board = Board::empty(rows, cols)?;
        for cell in marks {
            if board.dims.contains(cell) {
                board.marked.insert(board.dims.cell_index(cell));
            }
        }
        Some(board)
    }

    pub fn dims(&self) -> Dims {
        self.dims
    }
    pub fn rows(&self) -> usize {
        self.dims.rows()
    }
    pub fn cols(&self) -> usize {
        self.dims.cols()
    }

    /// Whether `cell` is marked `X`. Cells off the board are not.
    pub fn is_marked(&self, cell: Cell) -> bool {
        self.dims.contains(cell) && self.marked.contains(self.dims.cell_index(cell))
    }

    /// Parses the contest format (see the module docs).
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        Board::parse_within(text, MAX_BOARD_SIDE)
    }

    /// Parses the contest format with sides of at most `max_side` (itself capped at
    /// [`MAX_BOARD_SIDE`]): a caller with a smaller limit gets the error at the size, with its
    /// position, saying that limit.
    pub fn parse_within(text: &str, max_side: usize) -> Result<Board, ParseError> {
        let max_side = max_side.min(MAX_BOARD_SIDE);
        let mut s = Scanner::new(text);
        let rows = s.number("the number of rows H", 1..=max_side)?;
        let cols = s.number("the number of columns W", 1..=max_side)?;
        let mut board = Board::empty(rows, cols).expect("sides were range-checked");
        for row in 0..rows {
            let line = s.line(&format!("row {} of {rows}", row + 1))?;
            let found = line.text.chars().count();
            if found != cols {
                return Err(ParseError::RowLength { pos: line.pos, row: row + 1, found, expected: cols });
            }
            for (col, ch) in line.text.chars().enumerate() {
                match ch {
                    '.' => {}
                    'X' => {
                        board.marked.insert(board.dims.cell_index(Cell::new(row, col)));
                    }
                    found => {
                        return Err(ParseError::BadChar { pos: line.pos_of_char(col), row: row + 1, found });
                    }
                }
            }
        }
        s.finish()?;
        Ok(board)
    }
}

impl FromStr for Board {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Board, ParseError> {
        Board::parse(s)
    }
}

/// Prints the contest format, so `Display` and `FromStr` round-trip.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows(), self.cols())?;
        for row in 0..self.rows() {
            for col in 0..self.cols() {
                f.write_str(if self.is_marked(Cell::new(row, col)) { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn display_and_parse_round_trip(rows in 1..=MAX_BOARD_SIDE, cols in 1..=MAX_BOARD_SIDE, seed in any::<u64>()) {
            // A cheap deterministic pattern from the seed (no RNG needed for a format test).
            let marks = (0..rows * cols)
                .filter(|i| (seed.rotate_left((*i % 64) as u32) ^ *i as u64).is_multiple_of(3))
                .map(|i| Cell::new(i / cols, i % cols));
            let board = Board::with_marks(rows, cols, marks).unwrap();
            let text = board.to_string();
            prop_assert_eq!(text.parse::<Board>().unwrap(), board);
        }
    }

    #[test]
    fn parses_and_round_trips() {
        let text = "3 2\n..\nXX\n.X\n";
        let b: Board = text.parse().unwrap();
        assert!(b.is_marked(Cell::new(1, 0)) && !b.is_marked(Cell::new(2, 0)));
        assert_eq!(b.to_string(), text);
        assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = |t: &str| Board::parse(t).unwrap_err().to_string();
        assert_eq!(err("2 2\n.a\n..\n"), "line 2, column 2: row 1 has 'a', expected '.' or 'X'");
        assert_eq!(err("2 2\n.\n..\n"), "line 2, column 1: row 1 has 1 character, expected 2");
        assert_eq!(err("2 2\n...\n..\n"), "line 2, column 1: row 1 has 3 characters, expected 2");
        assert_eq!(err("2 2\n..\n"), "line 3, column 1: expected row 2 of 2, but the input ended");
        assert_eq!(err("1 1\n.\n.\n"), "line 3, column 1: unexpected text after the end of the input: \".\"");
        assert_eq!(err("65 1\n"), "line 1, column 1: the number of rows H must be between 1 and 64, got 65");
        let small = Board::parse_within("3 33\n", 32).unwrap_err().to_string();
        assert_eq!(small, "line 1, column 3: the number of columns W must be between 1 and 32, got 33");
        assert!(Board::parse_within("1 1\n.\n", 32).is_ok());
        assert!(matches!(Board::parse("2 x\n"), Err(ParseError::Scan(_))));
        assert!(matches!(Board::parse(""), Err(ParseError::Scan(_))));
    }
}
