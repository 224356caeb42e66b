//! Test sets: positions with the exact value of every legal move, one per line, the way chess
//! engines are measured on EPD suites. The midgame accuracy fixture
//! (`tests/fixtures/midgame-5x5.txt`) is one; the `midgame_fixture` example makes it and the
//! `accuracy` example measures a player on it.
//!
//! One position per line, fields separated by blanks:
//!
//! ```text
//! 5x5 <line string> <value> <line>:<value> <line>:<value> ...
//! ```
//!
//! the board size in boxes, the OpenSpiel line string of the drawn lines (one `0`/`1` per line
//! in the shared edge numbering), the exact value of the position for the player to move (net
//! boxes over the unclaimed ones, as [`crate::solver`] defines it), then every legal move as its
//! line number and its exact value for the mover (the boxes it completes plus the value of the
//! rest if the mover moves again, minus the opponent's value otherwise). The loss of a move is
//! the position's value minus the move's. Lines starting with `#` are comments.
//!
//! ```
//! use pencilbox_dots::test_set;
//! let set = test_set::parse("# one position\n1x1 1110 1 3:1\n").unwrap();
//! assert_eq!(set[0].value, 1);
//! assert_eq!(set[0].to_string(), "1x1 1110 1 3:1");
//! ```

use std::fmt;

use pencilbox_grid::{Dims, DimsError, Edge};

use crate::board::{BoardError, Position, Score};
use crate::compact::LineSet;

/// One position with the exact value of every legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Valued {
    pub dims: Dims,
    pub drawn: LineSet,
    /// The value for the player to move.
    pub value: Score,
    /// Every legal move with its value for the mover, as listed.
    pub moves: Vec<(Edge, Score)>,
}

impl Valued {
    /// How many boxes `line` gives up against the best move; `None` when it is not listed.
    pub fn loss(&self, line: Edge) -> Option<Score> {
        self.moves.iter().find(|&&(e, _)| e == line).map(|&(_, v)| self.value - v)
    }
}

/// The OpenSpiel line string of `drawn` on a `dims` board.
pub fn line_string(dims: Dims, drawn: LineSet) -> String {
    (0..dims.num_edges()).map(|i| if drawn.contains(Edge(i)) { '1' } else { '0' }).collect()
}

impl fmt::Display for Valued {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.dims, line_string(self.dims, self.drawn), self.value)?;
        self.moves.iter().try_for_each(|(e, v)| write!(f, " {}:{v}", e.index()))
    }
}

/// What is wrong with a line of a test set (lines are numbered from 1).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TestSetError {
    #[error("line {line}: expected `RxC LINES VALUE LINE:VALUE...`, found {fields} field(s)")]
    TooFewFields { line: usize, fields: usize },
    #[error("line {line}: board size: {source}")]
    Dims { line: usize, source: DimsError },
    #[error("line {line}: line string: {source}")]
    Lines { line: usize, source: BoardError },
    #[error("line {line}: a {dims} board is too large for the solver")]
    TooLarge { line: usize, dims: Dims },
    #[error("line {line}: `{found}` is not a value")]
    Value { line: usize, found: String },
    #[error("line {line}: `{found}` is not LINE:VALUE")]
    Move { line: usize, found: String },
}

/// Every position of a test set's text, in order.
pub fn parse(text: &str) -> Result<Vec<Valued>, TestSetError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| parse_line(i + 1, l))
        .collect()
}

fn parse_line(line: usize, text: &str) -> Result<Valued, TestSetError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [dims, lines, value, moves @ ..] = &fields[..] else {
        return Err(TestSetError::TooFewFields { line, fields: fields.len() });
    };
    let dims: Dims = dims.parse().map_err(|source| TestSetError::Dims { line, source })?;
    let position =
        Position::from_line_string(dims, lines).map_err(|source| TestSetError::Lines { line, source })?;
    let drawn = LineSet::of_position(&position).map_err(|_| TestSetError::TooLarge { line, dims })?;
    let value = value.parse().map_err(|_| TestSetError::Value { line, found: value.to_string() })?;
    let moves = moves
        .iter()
        .map(|m| {
            let bad = || TestSetError::Move { line, found: m.to_string() };
            let (e, v) = m.split_once(':').ok_or_else(bad)?;
            Ok((Edge(e.parse().map_err(|_| bad())?), v.parse().map_err(|_| bad())?))
        })
        .collect::<Result<_, _>>()?;
    Ok(Valued { dims, drawn, value, moves })
}
