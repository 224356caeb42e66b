//! The edge-state board shared by the complete solver and the deduction engine: every edge is
//! `Unknown`, `Line` or `Cross`, with incremental counters per cell and dot, path-end tracking
//! for the loop rule, and an undo trail so search can back up cheaply.

use pencilbox_grid::{Dims, Dot, Edge};

use crate::classes::Classes;
use crate::paths::{End, Join, LineCounts, NO_CLUE, PathEnds};
use crate::puzzle::{Puzzle, Solution};

/// What is known about one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeState {
    Unknown,
    /// On the loop.
    Line,
    /// Not on the loop.
    Cross,
}

/// The board reached a state no solution extends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict;

/// "No edge" / "no cell" in the adjacency tables.
const NONE: u32 = u32::MAX;

/// One entry of the undo trail.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// The edge was Unknown before.
    Edge(u32),
    /// A path-end record before a join.
    Ends(End),
    /// The loop was not closed before.
    Closed,
    /// `child` was a colour-class root before being linked under another root.
    Union { child: u32 },
}

/// The fixed adjacency of a board, as flat tables of `u32` indices (edge numbers are the shared
/// numbering of `pencilbox_grid`; cells and dots are row-major).
#[derive(Clone, Debug)]
struct Tables {
    dims: Dims,
    /// Per edge: its two dots.
    edge_dots: Vec<[u32; 2]>,
    /// Per edge: the cells on its two sides, `NONE` off the board.
    edge_cells: Vec<[u32; 2]>,
    /// Per cell: top, bottom, left, right.
    cell_edges: Vec<[u32; 4]>,
    /// Per dot: up to four edges, `NONE`-padded.
    dot_edges: Vec<[u32; 4]>,
    dot_degree: Vec<u8>,
    /// The edges on the border of the board: the sides of the outside region.
    border_edges: Vec<u32>,
}

impl Tables {
    fn new(p: &Puzzle) -> Self {
        let d = p.dims();
        let idx = |e: Edge| e.index() as u32;
        let edge_dots = d
            .edges()
            .map(|e| {
                let (a, b) = d.edge_dots(e);
                [d.dot_index(a) as u32, d.dot_index(b) as u32]
            })
            .collect();
        let edge_cells =
            d.edges().map(|e| d.edge_cells(e).map(|c| c.map_or(NONE, |c| d.cell_index(c) as u32))).collect();
        let cell_edges = d.cells().map(|c| d.cell_edges(c).map(idx)).collect();
        let mut dot_edges = Vec::with_capacity(d.num_dots());
        let mut dot_degree = Vec::with_capacity(d.num_dots());
        for dot in d.dots() {
            let mut es = [NONE; 4];
            let mut n = 0;
            for e in d.dot_edges(dot) {
                es[n] = idx(e);
                n += 1;
            }
            dot_edges.push(es);
            dot_degree.push(n as u8);
        }
        let border_edges = d.edges().filter(|&e| d.edge_cells(e).contains(&None)).map(idx).collect();
        Tables { dims: d, edge_dots, edge_cells, cell_edges, dot_edges, dot_degree, border_edges }
    }

    /// The edge joining two dots, if they are adjacent.
    fn edge_between(&self, a: u32, b: u32) -> Option<u32> {
        let w = self.dims.cols() + 1;
        let dot = |i: u32| Dot::new(i as usize / w, i as usize % w);
        self.dims.edge_between(dot(a), dot(b)).map(|e| e.index() as u32)
    }
}

/// An index of the adjacency tables, `None` for [`NONE`].
fn some(i: u32) -> Option<u32> {
    (i != NONE).then_some(i)
}

/// A queued check: a cell (`< num_cells`) or a dot (`num_cells + dot`).
type Item = u32;

/// Edge states with everything the propagation rules need, kept up to date incrementally.
#[derive(Clone, Debug)]
pub struct Board {
    t: Tables,
    state: Vec<EdgeState>,
    /// Lines per cell against the clues, and the number of lines.
    counts: LineCounts,
    cell_cross: Vec<u8>,
    dot_line: Vec<u8>,
    dot_cross: Vec<u8>,
    paths: PathEnds,
    unknown: u32,
    closed: bool,
    trail: Vec<Undo>,
    queue: Vec<Item>,
    queued: Vec<bool>,
    /// Inside/outside colouring over the cells plus the outside (`num_cells`): two sides
    /// already in one class decide the edge between them.
    classes: Classes,
    /// Edges decided by the colouring, waiting to be set.
    pending: Vec<(u32, EdgeState)>,
}

impl Board {
    /// The board of a puzzle with every edge unknown (nothing propagated yet).
    pub fn new(p: &Puzzle) -> Self {
        let t = Tables::new(p);
        let d = t.dims;
        let clue = p.clues().iter().map(|c| c.number().unwrap_or(NO_CLUE)).collect();
        Board {
            state: vec![EdgeState::Unknown; d.num_edges()],
            counts: LineCounts::new(clue),
            cell_cross: vec![0; d.num_cells()],
            dot_line: vec![0; d.num_dots()],
            dot_cross: vec![0; d.num_dots()],
            paths: PathEnds::new(d.num_dots()),
            unknown: d.num_edges() as u32,
            closed: false,
            trail: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; d.num_cells() + d.num_dots()],
            classes: Classes::new(d.num_cells() + 1),
            pending: Vec::new(),
            t,
        }
    }

    pub fn dims(&self) -> Dims {
        self.t.dims
    }
    pub fn state(&self, e: Edge) -> EdgeState {
        self.state[e.index()]
    }
    /// The number of edges still unknown.
    pub fn unknown_count(&self) -> usize {
        self.unknown as usize
    }
    /// True when the lines form one closed loop (then every other edge is crossed).
    pub fn is_closed(&self) -> bool {
        self.closed
    }
    /// True when every edge is decided and the lines are one loop meeting every clue.
    pub fn is_solved(&self) -> bool {
        self.unknown == 0 && self.closed
    }
    /// The current lines as a solution candidate.
    pub fn lines(&self) -> Solution {
        let lines = (0..self.state.len()).filter(|&e| self.state[e] == EdgeState::Line).map(Edge);
        Solution::from_edges(self.t.dims, lines)
    }

    /// A mark to come back to with [`Board::undo_to`].
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Takes back every change made after `mark`.
    pub fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Edge(e)) => self.unset(e),
                Some(Undo::Ends(end)) => self.paths.restore(end),
                Some(Undo::Closed) => self.closed = false,
                Some(Undo::Union { child }) => self.classes.split(child),
                None => {}
            }
        }
    }

    fn unset(&mut self, e: u32) {
        let s = self.state[e as usize];
        self.state[e as usize] = EdgeState::Unknown;
        self.unknown += 1;
        let line = s == EdgeState::Line;
        if line {
            self.counts.remove_line();
        }
        for c in self.t.edge_cells[e as usize] {
            if c == NONE {
                continue;
            }
            if line {
                self.counts.remove(c);
            } else {
                self.cell_cross[c as usize] -= 1;
            }
        }
        for dot in self.t.edge_dots[e as usize] {
            if line {
                self.dot_line[dot as usize] -= 1;
            } else {
                self.dot_cross[dot as usize] -= 1;
            }
        }
    }

    fn enqueue(&mut self, item: Item) {
        if !self.queued[item as usize] {
            self.queued[item as usize] = true;
            self.queue.push(item);
        }
    }

    fn clear_queue(&mut self) {
        for item in self.queue.drain(..) {
            self.queued[item as usize] = false;
        }
        self.pending.clear();
    }

    /// The region on one side of an edge: a cell, or the outside node.
    fn region(&self, c: u32) -> u32 {
        if c == NONE { self.t.dims.num_cells() as u32 } else { c }
    }

    /// Records that the two sides of `e` have different (`line`) or equal colours, and queues
    /// every unknown edge whose two sides thereby fall into one class.
    fn colour(&mut self, e: u32, line: bool) -> Result<(), Conflict> {
        let [a, b] = self.t.edge_cells[e as usize].map(|c| self.region(c));
        let Some(merge) = self.classes.union(a, b, line)? else { return Ok(()) };
        self.trail.push(Undo::Union { child: merge.small });
        // Scan the members of the smaller class for edges to the bigger one.
        let outside = self.t.dims.num_cells() as u32;
        for m in self.classes.merged(merge) {
            let edges: &[u32] =
                if m == outside { &self.t.border_edges } else { &self.t.cell_edges[m as usize] };
            for &x in edges {
                if self.state[x as usize] != EdgeState::Unknown {
                    continue;
                }
                let [c, d] = self.t.edge_cells[x as usize].map(|c| self.region(c));
                let other = if c == m { d } else { c };
                let (ro, po) = self.classes.find(other);
                if ro == merge.big {
                    let pm = self.classes.find(m).1;
                    let s = if pm == po { EdgeState::Cross } else { EdgeState::Line };
                    self.pending.push((x, s));
                }
            }
        }
        Ok(())
    }

    /// Fixes an edge and propagates every consequence. On a conflict the board is left in an
    /// inconsistent state: undo to a mark taken before.
    pub fn assign(&mut self, e: Edge, s: EdgeState) -> Result<(), Conflict> {
        let r = self.set(e.index() as u32, s).and_then(|()| self.propagate());
        if r.is_err() {
            self.clear_queue();
        }
        r
    }

    /// Runs the rules on every cell and dot (the start of a solve).
    pub fn propagate_all(&mut self) -> Result<(), Conflict> {
        let n = (self.t.dims.num_cells() + self.t.dims.num_dots()) as u32;
        for item in 0..n {
            self.enqueue(item);
        }
        let r = self.propagate();
        if r.is_err() {
            self.clear_queue();
        }
        r
    }

    /// Sets one edge, updates the counters and path ends, checks the cells and dots it touches,
    /// and queues them for the rules.
    fn set(&mut self, e: u32, s: EdgeState) -> Result<(), Conflict> {
        debug_assert!(s != EdgeState::Unknown);
        let cur = self.state[e as usize];
        if cur != EdgeState::Unknown {
            return if cur == s { Ok(()) } else { Err(Conflict) };
        }
        self.state[e as usize] = s;
        self.unknown -= 1;
        self.trail.push(Undo::Edge(e));
        let line = s == EdgeState::Line;
        if line {
            self.counts.add_line();
        }
        let nc = self.t.dims.num_cells() as u32;
        let mut bad = false;
        for c in self.t.edge_cells[e as usize] {
            if c == NONE {
                continue;
            }
            if line {
                self.counts.add(c);
            } else {
                self.cell_cross[c as usize] += 1;
            }
            if let Some(k) = self.counts.clue(c) {
                bad |= self.counts.cell_lines(c) > k || 4 - self.cell_cross[c as usize] < k;
                self.enqueue(c);
            }
        }
        for dot in self.t.edge_dots[e as usize] {
            let di = dot as usize;
            if line {
                self.dot_line[di] += 1;
            } else {
                self.dot_cross[di] += 1;
            }
            let l = self.dot_line[di];
            bad |= l > 2 || (l == 1 && self.dot_cross[di] + 1 == self.t.dot_degree[di]);
            self.enqueue(nc + dot);
        }
        if bad {
            return Err(Conflict);
        }
        self.colour(e, line)?;
        if line { self.join(e) } else { Ok(()) }
    }

    /// The loop rule. A new line joins two path ends (or isolated dots). If they were the two
    /// ends of one path, a loop closes: that is only allowed when the loop holds every line,
    /// and then every other edge is crossed. Otherwise the joined path's ends are recorded, and
    /// the edge that would close it is crossed unless closing it would finish the puzzle.
    fn join(&mut self, e: u32) -> Result<(), Conflict> {
        let [a, b] = self.t.edge_dots[e as usize];
        if self.closed {
            return Err(Conflict);
        }
        match self.paths.join(a, b) {
            Join::Closes { len } => {
                if self.counts.lines() != len {
                    return Err(Conflict);
                }
                self.closed = true;
                self.trail.push(Undo::Closed);
                for x in 0..self.state.len() as u32 {
                    if self.state[x as usize] == EdgeState::Unknown {
                        self.set(x, EdgeState::Cross)?;
                    }
                }
            }
            Join::Joins { ends: [ea, eb], len, before } => {
                self.trail.extend(before.map(Undo::Ends));
                if let Some(close) = self.t.edge_between(ea, eb)
                    && self.state[close as usize] == EdgeState::Unknown
                    && !self.counts.closing_finishes(self.t.edge_cells[close as usize].map(some), len)
                {
                    self.set(close, EdgeState::Cross)?;
                }
            }
        }
        Ok(())
    }

    /// Applies the local rules until nothing changes: a clue with all its lines drawn crosses
    /// the rest, a clue that needs every remaining side draws them; a dot with two lines crosses
    /// the rest, a path end with one way out takes it, a dot with one way in and no line
    /// crosses it.
    fn propagate(&mut self) -> Result<(), Conflict> {
        let nc = self.t.dims.num_cells() as u32;
        loop {
            if let Some((e, s)) = self.pending.pop() {
                self.set(e, s)?;
                continue;
            }
            let Some(item) = self.queue.pop() else { break };
            self.queued[item as usize] = false;
            if item < nc {
                let c = item as usize;
                let Some(k) = self.counts.clue(item) else { continue };
                let (l, x) = (self.counts.cell_lines(item), self.cell_cross[c]);
                let u = 4 - l - x;
                if u == 0 {
                    continue;
                }
                let fill = if l == k {
                    EdgeState::Cross
                } else if l + u == k {
                    EdgeState::Line
                } else {
                    continue;
                };
                for e in self.t.cell_edges[c] {
                    if self.state[e as usize] == EdgeState::Unknown {
                        self.set(e, fill)?;
                    }
                }
            } else {
                let d = (item - nc) as usize;
                let (l, x) = (self.dot_line[d], self.dot_cross[d]);
                let u = self.t.dot_degree[d] - l - x;
                if u == 0 {
                    continue;
                }
                let fill = match (l, u) {
                    (2, _) | (0, 1) => EdgeState::Cross,
                    (1, 1) => EdgeState::Line,
                    _ => continue,
                };
                for e in self.t.dot_edges[d] {
                    if e != NONE && self.state[e as usize] == EdgeState::Unknown {
                        self.set(e, fill)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Failed-literal probing: tries each unknown edge as a line and as a cross with full
    /// propagation; a value that leads to a conflict forces the other. Repeats until a pass
    /// changes nothing.
    ///
    /// Returns the edge whose two probes both fixed the most edges (the product of the two
    /// counts, as lookahead SAT solvers score variables): branching there shrinks both
    /// subtrees the most. `None` when no edge is unknown.
    pub fn probe(&mut self) -> Result<Option<Edge>, Conflict> {
        loop {
            let mut changed = false;
            let mut best: Option<(u64, usize)> = None;
            for e in 0..self.state.len() {
                if self.state[e] != EdgeState::Unknown {
                    continue;
                }
                let mut sizes = [0u64; 2];
                for (i, s) in [EdgeState::Line, EdgeState::Cross].into_iter().enumerate() {
                    let mark = self.mark();
                    let ok = self.assign(Edge(e), s).is_ok();
                    sizes[i] = (self.trail.len() - mark) as u64;
                    self.undo_to(mark);
                    if !ok {
                        let other = if s == EdgeState::Line { EdgeState::Cross } else { EdgeState::Line };
                        self.assign(Edge(e), other)?;
                        changed = true;
                        break;
                    }
                }
                if !changed {
                    let score = (sizes[0] + 1) * (sizes[1] + 1);
                    if best.is_none_or(|(b, _)| score > b) {
                        best = Some((score, e));
                    }
                }
            }
            if !changed {
                return Ok(best.map(|(_, e)| Edge(e)));
            }
        }
    }

    /// Probing limited to the neighbourhood of recent changes: the unknown edges that share a
    /// cell or a dot with an edge fixed after `mark`, then around what those probes fix, until
    /// nothing changes. Much cheaper than [`Board::probe`] on big boards; weaker, but probing
    /// only prunes, so the search stays complete either way.
    pub fn probe_around(&mut self, mark: usize) -> Result<(), Conflict> {
        let mut seen = vec![false; self.state.len()];
        let mut from = mark;
        loop {
            let to = self.trail.len();
            let mut candidates = Vec::new();
            for i in from..to {
                let Undo::Edge(e) = self.trail[i] else { continue };
                let dots = self.t.edge_dots[e as usize].map(|d| self.t.dot_edges[d as usize]);
                let cells = self.t.edge_cells[e as usize]
                    .map(|c| if c == NONE { [NONE; 4] } else { self.t.cell_edges[c as usize] });
                for x in dots.into_iter().chain(cells).flatten() {
                    if x != NONE && !seen[x as usize] && self.state[x as usize] == EdgeState::Unknown {
                        seen[x as usize] = true;
                        candidates.push(x);
                    }
                }
            }
            from = to;
            for &e in &candidates {
                seen[e as usize] = false;
                if self.state[e as usize] != EdgeState::Unknown {
                    continue;
                }
                for s in [EdgeState::Line, EdgeState::Cross] {
                    let m = self.mark();
                    let ok = self.assign(Edge(e as usize), s).is_ok();
                    self.undo_to(m);
                    if !ok {
                        let other = if s == EdgeState::Line { EdgeState::Cross } else { EdgeState::Line };
                        self.assign(Edge(e as usize), other)?;
                        break;
                    }
                }
            }
            if self.trail.len() == to {
                return Ok(());
            }
        }
    }

    /// The edge to branch on: an unknown edge at a path end with the fewest ways out (the loop
    /// must continue through one of them), else a side of the most constrained clue, else any.
    pub fn branch_edge(&self) -> Option<Edge> {
        let mut best: Option<(u8, u32)> = None;
        for d in 0..self.dot_line.len() {
            if self.dot_line[d] != 1 {
                continue;
            }
            let u = self.t.dot_degree[d] - 1 - self.dot_cross[d];
            if best.is_none_or(|(bu, _)| u < bu) {
                let e = self.t.dot_edges[d]
                    .into_iter()
                    .find(|&e| e != NONE && self.state[e as usize] == EdgeState::Unknown);
                if let Some(e) = e {
                    best = Some((u, e));
                    if u <= 2 {
                        break;
                    }
                }
            }
        }
        if let Some((_, e)) = best {
            return Some(Edge(e as usize));
        }
        // No path yet: start at a clue needing the most of its remaining sides.
        let mut best: Option<(u8, u32)> = None;
        for c in 0..self.cell_cross.len() {
            let Some(k @ 1..) = self.counts.clue(c as u32) else { continue };
            let need = k - self.counts.cell_lines(c as u32);
            if need > 0 && best.is_none_or(|(bn, _)| need > bn) {
                let e =
                    self.t.cell_edges[c].into_iter().find(|&e| self.state[e as usize] == EdgeState::Unknown);
                if let Some(e) = e {
                    best = Some((need, e));
                }
            }
        }
        if let Some((_, e)) = best {
            return Some(Edge(e as usize));
        }
        self.state.iter().position(|&s| s == EdgeState::Unknown).map(Edge)
    }
}
