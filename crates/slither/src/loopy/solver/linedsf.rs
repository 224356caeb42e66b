//! Hard: the pass over classes of edges known equal or opposite (Loopy's
//! `linedsf_deductions` and `parity_deductions`).

use super::super::LoopyLevel as L;
use super::super::grid::{LDot, LEdge, LFace};
use super::{AT_LEAST, AT_MOST, Next, Solver, Status, note};
use crate::board::EdgeState;

impl Solver<'_> {
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
    pub(super) fn linedsf(&mut self) -> Next {
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
            [a, b] if self.merge_lines(a, b, odd) => note(&mut next, L::Hard),
            [_, _, _] => {
                let c: Vec<(u32, bool)> =
                    open.iter().map(|e| self.linedsf.find(e.0)).map(|(r, p)| (r, p == 1)).collect();
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
                let c: Vec<(u32, bool)> =
                    open.iter().map(|e| self.linedsf.find(e.0)).map(|(r, p)| (r, p == 1)).collect();
                let pairs =
                    [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2), (1, 2, 0, 3), (1, 3, 0, 2), (2, 3, 0, 1)];
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
}
