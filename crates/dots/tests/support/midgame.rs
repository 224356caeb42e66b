//! The midgame accuracy fixture (`tests/fixtures/midgame-5x5.txt`): its text format, shared by
//! the test that checks the fixture, the example that made it (`midgame_fixture`) and the
//! example that measures a player on it (`accuracy`).
//!
//! One position per line, fields separated by blanks:
//!
//! ```text
//! 5x5 <line string> <value> <line>:<value> <line>:<value> ...
//! ```
//!
//! the board size in boxes, the OpenSpiel line string of the drawn lines (one `0`/`1` per line
//! in the shared edge numbering), the exact value of the position for the player to move (net
//! boxes over the unclaimed ones, as [`pencilbox_dots::solver`] defines it), then every legal
//! move as its line number and its exact value for the mover (the boxes it completes plus the
//! value of the rest if the mover moves again, minus the opponent's value otherwise). The loss
//! of a move is the position's value minus the move's. Lines starting with `#` are comments.

use std::fmt;

use pencilbox_dots::board::{BoardError, Position};
use pencilbox_dots::lines::LineSet;
use pencilbox_dots::solver::Score;
use pencilbox_grid::{Dims, DimsError, Edge};

/// The fixture in the repository.
pub const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/midgame-5x5.txt");

/// One position with the exact value of every legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Midgame {
    pub dims: Dims,
    pub drawn: LineSet,
    /// The value for the player to move.
    pub value: Score,
    /// Every legal move with its value for the mover, as listed.
    pub moves: Vec<(Edge, Score)>,
}

impl Midgame {
    /// How many boxes `line` gives up against the best move; `None` when it is not listed.
    pub fn loss(&self, line: Edge) -> Option<Score> {
        self.moves.iter().find(|&&(e, _)| e == line).map(|&(_, v)| self.value - v)
    }
}

/// The OpenSpiel line string of `drawn` on a `dims` board.
pub fn line_string(dims: Dims, drawn: LineSet) -> String {
    (0..dims.num_edges()).map(|i| if drawn.contains(Edge(i)) { '1' } else { '0' }).collect()
}

impl fmt::Display for Midgame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.dims, line_string(self.dims, self.drawn), self.value)?;
        self.moves.iter().try_for_each(|(e, v)| write!(f, " {}:{v}", e.index()))
    }
}

/// What is wrong with a line of a fixture (lines are numbered from 1).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FixtureError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
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

/// Every position of a fixture's text, in order.
pub fn parse(text: &str) -> Result<Vec<Midgame>, FixtureError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| parse_line(i + 1, l))
        .collect()
}

fn parse_line(line: usize, text: &str) -> Result<Midgame, FixtureError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [dims, lines, value, moves @ ..] = &fields[..] else {
        return Err(FixtureError::TooFewFields { line, fields: fields.len() });
    };
    let dims: Dims = dims.parse().map_err(|source| FixtureError::Dims { line, source })?;
    let position =
        Position::from_line_string(dims, lines).map_err(|source| FixtureError::Lines { line, source })?;
    let drawn = LineSet::of_position(&position).map_err(|_| FixtureError::TooLarge { line, dims })?;
    let value = value.parse().map_err(|_| FixtureError::Value { line, found: value.to_string() })?;
    let moves = moves
        .iter()
        .map(|m| {
            let bad = || FixtureError::Move { line, found: m.to_string() };
            let (e, v) = m.split_once(':').ok_or_else(bad)?;
            Ok((Edge(e.parse().map_err(|_| bad())?), v.parse().map_err(|_| bad())?))
        })
        .collect::<Result<_, _>>()?;
    Ok(Midgame { dims, drawn, value, moves })
}

/// The positions of the fixture file at `path`.
pub fn read(path: &str) -> Result<Vec<Midgame>, FixtureError> {
    let text = std::fs::read_to_string(path)
        .map_err(|source| FixtureError::Read { path: path.to_string(), source })?;
    parse(&text)
}
