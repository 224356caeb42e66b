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
//! what the `trial-N` levels stand for ([`crate::level`]), so it is not a rule here.
//!
//! The parts: [`rules`](Rule) (the catalogue), `state` (the incremental bookkeeping and work
//! queues), `local` (the statement's pattern rules), `global` (loops, cuts, connectivity), and
//! `cases` (local case analysis for pairs and colours).

mod cases;
mod geometry;
mod global;
mod local;
mod lowpoints;
mod queues;
mod rules;
mod state;

use pencilbox_grid::{Cell, Dims, Dot, Edge, Orientation};

use crate::board::{Conflict, EdgeState};
pub use geometry::Quadrant;
use queues::Site;
pub use rules::Rule;
pub use state::Deducer;

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

impl Deducer {
    /// The first step any of `rules` (simplest first) can make from the current state, without
    /// applying it (a hint); `Ok(None)` when no rule applies, `Err` when the current state is
    /// part of no solution.
    pub fn next_step(&self, rules: &[Rule]) -> Result<Option<Step>, Conflict> {
        // The search pops work queues; a clone keeps this deducer as it was.
        let mut me = self.clone();
        me.quiet = false;
        let mut order: Vec<Rule> = rules.to_vec();
        order.sort_by_key(|r| r.index());
        if me.broken {
            return Err(Conflict);
        }
        for rule in order {
            while let Some(site) = me.queues.pop(rule) {
                if let Some(step) = me.find_at(rule, site)? {
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
        self.run_counted(rules).0
    }

    /// [`Deducer::run_quietly`], also counting the steps taken (for grades).
    pub fn run_counted(&mut self, rules: &[Rule]) -> (Outcome, u32) {
        self.quiet = true;
        let rules: Vec<Rule> = if rules.contains(&Rule::Colouring) {
            rules.iter().copied().filter(|&r| r != Rule::CornerPairs).collect()
        } else {
            rules.to_vec()
        };
        let mut steps = 0;
        let outcome = self.run(&rules, |_| steps += 1);
        self.quiet = false;
        (outcome, steps)
    }

    /// Decides an edge from outside the rules: an assumption to try (a trial), or an edge
    /// another solver proved. Deciding a decided edge the other way leaves the deducer
    /// contradictory; the next run reports it.
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
                while let Some(site) = self.queues.pop(rule) {
                    match self.find_at(rule, site) {
                        Err(Conflict) => return Outcome::Contradiction,
                        Ok(None) => {}
                        Ok(Some(step)) => {
                            // The same site may have more to give after this step.
                            self.queues.push(rule, site);
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

    /// The step `rule` finds at `site` (a site of the rule's kind), if any.
    fn find_at(&self, rule: Rule, site: Site) -> Result<Option<Step>, Conflict> {
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
