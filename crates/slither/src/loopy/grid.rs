//! A square board in Loopy's own numbering, so that the solver sweeps faces, dots and edges in
//! the order Loopy's does (the order matters in the rare cases where a deduction is made but not
//! reported as progress; see [`super::solver`]).
//!
//! Loopy's square grid (grid.c) lists the faces row by row; each face has its four dots
//! clockwise from the top-left and its four edges clockwise from the top, edge `i` joining dots
//! `i` and `i + 1`. Dots and edges are numbered in order of first appearance in that listing.
//! Around a dot the edges are kept in clockwise order (north, east, south, west, leaving out
//! those off the board).

use pencilbox_grid::{Cell, Dims, Dot, Edge};

/// A face (a cell) in Loopy's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LFace(pub u32);

/// A dot in Loopy's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LDot(pub u32);

/// An edge in Loopy's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct LEdge(pub u32);

/// A "dline": two edges adjacent around a dot, named by the dot and the first of the two in
/// clockwise order (Loopy's `2 * edge + (dot is the edge's first dot)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DLine(pub u32);

macro_rules! index {
    ($($t:ty),*) => {$(
        impl $t {
            pub const fn i(self) -> usize {
                self.0 as usize
            }
        }
    )*};
}
index!(LFace, LDot, LEdge, DLine);

/// The adjacency of a square board in Loopy's numbering.
#[derive(Clone, Debug)]
pub(super) struct Grid {
    /// Per face: its clue.
    pub clue: Vec<Option<u8>>,
    /// Per face: edges clockwise from the top; edge `i` joins dots `i` and `i + 1`.
    pub face_edges: Vec<[LEdge; 4]>,
    /// Per face: dots clockwise from the top-left.
    pub face_dots: Vec<[LDot; 4]>,
    /// Per dot: its edges clockwise (2 to 4 of them, the rest unused).
    pub dot_edges: Vec<[LEdge; 4]>,
    pub dot_order: Vec<u8>,
    /// Per edge: its two dots, in the order of the face that listed it first.
    pub edge_dots: Vec<[LDot; 2]>,
    /// Per edge: the faces on its sides (`None` off the board).
    pub edge_faces: Vec<[Option<LFace>; 2]>,
    /// Per Loopy edge: the edge in the shared numbering, and back.
    pub ours: Vec<Edge>,
    pub theirs: Vec<LEdge>,
}

impl Grid {
    pub fn new(dims: Dims, clue: Vec<Option<u8>>) -> Self {
        let (nf, nd, ne) = (dims.num_cells(), dims.num_dots(), dims.num_edges());
        const UNSET: u32 = u32::MAX;
        let mut dot_of = vec![UNSET; nd];
        let mut edge_of = vec![UNSET; ne];
        let mut g = Grid {
            clue,
            face_edges: Vec::with_capacity(nf),
            face_dots: Vec::with_capacity(nf),
            dot_edges: vec![[LEdge(0); 4]; nd],
            dot_order: vec![0; nd],
            edge_dots: Vec::with_capacity(ne),
            edge_faces: Vec::with_capacity(ne),
            ours: Vec::with_capacity(ne),
            theirs: vec![LEdge(0); ne],
        };
        let mut dots_seen = 0;
        for (f, cell) in dims.cells().enumerate() {
            let Cell { row: r, col: c } = cell;
            let corners = [Dot::new(r, c), Dot::new(r, c + 1), Dot::new(r + 1, c + 1), Dot::new(r + 1, c)];
            let dots = corners.map(|dot| {
                let slot = &mut dot_of[dims.dot_index(dot)];
                if *slot == UNSET {
                    *slot = dots_seen;
                    dots_seen += 1;
                }
                LDot(*slot)
            });
            let sides = [dims.h_edge(r, c), dims.v_edge(r, c + 1), dims.h_edge(r + 1, c), dims.v_edge(r, c)];
            let mut edges = [LEdge(0); 4];
            for (i, &e) in sides.iter().enumerate() {
                let slot = &mut edge_of[e.index()];
                if *slot == UNSET {
                    *slot = g.ours.len() as u32;
                    g.ours.push(e);
                    g.edge_dots.push([dots[i], dots[(i + 1) % 4]]);
                    g.edge_faces
                        .push(dims.edge_cells(e).map(|c| c.map(|c| LFace(dims.cell_index(c) as u32))));
                }
                edges[i] = LEdge(*slot);
            }
            debug_assert_eq!(f, g.face_edges.len());
            g.face_edges.push(edges);
            g.face_dots.push(dots);
        }
        for (e, &l) in edge_of.iter().enumerate() {
            g.theirs[e] = LEdge(l);
        }
        for dot in dims.dots() {
            let ld = dot_of[dims.dot_index(dot)] as usize;
            let Dot { row, col } = dot;
            let clockwise = [
                (row > 0).then(|| dims.v_edge(row - 1, col)),
                (col < dims.cols()).then(|| dims.h_edge(row, col)),
                (row < dims.rows()).then(|| dims.v_edge(row, col)),
                (col > 0).then(|| dims.h_edge(row, col - 1)),
            ];
            for e in clockwise.into_iter().flatten() {
                let n = &mut g.dot_order[ld];
                g.dot_edges[ld][usize::from(*n)] = g.theirs[e.index()];
                *n += 1;
            }
        }
        g
    }

    pub fn num_faces(&self) -> usize {
        self.face_edges.len()
    }
    pub fn num_dots(&self) -> usize {
        self.dot_edges.len()
    }
    pub fn num_edges(&self) -> usize {
        self.edge_dots.len()
    }

    /// The edges at a dot, clockwise.
    pub fn edges_at(&self, d: LDot) -> &[LEdge] {
        &self.dot_edges[d.i()][..usize::from(self.dot_order[d.i()])]
    }

    /// The dline at `d` starting with its `j`-th edge (clockwise) and ending with the next.
    pub fn dline_at_dot(&self, d: LDot, j: usize) -> DLine {
        let e = self.edges_at(d)[j];
        DLine(2 * e.0 + u32::from(self.edge_dots[e.i()][0] == d))
    }

    /// The dline inside face `f` at its dot `k`: its edges `k` and `k - 1` (the first of them
    /// clockwise around the dot is edge `k`).
    pub fn dline_in_face(&self, f: LFace, k: usize) -> DLine {
        let e = self.face_edges[f.i()][k];
        let d = self.face_dots[f.i()][k];
        DLine(2 * e.0 + u32::from(self.edge_dots[e.i()][0] == d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_the_faces() {
        let d = Dims::new(2, 2).unwrap();
        let g = Grid::new(d, vec![None; 4]);
        // Face 0 lists top, right, bottom, left; face 1 adds its top, right and bottom.
        assert_eq!(g.ours[..4], [d.h_edge(0, 0), d.v_edge(0, 1), d.h_edge(1, 0), d.v_edge(0, 0)]);
        assert_eq!(g.ours[4..7], [d.h_edge(0, 1), d.v_edge(0, 2), d.h_edge(1, 1)]);
        assert_eq!(g.num_edges(), d.num_edges());
        // The centre dot (Loopy dot 2, the bottom-right of face 0) has four edges clockwise
        // from north; the top-left corner dot has two.
        let centre = g.face_dots[0][2];
        let want: Vec<LEdge> = [d.v_edge(0, 1), d.h_edge(1, 1), d.v_edge(1, 1), d.h_edge(1, 0)]
            .map(|e| g.theirs[e.index()])
            .into();
        assert_eq!(g.edges_at(centre), &want[..]);
        assert_eq!(g.edges_at(g.face_dots[0][0]).len(), 2);
        // The dline inside face 0 at its top-right dot is the pair right + top, and the same
        // dline seen from the dot starts with the right edge (south, then west clockwise).
        let tr = g.face_dots[0][1];
        let j = g.edges_at(tr).iter().position(|&e| e == g.face_edges[0][1]).unwrap();
        assert_eq!(g.dline_at_dot(tr, j), g.dline_in_face(LFace(0), 1));
        let next = g.edges_at(tr)[(j + 1) % g.edges_at(tr).len()];
        assert_eq!(next, g.face_edges[0][0]);
    }
}
