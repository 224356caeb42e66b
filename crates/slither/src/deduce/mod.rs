//! Human-style deductions: the statement's rules 1–15 plus stronger named rules, each step
//! reported with the edges it fixed and the facts it learned (pair states, colour relations).
//! Uses the same [`EdgeState`] as the solver's board.
//!
//! The engine is incremental: every rule has a work queue of the sites (cells, dots, edges,
//! cuts) near the last changes, so a run costs time in proportion to what it decides, and even a
//! 60×60 puzzle is explained at interactive speed (docs/PERFORMANCE.md, "Slitherlink").
//! [`Deducer::run_exhaustively`] is the slow reference that re-examines every site before every
//! step; the tests check both end in the same state.
//!
//! No rule guesses. When no rule decides an edge, a trial assumes one edge's state and refutes
//! it by reaching a contradiction (`trial.rs`: [`Trial`], [`Deducer::explain`],
//! [`Deducer::run_with_trials`] with its depth for grading); hints build on both and always
//! decide an edge (`hint.rs`: [`advise`], [`Deducer::hint`]). Trials are not rules:
//! [`Rule::ALL`] stays the catalogue of deductions; the `trial-N` levels ([`crate::level`])
//! say how deep a trial is needed.
//!
//! The parts: [`rules`](Rule) (the catalogue), `state` and `queues` (the incremental
//! bookkeeping and work queues), `local` (the statement's pattern rules), `global` (loops, cuts,
//! connectivity), `cases` (local case analysis for pairs and colours), `trace` (which steps a
//! conclusion needs), `trial` and `hint`.

mod cases;
mod contradiction;
mod geometry;
mod global;
mod hint;
mod local;
mod lowpoints;
mod queues;
mod rules;
mod state;
mod trace;
mod trial;

use pencilbox_grid::{Cell, Dims, Dot, Edge, Orientation};

use crate::board::{Conflict, EdgeState};
pub use contradiction::Contradiction;
pub use geometry::{Cut, Quadrant};
pub use hint::{Advice, HINT_DEPTH, Hint, HintError, advise};
pub use queues::Site;
pub use rules::Rule;
pub use state::Deducer;
pub use trial::{Move, Trial, TrialLimits, TrialRun};

/// Knowledge a step adds besides decided edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    /// Of the two edges of `quadrant` at `dot`, at least one / at most one is a line (both:
    /// exactly one).
    Pair { dot: Dot, quadrant: Quadrant, at_least: bool, at_most: bool },
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
                let names: Vec<String> =
                    quadrant.edges(d, dot).iter().flatten().map(|&e| edge_name(d, e)).collect();
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
    /// The places the rule looked at, to highlight (empty in a quiet run).
    pub places: Places,
}

impl Step {
    /// The step in words: the rule, where, the edges fixed (`line h(1,2) cross v(0,1)`) and
    /// the facts learned.
    pub fn describe(&self, d: Dims) -> String {
        let list = |want: EdgeState| -> String {
            let names: Vec<String> =
                self.fixed.iter().filter(|f| f.1 == want).map(|f| edge_name(d, f.0)).collect();
            names.join(" ")
        };
        let (lines, crosses) = (list(EdgeState::Line), list(EdgeState::Cross));
        let mut text = format!("{} at {}:", self.rule, self.at);
        if !lines.is_empty() {
            text.push_str(&format!(" line {lines}"));
        }
        if !crosses.is_empty() {
            text.push_str(&format!(" cross {crosses}"));
        }
        let facts: Vec<String> = self.learned.iter().map(|f| f.describe(d)).collect();
        if !facts.is_empty() {
            text.push_str(&format!(" learned {}", facts.join("; ")));
        }
        text
    }
}

/// Cells, dots and edges to highlight.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Places {
    pub cells: Vec<Cell>,
    pub dots: Vec<Dot>,
    pub edges: Vec<Edge>,
}

impl Places {
    /// The places of one site (a cut: its edges; the whole board: none).
    pub fn of_site(d: Dims, site: Site) -> Places {
        let mut p = Places::default();
        p.add_site(d, site);
        p
    }

    pub fn add_site(&mut self, d: Dims, site: Site) {
        match site {
            Site::Cell(c) => self.cells.push(c),
            Site::Dot(x) => self.dots.push(x),
            Site::Edge(e) => self.edges.push(e),
            Site::Cut(cut) => self.edges.extend(cut.edges(d)),
            Site::Board => {}
        }
    }

    /// Adds `other`'s places that are not here yet.
    pub fn merge(&mut self, other: &Places) {
        fn add<T: PartialEq + Copy>(to: &mut Vec<T>, from: &[T]) {
            for &x in from {
                if !to.contains(&x) {
                    to.push(x);
                }
            }
        }
        add(&mut self.cells, &other.cells);
        add(&mut self.dots, &other.dots);
        add(&mut self.edges, &other.edges);
    }
}

impl Site {
    /// The site in words, with edge names on a `d` board.
    pub fn describe(&self, d: Dims) -> String {
        match *self {
            Site::Cell(c) => format!("cell {c}"),
            Site::Dot(x) => format!("dot {x}"),
            Site::Edge(e) => edge_words(d, e),
            Site::Cut(cut) => format!("the cut across {cut}"),
            Site::Board => "the board".to_string(),
        }
    }
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
pencilbox_grid::named!(Outcome, "outcome", { Solved => "solved", Stuck => "stuck", Contradiction => "contradiction" });

/// A human-readable edge name: `h(r,c)` joins dots (r,c)–(r,c+1), `v(r,c)` joins (r,c)–(r+1,c).
pub fn edge_name(d: Dims, e: Edge) -> String {
    match d.edge_coords(e) {
        (Orientation::Horizontal, r, c) => format!("h({r},{c})"),
        (Orientation::Vertical, r, c) => format!("v({r},{c})"),
    }
}

/// An edge in words: `the edge between dots (3, 4) and (3, 5)`.
pub fn edge_words(d: Dims, e: Edge) -> String {
    let (a, b) = d.edge_dots(e);
    format!("the edge between dots {a} and {b}")
}

/// What [`Deducer::next`] did.
#[derive(Clone, Debug)]
enum Next {
    /// A step was found and applied.
    Step(Step),
    /// No rule applies.
    Stuck,
    /// Every edge is decided and the lines are the solution.
    Solved,
    /// The state is part of no solution.
    Broken(Contradiction),
}

/// `rules` in the order they are tried: simplest first.
fn in_order(rules: &[Rule]) -> Vec<Rule> {
    let mut order: Vec<Rule> = rules.to_vec();
    order.sort_by_key(|r| r.index());
    order
}

impl Deducer {
    /// The first step any of `rules` (simplest first) can make from the current state, without
    /// applying it; `Ok(None)` when no rule applies, `Err` when the current state is part of no
    /// solution. (The step may only learn facts; [`Deducer::hint`] goes on to a step that
    /// decides an edge.)
    pub fn next_step(&self, rules: &[Rule]) -> Result<Option<Step>, Conflict> {
        // The search pops work queues; a clone keeps this deducer as it was.
        let mut me = self.clone();
        me.quiet = false;
        if me.broken.is_some() {
            return Err(Conflict);
        }
        for rule in in_order(rules) {
            while let Some(site) = me.queues.pop(rule) {
                if let Some(step) = me.find_at(rule, site).map_err(|_| Conflict)? {
                    return Ok(Some(step));
                }
            }
        }
        Ok(None)
    }

    /// Like [`Deducer::run`] without the step-by-step report. Ends in the same state, faster:
    /// with [`Rule::Colouring`] present, [`Rule::CornerPairs`] is skipped, since colouring's
    /// case analysis at the same sites has every constraint of the pairs' one and more, so it
    /// learns everything the pairs would (all rules are monotone: their common fixpoint does
    /// not depend on the order they run in).
    pub fn run_quietly(&mut self, rules: &[Rule]) -> Outcome {
        match self.run_limited(rules, usize::MAX).0 {
            Some(Next::Solved) => Outcome::Solved,
            Some(Next::Broken(_)) => Outcome::Contradiction,
            _ => Outcome::Stuck,
        }
    }

    /// Quietly applies steps (as [`Deducer::run_quietly`]) until solved, stuck or
    /// contradictory, or `cap` steps: how it ended (`None` at the cap), and the steps taken.
    fn run_limited(&mut self, rules: &[Rule], cap: usize) -> (Option<Next>, usize) {
        let quiet = std::mem::replace(&mut self.quiet, true);
        let order: Vec<Rule> = if rules.contains(&Rule::Colouring) {
            in_order(rules).into_iter().filter(|&r| r != Rule::CornerPairs).collect()
        } else {
            in_order(rules)
        };
        let mut n = 0;
        let end = loop {
            if n >= cap {
                break None;
            }
            match self.next(&order) {
                Next::Step(_) => n += 1,
                end => break Some(end),
            }
        };
        self.quiet = quiet;
        (end, n)
    }

    /// Decides an edge from outside the rules: an edge another solver proved (the levels run
    /// Loopy's solver and this engine in turn). Deciding a decided edge the other way leaves
    /// the deducer contradictory; the next run reports it.
    pub fn assume(&mut self, e: Edge, s: EdgeState) {
        if s != EdgeState::Unknown {
            self.set_edge(e, s);
        }
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
        for &r in Rule::ALL {
            if matches!(
                r.looks_at(),
                queues::SiteKind::Edge
                    | queues::SiteKind::Cut
                    | queues::SiteKind::Any
                    | queues::SiteKind::Global
            ) {
                self.queues.push_every_site(r);
            }
        }
    }

    fn run_with(&mut self, rules: &[Rule], exhaustive: bool, mut on_step: impl FnMut(&Step)) -> Outcome {
        let order = in_order(rules);
        loop {
            if exhaustive {
                self.queue_everything();
            }
            match self.next(&order) {
                Next::Step(step) => on_step(&step),
                Next::Stuck => return Outcome::Stuck,
                Next::Solved => return Outcome::Solved,
                Next::Broken(_) => return Outcome::Contradiction,
            }
        }
    }

    /// Finds the first step of `order` (simplest first) from the sites queued, and applies
    /// it. With a trace, records what the step needed (or what the contradiction did).
    fn next(&mut self, order: &[Rule]) -> Next {
        if let Some(c) = self.broken {
            self.note_contradiction(c, None);
            return Next::Broken(c);
        }
        if self.unknown == 0 {
            if self.p.is_solution(&self.lines()) {
                return Next::Solved;
            }
            // A clue left short by a loop that closed (the rules would see it too late).
            let short = self.d.cells().find_map(|cell| {
                let (k, lines) = (self.clue(cell)?, self.counts.cell_lines(self.d.cell_index(cell) as u32));
                (lines < k).then_some(Contradiction::Unmet { cell, clue: k })
            });
            let c = short.unwrap_or(Contradiction::NotASolution);
            self.note_contradiction(c, None);
            return Next::Broken(c);
        }
        for &rule in order {
            while let Some(site) = self.queues.pop(rule) {
                match self.find_at(rule, site) {
                    Err(c) => {
                        self.note_contradiction(c, Some((rule, site)));
                        return Next::Broken(c);
                    }
                    Ok(None) => {}
                    Ok(Some(step)) => {
                        // The same site may have more to give after this step.
                        self.queues.push(rule, site);
                        self.note_step(site, &step);
                        self.apply(&step);
                        return Next::Step(step);
                    }
                }
            }
        }
        Next::Stuck
    }

    /// The step `rule` finds at `site` (a site of the rule's kind), if any.
    fn find_at(&self, rule: Rule, site: Site) -> Result<Option<Step>, Contradiction> {
        match (rule, site) {
            (Rule::Zero | Rule::ClueNeedsAll | Rule::ClueSatisfied, Site::Cell(cell)) => {
                self.clue_rules(rule, cell)
            }
            (Rule::OnlyWayOut | Rule::DotFull | Rule::DeadEnd, Site::Dot(dot)) => self.dot_rules(rule, dot),
            (Rule::AdjacentThrees | Rule::DiagonalThrees, Site::Cell(cell)) => self.three_pairs(rule, cell),
            (
                Rule::ThreeBlockedCorner
                | Rule::TwoBlockedCorner
                | Rule::OneBlockedCorner
                | Rule::ThreeEntered
                | Rule::TwoEntered
                | Rule::OneEntered,
                Site::Cell(cell),
            ) => self.corner_rules(rule, cell),
            (Rule::ThreeOneDiagonal, Site::Cell(cell)) => self.three_one(cell),
            (Rule::NoPrematureLoop, Site::Edge(e)) => self.no_premature_loop(e),
            (Rule::CutParity, Site::Cut(cut)) => self.cut_parity(cut),
            (Rule::CornerPairs, Site::Cell(cell)) => self.cases(rule, &self.cell_local(cell), false),
            (Rule::CornerPairs, Site::Dot(dot)) => self.cases(rule, &self.dot_local(dot), false),
            (Rule::Colouring, Site::Edge(e)) => self.colour_edge(e),
            (Rule::Colouring, Site::Cell(cell)) => self.cases(rule, &self.cell_local(cell), true),
            (Rule::Colouring, Site::Dot(dot)) => self.cases(rule, &self.dot_local(dot), true),
            (Rule::Connectivity, Site::Board) => self.connectivity(),
            // A site of another kind than the rule's: never queued.
            _ => Ok(None),
        }
    }
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
}
