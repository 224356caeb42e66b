//! Positions during play: the cells that are not yet walls, as a set of independent rectangles,
//! with the legal moves, their effect, and the choices of the playing engine.

use std::fmt;

use pencilbox_cgt::{Nimber, Outcome, nim_sum};
use pencilbox_grid::{Cell, Dims};

use crate::board::Board;
use crate::rect::Rect;
use crate::table::{GrundyTable, LongestTable};

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    #[error("cell {cell} is off the {dims} board")]
    OffBoard { cell: Cell, dims: Dims },
    #[error("cell {cell} is already a wall")]
    Wall { cell: Cell },
    #[error("cell {cell} is marked X and cannot be chosen")]
    Marked { cell: Cell },
}

/// A position: the non-wall cells, as disjoint non-empty rectangles, each walled in (or bounded
/// by the board edge) on every side. Its Grundy value is the XOR of the rectangles' values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    dims: Dims,
    rects: Vec<Rect>,
}

impl Position {
    /// The start: no walls, the whole board one rectangle.
    pub fn start(board: &Board) -> Position {
        Position { dims: board.dims(), rects: vec![Rect::whole(board.dims())] }
    }

    /// The independent parts, in the order they were created.
    pub fn rects(&self) -> &[Rect] {
        &self.rects
    }

    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The parts where a move can still be made: those holding a cell that is not marked. A part
    /// of marked cells only (a marked cell walled in, say) has no move and value 0: it is no
    /// independent game, though its cells are not walls and [`Position::rects`] lists it.
    pub fn parts_in_play<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Rect> + 'a {
        self.rects.iter().copied().filter(move |r| r.cells().any(|c| !board.is_marked(c)))
    }

    /// The part holding `cell`, if the cell is not a wall.
    pub fn rect_of(&self, cell: Cell) -> Option<Rect> {
        self.rects.iter().copied().find(|r| r.contains(cell))
    }

    pub fn is_wall(&self, cell: Cell) -> bool {
        self.rect_of(cell).is_none()
    }

    /// Every legal move (unmarked non-wall cell), row by row.
    pub fn legal_moves<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Cell> + 'a {
        self.dims.cells().filter(move |&c| !board.is_marked(c) && !self.is_wall(c))
    }

    /// True when the player to move has no move (and so has lost).
    pub fn is_over(&self, board: &Board) -> bool {
        self.legal_moves(board).next().is_none()
    }

    /// The part a move at `cell` would be played in, or why it is illegal.
    pub fn check(&self, board: &Board, cell: Cell) -> Result<Rect, MoveError> {
        if !self.dims.contains(cell) {
            return Err(MoveError::OffBoard { cell, dims: self.dims });
        }
        let rect = self.rect_of(cell).ok_or(MoveError::Wall { cell })?;
        if board.is_marked(cell) {
            return Err(MoveError::Marked { cell });
        }
        Ok(rect)
    }

    /// Plays `cell`: its row and column within its part become walls, leaving up to four parts.
    pub fn play(&mut self, board: &Board, cell: Cell) -> Result<(), MoveError> {
        let rect = self.check(board, cell)?;
        let at = self.rects.iter().position(|&r| r == rect).expect("rect_of found it");
        self.rects.remove(at);
        self.rects.extend(rect.quadrants(cell).into_iter().filter(|q| !q.is_empty()));
        Ok(())
    }

    /// The Grundy value: the XOR of the parts' values.
    pub fn grundy(&self, table: &GrundyTable) -> Nimber {
        nim_sum(self.rects.iter().map(|&r| table.grundy(r)))
    }

    /// The outcome for the player to move.
    pub fn outcome(&self, table: &GrundyTable) -> Outcome {
        Outcome::from_grundy(self.grundy(table))
    }

    /// The most moves that can still be made.
    pub fn longest(&self, table: &LongestTable) -> usize {
        self.rects.iter().map(|&r| table.longest(r)).sum()
    }

    /// The value after the legal move at `cell` (played in part `rect`): only that part changes.
    fn grundy_after(&self, table: &GrundyTable, total: Nimber, rect: Rect, cell: Cell) -> Nimber {
        total ^ table.grundy(rect) ^ table.grundy_after(rect, cell)
    }

    /// Every move that leaves a position of value 0 (a loss for the opponent), row by row.
    pub fn winning_moves(&self, board: &Board, table: &GrundyTable) -> Vec<Cell> {
        let total = self.grundy(table);
        if total == 0 {
            return Vec::new();
        }
        self.moves_with_parts(board)
            .filter(|&(r, c)| self.grundy_after(table, total, r, c) == 0)
            .map(|(_, c)| c)
            .collect()
    }

    fn moves_with_parts<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = (Rect, Cell)> + 'a {
        self.legal_moves(board).map(|c| (self.rect_of(c).expect("legal"), c))
    }

    /// The engine's move, `None` when there is none. When winning it plays a winning move (the
    /// one leaving the fewest possible moves, to finish quickly); when lost, the move leaving the
    /// longest possible play. Ties go to the first cell in row-major order.
    pub fn engine_move(&self, board: &Board, grundy: &GrundyTable, longest: &LongestTable) -> Option<Cell> {
        let total = self.grundy(grundy);
        let rest = self.longest(longest);
        let after = |r: Rect, c: Cell| rest - longest.longest(r) + longest.longest_after(r, c);
        if total != 0 {
            self.moves_with_parts(board)
                .filter(|&(r, c)| self.grundy_after(grundy, total, r, c) == 0)
                .min_by_key(|&(r, c)| after(r, c))
                .map(|(_, c)| c)
        } else {
            // max_by_key keeps the last maximum; reverse so that ties go to the first cell.
            let moves: Vec<_> = self.moves_with_parts(board).collect();
            moves.into_iter().rev().max_by_key(|&(r, c)| after(r, c)).map(|(_, c)| c)
        }
    }

    /// Draws the position with `board`: `#` wall, `X` marked, `.` free, with row and column
    /// numbers (mod 10 for columns) around it.
    pub fn render<'a>(&'a self, board: &'a Board) -> Render<'a> {
        Render { position: self, board }
    }
}

/// A drawing of a position; see [`Position::render`].
#[derive(Debug)]
pub struct Render<'a> {
    position: &'a Position,
    board: &'a Board,
}

impl fmt::Display for Render<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dims = self.position.dims;
        let label = (dims.rows() - 1).to_string().len();
        write!(f, "{:label$} ", "")?;
        for c in 0..dims.cols() {
            write!(f, "{}", c % 10)?;
        }
        writeln!(f)?;
        for r in 0..dims.rows() {
            write!(f, "{r:>label$} ")?;
            for c in 0..dims.cols() {
                let cell = Cell::new(r, c);
                let ch = if self.position.is_wall(cell) {
                    '#'
                } else if self.board.is_marked(cell) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
