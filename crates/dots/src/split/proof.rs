//! Proving a conjectured value of a split position with as few parts as it takes.
//!
//! Solving every part exactly does far more work than one search would: alpha-beta never looks
//! at most of them. When the root's value `v` is known or conjectured, the parts need only
//! answer one-sided questions (is this part's value at least `t`, or at most `t`?), and only
//! the parts of two proof trees need answering: for "the root is at least `v`", one move at
//! each of the root player's turns (or the first `width` moves, asked at once) and every move at
//! the opponent's; for "at most `v`", the reverse. This is how Takizawa's Othello solve (2023) split its work. Where the move chosen
//! at a turn turns out not to reach its bound, the next one is asked for in a further round:
//! [`Split::prove`] says what is still needed given what is known so far.

use std::collections::{BTreeSet, HashMap};

use super::{Split, Step, Target};
use crate::board::Score;
use pencilbox_grid::Edge;

/// A one-sided question about the value of a position for its player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Test {
    AtLeast(Score),
    AtMost(Score),
}

impl Test {
    /// The window a solve must decide the value in to answer the question
    /// ([`Solver::bounds_within`](crate::solver::Solver::bounds_within)): the value clamped
    /// to it says which side of the bound the value is on.
    pub fn window(self) -> (Score, Score) {
        match self {
            Test::AtLeast(t) => (t - 1, t),
            Test::AtMost(t) => (t, t + 1),
        }
    }

    /// The answer that bounds `(lower, upper)` on the value give, if they give one.
    fn decide(self, (lower, upper): (Score, Score)) -> Option<bool> {
        match self {
            Test::AtLeast(t) if lower >= t => Some(true),
            Test::AtLeast(t) if upper < t => Some(false),
            Test::AtMost(t) if upper <= t => Some(true),
            Test::AtMost(t) if lower > t => Some(false),
            _ => None,
        }
    }

    /// The question about the position after `step` that answers this one about the step.
    fn through(self, step: &Step) -> Test {
        let c = Score::try_from(step.completes).unwrap_or(Score::MAX);
        match (self, c > 0) {
            // The mover moves again: the boxes taken come off the bound.
            (Test::AtLeast(t), true) => Test::AtLeast(t - c),
            (Test::AtMost(t), true) => Test::AtMost(t - c),
            // The opponent moves: their value is the negation.
            (Test::AtLeast(t), false) => Test::AtMost(-t),
            (Test::AtMost(t), false) => Test::AtLeast(-t),
        }
    }
}

/// A part and the question to ask of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Request {
    pub part: usize,
    pub test: Test,
}

/// Where the proof of a conjectured root value stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// Whether the root's value is at least / at most the conjecture, when known.
    pub at_least: Option<bool>,
    pub at_most: Option<bool>,
    /// A root move proved to reach the conjecture (when `at_least` is proved).
    pub best: Option<Edge>,
    /// The questions still to answer to decide what is unknown, in a fixed order.
    pub needed: Vec<Request>,
}

impl Proof {
    /// The root's value, when both sides are proved.
    pub fn value(&self, guess: Score) -> Option<Score> {
        (self.at_least == Some(true) && self.at_most == Some(true)).then_some(guess)
    }
}

/// Where a question about one position stands, and the parts it still needs.
type Answer = (Option<bool>, BTreeSet<Request>);

/// What a proof is given: the parts' bounds, and how many moves to ask about at once.
struct Cx<'a> {
    known: &'a [Option<(Score, Score)>],
    width: usize,
}

impl Split {
    /// Where the proof that the root's value is `guess` stands, given `known[i]`: bounds on
    /// part `i`'s value (for its player to move) from the answers so far, `None` for none.
    /// Where one move must reach a bound, the first `width` moves not yet refuted are asked
    /// about at once: more jobs, fewer rounds.
    pub fn prove(&self, guess: Score, known: &[Option<(Score, Score)>], width: usize) -> Proof {
        let mut memo = HashMap::new();
        let cx = Cx { known, width: width.max(1) };
        let known = &cx;
        let (at_least, mut needed) = self.answer(Target::Node(0), Test::AtLeast(guess), known, &mut memo);
        let (at_most, more) = self.answer(Target::Node(0), Test::AtMost(guess), known, &mut memo);
        needed.extend(more);
        let best = if at_least == Some(true) {
            self.ordered(0).into_iter().find(|step| {
                self.answer(step.to, Test::AtLeast(guess).through(step), known, &mut memo).0 == Some(true)
            })
        } else {
            None
        }
        .map(|step| step.edge);
        Proof { at_least, at_most, best, needed: needed.into_iter().collect() }
    }

    /// The moves of node `n` in the order a proof tries them: captures, then moves that give
    /// nothing away, then the rest (the order in which a best move is usually found).
    fn ordered(&self, n: usize) -> Vec<&Step> {
        let mut steps: Vec<&Step> = self.nodes[n].iter().collect();
        steps.sort_by_key(|s| (s.completes == 0, s.gives, s.edge.0));
        steps
    }

    fn answer(
        &self,
        target: Target,
        test: Test,
        known: &Cx<'_>,
        memo: &mut HashMap<(usize, Test), Answer>,
    ) -> Answer {
        let n = match target {
            Target::Part(i) => {
                return match known.known[i].and_then(|b| test.decide(b)) {
                    Some(answer) => (Some(answer), BTreeSet::new()),
                    None => (None, BTreeSet::from([Request { part: i, test }])),
                };
            }
            Target::Node(n) => n,
        };
        if let Some(a) = memo.get(&(n, test)) {
            return a.clone();
        }
        let steps = self.ordered(n);
        let answer = if steps.is_empty() {
            // A finished game is worth nothing more.
            (test.decide((0, 0)), BTreeSet::new())
        } else {
            match test {
                // One move must reach the bound: the first `width` not refuted are asked about.
                Test::AtLeast(_) => {
                    let mut needed = BTreeSet::new();
                    let (mut open, mut proved) = (0, false);
                    for step in steps {
                        match self.answer(step.to, test.through(step), known, memo) {
                            (Some(true), _) => {
                                proved = true;
                                break;
                            }
                            (Some(false), _) => {}
                            (None, more) => {
                                if open < known.width {
                                    needed.extend(more);
                                }
                                open += 1;
                            }
                        }
                    }
                    match (proved, open) {
                        (true, _) => (Some(true), BTreeSet::new()),
                        (false, 0) => (Some(false), BTreeSet::new()),
                        (false, _) => (None, needed),
                    }
                }
                // Every move must stay within the bound.
                Test::AtMost(_) => {
                    let mut needed = BTreeSet::new();
                    let mut refuted = false;
                    for step in steps {
                        match self.answer(step.to, test.through(step), known, memo) {
                            (Some(false), _) => {
                                refuted = true;
                                break;
                            }
                            (Some(true), _) => {}
                            (None, more) => needed.extend(more),
                        }
                    }
                    if refuted {
                        (Some(false), BTreeSet::new())
                    } else if needed.is_empty() {
                        (Some(true), needed)
                    } else {
                        (None, needed)
                    }
                }
            }
        };
        memo.insert((n, test), answer.clone());
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::compact::from_position;
    use crate::solver::{Solver, TableSize};
    use crate::split::step_value;
    use rand::SeedableRng;

    /// Bounds on a value, narrowed by the answer (`yes` or not) to `test`: how a part's answers
    /// add up to what is known of it.
    fn narrow((lower, upper): (Score, Score), test: Test, yes: bool) -> (Score, Score) {
        match (test, yes) {
            (Test::AtLeast(t), true) => (lower.max(t), upper),
            (Test::AtLeast(t), false) => (lower, upper.min(t - 1)),
            (Test::AtMost(t), true) => (lower, upper.min(t)),
            (Test::AtMost(t), false) => (lower.max(t + 1), upper),
        }
    }

    /// Whether asking `test` of a move's value and asking `test.through(step)` of the value
    /// after it agree (`step_value` is the one rule of what a move is worth).
    fn check_through(step: &Step, test: Test, after: Score) -> bool {
        let v = step_value(step, after);
        let direct = match test {
            Test::AtLeast(t) => v >= t,
            Test::AtMost(t) => v <= t,
        };
        let through = match test.through(step) {
            Test::AtLeast(t) => after >= t,
            Test::AtMost(t) => after <= t,
        };
        direct == through
    }

    /// Rounds of proof until decided: each round answers the questions asked, with the solver
    /// to the question's window. Returns the proof and how many parts were asked about.
    fn prove(position: &Position, depth: u32, guess: Score, width: usize) -> (Proof, usize) {
        let split = Split::new(position, depth).unwrap();
        let mut solver = Solver::new(split.geometry().clone(), TableSize::Mib(16));
        let mut known: Vec<Option<(Score, Score)>> = vec![None; split.parts().len()];
        let mut asked = 0;
        for _round in 0..1000 {
            let proof = split.prove(guess, &known, width);
            if proof.needed.is_empty() {
                return (proof, asked);
            }
            for r in &proof.needed {
                let (floor, ceiling) = r.test.window();
                let (l, u) = solver.bounds_within(split.parts()[r.part], floor, ceiling).unwrap();
                let yes = r.test.decide((l, u)).expect("a solve to the window decides its test");
                let left = split.geometry().unclaimed_boxes(split.parts()[r.part]) as Score;
                let before = known[r.part].unwrap_or((-left, left));
                // Half the time the answer's bounds as the solver gave them (as `dots merge`
                // keeps them), else only the answer: both must do.
                known[r.part] = Some(if r.part % 2 == 0 {
                    (before.0.max(l), before.1.min(u))
                } else {
                    narrow(before, r.test, yes)
                });
                asked += 1;
            }
        }
        panic!("no proof after 1000 rounds");
    }

    #[test]
    fn proofs_decide_right_and_wrong_conjectures_like_the_direct_solve() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for trial in 0..60 {
            let position = super::super::tests::random_position(&mut rng);
            let (geo, lines) = from_position(&position).unwrap();
            let mut solver = Solver::new(geo, TableSize::Mib(16));
            let direct = solver.value(lines).unwrap();
            let name = format!("trial {trial}: {} {}", position.dims(), position.line_string());
            for depth in 1..=3 {
                if position.num_undrawn() <= depth as usize {
                    continue;
                }
                for (guess, width) in [(direct, 1), (direct - 1, 1), (direct + 2, 2), (direct, 3)] {
                    let (proof, _) = prove(&position, depth, guess, width);
                    assert_eq!(proof.at_least, Some(direct >= guess), "{name} depth {depth} guess {guess}");
                    assert_eq!(proof.at_most, Some(direct <= guess), "{name} depth {depth} guess {guess}");
                    if guess == direct {
                        assert_eq!(proof.value(guess), Some(direct));
                        match proof.best {
                            Some(best) => {
                                assert_eq!(
                                    solver.move_value(lines, best).unwrap(),
                                    direct,
                                    "{name}: best move"
                                );
                            }
                            None => assert!(position.is_over()),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_proof_asks_about_fewer_parts_than_the_split_has() {
        let empty = Position::empty(3, 3).unwrap();
        let split = Split::new(&empty, 3).unwrap();
        let (proof, asked) = prove(&empty, 3, -3, 1);
        assert_eq!(proof.value(-3), Some(-3));
        let (wide, more) = prove(&empty, 3, -3, 4);
        assert_eq!(wide.value(-3), Some(-3));
        assert!(more > 0 && asked > 0);
        assert!(asked < split.parts().len(), "{asked} questions for {} parts", split.parts().len());
    }

    #[test]
    fn a_question_through_a_move_is_the_same_question() {
        let to = Target::Part(0);
        for completes in 0..=2 {
            let step = Step { edge: Edge(0), completes, gives: false, to };
            for t in -4..=4 {
                for after in -6..=6 {
                    assert!(check_through(&step, Test::AtLeast(t), after));
                    assert!(check_through(&step, Test::AtMost(t), after));
                }
            }
        }
    }
}
