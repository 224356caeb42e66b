//! The sites the rules talk about, beyond the grid's cells, dots and edges: a cell's corners,
//! a dot's quadrants, and the cuts across a row or a column.
//!
//! Corner vocabulary: a cell's corner is one of its four dots; the "sides at a corner" are the
//! cell's two sides meeting there; the "outside edges" of a corner are the other edges at that
//! dot (an edge off the board counts as crossed), which bound the dot's quadrant diagonally
//! away from the cell.

use pencilbox_grid::{Cell, Dims, Dot, Edge, Orientation};

/// The slots of the two edges of each diagonal direction (up-left, up-right, down-left,
/// down-right) in an `[up, down, left, right]` array: a dot's edges, or a cell's sides (top,
/// bottom, left, right).
const SLOTS: [[usize; 2]; 4] = [[0, 2], [0, 3], [1, 2], [1, 3]];

/// A corner of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Corner {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
}

impl Corner {
    pub const ALL: [Corner; 4] = [Corner::TopLeft, Corner::TopRight, Corner::BottomLeft, Corner::BottomRight];

    const fn index(self) -> usize {
        self as usize
    }

    const fn bottom(self) -> bool {
        self.index() >= 2
    }

    const fn right(self) -> bool {
        self.index() % 2 == 1
    }

    /// The corner diagonally across the cell.
    pub const fn opposite(self) -> Corner {
        Corner::ALL[3 - self.index()]
    }

    /// The two corners sharing a side with this one: across the cell horizontally, then
    /// vertically.
    pub const fn adjacent(self) -> [Corner; 2] {
        [Corner::ALL[self.index() ^ 1], Corner::ALL[self.index() ^ 2]]
    }

    /// The dot at this corner of `cell`.
    pub const fn dot(self, cell: Cell) -> Dot {
        Dot::new(cell.row + self.bottom() as usize, cell.col + self.right() as usize)
    }

    /// The slots of the cell's two sides at this corner in its `[top, bottom, left, right]`.
    pub const fn slots(self) -> [usize; 2] {
        SLOTS[self.index()]
    }

    /// The cell's two sides at this corner.
    pub fn sides(self, d: Dims, cell: Cell) -> [Edge; 2] {
        let sides = d.cell_edges(cell);
        self.slots().map(|s| sides[s])
    }

    /// The quadrant of the corner's dot diagonally away from the cell (bounded by the outside
    /// edges).
    pub const fn away(self) -> Quadrant {
        Quadrant::ALL[self.index()]
    }

    /// The quadrant of the corner's dot that the cell fills.
    pub const fn facing(self) -> Quadrant {
        Quadrant::ALL[3 - self.index()]
    }

    /// The cell diagonally next to `cell` through this corner, if on the board.
    pub fn diagonal(self, d: Dims, cell: Cell) -> Option<Cell> {
        self.away().cell(d, self.dot(cell))
    }
}

/// One of the four quadrants around a dot, each bounded by two of the dot's edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quadrant {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Quadrant {
    pub const ALL: [Quadrant; 4] =
        [Quadrant::UpLeft, Quadrant::UpRight, Quadrant::DownLeft, Quadrant::DownRight];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The slots of the quadrant's two edges in the dot's `[up, down, left, right]`
    /// (as `dot_edges4` lists them).
    pub const fn slots(self) -> [usize; 2] {
        SLOTS[self.index()]
    }

    /// The two edges bounding the quadrant at `dot` (vertical first; `None` off the board).
    pub fn edges(self, d: Dims, dot: Dot) -> [Option<Edge>; 2] {
        let es = dot_edges4(d, dot);
        self.slots().map(|s| es[s])
    }

    /// The cell filling the quadrant at `dot`, `None` off the board.
    pub fn cell(self, d: Dims, dot: Dot) -> Option<Cell> {
        let r = (dot.row + self.index() / 2).checked_sub(1)?;
        let c = (dot.col + self.index() % 2).checked_sub(1)?;
        (r < d.rows() && c < d.cols()).then(|| Cell::new(r, c))
    }
}

/// The edges at a dot: up, down, left, right (`None` off the board).
pub(crate) fn dot_edges4(d: Dims, dot: Dot) -> [Option<Edge>; 4] {
    let Dot { row, col } = dot;
    [
        (row > 0).then(|| d.v_edge(row - 1, col)),
        (row < d.rows()).then(|| d.v_edge(row, col)),
        (col > 0).then(|| d.h_edge(row, col - 1)),
        (col < d.cols()).then(|| d.h_edge(row, col)),
    ]
}

/// A straight line across the board between two rows or two columns of dots: a closed loop
/// crosses it an even number of times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cut {
    /// Across column `c`: the horizontal edges of that column.
    Column(usize),
    /// Across row `r`: the vertical edges of that row.
    Row(usize),
}

impl Cut {
    /// The number of cuts of a board: its columns, then its rows.
    pub(crate) const fn count(d: Dims) -> usize {
        d.cols() + d.rows()
    }

    /// Columns first, then rows.
    pub(crate) const fn index(self, d: Dims) -> usize {
        match self {
            Cut::Column(c) => c,
            Cut::Row(r) => d.cols() + r,
        }
    }

    pub(crate) const fn at(d: Dims, i: usize) -> Cut {
        if i < d.cols() { Cut::Column(i) } else { Cut::Row(i - d.cols()) }
    }

    /// The cut an edge crosses.
    pub(crate) const fn of(d: Dims, e: Edge) -> Cut {
        match d.edge_coords(e) {
            (Orientation::Horizontal, _, c) => Cut::Column(c),
            (Orientation::Vertical, r, _) => Cut::Row(r),
        }
    }

    /// The edges crossing the cut.
    pub fn edges(self, d: Dims) -> Box<dyn Iterator<Item = Edge>> {
        match self {
            Cut::Column(c) => Box::new((0..=d.rows()).map(move |r| d.h_edge(r, c))),
            Cut::Row(r) => Box::new((0..=d.cols()).map(move |c| d.v_edge(r, c))),
        }
    }
}

impl std::fmt::Display for Cut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cut::Column(c) => write!(f, "column {c}"),
            Cut::Row(r) => write!(f, "row {r}"),
        }
    }
}
