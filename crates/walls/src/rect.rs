//! Rectangles of cells: the independent parts of every position.

use std::fmt;

use pencilbox_grid::{Cell, Dims};

/// The cells with `top <= row < bottom` and `left <= col < right` (half-open, so an empty
/// rectangle is a valid value: it is what a move on the edge of a part leaves on that side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rect {
    pub top: usize,
    pub left: usize,
    pub bottom: usize,
    pub right: usize,
}

impl Rect {
    pub const fn new(top: usize, left: usize, bottom: usize, right: usize) -> Rect {
        Rect { top, left, bottom, right }
    }

    /// The whole board.
    pub const fn whole(dims: Dims) -> Rect {
        Rect::new(0, 0, dims.rows(), dims.cols())
    }

    pub const fn height(self) -> usize {
        self.bottom.saturating_sub(self.top)
    }
    pub const fn width(self) -> usize {
        self.right.saturating_sub(self.left)
    }
    pub const fn is_empty(self) -> bool {
        self.height() == 0 || self.width() == 0
    }
    pub const fn area(self) -> usize {
        self.height() * self.width()
    }

    pub const fn contains(self, cell: Cell) -> bool {
        self.top <= cell.row && cell.row < self.bottom && self.left <= cell.col && cell.col < self.right
    }

    /// Every cell, row by row.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (self.top..self.bottom).flat_map(move |r| (self.left..self.right).map(move |c| Cell::new(r, c)))
    }

    /// What a move at `cell` (inside `self`) leaves: row `cell.row` and column `cell.col` of the
    /// rectangle become walls, and the four corner quadrants remain, each walled in on every side.
    /// Order: top-left, top-right, bottom-left, bottom-right; some may be empty.
    pub const fn quadrants(self, cell: Cell) -> [Rect; 4] {
        let Cell { row, col } = cell;
        [
            Rect::new(self.top, self.left, row, col),
            Rect::new(self.top, col + 1, row, self.right),
            Rect::new(row + 1, self.left, self.bottom, col),
            Rect::new(row + 1, col + 1, self.bottom, self.right),
        ]
    }
}

/// `rows a..b × cols c..d`, 0-based and half-open.
impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rows {}..{} × cols {}..{}", self.top, self.bottom, self.left, self.right)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadrants_partition_the_rest() {
        let r = Rect::new(1, 2, 5, 7);
        for cell in r.cells() {
            let q = r.quadrants(cell);
            let walls = r.height() + r.width() - 1;
            assert_eq!(q.iter().map(|x| x.area()).sum::<usize>() + walls, r.area());
            for other in r.cells() {
                let on_cross = other.row == cell.row || other.col == cell.col;
                let inside = q.iter().filter(|x| x.contains(other)).count();
                assert_eq!(inside, usize::from(!on_cross));
            }
        }
        assert!(Rect::new(0, 3, 2, 3).is_empty());
        assert_eq!(Rect::new(0, 3, 2, 3).area(), 0);
    }
}
