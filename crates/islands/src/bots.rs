//! The bots: `random`, `greedy` (1-ply) and `strong`: exact when affordable; else the move that
//! wins an estimate, the same game with only a few regions per number, one per set of numbers
//! it kills ([`Field::representative_regions`]); else Monte Carlo tree search with exact values
//! for small positions.
//!
//! Why the estimate: in `medium` and `large` games nearly every move kills numbers, so the game
//! is decided by the parity of the moves left, which depends on which numbers survive each move,
//! not on the shape of the regions. Replaying lost games (`examples/duel.rs --analyse`) showed the
//! earlier bot (exact search, then MCTS with random playouts) losing in the middle game, with
//! 10–20 live numbers, where random playouts misjudge that parity and the exact search cannot
//! finish: there are thousands of regions per number. With a handful of regions per number the
//! same Grundy / Win-Draw-Loss search usually finishes there within the move's budget.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use pencilbox_cgt::Outcome;
use rand::Rng;
use rand::seq::SliceRandom;

use crate::board::Board;
use crate::field::{Bias, Field};
use crate::moves::Move;
use crate::solve::{Moves, Solver, Status, status};

/// How hard a bot thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random live number, painted by a random region.
    Random,
    /// The move after which the opponent has the fewest live numbers (an immediate win first).
    Greedy,
    /// Exact when the solver finishes in time, else a move that wins the estimate (see the
    /// module documentation), else Monte Carlo tree search.
    Strong,
}

pencilbox_grid::named!(Level, "level", { Random => "random", Greedy => "greedy", Strong => "strong" });

/// The contest's limit on one move, start-up of the program included: what a referee or a
/// tournament allows by default, and the web page's thinking time.
pub const MOVE_LIMIT: Duration = Duration::from_millis(1000);

/// What the contest program (`pencilbox islands move`) spends by default: [`MOVE_LIMIT`] less a
/// margin for starting the process and writing `game.out`.
pub const CONTEST_BUDGET: Duration = Duration::from_millis(900);

/// The bot's move, or `None` when the game is over (draw, or no legal move). Never illegal;
/// returns by `deadline` (plus the time of one playout).
pub fn choose_move(board: &Board, level: Level, deadline: Instant, rng: &mut impl Rng) -> Option<Move> {
    if status(board) != Status::Ongoing {
        return None;
    }
    let (field, dead) = Field::from_board(board);
    let region = match level {
        Level::Random => random_region(&field, rng),
        Level::Greedy => greedy(&field, dead, rng),
        Level::Strong => strong(board, &field, dead, deadline, rng),
    };
    region.map(|r| field.to_move(&r))
}

fn random_region(field: &Field, rng: &mut impl Rng) -> Option<Vec<usize>> {
    let numbers: Vec<(usize, usize)> = field.numbers().collect();
    let &(root, k) = numbers.get(rng.random_range(0..numbers.len().max(1)))?;
    field.random_region(root, k, Bias::Uniform, rng)
}

/// Candidate regions: every region of a number when it has few, else samples grown with each
/// [`Bias`] (so regions that kill neighbours and compact ones that protect them are present).
pub fn candidates(field: &Field, rng: &mut impl Rng) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for (root, k) in field.numbers() {
        if let Some(all) = field.regions(root, k, 24) {
            out.extend(all);
            continue;
        }
        for bias in [Bias::Uniform, Bias::Kill, Bias::Protect] {
            for _ in 0..4 {
                if let Some(mut r) = field.random_region(root, k, bias, rng) {
                    r.sort_unstable();
                    if seen.insert(r.clone()) {
                        out.push(r);
                    }
                }
            }
        }
    }
    out
}

/// The 1-ply score of a region: an immediate win is best, then the fewest live numbers left
/// for the opponent; a draw counts like leaving half a number.
fn greedy_score(field: &Field, dead: bool, region: &[usize]) -> f64 {
    let mut child = field.clone();
    let died = child.play(region) | dead;
    let live = child.numbers().count();
    match (live, died) {
        (0, true) => 1e9,
        (0, false) => -0.5,
        _ => -(live as f64),
    }
}

fn greedy(field: &Field, dead: bool, rng: &mut impl Rng) -> Option<Vec<usize>> {
    let mut cands = candidates(field, rng);
    cands.shuffle(rng);
    let scores: Vec<f64> = cands.iter().map(|r| greedy_score(field, dead, r)).collect();
    let best = (0..cands.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b]))?;
    Some(cands.swap_remove(best))
}

fn strong(
    board: &Board,
    field: &Field,
    dead: bool,
    deadline: Instant,
    rng: &mut impl Rng,
) -> Option<Vec<usize>> {
    let now = Instant::now();
    let total = deadline.saturating_duration_since(now);
    let live = field.numbers().count();
    // The exact search rarely finishes before the last few moves, and then it is quick: a small
    // share of the time, none when there are many numbers, most of it on small fields (a 5×5
    // board), where it nearly always finishes.
    let exact_share = match (field.open_cells(), live) {
        (0..=SMALL_OPEN_CELLS, _) => 0.6,
        (_, 0..=EXACT_MAX_LIVE) => 0.1,
        _ => 0.0,
    };
    let mut solver = Solver::new(Some(now + total.mul_f64(exact_share)));
    let exact = if exact_share > 0.0 { solver.solve(board).ok() } else { None };
    if let Some(sol) = &exact
        && sol.outcome != Outcome::Loss
    {
        return sol.best.as_ref().map(|m| field.region_of(m));
    }
    let mut root_moves = None;
    if exact.is_none() && live <= ESTIMATE_MAX_LIVE {
        // Too big to solve: value the moves in the smaller game of representative regions.
        match estimate(field, dead, now + total.mul_f64(0.8)) {
            Estimate::Choice(region) => return Some(region),
            Estimate::Open(moves) => root_moves = Some(moves),
            Estimate::AllLost | Estimate::OutOfTime => {}
        }
    }
    // Lost against perfect play (or in the estimate), or undecided: search for the move that
    // does best in practice, keeping what the solver has learnt about parts.
    solver.set_deadline(Some(deadline));
    Mcts::new(field.clone(), dead, solver)
        .search(deadline, root_moves, rng)
        .or_else(|| random_region(field, rng))
}

/// Fields with at most this many open cells get most of the time for the exact search.
const SMALL_OPEN_CELLS: usize = 60;
/// The exact search is tried with at most this many live numbers.
const EXACT_MAX_LIVE: usize = 40;
/// The estimate is tried with at most this many live numbers (a `large` opening has about 200,
/// with thousands of representative moves that could not be valued in time).
const ESTIMATE_MAX_LIVE: usize = 80;

/// What the estimate in the game of representative regions says about the root moves.
#[derive(Debug)]
enum Estimate {
    /// A move that wins in the estimate (or draws, when every other move loses in it).
    Choice(Vec<usize>),
    /// No move wins in time; these (with their greedy scores) were not found to lose: undecided
    /// moves and drawing ones.
    Open(Vec<(f64, Vec<usize>)>),
    /// Every move loses in the estimate.
    AllLost,
    /// Not even the moves could be listed in time.
    OutOfTime,
}

/// Values the representative moves of `field` with a [`Moves::Representative`] solver, with
/// growing node budgets per move until `until`: the likeliest winners (fewest numbers left to
/// the opponent, as `greedy` scores them) first, as they are also the cheapest to value.
fn estimate(field: &Field, dead: bool, until: Instant) -> Estimate {
    let mut solver = Solver::with_moves(Moves::Representative, Some(until));
    let mut moves: Vec<(f64, Vec<usize>)> = Vec::new();
    for (root, k) in field.numbers() {
        if Instant::now() >= until {
            return Estimate::OutOfTime;
        }
        moves.extend(
            field.representative_regions(root, k).into_iter().map(|r| (greedy_score(field, dead, &r), r)),
        );
    }
    moves.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut value: Vec<Option<Outcome>> = vec![None; moves.len()];
    let mut budget = 200u64;
    while Instant::now() < until && value.iter().any(Option::is_none) {
        for (j, (_, region)) in moves.iter().enumerate() {
            if value[j].is_some() {
                continue;
            }
            if Instant::now() >= until {
                break;
            }
            let mut child = field.clone();
            let died = child.play(region) | dead;
            if let Ok(o) = solver.outcome_after(&child, died, budget) {
                value[j] = Some(o);
                if o == Outcome::Win {
                    return Estimate::Choice(region.clone());
                }
            }
        }
        budget *= 4;
    }
    if value.iter().any(Option::is_none) {
        // A move that draws in the estimate stays in the running with the undecided ones.
        return Estimate::Open(
            moves
                .into_iter()
                .zip(value)
                .filter(|(_, v)| v.is_none_or(|o| o == Outcome::Draw))
                .map(|(m, _)| m)
                .collect(),
        );
    }
    match moves.into_iter().zip(value).find(|(_, v)| *v == Some(Outcome::Draw)) {
        Some(((_, r), _)) => Estimate::Choice(r),
        None => Estimate::AllLost,
    }
}

/// A node of the search tree. Rewards are for the player who moved into the node.
#[derive(Debug)]
struct Node {
    field: Field,
    died: bool,
    terminal: Option<f64>,
    untried: Option<Vec<Vec<usize>>>,
    children: Vec<(Vec<usize>, usize)>,
    visits: f64,
    reward: f64,
}

impl Node {
    fn new(field: Field, died: bool, terminal: Option<f64>) -> Node {
        Node { field, died, terminal, untried: None, children: Vec::new(), visits: 0.0, reward: 0.0 }
    }
}

/// Monte Carlo tree search (UCT with progressive widening below the root, random playouts).
/// Positions with few open cells are valued exactly by a shared [`Solver`] with a node budget.
#[derive(Debug)]
struct Mcts {
    nodes: Vec<Node>,
    solver: Solver,
    /// Small boards (at most [`WIDE_CELLS`] cells, e.g. 15×15): every candidate of every node is
    /// listed, the root expands them all and every position where a number has died is tried
    /// exactly. On bigger boards candidates below the root are sampled one at a time, the root
    /// widens progressively and only positions made of small parts are tried exactly (measured
    /// in tournaments against `greedy`: each is the stronger choice on its board size).
    wide: bool,
}

const WIDE_CELLS: usize = 250;

/// Positions at most this many open cells are tried exactly inside the tree.
const EXACT_OPEN_CELLS: usize = 40;
const EXACT_BUDGET: u64 = 400;
/// Once a draw is impossible, positions whose parts all have at most this many open cells.
const EXACT_PART_CELLS: usize = 80;
const UCT_C: f64 = 0.7;

impl Mcts {
    fn new(field: Field, died: bool, solver: Solver) -> Mcts {
        let wide = field.rows() * field.cols() <= WIDE_CELLS;
        Mcts { nodes: vec![Node::new(field, died, None)], solver, wide }
    }

    fn search(
        mut self,
        deadline: Instant,
        root_moves: Option<Vec<(f64, Vec<usize>)>>,
        rng: &mut impl Rng,
    ) -> Option<Vec<usize>> {
        // At the root, try the greedy order first and take an immediate win at once.
        let root = &self.nodes[0];
        let (cands, scores) = match root_moves {
            Some(scored) => scored.into_iter().map(|(s, r)| (r, s)).unzip(),
            None => {
                let mut cands = candidates(&root.field, rng);
                cands.shuffle(rng);
                // Scoring every candidate is the costliest step on big boards: keep it within a
                // share of the budget (unscored candidates go last).
                let stop_scoring =
                    Instant::now() + deadline.saturating_duration_since(Instant::now()).mul_f64(0.3);
                let mut scores = vec![f64::NEG_INFINITY; cands.len()];
                for (j, r) in cands.iter().enumerate() {
                    if j % 32 == 0 && Instant::now() >= stop_scoring {
                        break;
                    }
                    scores[j] = greedy_score(&root.field, root.died, r);
                }
                (cands, scores)
            }
        };
        let cands: Vec<Vec<usize>> = cands;
        let scores: Vec<f64> = scores;
        let mut order: Vec<usize> = (0..cands.len()).collect();
        order.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]));
        if let Some(&top) = order.last()
            && scores[top] >= 1e9
        {
            return Some(cands[top].clone());
        }
        let ordered: Vec<Vec<usize>> = order.into_iter().map(|i| cands[i].clone()).collect();
        self.nodes[0].untried = Some(ordered);
        // Every root move gets a child (valued exactly when small enough) while a share of the
        // time lasts, best greedy first; afterwards the root widens progressively.
        let prepass = Instant::now() + deadline.saturating_duration_since(Instant::now()).mul_f64(0.35);
        while self.wide && Instant::now() < prepass {
            let Some(region) = self.nodes[0].untried.as_mut().and_then(Vec::pop) else { break };
            let child = self.expand(0, region);
            if self.nodes[child].terminal == Some(1.0) {
                return self.nodes[0].children.last().map(|(r, _)| r.clone());
            }
        }
        let mut iterations = 0u64;
        loop {
            if iterations.is_multiple_of(16) && Instant::now() >= deadline {
                break;
            }
            iterations += 1;
            self.iterate(rng);
            if let Some((r, _)) =
                self.nodes[0].children.iter().find(|&&(_, c)| self.nodes[c].terminal == Some(1.0))
            {
                return Some(r.clone());
            }
            if self.nodes[0].untried.as_ref().is_some_and(Vec::is_empty) && self.nodes[0].children.len() == 1
            {
                break; // one move only
            }
        }
        let root = &self.nodes[0];
        root.children
            .iter()
            .max_by(|a, b| self.nodes[a.1].visits.total_cmp(&self.nodes[b.1].visits))
            .map(|(r, _)| r.clone())
    }

    fn iterate(&mut self, rng: &mut impl Rng) {
        let mut path = vec![0usize];
        let mut node = 0;
        loop {
            if self.nodes[node].terminal.is_some() {
                break;
            }
            if self.nodes[node].untried.is_none() && self.wide {
                let mut c = candidates(&self.nodes[node].field, rng);
                c.shuffle(rng);
                self.nodes[node].untried = Some(c);
            }
            if self.nodes[node].untried.is_none() {
                // Below the root, candidates are sampled one at a time as widening allows.
                let fresh = sample_region(&self.nodes[node].field, rng);
                let known =
                    fresh.as_ref().is_none_or(|r| self.nodes[node].children.iter().any(|(c, _)| c == r));
                let n = &self.nodes[node];
                let allowed = 1 + (1.5 * n.visits.sqrt()) as usize;
                if let Some(region) =
                    fresh.filter(|_| !known && (n.children.len() < allowed || n.children.is_empty()))
                {
                    let child = self.expand(node, region);
                    path.push(child);
                    break;
                }
            }
            let n = &self.nodes[node];
            let allowed = if node == 0 && self.wide {
                usize::MAX
            } else if node == 0 {
                10 + (2.0 * n.visits.sqrt()) as usize
            } else {
                1 + (1.5 * n.visits.sqrt()) as usize
            };
            let can_expand = n.untried.as_ref().is_some_and(|u| !u.is_empty());
            if can_expand && (n.children.len() < allowed || n.children.is_empty()) {
                let region = self.nodes[node].untried.as_mut().and_then(Vec::pop).unwrap_or_default();
                let child = self.expand(node, region);
                path.push(child);
                break;
            }
            if n.children.is_empty() {
                break;
            }
            let ln = n.visits.max(1.0).ln();
            let pick = n
                .children
                .iter()
                .map(|&(_, c)| {
                    let ch = &self.nodes[c];
                    let score = if ch.visits == 0.0 {
                        f64::INFINITY
                    } else {
                        ch.reward / ch.visits + UCT_C * (ln / ch.visits).sqrt()
                    };
                    (score, c)
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, c)| c)
                .unwrap_or(0);
            node = pick;
            path.push(node);
        }
        let leaf = *path.last().unwrap_or(&0);
        let mut r = match self.nodes[leaf].terminal {
            Some(r) => r,
            None => 1.0 - playout(&self.nodes[leaf].field, self.nodes[leaf].died, rng),
        };
        for &i in path.iter().rev() {
            self.nodes[i].visits += 1.0;
            self.nodes[i].reward += r;
            r = 1.0 - r;
        }
    }

    fn expand(&mut self, parent: usize, region: Vec<usize>) -> usize {
        let mut field = self.nodes[parent].field.clone();
        let died = field.play(&region) | self.nodes[parent].died;
        let terminal = if !field.has_numbers() {
            Some(if died { 1.0 } else { 0.5 })
        } else if field.open_cells() <= EXACT_OPEN_CELLS
            || (died && (self.wide || field.parts().iter().all(|p| p.open_cells() <= EXACT_PART_CELLS)))
        {
            // Normal play: the value is the XOR over independent parts, and small parts recur
            // all over the tree, so a small budget per node often suffices with the shared memo.
            self.solver.outcome_after(&field, died, EXACT_BUDGET).ok().map(|o| match o {
                Outcome::Win => 1.0,
                Outcome::Draw => 0.5,
                Outcome::Loss => 0.0,
            })
        } else {
            None
        };
        self.nodes.push(Node::new(field, died, terminal));
        let id = self.nodes.len() - 1;
        self.nodes[parent].children.push((region, id));
        id
    }
}

/// One candidate region: a random live number grown with a random [`Bias`], sorted.
fn sample_region(field: &Field, rng: &mut impl Rng) -> Option<Vec<usize>> {
    let numbers: Vec<(usize, usize)> = field.numbers().collect();
    if numbers.is_empty() {
        return None;
    }
    let (root, k) = numbers[rng.random_range(0..numbers.len())];
    let bias = [Bias::Uniform, Bias::Kill, Bias::Protect][rng.random_range(0..3)];
    let mut r = field.random_region(root, k, bias, rng)?;
    r.sort_unstable();
    Some(r)
}

/// A random game from `field` (a number has died iff `died`); the reward for the player to move:
/// 1 win, 0.5 draw, 0 loss.
fn playout(field: &Field, mut died: bool, rng: &mut impl Rng) -> f64 {
    let mut f = field.clone();
    let mut nums: Vec<(usize, usize)> = f.numbers().collect();
    let mut mover_is_first = true;
    loop {
        let played = loop {
            if nums.is_empty() {
                break false;
            }
            let j = rng.random_range(0..nums.len());
            let (i, k) = nums[j];
            if !matches!(f.get(i), crate::field::Sq::Num(_)) {
                nums.swap_remove(j);
                continue;
            }
            match f.random_region(i, k, Bias::Uniform, rng) {
                None => {
                    f.set_wall(i);
                    died = true;
                    nums.swap_remove(j);
                }
                Some(r) => {
                    died |= f.play_fast(&r);
                    break true;
                }
            }
        };
        if !played {
            let mover_result = if died { 0.0 } else { 0.5 };
            return if mover_is_first { mover_result } else { 1.0 - mover_result };
        }
        mover_is_first = !mover_is_first;
    }
}

/// A deadline `budget` from `start`, less a safety margin for writing the answer and exiting.
pub fn search_deadline(start: Instant, budget: Duration) -> Instant {
    start + budget.mul_f64(0.6)
}
