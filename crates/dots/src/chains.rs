//! Chains and loops: the one decomposition of a position into the groups of boxes that a move
//! hands out together.
//!
//! A box with exactly two undrawn sides is handed to the opponent by whoever draws one of them:
//! the opponent takes it with the other, and goes on into the box across that line when it has
//! two undrawn sides too. So the *components* of a position are the maximal groups of boxes with
//! two undrawn sides joined by undrawn lines. A box has at most two neighbours in its group, so
//! a group is either
//!
//! * a **chain**, a path whose two ends lead out through an undrawn line to the border of the
//!   board or to a box with one, three or four undrawn sides, or
//! * a **loop**, a cycle: every undrawn side of its boxes joins two of them.
//!
//! In a simple loony endgame (every box with 0 or 2 undrawn sides) the components are the
//! independent parts that [`crate::endgame`] values, and a chain runs from border to border
//! (Berlekamp, *The Dots and Boxes Game*, ch. 3). In any other position they are the chains and
//! loops formed so far: an undrawn line that touches none of them gives no box away.
//!
//! One walk finds them, on either form of a position: [`Chains`] on the compact [`LineSet`]
//! (no allocation, for the solver's every node and the bots) and [`components`] on a
//! [`Position`] of any size (each component's boxes in order, for the endgame module and the
//! pages that highlight them).

use std::ops::Range;

use pencilbox_grid::{Cell, Dims, Edge};

use crate::board::Position;
use crate::compact::{BoxId, Geometry, LineSet, SOLVER_MAX_LINES, SideCounts};

/// Whether a component is a chain or a loop (chains sort first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Chain,
    Loop,
}

pencilbox_grid::named!(Kind, "component kind", { Chain => "chain", Loop => "loop" });

/// A chain or a loop with its boxes, in order along it (a chain from one end to the other).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    pub kind: Kind,
    pub boxes: Vec<Cell>,
}

impl Component {
    /// Its number of boxes.
    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// Whether the long chain rule counts it: a chain of [`crate::control::LONG_CHAIN`] boxes
    /// or more (loops do not count).
    pub fn is_long_chain(&self) -> bool {
        self.kind == Kind::Chain && self.len() >= crate::control::LONG_CHAIN
    }
}

/// The chains and loops of a position, in the order of their lowest box (row-major).
pub fn components(pos: &Position) -> Vec<Component> {
    let list = Listing::of(pos);
    list.ranges().map(|(kind, boxes)| Component { kind, boxes: list.boxes[boxes].to_vec() }).collect()
}

/// The kind and length of each chain and loop of a position, in the order of [`components`]
/// (without a list of boxes for each).
pub(crate) fn sizes(pos: &Position) -> Vec<(Kind, usize)> {
    Listing::of(pos).ranges().map(|(kind, boxes)| (kind, boxes.len())).collect()
}

/// No chain: the line gives no box away.
pub const NO_CHAIN: u8 = u8::MAX;

/// The chains and loops of a position on the compact form, numbered in the order of their
/// lowest box.
#[derive(Clone, Debug)]
pub struct Chains {
    /// `chain_of_line[e]`: the component the undrawn line `e` touches, or [`NO_CHAIN`] if `e`
    /// touches none (it gives no box away).
    pub chain_of_line: [u8; SOLVER_MAX_LINES],
    /// `chain_of_box[b]`: the component of box `b`, or [`NO_CHAIN`] (its undrawn sides are not
    /// two). Boards of [`SOLVER_MAX_LINES`] lines have at most 64 boxes.
    pub chain_of_box: [u8; 64],
    /// `len[i]`: the number of boxes of component `i`.
    pub len: [u8; 64],
    /// `is_loop[i]`: component `i` is a loop.
    pub is_loop: [bool; 64],
    /// The number of components.
    pub count: usize,
}

impl Chains {
    /// The components of `drawn`.
    pub fn of(geo: &Geometry, drawn: LineSet) -> Chains {
        Chains::of_counts(geo, drawn, &geo.side_counts(drawn))
    }

    /// [`Chains::of`] given the position's [`SideCounts`].
    pub fn of_counts(geo: &Geometry, drawn: LineSet, counts: &SideCounts) -> Chains {
        let mut out = Chains {
            chain_of_line: [NO_CHAIN; SOLVER_MAX_LINES],
            chain_of_box: [NO_CHAIN; 64],
            len: [0; 64],
            is_loop: [false; 64],
            count: 0,
        };
        walk(&Compact { geo, drawn, two: counts.with[2] }, &mut out);
        out
    }

    /// Whether component `i` is a chain or a loop.
    pub fn kind(&self, i: usize) -> Kind {
        if self.is_loop[i] { Kind::Loop } else { Kind::Chain }
    }
}

/// What the walk needs to know of a position.
trait Graph {
    /// A box: [`BoxId`] on the compact form, [`Cell`] on a [`Position`].
    type Box: Copy + Eq;
    /// The boxes with exactly two undrawn sides, row-major.
    fn two_sided(&self) -> impl Iterator<Item = Self::Box>;
    fn is_two_sided(&self, b: Self::Box) -> bool;
    /// The two undrawn sides of box `b`, which has exactly two, lowest first.
    fn sides(&self, b: Self::Box) -> [Edge; 2];
    /// The box across line `e` from box `b`, if `e` is not on the border.
    fn across(&self, e: Edge, b: Self::Box) -> Option<Self::Box>;
}

/// What the walk reports: for each component `open`, then its boxes and undrawn lines as the
/// walk meets them, then `close`.
trait Record<B> {
    /// Whether box `b` is in a component already.
    fn contains(&self, b: B) -> bool;
    fn open(&mut self);
    fn add_box(&mut self, b: B);
    fn add_line(&mut self, e: Edge);
    /// The walk has reached one end of a chain and goes on from its first box the other way:
    /// the boxes added so far, reversed, run from that end to the first box.
    fn turn(&mut self);
    fn close(&mut self, kind: Kind);
}

/// The one walk. From each box with two undrawn sides not yet in a component it follows one
/// side until it leaves the group (a chain: it then follows the other side from the first box)
/// or comes back (a loop). Every box and every line of a component is reported once.
fn walk<G: Graph>(g: &G, out: &mut impl Record<G::Box>) {
    for start in g.two_sided() {
        if out.contains(start) {
            continue;
        }
        out.open();
        out.add_box(start);
        let [first, second] = g.sides(start);
        if follow(g, out, start, first) {
            out.close(Kind::Loop);
        } else {
            out.turn();
            follow(g, out, start, second);
            out.close(Kind::Chain);
        }
    }
}

/// Walks out of box `start` through its undrawn side `exit`, box by box, until a line leads
/// out of the group (false) or back to `start` (true: a loop).
fn follow<G: Graph>(g: &G, out: &mut impl Record<G::Box>, start: G::Box, mut exit: Edge) -> bool {
    let mut b = start;
    loop {
        out.add_line(exit);
        match g.across(exit, b) {
            Some(next) if next == start => return true,
            Some(next) if g.is_two_sided(next) => {
                out.add_box(next);
                let [x, y] = g.sides(next);
                exit = if x == exit { y } else { x };
                b = next;
            }
            _ => return false,
        }
    }
}

/// The compact form as a [`Graph`]: `two` is the mask of the boxes with two undrawn sides.
struct Compact<'a> {
    geo: &'a Geometry,
    drawn: LineSet,
    two: u64,
}

impl Graph for Compact<'_> {
    type Box = BoxId;
    fn two_sided(&self) -> impl Iterator<Item = BoxId> {
        let mut rest = self.two;
        std::iter::from_fn(move || {
            let b = (rest != 0).then(|| BoxId(rest.trailing_zeros() as u8))?;
            rest &= rest - 1;
            Some(b)
        })
    }
    fn is_two_sided(&self, b: BoxId) -> bool {
        self.two >> b.0 & 1 == 1
    }
    fn sides(&self, b: BoxId) -> [Edge; 2] {
        let free = self.geo.box_sides(b) & !self.drawn.0;
        debug_assert_eq!(free.count_ones(), 2);
        [Edge(free.trailing_zeros() as usize), Edge((free & (free - 1)).trailing_zeros() as usize)]
    }
    fn across(&self, e: Edge, b: BoxId) -> Option<BoxId> {
        self.geo.other_box(e, b)
    }
}

impl Record<BoxId> for Chains {
    fn contains(&self, b: BoxId) -> bool {
        self.chain_of_box[usize::from(b.0)] != NO_CHAIN
    }
    fn open(&mut self) {
        self.count += 1;
    }
    fn add_box(&mut self, b: BoxId) {
        let id = self.count - 1;
        self.chain_of_box[usize::from(b.0)] = id as u8;
        self.len[id] += 1;
    }
    fn add_line(&mut self, e: Edge) {
        self.chain_of_line[e.0] = (self.count - 1) as u8;
    }
    fn turn(&mut self) {}
    fn close(&mut self, kind: Kind) {
        self.is_loop[self.count - 1] = kind == Kind::Loop;
    }
}

impl Graph for &Position {
    type Box = Cell;
    fn two_sided(&self) -> impl Iterator<Item = Cell> {
        let dims = self.dims();
        self.undrawn_counts().iter().enumerate().filter(|&(_, &u)| u == 2).map(move |(i, _)| dims.cell_at(i))
    }
    fn is_two_sided(&self, b: Cell) -> bool {
        self.undrawn_sides(b) == 2
    }
    fn sides(&self, b: Cell) -> [Edge; 2] {
        // `cell_edges` lists top, bottom, left, right: increasing line numbers.
        let mut sides = self.undrawn_sides_of(b);
        let first = sides.next().expect("a box with two undrawn sides");
        [first, sides.next().expect("a box with two undrawn sides")]
    }
    fn across(&self, e: Edge, b: Cell) -> Option<Cell> {
        self.dims().edge_cells(e).into_iter().flatten().find(|&x| x != b)
    }
}

/// Every box of every component of a position in one list, each component's boxes in order
/// along it: component `i` starts at `parts[i].1` and runs to the next one's start.
struct Listing {
    dims: Dims,
    placed: Vec<bool>,
    boxes: Vec<Cell>,
    parts: Vec<(Kind, usize)>,
}

impl Listing {
    fn of(pos: &Position) -> Listing {
        let dims = pos.dims();
        let mut list =
            Listing { dims, placed: vec![false; dims.num_cells()], boxes: Vec::new(), parts: Vec::new() };
        walk(&pos, &mut list);
        list
    }

    /// Each component's kind and the range of its boxes in `boxes`.
    fn ranges(&self) -> impl Iterator<Item = (Kind, Range<usize>)> + '_ {
        let ends = self.parts.iter().skip(1).map(|&(_, start)| start).chain([self.boxes.len()]);
        self.parts.iter().zip(ends).map(|(&(kind, start), end)| (kind, start..end))
    }

    fn start(&self) -> usize {
        self.parts.last().expect("the walk opens a component before it adds to it").1
    }
}

impl Record<Cell> for Listing {
    fn contains(&self, b: Cell) -> bool {
        self.placed[self.dims.cell_index(b)]
    }
    fn open(&mut self) {
        self.parts.push((Kind::Chain, self.boxes.len()));
    }
    fn add_box(&mut self, b: Cell) {
        self.placed[self.dims.cell_index(b)] = true;
        self.boxes.push(b);
    }
    fn add_line(&mut self, _: Edge) {}
    fn turn(&mut self) {
        let start = self.start();
        self.boxes[start..].reverse();
    }
    fn close(&mut self, kind: Kind) {
        if let Some(part) = self.parts.last_mut() {
            part.0 = kind;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(rows: usize, cols: usize, drawn: &[usize]) -> Position {
        Position::from_lines(Dims::new(rows, cols).unwrap(), drawn.iter().map(|&e| Edge(e))).unwrap()
    }

    /// The same components, in the same order, on both forms of a position, with every line of
    /// a component touching one of its boxes.
    fn check_both_forms(pos: &Position) {
        let geo = Geometry::new(pos.dims()).unwrap();
        let drawn = LineSet::of_position(pos).unwrap();
        let chains = Chains::of(&geo, drawn);
        let parts = components(pos);
        assert_eq!(chains.count, parts.len());
        for (i, part) in parts.iter().enumerate() {
            assert_eq!((chains.kind(i), usize::from(chains.len[i])), (part.kind, part.len()));
            for &cell in &part.boxes {
                assert_eq!(usize::from(chains.chain_of_box[pos.dims().cell_index(cell)]), i);
            }
        }
        for e in geo.undrawn(drawn).iter() {
            let touches =
                |i: usize| geo.edge_boxes(e).any(|b| chains.chain_of_box[usize::from(b.0)] == i as u8);
            match chains.chain_of_line[e.0] {
                NO_CHAIN => assert!(!geo.gives_box(drawn, e), "line {} gives a box away", e.0),
                i => assert!(touches(usize::from(i)), "line {} is not beside component {i}", e.0),
            }
        }
    }

    #[test]
    fn a_loop_is_walked_around_and_a_chain_from_end_to_end() {
        // 2x2 with the outer ring drawn: one loop of the four boxes.
        let ring = position(2, 2, &[0, 1, 4, 5, 6, 8, 9, 11]);
        let cells = |v: &[(usize, usize)]| v.iter().map(|&(r, c)| Cell::new(r, c)).collect::<Vec<_>>();
        assert_eq!(
            components(&ring),
            [Component { kind: Kind::Loop, boxes: cells(&[(0, 0), (1, 0), (1, 1), (0, 1)]) }]
        );
        // 1x3 with its long sides drawn: one chain, from the left end.
        let row = position(1, 3, &[0, 1, 2, 3, 4, 5]);
        assert_eq!(
            components(&row),
            [Component { kind: Kind::Chain, boxes: cells(&[(0, 0), (0, 1), (0, 2)]) }]
        );
        // 1x3 with its long sides drawn but for the middle box's top: the middle box has three
        // undrawn sides, so the end boxes are two 1-chains.
        let split = position(1, 3, &[0, 2, 3, 4, 5]);
        assert_eq!(
            components(&split),
            [
                Component { kind: Kind::Chain, boxes: cells(&[(0, 0)]) },
                Component { kind: Kind::Chain, boxes: cells(&[(0, 2)]) }
            ]
        );
        // An L-shaped chain (0, 1) - (0, 0) - (1, 0) whose lowest box is in its middle is still
        // listed from one end to the other.
        let bent = position(2, 2, &[0, 1, 3, 5, 6, 9, 10, 11]);
        assert_eq!(
            components(&bent),
            [Component { kind: Kind::Chain, boxes: cells(&[(1, 0), (0, 0), (0, 1)]) }]
        );
        for pos in [ring, row, split, bent] {
            check_both_forms(&pos);
        }
    }

    #[test]
    fn both_forms_agree_on_random_positions() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x9e37_79b9_7f4a_7c15);
        for (r, c) in [(1, 1), (1, 5), (2, 2), (3, 3), (3, 4), (4, 5), (7, 7)] {
            let dims = Dims::new(r, c).unwrap();
            for _ in 0..300 {
                // Dense enough to make chains and loops: each line drawn with probability 5/8.
                let drawn: Vec<usize> = (0..dims.num_edges()).filter(|_| rng.random_ratio(5, 8)).collect();
                check_both_forms(&position(r, c, &drawn));
            }
        }
    }
}
