//! The deduction state and its incremental bookkeeping: edge states, line counts, path ends,
//! cut counters, pair states and colour classes, all updated as edges are decided, with the
//! sites near each change queued for the rules that look at them.

use std::fmt;

use pencilbox_grid::{Cell, Dims, Dot, Edge};

use super::contradiction::Contradiction;
use super::geometry::{Corner, Cut, Quadrant, dot_edges4};
use super::queues::{Queues, Site};
use super::rules::Rule;
use super::trace::Trace;
use super::{Fact, Places, Step};
use crate::board::{Conflict, EdgeState};
use crate::classes::Classes;
use crate::paths::{Join, LineCounts, NO_CLUE, PathEnds};
use crate::puzzle::{Puzzle, Solution};

/// A colour-class node: a cell (its row-major index) or the outside of the board
/// (`num_cells`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region(pub u32);

/// The pair state of one quadrant at one dot: `dot_index * 4 + quadrant`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PairId(pub u32);

/// Pair-state bits: at least one line / at most one line.
pub(crate) const AT_LEAST: u8 = 1;
pub(crate) const AT_MOST: u8 = 2;

pub(crate) type Fixes = Vec<(Edge, EdgeState)>;

/// Deduction state: the puzzle, one [`EdgeState`] per edge, and the knowledge the stronger
/// rules keep (path ends, cut counters, pair states, colour classes), all kept up to date as
/// edges are decided; rules look only at the sites near a change (a work queue per rule).
#[derive(Clone, Debug)]
pub struct Deducer {
    pub(super) p: Puzzle,
    pub(super) d: Dims,
    pub(super) state: Vec<EdgeState>,
    pub(super) unknown: usize,
    /// Lines per cell against the clues, and the number of lines.
    pub(super) counts: LineCounts,
    pub(super) paths: PathEnds,
    pub(super) closed: bool,
    /// Closing edges allowed only because the loop would be the whole solution; re-checked
    /// when another line appears.
    deferred: Vec<Edge>,
    /// Per cut (columns, then rows): edges still unknown, and lines.
    pub(super) cut_unknown: Vec<u32>,
    pub(super) cut_lines: Vec<u32>,
    /// Pair states by [`PairId`]: [`AT_LEAST`] | [`AT_MOST`].
    pub(super) pair: Vec<u8>,
    /// Colour classes over the cells and the outside.
    pub(super) classes: Classes,
    pub(super) queues: Queues,
    /// What a change contradicted, if it did.
    pub(super) broken: Option<Contradiction>,
    /// No step texts wanted ([`Deducer::run_quietly`]).
    pub(super) quiet: bool,
    /// The edges on the border of the board (the sides of the outside region).
    pub(super) border: Vec<Edge>,
    /// Who produced each piece of knowledge, when explaining.
    pub(super) trace: Option<Box<Trace>>,
}

impl Deducer {
    pub fn new(p: &Puzzle) -> Self {
        let d = p.dims();
        let clue = p.clues().iter().map(|c| c.number().unwrap_or(NO_CLUE)).collect();
        let (nc, nd, ne) = (d.num_cells(), d.num_dots(), d.num_edges());
        let mut cut_unknown = vec![d.rows() as u32 + 1; d.cols()];
        cut_unknown.extend(std::iter::repeat_n(d.cols() as u32 + 1, d.rows()));
        let mut me = Deducer {
            p: p.clone(),
            d,
            state: vec![EdgeState::Unknown; ne],
            unknown: ne,
            counts: LineCounts::new(clue),
            paths: PathEnds::new(nd),
            closed: false,
            deferred: Vec::new(),
            cut_unknown,
            cut_lines: vec![0; Cut::count(d)],
            pair: vec![0; nd * 4],
            classes: Classes::new(nc + 1),
            queues: Queues::new(d),
            broken: None,
            quiet: false,
            border: d.edges().filter(|&e| d.edge_cells(e).contains(&None)).collect(),
            trace: None,
        };
        for cell in d.cells() {
            me.touch_cell(cell);
        }
        for dot in d.dots() {
            me.touch_dot(dot);
        }
        for cut in 0..Cut::count(d) {
            me.queues.push(Rule::CutParity, Site::Cut(Cut::at(d, cut)));
        }
        me.touch_global();
        me
    }

    /// A copy without the trace (whose log of step texts would dominate the cost of the
    /// copies that trials make).
    pub(super) fn clone_untraced(&self) -> Deducer {
        Deducer {
            p: self.p.clone(),
            d: self.d,
            state: self.state.clone(),
            unknown: self.unknown,
            counts: self.counts.clone(),
            paths: self.paths.clone(),
            closed: self.closed,
            deferred: self.deferred.clone(),
            cut_unknown: self.cut_unknown.clone(),
            cut_lines: self.cut_lines.clone(),
            pair: self.pair.clone(),
            classes: self.classes.clone(),
            queues: self.queues.clone(),
            broken: self.broken,
            quiet: self.quiet,
            border: self.border.clone(),
            trace: None,
        }
    }

    /// A deducer starting from known edge states (a player's marks, one per edge in the shared
    /// numbering), with all the knowledge those edges give; `None` when `states` has the wrong
    /// length. Marks that break a rule outright (a branch, a clue exceeded, a loop closed
    /// early) leave it contradictory: [`Deducer::next_step`] then reports the conflict.
    pub fn with_states(p: &Puzzle, states: &[EdgeState]) -> Option<Self> {
        let mut me = Deducer::new(p);
        if states.len() != me.state.len() {
            return None;
        }
        for (e, &s) in p.dims().edges().zip(states) {
            if s != EdgeState::Unknown {
                me.set_edge(e, s);
            }
        }
        Some(me)
    }

    pub fn state(&self, e: Edge) -> EdgeState {
        self.state[e.index()]
    }

    /// The lines drawn so far.
    pub fn lines(&self) -> Solution {
        Solution::from_edges(self.d, self.d.edges().filter(|&e| self.state(e) == EdgeState::Line))
    }

    /// Queues a clued cell for every rule that looks at cells.
    pub(super) fn touch_cell(&mut self, cell: Cell) {
        if self.clue(cell).is_some() {
            self.queues.push_all_rules(Site::Cell(cell));
        }
    }

    /// Queues a dot for every rule that looks at dots.
    pub(super) fn touch_dot(&mut self, dot: Dot) {
        self.queues.push_all_rules(Site::Dot(dot));
    }

    /// Queues the whole-board rules (after any change).
    fn touch_global(&mut self) {
        self.queues.push(Rule::Connectivity, Site::Board);
    }

    /// Queues the cells around a dot.
    pub(super) fn touch_around(&mut self, dot: Dot) {
        self.touch_dot(dot);
        for q in Quadrant::ALL {
            if let Some(c) = q.cell(self.d, dot) {
                self.touch_cell(c);
            }
        }
    }

    /// Adds what a step found to the state.
    pub(super) fn apply(&mut self, step: &Step) {
        for &(e, s) in &step.fixed {
            self.set_edge(e, s);
        }
        for &fact in &step.learned {
            match fact {
                Fact::Pair { dot, quadrant, at_least, at_most } => {
                    let id = self.pair_id(dot, quadrant);
                    let bits = if at_least { AT_LEAST } else { 0 } | if at_most { AT_MOST } else { 0 };
                    if let Some(t) = &mut self.trace {
                        t.paired(id, bits & !self.pair[id.0 as usize]);
                    }
                    self.pair[id.0 as usize] |= bits;
                    self.touch_around(dot);
                }
                Fact::Colours { a, b, differ } => {
                    let (a, b) = (self.region(a), self.region(b));
                    self.union(a, b, differ);
                }
            }
        }
    }

    pub(super) fn region(&self, c: Option<Cell>) -> Region {
        Region(c.map_or(self.d.num_cells(), |c| self.d.cell_index(c)) as u32)
    }

    pub(super) fn region_cell(&self, r: Region) -> Option<Cell> {
        ((r.0 as usize) < self.d.num_cells()).then(|| self.d.cell_at(r.0 as usize))
    }

    /// The class root of a region and the region's parity to it.
    pub(super) fn find(&self, r: Region) -> (Region, u8) {
        let (root, p) = self.classes.find(r.0);
        (Region(root), p)
    }

    pub(super) fn pair_id(&self, dot: Dot, q: Quadrant) -> PairId {
        PairId((self.d.dot_index(dot) * 4 + q.index()) as u32)
    }

    pub(super) fn pair_site(&self, p: PairId) -> (Dot, Quadrant) {
        let w = self.d.cols() + 1;
        let i = p.0 as usize / 4;
        (Dot::new(i / w, i % w), Quadrant::ALL[p.0 as usize % 4])
    }

    pub(super) fn pair_bits(&self, p: PairId) -> u8 {
        self.pair[p.0 as usize]
    }

    pub(super) fn dot_lines(&self, dot: Dot) -> usize {
        dot_edges4(self.d, dot).iter().flatten().filter(|&&e| self.state(e) == EdgeState::Line).count()
    }

    /// Decides an edge and updates every piece of knowledge that depends on it.
    pub(super) fn set_edge(&mut self, e: Edge, s: EdgeState) {
        let cur = self.state[e.index()];
        if cur != EdgeState::Unknown {
            if cur != s {
                self.break_with(Contradiction::Twice { edge: e });
            }
            return;
        }
        self.state[e.index()] = s;
        self.unknown -= 1;
        if let Some(t) = &mut self.trace {
            t.decided(e);
        }
        self.touch_global();
        let line = s == EdgeState::Line;
        let cut = Cut::of(self.d, e);
        self.cut_unknown[cut.index(self.d)] -= 1;
        self.queues.push(Rule::CutParity, Site::Cut(cut));
        if line {
            for c in self.d.edge_cells(e).into_iter().flatten() {
                let i = self.d.cell_index(c) as u32;
                self.counts.add(i);
                let lines = self.counts.cell_lines(i);
                if let Some(clue) = self.counts.clue(i).filter(|&k| lines > k) {
                    self.break_with(Contradiction::TooManyLines { cell: c, clue, lines });
                }
            }
        }
        let (a, b) = self.d.edge_dots(e);
        for dot in [a, b] {
            self.touch_around(dot);
            let lines = self.dot_lines(dot) as u8;
            if lines > 2 {
                self.break_with(Contradiction::Branch { dot, lines });
            }
        }
        if line {
            self.counts.add_line();
            self.cut_lines[cut.index(self.d)] += 1;
            for x in std::mem::take(&mut self.deferred) {
                self.queues.push(Rule::NoPrematureLoop, Site::Edge(x));
            }
            self.join(e);
        }
        let [x, y] = self.d.edge_cells(e).map(|c| self.region(c));
        self.union(x, y, line);
    }

    /// The loop bookkeeping of a new line: join two path ends; queue the edge that would close
    /// the joined path for [`Rule::NoPrematureLoop`].
    fn join(&mut self, e: Edge) {
        let (da, db) = self.d.edge_dots(e);
        if self.closed {
            self.break_with(Contradiction::EarlyLoop { edge: e });
            return;
        }
        match self.paths.join(self.d.dot_index(da) as u32, self.d.dot_index(db) as u32) {
            Join::Closes { len } => {
                // The two ends of one path: a loop closes; it must hold every line.
                if self.counts.lines() != len {
                    self.break_with(Contradiction::EarlyLoop { edge: e });
                }
                self.closed = true;
                self.queues.push(Rule::NoPrematureLoop, Site::Edge(e));
            }
            Join::Joins { ends: [ea, eb], .. } => {
                if let Some(close) = self.d.edge_between(self.dot_at(ea), self.dot_at(eb))
                    && self.state(close) == EdgeState::Unknown
                {
                    self.queues.push(Rule::NoPrematureLoop, Site::Edge(close));
                }
            }
        }
    }

    /// Records the first contradiction met.
    fn break_with(&mut self, c: Contradiction) {
        if self.broken.is_none()
            && let Some(t) = &mut self.trace
        {
            t.broke();
        }
        self.broken.get_or_insert(c);
    }

    pub(super) fn dot_at(&self, i: u32) -> Dot {
        let w = self.d.cols() + 1;
        Dot::new(i as usize / w, i as usize % w)
    }

    /// Records that regions `a` and `b` have different (`differ`) or equal colours, and queues
    /// the sites whose colour picture changed: edges between the joined classes, and the clued
    /// cells and dots around the members of the smaller class.
    fn union(&mut self, a: Region, b: Region, differ: bool) {
        let merge = match self.classes.union(a.0, b.0, differ) {
            Ok(Some(m)) => m,
            Ok(None) => return,
            Err(Conflict) => {
                let (a, b) = (self.region_cell(a), self.region_cell(b));
                self.break_with(Contradiction::Colours { a, b });
                return;
            }
        };
        if let Some(t) = &mut self.trace {
            t.linked(merge.small);
        }
        self.touch_global();
        let members: Vec<Region> = self.classes.merged(merge).map(Region).collect();
        for m in members {
            let edges: Vec<Edge> = match self.region_cell(m) {
                Some(cell) => self.d.cell_edges(cell).to_vec(),
                None => self.border.clone(),
            };
            for e in edges {
                if self.state(e) == EdgeState::Unknown {
                    self.queues.push(Rule::Colouring, Site::Edge(e));
                }
                for c in self.d.edge_cells(e).into_iter().flatten() {
                    if self.clue(c).is_some() {
                        self.queues.push(Rule::Colouring, Site::Cell(c));
                    }
                }
                let (x, y) = self.d.edge_dots(e);
                for dot in [x, y] {
                    self.queues.push(Rule::Colouring, Site::Dot(dot));
                }
            }
        }
    }

    /// Whether every pair state and colour relation known holds in `solution` (for tests: the
    /// knowledge of sound rules holds in every solution).
    pub fn knowledge_holds(&self, solution: &Solution) -> bool {
        let d = self.d;
        let pairs_hold = d.dots().all(|dot| {
            Quadrant::ALL.into_iter().all(|q| {
                let bits = self.pair_bits(self.pair_id(dot, q));
                let n = q.edges(d, dot).iter().flatten().filter(|&&e| solution.is_line(e)).count();
                (bits & AT_LEAST == 0 || n >= 1) && (bits & AT_MOST == 0 || n <= 1)
            })
        });
        let inside = solution.inside_cells();
        let colour = |r: usize| inside.get(r).copied().unwrap_or(false);
        let mut root_colour = vec![None; d.num_cells() + 1];
        let colours_hold = (0..=d.num_cells()).all(|r| {
            let (root, p) = self.find(Region(r as u32));
            let c = colour(r) ^ (p == 1);
            *root_colour[root.0 as usize].get_or_insert(c) == c
        });
        pairs_hold && colours_hold
    }

    /// An edge's state; an edge off the board counts as crossed.
    pub(super) fn st(&self, e: Option<Edge>) -> EdgeState {
        e.map_or(EdgeState::Cross, |e| self.state(e))
    }

    /// The step of the fixes that change an unknown edge, found by `rule` at `site`; `Err`
    /// when one contradicts a decided edge.
    pub(super) fn fresh(
        &self,
        rule: Rule,
        site: Site,
        at: fmt::Arguments,
        fixes: Fixes,
    ) -> Result<Option<Step>, Contradiction> {
        let mut fixed = Vec::new();
        for (e, s) in fixes {
            match self.state(e) {
                EdgeState::Unknown if !fixed.iter().any(|&(x, _)| x == e) => fixed.push((e, s)),
                EdgeState::Unknown => {}
                cur if cur != s => return Err(Contradiction::Clash { rule, site, edge: e, wanted: s }),
                _ => {}
            }
        }
        Ok((!fixed.is_empty()).then(|| self.step(rule, site, at, fixed, Vec::new())))
    }

    /// A step found by `rule` at `site`; in a quiet run without its texts and places (nobody
    /// reads them, and formatting dominates the cost of a step).
    pub(super) fn step(
        &self,
        rule: Rule,
        site: Site,
        at: fmt::Arguments,
        fixed: Fixes,
        learned: Vec<Fact>,
    ) -> Step {
        let places = if self.quiet { Places::default() } else { Places::of_site(self.d, site) };
        Step { rule, at: self.label(at), fixed, learned, places }
    }

    /// A step with more places it looked at (not in a quiet run).
    pub(super) fn with_places(&self, mut step: Step, cells: &[Cell], dots: &[Dot]) -> Step {
        if !self.quiet {
            step.places.cells.extend_from_slice(cells);
            step.places.dots.extend_from_slice(dots);
        }
        step
    }

    /// The `at` text of a step; empty in a quiet run (nobody reads it, and formatting
    /// dominates the cost of a step).
    pub(super) fn label(&self, at: fmt::Arguments) -> String {
        if self.quiet { String::new() } else { at.to_string() }
    }

    pub(super) fn clue(&self, cell: Cell) -> Option<u8> {
        self.counts.clue(self.d.cell_index(cell) as u32)
    }

    /// The two outside edges of a corner (`None` off the board).
    pub(super) fn outside_at(&self, cell: Cell, corner: Corner) -> [Option<Edge>; 2] {
        corner.away().edges(self.d, corner.dot(cell))
    }

    /// Both outside edges of the corner are crossed (or off the board).
    pub(super) fn blocked(&self, cell: Cell, corner: Corner) -> bool {
        self.outside_at(cell, corner).iter().all(|&e| self.st(e) == EdgeState::Cross)
    }

    /// The loop enters the corner from outside: one outside edge a line, the other crossed.
    pub(super) fn entered(&self, cell: Cell, corner: Corner) -> bool {
        let [a, b] = self.outside_at(cell, corner).map(|e| self.st(e));
        matches!((a, b), (EdgeState::Line, EdgeState::Cross) | (EdgeState::Cross, EdgeState::Line))
    }
}
