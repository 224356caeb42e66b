//! Human-style deductions: the statement's rules 1–15 plus stronger named rules, each step
//! reported with the edges it fixed and the facts it learned (pair states, colour relations).
//! Uses the same [`EdgeState`] as the solver's board.
//!
//! The engine is incremental: every rule has a work queue of the sites (cells, dots, edges,
//! cuts) near the last changes, so a run costs time in proportion to what it decides (a 60×60
//! puzzle in tens of milliseconds). [`Deducer::run_exhaustively`] is the slow reference that
//! re-examines every site before every step; the tests check both end in the same state.
//!
//! No rule guesses. Refuting a value by trying it ("trial", bounded-depth contradiction) is
//! what the `search` grade stands for, so it is left to the solver and is not a rule here.
//!
//! Corner vocabulary: a cell's corner is one of its four dots; the "sides at a corner" are the
//! cell's two sides meeting there; the "outside edges" of a corner are the other edges at that
//! dot (an edge off the board counts as crossed).

use std::collections::VecDeque;
use std::fmt;

use pencilbox_grid::{Cell, Dims, Dot, Edge, Orientation};

use crate::board::EdgeState;
use crate::puzzle::{Puzzle, Solution};

/// A named deduction rule. The statement's rules are numbered as in the statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Rule {
    /// Rule 1: A 0 crosses all four sides.
    Zero,
    /// Rule 2: A clue N with exactly N sides not crossed: all N are lines.
    ClueNeedsAll,
    /// Rule 3: A clue N with N lines: the other sides are crossed.
    ClueSatisfied,
    /// Rule 4: Two 3s side by side: the edge between them and the two far parallel edges are lines
    /// (the edge between only when the solution cannot be the loop around just those two cells).
    AdjacentThrees,
    /// Rule 5: Two 3s touching at a corner: the two sides at each one's far corner are lines.
    DiagonalThrees,
    /// Rule 6: A loop end entering a dot with only one way out: that edge is a line.
    OnlyWayOut,
    /// Rule 7: A dot with two lines: its other edges are crossed.
    DotFull,
    /// Rule 8: A dot whose edges are all crossed but one: the last one is crossed too.
    DeadEnd,
    /// Rule 9: A 3 with a corner whose two outside edges are crossed: its two sides there are lines.
    ThreeBlockedCorner,
    /// Rule 10: A 2 with a blocked corner, next to a corner with one outside edge crossed: that
    /// corner's other outside edge is a line.
    TwoBlockedCorner,
    /// Rule 11: A 1 with a blocked corner: its two sides there are crossed.
    OneBlockedCorner,
    /// Rule 12: A 3 entered at a corner from outside: the two sides at the opposite corner are lines.
    ThreeEntered,
    /// Rule 13: A 3 diagonally next to a 1, the 3's far corner blocked: the 1's far sides are crossed.
    ThreeOneDiagonal,
    /// Rule 14: A 2 entered at a corner, one outside edge crossed at the opposite corner: the other
    /// one is a line.
    TwoEntered,
    /// Rule 15: A 1 entered at a corner: the two sides at the opposite corner are crossed.
    OneEntered,
    /// Stronger: an edge joining the two ends of one path closes a loop; unless that loop would
    /// be the whole solution, it is crossed. Once the loop is closed, every other edge is
    /// crossed.
    NoPrematureLoop,
    /// Stronger: parity across a cut. A closed loop crosses any straight line between two rows
    /// (or columns) of dots an even number of times (Jordan curve theorem), so when all but one
    /// of the edges it cuts are decided, parity decides the last.
    CutParity,
    /// Stronger: "at least one / at most one" of the two edges at a corner. A dot has 0 or 2
    /// lines, so the two edges of one quadrant at a dot and the two of the opposite quadrant
    /// have 0+0, 1+1 or 2+0 lines; a clue bounds the lines at each of its corners (a 3 at
    /// least one, a 1 at most one, a 2 as many as its opposite corner leaves). Case analysis
    /// at a dot or a clue with these pair states passes them on, which carries them along
    /// diagonals of 2s and 3s.
    CornerPairs,
    /// Stronger: inside/outside colouring. An edge is a line exactly when the cells on its two
    /// sides have different colours (off the board is outside), so decided edges link cells
    /// into classes of known relative colour; an edge whose two sides are in one class is
    /// decided, and case analysis at a dot or a clue with the known colours of the cells
    /// around it links more cells (a 2×2 checkerboard around a dot would put four lines on it).
    Colouring,
    /// Stronger: the inside cells are connected, and so are the outside cells with the
    /// outside of the board. A cell whose removal would cut cells known to be inside from
    /// each other (it is an articulation point of the cells that may be inside, linked across
    /// edges that are not lines) is inside, and a cell no known inside cell can reach is
    /// outside; the same for the outside.
    Connectivity,
}

impl Rule {
    /// The statement's rules 1–8 (grade `basic`): the first 8 of [`Rule::ALL`].
    pub const BASIC: &[Rule] = Rule::ALL.split_at(8).0;
    /// All the statement's rules (grade `standard`): the first 15 of [`Rule::ALL`].
    pub const STANDARD: &[Rule] = Rule::ALL.split_at(15).0;
    /// Every rule (grade `advanced`), in grade order: the statement's 1–8, the statement's 9–15, then the
    /// stronger ones. None of them guesses: trial and error (a value refuted by propagation) is
    /// what the `search` grade means, so it is not a rule here.
    pub const ALL: &[Rule] = &[
        Rule::Zero,
        Rule::ClueNeedsAll,
        Rule::ClueSatisfied,
        Rule::AdjacentThrees,
        Rule::DiagonalThrees,
        Rule::OnlyWayOut,
        Rule::DotFull,
        Rule::DeadEnd,
        Rule::ThreeBlockedCorner,
        Rule::TwoBlockedCorner,
        Rule::OneBlockedCorner,
        Rule::ThreeEntered,
        Rule::ThreeOneDiagonal,
        Rule::TwoEntered,
        Rule::OneEntered,
        Rule::NoPrematureLoop,
        Rule::CutParity,
        Rule::CornerPairs,
        Rule::Colouring,
        Rule::Connectivity,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Rule::Zero => "1 zero",
            Rule::ClueNeedsAll => "2 clue needs every open side",
            Rule::ClueSatisfied => "3 clue satisfied",
            Rule::AdjacentThrees => "4 adjacent 3s",
            Rule::DiagonalThrees => "5 diagonal 3s",
            Rule::OnlyWayOut => "6 only way out",
            Rule::DotFull => "7 dot has two lines",
            Rule::DeadEnd => "8 dead end",
            Rule::ThreeBlockedCorner => "9 3 with a blocked corner",
            Rule::TwoBlockedCorner => "10 2 with a blocked corner",
            Rule::OneBlockedCorner => "11 1 with a blocked corner",
            Rule::ThreeEntered => "12 3 entered at a corner",
            Rule::ThreeOneDiagonal => "13 3 diagonal to a 1",
            Rule::TwoEntered => "14 2 entered at a corner",
            Rule::OneEntered => "15 1 entered at a corner",
            Rule::NoPrematureLoop => "no premature loop",
            Rule::CutParity => "parity across a cut",
            Rule::CornerPairs => "corner pairs (at least one / at most one)",
            Rule::Colouring => "inside/outside colouring",
            Rule::Connectivity => "inside and outside stay connected",
        }
    }

    /// Where the rule looks: what its work-queue items are.
    const fn site(self) -> Site {
        match self {
            Rule::OnlyWayOut | Rule::DotFull | Rule::DeadEnd => Site::Dot,
            Rule::NoPrematureLoop => Site::Edge,
            Rule::CutParity => Site::Cut,
            Rule::CornerPairs => Site::CellOrDot,
            Rule::Colouring => Site::Any,
            Rule::Connectivity => Site::Global,
            _ => Site::Cell,
        }
    }

    fn index(self) -> usize {
        Rule::ALL.iter().position(|&r| r == self).unwrap_or(0)
    }
}

/// The kind of work-queue item of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Site {
    /// A clued cell.
    Cell,
    /// A dot.
    Dot,
    /// An edge.
    Edge,
    /// A row or column cut: columns `0..cols` first, then rows.
    Cut,
    /// A clued cell (`< num_cells`) or a dot (`num_cells + dot`).
    CellOrDot,
    /// An edge (`< num_edges`), a clued cell (`num_edges + cell`) or a dot (after those).
    Any,
    /// The whole board (item 0): looked at only when every other rule is done.
    Global,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Knowledge a step adds besides decided edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    /// Of the two edges of quadrant `quadrant` at `dot` (0 up+left, 1 up+right, 2 down+left,
    /// 3 down+right), at least one / at most one is a line (both: exactly one).
    Pair { dot: Dot, quadrant: u8, at_least: bool, at_most: bool },
    /// Two regions (a cell, or `None` for the outside of the board) have the same colour
    /// (`differ` false) or different colours.
    Colours { a: Option<Cell>, b: Option<Cell>, differ: bool },
}

impl Fact {
    /// The fact in words, with edge names on a `d` board.
    pub fn describe(&self, d: Dims) -> String {
        match *self {
            Fact::Pair { dot, quadrant, at_least, at_most } => {
                let how = match (at_least, at_most) {
                    (true, true) => "exactly one",
                    (true, false) => "at least one",
                    _ => "at most one",
                };
                let names: Vec<String> = quadrant_edges(d, dot, usize::from(quadrant))
                    .iter()
                    .flatten()
                    .map(|&e| edge_name(d, e))
                    .collect();
                format!("{how} of {} is a line", names.join(" and "))
            }
            Fact::Colours { a, b, differ } => {
                let name = |c: Option<Cell>| c.map_or("the outside".to_string(), |c| format!("cell {c}"));
                let how = if differ { "different colours" } else { "the same colour" };
                format!("{} and {} have {how}", name(a), name(b))
            }
        }
    }
}

/// One deduction: the rule, where it applied, the edges it fixed and what else it learned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub rule: Rule,
    /// The cell or dot the rule looked at, for the reader.
    pub at: String,
    pub fixed: Vec<(Edge, EdgeState)>,
    /// Pair states and colour relations learned (only the stronger rules learn these).
    pub learned: Vec<Fact>,
}

/// How a deduction run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every edge decided; the lines are the solution.
    Solved,
    /// No rule applies any more.
    Stuck,
    /// A rule found a contradiction: the puzzle has no solution.
    Contradiction,
}

/// A human-readable edge name: `h(r,c)` joins dots (r,c)–(r,c+1), `v(r,c)` joins (r,c)–(r+1,c).
pub fn edge_name(d: Dims, e: Edge) -> String {
    match d.edge_coords(e) {
        (Orientation::Horizontal, r, c) => format!("h({r},{c})"),
        (Orientation::Vertical, r, c) => format!("v({r},{c})"),
    }
}

/// The corners of a cell: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
const CORNERS: [usize; 4] = [0, 1, 2, 3];

/// The edges at a dot: up, down, left, right (`None` off the board).
fn dot_edges4(d: Dims, dot: Dot) -> [Option<Edge>; 4] {
    let Dot { row, col } = dot;
    [
        (row > 0).then(|| d.v_edge(row - 1, col)),
        (row < d.rows()).then(|| d.v_edge(row, col)),
        (col > 0).then(|| d.h_edge(row, col - 1)),
        (col < d.cols()).then(|| d.h_edge(row, col)),
    ]
}

/// The slots (into [`dot_edges4`]) of the two edges bounding each quadrant of a dot.
const QUADRANT_SLOTS: [[usize; 2]; 4] = [[0, 2], [0, 3], [1, 2], [1, 3]];

/// The two edges bounding quadrant `q` at a dot (vertical first).
fn quadrant_edges(d: Dims, dot: Dot, q: usize) -> [Option<Edge>; 2] {
    let es = dot_edges4(d, dot);
    QUADRANT_SLOTS[q].map(|s| es[s])
}

/// The cell filling quadrant `q` of a dot, `None` off the board.
fn quadrant_cell(d: Dims, dot: Dot, q: usize) -> Option<Cell> {
    let r = (dot.row + q / 2).checked_sub(1)?;
    let c = (dot.col + q % 2).checked_sub(1)?;
    (r < d.rows() && c < d.cols()).then(|| Cell::new(r, c))
}

/// Pair-state bits: at least one line / at most one line.
const AT_LEAST: u8 = 1;
const AT_MOST: u8 = 2;

type Fixes = Vec<(Edge, EdgeState)>;

/// A FIFO work queue of items with membership flags.
#[derive(Clone, Debug, Default)]
struct Queue {
    items: VecDeque<u32>,
    queued: Vec<bool>,
}

impl Queue {
    fn new(n: usize) -> Self {
        Queue { items: VecDeque::new(), queued: vec![false; n] }
    }
    fn push(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.items.push_back(i as u32);
        }
    }
    fn pop(&mut self) -> Option<usize> {
        let i = self.items.pop_front()? as usize;
        self.queued[i] = false;
        Some(i)
    }
}

/// A local case analysis: up to four edge slots, the pair constraints among them, the regions
/// (cells or the outside) they separate, and the count the lines must meet.
struct Local {
    edges: [Option<Edge>; 4],
    /// Per slot: the two local regions on its sides.
    sep: [[usize; 2]; 4],
    /// Region nodes (colouring indices); region 0 is the reference.
    regions: [usize; 5],
    nregions: usize,
    /// Pair constraints: (slot, slot, index into `Deducer::pair`).
    pairs: [([usize; 2], usize); 4],
    /// Allowed numbers of lines among the four slots (a bit per count 0–4).
    counts: u8,
}

/// Deduction state: the puzzle, one [`EdgeState`] per edge, and the knowledge the stronger
/// rules keep (path ends, cut counters, pair states, colour classes), all kept up to date as
/// edges are decided; rules look only at the sites near a change (a work queue per rule).
#[derive(Clone, Debug)]
pub struct Deducer {
    p: Puzzle,
    d: Dims,
    clue: Vec<Option<u8>>,
    state: Vec<EdgeState>,
    unknown: usize,
    lines: usize,
    cell_lines: Vec<u8>,
    /// Clued cells whose line count differs from the clue.
    unsatisfied: usize,
    /// For a dot ending a path: the other end (itself for a dot with no line). Stale for dots
    /// inside a path.
    mate: Vec<usize>,
    /// For a path end: the number of edges of its path.
    path_len: Vec<usize>,
    closed: bool,
    /// Closing edges allowed only because the loop would be the whole solution; re-checked
    /// when another line appears.
    deferred: Vec<Edge>,
    /// Per cut (columns, then rows): edges still unknown, and lines.
    cut_unknown: Vec<u32>,
    cut_lines: Vec<u32>,
    /// Pair states, `dot * 4 + quadrant`: [`AT_LEAST`] | [`AT_MOST`].
    pair: Vec<u8>,
    /// Colour classes: union-find with parity over the cells and the outside (`num_cells`).
    parent: Vec<usize>,
    parity: Vec<u8>,
    size: Vec<usize>,
    /// The members of each class as a circular list.
    next: Vec<usize>,
    queues: Vec<Queue>,
    /// A change contradicted what was known.
    broken: bool,
    /// No step texts wanted ([`Deducer::run_quietly`]).
    quiet: bool,
    /// The edges on the border of the board (the sides of the outside region).
    border: Vec<Edge>,
}

impl Deducer {
    pub fn new(p: &Puzzle) -> Self {
        let d = p.dims();
        let clue: Vec<Option<u8>> = p.clues().iter().map(|c| c.number()).collect();
        let (nc, nd, ne) = (d.num_cells(), d.num_dots(), d.num_edges());
        let queues = Rule::ALL
            .iter()
            .map(|r| {
                Queue::new(match r.site() {
                    Site::Cell => nc,
                    Site::Dot => nd,
                    Site::Edge => ne,
                    Site::Cut => d.rows() + d.cols(),
                    Site::CellOrDot => nc + nd,
                    Site::Any => ne + nc + nd,
                    Site::Global => 1,
                })
            })
            .collect();
        let mut cut_unknown = vec![d.rows() as u32 + 1; d.cols()];
        cut_unknown.extend(std::iter::repeat_n(d.cols() as u32 + 1, d.rows()));
        let mut me = Deducer {
            p: p.clone(),
            d,
            unsatisfied: clue.iter().filter(|k| k.is_some_and(|k| k > 0)).count(),
            clue,
            state: vec![EdgeState::Unknown; ne],
            unknown: ne,
            lines: 0,
            cell_lines: vec![0; nc],
            mate: (0..nd).collect(),
            path_len: vec![0; nd],
            closed: false,
            deferred: Vec::new(),
            cut_unknown,
            cut_lines: vec![0; d.rows() + d.cols()],
            pair: vec![0; nd * 4],
            parent: (0..=nc).collect(),
            parity: vec![0; nc + 1],
            size: vec![1; nc + 1],
            next: (0..=nc).collect(),
            queues,
            broken: false,
            quiet: false,
            border: d.edges().filter(|&e| d.edge_cells(e).contains(&None)).collect(),
        };
        for cell in d.cells() {
            me.touch_cell(cell);
        }
        for dot in d.dots() {
            me.touch_dot(dot);
        }
        for cut in 0..d.rows() + d.cols() {
            me.queues[Rule::CutParity.index()].push(cut);
        }
        me.touch_global();
        me
    }

    /// Queues a clued cell for every rule that looks at cells.
    fn touch_cell(&mut self, cell: Cell) {
        let i = self.d.cell_index(cell);
        if self.clue[i].is_none() {
            return;
        }
        let ne = self.d.num_edges();
        for (q, r) in self.queues.iter_mut().zip(Rule::ALL) {
            match r.site() {
                Site::Cell | Site::CellOrDot => q.push(i),
                Site::Any => q.push(ne + i),
                _ => {}
            }
        }
    }

    /// Queues a dot for every rule that looks at dots.
    fn touch_dot(&mut self, dot: Dot) {
        let i = self.d.dot_index(dot);
        let (nc, ne) = (self.d.num_cells(), self.d.num_edges());
        for (q, r) in self.queues.iter_mut().zip(Rule::ALL) {
            match r.site() {
                Site::Dot => q.push(i),
                Site::CellOrDot => q.push(nc + i),
                Site::Any => q.push(ne + nc + i),
                _ => {}
            }
        }
    }

    /// Queues the whole-board rules (after any change).
    fn touch_global(&mut self) {
        self.queues[Rule::Connectivity.index()].push(0);
    }

    /// Queues the cells around a dot.
    fn touch_around(&mut self, dot: Dot) {
        self.touch_dot(dot);
        for q in 0..4 {
            if let Some(c) = quadrant_cell(self.d, dot, q) {
                self.touch_cell(c);
            }
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

    /// The first step any of `rules` (simplest first) can make from the current state, without
    /// applying it (a hint); `Ok(None)` when no rule applies, `Err` when the current state is
    /// part of no solution.
    pub fn next_step(&self, rules: &[Rule]) -> Result<Option<Step>, crate::board::Conflict> {
        // The search pops work queues; a clone keeps this deducer as it was.
        let mut me = self.clone();
        me.quiet = false;
        let mut order: Vec<Rule> = rules.to_vec();
        order.sort_by_key(|r| r.index());
        if me.broken {
            return Err(crate::board::Conflict);
        }
        for rule in order {
            while let Some(site) = me.queues[rule.index()].pop() {
                match me.find_at(rule, site) {
                    Err(()) => return Err(crate::board::Conflict),
                    Ok(None) => {}
                    Ok(Some(step)) => return Ok(Some(step)),
                }
            }
        }
        Ok(None)
    }

    pub fn state(&self, e: Edge) -> EdgeState {
        self.state[e.index()]
    }

    /// The lines drawn so far.
    pub fn lines(&self) -> Solution {
        Solution::from_edges(self.d, self.d.edges().filter(|&e| self.state(e) == EdgeState::Line))
    }

    /// Like [`Deducer::run`] without the step-by-step report. Ends in the same state, faster:
    /// with [`Rule::Colouring`] present, [`Rule::CornerPairs`] is skipped, since colouring's
    /// case analysis at the same sites has every constraint of the pairs' one and more, so it
    /// learns everything the pairs would (all rules are monotone: their common fixpoint does
    /// not depend on the order they run in).
    pub fn run_quietly(&mut self, rules: &[Rule]) -> Outcome {
        self.quiet = true;
        let rules: Vec<Rule> = if rules.contains(&Rule::Colouring) {
            rules.iter().copied().filter(|&r| r != Rule::CornerPairs).collect()
        } else {
            rules.to_vec()
        };
        let outcome = self.run(&rules, |_| {});
        self.quiet = false;
        outcome
    }

    /// Applies rules from `rules` (simplest first) until solved, stuck or contradictory, calling
    /// `on_step` for every step. Each rule only looks at the sites queued for it (near a
    /// change), so a run costs time proportional to the changes, not to the board per step.
    pub fn run(&mut self, rules: &[Rule], on_step: impl FnMut(&Step)) -> Outcome {
        self.run_with(rules, false, on_step)
    }

    /// The slow reference for [`Deducer::run`] (for tests): before every step, every rule
    /// looks at every site again, so no missed queue entry can go unnoticed. It must end in
    /// the same state.
    pub fn run_exhaustively(&mut self, rules: &[Rule]) -> Outcome {
        self.run_with(rules, true, |_| {})
    }

    /// Queues every site for every rule.
    fn queue_everything(&mut self) {
        for cell in self.d.cells() {
            self.touch_cell(cell);
        }
        for dot in self.d.dots() {
            self.touch_dot(dot);
        }
        for (q, r) in self.queues.iter_mut().zip(Rule::ALL) {
            let n = q.queued.len();
            if matches!(r.site(), Site::Edge | Site::Cut | Site::Any | Site::Global) {
                (0..n).for_each(|i| q.push(i));
            }
        }
    }

    fn run_with(&mut self, rules: &[Rule], exhaustive: bool, mut on_step: impl FnMut(&Step)) -> Outcome {
        let mut order: Vec<Rule> = rules.to_vec();
        order.sort_by_key(|r| r.index());
        loop {
            if exhaustive {
                self.queue_everything();
            }
            if self.broken {
                return Outcome::Contradiction;
            }
            if self.unknown == 0 {
                return if self.p.is_solution(&self.lines()) {
                    Outcome::Solved
                } else {
                    Outcome::Contradiction
                };
            }
            let mut found = None;
            'rules: for &rule in &order {
                let qi = rule.index();
                while let Some(site) = self.queues[qi].pop() {
                    match self.find_at(rule, site) {
                        Err(()) => return Outcome::Contradiction,
                        Ok(None) => {}
                        Ok(Some(step)) => {
                            // The same site may have more to give after this step.
                            self.queues[qi].push(site);
                            found = Some(step);
                            break 'rules;
                        }
                    }
                }
            }
            let Some(step) = found else { return Outcome::Stuck };
            self.apply(&step);
            on_step(&step);
        }
    }

    fn apply(&mut self, step: &Step) {
        for &(e, s) in &step.fixed {
            self.set_edge(e, s);
        }
        for &fact in &step.learned {
            match fact {
                Fact::Pair { dot, quadrant, at_least, at_most } => {
                    let i = self.d.dot_index(dot) * 4 + usize::from(quadrant);
                    self.pair[i] |= if at_least { AT_LEAST } else { 0 } | if at_most { AT_MOST } else { 0 };
                    self.touch_around(dot);
                }
                Fact::Colours { a, b, differ } => {
                    let (a, b) = (self.region(a), self.region(b));
                    self.union(a, b, differ);
                }
            }
        }
    }

    fn region(&self, c: Option<Cell>) -> usize {
        c.map_or(self.d.num_cells(), |c| self.d.cell_index(c))
    }

    fn region_cell(&self, r: usize) -> Option<Cell> {
        (r < self.d.num_cells()).then(|| Cell::new(r / self.d.cols(), r % self.d.cols()))
    }

    /// The class root of a region and the region's parity to it.
    fn find(&self, mut x: usize) -> (usize, u8) {
        let mut p = 0;
        while self.parent[x] != x {
            p ^= self.parity[x];
            x = self.parent[x];
        }
        (x, p)
    }

    fn dot_lines(&self, dot: Dot) -> usize {
        dot_edges4(self.d, dot).iter().flatten().filter(|&&e| self.state(e) == EdgeState::Line).count()
    }

    fn cut_of(&self, e: Edge) -> usize {
        match self.d.edge_coords(e) {
            (Orientation::Horizontal, _, c) => c,
            (Orientation::Vertical, r, _) => self.d.cols() + r,
        }
    }

    /// Decides an edge and updates every piece of knowledge that depends on it.
    fn set_edge(&mut self, e: Edge, s: EdgeState) {
        let cur = self.state[e.index()];
        if cur != EdgeState::Unknown {
            self.broken |= cur != s;
            return;
        }
        self.state[e.index()] = s;
        self.unknown -= 1;
        self.touch_global();
        let line = s == EdgeState::Line;
        let cut = self.cut_of(e);
        self.cut_unknown[cut] -= 1;
        self.queues[Rule::CutParity.index()].push(cut);
        for c in self.d.edge_cells(e).into_iter().flatten() {
            let i = self.d.cell_index(c);
            if let (true, Some(k)) = (line, self.clue[i]) {
                let before = self.cell_lines[i] == k;
                self.cell_lines[i] += 1;
                let after = self.cell_lines[i] == k;
                self.unsatisfied = self.unsatisfied + usize::from(before) - usize::from(after);
                self.broken |= self.cell_lines[i] > k;
            } else if line {
                self.cell_lines[i] += 1;
            }
        }
        let (a, b) = self.d.edge_dots(e);
        for dot in [a, b] {
            self.touch_around(dot);
            self.broken |= self.dot_lines(dot) > 2;
        }
        if line {
            self.lines += 1;
            self.cut_lines[cut] += 1;
            for x in std::mem::take(&mut self.deferred) {
                self.queues[Rule::NoPrematureLoop.index()].push(x.index());
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
        let (a, b) = (self.d.dot_index(da), self.d.dot_index(db));
        if self.closed {
            self.broken = true;
            return;
        }
        let (ea, eb) = (self.mate[a], self.mate[b]);
        if ea == b {
            // The two ends of one path: a loop closes; it must hold every line.
            if self.lines != self.path_len[a] + 1 {
                self.broken = true;
            }
            self.closed = true;
            self.queues[Rule::NoPrematureLoop.index()].push(e.index());
            return;
        }
        let len = self.path_len[a] + self.path_len[b] + 1;
        self.mate[ea] = eb;
        self.mate[eb] = ea;
        self.path_len[ea] = len;
        self.path_len[eb] = len;
        let w = self.d.cols() + 1;
        let dot = |i: usize| Dot::new(i / w, i % w);
        if let Some(close) = self.d.edge_between(dot(ea), dot(eb))
            && self.state(close) == EdgeState::Unknown
        {
            self.queues[Rule::NoPrematureLoop.index()].push(close.index());
        }
    }

    /// Records that regions `a` and `b` have different (`differ`) or equal colours, and queues
    /// the sites whose colour picture changed: edges between the joined classes, and the clued
    /// cells and dots around the members of the smaller class.
    fn union(&mut self, a: usize, b: usize, differ: bool) {
        let ((ra, pa), (rb, pb)) = (self.find(a), self.find(b));
        let rel = pa ^ pb ^ u8::from(differ);
        if ra == rb {
            self.broken |= rel != 0;
            return;
        }
        let (big, small) = if self.size[ra] >= self.size[rb] { (ra, rb) } else { (rb, ra) };
        self.touch_global();
        self.parent[small] = big;
        self.parity[small] = rel;
        self.size[big] += self.size[small];
        let (nc, ne) = (self.d.num_cells(), self.d.num_edges());
        let ci = Rule::Colouring.index();
        let mut m = small;
        loop {
            let edges: Vec<Edge> = match self.region_cell(m) {
                Some(cell) => self.d.cell_edges(cell).to_vec(),
                None => self.border.clone(),
            };
            for e in edges {
                if self.state(e) == EdgeState::Unknown {
                    self.queues[ci].push(e.index());
                }
                for c in self.d.edge_cells(e).into_iter().flatten() {
                    let i = self.d.cell_index(c);
                    if self.clue[i].is_some() {
                        self.queues[ci].push(ne + i);
                    }
                }
                let (x, y) = self.d.edge_dots(e);
                for dot in [x, y] {
                    self.queues[ci].push(ne + nc + self.d.dot_index(dot));
                }
            }
            m = self.next[m];
            if m == small {
                break;
            }
        }
        self.next.swap(big, small);
    }

    /// Whether every pair state and colour relation known holds in `solution` (for tests: the
    /// knowledge of sound rules holds in every solution).
    pub fn knowledge_holds(&self, solution: &Solution) -> bool {
        let d = self.d;
        let pairs_hold = d.dots().all(|dot| {
            (0..4).all(|q| {
                let bits = self.pair[d.dot_index(dot) * 4 + q];
                let n = quadrant_edges(d, dot, q).iter().flatten().filter(|&&e| solution.is_line(e)).count();
                (bits & AT_LEAST == 0 || n >= 1) && (bits & AT_MOST == 0 || n <= 1)
            })
        });
        let inside = solution.inside_cells();
        let colour = |r: usize| inside.get(r).copied().unwrap_or(false);
        let mut root_colour = vec![None; d.num_cells() + 1];
        let colours_hold = (0..=d.num_cells()).all(|r| {
            let (root, p) = self.find(r);
            let c = colour(r) ^ (p == 1);
            *root_colour[root].get_or_insert(c) == c
        });
        pairs_hold && colours_hold
    }

    fn st(&self, e: Option<Edge>) -> EdgeState {
        e.map_or(EdgeState::Cross, |e| self.state(e))
    }

    /// The step of the fixes that change an unknown edge; `Err` when one contradicts a decided
    /// edge.
    fn fresh(&self, rule: Rule, at: fmt::Arguments, fixes: Fixes) -> Result<Option<Step>, ()> {
        let mut fixed = Vec::new();
        for (e, s) in fixes {
            match self.state(e) {
                EdgeState::Unknown if !fixed.iter().any(|&(x, _)| x == e) => fixed.push((e, s)),
                EdgeState::Unknown => {}
                cur if cur != s => return Err(()),
                _ => {}
            }
        }
        Ok((!fixed.is_empty()).then(|| Step { rule, at: self.label(at), fixed, learned: Vec::new() }))
    }

    /// The `at` text of a step; empty in a quiet run (nobody reads it, and formatting
    /// dominates the cost of a step).
    fn label(&self, at: fmt::Arguments) -> String {
        if self.quiet { String::new() } else { at.to_string() }
    }

    fn corner_dot(cell: Cell, corner: usize) -> Dot {
        Dot::new(cell.row + corner / 2, cell.col + corner % 2)
    }

    /// The cell's two sides at a corner.
    fn sides_at(&self, cell: Cell, corner: usize) -> [Edge; 2] {
        let [top, bottom, left, right] = self.d.cell_edges(cell);
        [if corner < 2 { top } else { bottom }, if corner & 1 == 0 { left } else { right }]
    }

    /// The two outside edges of a corner (`None` off the board): the edges of the dot's
    /// quadrant opposite the cell.
    fn outside_at(&self, cell: Cell, corner: usize) -> [Option<Edge>; 2] {
        quadrant_edges(self.d, Self::corner_dot(cell, corner), corner)
    }

    fn blocked(&self, cell: Cell, corner: usize) -> bool {
        self.outside_at(cell, corner).iter().all(|&e| self.st(e) == EdgeState::Cross)
    }

    /// The loop enters the corner from outside: one outside edge a line, the other crossed.
    fn entered(&self, cell: Cell, corner: usize) -> bool {
        let [a, b] = self.outside_at(cell, corner).map(|e| self.st(e));
        matches!((a, b), (EdgeState::Line, EdgeState::Cross) | (EdgeState::Cross, EdgeState::Line))
    }

    fn clue(&self, cell: Cell) -> Option<u8> {
        self.clue[self.d.cell_index(cell)]
    }

    fn cell_of(&self, i: usize) -> Cell {
        Cell::new(i / self.d.cols(), i % self.d.cols())
    }

    fn dot_of(&self, i: usize) -> Dot {
        let w = self.d.cols() + 1;
        Dot::new(i / w, i % w)
    }

    /// The step `rule` finds at work-queue item `site`, if any.
    fn find_at(&self, rule: Rule, site: usize) -> Result<Option<Step>, ()> {
        let (nc, ne) = (self.d.num_cells(), self.d.num_edges());
        match rule {
            Rule::Zero | Rule::ClueNeedsAll | Rule::ClueSatisfied => {
                self.clue_rules(rule, self.cell_of(site))
            }
            Rule::OnlyWayOut | Rule::DotFull | Rule::DeadEnd => self.dot_rules(rule, self.dot_of(site)),
            Rule::AdjacentThrees | Rule::DiagonalThrees => self.three_pairs(rule, self.cell_of(site)),
            Rule::ThreeBlockedCorner
            | Rule::TwoBlockedCorner
            | Rule::OneBlockedCorner
            | Rule::ThreeEntered
            | Rule::TwoEntered
            | Rule::OneEntered => self.corner_rules(rule, self.cell_of(site)),
            Rule::ThreeOneDiagonal => self.three_one(self.cell_of(site)),
            Rule::NoPrematureLoop => self.no_premature_loop(Edge(site)),
            Rule::CutParity => self.cut_parity(site),
            Rule::CornerPairs if site < nc => self.cases(rule, &self.cell_local(self.cell_of(site)), false),
            Rule::CornerPairs => self.cases(rule, &self.dot_local(self.dot_of(site - nc)), false),
            Rule::Colouring if site < ne => self.colour_edge(Edge(site)),
            Rule::Colouring if site < ne + nc => {
                self.cases(rule, &self.cell_local(self.cell_of(site - ne)), true)
            }
            Rule::Colouring => self.cases(rule, &self.dot_local(self.dot_of(site - ne - nc)), true),
            Rule::Connectivity => self.connectivity(),
        }
    }

    fn clue_rules(&self, rule: Rule, cell: Cell) -> Result<Option<Step>, ()> {
        let Some(k) = self.clue(cell) else { return Ok(None) };
        let sides = self.d.cell_edges(cell);
        let count = |s: EdgeState| sides.iter().filter(|&&e| self.state(e) == s).count();
        let (lines, crosses) = (count(EdgeState::Line), count(EdgeState::Cross));
        if lines > usize::from(k) || 4 - crosses < usize::from(k) {
            return Err(());
        }
        let fill = match rule {
            Rule::Zero if k == 0 => EdgeState::Cross,
            Rule::ClueNeedsAll if 4 - crosses == usize::from(k) && k > 0 => EdgeState::Line,
            Rule::ClueSatisfied if lines == usize::from(k) && k > 0 => EdgeState::Cross,
            _ => return Ok(None),
        };
        let fixes =
            sides.iter().filter(|&&e| self.state(e) == EdgeState::Unknown).map(|&e| (e, fill)).collect();
        self.fresh(rule, format_args!("cell {cell}"), fixes)
    }

    fn dot_rules(&self, rule: Rule, dot: Dot) -> Result<Option<Step>, ()> {
        let edges: Vec<Edge> = self.d.dot_edges(dot).collect();
        let count = |s: EdgeState| edges.iter().filter(|&&e| self.state(e) == s).count();
        let (lines, unknown) = (count(EdgeState::Line), count(EdgeState::Unknown));
        if lines > 2 || (lines == 1 && unknown == 0) {
            return Err(());
        }
        let fill = match rule {
            Rule::OnlyWayOut if lines == 1 && unknown == 1 => EdgeState::Line,
            Rule::DotFull if lines == 2 => EdgeState::Cross,
            Rule::DeadEnd if lines == 0 && unknown == 1 => EdgeState::Cross,
            _ => return Ok(None),
        };
        let fixes =
            edges.iter().filter(|&&e| self.state(e) == EdgeState::Unknown).map(|&e| (e, fill)).collect();
        self.fresh(rule, format_args!("dot {dot}"), fixes)
    }

    fn three_pairs(&self, rule: Rule, cell: Cell) -> Result<Option<Step>, ()> {
        let line = EdgeState::Line;
        if self.clue(cell) != Some(3) {
            return Ok(None);
        }
        let (r, c) = (cell.row, cell.col);
        let [top, bottom, left, right] = self.d.cell_edges(cell);
        if rule == Rule::AdjacentThrees {
            let right_pair = (c + 1 < self.d.cols()).then(|| Cell::new(r, c + 1));
            let down_pair = (r + 1 < self.d.rows()).then(|| Cell::new(r + 1, c));
            for (other, edges) in [
                (right_pair, right_pair.map(|o| [left, right, self.d.cell_edges(o)[3]])),
                (down_pair, down_pair.map(|o| [top, bottom, self.d.cell_edges(o)[1]])),
            ] {
                let (Some(other), Some(edges)) = (other, edges) else { continue };
                if self.clue(other) != Some(3) {
                    continue;
                }
                // The far edges are always lines. The middle one is too, except when the
                // whole solution is the 6-edge loop around both cells (then it is crossed):
                // the statement misses that case.
                let [far1, middle, far2] = edges;
                let mut fixes = vec![(far1, line), (far2, line)];
                if !self.pair_loop_possible(cell, other) {
                    fixes.push((middle, line));
                }
                if let Some(step) = self.fresh(rule, format_args!("cells {cell} and {other}"), fixes)? {
                    return Ok(Some(step));
                }
            }
        } else {
            // Diagonal neighbours down-right and down-left.
            for (dc, my_far, their_far) in [(1isize, 0usize, 3usize), (-1, 1, 2)] {
                let nc = c as isize + dc;
                if r + 1 >= self.d.rows() || nc < 0 || nc as usize >= self.d.cols() {
                    continue;
                }
                let other = Cell::new(r + 1, nc as usize);
                if self.clue(other) == Some(3) {
                    let mut fixes: Fixes = self.sides_at(cell, my_far).map(|e| (e, line)).to_vec();
                    fixes.extend(self.sides_at(other, their_far).map(|e| (e, line)));
                    if let Some(step) = self.fresh(rule, format_args!("cells {cell} and {other}"), fixes)? {
                        return Ok(Some(step));
                    }
                }
            }
        }
        Ok(None)
    }

    /// Whether the loop around exactly the two side-by-side cells `a` and `b` could be the
    /// solution: it meets every other clue and no decided edge contradicts it.
    fn pair_loop_possible(&self, a: Cell, b: Cell) -> bool {
        if self.lines > 6 {
            return false; // the loop around two cells has 6 edges
        }
        let mut inside = vec![false; self.d.num_cells()];
        inside[self.d.cell_index(a)] = true;
        inside[self.d.cell_index(b)] = true;
        let ring = Solution::from_inside(self.d, &inside);
        self.p.is_solution(&ring)
            && self.d.edges().all(|e| match self.state(e) {
                EdgeState::Unknown => true,
                s => (s == EdgeState::Line) == ring.is_line(e),
            })
    }

    fn corner_rules(&self, rule: Rule, cell: Cell) -> Result<Option<Step>, ()> {
        let (line, cross) = (EdgeState::Line, EdgeState::Cross);
        let Some(k) = self.clue(cell) else { return Ok(None) };
        for corner in CORNERS {
            let opposite = 3 - corner;
            let fixes: Fixes = match (rule, k) {
                (Rule::ThreeBlockedCorner, 3) if self.blocked(cell, corner) => {
                    self.sides_at(cell, corner).map(|e| (e, line)).to_vec()
                }
                (Rule::OneBlockedCorner, 1) if self.blocked(cell, corner) => {
                    self.sides_at(cell, corner).map(|e| (e, cross)).to_vec()
                }
                (Rule::TwoBlockedCorner, 2) if self.blocked(cell, corner) => {
                    // The two corners next to the blocked one (sharing a side with it).
                    let mut f = Vec::new();
                    for next in [corner ^ 1, corner ^ 2] {
                        let out = self.outside_at(cell, next);
                        let st = out.map(|e| self.st(e));
                        if let ([EdgeState::Cross, EdgeState::Unknown], [_, Some(e)])
                        | ([EdgeState::Unknown, EdgeState::Cross], [Some(e), _]) = (st, out)
                        {
                            f.push((e, line));
                        }
                    }
                    f
                }
                (Rule::ThreeEntered, 3) if self.entered(cell, corner) => {
                    self.sides_at(cell, opposite).map(|e| (e, line)).to_vec()
                }
                (Rule::OneEntered, 1) if self.entered(cell, corner) => {
                    self.sides_at(cell, opposite).map(|e| (e, cross)).to_vec()
                }
                (Rule::TwoEntered, 2) if self.entered(cell, corner) => {
                    let out = self.outside_at(cell, opposite);
                    match (out.map(|e| self.st(e)), out) {
                        ([EdgeState::Cross, EdgeState::Unknown], [_, Some(e)])
                        | ([EdgeState::Unknown, EdgeState::Cross], [Some(e), _]) => vec![(e, line)],
                        _ => Vec::new(),
                    }
                }
                _ => continue,
            };
            let at = format_args!("cell {cell}, corner {}", Self::corner_dot(cell, corner));
            if let Some(step) = self.fresh(rule, at, fixes)? {
                return Ok(Some(step));
            }
        }
        Ok(None)
    }

    fn three_one(&self, cell: Cell) -> Result<Option<Step>, ()> {
        if self.clue(cell) != Some(3) {
            return Ok(None);
        }
        for toward in CORNERS {
            // The diagonal neighbour through corner `toward`.
            let (dr, dc) = (if toward < 2 { -1 } else { 1 }, if toward & 1 == 0 { -1 } else { 1 });
            let (nr, nc) = (cell.row as isize + dr, cell.col as isize + dc);
            if nr < 0 || nc < 0 || nr as usize >= self.d.rows() || nc as usize >= self.d.cols() {
                continue;
            }
            let one = Cell::new(nr as usize, nc as usize);
            if self.clue(one) != Some(1) || !self.blocked(cell, 3 - toward) {
                continue;
            }
            // The 1's corner away from the 3 is the one facing the same way as `toward`.
            let fixes = self.sides_at(one, toward).map(|e| (e, EdgeState::Cross)).to_vec();
            if let Some(step) =
                self.fresh(Rule::ThreeOneDiagonal, format_args!("cells {cell} and {one}"), fixes)?
            {
                return Ok(Some(step));
            }
        }
        Ok(None)
    }

    /// At an edge queued by the loop bookkeeping: if it joins the two ends of one path, it
    /// is crossed unless the loop it closes would be the whole solution; once the loop is
    /// closed, every other edge is crossed.
    fn no_premature_loop(&self, e: Edge) -> Result<Option<Step>, ()> {
        if self.closed {
            let fixes = self
                .d
                .edges()
                .filter(|&x| self.state(x) == EdgeState::Unknown)
                .map(|x| (x, EdgeState::Cross))
                .collect();
            return self.fresh(Rule::NoPrematureLoop, format_args!("the closed loop"), fixes);
        }
        if self.state(e) != EdgeState::Unknown {
            return Ok(None);
        }
        let (a, b) = self.d.edge_dots(e);
        let (ia, ib) = (self.d.dot_index(a), self.d.dot_index(b));
        if self.mate[ia] != ib || self.dot_lines(a) != 1 || self.dot_lines(b) != 1 {
            return Ok(None);
        }
        if self.closing_finishes(e, self.path_len[ia]) {
            return Ok(None);
        }
        self.fresh(Rule::NoPrematureLoop, format_args!("path ends {a} and {b}"), vec![(e, EdgeState::Cross)])
    }

    /// Whether drawing `close` (closing a path of `len` edges) gives a solution now: the path
    /// holds every line and every clue is met with `close` drawn.
    fn closing_finishes(&self, close: Edge, len: usize) -> bool {
        if self.lines != len {
            return false;
        }
        let mut unsat = self.unsatisfied;
        for c in self.d.edge_cells(close).into_iter().flatten() {
            let i = self.d.cell_index(c);
            if let Some(k) = self.clue[i] {
                let l = self.cell_lines[i];
                unsat = unsat + usize::from(l == k) - usize::from(l + 1 == k);
            }
        }
        unsat == 0
    }

    fn cut_parity(&self, cut: usize) -> Result<Option<Step>, ()> {
        let (unknown, odd) = (self.cut_unknown[cut], self.cut_lines[cut] % 2 == 1);
        match unknown {
            0 if odd => Err(()),
            1 => {
                let d = self.d;
                let (name, mut edges): (String, Box<dyn Iterator<Item = Edge>>) = if cut < d.cols() {
                    (format!("column {cut}"), Box::new((0..=d.rows()).map(move |r| d.h_edge(r, cut))))
                } else {
                    let r = cut - d.cols();
                    (format!("row {r}"), Box::new((0..=d.cols()).map(move |c| d.v_edge(r, c))))
                };
                let Some(e) = edges.find(|&e| self.state(e) == EdgeState::Unknown) else { return Ok(None) };
                let s = if odd { EdgeState::Line } else { EdgeState::Cross };
                self.fresh(Rule::CutParity, format_args!("cut across {name}"), vec![(e, s)])
            }
            _ => Ok(None),
        }
    }

    /// An unknown edge whose two sides are in one colour class.
    fn colour_edge(&self, e: Edge) -> Result<Option<Step>, ()> {
        if self.state(e) != EdgeState::Unknown {
            return Ok(None);
        }
        let [a, b] = self.d.edge_cells(e).map(|c| self.region(c));
        let ((ra, pa), (rb, pb)) = (self.find(a), self.find(b));
        if ra != rb {
            return Ok(None);
        }
        let s = if pa == pb { EdgeState::Cross } else { EdgeState::Line };
        self.fresh(Rule::Colouring, format_args!("edge {}", edge_name(self.d, e)), vec![(e, s)])
    }

    /// The case analysis at a clued cell: its four sides, the clue, the pair states at its
    /// corners, and the colours of the cell and its four neighbours.
    fn cell_local(&self, cell: Cell) -> Option<Local> {
        let k = self.clue(cell)?;
        let sides = self.d.cell_edges(cell);
        let neighbour = |e: Edge| self.d.edge_cells(e).into_iter().find(|&c| c != Some(cell)).flatten();
        let mut regions = [self.d.cell_index(cell); 5];
        for (i, &e) in sides.iter().enumerate() {
            regions[i + 1] = self.region(neighbour(e));
        }
        // Corners: top-left = top+left (slots 0, 2), top-right 0+3, bottom-left 1+2,
        // bottom-right 1+3; each is the quadrant of its dot facing the cell.
        let pairs = CORNERS.map(|corner| {
            let dot = Self::corner_dot(cell, corner);
            (QUADRANT_SLOTS[corner], self.d.dot_index(dot) * 4 + (3 - corner))
        });
        Some(Local {
            edges: sides.map(Some),
            sep: [[0, 1], [0, 2], [0, 3], [0, 4]],
            regions,
            nregions: 5,
            pairs,
            counts: 1 << k,
        })
    }

    /// The case analysis at a dot: its edges (0 or 2 lines), the pair states of its four
    /// quadrants, and the colours of the four cells around it.
    fn dot_local(&self, dot: Dot) -> Option<Local> {
        let mut regions = [0; 5];
        for (q, r) in regions.iter_mut().take(4).enumerate() {
            *r = self.region(quadrant_cell(self.d, dot, q));
        }
        let base = self.d.dot_index(dot) * 4;
        Some(Local {
            edges: dot_edges4(self.d, dot),
            // up separates the upper quadrants 0|1, down 2|3, left 0|2, right 1|3.
            sep: [[0, 1], [2, 3], [0, 2], [1, 3]],
            regions,
            nregions: 4,
            pairs: [0, 1, 2, 3].map(|q| (QUADRANT_SLOTS[q], base + q)),
            counts: 0b101,
        })
    }

    /// The known colour of a region (`Some(true)` inside), given the outside's class root
    /// and parity.
    fn colour_of(&self, r: usize, outside: (usize, u8)) -> Option<bool> {
        let (root, p) = self.find(r);
        (root == outside.0).then_some(p != outside.1)
    }

    /// [`Rule::Connectivity`], for the inside and then for the outside.
    fn connectivity(&self) -> Result<Option<Step>, ()> {
        for inside in [true, false] {
            let forced = self.must_join(inside)?;
            if !forced.is_empty() {
                let learned = forced
                    .iter()
                    .map(|&(r, colour)| Fact::Colours { a: self.region_cell(r), b: None, differ: colour })
                    .collect();
                let at = self.label(format_args!("the {} cells", if inside { "inside" } else { "outside" }));
                return Ok(Some(Step { rule: Rule::Connectivity, at, fixed: Vec::new(), learned }));
            }
        }
        Ok(None)
    }

    /// The cells whose colour connectivity of one side (`inside`, or the outside with the
    /// exterior) decides: `(cell, is inside)`. The graph: the cells not known to be of the
    /// other colour (plus, for the outside, the exterior as node `num_cells`), linked across
    /// edges that are not lines. Every known cell of this colour must lie in one connected
    /// part with the others (the inside and the outside of one loop are connected), so a cell
    /// they cannot reach has the other colour, and an articulation point separating known
    /// cells has this colour. `Err` when the known cells cannot be connected.
    fn must_join(&self, inside: bool) -> Result<Vec<(usize, bool)>, ()> {
        let d = self.d;
        let nc = d.num_cells();
        let outside = self.find(nc);
        let colour: Vec<Option<bool>> = (0..nc).map(|r| self.colour_of(r, outside)).collect();
        let member = |r: usize| r == nc && !inside || r < nc && colour[r] != Some(!inside);
        let known = |r: usize| r == nc && !inside || r < nc && colour[r] == Some(inside);
        let Some(root) = (0..=nc).find(|&r| known(r)) else { return Ok(Vec::new()) };
        // Neighbours across edges that are not lines (the exterior touches the border).
        let dfs = Lowpoints::new(nc + 1, root, |r, out| {
            let sides;
            let edges: &[Edge] = match self.region_cell(r) {
                Some(cell) => {
                    sides = d.cell_edges(cell);
                    &sides
                }
                None => &self.border,
            };
            for &e in edges {
                if self.state(e) == EdgeState::Line {
                    continue;
                }
                let [a, b] = d.edge_cells(e).map(|c| self.region(c));
                let other = if a == r { b } else { a };
                if member(other) {
                    out.push((other, e.index()));
                }
            }
        });
        // Known cells per subtree; a vertex cutting a subtree holding one off from the root
        // (itself known) must have this colour.
        let mut below = vec![0u32; nc + 1];
        let mut cut = vec![false; nc + 1];
        for &r in &dfs.post {
            below[r] += u32::from(known(r));
            if let Some((p, _)) = dfs.parent[r] {
                below[p] += below[r];
                cut[p] |= p != root && dfs.low[r] >= dfs.disc[p] && below[r] > 0;
            }
        }
        let mut forced = Vec::new();
        for r in 0..nc {
            let seen = dfs.disc[r] != UNSEEN;
            if known(r) && !seen {
                return Err(());
            }
            if colour[r].is_none() {
                if !seen {
                    forced.push((r, !inside));
                } else if cut[r] {
                    forced.push((r, inside));
                }
            }
        }
        Ok(forced)
    }

    /// Exhaustive case analysis of a [`Local`]: every assignment of its unknown edges that
    /// meets the count, the decided edges, the pair states and (with `colours`) the known
    /// colour relations. What holds in every remaining case is learned: decided edges, pair
    /// states, and (with `colours`) colour relations. `Err` when no case remains.
    fn cases(&self, rule: Rule, local: &Option<Local>, colours: bool) -> Result<Option<Step>, ()> {
        let Some(l) = local else { return Ok(None) };
        let Some(sum) = self.summarize(l, colours) else { return Err(()) };
        let (fixed, after) = self.decided_edges(l, &sum);
        let mut learned = self.pair_facts(l, &sum, &after);
        if colours {
            learned.extend(self.colour_facts(l, &sum, &after));
        }
        if fixed.is_empty() && learned.is_empty() {
            return Ok(None);
        }
        let at = match self.region_cell(l.regions[0]) {
            Some(cell) if l.nregions == 5 => self.label(format_args!("cell {cell}")),
            _ => self.label(format_args!("dot {}", self.dot_of(l.pairs[0].1 / 4))),
        };
        Ok(Some(Step { rule, at, fixed, learned }))
    }

    /// What every consistent case of `l` shares; `None` when no case is consistent.
    fn summarize(&self, l: &Local, colours: bool) -> Option<Summary> {
        let roots = l.regions.map(|r| self.find(r));
        let mut sum = Summary {
            all_on: 0b1111,
            all_off: 0b1111,
            pair_min: [2; 4],
            pair_max: [0; 4],
            always_differ: u32::MAX,
            always_same: u32::MAX,
        };
        let mut any = false;
        for mask in 0u8..16 {
            if l.counts & (1 << mask.count_ones()) == 0 || !self.edges_allow(l, mask) {
                continue;
            }
            let sums =
                l.pairs.map(|(slots, _)| slots.iter().filter(|&&s| mask & (1 << s) != 0).count() as u8);
            let pairs_ok = l.pairs.iter().zip(sums).all(|(&(_, p), n)| {
                let bits = self.pair[p];
                (bits & AT_LEAST == 0 || n >= 1) && (bits & AT_MOST == 0 || n <= 1)
            });
            if !pairs_ok {
                continue;
            }
            let differ = differ_bits(l, mask);
            // Regions already in one class must keep their known relation.
            let colours_ok = (0..l.nregions).all(|i| {
                (i + 1..l.nregions).all(|j| {
                    roots[i].0 != roots[j].0 || (differ >> (i * 5 + j) & 1 == 1) == (roots[i].1 != roots[j].1)
                })
            });
            if colours && !colours_ok {
                continue;
            }
            any = true;
            sum.all_on &= mask;
            sum.all_off &= !mask;
            for (q, &n) in sums.iter().enumerate() {
                sum.pair_min[q] = sum.pair_min[q].min(n);
                sum.pair_max[q] = sum.pair_max[q].max(n);
            }
            sum.always_differ &= differ;
            sum.always_same &= !differ;
        }
        any.then_some(sum)
    }

    /// Whether the edges of `l` allow the lines of `mask`.
    fn edges_allow(&self, l: &Local, mask: u8) -> bool {
        l.edges.iter().enumerate().all(|(i, e)| {
            let on = mask & (1 << i) != 0;
            match e.map(|e| self.state(e)) {
                None => !on,
                Some(EdgeState::Unknown) => true,
                Some(s) => on == (s == EdgeState::Line),
            }
        })
    }

    /// The unknown edges every case agrees on, and the states of all four slots after them.
    fn decided_edges(&self, l: &Local, sum: &Summary) -> (Fixes, [EdgeState; 4]) {
        let mut fixed = Vec::new();
        let mut after = [EdgeState::Cross; 4];
        for (i, (slot, e)) in after.iter_mut().zip(l.edges).enumerate() {
            let Some(e) = e else { continue };
            *slot = self.state(e);
            if *slot == EdgeState::Unknown {
                let s = if sum.all_on & (1 << i) != 0 {
                    EdgeState::Line
                } else if sum.all_off & (1 << i) != 0 {
                    EdgeState::Cross
                } else {
                    continue;
                };
                *slot = s;
                fixed.push((e, s));
            }
        }
        (fixed, after)
    }

    /// New pair states (not already known, nor implied by the edges after the step).
    fn pair_facts(&self, l: &Local, sum: &Summary, after: &[EdgeState; 4]) -> Vec<Fact> {
        let mut learned = Vec::new();
        for (q, &(slots, p)) in l.pairs.iter().enumerate() {
            let st = slots.map(|s| after[s]);
            if !st.contains(&EdgeState::Unknown) {
                continue; // decided by its edges
            }
            let mut bits = 0;
            if sum.pair_min[q] >= 1 && !st.contains(&EdgeState::Line) {
                bits |= AT_LEAST;
            }
            if sum.pair_max[q] <= 1 && !st.contains(&EdgeState::Cross) {
                bits |= AT_MOST;
            }
            if bits & !self.pair[p] != 0 {
                let bits = bits | self.pair[p];
                learned.push(Fact::Pair {
                    dot: self.dot_of(p / 4),
                    quadrant: (p % 4) as u8,
                    at_least: bits & AT_LEAST != 0,
                    at_most: bits & AT_MOST != 0,
                });
            }
        }
        learned
    }

    /// New colour relations: pairs of regions with the same relation in every case, not yet
    /// in one class, nor linked by the edges after the step (one fact per class merge).
    fn colour_facts(&self, l: &Local, sum: &Summary, after: &[EdgeState; 4]) -> Vec<Fact> {
        let n = l.nregions;
        // Local classes: known ones, then what the decided edges link.
        let mut class: [usize; 5] = [0, 1, 2, 3, 4];
        let roots = l.regions.map(|r| self.find(r).0);
        for i in 0..n {
            class[i] = (0..=i).find(|&j| roots[j] == roots[i]).unwrap_or(i);
        }
        let link = |class: &mut [usize; 5], i: usize, j: usize| {
            let (ci, cj) = (class[i], class[j]);
            class.iter_mut().filter(|c| **c == cj).for_each(|c| *c = ci);
            ci != cj
        };
        for (&[x, y], s) in l.sep.iter().zip(after) {
            if *s != EdgeState::Unknown {
                link(&mut class, x, y);
            }
        }
        let mut learned = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let bit = 1 << (i * 5 + j);
                let differ = sum.always_differ & bit != 0;
                if (differ || sum.always_same & bit != 0) && link(&mut class, i, j) {
                    let (a, b) = (self.region_cell(l.regions[i]), self.region_cell(l.regions[j]));
                    learned.push(Fact::Colours { a, b, differ });
                }
            }
        }
        learned
    }
}

/// A node on the depth-first stack, with its `(neighbour, edge id)` list as a range of the
/// arena (`start..end`, looked at up to `next`).
struct Frame {
    node: usize,
    start: usize,
    next: usize,
    end: usize,
}

/// "Not visited" in [`Lowpoints`].
const UNSEEN: u32 = u32::MAX;

/// A depth-first search from `root` with Tarjan's low points: `low[v]` is the earliest
/// discovery time reachable from v's subtree by one edge other than the one v was entered by.
/// A subtree whose low point is not before its parent's discovery hangs on the parent alone
/// (an articulation point).
struct Lowpoints {
    disc: Vec<u32>,
    low: Vec<u32>,
    /// Per node: its parent and the edge id it was entered by.
    parent: Vec<Option<(usize, usize)>>,
    /// The nodes reached, in post-order (children before parents).
    post: Vec<usize>,
}

impl Lowpoints {
    /// Searches a graph of `n` nodes whose adjacency `neighbours(v, out)` appends as
    /// `(node, edge id)` (iteratively: boards have thousands of nodes).
    fn new(n: usize, root: usize, mut neighbours: impl FnMut(usize, &mut Vec<(usize, usize)>)) -> Self {
        let mut g =
            Lowpoints { disc: vec![UNSEEN; n], low: vec![0; n], parent: vec![None; n], post: Vec::new() };
        let mut time = 0;
        let mut stack: Vec<Frame> = Vec::new();
        // The neighbour lists of the nodes on the stack, end to end (one allocation).
        let mut arena: Vec<(usize, usize)> = Vec::new();
        let mut visit =
            |v: usize, g: &mut Lowpoints, stack: &mut Vec<Frame>, arena: &mut Vec<(usize, usize)>| {
                g.disc[v] = time;
                g.low[v] = time;
                time += 1;
                let start = arena.len();
                neighbours(v, arena);
                stack.push(Frame { node: v, start, next: start, end: arena.len() });
            };
        visit(root, &mut g, &mut stack, &mut arena);
        while let Some(top) = stack.last_mut() {
            let v = top.node;
            if top.next < top.end {
                let (next, e) = arena[top.next];
                top.next += 1;
                if g.disc[next] == UNSEEN {
                    g.parent[next] = Some((v, e));
                    visit(next, &mut g, &mut stack, &mut arena);
                } else if g.parent[v].is_none_or(|(_, pe)| pe != e) {
                    g.low[v] = g.low[v].min(g.disc[next]);
                }
                continue;
            }
            // Its children's lists are gone already: its own is the last in the arena.
            arena.truncate(top.start);
            stack.pop();
            g.post.push(v);
            if let Some((p, _)) = g.parent[v] {
                g.low[p] = g.low[p].min(g.low[v]);
            }
        }
        g
    }
}

/// What all consistent cases of a [`Local`] share.
struct Summary {
    /// Slots on the loop in every case / off it in every case.
    all_on: u8,
    all_off: u8,
    /// Per pair constraint: the fewest and most lines among its two slots.
    pair_min: [u8; 4],
    pair_max: [u8; 4],
    /// Bit `i * 5 + j` (`i < j`): regions `i` and `j` differ in every case / agree in every case.
    always_differ: u32,
    always_same: u32,
}

/// The colour relations of a case: bit `i * 5 + j` (`i < j`) set when regions `i` and `j`
/// have different colours, found by spreading colours from region 0 across the slots.
fn differ_bits(l: &Local, mask: u8) -> u32 {
    let mut col = [None::<bool>; 5];
    col[0] = Some(false);
    for _ in 0..2 {
        for (i, &[x, y]) in l.sep.iter().enumerate() {
            let on = mask & (1 << i) != 0;
            match (col[x], col[y]) {
                (Some(cx), None) => col[y] = Some(cx ^ on),
                (None, Some(cy)) => col[x] = Some(cy ^ on),
                _ => {}
            }
        }
    }
    let col = col.map(|c| c.unwrap_or(false));
    let mut bits = 0;
    for i in 0..l.nregions {
        for j in i + 1..l.nregions {
            if col[i] != col[j] {
                bits |= 1 << (i * 5 + j);
            }
        }
    }
    bits
}

/// The difficulty of a puzzle with a unique solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Rules 1–8 suffice.
    Basic,
    /// All the statement's rules suffice.
    Standard,
    /// The stronger named rules are needed.
    Advanced,
    /// Needs trial and error.
    Search,
}

pencilbox_grid::named!(Grade, "difficulty", {
    Basic => "basic",
    Standard => "standard",
    Advanced => "advanced",
    Search => "search",
});

impl Grade {
    /// The rules this grade allows (`None` for search: anything goes).
    pub const fn rules(self) -> Option<&'static [Rule]> {
        match self {
            Grade::Basic => Some(Rule::BASIC),
            Grade::Standard => Some(Rule::STANDARD),
            Grade::Advanced => Some(Rule::ALL),
            Grade::Search => None,
        }
    }
}

/// Whether the rules of `grade` alone solve the puzzle (which also proves the solution unique,
/// every rule being sound). Always true for [`Grade::Search`] (not a deduction claim).
pub fn solves_within(p: &Puzzle, grade: Grade) -> bool {
    grade.rules().is_none_or(|rules| Deducer::new(p).run_quietly(rules) == Outcome::Solved)
}

/// The grade: the smallest rule set that solves the puzzle by deduction alone. (Meaningful for
/// puzzles with a unique solution; check that first.)
pub fn grade(p: &Puzzle) -> Grade {
    for (rules, g) in
        [(Rule::BASIC, Grade::Basic), (Rule::STANDARD, Grade::Standard), (Rule::ALL, Grade::Advanced)]
    {
        if Deducer::new(p).run_quietly(rules) == Outcome::Solved {
            return g;
        }
    }
    Grade::Search
}

#[cfg(test)]
mod tests {
    use super::{Deducer, EdgeState, Rule};

    #[test]
    fn next_step_from_marks_does_not_apply_it() {
        // A 0 in a 1x1 puzzle: the first step crosses all four sides.
        let p = crate::format::parse("1 1\n0\n").unwrap().puzzles.remove(0);
        let d = Deducer::with_states(&p, &[EdgeState::Unknown; 4]).unwrap();
        let step = d.next_step(Rule::ALL).unwrap().unwrap();
        assert_eq!(step.rule, Rule::Zero);
        assert_eq!(step.fixed.len(), 4);
        assert_eq!(d.next_step(Rule::ALL).unwrap().unwrap(), step);
        // A line on a side of the 0 contradicts it.
        let mut marks = [EdgeState::Unknown; 4];
        marks[0] = EdgeState::Line;
        assert!(Deducer::with_states(&p, &marks).unwrap().next_step(Rule::ALL).is_err());
        assert!(Deducer::with_states(&p, &marks[..3]).is_none());
    }

    #[test]
    fn grade_rule_sets_end_where_the_seed_says() {
        // Basic is the statement's rules 1–8, standard all 15 of them; the names carry the numbers.
        assert_eq!(Rule::BASIC.last(), Some(&Rule::DeadEnd));
        assert_eq!(Rule::STANDARD.last(), Some(&Rule::OneEntered));
        assert!(Rule::BASIC.iter().all(|r| r.name().split(' ').next().unwrap().parse::<u32>().unwrap() <= 8));
        assert!(Rule::STANDARD.iter().all(|r| r.name().split(' ').next().unwrap().parse::<u32>().is_ok()));
    }
}
