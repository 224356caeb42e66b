//! The rotations and reflections of a rectangular grid: the eight symmetries of the square (the
//! dihedral group of order 8). A square board is mapped onto itself by all eight; a board that is
//! not square only by the four that do not transpose ([`Symmetry::of`]); the other four map it
//! onto the board with rows and columns exchanged, which is what a game that normalises
//! sub-boards of any shape wants.
//!
//! Every symmetry is "transpose or not, then mirror the rows and/or the columns of the result",
//! which is how [`Symmetry::map`] computes it and how [`Symmetry::then`] composes two of them.

use crate::{Dims, Dot, Edge};

/// One of the eight rotations and reflections of a grid of `rows × cols` points (cells, or the
/// dots of a board). The doc of each variant gives the image of point `(r, c)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// `(r, c)`.
    Identity,
    /// `(r, cols − 1 − c)`.
    MirrorLeftRight,
    /// `(rows − 1 − r, c)`.
    MirrorUpDown,
    /// `(rows − 1 − r, cols − 1 − c)`.
    Rotate180,
    /// `(c, r)`: the reflection in the main diagonal.
    Transpose,
    /// `(cols − 1 − c, r)`: a quarter turn anticlockwise.
    RotateLeft,
    /// `(c, rows − 1 − r)`: a quarter turn clockwise.
    RotateRight,
    /// `(cols − 1 − c, rows − 1 − r)`: the reflection in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight; the first four keep the shape of any board (see [`Symmetry::of`]).
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorUpDown,
        Symmetry::Rotate180,
        Symmetry::Transpose,
        Symmetry::RotateLeft,
        Symmetry::RotateRight,
        Symmetry::AntiTranspose,
    ];

    /// The symmetries that map a board of `dims` onto itself, identity first: all eight for a
    /// square, the four that do not transpose otherwise.
    pub fn of(dims: Dims) -> &'static [Symmetry] {
        if dims.rows() == dims.cols() { &Symmetry::ALL } else { &Symmetry::ALL[..4] }
    }

    /// `(transpose, mirror rows, mirror columns)`, the mirrors applied after the transpose.
    const fn parts(self) -> (bool, bool, bool) {
        match self {
            Symmetry::Identity => (false, false, false),
            Symmetry::MirrorLeftRight => (false, false, true),
            Symmetry::MirrorUpDown => (false, true, false),
            Symmetry::Rotate180 => (false, true, true),
            Symmetry::Transpose => (true, false, false),
            Symmetry::RotateLeft => (true, true, false),
            Symmetry::RotateRight => (true, false, true),
            Symmetry::AntiTranspose => (true, true, true),
        }
    }

    const fn from_parts(transpose: bool, rows: bool, cols: bool) -> Symmetry {
        match (transpose, rows, cols) {
            (false, false, false) => Symmetry::Identity,
            (false, false, true) => Symmetry::MirrorLeftRight,
            (false, true, false) => Symmetry::MirrorUpDown,
            (false, true, true) => Symmetry::Rotate180,
            (true, false, false) => Symmetry::Transpose,
            (true, true, false) => Symmetry::RotateLeft,
            (true, false, true) => Symmetry::RotateRight,
            (true, true, true) => Symmetry::AntiTranspose,
        }
    }

    /// Whether rows and columns change places (the image of a `rows × cols` grid is
    /// `cols × rows`).
    pub const fn transposes(self) -> bool {
        self.parts().0
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::RotateLeft => Symmetry::RotateRight,
            Symmetry::RotateRight => Symmetry::RotateLeft,
            s => s,
        }
    }

    /// This symmetry followed by `next`.
    pub const fn then(self, next: Symmetry) -> Symmetry {
        let (t1, r1, c1) = self.parts();
        let (t2, r2, c2) = next.parts();
        // Transposing after a mirror of the rows is mirroring the columns after the transpose.
        let (r1, c1) = if t2 { (c1, r1) } else { (r1, c1) };
        Symmetry::from_parts(t1 ^ t2, r1 ^ r2, c1 ^ c2)
    }

    /// The shape `(rows, cols)` of the image of a `rows × cols` grid.
    pub const fn image_shape(self, rows: usize, cols: usize) -> (usize, usize) {
        if self.transposes() { (cols, rows) } else { (rows, cols) }
    }

    /// The image of point `(row, col)` of a `rows × cols` grid, in the grid of
    /// [`Symmetry::image_shape`].
    pub const fn map(self, rows: usize, cols: usize, row: usize, col: usize) -> (usize, usize) {
        let (transpose, mirror_rows, mirror_cols) = self.parts();
        let (rows, cols, row, col) = if transpose { (cols, rows, col, row) } else { (rows, cols, row, col) };
        (if mirror_rows { rows - 1 - row } else { row }, if mirror_cols { cols - 1 - col } else { col })
    }

    /// The board a board of `dims` is mapped onto.
    pub const fn image_dims(self, dims: Dims) -> Dims {
        let (rows, cols) = self.image_shape(dims.rows, dims.cols);
        Dims { rows, cols }
    }

    /// The image of an edge of a board of `dims`, in the numbering of [`Symmetry::image_dims`]:
    /// the edge between the images of its two dots.
    pub fn map_edge(self, dims: Dims, edge: Edge) -> Edge {
        let dot = |d: Dot| {
            let (row, col) = self.map(dims.rows + 1, dims.cols + 1, d.row, d.col);
            Dot::new(row, col)
        };
        let (a, b) = dims.edge_dots(edge);
        self.image_dims(dims).edge_between(dot(a), dot(b)).expect("a symmetry keeps dots adjacent")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;
    use std::collections::HashSet;

    /// Square and non-square shapes, strips and a single cell among them.
    const SHAPES: [(usize, usize); 6] = [(1, 1), (1, 4), (2, 3), (3, 2), (3, 3), (4, 5)];

    fn points(rows: usize, cols: usize) -> impl Iterator<Item = (usize, usize)> {
        (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)))
    }

    #[test]
    fn the_variants_map_points_as_documented() {
        let (h, w) = (2, 3);
        let (r, c) = (0, 1);
        let expected = [
            (r, c),
            (r, w - 1 - c),
            (h - 1 - r, c),
            (h - 1 - r, w - 1 - c),
            (c, r),
            (w - 1 - c, r),
            (c, h - 1 - r),
            (w - 1 - c, h - 1 - r),
        ];
        for (s, want) in Symmetry::ALL.into_iter().zip(expected) {
            assert_eq!(s.map(h, w, r, c), want, "{s:?}");
        }
        // A quarter turn clockwise takes the top-left corner to the top-right one.
        assert_eq!(Symmetry::RotateRight.map(h, w, 0, 0), (0, h - 1));
        assert_eq!(Symmetry::RotateLeft.map(h, w, 0, w - 1), (0, 0));
    }

    #[test]
    fn every_map_is_a_bijection_on_points_and_the_eight_are_distinct() {
        for (rows, cols) in SHAPES {
            for s in Symmetry::ALL {
                let (ir, ic) = s.image_shape(rows, cols);
                let images: HashSet<_> = points(rows, cols).map(|(r, c)| s.map(rows, cols, r, c)).collect();
                assert_eq!(images.len(), rows * cols, "{rows}x{cols} {s:?}");
                assert!(images.iter().all(|&(r, c)| r < ir && c < ic), "{rows}x{cols} {s:?}");
            }
        }
        // On a grid with no symmetry of its own, different symmetries move points differently.
        let actions: HashSet<Vec<_>> =
            Symmetry::ALL.iter().map(|s| points(2, 3).map(|(r, c)| s.map(2, 3, r, c)).collect()).collect();
        assert_eq!(actions.len(), 8);
    }

    #[test]
    fn composition_and_inverse_agree_with_the_maps() {
        for (rows, cols) in SHAPES {
            for a in Symmetry::ALL {
                let (ar, ac) = a.image_shape(rows, cols);
                assert_eq!(a.inverse().image_shape(ar, ac), (rows, cols));
                for (r, c) in points(rows, cols) {
                    let (r1, c1) = a.map(rows, cols, r, c);
                    assert_eq!(a.inverse().map(ar, ac, r1, c1), (r, c), "{rows}x{cols} {a:?}");
                    for b in Symmetry::ALL {
                        let ab = a.then(b);
                        assert_eq!(ab.image_shape(rows, cols), b.image_shape(ar, ac));
                        assert_eq!(ab.map(rows, cols, r, c), b.map(ar, ac, r1, c1), "{a:?} then {b:?}");
                    }
                }
            }
        }
        for a in Symmetry::ALL {
            assert_eq!(a.then(a.inverse()), Symmetry::Identity);
            assert_eq!(a.inverse().then(a), Symmetry::Identity);
            assert_eq!(Symmetry::Identity.then(a), a);
            for b in Symmetry::ALL {
                for c in Symmetry::ALL {
                    assert_eq!(a.then(b).then(c), a.then(b.then(c)));
                }
            }
        }
        assert_eq!(Symmetry::RotateLeft.then(Symmetry::RotateLeft), Symmetry::Rotate180);
        assert_eq!(Symmetry::Transpose.then(Symmetry::MirrorLeftRight), Symmetry::RotateRight);
    }

    #[test]
    fn a_board_admits_eight_symmetries_when_square_and_four_otherwise() {
        for (rows, cols) in SHAPES {
            let dims = Dims::new(rows, cols).unwrap();
            let own = Symmetry::of(dims);
            assert_eq!(own.len(), if rows == cols { 8 } else { 4 });
            assert_eq!(own[0], Symmetry::Identity);
            for s in Symmetry::ALL {
                let keeps = s.image_dims(dims) == dims;
                assert_eq!(own.contains(&s), keeps, "{dims} {s:?}");
                // The board's symmetries are a group: closed under composition and inverses.
                if keeps {
                    assert!(own.contains(&s.inverse()));
                    assert!(own.iter().all(|&t| own.contains(&s.then(t))));
                }
            }
        }
    }

    #[test]
    fn edges_map_one_to_one_and_a_cell_s_sides_to_its_image_s_sides() {
        for (rows, cols) in SHAPES {
            let dims = Dims::new(rows, cols).unwrap();
            for s in Symmetry::ALL {
                let image = s.image_dims(dims);
                let edges: HashSet<Edge> = dims.edges().map(|e| s.map_edge(dims, e)).collect();
                assert_eq!(edges.len(), dims.num_edges(), "{dims} {s:?}");
                assert!(edges.iter().all(|e| e.index() < image.num_edges()));
                for cell in dims.cells() {
                    let (r, c) = s.map(rows, cols, cell.row, cell.col);
                    let sides: HashSet<Edge> = dims.cell_edges(cell).map(|e| s.map_edge(dims, e)).into();
                    let want: HashSet<Edge> = image.cell_edges(Cell::new(r, c)).into();
                    assert_eq!(sides, want, "{dims} {s:?} {cell}");
                }
                for e in dims.edges() {
                    let back = s.inverse().map_edge(image, s.map_edge(dims, e));
                    assert_eq!(back, e, "{dims} {s:?}");
                }
            }
        }
    }
}
