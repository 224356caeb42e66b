//! Geometry shared by every pencilbox game.
//!
//! A board is `rows × cols` **cells**. Cell corners are **dots**: `(rows + 1) × (cols + 1)` of them.
//! The unit segments between adjacent dots are **edges**, numbered once for every game:
//!
//! * horizontal edges first, row by row: the edge from dot `(r, c)` to dot `(r, c + 1)` has number
//!   `r * cols + c` (`(rows + 1) × cols` of them);
//! * then vertical edges, row by row: the edge from dot `(r, c)` to dot `(r + 1, c)` has number
//!   `(rows + 1) * cols + r * (cols + 1) + c` (`rows × (cols + 1)` of them).
//!
//! This is the action numbering of OpenSpiel's `dots_and_boxes`, so line strings and move numbers
//! can be exchanged with it unchanged.
//!
//! The rotations and reflections of a board, and their action on cells and edges, are
//! [`Symmetry`].
//!
//! ```
//! use pencilbox_grid::{Cell, Dims, Dot, Orientation};
//! let d = Dims::new(2, 3).unwrap();
//! assert_eq!(d.num_edges(), 3 * 3 + 2 * 4);
//! let top = d.h_edge(0, 1);
//! assert_eq!(top.index(), 1);
//! assert_eq!(d.edge_dots(top), (Dot::new(0, 1), Dot::new(0, 2)));
//! assert_eq!(d.cell_edges(Cell::new(1, 2))[0], d.h_edge(1, 2));
//! assert_eq!(d.orientation(d.v_edge(0, 0)), Orientation::Vertical);
//! ```

mod bitset;
mod budget;
mod names;
mod player;
mod scan;
mod symmetry;

pub use bitset::BitSet;
pub use budget::{OutOfTime, past};
pub use names::{Named, OneOf, UnknownName};
pub use player::Player;
pub use scan::{Pos, ScanError, ScanErrorKind, Scanner, Token};
pub use symmetry::Symmetry;

use std::fmt;

/// The largest number of rows or columns of cells any pencilbox board may have.
pub const MAX_GRID_SIDE: usize = 1024;

/// A cell, by 0-based row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    pub const fn new(row: usize, col: usize) -> Self {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A dot (cell corner), by 0-based row and column; dot `(r, c)` is the top-left corner of cell
/// `(r, c)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dot {
    pub row: usize,
    pub col: usize,
}

impl Dot {
    pub const fn new(row: usize, col: usize) -> Self {
        Dot { row, col }
    }
}

impl fmt::Display for Dot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// An edge, by its number in the shared numbering (see the crate docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge(pub usize);

impl Edge {
    pub const fn index(self) -> usize {
        self.0
    }
}

/// Whether an edge runs left–right or up–down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    Horizontal,
    Vertical,
}

/// The four directions on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }
}

/// Errors about board sizes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DimsError {
    #[error("a board needs at least one row and one column, got {rows}×{cols}")]
    Empty { rows: usize, cols: usize },
    #[error("board {rows}×{cols} is larger than the limit of {max}×{max}")]
    TooLarge { rows: usize, cols: usize, max: usize },
    #[error("expected a size like 3x4, got {0:?}")]
    Syntax(String),
}

/// The size of a board in cells, with every index computation of the shared numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    rows: usize,
    cols: usize,
}

impl Dims {
    /// A board of `rows × cols` cells; both must be in `1..=MAX_GRID_SIDE`.
    pub fn new(rows: usize, cols: usize) -> Result<Self, DimsError> {
        if rows == 0 || cols == 0 {
            return Err(DimsError::Empty { rows, cols });
        }
        if rows > MAX_GRID_SIDE || cols > MAX_GRID_SIDE {
            return Err(DimsError::TooLarge { rows, cols, max: MAX_GRID_SIDE });
        }
        Ok(Dims { rows, cols })
    }

    pub const fn rows(self) -> usize {
        self.rows
    }
    pub const fn cols(self) -> usize {
        self.cols
    }
    pub const fn num_cells(self) -> usize {
        self.rows * self.cols
    }
    pub const fn num_dots(self) -> usize {
        (self.rows + 1) * (self.cols + 1)
    }
    /// Horizontal edges: `(rows + 1) × cols`.
    pub const fn num_h_edges(self) -> usize {
        (self.rows + 1) * self.cols
    }
    /// Vertical edges: `rows × (cols + 1)`.
    pub const fn num_v_edges(self) -> usize {
        self.rows * (self.cols + 1)
    }
    pub const fn num_edges(self) -> usize {
        self.num_h_edges() + self.num_v_edges()
    }

    pub const fn contains(self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols
    }
    /// Row-major index of a cell.
    pub const fn cell_index(self, cell: Cell) -> usize {
        cell.row * self.cols + cell.col
    }
    /// The cell with row-major index `index`.
    pub const fn cell_at(self, index: usize) -> Cell {
        Cell::new(index / self.cols, index % self.cols)
    }
    /// Every cell, row by row.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.num_cells()).map(move |i| self.cell_at(i))
    }
    /// The neighbour of `cell` in direction `dir`, if it is on the board.
    pub fn step(self, cell: Cell, dir: Dir) -> Option<Cell> {
        let Cell { row, col } = cell;
        let next = match dir {
            Dir::Up => Cell::new(row.checked_sub(1)?, col),
            Dir::Down => Cell::new(row + 1, col),
            Dir::Left => Cell::new(row, col.checked_sub(1)?),
            Dir::Right => Cell::new(row, col + 1),
        };
        self.contains(next).then_some(next)
    }
    /// The side-neighbours of `cell` on the board (up, down, left, right order).
    pub fn neighbours(self, cell: Cell) -> impl Iterator<Item = Cell> {
        Dir::ALL.into_iter().filter_map(move |d| self.step(cell, d))
    }

    /// Row-major index of a dot.
    pub const fn dot_index(self, dot: Dot) -> usize {
        dot.row * (self.cols + 1) + dot.col
    }
    pub const fn contains_dot(self, dot: Dot) -> bool {
        dot.row <= self.rows && dot.col <= self.cols
    }
    /// Every dot, row by row.
    pub fn dots(self) -> impl Iterator<Item = Dot> {
        let w = self.cols + 1;
        (0..self.num_dots()).map(move |i| Dot::new(i / w, i % w))
    }

    /// The horizontal edge from dot `(dot_row, col)` to dot `(dot_row, col + 1)`.
    pub const fn h_edge(self, dot_row: usize, col: usize) -> Edge {
        debug_assert!(dot_row <= self.rows && col < self.cols);
        Edge(dot_row * self.cols + col)
    }
    /// The vertical edge from dot `(row, dot_col)` to dot `(row + 1, dot_col)`.
    pub const fn v_edge(self, row: usize, dot_col: usize) -> Edge {
        debug_assert!(row < self.rows && dot_col <= self.cols);
        Edge(self.num_h_edges() + row * (self.cols + 1) + dot_col)
    }
    /// Every edge in numbering order.
    pub fn edges(self) -> impl Iterator<Item = Edge> {
        (0..self.num_edges()).map(Edge)
    }
    pub const fn orientation(self, edge: Edge) -> Orientation {
        if edge.0 < self.num_h_edges() { Orientation::Horizontal } else { Orientation::Vertical }
    }
    /// `(orientation, row, col)`: for a horizontal edge the dot row and the cell column, for a
    /// vertical edge the cell row and the dot column (the coordinates of its first dot).
    pub const fn edge_coords(self, edge: Edge) -> (Orientation, usize, usize) {
        let h = self.num_h_edges();
        if edge.0 < h {
            (Orientation::Horizontal, edge.0 / self.cols, edge.0 % self.cols)
        } else {
            let i = edge.0 - h;
            (Orientation::Vertical, i / (self.cols + 1), i % (self.cols + 1))
        }
    }
    /// The two dots an edge joins, top/left one first.
    pub const fn edge_dots(self, edge: Edge) -> (Dot, Dot) {
        match self.edge_coords(edge) {
            (Orientation::Horizontal, r, c) => (Dot::new(r, c), Dot::new(r, c + 1)),
            (Orientation::Vertical, r, c) => (Dot::new(r, c), Dot::new(r + 1, c)),
        }
    }
    /// The edge joining two adjacent dots, if they are adjacent and on the board.
    pub fn edge_between(self, a: Dot, b: Dot) -> Option<Edge> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if !self.contains_dot(b) {
            return None;
        }
        if a.row == b.row && a.col + 1 == b.col {
            Some(self.h_edge(a.row, a.col))
        } else if a.col == b.col && a.row + 1 == b.row {
            Some(self.v_edge(a.row, a.col))
        } else {
            None
        }
    }
    /// The four sides of a cell: top, bottom, left, right.
    pub const fn cell_edges(self, cell: Cell) -> [Edge; 4] {
        [
            self.h_edge(cell.row, cell.col),
            self.h_edge(cell.row + 1, cell.col),
            self.v_edge(cell.row, cell.col),
            self.v_edge(cell.row, cell.col + 1),
        ]
    }
    /// The cells on the two sides of an edge: above then below for a horizontal edge, left then
    /// right for a vertical one; `None` off the board.
    pub fn edge_cells(self, edge: Edge) -> [Option<Cell>; 2] {
        let cell = |r: Option<usize>, c: Option<usize>| {
            let cell = Cell::new(r?, c?);
            self.contains(cell).then_some(cell)
        };
        match self.edge_coords(edge) {
            (Orientation::Horizontal, r, c) => [cell(r.checked_sub(1), Some(c)), cell(Some(r), Some(c))],
            (Orientation::Vertical, r, c) => [cell(Some(r), c.checked_sub(1)), cell(Some(r), Some(c))],
        }
    }
    /// The edges that meet at a dot (up, down, left, right order; 2 to 4 of them).
    pub fn dot_edges(self, dot: Dot) -> impl Iterator<Item = Edge> {
        let Dot { row, col } = dot;
        [
            (row > 0).then(|| self.v_edge(row - 1, col)),
            (row < self.rows).then(|| self.v_edge(row, col)),
            (col > 0).then(|| self.h_edge(row, col - 1)),
            (col < self.cols).then(|| self.h_edge(row, col)),
        ]
        .into_iter()
        .flatten()
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Parses `RxC` (also `R×C` or `R*C`), e.g. the `--board 3x4` option.
impl std::str::FromStr for Dims {
    type Err = DimsError;
    fn from_str(s: &str) -> Result<Self, DimsError> {
        let syntax = || DimsError::Syntax(s.to_string());
        let (r, c) = s.split_once(['x', 'X', '×', '*']).ok_or_else(syntax)?;
        let num = |t: &str| t.trim().parse::<usize>().map_err(|_| syntax());
        Dims::new(num(r)?, num(c)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_matches_openspiel_order() {
        // OpenSpiel 2x2: horizontal lines 0..6 row by row, then vertical 6..12.
        let d = Dims::new(2, 2).unwrap();
        assert_eq!(d.num_edges(), 12);
        assert_eq!(d.h_edge(2, 1), Edge(5));
        assert_eq!(d.v_edge(0, 0), Edge(6));
        assert_eq!(d.v_edge(1, 2), Edge(11));
    }

    #[test]
    fn every_edge_round_trips_through_its_dots() {
        for (r, c) in [(1, 1), (2, 3), (5, 2), (4, 4)] {
            let d = Dims::new(r, c).unwrap();
            for e in d.edges() {
                let (a, b) = d.edge_dots(e);
                assert_eq!(d.edge_between(a, b), Some(e));
                assert_eq!(d.edge_between(b, a), Some(e));
                assert!(d.dot_edges(a).any(|x| x == e));
                assert!(d.dot_edges(b).any(|x| x == e));
            }
        }
    }

    #[test]
    fn every_edge_borders_the_cells_that_list_it() {
        let d = Dims::new(3, 4).unwrap();
        let mut count = vec![0; d.num_edges()];
        for cell in d.cells() {
            for e in d.cell_edges(cell) {
                count[e.index()] += 1;
                assert!(d.edge_cells(e).contains(&Some(cell)));
            }
        }
        for e in d.edges() {
            let on_board = d.edge_cells(e).iter().flatten().count();
            assert_eq!(count[e.index()], on_board, "edge {e:?}");
            assert!(on_board >= 1);
        }
    }

    #[test]
    fn neighbours_stay_on_board() {
        let d = Dims::new(2, 3).unwrap();
        let n: Vec<_> = d.neighbours(Cell::new(0, 0)).collect();
        assert_eq!(n, vec![Cell::new(1, 0), Cell::new(0, 1)]);
        assert_eq!(d.neighbours(Cell::new(1, 1)).count(), 3);
        assert_eq!(d.dot_edges(Dot::new(1, 1)).count(), 4);
        assert_eq!(d.dot_edges(Dot::new(2, 3)).count(), 2);
    }

    #[test]
    fn dims_parse_and_limits() {
        assert_eq!("3x4".parse::<Dims>().unwrap(), Dims::new(3, 4).unwrap());
        assert_eq!("3×4".parse::<Dims>().unwrap(), Dims::new(3, 4).unwrap());
        assert!("0x4".parse::<Dims>().is_err());
        assert_eq!("3-4".parse::<Dims>(), Err(DimsError::Syntax("3-4".into())));
        assert!(matches!("0x4".parse::<Dims>(), Err(DimsError::Empty { rows: 0, cols: 4 })));
        assert!(matches!(Dims::new(MAX_GRID_SIDE + 1, 1), Err(DimsError::TooLarge { .. })));
    }
}
