//! The compact representation the solver and the bots search on: the set of drawn lines as one
//! `u128` bitmask (bit `i` = edge `i` of the shared numbering, see `pencilbox_grid`), and a
//! [`Geometry`] with the per-box side masks and the board's symmetries precomputed.
//!
//! The value of the rest of a Dots-and-Boxes game depends only on which lines are drawn (not on
//! the score or on who moved last), so a `LineSet` is a complete search state.

use pencilbox_grid::{Cell, Dims, Edge, Symmetry};

use crate::board::Position;

/// The largest number of lines a compact board may have (one bit per line in a `u128`).
pub const SOLVER_MAX_LINES: usize = 128;

/// A set of drawn lines: bit `i` is edge `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct LineSet(pub u128);

impl LineSet {
    pub const EMPTY: LineSet = LineSet(0);

    pub const fn contains(self, edge: Edge) -> bool {
        self.0 >> edge.0 & 1 == 1
    }
    #[must_use]
    pub const fn with(self, edge: Edge) -> LineSet {
        LineSet(self.0 | 1 << edge.0)
    }
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// The edges in the set, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Edge> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Edge(i))
        })
    }
}

/// The boxes of a position by number of drawn sides: bit `b` of `with[k]` is set iff box `b`
/// (row-major) has exactly `k` sides drawn. Boards of [`SOLVER_MAX_LINES`] lines have at most 62 boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SideCounts {
    pub with: [u64; 5],
}

impl SideCounts {
    /// Whether box `b` has exactly `k` sides drawn.
    pub const fn has(&self, k: usize, b: BoxId) -> bool {
        self.with[k] >> b.0 & 1 == 1
    }
}

/// A box of the board, by row-major index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoxId(pub u8);

/// Errors putting a board or a position in the compact form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeometryError {
    #[error("the {dims} board has {lines} lines; the exact solver takes at most {max}")]
    TooManyLines { dims: Dims, lines: usize, max: usize },
}

/// Precomputed facts about one board size.
#[derive(Clone, Debug)]
pub struct Geometry {
    dims: Dims,
    /// `box_sides[b]`: the mask of the four sides of box `b`.
    box_sides: Vec<u128>,
    /// `edge_boxes[e]`: the boxes on the two sides of edge `e` (one or two of them).
    edge_boxes: Vec<[Option<BoxId>; 2]>,
    /// Every line of the board.
    all: u128,
    /// Edge permutations of the board's symmetry group (identity first), as byte lookup tables:
    /// `sym_tables[s][k][byte]` is the image of the lines `8k..8k+8` given by `byte`.
    sym_tables: Vec<Vec<[u128; 256]>>,
    /// The same symmetries as edge permutations: `perms[s][e]` is the image of edge `e`.
    perms: Vec<[u8; SOLVER_MAX_LINES]>,
    /// `inverses[s]`: the symmetry that undoes `s`.
    inverses: Vec<usize>,
    /// The border lines of each box that has two or more (the corners; every box of a 1×N
    /// strip), as masks: see [`Geometry::twin_groups`].
    twins: Vec<u128>,
    /// `twin_of[e]`: the twin group of line `e`, or 0 when it has no twin.
    twin_of: Vec<u128>,
    /// `edge_box_mask[e]`: the boxes line `e` borders, as a mask over box indices.
    edge_box_mask: Vec<u64>,
    /// `image_group[s * lines + e]`: the twin group of the image of `e` under symmetry `s`, or
    /// the image alone when it has no twin (see [`Geometry::draw_normalised`]).
    image_group: Vec<u128>,
}

impl Geometry {
    pub fn new(dims: Dims) -> Result<Geometry, GeometryError> {
        fits(dims)?;
        let n = dims.num_edges();
        let box_sides =
            dims.cells().map(|cell| dims.cell_edges(cell).iter().fold(0u128, |m, e| m | 1 << e.0)).collect();
        let edge_boxes = dims
            .edges()
            .map(|e| dims.edge_cells(e).map(|c| c.map(|c| BoxId(dims.cell_index(c) as u8))))
            .collect();
        let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
        // The board's symmetries in the order of `Symmetry::of` (identity first): the solver's
        // node counts depend on it, as ties between equal images go to the lowest index.
        let syms = Symmetry::of(dims);
        let sym_perms: Vec<Vec<usize>> =
            syms.iter().map(|s| dims.edges().map(|e| s.map_edge(dims, e).0).collect()).collect();
        let sym_tables = sym_perms.iter().map(|perm| byte_tables(perm)).collect();
        let perms: Vec<[u8; SOLVER_MAX_LINES]> = sym_perms
            .iter()
            .map(|p| {
                let mut bytes = [0u8; SOLVER_MAX_LINES];
                p.iter().zip(&mut bytes).for_each(|(&e, b)| *b = e as u8);
                bytes
            })
            .collect();
        let inverses = syms
            .iter()
            .map(|s| syms.iter().position(|&q| q == s.inverse()).expect("a symmetry group holds inverses"))
            .collect();
        let twins = dims
            .cells()
            .map(|cell| {
                let border =
                    dims.cell_edges(cell).into_iter().filter(|&e| dims.edge_cells(e).contains(&None));
                border.fold(0u128, |m, e| m | 1 << e.0)
            })
            .filter(|m| m.count_ones() >= 2)
            .collect();
        let mut twin_of = vec![0u128; n];
        for &g in &twins {
            LineSet(g).iter().for_each(|e| twin_of[e.0] = g);
        }
        let edge_box_mask = dims
            .edges()
            .map(|e| dims.edge_cells(e).iter().flatten().fold(0u64, |m, &c| m | 1 << dims.cell_index(c)))
            .collect();
        let image_group = perms
            .iter()
            .flat_map(|p: &[u8; SOLVER_MAX_LINES]| {
                (0..n).map(|e| if twin_of[p[e] as usize] != 0 { twin_of[p[e] as usize] } else { 1 << p[e] })
            })
            .collect();
        Ok(Geometry {
            dims,
            box_sides,
            edge_boxes,
            all,
            sym_tables,
            perms,
            inverses,
            twins,
            twin_of,
            edge_box_mask,
            image_group,
        })
    }

    pub const fn dims(&self) -> Dims {
        self.dims
    }
    pub fn num_lines(&self) -> usize {
        self.edge_boxes.len()
    }
    pub fn num_boxes(&self) -> usize {
        self.box_sides.len()
    }
    pub const fn all_lines(&self) -> LineSet {
        LineSet(self.all)
    }
    pub fn undrawn(&self, drawn: LineSet) -> LineSet {
        LineSet(self.all & !drawn.0)
    }
    pub fn box_sides(&self, b: BoxId) -> u128 {
        self.box_sides[b.0 as usize]
    }
    /// The boxes an edge borders.
    pub fn edge_boxes(&self, e: Edge) -> impl Iterator<Item = BoxId> + '_ {
        self.edge_boxes[e.0].iter().flatten().copied()
    }
    /// The box on the other side of edge `e` from box `b` (`None` at the border).
    pub fn other_box(&self, e: Edge, b: BoxId) -> Option<BoxId> {
        self.edge_boxes(e).find(|&x| x != b)
    }
    pub fn boxes(&self) -> impl Iterator<Item = BoxId> + use<> {
        (0..self.box_sides.len() as u8).map(BoxId)
    }
    pub fn cell(&self, b: BoxId) -> Cell {
        self.dims.cell_at(b.0 as usize)
    }
    /// Every box's number of drawn sides at once, with word-wide bit operations: the four sides
    /// of the boxes are gathered into four box-indexed masks (tops, bottoms, lefts, rights),
    /// which are then added bit-sliced.
    pub fn side_counts(&self, drawn: LineSet) -> SideCounts {
        let (rows, cols) = (self.dims.rows(), self.dims.cols());
        let boxes = if rows * cols == 64 { u64::MAX } else { (1u64 << (rows * cols)) - 1 };
        // Horizontal line r·C + c is the top of box (r, c) and the bottom of box (r − 1, c).
        let h = drawn.0;
        let top = h as u64 & boxes;
        let bottom = (h >> cols) as u64 & boxes;
        // Vertical line (R+1)·C + r·(C+1) + c is the left of box (r, c), the right of (r, c − 1).
        let v = drawn.0 >> ((rows + 1) * cols);
        let row_mask = (1u64 << cols) - 1;
        let (mut left, mut right) = (0u64, 0u64);
        for r in 0..rows {
            let row = (v >> (r * (cols + 1))) as u64;
            left |= (row & row_mask) << (r * cols);
            right |= (row >> 1 & row_mask) << (r * cols);
        }
        // Bit-sliced sum of four one-bit numbers per box: `low` + 2·`mid` + 4·`all`.
        let (s1, c1) = (top ^ bottom, top & bottom);
        let (s2, c2) = (left ^ right, left & right);
        let low = s1 ^ s2;
        let mid = c1 ^ c2 ^ (s1 & s2);
        let all = c1 & c2;
        SideCounts { with: [boxes & !(low | mid | all), low & !mid, mid & !low, low & mid, all] }
    }
    /// How many sides of box `b` are drawn.
    pub fn drawn_sides(&self, drawn: LineSet, b: BoxId) -> u32 {
        (drawn.0 & self.box_sides[b.0 as usize]).count_ones()
    }
    /// The number of boxes with all four sides drawn.
    pub fn claimed_boxes(&self, drawn: LineSet) -> u32 {
        self.box_sides.iter().filter(|&&m| drawn.0 & m == m).count() as u32
    }
    /// The boxes not yet claimed.
    pub fn unclaimed_boxes(&self, drawn: LineSet) -> u32 {
        self.num_boxes() as u32 - self.claimed_boxes(drawn)
    }
    /// The number of symmetries of the board (4 for a rectangle, 8 for a square): symmetry `s`
    /// is `Symmetry::of(dims)[s]`.
    pub fn num_symmetries(&self) -> usize {
        self.sym_tables.len()
    }
    /// The image of `lines` under symmetry `s`.
    pub fn transform(&self, s: usize, lines: LineSet) -> LineSet {
        let tables = &self.sym_tables[s];
        let mut out = 0u128;
        for (k, table) in tables.iter().enumerate() {
            out |= table[(lines.0 >> (8 * k)) as usize & 0xff];
        }
        LineSet(out)
    }
    /// The smallest image of `lines` under the board's symmetries (equal for symmetric
    /// positions, which have equal values) and the symmetry that gives it.
    pub fn canonical(&self, lines: LineSet) -> (LineSet, usize) {
        let mut best = (lines, 0);
        for s in 1..self.sym_tables.len() {
            let img = self.transform(s, lines);
            if img < best.0 {
                best = (img, s);
            }
        }
        best
    }
    /// The table key of `lines` and the symmetry that gives it: the smallest image under the
    /// board's symmetries, each image first normalised under exchanges of twin lines
    /// ([`Geometry::normalise_twins`]); ties go to the lowest symmetry. Every position a symmetry
    /// and exchanges of twins map `lines` to has this key, and all of them have the same value
    /// in Dots-and-Boxes and in Nimstring.
    ///
    /// Why this is a key of the whole class: a symmetry maps twin groups onto twin groups, so
    /// for positions `y = σ0(τ(x))` with `τ` an exchange of twins, each `σ(y)` is an exchange of
    /// twins applied to `σσ0(x)`: both have the same normalised images, hence the same minimum.
    /// (The solver keeps the normalised images up to date move by move instead of computing
    /// them afresh at each node, with [`Geometry::draw_normalised`].)
    pub fn class_key(&self, lines: LineSet) -> (LineSet, usize) {
        let mut best = (LineSet(self.normalise_twins(lines.0)), 0);
        for s in 1..self.sym_tables.len() {
            let img = LineSet(self.normalise_twins(self.transform(s, lines).0));
            if img < best.0 {
                best = (img, s);
            }
        }
        best
    }
    /// The image of one edge under symmetry `s`.
    pub fn map_edge(&self, s: usize, e: Edge) -> Edge {
        Edge(usize::from(self.perms[s][e.0]))
    }
    /// The symmetry that undoes symmetry `s`.
    pub fn inverse(&self, s: usize) -> usize {
        self.inverses[s]
    }

    /// Groups of *twin lines*: lines that border the same single box (the two border lines of a
    /// corner box). In the strings-and-coins view (Berlekamp, ch. 2; Barker & Korf 2012) both
    /// are strings from the same coin to the ground, so exchanging them maps the game onto
    /// itself: two positions that differ only in which lines of a group are drawn have the same
    /// value, and drawing one undrawn line of a group is as good as drawing another.
    pub fn twin_groups(&self) -> &[u128] {
        &self.twins
    }

    /// The twin group of line `e` as a mask, 0 when `e` has no twin.
    pub fn twin_group_of(&self, e: Edge) -> u128 {
        self.twin_of[e.0]
    }

    /// The boxes line `e` borders, as a mask over box indices.
    pub fn edge_box_mask(&self, e: Edge) -> u64 {
        self.edge_box_mask[e.0]
    }

    /// `image` (the image of some position under symmetry `s`, normalised by
    /// [`Geometry::normalise_twins`]) once one more line, `e` before the symmetry, is drawn: a
    /// normalised twin group has its lowest lines drawn, so its next line is the lowest undrawn.
    pub fn draw_normalised(&self, s: usize, image: u128, e: Edge) -> u128 {
        let group = self.image_group[s * self.edge_boxes.len() + e.0];
        let free = group & !image;
        image | free & free.wrapping_neg()
    }

    /// The representative of `lines` under exchanges of twin lines: in each group the same
    /// number of lines drawn, the lowest-numbered ones.
    pub fn normalise_twins(&self, lines: u128) -> u128 {
        let mut out = lines;
        for &group in &self.twins {
            // A group with none or all of its lines drawn is its own representative.
            if lines & group == 0 || lines & group == group {
                continue;
            }
            let mut drawn = (lines & group).count_ones();
            out &= !group;
            let mut rest = group;
            while drawn > 0 {
                out |= rest & rest.wrapping_neg();
                rest &= rest - 1;
                drawn -= 1;
            }
        }
        out
    }
}

fn byte_tables(perm: &[usize]) -> Vec<[u128; 256]> {
    (0..perm.len().div_ceil(8))
        .map(|k| {
            let mut table = [0u128; 256];
            for (byte, slot) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let e = 8 * k + bit;
                    if byte >> bit & 1 == 1 && e < perm.len() {
                        *slot |= 1 << perm[e];
                    }
                }
            }
            table
        })
        .collect()
}

impl LineSet {
    /// The drawn lines of a position; fails when its board has more than [`SOLVER_MAX_LINES`] lines.
    pub fn of_position(position: &Position) -> Result<LineSet, GeometryError> {
        fits(position.dims())?;
        Ok(position.drawn().iter().fold(LineSet::EMPTY, |s, i| LineSet(s.0 | 1 << i)))
    }
}

/// A position in the compact form the solver and the bots search on: its board's geometry and
/// its drawn lines. Fails when the board has more than [`SOLVER_MAX_LINES`] lines.
pub fn from_position(position: &Position) -> Result<(Geometry, LineSet), GeometryError> {
    Ok((Geometry::new(position.dims())?, LineSet::of_position(position)?))
}

/// Whether a board fits the compact form.
fn fits(dims: Dims) -> Result<(), GeometryError> {
    let lines = dims.num_edges();
    if lines > SOLVER_MAX_LINES {
        return Err(GeometryError::TooManyLines { dims, lines, max: SOLVER_MAX_LINES });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn symmetry_group_sizes() {
        let g = |r, c| Geometry::new(Dims::new(r, c).unwrap()).unwrap().num_symmetries();
        assert_eq!(g(3, 3), 8);
        assert_eq!(g(3, 4), 4);
        assert_eq!(g(1, 1), 8);
        assert_eq!(g(1, 3), 4);
    }

    #[test]
    fn symmetries_map_boxes_to_boxes() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (4, 5)] {
            let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
            for s in 0..geo.num_symmetries() {
                for b in geo.boxes() {
                    let img = geo.transform(s, LineSet(geo.box_sides(b)));
                    assert!(geo.boxes().any(|x| geo.box_sides(x) == img.0), "{r}x{c} sym {s}");
                }
            }
        }
    }

    #[test]
    fn side_counts_agree_with_drawn_sides() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x1234_5678_9abc_def0);
        for (r, c) in [(1, 1), (1, 5), (3, 3), (3, 4), (5, 2), (7, 7), (2, 25), (1, 42)] {
            let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
            for _ in 0..200 {
                let drawn = LineSet(rng.random::<u128>() & geo.all);
                let counts = geo.side_counts(drawn);
                for b in geo.boxes() {
                    let k = geo.drawn_sides(drawn, b) as usize;
                    assert!((0..5).all(|j| counts.has(j, b) == (j == k)), "{r}x{c} box {b:?}");
                }
                let boxes: u64 = counts.with.iter().fold(0, |m, w| m | w);
                assert_eq!(boxes.count_ones() as usize, geo.num_boxes());
            }
        }
    }

    #[test]
    fn twins_are_the_border_lines_of_corner_boxes() {
        let geo = Geometry::new(Dims::new(3, 4).unwrap()).unwrap();
        assert_eq!(geo.twin_groups().len(), 4);
        assert!(geo.twin_groups().iter().all(|g| g.count_ones() == 2));
        let strip = Geometry::new(Dims::new(1, 3).unwrap()).unwrap();
        let sizes: Vec<u32> = strip.twin_groups().iter().map(|g| g.count_ones()).collect();
        assert_eq!(sizes, [3, 2, 3]);
    }

    #[test]
    fn normalised_images_are_kept_up_to_date_move_by_move() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x0ddc_0ffe_e0dd_f00d);
        for (r, c) in [(1, 1), (1, 4), (2, 2), (3, 3), (3, 4)] {
            let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
            for _ in 0..100 {
                let drawn = LineSet(rng.random::<u128>() & geo.all);
                for s in 0..geo.num_symmetries() {
                    let image = geo.normalise_twins(geo.transform(s, drawn).0);
                    for e in geo.undrawn(drawn).iter() {
                        let expected = geo.normalise_twins(geo.transform(s, drawn.with(e)).0);
                        assert_eq!(
                            geo.draw_normalised(s, image, e),
                            expected,
                            "{r}x{c} sym {s} line {}",
                            e.0
                        );
                    }
                }
            }
        }
    }

    /// Every image of a position under a symmetry and every exchange of twin lines in it has
    /// the position's class key, and the key is one of the normalised images.
    #[test]
    fn the_class_key_is_shared_by_the_whole_class() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed_c1a5);
        for (r, c) in [(1, 1), (1, 4), (2, 2), (3, 3), (3, 4), (5, 5)] {
            let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
            for _ in 0..200 {
                let drawn = LineSet(rng.random::<u128>() & geo.all);
                let (key, sym) = geo.class_key(drawn);
                assert_eq!(key.0, geo.normalise_twins(geo.transform(sym, drawn).0));
                for s in 0..geo.num_symmetries() {
                    assert_eq!(geo.class_key(geo.transform(s, drawn)).0, key, "{r}x{c} sym {s}");
                }
                // Exchange the drawn and undrawn lines of one twin group (drawn count kept).
                for &group in geo.twin_groups() {
                    let inside = drawn.0 & group;
                    let swapped = LineSet(drawn.0 & !group | reverse_in(group, inside));
                    assert_eq!(geo.class_key(swapped).0, key, "{r}x{c} twins {group:b}");
                }
            }
        }
    }

    /// The lines of `group` drawn in `inside`, highest first instead of lowest: the same number.
    fn reverse_in(group: u128, inside: u128) -> u128 {
        let n = inside.count_ones();
        let mut out = 0;
        let mut rest = group;
        for _ in 0..n {
            let top = 1u128 << (127 - rest.leading_zeros());
            out |= top;
            rest &= !top;
        }
        out
    }

    #[test]
    fn too_many_lines_is_an_error() {
        let (big, small) = (Dims::new(8, 8).unwrap(), Dims::new(7, 7).unwrap());
        let too_many = GeometryError::TooManyLines { dims: big, lines: 144, max: SOLVER_MAX_LINES };
        assert_eq!(Geometry::new(big).unwrap_err(), too_many);
        assert!(Geometry::new(small).is_ok());
        let position = Position::empty_of(big).unwrap();
        assert_eq!(LineSet::of_position(&position).unwrap_err(), too_many);
        assert_eq!(from_position(&position).unwrap_err(), too_many);
        assert_eq!(too_many.to_string(), "the 8x8 board has 144 lines; the exact solver takes at most 128");
        let position = Position::from_lines(small, [Edge(0), Edge(111)]).unwrap();
        let (geo, drawn) = from_position(&position).unwrap();
        assert_eq!((geo.dims(), drawn), (small, LineSet(1 | 1 << 111)));
    }
}
