//! The contest board (`game.in`): N, then N rows of N tokens — `#` empty, `B` painted, or a
//! number ≥ 1.

use std::fmt;
use std::str::FromStr;

use pencilbox_grid::{Cell, Dims, Pos, ScanError, Scanner};

/// The largest side accepted in `game.in`.
pub const MAX_BOARD_SIDE: usize = 200;
/// The largest side the contest uses (its large preset's), and the largest the web page plays.
pub const CONTEST_MAX_SIDE: usize = 30;
/// The largest number accepted on a cell; anything bigger than the board could never be painted.
pub const MAX_NUMBER: u32 = 40_000;

/// One square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// `#`: unpainted, no number.
    Empty,
    /// `B`: painted by an earlier move.
    Painted,
    /// An unpainted cell holding a number.
    Number(u32),
}

/// What is wrong with a `game.in`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    #[error(transparent)]
    Scan(#[from] ScanError),
    #[error("{pos}: row {row} has {got} tokens, expected {expected}")]
    RowLength { pos: Pos, row: usize, got: usize, expected: usize },
    #[error("{pos}: unknown token {token:?} (expected `#`, `B` or a number)")]
    UnknownToken { pos: Pos, token: String },
    #[error("{pos}: numbers must be at least 1, got {token}")]
    NumberBelowOne { pos: Pos, token: String },
    #[error("{pos}: number {token} is larger than {MAX_NUMBER}")]
    NumberTooLarge { pos: Pos, token: String },
}

/// An N×N Islands board: the state every move starts from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    dims: Dims,
    /// Row-major, `dims.num_cells()` squares.
    squares: Vec<Square>,
}

impl Board {
    /// A board from its squares, row-major; `None` unless there are n×n of them with 1 ≤ n ≤
    /// [`MAX_BOARD_SIDE`] and every number in 1..=[`MAX_NUMBER`].
    pub fn from_squares(n: usize, squares: Vec<Square>) -> Option<Board> {
        let ok_numbers =
            squares.iter().all(|s| !matches!(s, Square::Number(k) if *k == 0 || *k > MAX_NUMBER));
        if !(1..=MAX_BOARD_SIDE).contains(&n) || squares.len() != n * n || !ok_numbers {
            return None;
        }
        Some(Board { dims: Dims::new(n, n).ok()?, squares })
    }

    pub fn n(&self) -> usize {
        self.dims.rows()
    }
    pub fn dims(&self) -> Dims {
        self.dims
    }
    pub fn get(&self, cell: Cell) -> Square {
        self.squares[self.dims.cell_index(cell)]
    }
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Paints `cells` (no checks: validate the move first).
    pub fn paint(&mut self, cells: &[Cell]) {
        for &c in cells {
            let i = self.dims.cell_index(c);
            self.squares[i] = Square::Painted;
        }
    }

    /// The unpainted numbered cells.
    pub fn numbers(&self) -> impl Iterator<Item = (Cell, u32)> + '_ {
        self.dims.cells().filter_map(|c| match self.get(c) {
            Square::Number(k) => Some((c, k)),
            _ => None,
        })
    }

    /// True when the cell is painted or shares a side with a painted cell: it can never be part
    /// of a move again.
    pub fn touches_paint(&self, cell: Cell) -> bool {
        self.get(cell) == Square::Painted
            || self.dims.neighbours(cell).any(|nb| self.get(nb) == Square::Painted)
    }

    /// The unpainted cells that share a side with paint, row by row: no move may use them.
    pub fn blocked_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.dims.cells().filter(|&c| self.get(c) != Square::Painted && self.touches_paint(c))
    }

    /// The numbers a move can still paint, row by row (the others can never be painted:
    /// [`crate::Field`] tells which).
    pub fn live_numbers(&self) -> Vec<Cell> {
        let (field, _) = crate::Field::from_board(self);
        field.numbers().map(|(i, _)| field.cell(i)).collect()
    }
}

impl FromStr for Board {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Board, ParseError> {
        let mut s = Scanner::new(text);
        let n = s.number("N", 1..=MAX_BOARD_SIDE)?;
        let mut squares = Vec::with_capacity(n * n);
        for row in 0..n {
            let line = s.line(&format!("row {row} of {n}"))?;
            let mut got = 0;
            let mut offset = 0;
            for word in line.text.split_whitespace() {
                let at = offset + line.text[offset..].find(word).unwrap_or(0);
                offset = at + word.len();
                let pos = line.pos_of_char(line.text[..at].chars().count());
                got += 1;
                if got <= n {
                    squares.push(parse_token(word, pos)?);
                }
            }
            if got != n {
                return Err(ParseError::RowLength { pos: line.pos, row, got, expected: n });
            }
        }
        s.finish()?;
        Ok(Board { dims: Dims::new(n, n).map_err(|e| ScanError::other(s.pos(), e.to_string()))?, squares })
    }
}

fn parse_token(word: &str, pos: Pos) -> Result<Square, ParseError> {
    match word {
        "#" => Ok(Square::Empty),
        "B" => Ok(Square::Painted),
        _ => {
            let digits = word.strip_prefix('-').unwrap_or(word);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseError::UnknownToken { pos, token: word.to_string() });
            }
            if word.starts_with('-') || digits.bytes().all(|b| b == b'0') {
                return Err(ParseError::NumberBelowOne { pos, token: word.to_string() });
            }
            match word.parse::<u32>() {
                Ok(k) if k <= MAX_NUMBER => Ok(Square::Number(k)),
                _ => Err(ParseError::NumberTooLarge { pos, token: word.to_string() }),
            }
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.n())?;
        for row in self.squares.chunks(self.n()) {
            let words: Vec<String> = row
                .iter()
                .map(|s| match s {
                    Square::Empty => "#".to_string(),
                    Square::Painted => "B".to_string(),
                    Square::Number(k) => k.to_string(),
                })
                .collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATEMENT: &str = "5\n# # # # #\n# # 3 1 #\n# # # # #\n2 1 # 5 #\n# # # # #\n";

    #[test]
    fn statement_round_trips() {
        let b: Board = STATEMENT.parse().unwrap();
        assert_eq!(b.n(), 5);
        assert_eq!(b.get(Cell::new(1, 2)), Square::Number(3));
        assert_eq!(b.to_string(), STATEMENT);
        assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = "2\n# #\n# x\n".parse::<Board>().unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 3: unknown token \"x\" (expected `#`, `B` or a number)");
        let e = "2\n# #\n#\n".parse::<Board>().unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 1: row 1 has 1 tokens, expected 2");
        let e = "2\n# 0\n# #\n".parse::<Board>().unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 3: numbers must be at least 1, got 0");
        let e = "2\n# -3\n# #\n".parse::<Board>().unwrap_err();
        assert!(matches!(e, ParseError::NumberBelowOne { .. }), "{e}");
        let e = "3\n# #\n# #\n".parse::<Board>().unwrap_err();
        assert!(matches!(e, ParseError::RowLength { .. }), "{e}");
        let e = "2\n# #\n# #\n# #\n".parse::<Board>().unwrap_err();
        assert!(e.to_string().starts_with("line 4, column 1: unexpected text"), "{e}");
        let e = "x\n".parse::<Board>().unwrap_err();
        assert!(e.to_string().starts_with("line 1, column 1"), "{e}");
        let e = "2\n# #\n".parse::<Board>().unwrap_err();
        assert!(e.to_string().contains("input ended"), "{e}");
    }
}
