//! Loopy's solver on square grids: the four deduction passes and the loop that runs them, after
//! the definitions in Simon Tatham's Portable Puzzle Collection (loopy.c: `trivial_deductions`,
//! `dline_deductions`, `linedsf_deductions`, `loop_deductions`, `solve_game_rec`).
//!
//! Each pass sweeps every face, dot or edge and returns the easiest level that could use what
//! it found (`None`: no progress). The driver runs the passes in list order, restarting from the
//! top after any progress but skipping earlier passes that cannot use it (Loopy's thresholds).
//! Loopy's quirks are kept, since its grades depend on them: counts read once per face or dot
//! and used for the whole sweep, the "equal pair" rule of the Hard pass setting lines without
//! reporting progress, and a line that would close a loop satisfying every clue ending the solve
//! as ambiguous instead of being drawn.

use super::dsf::Dsf;
use super::grid::{DLine, Grid, LDot, LEdge, LFace};
use super::LoopyLevel as L;
use crate::board::EdgeState;
use crate::classes::Classes;

/// Dline bits: at least one of the two edges is a line / at most one is.
const AT_LEAST: u8 = 1;
const AT_MOST: u8 = 2;

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    /// No pass makes progress and the loop is not complete.
    Incomplete,
    /// The lines form one loop that meets every clue.
    Solved,
    /// An undecided edge would close a loop meeting every clue: a solution, but not one the
    /// passes proved.
    Ambiguous,
    /// The state contradicts the clues or the loop rules.
    Mistake,
}

/// The passes in Loopy's order, with the level each needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    Trivial,
    Dline,
    Linedsf,
    Loop,
}

const PASSES: [(Pass, L); 4] =
    [(Pass::Trivial, L::Easy), (Pass::Dline, L::Normal), (Pass::Linedsf, L::Hard), (Pass::Loop, L::Easy)];

/// The easiest level that can use a finding, accumulated over a pass (`None`: nothing found).
type Next = Option<L>;

fn note(next: &mut Next, l: L) {
    *next = Some(next.map_or(l, |n| n.min(l)));
}

/// What one solve did: how many times each pass made progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Tally {
    pub rounds: [u32; 4],
}

/// Solver state: line states, per-face and per-dot counts, the dline bits and the edge classes.
#[derive(Clone, Debug)]
pub(super) struct Solver<'g> {
    g: &'g Grid,
    level: L,
    lines: Vec<EdgeState>,
    dot_yes: Vec<u8>,
    dot_no: Vec<u8>,
    face_yes: Vec<u8>,
    face_no: Vec<u8>,
    dot_solved: Vec<bool>,
    face_solved: Vec<bool>,
    /// Dots joined by lines; the size of a class is its number of dots.
    dotdsf: Dsf,
    dlines: Vec<u8>,
    /// Edges known equal (parity 0) or opposite (parity 1) (Hard).
    linedsf: Classes,
    status: Status,
    pub tally: Tally,
}

impl<'g> Solver<'g> {
    pub fn new(g: &'g Grid, level: L) -> Self {
        let (nf, nd, ne) = (g.num_faces(), g.num_dots(), g.num_edges());
        Solver {
            g,
            level,
            lines: vec![EdgeState::Unknown; ne],
            dot_yes: vec![0; nd],
            dot_no: vec![0; nd],
            face_yes: vec![0; nf],
            face_no: vec![0; nf],
            dot_solved: vec![false; nd],
            face_solved: vec![false; nf],
            dotdsf: Dsf::new(nd),
            dlines: vec![0; 2 * ne],
            linedsf: Classes::new(ne),
            status: Status::Incomplete,
            tally: Tally::default(),
        }
    }

    pub fn line(&self, e: LEdge) -> EdgeState {
        self.lines[e.i()]
    }

    /// Decides an edge, updating the counts; true when it changed. Deciding a decided edge the
    /// other way is a contradiction.
    pub fn set_line(&mut self, e: LEdge, s: EdgeState) -> bool {
        debug_assert_ne!(s, EdgeState::Unknown);
        let cur = self.lines[e.i()];
        if cur == s {
            return false;
        }
        if cur != EdgeState::Unknown {
            self.status = Status::Mistake;
            return false;
        }
        self.lines[e.i()] = s;
        let (dots, faces) = match s {
            EdgeState::Line => (&mut self.dot_yes, &mut self.face_yes),
            _ => (&mut self.dot_no, &mut self.face_no),
        };
        for d in self.g.edge_dots[e.i()] {
            dots[d.i()] += 1;
        }
        for f in self.g.edge_faces[e.i()].into_iter().flatten() {
            faces[f.i()] += 1;
        }
        true
    }

    /// Runs the passes of the level until solved, stuck or contradictory (`solve_game_rec`).
    pub fn solve(&mut self) -> Status {
        let mut threshold = (L::Easy, 0);
        let mut i = 0;
        while i < PASSES.len() {
            match self.status {
                Status::Mistake => return self.status,
                Status::Solved | Status::Ambiguous => break,
                Status::Incomplete => {}
            }
            let (pass, need) = PASSES[i];
            // A pass before the last one to progress is skipped when that progress is of a
            // kind only harder passes use.
            if (need >= threshold.0 || i >= threshold.1) && need <= self.level {
                let next = match pass {
                    Pass::Trivial => self.trivial(),
                    Pass::Dline => self.dline(),
                    Pass::Linedsf => self.linedsf(),
                    Pass::Loop => self.loop_(),
                };
                if let Some(next) = next {
                    self.tally.rounds[i] += 1;
                    threshold = (next, i);
                    i = 0;
                    continue;
                }
            }
            i += 1;
        }
        self.status
    }

    fn mistake(&mut self) -> Next {
        self.status = Status::Mistake;
        Some(L::Easy)
    }

    /// Sets every unknown edge of a face to `s`.
    fn face_setall(&mut self, f: LFace, s: EdgeState) -> bool {
        let mut any = false;
        for e in self.g.face_edges[f.i()] {
            if self.lines[e.i()] == EdgeState::Unknown {
                any |= self.set_line(e, s);
            }
        }
        any
    }

    /// Sets every unknown edge at a dot to `s`.
    fn dot_setall(&mut self, d: LDot, s: EdgeState) -> bool {
        let mut any = false;
        for &e in self.g.edges_at(d) {
            if self.lines[e.i()] == EdgeState::Unknown {
                any |= self.set_line(e, s);
            }
        }
        any
    }

    /// Easy: a clue met (or needing every open side) decides the rest of its face; two
    /// adjacent open sides whose common dot already has a line hold at most one line, which
    /// may decide the others; a dot with two lines crosses the rest, a dot with one line and
    /// one open edge extends it, a dot with no line and one open edge crosses it.
    fn trivial(&mut self) -> Next {
        let g = self.g;
        let mut next = None;
        for f in (0..g.num_faces()).map(|f| LFace(f as u32)) {
            if self.face_solved[f.i()] {
                continue;
            }
            let (yes, no) = (self.face_yes[f.i()], self.face_no[f.i()]);
            if yes + no == 4 {
                self.face_solved[f.i()] = true;
                continue;
            }
            let Some(clue) = g.clue[f.i()] else { continue };
            if clue < yes || 4 - clue < no {
                return self.mistake();
            }
            if clue == yes || 4 - clue == no {
                let s = if clue == yes { EdgeState::Cross } else { EdgeState::Line };
                if self.face_setall(f, s) {
                    note(&mut next, L::Easy);
                }
                self.face_solved[f.i()] = true;
                continue;
            }
            if 4 - clue == no + 1 && 4 - yes - no > 2 {
                // All open sides but one are lines: a pair that cannot both be lines holds the
                // exception.
                let Some((e1, e2)) = self.pair_with_line_at_corner(f) else { continue };
                for e in g.face_edges[f.i()] {
                    if self.lines[e.i()] == EdgeState::Unknown && e != e1 && e != e2 {
                        self.set_line(e, EdgeState::Line);
                        note(&mut next, L::Easy);
                    }
                }
            }
        }
        for d in (0..g.num_dots()).map(|d| LDot(d as u32)) {
            if self.dot_solved[d.i()] {
                continue;
            }
            let (yes, no) = (self.dot_yes[d.i()], self.dot_no[d.i()]);
            let unknown = g.dot_order[d.i()] - yes - no;
            match (yes, unknown) {
                (0, 0) => self.dot_solved[d.i()] = true,
                (0, 1) => {
                    self.dot_setall(d, EdgeState::Cross);
                    note(&mut next, L::Easy);
                    self.dot_solved[d.i()] = true;
                }
                (0, _) => {}
                (1, 0) => return self.mistake(),
                (1, 1) => {
                    self.dot_setall(d, EdgeState::Line);
                    note(&mut next, L::Easy);
                }
                (1, _) => {}
                (2, _) => {
                    if unknown > 0 {
                        self.dot_setall(d, EdgeState::Cross);
                        note(&mut next, L::Easy);
                    }
                    self.dot_solved[d.i()] = true;
                }
                _ => return self.mistake(),
            }
        }
        next
    }

    /// The first two adjacent open sides of `f` whose common dot has a line.
    fn pair_with_line_at_corner(&self, f: LFace) -> Option<(LEdge, LEdge)> {
        let g = self.g;
        let es = g.face_edges[f.i()];
        (0..4).find_map(|j| {
            let (e1, e2) = (es[j], es[(j + 1) % 4]);
            let d = g.face_dots[f.i()][(j + 1) % 4];
            let open = |e: LEdge| self.lines[e.i()] == EdgeState::Unknown;
            let line_at = g.edges_at(d).iter().any(|e| self.lines[e.i()] == EdgeState::Line);
            (open(e1) && open(e2) && line_at).then_some((e1, e2))
        })
    }

    fn at_least(&self, dl: DLine) -> bool {
        self.dlines[dl.i()] & AT_LEAST != 0
    }
    fn at_most(&self, dl: DLine) -> bool {
        self.dlines[dl.i()] & AT_MOST != 0
    }
    /// Sets dline bits; true when new.
    fn set_dline(&mut self, dl: DLine, bit: u8) -> bool {
        let new = self.dlines[dl.i()] & bit == 0;
        self.dlines[dl.i()] |= bit;
        new
    }

    /// Normal and Tricky: pair facts ("dlines") at dots and what clues and dot counts make of
    /// them. Normal reads the pairs inside a face to bound its lines, and learns pair facts at
    /// dots from the lines there; Tricky also learns pair facts from a face's clue and passes
    /// them to the opposite pair at a dot, which carries them along diagonals of cells.
    fn dline(&mut self) -> Next {
        let g = self.g;
        let tricky = self.level >= L::Tricky;
        let mut next = None;
        for f in (0..g.num_faces()).map(|f| LFace(f as u32)) {
            if self.face_solved[f.i()] {
                continue;
            }
            let Some(clue) = g.clue[f.i()] else { continue };
            let clue = i32::from(clue);
            let (mins, maxs) = self.face_bounds(f);
            for j in 0..4 {
                let e = g.face_edges[f.i()][j];
                if self.lines[e.i()] != EdgeState::Unknown {
                    continue;
                }
                // The lines among the other three sides.
                let k = (j + 1) % 4;
                if mins[k][j] > clue || maxs[k][j] < clue - 1 {
                    return self.mistake();
                }
                if mins[k][j] == clue {
                    self.set_line(e, EdgeState::Cross);
                    note(&mut next, L::Easy);
                }
                if maxs[k][j] == clue - 1 {
                    self.set_line(e, EdgeState::Line);
                    note(&mut next, L::Easy);
                }
                if tricky {
                    // The pair of sides j, j + 1 against the other two.
                    if self.lines[g.face_edges[f.i()][k].i()] != EdgeState::Unknown {
                        continue;
                    }
                    let dl = g.dline_in_face(f, k);
                    let rest = (k + 1) % 4;
                    if mins[rest][j] > clue - 2 && self.set_dline(dl, AT_MOST) {
                        note(&mut next, L::Normal);
                    }
                    if maxs[rest][j] < clue && self.set_dline(dl, AT_LEAST) {
                        note(&mut next, L::Normal);
                    }
                }
            }
        }
        if next.is_some_and(|n| n < L::Normal) {
            return next;
        }
        for d in (0..g.num_dots()).map(|d| LDot(d as u32)) {
            if self.dot_solved[d.i()] {
                continue;
            }
            let n = usize::from(g.dot_order[d.i()]);
            // Read once for the whole dot, as Loopy does.
            let (yes, no) = (self.dot_yes[d.i()], self.dot_no[d.i()]);
            let unknown = n as u8 - yes - no;
            for j in 0..n {
                let k = (j + 1) % n;
                let dl = g.dline_at_dot(d, j);
                let (e1, e2) = (g.edges_at(d)[j], g.edges_at(d)[k]);
                let (l1, l2) = (self.lines[e1.i()], self.lines[e2.i()]);
                use EdgeState::{Cross, Line, Unknown};
                if (l1 == Cross || l2 == Cross) && self.set_dline(dl, AT_MOST) {
                    note(&mut next, L::Normal);
                }
                if (l1 == Line || l2 == Line) && self.set_dline(dl, AT_LEAST) {
                    note(&mut next, L::Normal);
                }
                for (a, b, eb) in [(l1, l2, e2), (l2, l1, e1)] {
                    if self.at_most(dl) && a == Line && b == Unknown {
                        self.set_line(eb, Cross);
                        note(&mut next, L::Easy);
                    }
                }
                for (a, b, eb) in [(l1, l2, e2), (l2, l1, e1)] {
                    if self.at_least(dl) && a == Cross && b == Unknown {
                        self.set_line(eb, Line);
                        note(&mut next, L::Easy);
                    }
                }
                if l1 != Unknown || l2 != Unknown {
                    continue;
                }
                if yes == 0 && unknown == 2 {
                    // The two open edges are the only ones: both lines or both crosses.
                    for (bit, s) in [(AT_MOST, Cross), (AT_LEAST, Line)] {
                        if self.dlines[dl.i()] & bit != 0 {
                            self.set_line(e1, s);
                            self.set_line(e2, s);
                            note(&mut next, L::Easy);
                        }
                    }
                }
                if yes == 1 {
                    if self.set_dline(dl, AT_MOST) {
                        note(&mut next, L::Normal);
                    }
                    if unknown == 2 && self.set_dline(dl, AT_LEAST) {
                        note(&mut next, L::Normal);
                    }
                }
                if tricky && self.at_least(dl) {
                    // A line in this pair is one of the dot's two: the pairs sharing no edge
                    // with it hold at most one.
                    for opp in (0..n).filter(|&o| o != j && o != k && (o + 1) % n != j) {
                        if self.set_dline(g.dline_at_dot(d, opp), AT_MOST) {
                            note(&mut next, L::Normal);
                        }
                    }
                    if yes == 0 && self.at_most(dl) {
                        // Exactly one line here and none elsewhere yet: the dot's other line
                        // is among the rest.
                        if unknown == 3 {
                            for (o, &e) in g.edges_at(d).iter().enumerate() {
                                if o != j && o != k && self.lines[e.i()] == Unknown {
                                    self.set_line(e, Line);
                                    note(&mut next, L::Easy);
                                }
                            }
                        } else if unknown == 4 && self.opposite_at_least(d, j) {
                            note(&mut next, L::Normal);
                        }
                    }
                }
            }
        }
        next
    }

    /// Loopy's bounds on the lines along the sides of a face: `mins[a][b]` / `maxs[a][b]` for
    /// the sides `a, a + 1, .., b - 1` (clockwise, wrapping), from the sides' states and the
    /// dlines inside the face; runs of three combine two shorter runs both ways.
    fn face_bounds(&self, f: LFace) -> ([[i32; 4]; 4], [[i32; 4]; 4]) {
        let g = self.g;
        let (mut mins, mut maxs) = ([[0; 4]; 4], [[0; 4]; 4]);
        let es = g.face_edges[f.i()];
        for j in 0..4 {
            let k = (j + 1) % 4;
            let (l1, l2) = (self.lines[es[j].i()], self.lines[es[k].i()]);
            maxs[j][k] = i32::from(l1 != EdgeState::Cross);
            mins[j][k] = i32::from(l1 == EdgeState::Line);
            let dl = g.dline_in_face(f, k);
            let m = (k + 1) % 4;
            let mut hi = 2 - i32::from(l1 == EdgeState::Cross) - i32::from(l2 == EdgeState::Cross);
            if hi == 2 && self.at_most(dl) {
                hi = 1;
            }
            let mut lo = i32::from(l1 == EdgeState::Line) + i32::from(l2 == EdgeState::Line);
            if lo == 0 && self.at_least(dl) {
                lo = 1;
            }
            maxs[j][m] = hi;
            mins[j][m] = lo;
        }
        for j in 0..4 {
            let (k, u, v) = ((j + 3) % 4, (j + 1) % 4, (j + 2) % 4);
            maxs[j][k] = (maxs[j][u] + maxs[u][k]).min(maxs[j][v] + maxs[v][k]);
            mins[j][k] = (mins[j][u] + mins[u][k]).max(mins[j][v] + mins[v][k]);
        }
        (mins, maxs)
    }

    /// At a dot with four open edges where the pair starting at `j` holds exactly one line, the
    /// opposite pair holds the other: sets its "at least one" (Loopy's
    /// `dline_set_opp_atleastone`).
    fn opposite_at_least(&mut self, d: LDot, j: usize) -> bool {
        let g = self.g;
        let n = usize::from(g.dot_order[d.i()]);
        let es = g.edges_at(d);
        for opp in (0..n).filter(|&o| o != j && o + 1 != j && o != j + 1 && !(o == 0 && j == n - 1)) {
            if opp == n - 1 && j == 0 {
                continue;
            }
            let open = |e: LEdge| self.lines[e.i()] == EdgeState::Unknown;
            if open(es[opp]) && open(es[(opp + 1) % n]) {
                return self.set_dline(g.dline_at_dot(d, opp), AT_LEAST);
            }
        }
        false
    }

    /// Joins two edges' classes (opposite when `inverse`); true when new. Joining them with the
    /// other parity is a contradiction.
    fn merge_lines(&mut self, a: LEdge, b: LEdge, inverse: bool) -> bool {
        match self.linedsf.union(a.0, b.0, inverse) {
            Ok(merge) => merge.is_some(),
            Err(_) => {
                self.status = Status::Mistake;
                false
            }
        }
    }

    /// Hard: classes of edges known equal or opposite. A clue one short of its count crosses
    /// an equal pair of its open sides, and one short of its crosses draws them (without
    /// reporting progress, as in Loopy); the parity of a face (its clue) and of a dot (even)
    /// relates its last two or three open edges; an exactly-one pair at a dot makes its edges
    /// opposite and opposite edges make it exactly one; an edge's state passes to its class.
    fn linedsf(&mut self) -> Next {
        let g = self.g;
        let mut next = None;
        for f in (0..g.num_faces()).map(|f| LFace(f as u32)) {
            if self.face_solved[f.i()] {
                continue;
            }
            let Some(clue) = g.clue[f.i()] else { continue };
            if self.face_yes[f.i()] + 1 == clue {
                self.face_setall_identical(f, EdgeState::Cross);
            }
            let no = self.face_no[f.i()];
            if no + 1 == 4 - clue {
                self.face_setall_identical(f, EdgeState::Line);
            }
            let yes = self.face_yes[f.i()];
            if yes > clue {
                return self.mistake();
            }
            let unknown = 4 - no - yes;
            if let Some(n) = self.parity(&g.face_edges[f.i()], (clue - yes) % 2 == 1, unknown) {
                note(&mut next, n);
            }
        }
        for d in (0..g.num_dots()).map(|d| LDot(d as u32)) {
            let n = usize::from(g.dot_order[d.i()]);
            for j in 0..n {
                let dl = g.dline_at_dot(d, j);
                let (e1, e2) = (g.edges_at(d)[j], g.edges_at(d)[(j + 1) % n]);
                if self.lines[e1.i()] != EdgeState::Unknown || self.lines[e2.i()] != EdgeState::Unknown {
                    continue;
                }
                let ((r1, p1), (r2, p2)) = (self.linedsf.find(e1.0), self.linedsf.find(e2.0));
                if r1 == r2 && p1 != p2 {
                    for bit in [AT_MOST, AT_LEAST] {
                        if self.set_dline(dl, bit) {
                            note(&mut next, L::Normal);
                        }
                    }
                    continue;
                }
                if self.at_most(dl) && self.at_least(dl) && self.merge_lines(e1, e2, true) {
                    note(&mut next, L::Hard);
                }
            }
            let (yes, no) = (self.dot_yes[d.i()], self.dot_no[d.i()]);
            let unknown = n as u8 - yes - no;
            if let Some(n) = self.parity(g.edges_at(d), yes % 2 == 1, unknown) {
                note(&mut next, n);
            }
        }
        for e in (0..g.num_edges()).map(|e| LEdge(e as u32)) {
            let (root, inv) = self.linedsf.find(e.0);
            if root == e.0 {
                continue;
            }
            let inv = inv == 1;
            let flip = |s: EdgeState| match (s, inv) {
                (EdgeState::Line, true) => EdgeState::Cross,
                (EdgeState::Cross, true) => EdgeState::Line,
                _ => s,
            };
            let root = LEdge(root);
            let (from, to) = match (self.lines[root.i()], self.lines[e.i()]) {
                (EdgeState::Unknown, EdgeState::Unknown) => continue,
                (EdgeState::Unknown, s) => (s, root),
                (s, _) => (s, e),
            };
            if self.set_line(to, flip(from)) {
                note(&mut next, L::Easy);
            }
        }
        next
    }

    /// Sets both edges of every equal pair of open sides of `f` to `s`. Loopy reports no
    /// progress for this (its function returns false whatever it did), so neither do we.
    fn face_setall_identical(&mut self, f: LFace, s: EdgeState) {
        let es = self.g.face_edges[f.i()];
        for a in 0..4 {
            for b in a + 1..4 {
                let (ea, eb) = (es[a], es[b]);
                if self.lines[ea.i()] != EdgeState::Unknown || self.lines[eb.i()] != EdgeState::Unknown {
                    continue;
                }
                if self.linedsf.find(ea.0) == self.linedsf.find(eb.0) {
                    self.set_line(ea, s);
                    self.set_line(eb, s);
                }
            }
        }
    }

    /// Parity deductions over the open edges of a face or dot whose lines must number `odd`
    /// modulo 2 (Loopy's `parity_deductions`): two open edges are equal or opposite; of three,
    /// two in one class decide the third; of four, two in one class relate the other two.
    fn parity(&mut self, edges: &[LEdge], odd: bool, unknown: u8) -> Next {
        let open: Vec<LEdge> =
            edges.iter().copied().filter(|e| self.lines[e.i()] == EdgeState::Unknown).collect();
        debug_assert_eq!(open.len(), usize::from(unknown));
        let mut next = None;
        match open[..] {
            [a, b] => {
                if self.merge_lines(a, b, odd) {
                    note(&mut next, L::Hard);
                }
            }
            [_, _, _] => {
                let c: Vec<(u32, bool)> = open.iter().map(|e| self.linedsf.find(e.0)).map(|(r, p)| (r, p == 1)).collect();
                for (x, y, z) in [(0, 1, 2), (0, 2, 1), (1, 2, 0)] {
                    if c[x].0 == c[y].0 {
                        let s = if odd ^ c[x].1 ^ c[y].1 { EdgeState::Line } else { EdgeState::Cross };
                        if self.set_line(open[z], s) {
                            note(&mut next, L::Easy);
                        }
                    }
                }
            }
            [_, _, _, _] => {
                let c: Vec<(u32, bool)> = open.iter().map(|e| self.linedsf.find(e.0)).map(|(r, p)| (r, p == 1)).collect();
                let pairs = [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2), (1, 2, 0, 3), (1, 3, 0, 2), (2, 3, 0, 1)];
                // Only the first pair found counts, as in Loopy.
                if let Some(&(x, y, z, w)) = pairs.iter().find(|&&(x, y, _, _)| c[x].0 == c[y].0)
                    && self.merge_lines(open[z], open[w], odd ^ c[x].1 ^ c[y].1)
                {
                    note(&mut next, L::Hard);
                }
            }
            _ => {}
        }
        next
    }

    /// Loop avoidance (Easy): an open edge joining two dots of one path would close a loop; it
    /// is crossed unless that loop would hold every line and meet every clue (then the solve
    /// ends as ambiguous). One loop holding every line with every clue met is the solution.
    fn loop_(&mut self) -> Next {
        let g = self.g;
        let mut edgecount = 0;
        for e in (0..g.num_edges()).map(|e| LEdge(e as u32)) {
            if self.lines[e.i()] == EdgeState::Line {
                let [a, b] = g.edge_dots[e.i()];
                self.dotdsf.merge(a.i(), b.i());
                edgecount += 1;
            }
        }
        let (mut clues, mut sat, mut sm1) = (0, 0, 0);
        for (f, clue) in g.clue.iter().enumerate() {
            if let Some(c) = *clue {
                let o = self.face_yes[f];
                if o == c {
                    sat += 1;
                } else if o + 1 == c {
                    sm1 += 1;
                }
                clues += 1;
            }
        }
        let shortest = (0..g.num_dots())
            .map(|d| self.dotdsf.size(d))
            .filter(|&n| n > 1)
            .min()
            .unwrap_or(g.num_dots())
            .min(g.num_dots());
        if sat == clues && shortest == edgecount {
            self.status = Status::Solved;
            return Some(L::Easy);
        }
        let mut progress = false;
        for e in (0..g.num_edges()).map(|e| LEdge(e as u32)) {
            if self.lines[e.i()] != EdgeState::Unknown {
                continue;
            }
            let [a, b] = g.edge_dots[e.i()];
            if self.dotdsf.find(a.i()) != self.dotdsf.find(b.i()) {
                continue;
            }
            if self.dotdsf.size(a.i()) == edgecount + 1 {
                // Closing this loop takes in every line: a solution when every clue is met or
                // one short on a side of this edge.
                let nearby = g.edge_faces[e.i()]
                    .into_iter()
                    .flatten()
                    .filter(|f| g.clue[f.i()].is_some_and(|c| self.face_yes[f.i()] + 1 == c))
                    .count();
                if sm1 == nearby && sm1 + sat == clues {
                    self.status = Status::Ambiguous;
                    return Some(L::Easy);
                }
            }
            progress |= self.set_line(e, EdgeState::Cross);
        }
        progress.then_some(L::Easy)
    }
}
