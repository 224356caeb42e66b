//! The Wall Making Game: boards in the contest text (`H W`, then rows of `.` and `X`, as
//! `pencilbox walls` reads them), their Sprague-Grundy values and winner, and play: the legal
//! moves, a move applied, the winning moves and the engine's move. Moves are `(row, col)`,
//! 0-based.

use std::sync::{Arc, OnceLock};

use pencilbox_cgt::{Nimber, Outcome};
use pencilbox_grid::Cell;
use pencilbox_walls::{
    Board, GrundyTable, LongestTable, MAX_BOARD_SIDE, MoveError, Position, analyze, contest_answer,
};
use pyo3::prelude::*;

use crate::call::{input_error, interruptible, invalid};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(walls_analyze, m)?)?;
    m.add_class::<WallsGame>()?;
    m.add("WALLS_MAX_SIDE", MAX_BOARD_SIDE)?;
    Ok(())
}

fn board(text: &str) -> PyResult<Board> {
    Board::parse(text).map_err(input_error)
}

type Move = (usize, usize);

fn moves(cells: impl IntoIterator<Item = Cell>) -> Vec<Move> {
    cells.into_iter().map(|c| (c.row, c.col)).collect()
}

/// The start position's Grundy value, the winner (`First` or `Second`, the contest's words, as
/// `pencilbox walls winner` prints them) and every winning first move, row by row. The tables
/// grow as H²W² (seconds at the largest boards), so the work runs without the GIL.
#[pyfunction]
fn walls_analyze(py: Python<'_>, board: &str) -> PyResult<(Nimber, &'static str, Vec<Move>)> {
    let board = self::board(board)?;
    let a = interruptible(py, move |_| analyze(&board))?;
    Ok((a.grundy, contest_answer(a.winner), moves(a.winning_moves)))
}

/// A game in progress on a board: the walls built so far, by the engine's rule (a move walls
/// its cell and, in each direction, every cell up to the first wall). The board's tables are
/// shared by the game's copies, so a search that copies positions copies only the walls.
#[pyclass(module = "pencilbox._native")]
#[derive(Clone, Debug)]
pub struct WallsGame {
    board: Arc<Board>,
    grundy: Arc<GrundyTable>,
    /// The longest-play table, for the engine's move only: made when first asked for.
    longest: Arc<OnceLock<LongestTable>>,
    position: Position,
}

impl WallsGame {
    /// The cell at `row`, `col` on the board.
    fn cell(&self, row: i64, col: i64) -> PyResult<Cell> {
        let (Ok(r), Ok(c)) = (usize::try_from(row), usize::try_from(col)) else {
            return Err(invalid(format!("({row}, {col}) is not a cell: rows and columns count from 0")));
        };
        let (cell, dims) = (Cell::new(r, c), self.board.dims());
        if !dims.contains(cell) {
            return Err(input_error(MoveError::OffBoard { cell, dims }));
        }
        Ok(cell)
    }
}

#[pymethods]
impl WallsGame {
    /// The start position of the board `board` (contest text): no walls yet.
    #[new]
    fn new(py: Python<'_>, board: &str) -> PyResult<Self> {
        let board = Arc::new(self::board(board)?);
        let grundy = interruptible(py, {
            let board = Arc::clone(&board);
            move |_| GrundyTable::new(&board)
        })?;
        let position = Position::start(&board);
        Ok(WallsGame { board, grundy: Arc::new(grundy), longest: Arc::default(), position })
    }

    /// The board, in the contest text.
    #[getter]
    fn board(&self) -> String {
        self.board.to_string()
    }

    #[getter]
    fn rows(&self) -> usize {
        self.board.rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.board.cols()
    }

    /// The position's Grundy value: the XOR of its independent parts' values.
    #[getter]
    fn grundy(&self) -> Nimber {
        self.position.grundy(&self.grundy)
    }

    /// Whether the player to move wins with perfect play.
    #[getter]
    fn to_move_wins(&self) -> bool {
        self.position.outcome(&self.grundy) == Outcome::Win
    }

    /// Whether the player to move has no move (and so has lost).
    #[getter]
    fn is_over(&self) -> bool {
        self.position.is_over(&self.board)
    }

    /// The independent parts still in play, as `(top, left, bottom, right)` rectangles (bottom
    /// and right exclusive).
    #[getter]
    fn parts(&self) -> Vec<(usize, usize, usize, usize)> {
        self.position.parts_in_play(&self.board).map(|r| (r.top, r.left, r.bottom, r.right)).collect()
    }

    /// Whether the cell is a wall.
    fn is_wall(&self, row: i64, col: i64) -> PyResult<bool> {
        Ok(self.position.is_wall(self.cell(row, col)?))
    }

    /// The legal moves (cells neither walls nor marked), row by row.
    fn legal_moves(&self) -> Vec<Move> {
        moves(self.position.legal_moves(&self.board))
    }

    /// The moves that leave the opponent a lost position, row by row (none when lost).
    fn winning_moves(&self) -> Vec<Move> {
        moves(self.position.winning_moves(&self.board, &self.grundy))
    }

    /// The engine's move: a winning move that ends the game soonest, or in a lost position the
    /// one that leaves the longest play; `None` when the game is over.
    fn engine_move(&self, py: Python<'_>) -> PyResult<Option<Move>> {
        let longest = match self.longest.get() {
            Some(table) => table,
            None => {
                let board = Arc::clone(&self.board);
                let table = interruptible(py, move |_| LongestTable::new(&board))?;
                self.longest.get_or_init(|| table)
            }
        };
        Ok(self.position.engine_move(&self.board, &self.grundy, longest).map(|c| (c.row, c.col)))
    }

    /// Plays the cell: it and its row and column up to the walls become walls.
    fn play(&mut self, row: i64, col: i64) -> PyResult<()> {
        let cell = self.cell(row, col)?;
        self.position.play(&self.board, cell).map_err(input_error)
    }

    fn copy(&self) -> Self {
        self.clone()
    }

    /// The position drawn: `#` wall, `X` marked, `.` free, with row and column numbers.
    fn __str__(&self) -> String {
        self.position.render(&self.board).to_string()
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.board.to_string())
    }
}
