//! Painting a move one cell at a time: a region starts at a number that can still be painted and
//! grows by one side neighbour at a time until it has the number's size. This is how a move is
//! made where the moves cannot be listed (a `medium` opening has thousands of regions per
//! number): a page, a terminal game or a learning agent offers a cell at a time.
//!
//! The cells offered ([`PartialMove::extensions`]) are exactly the cells that keep the region
//! completable to a legal move, and they are simply the free side neighbours of the region:
//!
//! - A region may hold only its own number and free cells (unpainted, touching no paint, no
//!   other number), so it lies inside the number's *room*: the cells reachable from the number
//!   through free cells ([`Field`]). The room is connected, and the number is live exactly when
//!   its room holds at least as many cells as the number.
//! - A connected set inside a connected graph grows, one neighbour at a time, to any size up to
//!   the graph's (add any neighbour not yet in it, as a breadth-first search does). So a
//!   connected region of fewer cells than its number, inside the room of a live number, can
//!   always be completed, whichever free neighbour is added next.
//! - Every legal move is reached: a connected region is built from its number cell by cell,
//!   in breadth-first order for one.
//!
//! The first cell is a live number ([`Board::live_numbers`]): a dead one (touching paint, or
//! with too little room) has no legal region. The tests check all of this against every legal
//! move found by trying every set of cells.

use pencilbox_grid::Cell;

use crate::board::{Board, Square};
use crate::field::{Field, Sq};
use crate::moves::{IllegalMove, Move};

/// A region being painted: its number first, then the cells added, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialMove {
    /// The board the move is made on (for the reasons a cell is refused).
    board: Board,
    /// Its field: which squares are free.
    field: Field,
    /// In the order they were added; the number's cell first.
    cells: Vec<Cell>,
    /// The number: how many cells the region must have.
    size: usize,
}

/// Why a cell cannot start or extend a region.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PaintError {
    /// The cell breaks a rule of a move (off the board, painted, touching paint, no number to
    /// start from, a second number).
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    #[error("the number {number} at {cell} can no longer be painted: its room has fewer than {number} cells")]
    TooLittleRoom { cell: Cell, number: u32 },
    #[error("cell {0} is already in the region")]
    InRegion(Cell),
    #[error("cell {0} shares no side with the region")]
    NotAdjacent(Cell),
    #[error("the region is complete: it has its number's {0} cells")]
    Complete(usize),
}

impl PartialMove {
    /// A region of one cell, the number at `(row, col)`; the coordinates may be anything (the
    /// rules judge them).
    pub fn start(board: &Board, (row, col): (i64, i64)) -> Result<PartialMove, PaintError> {
        let cell = on_board(board, row, col)?;
        let number = match board.get(cell) {
            Square::Painted => return Err(IllegalMove::AlreadyPainted(cell).into()),
            Square::Empty => return Err(IllegalMove::NoNumber.into()),
            Square::Number(k) => k,
        };
        if board.touches_paint(cell) {
            return Err(IllegalMove::TouchesPaint(cell).into());
        }
        let (field, _) = Field::from_board(board);
        if !matches!(field.get(field.index(cell)), Sq::Num(_)) {
            return Err(PaintError::TooLittleRoom { cell, number });
        }
        Ok(PartialMove { board: board.clone(), field, cells: vec![cell], size: number as usize })
    }

    /// Adds the cell at `(row, col)`, one of [`PartialMove::extensions`]; anything else is refused
    /// with the reason.
    pub fn add(&mut self, (row, col): (i64, i64)) -> Result<(), PaintError> {
        if self.is_complete() {
            return Err(PaintError::Complete(self.size));
        }
        let cell = on_board(&self.board, row, col)?;
        if self.cells.contains(&cell) {
            return Err(PaintError::InRegion(cell));
        }
        let i = self.field.index(cell);
        if self.field.get(i) != Sq::Free {
            // Not free: painted, touching paint, or a number (live or dead).
            return Err(match self.board.get(cell) {
                Square::Painted => IllegalMove::AlreadyPainted(cell),
                Square::Number(_) => IllegalMove::TwoNumbers(self.cells[0], cell),
                Square::Empty => IllegalMove::TouchesPaint(cell),
            }
            .into());
        }
        if !self.field.neighbours(i).any(|nb| self.cells.contains(&self.field.cell(nb))) {
            return Err(PaintError::NotAdjacent(cell));
        }
        self.cells.push(cell);
        Ok(())
    }

    /// The cells that may be added next, row by row: the free side neighbours of the region
    /// (none once it is complete). Each keeps the region completable (see the module docs).
    pub fn extensions(&self) -> Vec<Cell> {
        if self.is_complete() {
            return Vec::new();
        }
        let mut out: Vec<Cell> = self
            .cells
            .iter()
            .flat_map(|&c| self.field.neighbours(self.field.index(c)))
            .filter(|&i| self.field.get(i) == Sq::Free)
            .map(|i| self.field.cell(i))
            .filter(|c| !self.cells.contains(c))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The region so far, in the order it was painted (the number first).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number's cell.
    pub fn number(&self) -> Cell {
        self.cells[0]
    }

    /// How many cells the finished region has: the number.
    pub fn size(&self) -> usize {
        self.size
    }

    pub fn is_complete(&self) -> bool {
        self.cells.len() == self.size
    }

    /// The move, once the region is complete.
    pub fn to_move(&self) -> Option<Move> {
        self.is_complete().then(|| Move::from_cells(self.cells.clone()))
    }
}

/// The cell at `(row, col)` if it is on the board.
fn on_board(board: &Board, row: i64, col: i64) -> Result<Cell, IllegalMove> {
    let n = board.n();
    if row < 0 || col < 0 || row >= n as i64 || col >= n as i64 {
        return Err(IllegalMove::OffBoard { row, col, n });
    }
    Ok(Cell::new(row as usize, col as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statement's board with its first move painted: the 5 at (3, 3) took (3, 3), (3, 4),
    /// (4, 2), (4, 3), (4, 4).
    fn board() -> Board {
        "5\n# # # # #\n# # 3 1 #\n# # # # #\n2 1 # B B\n# # B B B\n".parse().unwrap()
    }

    #[test]
    fn a_region_grows_from_its_number_into_free_neighbours_only() {
        let b = board();
        let mut p = PartialMove::start(&b, (1, 2)).unwrap();
        assert_eq!((p.number(), p.size(), p.is_complete()), (Cell::new(1, 2), 3, false));
        // (1, 3) is the 1: a second number.
        assert_eq!(p.extensions(), [Cell::new(0, 2), Cell::new(1, 1), Cell::new(2, 2)]);
        p.add((2, 2)).unwrap();
        // (2, 3) touches paint; (3, 2) does too.
        assert_eq!(p.extensions(), [Cell::new(0, 2), Cell::new(1, 1), Cell::new(2, 1)]);
        assert_eq!(p.to_move(), None);
        p.add((2, 1)).unwrap();
        assert!(p.is_complete() && p.extensions().is_empty());
        assert_eq!(p.cells(), [Cell::new(1, 2), Cell::new(2, 2), Cell::new(2, 1)]);
        let m = p.to_move().unwrap();
        assert_eq!(m.to_raw().validate(&b), Ok(m.clone()));
        // A 1 is complete at once.
        assert!(PartialMove::start(&b, (1, 3)).unwrap().is_complete());
    }

    #[test]
    fn each_refusal_has_its_reason() {
        let b = board();
        let start = |at| PartialMove::start(&b, at).unwrap_err();
        assert_eq!(start((5, 0)), IllegalMove::OffBoard { row: 5, col: 0, n: 5 }.into());
        assert_eq!(start((0, 0)), IllegalMove::NoNumber.into());
        assert_eq!(start((3, 3)), IllegalMove::AlreadyPainted(Cell::new(3, 3)).into());
        let dead: Board = "3\n# B #\n# 2 #\n# B #\n".parse().unwrap();
        assert_eq!(
            PartialMove::start(&dead, (1, 1)).unwrap_err(),
            IllegalMove::TouchesPaint(Cell::new(1, 1)).into()
        );
        let cramped: Board = "3\n4 1 #\n1 # #\n# # #\n".parse().unwrap();
        let e = PartialMove::start(&cramped, (0, 0)).unwrap_err();
        assert_eq!(e, PaintError::TooLittleRoom { cell: Cell::new(0, 0), number: 4 });
        assert_eq!(
            e.to_string(),
            "the number 4 at (0, 0) can no longer be painted: its room has fewer than 4 cells"
        );

        let mut p = PartialMove::start(&b, (1, 2)).unwrap();
        let mut add = |at| p.add(at).unwrap_err();
        assert_eq!(add((1, 2)), PaintError::InRegion(Cell::new(1, 2)));
        assert_eq!(add((1, 3)), IllegalMove::TwoNumbers(Cell::new(1, 2), Cell::new(1, 3)).into());
        assert_eq!(add((3, 4)), IllegalMove::AlreadyPainted(Cell::new(3, 4)).into());
        assert_eq!(add((2, 3)), IllegalMove::TouchesPaint(Cell::new(2, 3)).into());
        assert_eq!(add((0, 0)), PaintError::NotAdjacent(Cell::new(0, 0)));
        assert_eq!(add((-1, 2)), IllegalMove::OffBoard { row: -1, col: 2, n: 5 }.into());
        assert_eq!(add((1, 2)).to_string(), "cell (1, 2) is already in the region");
        let mut one = PartialMove::start(&b, (1, 3)).unwrap();
        assert_eq!(one.add((0, 3)), Err(PaintError::Complete(1)));
    }
}
