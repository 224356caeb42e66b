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
//! One walk finds them, over any [`View`] of a position: [`Chains`] on the compact form (no
//! allocation, for the solver's every node and the bots) and [`components`] on a [`Position`]
//! of any size (each component's boxes in order, for the endgame module and the pages that
//! highlight them). [`ChainSizes`] is what the playing rules ask of either.

use std::ops::Range;

use pencilbox_grid::{Cell, Dims, Edge};

use super::{Compact, LONG_CHAIN, View};
use crate::board::Position;
use crate::compact::{BoxId, SOLVER_MAX_LINES};

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

    /// Whether the long chain rule counts it: a chain of [`LONG_CHAIN`] boxes or more (loops do
    /// not count).
    pub fn is_long_chain(&self) -> bool {
        self.kind == Kind::Chain && self.len() >= LONG_CHAIN
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
/// A chain's end at the border of the board ([`Chains::ends`]).
pub const GROUND: u8 = u8::MAX;
/// The ends of a loop, which has none ([`Chains::ends`]).
pub const NO_END: u8 = u8::MAX - 1;

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
    /// `ends[i]`: what the end lines of chain `i` lead to: a box with one, three or four undrawn
    /// sides, or [`GROUND`] (the border); [`NO_END`] twice for a loop.
    pub ends: [[u8; 2]; 64],
    /// The number of components.
    pub count: usize,
}

impl Chains {
    /// The components of a position on the compact form.
    pub fn of(pos: &Compact<'_>) -> Chains {
        let mut out = Chains {
            chain_of_line: [NO_CHAIN; SOLVER_MAX_LINES],
            chain_of_box: [NO_CHAIN; 64],
            len: [0; 64],
            is_loop: [false; 64],
            ends: [[NO_END; 2]; 64],
            count: 0,
        };
        walk(pos, &mut out);
        out
    }

    /// Whether component `i` is a chain or a loop.
    pub fn kind(&self, i: usize) -> Kind {
        if self.is_loop[i] { Kind::Loop } else { Kind::Chain }
    }

    /// Whether component `i` is a long chain ([`LONG_CHAIN`] boxes or more) or a loop: opening
    /// it lets the taker keep control.
    pub fn is_long(&self, i: usize) -> bool {
        usize::from(self.len[i]) >= LONG_CHAIN || self.is_loop[i]
    }
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
    /// The walk has left a chain through its last line, to the box `beyond` (one with three or
    /// four undrawn sides) or to the border (`None`).
    fn end(&mut self, _beyond: Option<B>) {}
    fn close(&mut self, kind: Kind);
}

/// The one walk. From each box with two undrawn sides not yet in a component it follows one
/// side until it leaves the group (a chain: it then follows the other side from the first box)
/// or comes back (a loop). Every box and every line of a component is reported once.
fn walk<G: View>(g: &G, out: &mut impl Record<G::Box>) {
    for start in g.two_sided() {
        if out.contains(start) {
            continue;
        }
        out.open();
        out.add_box(start);
        let [first, second] = g.two_undrawn_sides(start);
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
fn follow<G: View>(g: &G, out: &mut impl Record<G::Box>, start: G::Box, mut exit: Edge) -> bool {
    let mut b = start;
    loop {
        out.add_line(exit);
        match g.across(exit, b) {
            Some(next) if next == start => return true,
            Some(next) if g.is_two_sided(next) => {
                out.add_box(next);
                let [x, y] = g.two_undrawn_sides(next);
                exit = if x == exit { y } else { x };
                b = next;
            }
            beyond => {
                out.end(beyond);
                return false;
            }
        }
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
    fn end(&mut self, beyond: Option<BoxId>) {
        let ends = &mut self.ends[self.count - 1];
        let slot = usize::from(ends[0] != NO_END);
        ends[slot] = beyond.map_or(GROUND, |b| b.0);
    }
    fn close(&mut self, kind: Kind) {
        self.is_loop[self.count - 1] = kind == Kind::Loop;
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
        walk(pos, &mut list);
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

/// The chains and loops of a position, as the rules ask for them.
pub trait ChainSizes {
    /// The number of boxes of the chain or loop the undrawn line `e` touches, and whether it
    /// is a loop; `None` when `e` touches none (it gives no box away).
    fn of_line(&self, e: Edge) -> Option<(usize, bool)>;
    /// Whether some long chain ([`LONG_CHAIN`] boxes or more) or some loop is left.
    fn any_long(&self) -> bool;
    /// The number of boxes in all chains and loops.
    fn boxes(&self) -> usize;
}

impl ChainSizes for Chains {
    fn of_line(&self, e: Edge) -> Option<(usize, bool)> {
        let c = self.chain_of_line[e.0];
        (c != NO_CHAIN).then(|| (usize::from(self.len[usize::from(c)]), self.is_loop[usize::from(c)]))
    }
    fn any_long(&self) -> bool {
        (0..self.count).any(|i| self.is_long(i))
    }
    fn boxes(&self) -> usize {
        self.len[..self.count].iter().map(|&n| usize::from(n)).sum()
    }
}

/// The chains and loops of a [`Position`] ([`components`]), indexed by box.
#[derive(Clone, Debug)]
pub struct Parts {
    dims: Dims,
    /// `of_cell[i]`: the component of box `i` (row-major), if it is in one.
    of_cell: Vec<Option<u32>>,
    /// Each component's kind and number of boxes.
    sizes: Vec<(Kind, usize)>,
}

impl Parts {
    pub(super) fn of(pos: &Position) -> Parts {
        let dims = pos.dims();
        let mut of_cell = vec![None; dims.num_cells()];
        let mut sizes = Vec::new();
        for (i, part) in components(pos).into_iter().enumerate() {
            for &cell in &part.boxes {
                of_cell[dims.cell_index(cell)] = Some(i as u32);
            }
            sizes.push((part.kind, part.len()));
        }
        Parts { dims, of_cell, sizes }
    }
}

impl ChainSizes for Parts {
    fn of_line(&self, e: Edge) -> Option<(usize, bool)> {
        // An undrawn line beside a box of a component is one of that box's two undrawn sides,
        // so it belongs to that component (and to no other).
        let part = self
            .dims
            .edge_cells(e)
            .into_iter()
            .flatten()
            .find_map(|c| self.of_cell[self.dims.cell_index(c)])?;
        let (kind, len) = self.sizes[part as usize];
        Some((len, kind == Kind::Loop))
    }
    fn any_long(&self) -> bool {
        self.sizes.iter().any(|&(kind, len)| kind == Kind::Loop || len >= LONG_CHAIN)
    }
    fn boxes(&self) -> usize {
        self.sizes.iter().map(|&(_, len)| len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compact::{Geometry, LineSet};

    fn position(rows: usize, cols: usize, drawn: &[usize]) -> Position {
        Position::from_lines(Dims::new(rows, cols).unwrap(), drawn.iter().map(|&e| Edge(e))).unwrap()
    }

    /// The same components, in the same order, on both forms of a position, with every line of
    /// a component touching one of its boxes.
    fn check_both_forms(pos: &Position) {
        let geo = Geometry::new(pos.dims()).unwrap();
        let drawn = LineSet::of_position(pos).unwrap();
        let compact = Compact::new(&geo, drawn);
        let chains = Chains::of(&compact);
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
                NO_CHAIN => assert!(!compact.gives_box(e), "line {} gives a box away", e.0),
                i => assert!(touches(usize::from(i)), "line {} is not beside component {i}", e.0),
            }
        }
        // The ends, from every line of a component that does not join two of its boxes: the
        // box across it, or the ground.
        for i in 0..chains.count {
            let mut ends: Vec<u8> = geo
                .undrawn(drawn)
                .iter()
                .filter(|e| usize::from(chains.chain_of_line[e.0]) == i)
                .filter_map(|e| {
                    let boxes: Vec<_> = geo.edge_boxes(e).collect();
                    let outside: Vec<_> = boxes
                        .iter()
                        .filter(|b| usize::from(chains.chain_of_box[usize::from(b.0)]) != i)
                        .collect();
                    match (boxes.len(), outside.first()) {
                        (_, Some(b)) => Some(b.0),
                        (1, None) => Some(GROUND),
                        _ => None,
                    }
                })
                .collect();
            if chains.is_loop[i] {
                assert!(ends.is_empty(), "loop {i} has end lines {ends:?}");
                ends = vec![NO_END, NO_END];
            }
            ends.sort_unstable();
            let mut recorded = chains.ends[i];
            recorded.sort_unstable();
            assert_eq!(ends, recorded, "the ends of component {i}");
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
