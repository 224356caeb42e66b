//! Which earlier moves a step used, so that a hint or a trial can show only the reasoning its
//! conclusion needs, not every step of the run.
//!
//! While a trace is on, every piece of knowledge remembers the move that produced it: each
//! decided edge, each pair-state bit, and each colour-class link. When a step is found, the
//! knowledge it read (the decided edges around its site, the pair states and the colour links
//! its case analysis used; see [`Deducer::reads`]) names the moves it needs. Walking those
//! needs back from a conclusion gives the moves that justify it. The reads are a slight
//! over-approximation (a rule may not have used every decided edge it looked at), never an
//! under-approximation: every listed chain is a sound argument.

use pencilbox_grid::{Dot, Edge};

use super::contradiction::Contradiction;
use super::geometry::{Corner, Quadrant, dot_edges4};
use super::queues::Site;
use super::rules::Rule;
use super::state::{Deducer, PairId, Region};
use super::trial::Move;
use super::{Places, Step};
use crate::board::EdgeState;

/// "Known from the start" (a mark, an assumption, or knowledge from before the trace began).
pub(super) const GIVEN: u32 = u32::MAX;

/// The producers of the knowledge, and the moves logged with what each needed.
#[derive(Clone, Debug)]
pub(super) struct Trace {
    /// Per edge: the move that decided it.
    edge: Vec<u32>,
    /// Per pair state: the moves that set its "at least one" and "at most one" bits.
    pair: Vec<[u32; 2]>,
    /// Per colour node: the move that linked it under its parent.
    link: Vec<u32>,
    /// The move being applied.
    pub current: u32,
    /// The move whose application broke the state, if one did.
    broken_by: u32,
    /// The moves applied, and per move the moves it needed.
    pub log: Vec<(Move, Vec<u32>)>,
    /// What the contradiction found needed.
    pub contradiction: Vec<u32>,
}

impl Trace {
    pub fn new(edges: usize, pairs: usize, nodes: usize) -> Self {
        Trace {
            edge: vec![GIVEN; edges],
            pair: vec![[GIVEN; 2]; pairs],
            link: vec![GIVEN; nodes],
            current: GIVEN,
            broken_by: GIVEN,
            log: Vec::new(),
            contradiction: Vec::new(),
        }
    }

    pub fn decided(&mut self, e: Edge) {
        self.edge[e.index()] = self.current;
    }

    pub fn linked(&mut self, child: u32) {
        self.link[child as usize] = self.current;
    }

    /// Pair bits newly set (`AT_LEAST` = 1, `AT_MOST` = 2).
    pub fn paired(&mut self, p: PairId, new_bits: u8) {
        for (i, bit) in [1u8, 2].into_iter().enumerate() {
            if new_bits & bit != 0 {
                self.pair[p.0 as usize][i] = self.current;
            }
        }
    }

    pub fn broke(&mut self) {
        if self.broken_by == GIVEN {
            self.broken_by = self.current;
        }
    }

    /// Logs a move with what it needed; the knowledge it adds is produced by it.
    pub fn push(&mut self, m: Move, needs: Vec<u32>) {
        self.current = self.log.len() as u32;
        self.log.push((m, needs));
    }

    /// The moves at or after `from` that `roots` need, directly or through other moves, in
    /// order; and the moves before `from` they need (the knowledge they take as given).
    pub fn needed(&self, roots: &[u32], from: u32) -> (Vec<u32>, Vec<u32>) {
        let mut seen = vec![false; self.log.len()];
        let mut stack: Vec<u32> = roots.to_vec();
        let (mut inner, mut outer) = (Vec::new(), Vec::new());
        while let Some(i) = stack.pop() {
            if i == GIVEN || seen[i as usize] {
                continue;
            }
            seen[i as usize] = true;
            if i < from {
                outer.push(i);
            } else {
                inner.push(i);
                stack.extend(&self.log[i as usize].1);
            }
        }
        inner.sort_unstable();
        outer.sort_unstable();
        (inner, outer)
    }
}

/// Collects the producers of what a step read.
struct Needs<'a> {
    me: &'a Deducer,
    t: &'a Trace,
    out: Vec<u32>,
}

impl Needs<'_> {
    fn add(&mut self, i: u32) {
        if i != GIVEN {
            self.out.push(i);
        }
    }

    /// The producers, each once.
    fn finish(mut self) -> Vec<u32> {
        self.out.sort_unstable();
        self.out.dedup();
        self.out
    }

    /// The producer of a decided edge.
    fn edge(&mut self, e: Option<Edge>) {
        if let Some(e) = e
            && self.me.state(e) != EdgeState::Unknown
        {
            self.add(self.t.edge[e.index()]);
        }
    }

    /// The producers of the edges in `state` among `edges`.
    fn edges_in(&mut self, edges: impl IntoIterator<Item = Edge>, state: Option<EdgeState>) {
        for e in edges {
            if state.is_none_or(|s| self.me.state(e) == s) {
                self.edge(Some(e));
            }
        }
    }

    fn dot(&mut self, dot: Dot, state: Option<EdgeState>) {
        self.edges_in(dot_edges4(self.me.d, dot).into_iter().flatten(), state);
    }

    /// The decided outside edges at every corner of a cell.
    fn corners(&mut self, cell: pencilbox_grid::Cell) {
        for corner in Corner::ALL {
            for e in self.me.outside_at(cell, corner) {
                self.edge(e);
            }
        }
    }

    /// The links from a region up to its class root.
    fn chain(&mut self, r: Region) {
        let mut x = r.0;
        while let Some(parent) = self.me.classes.parent(x) {
            self.add(self.t.link[x as usize]);
            x = parent;
        }
    }

    fn pair(&mut self, p: PairId) {
        let bits = self.me.pair_bits(p);
        for (i, bit) in [1u8, 2].into_iter().enumerate() {
            if bits & bit != 0 {
                self.add(self.t.pair[p.0 as usize][i]);
            }
        }
    }

    /// The lines of the path through `start` (the loop, if closed). A broken state may hold
    /// a dot with three lines, so the walk may come back to a line it took (a loop hanging
    /// off the path, not through `start`): it stops there.
    fn path(&mut self, start: Dot) {
        let d = self.me.d;
        let line = |e: &Edge| self.me.state(*e) == EdgeState::Line;
        let firsts: Vec<Edge> = d.dot_edges(start).filter(line).collect();
        let mut walked = vec![false; d.num_edges()];
        // Walk away from `start` along each of its lines in turn.
        for first in firsts {
            let (mut came, mut at) = (first, start);
            while !std::mem::replace(&mut walked[came.index()], true) {
                self.edge(Some(came));
                let (a, b) = d.edge_dots(came);
                at = if a == at { b } else { a };
                if at == start {
                    return; // round a closed loop
                }
                let Some(e) = d.dot_edges(at).filter(line).find(|&e| e != came) else { break };
                came = e;
            }
        }
    }
}

impl Deducer {
    /// Starts a trace: all knowledge so far counts as given.
    pub(super) fn start_trace(&mut self) {
        let d = self.d;
        self.trace = Some(Box::new(Trace::new(d.num_edges(), d.num_dots() * 4, d.num_cells() + 1)));
    }

    /// Logs a step about to be applied, with what it read.
    pub(super) fn note_step(&mut self, site: Site, step: &Step) {
        if self.trace.is_none() {
            return;
        }
        let needs = self.reads(step.rule, site, Some(&step.places));
        if let Some(t) = &mut self.trace {
            t.push(Move::Step(step.clone()), needs);
        }
    }

    /// Records what a contradiction needed: what the rule that found it read, or what the
    /// broken piece of bookkeeping holds, and the move that broke it.
    pub(super) fn note_contradiction(&mut self, c: Contradiction, by: Option<(Rule, Site)>) {
        let Some(t) = &self.trace else { return };
        let broken_by = t.broken_by;
        let mut needs = match by {
            Some((rule, site)) => self.reads(rule, site, None),
            None => self.contradiction_reads(c),
        };
        if let Contradiction::Clash { edge, .. } | Contradiction::Twice { edge } = c {
            let t = self.trace.as_deref().expect("traced");
            needs.push(t.edge[edge.index()]);
        }
        if by.is_none() {
            needs.push(broken_by);
        }
        if let Some(t) = &mut self.trace {
            t.contradiction = needs;
        }
    }

    /// The producers of what broke the bookkeeping.
    fn contradiction_reads(&self, c: Contradiction) -> Vec<u32> {
        let Some(t) = self.trace.as_deref() else { return Vec::new() };
        let mut n = Needs { me: self, t, out: Vec::new() };
        match c {
            Contradiction::TooManyLines { cell, .. } => {
                n.edges_in(self.d.cell_edges(cell), Some(EdgeState::Line))
            }
            Contradiction::Unmet { cell, .. } => {
                n.edges_in(self.d.cell_edges(cell), None);
                if let Some(e) = self.d.edges().find(|&e| self.state(e) == EdgeState::Line) {
                    n.path(self.d.edge_dots(e).0);
                }
            }
            Contradiction::Branch { dot, .. } => n.dot(dot, Some(EdgeState::Line)),
            Contradiction::Colours { a, b } => {
                n.chain(self.region(a));
                n.chain(self.region(b));
            }
            Contradiction::EarlyLoop { edge } => n.path(self.d.edge_dots(edge).0),
            _ => n.edges_in(self.d.edges(), None),
        }
        n.finish()
    }

    /// The producers of the knowledge `rule` read at `site` (with the places of the step it
    /// found, if it found one).
    pub(super) fn reads(&self, rule: Rule, site: Site, places: Option<&Places>) -> Vec<u32> {
        let Some(t) = self.trace.as_deref() else { return Vec::new() };
        let d = self.d;
        let mut n = Needs { me: self, t, out: Vec::new() };
        match (rule, site) {
            (Rule::Zero | Rule::AdjacentThrees | Rule::DiagonalThrees, _) => {}
            (Rule::ClueNeedsAll, Site::Cell(c)) => n.edges_in(d.cell_edges(c), Some(EdgeState::Cross)),
            (Rule::ClueSatisfied, Site::Cell(c)) => n.edges_in(d.cell_edges(c), Some(EdgeState::Line)),
            (Rule::DotFull, Site::Dot(x)) => n.dot(x, Some(EdgeState::Line)),
            (Rule::DeadEnd, Site::Dot(x)) => n.dot(x, Some(EdgeState::Cross)),
            (Rule::OnlyWayOut, Site::Dot(x)) => n.dot(x, None),
            (Rule::ThreeOneDiagonal, Site::Cell(c)) => n.corners(c),
            (
                Rule::ThreeBlockedCorner | Rule::OneBlockedCorner | Rule::ThreeEntered | Rule::OneEntered,
                Site::Cell(c),
            ) => {
                match places.and_then(|p| p.dots.first()) {
                    Some(&corner) => n.dot(corner, None),
                    None => n.corners(c),
                }
                n.edges_in(d.cell_edges(c), None);
            }
            (Rule::TwoBlockedCorner | Rule::TwoEntered, Site::Cell(c)) => n.corners(c),
            (Rule::NoPrematureLoop, Site::Edge(e)) => n.path(d.edge_dots(e).0),
            (Rule::NoPrematureLoop, _) => n.edges_in(d.edges(), Some(EdgeState::Line)),
            (Rule::CutParity, Site::Cut(cut)) => n.edges_in(cut.edges(d), None),
            (Rule::Colouring, Site::Edge(e)) => {
                for c in d.edge_cells(e) {
                    n.chain(self.region(c));
                }
            }
            (Rule::CornerPairs | Rule::Colouring, Site::Cell(c)) => {
                n.edges_in(d.cell_edges(c), None);
                for corner in Corner::ALL {
                    n.pair(self.pair_id(corner.dot(c), corner.facing()));
                }
                if rule == Rule::Colouring {
                    n.chain(self.region(Some(c)));
                    for e in d.cell_edges(c) {
                        for x in d.edge_cells(e) {
                            n.chain(self.region(x));
                        }
                    }
                }
            }
            (Rule::CornerPairs | Rule::Colouring, Site::Dot(x)) => {
                n.dot(x, None);
                for q in Quadrant::ALL {
                    n.pair(self.pair_id(x, q));
                    if rule == Rule::Colouring {
                        n.chain(self.region(q.cell(d, x)));
                    }
                }
            }
            (Rule::Connectivity, _) => {
                // The whole picture: every line, and every colour known.
                n.edges_in(d.edges(), Some(EdgeState::Line));
                for c in d.cells() {
                    n.chain(self.region(Some(c)));
                }
            }
            // Clue counts read the sides (the rule that found a contradiction there).
            (_, Site::Cell(c)) => n.edges_in(d.cell_edges(c), None),
            (_, Site::Dot(x)) => n.dot(x, None),
            (_, _) => {}
        }
        n.finish()
    }
}
