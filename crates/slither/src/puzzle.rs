//! Puzzles (clues on cells) and solutions (the set of loop edges).

use std::fmt;

use pencilbox_grid::{BitSet, Cell, Dims, Edge, Orientation};

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clue {
    /// No clue: any number of the cell's sides may be on the loop.
    Blank,
    /// A clue whose number is hidden (`?`, puzz.link's `.`): constrains nothing.
    Unknown,
    /// Exactly this many of the cell's four sides are on the loop (0–3).
    Number(u8),
}

impl Clue {
    /// The number of loop sides this clue demands, if it demands one.
    pub const fn number(self) -> Option<u8> {
        match self {
            Clue::Number(n) => Some(n),
            _ => None,
        }
    }
}

/// A Slitherlink puzzle: its size and one clue per cell, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    dims: Dims,
    clues: Vec<Clue>,
}

impl Puzzle {
    /// A puzzle from row-major clues.
    ///
    /// # Panics
    /// When `clues.len()` is not `dims.num_cells()` or a number is above 3 (parsers check both
    /// and report positions; this is for code that builds puzzles itself).
    pub fn new(dims: Dims, clues: Vec<Clue>) -> Self {
        assert_eq!(clues.len(), dims.num_cells(), "one clue per cell");
        assert!(clues.iter().all(|c| c.number().is_none_or(|n| n <= 3)), "clues are 0..=3");
        Puzzle { dims, clues }
    }

    /// A puzzle with no clues.
    pub fn blank(dims: Dims) -> Self {
        Puzzle { dims, clues: vec![Clue::Blank; dims.num_cells()] }
    }

    pub const fn dims(&self) -> Dims {
        self.dims
    }
    pub fn clue(&self, cell: Cell) -> Clue {
        self.clues[self.dims.cell_index(cell)]
    }
    pub fn set_clue(&mut self, cell: Cell, clue: Clue) {
        assert!(clue.number().is_none_or(|n| n <= 3), "clues are 0..=3");
        let i = self.dims.cell_index(cell);
        self.clues[i] = clue;
    }
    /// The clues row by row.
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    /// Whether `solution` is one closed loop that meets every clue.
    pub fn is_solution(&self, solution: &Solution) -> bool {
        solution.dims == self.dims
            && self.dims.cells().all(|cell| {
                self.clue(cell).number().is_none_or(|n| solution.sides_on_loop(cell) == usize::from(n))
            })
            && solution.is_single_loop()
    }
}

/// A set of loop edges on a board (a candidate or a proven solution).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    dims: Dims,
    /// Indexed by edge number (the shared numbering of `pencilbox_grid`).
    lines: BitSet,
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solution({}, {:?})", self.dims, self.lines.iter().collect::<Vec<_>>())
    }
}

impl Solution {
    /// The edges in `lines` (edge numbers) on a `dims` board.
    pub fn from_edges(dims: Dims, lines: impl IntoIterator<Item = Edge>) -> Self {
        let mut set = BitSet::new(dims.num_edges());
        for e in lines {
            set.insert(e.index());
        }
        Solution { dims, lines: set }
    }

    /// The loop around a set of "inside" cells: an edge is on the loop exactly when the cells
    /// on its two sides differ (off the board counts as outside). This is the form of the
    /// corpus solutions (`x` inside, `-` outside).
    pub fn from_inside(dims: Dims, inside: &[bool]) -> Self {
        assert_eq!(inside.len(), dims.num_cells());
        let is_in = |c: Option<Cell>| c.is_some_and(|c| inside[dims.cell_index(c)]);
        let lines = dims.edges().filter(|&e| {
            let [a, b] = dims.edge_cells(e);
            is_in(a) != is_in(b)
        });
        Solution::from_edges(dims, lines)
    }

    pub const fn dims(&self) -> Dims {
        self.dims
    }
    pub fn is_line(&self, edge: Edge) -> bool {
        self.lines.contains(edge.index())
    }
    /// The loop edges in numbering order.
    pub fn edges(&self) -> impl Iterator<Item = Edge> + '_ {
        self.lines.iter().map(Edge)
    }
    pub fn len(&self) -> usize {
        self.lines.count()
    }
    pub fn is_empty(&self) -> bool {
        self.lines.none()
    }
    /// How many of the cell's four sides are loop edges.
    pub fn sides_on_loop(&self, cell: Cell) -> usize {
        self.dims.cell_edges(cell).iter().filter(|&&e| self.is_line(e)).count()
    }

    /// True when the edges form exactly one simple closed loop (non-empty, every dot of degree 0
    /// or 2, connected).
    pub fn is_single_loop(&self) -> bool {
        let d = self.dims;
        let Some(first) = self.edges().next() else { return false };
        if d.dots().any(|dot| !matches!(d.dot_edges(dot).filter(|&e| self.is_line(e)).count(), 0 | 2)) {
            return false;
        }
        // Walk the loop from the first edge; it must use every line edge.
        let (start, mut at) = d.edge_dots(first);
        let mut prev = first;
        let mut walked = 1;
        while at != start {
            let Some(next) = d.dot_edges(at).find(|&e| e != prev && self.is_line(e)) else {
                return false;
            };
            let (a, b) = d.edge_dots(next);
            at = if a == at { b } else { a };
            prev = next;
            walked += 1;
        }
        walked == self.len()
    }

    /// Inside (`true`) / outside for every cell, row-major: a cell is inside when a ray from it
    /// to the left crosses the loop an odd number of times (Jordan curve theorem).
    pub fn inside_cells(&self) -> Vec<bool> {
        let d = self.dims;
        let mut inside = vec![false; d.num_cells()];
        for r in 0..d.rows() {
            let mut parity = false;
            for c in 0..d.cols() {
                parity ^= self.is_line(d.v_edge(r, c));
                inside[d.cell_index(Cell::new(r, c))] = parity;
            }
        }
        inside
    }

    /// Whether the edge runs horizontally (a convenience for renderers).
    pub fn orientation(&self, edge: Edge) -> Orientation {
        self.dims.orientation(edge)
    }
}
