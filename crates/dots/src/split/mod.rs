//! A solve split into independent parts: the game tree of a position to a given number of lines
//! drawn, with the distinct positions at its frontier (up to the board's symmetries and exchanges
//! of twin lines) as the parts to solve, and the minimax that turns their values back into the
//! position's value and a best move.
//!
//! This is how large game solves are run on many machines: each frontier position is solved on
//! its own, in any order and anywhere, and the small tree above them is searched last. The tree
//! is rebuilt from the root and the depth alone (it is deterministic), so the parts need carry
//! nothing but their position.
//!
//! Where a box can be taken, only the captures the solver searches are expanded
//! ([`Compact::capture_options`], proved there): the other moves cannot be better, so the
//! minimax's value is the position's.

mod proof;

use std::collections::HashMap;

use crate::board::{Position, Score};
use crate::compact::{Geometry, GeometryError, LineSet, from_position};
use crate::theory::{Compact, View};
use pencilbox_grid::Edge;

pub use proof::{Proof, Request, Test};

/// The largest depth a split takes: the tree above the frontier is held in memory, and each
/// more line multiplies the parts by about the number of lines.
pub const MAX_SPLIT_DEPTH: u32 = 8;

/// The most positions (inner and frontier) a split's tree may hold: a bound on its memory (a
/// few hundred bytes a position) whatever the board and depth asked.
pub const MAX_SPLIT_POSITIONS: usize = 20_000_000;

/// Why a position cannot be split.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SplitError {
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    #[error("a split goes 1 to {MAX_SPLIT_DEPTH} lines deep, not {0}")]
    Depth(u32),
    #[error("the split's tree passed {MAX_SPLIT_POSITIONS} positions: split fewer lines deep")]
    TooLarge,
    #[error("the game ends within {0} lines: there is nothing to split (`dots solve` solves it at once)")]
    NoParts(u32),
}

/// Why the parts' values do not give the root's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    #[error("{} of the {total} parts have no value yet", .missing.len())]
    Missing { missing: Vec<usize>, total: usize },
    #[error("{given} values were given for {total} parts")]
    WrongCount { given: usize, total: usize },
}

/// The tree of a position down to `depth` more lines, and its frontier.
#[derive(Debug, Clone)]
pub struct Split {
    geo: Geometry,
    depth: u32,
    /// Inner positions; the root is node 0. A node with no moves is a finished game.
    nodes: Vec<Vec<Step>>,
    /// The distinct frontier positions, each in its class's key form (a position of the same
    /// value: an image under a symmetry and exchanges of twins).
    parts: Vec<LineSet>,
}

/// One move of an inner position: its line, the boxes it completes, whether it hands the
/// opponent a box, and where it leads.
#[derive(Debug, Clone, Copy)]
struct Step {
    edge: Edge,
    completes: u32,
    gives: bool,
    to: Target,
}

#[derive(Debug, Clone, Copy)]
enum Target {
    Node(usize),
    Part(usize),
}

/// What the parts' bounds prove about a split position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Merged {
    /// Bounds on the net score for the player to move, over the unclaimed boxes: equal when
    /// the value is known.
    pub lower: Score,
    pub upper: Score,
    /// A best move, when the value is known (`None` too when every line is drawn).
    pub best: Option<Edge>,
}

impl Merged {
    /// The exact value, when the bounds meet.
    pub fn value(&self) -> Option<Score> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

impl Split {
    /// The tree of `position` down to `depth` (at least 1) more lines drawn (fewer where the
    /// game ends first). Each distinct frontier position is one part.
    pub fn new(position: &Position, depth: u32) -> Result<Split, SplitError> {
        if !(1..=MAX_SPLIT_DEPTH).contains(&depth) {
            return Err(SplitError::Depth(depth));
        }
        let (geo, root) = from_position(position)?;
        let mut split = Split { geo, depth, nodes: Vec::new(), parts: Vec::new() };
        let mut seen = HashMap::new();
        split.expand(root, depth, &mut seen)?;
        if split.parts.is_empty() {
            return Err(SplitError::NoParts(depth));
        }
        Ok(split)
    }

    /// Adds the subtree of `lines` (`left` lines above the frontier) and says where it is.
    fn expand(
        &mut self,
        lines: LineSet,
        left: u32,
        seen: &mut HashMap<LineSet, Target>,
    ) -> Result<Target, SplitError> {
        let (key, _) = self.geo.class_key(lines);
        if let Some(&t) = seen.get(&key) {
            return Ok(t);
        }
        if seen.len() >= MAX_SPLIT_POSITIONS {
            return Err(SplitError::TooLarge);
        }
        let undrawn = self.geo.undrawn(lines);
        let target = if left == 0 && undrawn != LineSet::EMPTY {
            self.parts.push(key);
            Target::Part(self.parts.len() - 1)
        } else {
            let id = self.nodes.len();
            self.nodes.push(Vec::new());
            let pos = Compact::new(&self.geo, lines);
            let mut options = Vec::new();
            if pos.can_take() {
                pos.capture_options(true, |e| {
                    if !options.contains(&e) {
                        options.push(e);
                    }
                });
            } else {
                options.extend(undrawn.iter());
            }
            let options: Vec<(Edge, u32, bool)> =
                options.into_iter().map(|e| (e, pos.completes(e), pos.gives_box(e))).collect();
            let steps = options
                .into_iter()
                .map(|(edge, completes, gives)| {
                    let to = self.expand(LineSet(lines.0 | 1 << edge.0), left.saturating_sub(1), seen)?;
                    Ok(Step { edge, completes, gives, to })
                })
                .collect::<Result<_, SplitError>>()?;
            self.nodes[id] = steps;
            Target::Node(id)
        };
        seen.insert(key, target);
        Ok(target)
    }

    /// How many lines deep the split goes.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The parts to solve, in a fixed order: their values, in this order, go to [`Split::merge`].
    pub fn parts(&self) -> &[LineSet] {
        &self.parts
    }

    /// How many inner positions the tree above the parts has.
    pub fn inner_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// What the parts' bounds prove about the root, by minimax over the tree: `bounds[i]` are
    /// `(lower, upper)` on the value of part `i` for its player to move (equal when exact).
    /// Every part needs its bounds: the missing ones are named.
    pub fn merge(&self, bounds: &[Option<(Score, Score)>]) -> Result<Merged, MergeError> {
        if bounds.len() != self.parts.len() {
            return Err(MergeError::WrongCount { given: bounds.len(), total: self.parts.len() });
        }
        let missing: Vec<usize> = (0..bounds.len()).filter(|&i| bounds[i].is_none()).collect();
        if !missing.is_empty() {
            return Err(MergeError::Missing { missing, total: self.parts.len() });
        }
        let mut memo = vec![None; self.nodes.len()];
        let steps: Vec<(Edge, (Score, Score))> =
            self.nodes[0].iter().map(|step| (step.edge, self.step_bounds(step, bounds, &mut memo))).collect();
        let lower = steps.iter().map(|s| s.1.0).max().unwrap_or(0);
        let upper = steps.iter().map(|s| s.1.1).max().unwrap_or(0);
        // A move proved to reach the value is best.
        let best = if lower == upper { steps.iter().find(|s| s.1.0 == lower).map(|s| s.0) } else { None };
        Ok(Merged { lower, upper, best })
    }

    fn step_bounds(
        &self,
        step: &Step,
        bounds: &[Option<(Score, Score)>],
        memo: &mut Vec<Option<(Score, Score)>>,
    ) -> (Score, Score) {
        let (lower, upper) = match step.to {
            Target::Part(i) => bounds[i].unwrap_or_default(),
            Target::Node(c) => self.node_bounds(c, bounds, memo),
        };
        (
            step_value(step, if step.completes > 0 { lower } else { upper }),
            step_value(step, if step.completes > 0 { upper } else { lower }),
        )
    }

    fn node_bounds(
        &self,
        n: usize,
        bounds: &[Option<(Score, Score)>],
        memo: &mut Vec<Option<(Score, Score)>>,
    ) -> (Score, Score) {
        if let Some(b) = memo[n] {
            return b;
        }
        let mut b: Option<(Score, Score)> = None;
        for step in &self.nodes[n] {
            let (l, u) = self.step_bounds(step, bounds, memo);
            b = Some(b.map_or((l, u), |(bl, bu)| (bl.max(l), bu.max(u))));
        }
        // A finished game is worth nothing more.
        let b = b.unwrap_or((0, 0));
        memo[n] = Some(b);
        b
    }
}

/// A move's value for its player: the boxes it completes, then the value after it, which is the
/// same player's when it completed a box and the opponent's otherwise.
fn step_value(step: &Step, after: Score) -> Score {
    let boxes = Score::try_from(step.completes).unwrap_or(Score::MAX);
    if step.completes > 0 { boxes + after } else { -after }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::solver::{Solver, TableSize};
    use pencilbox_grid::Dims;
    use rand::{Rng, SeedableRng};

    /// Solves every part exactly and merges.
    fn merged(position: &Position, depth: u32) -> (Merged, usize) {
        let split = Split::new(position, depth).unwrap();
        let mut solver = Solver::new(split.geometry().clone(), TableSize::Mib(16));
        let bounds: Vec<Option<(Score, Score)>> =
            split.parts().iter().map(|&p| Some(solver.value(p).map(|v| (v, v)).unwrap())).collect();
        (split.merge(&bounds).unwrap(), split.parts().len())
    }

    /// A random position of a board of at most 3x3 boxes.
    pub(super) fn random_position(rng: &mut impl Rng) -> Position {
        let dims = Dims::new(rng.random_range(1..=3), rng.random_range(1..=3)).unwrap();
        let mut position = Position::empty_of(dims).unwrap();
        let drawn = rng.random_range(0..dims.num_edges());
        for _ in 0..drawn {
            let moves: Vec<Edge> = position.legal_moves().collect();
            position.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        position
    }

    #[test]
    fn merged_values_equal_the_direct_solve_on_random_positions() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for trial in 0..60 {
            let position = random_position(&mut rng);
            let (geo, lines) = from_position(&position).unwrap();
            let mut solver = Solver::new(geo, TableSize::Mib(16));
            let direct = solver.value(lines).unwrap();
            let name = format!("trial {trial}: {} {}", position.dims(), position.line_string());
            for depth in 1..=3 {
                if position.num_undrawn() <= depth as usize {
                    assert_eq!(
                        Split::new(&position, depth).unwrap_err(),
                        SplitError::NoParts(depth),
                        "{name}"
                    );
                    continue;
                }
                let (m, _) = merged(&position, depth);
                assert_eq!(m.value(), Some(direct), "{name} at depth {depth}");
                match m.best {
                    Some(best) => {
                        assert_eq!(solver.move_value(lines, best).unwrap(), direct, "{name}: best move")
                    }
                    None => assert!(position.is_over()),
                }
            }
        }
    }

    #[test]
    fn the_empty_3x3_split_merges_to_its_known_value() {
        let empty = Position::empty(3, 3).unwrap();
        let (m, parts) = merged(&empty, 2);
        // The empty 3x3 board is a win by 3 for the second player.
        assert_eq!(m.value(), Some(-3));
        // Two lines on 24: far fewer classes than the 552 ordered pairs.
        assert!(parts < 100, "{parts} parts");
    }

    #[test]
    fn missing_values_are_named() {
        let split = Split::new(&Position::empty(2, 2).unwrap(), 2).unwrap();
        let n = split.parts().len();
        let mut values = vec![Some((0, 0)); n];
        values[1] = None;
        assert_eq!(split.merge(&values), Err(MergeError::Missing { missing: vec![1], total: n }));
        assert_eq!(split.merge(&values[1..]), Err(MergeError::WrongCount { given: n - 1, total: n }));
        assert_eq!(Split::new(&Position::empty(2, 2).unwrap(), 9).unwrap_err(), SplitError::Depth(9));
    }
}
