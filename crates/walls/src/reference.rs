//! The straightforward dynamic programme: a memoised recursion over rectangles with a fresh mex
//! set for each, `O(H³W³)` (the contest editorial's solution). Kept as the baseline that the
//! fast table ([`crate::GrundyTable`]) is tested and benchmarked against.

use pencilbox_cgt::{MexSet, Nimber, nim_sum};
use pencilbox_grid::Cell;

use crate::board::Board;
use crate::rect::Rect;

/// Memoised Grundy values of the rectangles of one board, computed on demand.
#[derive(Debug)]
pub struct SlowGrundy<'a> {
    board: &'a Board,
    /// Indexed `[top][bottom - 1][left][right - 1]`, row-major; `None` until computed.
    memo: Vec<Option<Nimber>>,
}

impl<'a> SlowGrundy<'a> {
    pub fn new(board: &'a Board) -> SlowGrundy<'a> {
        let (h, w) = (board.rows(), board.cols());
        SlowGrundy { board, memo: vec![None; h * h * w * w] }
    }

    fn slot(&self, r: Rect) -> usize {
        let (h, w) = (self.board.rows(), self.board.cols());
        ((r.top * h + r.bottom - 1) * w + r.left) * w + r.right - 1
    }

    /// The Grundy value of `rect` (0 if it is empty).
    pub fn grundy(&mut self, rect: Rect) -> Nimber {
        if rect.is_empty() {
            return 0;
        }
        let slot = self.slot(rect);
        if let Some(v) = self.memo[slot] {
            return v;
        }
        let mut seen = MexSet::default();
        for cell in rect.cells() {
            if !self.board.is_marked(cell) {
                seen.insert(self.grundy_after(rect, cell));
            }
        }
        let v = seen.mex();
        self.memo[slot] = Some(v);
        v
    }

    /// The value of what a move at `cell` leaves of `rect`.
    pub fn grundy_after(&mut self, rect: Rect, cell: Cell) -> Nimber {
        nim_sum(rect.quadrants(cell).map(|q| self.grundy(q)))
    }
}

/// The Grundy value of the whole board by the straightforward recursion.
pub fn slow_grundy(board: &Board) -> Nimber {
    SlowGrundy::new(board).grundy(Rect::whole(board.dims()))
}
