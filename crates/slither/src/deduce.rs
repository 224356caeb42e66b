//! Human-style deductions: the seed's rules 1–15 plus stronger named rules, each step
//! reported with the edges it fixed. Uses the same [`EdgeState`] as the solver's board.
//!
//! Corner vocabulary: a cell's corner is one of its four dots; the "sides at a corner" are the
//! cell's two sides meeting there; the "outside edges" of a corner are the other edges at that
//! dot (an edge off the board counts as crossed).

use std::fmt;

use pencilbox_grid::{Cell, Dims, Dot, Edge, Orientation};

use crate::board::EdgeState;
use crate::puzzle::{Puzzle, Solution};

/// A named deduction rule. The seed's rules are numbered as in the issue.
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
    /// be the whole solution, it is crossed.
    NoPrematureLoop,
    /// Stronger: corner parity ("at least one / at most one"). A dot has 0 or 2 lines, so the
    /// number of lines among a cell's two sides at a corner has the parity of the number among
    /// that corner's outside edges. With the clue this decides sides (a 1 takes at most one
    /// side at any corner, a 3 at least one), and a 2 passes an odd corner's parity on to the
    /// opposite corner.
    CornerParity,
    /// Stronger: parity across a cut. A closed loop crosses any straight line between two rows
    /// (or columns) of dots an even number of times, so when all but one of the edges it cuts
    /// are decided, parity decides the last.
    CutParity,
    /// Stronger: inside/outside colouring. An edge is a line exactly when its two sides have
    /// different colours; sides linked by decided edges have known relative colours.
    Colouring,
}

impl Rule {
    /// The seed's rules 1–8 (grade `basic`): the first 8 of [`Rule::ALL`].
    pub const BASIC: &[Rule] = Rule::ALL.split_at(8).0;
    /// All the seed's rules (grade `standard`): the first 15 of [`Rule::ALL`].
    pub const STANDARD: &[Rule] = Rule::ALL.split_at(15).0;
    /// Every rule (grade `advanced`), in grade order: the seed's 1–8, the seed's 9–15, then the
    /// stronger ones.
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
        Rule::CornerParity,
        Rule::CutParity,
        Rule::Colouring,
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
            Rule::CornerParity => "corner parity (at least one / at most one)",
            Rule::CutParity => "parity across a cut",
            Rule::Colouring => "inside/outside colouring",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: the rule, where it applied, and the edges it fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub rule: Rule,
    /// The cell or dot the rule looked at, for the reader.
    pub at: String,
    pub fixed: Vec<(Edge, EdgeState)>,
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

/// Deduction state: the puzzle and one [`EdgeState`] per edge.
#[derive(Clone, Debug)]
pub struct Deducer {
    p: Puzzle,
    d: Dims,
    state: Vec<EdgeState>,
    /// Batch mode (grading): rules collect every step of a sweep here instead of stopping at
    /// the first.
    batch: Option<std::cell::RefCell<Vec<Step>>>,
}

type Fixes = Vec<(Edge, EdgeState)>;

impl Deducer {
    pub fn new(p: &Puzzle) -> Self {
        let d = p.dims();
        Deducer { p: p.clone(), d, state: vec![EdgeState::Unknown; d.num_edges()], batch: None }
    }

    /// A deducer starting from known edge states (a player's marks, one per edge in the shared
    /// numbering); `None` when `states` has the wrong length.
    pub fn with_states(p: &Puzzle, states: &[EdgeState]) -> Option<Self> {
        let mut d = Deducer::new(p);
        if states.len() != d.state.len() {
            return None;
        }
        d.state.copy_from_slice(states);
        Some(d)
    }

    /// The first step any of `rules` (simplest first) can make from the current state, without
    /// applying it; `Ok(None)` when no rule applies, `Err` when a rule finds a contradiction
    /// (the current state is part of no solution).
    pub fn next_step(&self, rules: &[Rule]) -> Result<Option<Step>, crate::board::Conflict> {
        for &rule in rules {
            if let Some(step) = self.find(rule).map_err(|()| crate::board::Conflict)? {
                return Ok(Some(step));
            }
        }
        Ok(None)
    }

    /// In batch mode, stores the step and lets the rule continue its sweep; otherwise hands the
    /// step back to be returned at once.
    fn emit(&self, step: Step) -> Option<Step> {
        match &self.batch {
            Some(found) => {
                found.borrow_mut().push(step);
                None
            }
            None => Some(step),
        }
    }

    /// Like [`Deducer::run`] without the step-by-step report, faster: each rule sweeps the
    /// whole board and every step it finds is applied together (all were found sound on the
    /// same state, so together they are sound too).
    pub fn run_quietly(&mut self, rules: &[Rule]) -> Outcome {
        self.batch = Some(std::cell::RefCell::new(Vec::new()));
        let outcome = loop {
            if self.state.iter().all(|&s| s != EdgeState::Unknown) {
                break if self.p.is_solution(&self.lines()) {
                    Outcome::Solved
                } else {
                    Outcome::Contradiction
                };
            }
            let mut changed = false;
            let mut contradiction = false;
            for &rule in rules {
                let first = match self.find(rule) {
                    Err(()) => {
                        contradiction = true;
                        break;
                    }
                    Ok(first) => first,
                };
                let mut steps = self.batch.as_ref().map(|b| b.take()).unwrap_or_default();
                steps.extend(first);
                for step in steps {
                    for (e, s) in step.fixed {
                        match self.state[e.index()] {
                            EdgeState::Unknown => {
                                self.state[e.index()] = s;
                                changed = true;
                            }
                            cur if cur != s => contradiction = true,
                            _ => {}
                        }
                    }
                }
                if changed || contradiction {
                    break;
                }
            }
            if contradiction {
                break Outcome::Contradiction;
            }
            if !changed {
                break Outcome::Stuck;
            }
        };
        self.batch = None;
        outcome
    }

    pub fn state(&self, e: Edge) -> EdgeState {
        self.state[e.index()]
    }

    /// The lines drawn so far.
    pub fn lines(&self) -> Solution {
        Solution::from_edges(self.d, self.d.edges().filter(|&e| self.state(e) == EdgeState::Line))
    }

    /// Applies rules from `rules` (simplest first) until solved, stuck or contradictory, calling
    /// `on_step` for every step.
    pub fn run(&mut self, rules: &[Rule], mut on_step: impl FnMut(&Step)) -> Outcome {
        loop {
            if self.state.iter().all(|&s| s != EdgeState::Unknown) {
                return if self.p.is_solution(&self.lines()) {
                    Outcome::Solved
                } else {
                    Outcome::Contradiction
                };
            }
            let mut applied = false;
            for &rule in rules {
                match self.find(rule) {
                    Err(()) => return Outcome::Contradiction,
                    Ok(None) => {}
                    Ok(Some(step)) => {
                        for &(e, s) in &step.fixed {
                            self.state[e.index()] = s;
                        }
                        on_step(&step);
                        applied = true;
                        break;
                    }
                }
            }
            if !applied {
                return Outcome::Stuck;
            }
        }
    }

    fn st(&self, e: Option<Edge>) -> EdgeState {
        e.map_or(EdgeState::Cross, |e| self.state(e))
    }

    /// Keeps the fixes that change an unknown edge; `Err` when one contradicts a decided edge.
    fn fresh(&self, rule: Rule, at: String, fixes: Fixes) -> Result<Option<Step>, ()> {
        let mut fixed = Vec::new();
        for (e, s) in fixes {
            match self.state(e) {
                EdgeState::Unknown if !fixed.iter().any(|&(x, _)| x == e) => fixed.push((e, s)),
                EdgeState::Unknown => {}
                cur if cur != s => return Err(()),
                _ => {}
            }
        }
        Ok((!fixed.is_empty()).then_some(Step { rule, at, fixed }))
    }

    fn corner_dot(cell: Cell, corner: usize) -> Dot {
        Dot::new(cell.row + corner / 2, cell.col + corner % 2)
    }

    /// The cell's two sides at a corner.
    fn sides_at(&self, cell: Cell, corner: usize) -> [Edge; 2] {
        let [top, bottom, left, right] = self.d.cell_edges(cell);
        [if corner < 2 { top } else { bottom }, if corner & 1 == 0 { left } else { right }]
    }

    /// The two outside edges of a corner (`None` off the board).
    fn outside_at(&self, cell: Cell, corner: usize) -> [Option<Edge>; 2] {
        let dot = Self::corner_dot(cell, corner);
        let (r, c) = (dot.row, dot.col);
        // The vertical edge leaving the cell's side of the corner, and the horizontal one.
        let vertical = if corner < 2 {
            r.checked_sub(1).map(|r0| self.d.v_edge(r0, c))
        } else {
            (r < self.d.rows()).then(|| self.d.v_edge(r, c))
        };
        let horizontal = if corner & 1 == 0 {
            c.checked_sub(1).map(|c0| self.d.h_edge(r, c0))
        } else {
            (c < self.d.cols()).then(|| self.d.h_edge(r, c))
        };
        [vertical, horizontal]
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
        self.p.clue(cell).number()
    }

    fn find(&self, rule: Rule) -> Result<Option<Step>, ()> {
        match rule {
            Rule::Zero | Rule::ClueNeedsAll | Rule::ClueSatisfied => self.clue_rules(rule),
            Rule::OnlyWayOut | Rule::DotFull | Rule::DeadEnd => self.dot_rules(rule),
            Rule::AdjacentThrees | Rule::DiagonalThrees => self.three_pairs(rule),
            Rule::ThreeBlockedCorner
            | Rule::TwoBlockedCorner
            | Rule::OneBlockedCorner
            | Rule::ThreeEntered
            | Rule::TwoEntered
            | Rule::OneEntered => self.corner_rules(rule),
            Rule::ThreeOneDiagonal => self.three_one(),
            Rule::NoPrematureLoop => self.no_premature_loop(),
            Rule::CornerParity => self.corner_parity(),
            Rule::CutParity => self.cut_parity(),
            Rule::Colouring => self.colouring(),
        }
    }

    fn clue_rules(&self, rule: Rule) -> Result<Option<Step>, ()> {
        for cell in self.d.cells() {
            let Some(k) = self.clue(cell) else { continue };
            let sides = self.d.cell_edges(cell);
            let count = |s: EdgeState| sides.iter().filter(|&&e| self.state(e) == s).count();
            let (lines, crosses) = (count(EdgeState::Line), count(EdgeState::Cross));
            let fill = match rule {
                Rule::Zero if k == 0 => EdgeState::Cross,
                Rule::ClueNeedsAll if 4 - crosses == usize::from(k) && k > 0 => EdgeState::Line,
                Rule::ClueSatisfied if lines == usize::from(k) && k > 0 => EdgeState::Cross,
                _ => continue,
            };
            if lines > usize::from(k) || 4 - crosses < usize::from(k) {
                return Err(());
            }
            let fixes =
                sides.iter().filter(|&&e| self.state(e) == EdgeState::Unknown).map(|&e| (e, fill)).collect();
            if let Some(step) = self.fresh(rule, format!("cell {cell}"), fixes)?
                && let Some(step) = self.emit(step)
            {
                return Ok(Some(step));
            }
        }
        Ok(None)
    }

    fn dot_rules(&self, rule: Rule) -> Result<Option<Step>, ()> {
        for dot in self.d.dots() {
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
                _ => continue,
            };
            let fixes =
                edges.iter().filter(|&&e| self.state(e) == EdgeState::Unknown).map(|&e| (e, fill)).collect();
            if let Some(step) = self.fresh(rule, format!("dot {dot}"), fixes)?
                && let Some(step) = self.emit(step)
            {
                return Ok(Some(step));
            }
        }
        Ok(None)
    }

    fn three_pairs(&self, rule: Rule) -> Result<Option<Step>, ()> {
        let line = EdgeState::Line;
        for cell in self.d.cells() {
            if self.clue(cell) != Some(3) {
                continue;
            }
            let (r, c) = (cell.row, cell.col);
            let [top, bottom, left, right] = self.d.cell_edges(cell);
            let mut fixes = Vec::new();
            if rule == Rule::AdjacentThrees {
                let right_pair = (c + 1 < self.d.cols()).then(|| Cell::new(r, c + 1));
                let down_pair = (r + 1 < self.d.rows()).then(|| Cell::new(r + 1, c));
                for (other, fixes) in [
                    (right_pair, right_pair.map(|o| [left, right, self.d.cell_edges(o)[3]])),
                    (down_pair, down_pair.map(|o| [top, bottom, self.d.cell_edges(o)[1]])),
                ] {
                    let (Some(other), Some(edges)) = (other, fixes) else { continue };
                    if self.clue(other) != Some(3) {
                        continue;
                    }
                    // The far edges are always lines. The middle one is too, except when the
                    // whole solution is the 6-edge loop around both cells (then it is
                    // crossed): the seed's statement misses that case.
                    let [far1, middle, far2] = edges;
                    let mut fixes = vec![(far1, line), (far2, line)];
                    if !self.pair_loop_possible(cell, other) {
                        fixes.push((middle, line));
                    }
                    if let Some(step) = self.fresh(rule, format!("cells {cell} and {other}"), fixes)?
                        && let Some(step) = self.emit(step)
                    {
                        return Ok(Some(step));
                    }
                }
                continue;
            } else {
                // Diagonal neighbours down-right and down-left.
                for (dc, my_far, their_far) in [(1isize, 0usize, 3usize), (-1, 1, 2)] {
                    let nc = c as isize + dc;
                    if r + 1 >= self.d.rows() || nc < 0 || nc as usize >= self.d.cols() {
                        continue;
                    }
                    let other = Cell::new(r + 1, nc as usize);
                    if self.clue(other) == Some(3) {
                        fixes.extend(self.sides_at(cell, my_far).map(|e| (e, line)));
                        fixes.extend(self.sides_at(other, their_far).map(|e| (e, line)));
                        let at = format!("cells {cell} and {other}");
                        if let Some(step) = self.fresh(rule, at, std::mem::take(&mut fixes))?
                            && let Some(step) = self.emit(step)
                        {
                            return Ok(Some(step));
                        }
                    }
                }
            }
        }
        Ok(None)
    }

    /// Whether the loop around exactly the two side-by-side cells `a` and `b` could be the
    /// solution: it meets every other clue and no decided edge contradicts it.
    fn pair_loop_possible(&self, a: Cell, b: Cell) -> bool {
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

    fn corner_rules(&self, rule: Rule) -> Result<Option<Step>, ()> {
        let (line, cross) = (EdgeState::Line, EdgeState::Cross);
        for cell in self.d.cells() {
            let Some(k) = self.clue(cell) else { continue };
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
                let at = format!("cell {cell}, corner {}", Self::corner_dot(cell, corner));
                if let Some(step) = self.fresh(rule, at, fixes)?
                    && let Some(step) = self.emit(step)
                {
                    return Ok(Some(step));
                }
            }
        }
        Ok(None)
    }

    fn three_one(&self) -> Result<Option<Step>, ()> {
        for cell in self.d.cells() {
            if self.clue(cell) != Some(3) {
                continue;
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
                let at = format!("cells {cell} and {one}");
                if let Some(step) = self.fresh(Rule::ThreeOneDiagonal, at, fixes)?
                    && let Some(step) = self.emit(step)
                {
                    return Ok(Some(step));
                }
            }
        }
        Ok(None)
    }

    fn other_end(&self, start: Dot) -> (Dot, usize) {
        let mut prev: Option<Edge> = None;
        let mut at = start;
        let mut len = 0;
        loop {
            let Some(next) =
                self.d.dot_edges(at).find(|&e| Some(e) != prev && self.state(e) == EdgeState::Line)
            else {
                return (at, len);
            };
            let (a, b) = self.d.edge_dots(next);
            at = if a == at { b } else { a };
            prev = Some(next);
            len += 1;
            if at == start {
                return (at, len);
            }
        }
    }

    fn no_premature_loop(&self) -> Result<Option<Step>, ()> {
        let total = self.state.iter().filter(|&&s| s == EdgeState::Line).count();
        for dot in self.d.dots() {
            if self.d.dot_edges(dot).filter(|&e| self.state(e) == EdgeState::Line).count() != 1 {
                continue;
            }
            let (end, len) = self.other_end(dot);
            let Some(close) = self.d.edge_between(dot, end) else { continue };
            if self.state(close) != EdgeState::Unknown {
                continue;
            }
            // Closing makes a loop of len + 1 edges: only a solution if it holds every line and
            // meets every clue.
            let mut with = self.lines();
            let finishes = len == total && {
                with = Solution::from_edges(self.d, with.edges().chain([close]));
                self.p.is_solution(&with)
            };
            if !finishes {
                let fixes = vec![(close, EdgeState::Cross)];
                return self.fresh(Rule::NoPrematureLoop, format!("path ends {dot} and {end}"), fixes);
            }
        }
        Ok(None)
    }

    /// The parity (true: odd) of the lines among the cell's sides at a corner, when known from
    /// the sides themselves or from the corner's outside edges.
    fn corner_odd(&self, cell: Cell, corner: usize) -> Option<bool> {
        let known = |es: [EdgeState; 2]| {
            es.iter()
                .all(|&s| s != EdgeState::Unknown)
                .then(|| es.iter().filter(|&&s| s == EdgeState::Line).count() == 1)
        };
        known(self.sides_at(cell, corner).map(|e| self.state(e)))
            .or_else(|| known(self.outside_at(cell, corner).map(|e| self.st(e))))
    }

    /// Fixes that make the edges `pair` have `odd` parity, when one is known and one is not.
    fn complete_pair(&self, pair: [Option<Edge>; 2], odd: bool, fixes: &mut Fixes) {
        let st = pair.map(|e| self.st(e));
        for (i, j) in [(0, 1), (1, 0)] {
            if let (Some(e), EdgeState::Unknown, known) = (pair[j], st[j], st[i])
                && known != EdgeState::Unknown
            {
                let line = (known == EdgeState::Line) != odd;
                fixes.push((e, if line { EdgeState::Line } else { EdgeState::Cross }));
            }
        }
    }

    fn corner_parity(&self) -> Result<Option<Step>, ()> {
        let (line, cross) = (EdgeState::Line, EdgeState::Cross);
        for cell in self.d.cells() {
            let Some(k) = self.clue(cell) else { continue };
            for corner in CORNERS {
                let opposite = 3 - corner;
                let sides = self.sides_at(cell, corner);
                let mut fixes = Vec::new();
                if k == 3 {
                    // At least one side at every corner of a 3: the corner takes at most one
                    // outside line.
                    let out = self.outside_at(cell, corner);
                    let st = out.map(|e| self.st(e));
                    for (i, j) in [(0, 1), (1, 0)] {
                        if st[i] == line && st[j] == EdgeState::Unknown {
                            fixes.extend(out[j].map(|e| (e, cross)));
                        }
                    }
                }
                match (self.corner_odd(cell, corner), k) {
                    (Some(true), 1) => fixes.extend(self.sides_at(cell, opposite).map(|e| (e, cross))),
                    (Some(true), 3) => fixes.extend(self.sides_at(cell, opposite).map(|e| (e, line))),
                    (Some(false), 1) => fixes.extend(sides.map(|e| (e, cross))),
                    (Some(false), 3) => fixes.extend(sides.map(|e| (e, line))),
                    (Some(odd), 2) => {
                        // A 2: the opposite corner has the same parity; an even corner has equal
                        // sides, complementary to the opposite corner's.
                        let opp_sides = self.sides_at(cell, opposite);
                        self.complete_pair(sides.map(Some), odd, &mut fixes);
                        self.complete_pair(opp_sides.map(Some), odd, &mut fixes);
                        self.complete_pair(self.outside_at(cell, opposite), odd, &mut fixes);
                        if !odd {
                            // sides[0] == sides[1] and opposite sides are their complement.
                            for (mine, theirs) in [(sides[0], opp_sides[0]), (sides[0], opp_sides[1])] {
                                self.complete_pair([Some(mine), Some(theirs)], true, &mut fixes);
                            }
                        }
                    }
                    _ => {}
                }
                let at = format!("cell {cell}, corner {}", Self::corner_dot(cell, corner));
                if let Some(step) = self.fresh(Rule::CornerParity, at, fixes)?
                    && let Some(step) = self.emit(step)
                {
                    return Ok(Some(step));
                }
            }
        }
        Ok(None)
    }

    fn cut_parity(&self) -> Result<Option<Step>, ()> {
        let d = self.d;
        // Vertical cuts through column c of cells cross h(0..=rows, c); horizontal cuts through
        // row r cross v(r, 0..=cols).
        let cuts = (0..d.cols())
            .map(|c| (format!("column {c}"), (0..=d.rows()).map(|r| d.h_edge(r, c)).collect::<Vec<_>>()))
            .chain(
                (0..d.rows()).map(|r| (format!("row {r}"), (0..=d.cols()).map(|c| d.v_edge(r, c)).collect())),
            );
        for (name, edges) in cuts {
            let unknown: Vec<Edge> =
                edges.iter().copied().filter(|&e| self.state(e) == EdgeState::Unknown).collect();
            let lines = edges.iter().filter(|&&e| self.state(e) == EdgeState::Line).count();
            match unknown[..] {
                [] if lines % 2 == 1 => return Err(()),
                [e] => {
                    let s = if lines % 2 == 1 { EdgeState::Line } else { EdgeState::Cross };
                    return self.fresh(Rule::CutParity, format!("cut across {name}"), vec![(e, s)]);
                }
                _ => {}
            }
        }
        Ok(None)
    }

    fn colouring(&self) -> Result<Option<Step>, ()> {
        // Parity labels by breadth-first search over decided edges; node `num_cells` is outside.
        let n = self.d.num_cells();
        let region = |c: Option<Cell>| c.map_or(n, |c| self.d.cell_index(c));
        let mut adj: Vec<Vec<(usize, bool)>> = vec![Vec::new(); n + 1];
        for e in self.d.edges() {
            let s = self.state(e);
            if s == EdgeState::Unknown {
                continue;
            }
            let [a, b] = self.d.edge_cells(e).map(region);
            adj[a].push((b, s == EdgeState::Line));
            adj[b].push((a, s == EdgeState::Line));
        }
        let mut comp = vec![usize::MAX; n + 1];
        let mut colour = vec![false; n + 1];
        for root in 0..=n {
            if comp[root] != usize::MAX {
                continue;
            }
            comp[root] = root;
            let mut stack = vec![root];
            while let Some(x) = stack.pop() {
                for &(y, differ) in &adj[x] {
                    if comp[y] == usize::MAX {
                        comp[y] = root;
                        colour[y] = colour[x] ^ differ;
                        stack.push(y);
                    } else if colour[y] != colour[x] ^ differ {
                        return Err(());
                    }
                }
            }
        }
        for e in self.d.edges() {
            if self.state(e) != EdgeState::Unknown {
                continue;
            }
            let [a, b] = self.d.edge_cells(e).map(region);
            if comp[a] == comp[b] {
                let s = if colour[a] == colour[b] { EdgeState::Cross } else { EdgeState::Line };
                return self.fresh(Rule::Colouring, format!("edge {}", edge_name(self.d, e)), vec![(e, s)]);
            }
        }
        Ok(None)
    }
}

/// The difficulty of a puzzle with a unique solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Rules 1–8 suffice.
    Basic,
    /// All the seed's rules suffice.
    Standard,
    /// The stronger named rules are needed.
    Advanced,
    /// Needs trial and error.
    Search,
}

impl Grade {
    pub const fn name(self) -> &'static str {
        match self {
            Grade::Basic => "basic",
            Grade::Standard => "standard",
            Grade::Advanced => "advanced",
            Grade::Search => "search",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
        // Basic is the seed's rules 1–8, standard all 15 of them; the names carry the numbers.
        assert_eq!(Rule::BASIC.last(), Some(&Rule::DeadEnd));
        assert_eq!(Rule::STANDARD.last(), Some(&Rule::OneEntered));
        assert!(Rule::BASIC.iter().all(|r| r.name().split(' ').next().unwrap().parse::<u32>().unwrap() <= 8));
        assert!(Rule::STANDARD.iter().all(|r| r.name().split(' ').next().unwrap().parse::<u32>().is_ok()));
    }
}
