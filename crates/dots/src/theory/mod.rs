//! Chain theory: the facts about a position that every engine reasons with, each defined once,
//! for both forms of a position through one [`View`]: a [`Position`] of any size, and the
//! compact form ([`Compact`]: a [`Geometry`] and a [`LineSet`], boards of at most
//! [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines), whose implementations are the
//! bit-mask forms the solver runs at every node.
//!
//! * A box with three sides drawn is **takeable** ([`View::takeable`]); a line **completes** the
//!   takeable boxes beside it ([`View::completes`]) and **gives a box** away when it gives one its
//!   third side ([`View::gives_box`]); the undrawn lines that give nothing away are the **safe
//!   lines** ([`View::safe_lines`]).
//! * Boxes with two sides drawn form **chains and loops** ([`components`], [`Chains`]: one walk
//!   for both forms); a chain of [`LONG_CHAIN`] boxes or more is **long**: whoever takes it can
//!   keep control by declining its last two boxes.
//! * **Captures** ([`View::capture_of`]): a takeable box is taken by its last side; when that
//!   gives the box across it its third side, the other side of that box is the
//!   **double-dealing** line that declines the rest. A capture that hands nothing on is
//!   **free** ([`View::free_capture`]) and never loses; which captures are worth considering
//!   otherwise is [`Compact::capture_options`]. A takeable box starts a **run** of boxes that
//!   can be taken one after another ([`View::takeable_run`]), which Nimstring settles whole.
//! * A 2-chain is handed out by its **middle line** ([`View::opens_well`]): handed out by an end
//!   line it can be declined, which is never better for the one handing it out.
//!
//! The proofs are with the definitions; the solver's tests check each rule against brute force.

mod chains;

use pencilbox_grid::{Cell, Edge};

use crate::board::Position;
use crate::compact::{BoxId, Geometry, LineSet, SideCounts};

pub(crate) use chains::sizes;
pub use chains::{ChainSizes, Chains, Component, GROUND, Kind, NO_CHAIN, NO_END, Parts, components};

/// The smallest chain that counts as long: opening it lets the taker keep control (by declining
/// the last two boxes, which a 1- or 2-chain leaves no room for).
pub const LONG_CHAIN: usize = 3;

/// How a takeable box is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture<B> {
    /// The box's last undrawn side: drawing it takes the box.
    pub line: Edge,
    /// When the box across `line` has two sides drawn (the capture gives it its third: the box
    /// taken is the end of a chain or loop being handed out), that box and its other undrawn
    /// side, the double-dealing line that declines it and what lies behind it. `None` for a
    /// free capture.
    pub next: Option<(B, Edge)>,
}

/// The run of boxes a takeable box starts (see [`View::takeable_run`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The boxes of the run, the far takeable box included when there is one.
    pub boxes: usize,
    /// Whether the run ends at another takeable box (a chain handed out at both ends or in its
    /// middle, or an opened loop) rather than at an *exit*: the edge of the board or a box with
    /// at most one side drawn.
    pub closed: bool,
}

/// A position as chain theory sees it, on either form. The required methods are what a form
/// knows of its boxes and lines; the provided ones are the facts of chain theory, which the
/// compact form replaces by equal bit-mask forms.
pub trait View: Sized {
    /// A box: [`BoxId`] on the compact form, [`Cell`] on a [`Position`].
    type Box: Copy + Eq;
    /// The chains and loops of the position.
    type Chains: ChainSizes;
    /// The undrawn lines, in increasing order.
    fn undrawn(&self) -> impl Iterator<Item = Edge>;
    /// Whether line `e` is drawn.
    fn is_drawn(&self, e: Edge) -> bool;
    /// The boxes with three sides drawn (the boxes a move can take), row-major.
    fn takeable(&self) -> impl Iterator<Item = Self::Box>;
    /// The boxes with two sides drawn (the boxes of chains and loops), row-major.
    fn two_sided(&self) -> impl Iterator<Item = Self::Box>;
    /// How many sides of box `b` are drawn.
    fn drawn_sides(&self, b: Self::Box) -> u32;
    /// The undrawn sides of box `b`, in increasing order.
    fn undrawn_sides(&self, b: Self::Box) -> impl Iterator<Item = Edge>;
    /// The one or two boxes line `e` borders.
    fn boxes_of(&self, e: Edge) -> impl Iterator<Item = Self::Box>;
    /// The position once the undrawn `lines` are drawn too.
    fn with(&self, lines: &[Edge]) -> Self;
    /// The chains and loops of the position.
    fn chains(&self) -> Self::Chains;

    /// Whether box `b` has two sides drawn.
    #[inline]
    fn is_two_sided(&self, b: Self::Box) -> bool {
        self.drawn_sides(b) == 2
    }
    /// The two undrawn sides of box `b`, which has exactly two, lowest first.
    #[inline]
    fn two_undrawn_sides(&self, b: Self::Box) -> [Edge; 2] {
        let mut sides = self.undrawn_sides(b);
        let first = sides.next().expect("a box with two undrawn sides");
        [first, sides.next().expect("a box with two undrawn sides")]
    }
    /// The box across line `e` from box `b`, if `e` is not on the border.
    #[inline]
    fn across(&self, e: Edge, b: Self::Box) -> Option<Self::Box> {
        self.boxes_of(e).find(|&x| x != b)
    }
    /// How many boxes drawing the undrawn line `e` completes: 0, 1 or 2.
    #[inline]
    fn completes(&self, e: Edge) -> u32 {
        self.boxes_of(e).filter(|&b| self.drawn_sides(b) == 3).count() as u32
    }
    /// Whether drawing `e` hands the opponent a box: it gives some box its third side.
    #[inline]
    fn gives_box(&self, e: Edge) -> bool {
        self.boxes_of(e).any(|b| self.is_two_sided(b))
    }
    /// Whether `e` is a safe line: undrawn, and giving no box away.
    #[inline]
    fn is_safe(&self, e: Edge) -> bool {
        !self.is_drawn(e) && !self.gives_box(e)
    }
    /// The safe lines: the undrawn lines that give no box away, in increasing order.
    #[inline]
    fn safe_lines(&self) -> impl Iterator<Item = Edge> {
        self.undrawn().filter(|&e| !self.gives_box(e))
    }
    /// How many safe lines are left once the safe line `e` is drawn, given the `safe` there are
    /// now: `e` and the other safe sides of each box beside `e` with one side drawn (which then
    /// has two) stop being safe; nothing else changes. A count without a recount, for playouts
    /// that steer by the parity of the safe lines.
    #[inline]
    fn safe_left_after(&self, safe: usize, e: Edge) -> usize {
        debug_assert!(self.is_safe(e), "line {} is not safe", e.0);
        let mut lost = 1;
        for b in self.boxes_of(e) {
            if self.drawn_sides(b) == 1 {
                lost += self.undrawn_sides(b).filter(|&f| f != e && !self.gives_box(f)).count();
            }
        }
        safe - lost
    }
    /// Whether both boxes beside `e` have two sides drawn: `e` joins two boxes of one chain or
    /// loop (two boxes with two undrawn sides joined by an undrawn line belong to the same one).
    #[inline]
    fn inside_chain(&self, e: Edge) -> bool {
        self.boxes_of(e).filter(|&b| self.is_two_sided(b)).count() == 2
    }
    /// Whether `e`, a line of a chain of `len` boxes, is a line to hand the chain out by: any
    /// line but the end lines of a 2-chain, whose middle line is the one to draw.
    ///
    /// Proof (for the hand-outs of 1- and 2-chains; all lines of a long chain are alike, see the
    /// solver's `ordered_moves`). Let R be the position with every undrawn side of the chain
    /// drawn. A 2-chain X1 – X2 has end lines a, b and middle line m. After m (the hard-hearted
    /// hand-out) both boxes are free captures: the opponent gets `2 + v(R)`. After a (the
    /// half-hearted hand-out), the opponent may take X1 with m and then X2 with b, which again
    /// gives `2 + v(R)`, or decline with b and leave the domino, or do something else. So the
    /// opponent's options after a include the outcome of m: a is never better than m for the
    /// mover (Berlekamp, *The Dots and Boxes Game*, ch. 3, on half-hearted hand-outs), and the
    /// same holds for b.
    #[inline]
    fn opens_well(&self, e: Edge, len: usize) -> bool {
        len != 2 || self.inside_chain(e)
    }
    /// How the takeable box `b` is taken, and what its capture hands on.
    #[inline]
    fn capture_of(&self, b: Self::Box) -> Capture<Self::Box> {
        let line = self.undrawn_sides(b).next().expect("a takeable box has an undrawn side");
        let next = self.across(line, b).filter(|&c| self.is_two_sided(c)).map(|c| {
            let f = self.undrawn_sides(c).find(|&x| x != line).expect("a box with two undrawn sides");
            (c, f)
        });
        Capture { line, next }
    }
    /// The *run* the takeable box `b` starts: `b`, then each box with two sides drawn reached
    /// through the undrawn sides, up to an exit (the edge of the board, or a box with at most
    /// one side drawn, which the run's last line reaches) or another takeable box, which then
    /// belongs to the run. `line` is given each undrawn line of the run once, in order from
    /// `b`: drawing them all takes the whole run. (The walk cannot come back to `b`: its one
    /// undrawn side is the run's first line, and each box on the way is left by its other side.)
    #[inline]
    fn takeable_run(&self, b: Self::Box, mut line: impl FnMut(Edge)) -> Run {
        let (mut at, mut e) = (b, self.undrawn_sides(b).next().expect("a takeable box has an undrawn side"));
        let mut boxes = 1;
        loop {
            line(e);
            match self.across(e, at) {
                Some(next) if self.is_two_sided(next) => {
                    boxes += 1;
                    e = self.undrawn_sides(next).find(|&f| f != e).expect("a box with two undrawn sides");
                    at = next;
                }
                Some(next) if self.drawn_sides(next) == 3 => return Run { boxes: boxes + 1, closed: true },
                _ => return Run { boxes, closed: false },
            }
        }
    }
    /// A line that takes a box without making another one takeable, if there is one: the first
    /// takeable box's, row-major. Taking such a box at once is optimal: the box is the mover's
    /// for free and the move does not change whose turn it is.
    #[inline]
    fn free_capture(&self) -> Option<Edge> {
        self.takeable().map(|b| self.capture_of(b)).find(|c| c.next.is_none()).map(|c| c.line)
    }
}

/// A position on the compact form, with the number of drawn sides of every box at hand.
#[derive(Clone, Copy, Debug)]
pub struct Compact<'a> {
    geo: &'a Geometry,
    drawn: LineSet,
    counts: SideCounts,
}

impl<'a> Compact<'a> {
    /// The position with the lines `drawn` on `geo`'s board.
    #[inline]
    pub fn new(geo: &'a Geometry, drawn: LineSet) -> Self {
        Compact { geo, drawn, counts: geo.side_counts(drawn) }
    }
    pub fn geometry(&self) -> &'a Geometry {
        self.geo
    }
    pub fn drawn(&self) -> LineSet {
        self.drawn
    }
    /// The boxes by number of drawn sides.
    pub fn counts(&self) -> &SideCounts {
        &self.counts
    }
    /// Whether some box can be taken.
    #[inline]
    pub fn can_take(&self) -> bool {
        self.counts.with[3] != 0
    }
    /// Whether every box has at most two undrawn sides: once the boxes that can be taken are,
    /// a simple loony endgame, a sum of independent chains and loops.
    #[inline]
    pub fn is_simple_endgame(&self) -> bool {
        self.counts.with[0] | self.counts.with[1] == 0
    }
    /// The lines that give no box away, as a set.
    #[inline]
    pub fn safe_set(&self) -> LineSet {
        LineSet(self.geo.undrawn(self.drawn).0 & !self.chain_box_sides())
    }
    /// Every side, drawn or not, of the boxes with two sides drawn: its undrawn lines are the
    /// ones that give a box away (the strings of the chains and loops).
    #[inline]
    pub fn chain_box_sides(&self) -> u128 {
        let mut sides = 0u128;
        let mut two = self.counts.with[2];
        while two != 0 {
            sides |= self.geo.box_sides(BoxId(two.trailing_zeros() as u8));
            two &= two - 1;
        }
        sides
    }

    /// The captures worth considering when some box can be taken ([`Compact::can_take`]),
    /// passed to `push` (a line may come twice). With `take_free_at_once`, a free capture is the
    /// only line pushed when there is one; otherwise free captures come first, as options.
    ///
    /// Let box B have three sides drawn, e be its fourth side and C the box across e.
    /// * If there is no C, or drawing e does not make C takeable (C has 0 or 1 sides drawn), or
    ///   e completes C too (C has 3), taking B now is optimal: the box is the mover's for free and
    ///   the move does not change whose turn it is. Only e is searched.
    /// * Otherwise C has exactly 2 sides drawn; let f be C's other undrawn side. Any move g that
    ///   takes nothing and is neither e nor f is strictly worse than e: after g the opponent may
    ///   take B and reach "e then g" a point up, so `-v(P+g) <= -1 - v(P+g+e) < 1 + v(P+e)`.
    ///   So apart from captures, only an f (the double-dealing move that declines the last two
    ///   boxes of a chain, or the last four of an opened loop: Berlekamp, "The Dots and Boxes
    ///   Game", ch. 3) can be best, and only if it is an e or an f of every takeable box.
    /// * Among the captures, one whose chain goes on past C (the box across f has 2 sides drawn
    ///   too) keeps every later option open, so it alone is searched; otherwise every capture
    ///   is (taking the last two of one chain first would lose the chance to decline them).
    ///
    /// These rules are cross-checked against a plain brute force in the solver's tests.
    #[inline]
    pub fn capture_options(&self, take_free_at_once: bool, mut push: impl FnMut(Edge)) {
        // (e, f, chain goes on) of every takeable box whose capture makes C takeable.
        let mut chains = [(Edge(0), Edge(0), false); 64];
        let mut n = 0;
        let mut free = 0u128;
        for b in self.takeable() {
            match self.capture_of(b) {
                Capture { line: e, next: Some((c, f)) } => {
                    let goes_on = self.across(f, c).is_some_and(|d| self.is_two_sided(d));
                    chains[n] = (e, f, goes_on);
                    n += 1;
                }
                Capture { line: e, next: None } if take_free_at_once => {
                    push(e);
                    return;
                }
                Capture { line: e, next: None } => free |= 1 << e.0,
            }
        }
        LineSet(free).iter().for_each(&mut push);
        let chains = &chains[..n];
        match chains.iter().find(|c| c.2) {
            Some(&(e, _, _)) => push(e),
            None => chains.iter().for_each(|c| push(c.0)),
        }
        for &(_, f, _) in chains {
            // A free capture has no f: then no declining move is worth searching.
            let universal = free == 0 && chains.iter().all(|&(e2, f2, _)| f == e2 || f == f2);
            if universal && self.completes(f) == 0 {
                push(f);
            }
        }
    }
}

/// The compact form: the facts by bit masks over the boxes' [`SideCounts`].
impl View for Compact<'_> {
    type Box = BoxId;
    type Chains = Chains;
    #[inline]
    fn undrawn(&self) -> impl Iterator<Item = Edge> {
        self.geo.undrawn(self.drawn).iter()
    }
    #[inline]
    fn is_drawn(&self, e: Edge) -> bool {
        self.drawn.contains(e)
    }
    #[inline]
    fn takeable(&self) -> impl Iterator<Item = BoxId> {
        bits(self.counts.with[3])
    }
    #[inline]
    fn two_sided(&self) -> impl Iterator<Item = BoxId> {
        bits(self.counts.with[2])
    }
    #[inline]
    fn drawn_sides(&self, b: BoxId) -> u32 {
        self.geo.drawn_sides(self.drawn, b)
    }
    #[inline]
    fn undrawn_sides(&self, b: BoxId) -> impl Iterator<Item = Edge> {
        LineSet(self.geo.box_sides(b) & !self.drawn.0).iter()
    }
    #[inline]
    fn boxes_of(&self, e: Edge) -> impl Iterator<Item = BoxId> {
        self.geo.edge_boxes(e)
    }
    fn with(&self, lines: &[Edge]) -> Self {
        Compact::new(self.geo, lines.iter().fold(self.drawn, |d, &e| d.with(e)))
    }
    #[inline]
    fn chains(&self) -> Chains {
        Chains::of(self)
    }
    #[inline]
    fn is_two_sided(&self, b: BoxId) -> bool {
        self.counts.has(2, b)
    }
    #[inline]
    fn two_undrawn_sides(&self, b: BoxId) -> [Edge; 2] {
        let free = self.geo.box_sides(b) & !self.drawn.0;
        debug_assert_eq!(free.count_ones(), 2);
        [Edge(free.trailing_zeros() as usize), Edge((free & (free - 1)).trailing_zeros() as usize)]
    }
    #[inline]
    fn across(&self, e: Edge, b: BoxId) -> Option<BoxId> {
        self.geo.other_box(e, b)
    }
    #[inline]
    fn completes(&self, e: Edge) -> u32 {
        (self.geo.edge_box_mask(e) & self.counts.with[3]).count_ones()
    }
    #[inline]
    fn gives_box(&self, e: Edge) -> bool {
        self.geo.edge_box_mask(e) & self.counts.with[2] != 0
    }
    #[inline]
    fn safe_lines(&self) -> impl Iterator<Item = Edge> {
        self.safe_set().iter()
    }
    #[inline]
    fn inside_chain(&self, e: Edge) -> bool {
        (self.geo.edge_box_mask(e) & self.counts.with[2]).count_ones() == 2
    }
}

/// The boxes of a mask, in increasing order.
#[inline]
fn bits(mask: u64) -> impl Iterator<Item = BoxId> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        let b = (rest != 0).then(|| BoxId(rest.trailing_zeros() as u8))?;
        rest &= rest - 1;
        Some(b)
    })
}

impl View for Position {
    type Box = Cell;
    type Chains = Parts;
    fn undrawn(&self) -> impl Iterator<Item = Edge> {
        self.legal_moves()
    }
    fn is_drawn(&self, e: Edge) -> bool {
        Position::is_drawn(self, e)
    }
    fn takeable(&self) -> impl Iterator<Item = Cell> {
        self.capturable_boxes()
    }
    fn two_sided(&self) -> impl Iterator<Item = Cell> {
        self.cells_with_undrawn(2)
    }
    fn drawn_sides(&self, b: Cell) -> u32 {
        4 - u32::from(self.undrawn_sides(b))
    }
    fn undrawn_sides(&self, b: Cell) -> impl Iterator<Item = Edge> {
        // `cell_edges` lists top, bottom, left, right: increasing line numbers.
        self.undrawn_sides_of(b)
    }
    fn boxes_of(&self, e: Edge) -> impl Iterator<Item = Cell> {
        self.dims().edge_cells(e).into_iter().flatten()
    }
    fn with(&self, lines: &[Edge]) -> Self {
        let mut after = self.clone();
        for &e in lines {
            after.play_unchecked(e);
        }
        after
    }
    fn chains(&self) -> Parts {
        Parts::of(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pencilbox_grid::Dims;
    use rand::{Rng, SeedableRng};

    /// The local count of safe lines left after a safe line agrees with counting them all again,
    /// in random positions of the safe phase, on both forms.
    #[test]
    fn safe_lines_left_after_a_move_match_a_recount() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
        let mut checked = 0;
        for (r, c) in [(3, 3), (4, 5), (5, 5), (2, 7)] {
            let dims = Dims::new(r, c).unwrap();
            let geo = Geometry::new(dims).unwrap();
            let safe_of = |d: LineSet| -> Vec<Edge> { Compact::new(&geo, d).safe_lines().collect() };
            for _ in 0..50 {
                let mut drawn = LineSet::EMPTY;
                loop {
                    let safe = safe_of(drawn);
                    if safe.is_empty() {
                        break;
                    }
                    let pos = Position::from_lines(dims, drawn.iter()).unwrap();
                    for &e in &safe {
                        let recount = safe_of(drawn.with(e)).len();
                        assert_eq!(Compact::new(&geo, drawn).safe_left_after(safe.len(), e), recount);
                        assert_eq!(pos.safe_left_after(safe.len(), e), recount);
                        checked += 1;
                    }
                    drawn = drawn.with(safe[rng.random_range(0..safe.len())]);
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// Every fact the compact form computes by bit masks equals its definition on a
    /// [`Position`], on random positions dense enough to have chains, loops and takeable boxes.
    #[test]
    fn both_forms_agree_on_every_fact() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
        for (r, c) in [(1, 1), (1, 5), (2, 2), (3, 3), (3, 4), (4, 5), (7, 7)] {
            let dims = Dims::new(r, c).unwrap();
            let geo = Geometry::new(dims).unwrap();
            for _ in 0..200 {
                let share = rng.random_range(0.3..0.95);
                let drawn: Vec<Edge> = dims.edges().filter(|_| rng.random_bool(share)).collect();
                let pos = Position::from_lines(dims, drawn.iter().copied()).unwrap();
                let compact = Compact::new(&geo, LineSet::of_position(&pos).unwrap());
                let cell = |b: BoxId| geo.cell(b);
                assert_eq!(
                    compact.takeable().map(cell).collect::<Vec<_>>(),
                    pos.takeable().collect::<Vec<_>>()
                );
                assert_eq!(
                    compact.two_sided().map(cell).collect::<Vec<_>>(),
                    pos.two_sided().collect::<Vec<_>>()
                );
                assert_eq!(compact.safe_lines().collect::<Vec<_>>(), pos.safe_lines().collect::<Vec<_>>());
                assert_eq!(compact.free_capture(), pos.free_capture());
                for b in geo.boxes() {
                    assert_eq!(compact.is_two_sided(b), pos.is_two_sided(cell(b)));
                    if compact.is_two_sided(b) {
                        assert_eq!(compact.two_undrawn_sides(b), pos.two_undrawn_sides(cell(b)));
                    }
                }
                for b in compact.takeable() {
                    let (x, y) = (compact.capture_of(b), pos.capture_of(cell(b)));
                    assert_eq!((x.line, x.next.map(|(c, f)| (cell(c), f))), (y.line, y.next));
                    let (mut xs, mut ys) = (Vec::new(), Vec::new());
                    let run = compact.takeable_run(b, |e| xs.push(e));
                    assert_eq!(run, pos.takeable_run(cell(b), |e| ys.push(e)));
                    assert_eq!(xs, ys);
                    // Drawing the run's lines completes exactly its boxes.
                    let done = |p: &Compact<'_>| p.counts().with[4].count_ones() as usize;
                    assert_eq!(done(&compact.with(&xs)) - done(&compact), run.boxes, "{xs:?}");
                }
                for e in compact.undrawn() {
                    assert_eq!(compact.completes(e), pos.completes(e));
                    assert_eq!(compact.gives_box(e), pos.gives_box(e));
                    assert_eq!(compact.inside_chain(e), pos.inside_chain(e));
                }
                for e in dims.edges() {
                    assert_eq!(compact.is_safe(e), pos.is_safe(e));
                    assert_eq!(compact.is_safe(e), compact.safe_lines().any(|f| f == e));
                }
            }
        }
    }
}
