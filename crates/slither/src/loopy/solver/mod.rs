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

use std::time::Instant;

use pencilbox_grid::{OutOfTime, past};

use super::LoopyLevel as L;
mod dline;
mod linedsf;

use super::dsf::Dsf;
use super::grid::{DLine, Grid, LDot, LEdge, LFace};
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
    /// Runs the passes until solved, stuck or contradictory; `Err` when `deadline` passes
    /// first (the clock is read before every pass: one pass takes milliseconds on a 1024x1024
    /// board).
    pub fn solve(&mut self, deadline: Option<Instant>) -> Result<Status, OutOfTime> {
        let mut threshold = (L::Easy, 0);
        let mut i = 0;
        while i < PASSES.len() {
            if past(deadline) {
                return Err(OutOfTime);
            }
            match self.status {
                Status::Mistake => return Ok(self.status),
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
        Ok(self.status)
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
