//! Normal and Tricky: the dline pass (Loopy's `dline_deductions`).

use super::super::LoopyLevel as L;
use super::super::grid::{LDot, LEdge, LFace};
use super::{AT_LEAST, AT_MOST, Next, Solver, note};
use crate::board::EdgeState;

impl Solver<'_> {
    /// Normal and Tricky: pair facts ("dlines") at dots and what clues and dot counts make of
    /// them. Normal reads the pairs inside a face to bound its lines, and learns pair facts at
    /// dots from the lines there; Tricky also learns pair facts from a face's clue and passes
    /// them to the opposite pair at a dot, which carries them along diagonals of cells.
    pub(super) fn dline(&mut self) -> Next {
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
}
