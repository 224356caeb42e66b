//! The strong level's search for positions too large to solve exactly: Monte Carlo tree search
//! (UCT: Kocsis & Szepesvári 2006) whose playouts follow the shape of expert play, and whose
//! tree ends in exact values wherever they can be afforded.
//!
//! The tree is the same for every board; what a position is, which moves are worth searching,
//! how a playout ends and which positions have exact values belong to a [`Domain`]:
//!
//! * [`compact`]: boards of at most [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines, where the
//!   exact solver values the tree's small leaves and the ends of the playouts, and positions
//!   symmetric to each other share one node;
//! * [`large`]: larger boards (8×8 and up), without the solver: the tree's leaves and the
//!   playouts' ends are valued exactly where they are simple loony endgames
//!   ([`crate::endgame`]), and played out by the chain rules otherwise.
//!
//! Values are *future margins*: the boxes still unclaimed that the player to move ends up with,
//! minus the opponent's; they depend only on the lines drawn, so positions reached by different
//! move orders share one node (UCT over a graph: Childs, Brodeur & Kocsis 2008).
//!
//! The search reads the clock only through the caller's deadline and draws only from the
//! caller's random generator, so a seed and a deadline reproduce its choices up to timing.

pub mod compact;
pub mod large;

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use pencilbox_grid::Edge;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::Score;

pub use compact::Search;

/// The UCT exploration constant, for rewards in `[0, 1]`.
const EXPLORATION: f64 = 0.5;

/// About the most memory a search's graph may take. Once it is reached (a long time limit, a
/// large board) the graph stops growing below the root's moves: the search goes on selecting
/// down the graph it has and plays out from its leaves. The bound leaves a long search on a
/// large board room to grow, well within a machine's memory (docs/PERFORMANCE.md, "Strong level
/// settings", has a node's size and the growth per second).
const MAX_GRAPH_BYTES: usize = 256 << 20;

/// What the tree needs of a form of position.
pub trait Domain {
    /// A position as a node holds it.
    type Pos: Clone;
    /// What identifies a node: positions with the same key share one.
    type Key: Eq + Hash;
    /// The boxes not yet claimed in `p` (margins are scaled by the root's into rewards).
    fn unclaimed(&self, p: &Self::Pos) -> u32;
    /// The key of `p` and the position its node holds (a symmetric image of `p` where the
    /// domain shares nodes between symmetric positions).
    fn node(&self, p: Self::Pos) -> (Self::Key, Self::Pos);
    /// The exact future margin of `p` for its mover, when the domain affords it (never asked of
    /// the root, which is to be searched).
    fn exact(&mut self, p: &Self::Pos) -> Option<Score>;
    /// The moves the tree considers in `p`, which has an undrawn line and no exact value; at
    /// the root (`is_root`) every move must be the caller's line.
    fn options(&self, p: &Self::Pos, is_root: bool) -> Vec<Edge>;
    /// The position after drawing `e` in `p`, and the boxes `e` completes (then the mover
    /// moves again).
    fn play(&self, p: &Self::Pos, e: Edge) -> (Self::Pos, Score);
    /// Plays the game out from `p` and returns the future margin of its player to move.
    fn playout(&mut self, p: &Self::Pos, rng: &mut impl Rng) -> Score;
    /// Whether every line of `p` is drawn.
    fn is_over(&self, p: &Self::Pos) -> bool;
    /// The bytes `p` holds on the heap, and its key (for [`MAX_GRAPH_BYTES`]).
    fn heap_bytes(&self, p: &Self::Pos) -> usize;
}

/// A position of the search graph.
#[derive(Debug)]
struct Node<P> {
    pos: P,
    visits: u32,
    /// Sum of the future margins of the playouts through this node, of those of its
    /// even-numbered playouts (the second, fourth, ...: an independent half of them), and of
    /// their squares.
    sum: f64,
    sum_even: f64,
    sum_sq: f64,
    /// Moves not yet expanded.
    untried: Vec<Edge>,
    /// Expanded moves: the line, the boxes it completes (then the mover moves again) and the
    /// node it leads to.
    children: Vec<(Edge, Score, u32)>,
    /// The exact future margin, when known.
    exact: Option<Score>,
}

impl<P> Node<P> {
    fn mean(&self) -> f64 {
        match self.exact {
            Some(m) => f64::from(m),
            None => self.sum / f64::from(self.visits.max(1)),
        }
    }

    /// The sample variance of the margins of the playouts through the node (0 when exact or with
    /// fewer than two).
    fn variance(&self) -> f64 {
        if self.exact.is_some() || self.visits < 2 {
            return 0.0;
        }
        let n = f64::from(self.visits);
        ((self.sum_sq - self.sum * self.sum / n) / (n - 1.0)).max(0.0)
    }

    /// Counts one more playout through the node, of future margin `v` for its mover.
    fn record(&mut self, v: f64) {
        self.visits += 1;
        self.sum += v;
        self.sum_sq += v * v;
        if self.visits.is_multiple_of(2) {
            self.sum_even += v;
        }
    }

    /// The means of the odd- and even-numbered playouts through the node (both the mean when
    /// exact; an empty half counts as the other).
    fn halves(&self) -> [f64; 2] {
        if self.exact.is_some() || self.visits < 2 {
            return [self.mean(); 2];
        }
        let even = self.visits / 2;
        let odd = self.visits - even;
        [(self.sum - self.sum_even) / f64::from(odd), self.sum_even / f64::from(even)]
    }
}

/// The search's view of one move at the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveEstimate {
    pub line: Edge,
    /// The mover's expected net score of the boxes still unclaimed after drawing `line`.
    pub value: f64,
    /// Whether `value` is exact.
    pub exact: bool,
    /// Playouts through the move.
    pub visits: u32,
    /// The means of the move's odd- and even-numbered playouts, for the mover (both `value`
    /// when exact): their difference measures the playouts' noise ([`unbiased`]).
    pub halves: [f64; 2],
    /// `value` corrected for the winner's curse (the move's empirical-Bayes estimate,
    /// [`Shrinkage`]; `value` itself when exact): what to show a person as the move's value, so
    /// that the moves' values agree with the position's.
    pub corrected: f64,
    /// The sample variance of the margins of the move's playouts (0 when exact).
    pub variance: f64,
    /// How sure `corrected` is: its standard error, 0 when exact; `None` when the move's
    /// playouts are too few to estimate it ([`Sureness`]).
    pub std_error: Option<f64>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The chosen line.
    pub line: Edge,
    /// The mover's expected net score of the boxes still unclaimed, playing `line`: its exact
    /// value when known, else its mean corrected for the winner's curse ([`unbiased`]). A
    /// guess, not an estimate, when `std_error` is `None`: not to be shown as a value.
    pub value: f64,
    /// How sure `value` is: its standard error, 0 when exact; `None` when the search is too
    /// thin to estimate it ([`Sureness`]).
    pub std_error: Option<f64>,
    /// Playouts run.
    pub playouts: u32,
    /// Every root move the search looked at, best first by corrected value.
    pub moves: Vec<MoveEstimate>,
}

/// One search from a position over a [`Domain`]; the graph is not kept between moves.
pub struct Tree<'r, D: Domain, R: Rng> {
    domain: D,
    rng: &'r mut R,
    nodes: Vec<Node<D::Pos>>,
    index: HashMap<D::Key, u32>,
    /// About the memory the graph takes, and the most it may ([`MAX_GRAPH_BYTES`]).
    bytes: usize,
    max_bytes: usize,
    /// Unclaimed boxes at the root: margins are scaled by this into rewards in `[0, 1]`.
    boxes: f64,
    deadline: Instant,
    /// Set by the caller to stop before the deadline ([`Tree::set_cancel`]).
    cancel: Option<Arc<AtomicBool>>,
}

impl<D: Domain, R: Rng> std::fmt::Debug for Tree<'_, D, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tree").field("nodes", &self.nodes.len()).finish()
    }
}

impl<'r, D: Domain, R: Rng> Tree<'r, D, R> {
    /// A search over `domain` drawing from `rng`, until `deadline`.
    pub fn with_domain(domain: D, rng: &'r mut R, deadline: Instant) -> Self {
        Tree {
            domain,
            rng,
            nodes: Vec::new(),
            index: HashMap::new(),
            bytes: 0,
            max_bytes: MAX_GRAPH_BYTES,
            boxes: 1.0,
            deadline,
            cancel: None,
        }
    }

    /// Stop searching, as at the deadline, as soon as `cancel` is set (after at least one
    /// playout, so that there is an answer).
    pub fn set_cancel(&mut self, cancel: Option<Arc<AtomicBool>>) {
        self.cancel = cancel;
    }

    /// The best line for the player to move in `root` (which must have an undrawn line), found
    /// by searching until the deadline (at least one playout: the first moves tried, in random order,
    /// are all the search knows when the deadline comes early).
    pub fn run(&mut self, root: D::Pos) -> Estimate {
        self.boxes = root_boxes(&self.domain, &root);
        self.nodes.clear();
        self.index.clear();
        self.bytes = 0;
        // The root keeps its own orientation, so that its moves are the caller's lines.
        let untried = self.domain.options(&root, true);
        self.nodes.push(Node {
            pos: root,
            visits: 0,
            sum: 0.0,
            sum_even: 0.0,
            sum_sq: 0.0,
            untried,
            children: Vec::new(),
            exact: None,
        });
        let root = 0;
        let mut playouts = 0u32;
        loop {
            let mut path = Vec::new();
            self.iterate(root, &mut path);
            playouts += 1;
            let node = &self.nodes[root as usize];
            if node.untried.is_empty() && self.solved_children(root) {
                break;
            }
            // A playout can take milliseconds (its exact end), so the clock is read after each.
            if Instant::now() >= self.deadline
                || self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
            {
                break;
            }
        }
        let moves: Vec<MoveEstimate> = self.nodes[root as usize]
            .children
            .iter()
            .map(|&(line, k, c)| {
                let child = &self.nodes[c as usize];
                MoveEstimate {
                    line,
                    value: after(k, child.mean()),
                    exact: child.exact.is_some(),
                    visits: child.visits,
                    halves: child.halves().map(|h| after(k, h)),
                    corrected: after(k, child.mean()),
                    variance: child.variance(),
                    std_error: None,
                }
            })
            .collect();
        finish(moves, playouts, Sureness::of_boxes(self.boxes))
    }

    /// Whether every move at the root has an exact value (then searching on changes nothing).
    fn solved_children(&self, root: u32) -> bool {
        self.nodes[root as usize].children.iter().all(|&(_, _, c)| self.nodes[c as usize].exact.is_some())
    }

    /// The node of `pos` (a new one unless one with the same key exists).
    fn node_of(&mut self, pos: D::Pos) -> u32 {
        let (key, pos) = self.domain.node(pos);
        if let Some(&n) = self.index.get(&key) {
            return n;
        }
        let exact = if self.domain.is_over(&pos) { Some(0) } else { self.domain.exact(&pos) };
        let untried = if exact.is_some() { Vec::new() } else { self.domain.options(&pos, false) };
        self.bytes += size_of::<Node<D::Pos>>()
            + size_of::<(D::Key, u32)>()
            + untried.capacity() * size_of::<Edge>()
            + self.domain.heap_bytes(&pos);
        self.nodes.push(Node {
            pos,
            visits: 0,
            sum: 0.0,
            sum_even: 0.0,
            sum_sq: 0.0,
            untried,
            children: Vec::new(),
            exact,
        });
        let n = (self.nodes.len() - 1) as u32;
        self.index.insert(key, n);
        n
    }

    /// One iteration from `at`: select down the graph, expand one move, play out, and back up
    /// the future margin of `at`'s mover, which is returned. `path` guards against cycles
    /// (none exist: every move draws a line).
    fn iterate(&mut self, at: u32, path: &mut Vec<u32>) -> f64 {
        path.push(at);
        let node = &self.nodes[at as usize];
        // The root's moves are always expanded, so that the search has an answer.
        let full = self.bytes >= self.max_bytes && at != 0;
        let value = if let Some(m) = node.exact {
            f64::from(m)
        } else if full && node.children.is_empty() {
            // The graph may not grow: play out from here.
            let pos = node.pos.clone();
            f64::from(self.domain.playout(&pos, self.rng))
        } else if !node.untried.is_empty() && !full && (at != 0 || root_may_widen(node)) {
            let i = self.rng.random_range(0..node.untried.len());
            let e = self.nodes[at as usize].untried.swap_remove(i);
            let (pos, k) = self.domain.play(&self.nodes[at as usize].pos, e);
            let child = self.node_of(pos);
            self.nodes[at as usize].children.push((e, k, child));
            let c = &self.nodes[child as usize];
            let v = match c.exact {
                Some(m) => f64::from(m),
                None => {
                    let pos = c.pos.clone();
                    f64::from(self.domain.playout(&pos, self.rng))
                }
            };
            self.nodes[child as usize].record(v);
            after(k, v)
        } else {
            let (k, child) = self.select(at);
            let v = self.iterate(child, path);
            after(k, v)
        };
        self.nodes[at as usize].record(value);
        value
    }

    /// The UCT choice among the expanded moves of `at`.
    fn select(&self, at: u32) -> (Score, u32) {
        let node = &self.nodes[at as usize];
        let log_n = f64::from(node.visits.max(1)).ln();
        let score = |&(_, k, c): &(Edge, Score, u32)| {
            let child = &self.nodes[c as usize];
            let reward = 0.5 + after(k, child.mean()) / (2.0 * self.boxes);
            reward + EXPLORATION * (log_n / f64::from(child.visits.max(1))).sqrt()
        };
        let &(_, k, c) = node
            .children
            .iter()
            .max_by(|a, b| score(a).total_cmp(&score(b)))
            .expect("a node without an exact value has a move");
        (k, c)
    }
}

/// Whether the root may try one more of its moves: while it has fewer than the square root of
/// its playouts (progressive widening: Coulom, "Computing Elo Ratings of Move Patterns in the
/// Game of Go", 2007; Chaslot et al., "Progressive Strategies for Monte-Carlo Tree Search",
/// 2008). Trying every move first leaves each with one playout wherever the playouts are fewer
/// than the moves (a board of hundreds of lines at a second): the move chosen is then the one
/// whose single random game went best, and its value that game's luck. Widened, the moves tried
/// get about as many playouts each as there are moves tried, so that the choice compares means;
/// once the playouts reach the square of the moves, every move is tried as before.
fn root_may_widen<P>(root: &Node<P>) -> bool {
    let tried = root.children.len() as f64;
    tried * tried < f64::from(root.visits + 1)
}

/// The mover's value of a move completing `k` boxes into a position worth `child` to its
/// mover (the same player when `k > 0`).
fn after(k: Score, child: f64) -> f64 {
    if k > 0 { f64::from(k) + child } else { -child }
}

/// Searches `root` until `deadline` (or until `cancel` is set) on two threads: two independent
/// searches over `first` and `second` (each with its own solver, where the domain has one), the
/// second drawing from a generator seeded from `rng`, whose root statistics are merged (root
/// parallelism: Chaslot, Winands & van den Herik, "Parallel Monte-Carlo Tree Search", 2008).
/// Each root move's estimate is the mean over the playouts of both searches, or its exact value
/// where either search has one. A seed still reproduces the choices up to timing.
pub fn search_two<D>(
    first: D,
    second: D,
    rng: &mut impl Rng,
    deadline: Instant,
    cancel: Option<Arc<AtomicBool>>,
    root: D::Pos,
) -> Estimate
where
    D: Domain + Send,
    D::Pos: Send,
{
    let mut second_rng = ChaCha8Rng::seed_from_u64(rng.random());
    let sureness = Sureness::of_boxes(root_boxes(&first, &root));
    let second_root = root.clone();
    let second_cancel = cancel.clone();
    let (a, b) = std::thread::scope(|scope| {
        let helper = scope.spawn(move || {
            let mut tree = Tree::with_domain(second, &mut second_rng, deadline);
            tree.set_cancel(second_cancel);
            tree.run(second_root)
        });
        let mut tree = Tree::with_domain(first, rng, deadline);
        tree.set_cancel(cancel);
        let a = tree.run(root);
        (a, helper.join().expect("the second search thread panicked"))
    });
    merge(a, b, sureness)
}

/// The root statistics of two searches of the same position, as one estimate.
fn merge(a: Estimate, b: Estimate, sureness: Sureness) -> Estimate {
    let mut moves = a.moves;
    for m in b.moves {
        match moves.iter_mut().find(|x| x.line == m.line) {
            Some(x) if x.exact => x.visits += m.visits,
            Some(x) if m.exact => *x = MoveEstimate { visits: x.visits + m.visits, ..m },
            Some(x) => *x = pooled(x, &m),
            None => moves.push(m),
        }
    }
    finish(moves, a.playouts + b.playouts, sureness)
}

/// The estimate from the root moves' statistics: each move's corrected value and how sure it is
/// set, the move to play chosen by them, and the moves listed with that one first, then the
/// others best first.
fn finish(mut moves: Vec<MoveEstimate>, playouts: u32, sureness: Sureness) -> Estimate {
    let shrinkage = Shrinkage::of(&moves);
    for m in &mut moves {
        m.corrected = shrinkage.apply(m);
        m.std_error = sureness.std_error(m);
    }
    sort_moves(&mut moves);
    let best = choose(&moves);
    let value = unbiased(&moves, &best);
    let at = moves.iter().position(|m| m.line == best.line).expect("the chosen move is a root move");
    moves[..=at].rotate_right(1);
    Estimate { line: best.line, value, std_error: best.std_error, playouts, moves }
}

/// One move's statistics from two searches' samples of it (each half pooled with its own, the
/// variance from both samples' squared deviations about the pooled mean).
fn pooled(a: &MoveEstimate, b: &MoveEstimate) -> MoveEstimate {
    let visits = a.visits + b.visits;
    let mean =
        |x: f64, m: u32, y: f64, n: u32| (x * f64::from(m) + y * f64::from(n)) / f64::from((m + n).max(1));
    let half = |v: u32, i: usize| if i == 0 { v - v / 2 } else { v / 2 };
    let halves = [0, 1].map(|i| mean(a.halves[i], half(a.visits, i), b.halves[i], half(b.visits, i)));
    let (na, nb) = (f64::from(a.visits), f64::from(b.visits));
    let squares = (na - 1.0).max(0.0) * a.variance
        + (nb - 1.0).max(0.0) * b.variance
        + if visits > 0 { na * nb / (na + nb) * (a.value - b.value).powi(2) } else { 0.0 };
    let variance = if visits >= 2 { squares / f64::from(visits - 1) } else { 0.0 };
    MoveEstimate { value: mean(a.value, a.visits, b.value, b.visits), visits, halves, variance, ..*a }
}

/// The fewest playouts through a move for its mean to be an estimate: the standard error of a
/// mean is measured by the playouts' own spread, and from fewer this measure is itself too
/// unsure (two playouts may agree by chance and claim no error at all; from ten, the measured
/// spread is under half the true one about once in a hundred for normal margins: a χ² with
/// nine degrees of freedom below 9/4).
pub const MIN_PLAYOUTS: u32 = 10;

/// The largest standard error an estimate may have, as a share of the boxes still unclaimed
/// (`B`): then its 95% interval (±2 standard errors) spans at most a fifth of the margins the
/// position can end with (`−B..=B`). A wider one says little that the range itself does not:
/// on a board far larger than the search can sample in its time, the few playouts through
/// each move end by who gets control, far apart, and the best of their means is luck (docs/PERFORMANCE.md, "Honest estimates", has the errors measured by board).
pub const MAX_STD_ERROR_SHARE: f64 = 0.1;

/// When a search's mean is an estimate, and how sure it is: a move's mean is one when it rests
/// on at least [`MIN_PLAYOUTS`] playouts and its standard error (the playouts' spread over the
/// root of their count) is at most [`MAX_STD_ERROR_SHARE`] of the boxes unclaimed at the root.
/// The error is that of the move's mean; its corrected value is drawn toward the other moves'
/// mean, which narrows the error, so the measure errs on the safe side there. It measures the
/// sampling only: the playouts are not best play, and their bias comes on top (where exact
/// values can be checked, the estimates run high and the exact value lies within two standard
/// errors less often than sampling alone would have it: docs/PERFORMANCE.md, "Honest
/// estimates").
#[derive(Clone, Copy, Debug)]
struct Sureness {
    /// The boxes unclaimed at the root ([`root_boxes`]).
    boxes: f64,
}

/// The boxes unclaimed at `root`, at least one: the scale of its margins, for the rewards and
/// for [`Sureness`].
fn root_boxes<D: Domain>(domain: &D, root: &D::Pos) -> f64 {
    f64::from(domain.unclaimed(root).max(1))
}

impl Sureness {
    fn of_boxes(boxes: f64) -> Sureness {
        Sureness { boxes }
    }

    /// The standard error of `m`'s value: 0 when exact, `None` when too thin to estimate.
    fn std_error(self, m: &MoveEstimate) -> Option<f64> {
        if m.exact {
            return Some(0.0);
        }
        if m.visits < MIN_PLAYOUTS {
            return None;
        }
        let error = (m.variance / f64::from(m.visits)).sqrt();
        (error <= MAX_STD_ERROR_SHARE * self.boxes).then_some(error)
    }
}

/// The median of a χ² variable with one degree of freedom: the median of the squared
/// deviations of normal draws is this share of their variance.
const CHI2_1_MEDIAN: f64 = 0.4549;

/// The value of the position by the search: the chosen move's mean corrected for the winner's
/// curse (its `corrected`, by [`Shrinkage`]). Against exact values it is as close as the chosen
/// move's mean and, unlike it, unbiased; the mean over all playouts is biased the other way, as
/// it counts bad moves too (docs/PERFORMANCE.md, "Strong level settings"). An exact value among
/// the moves is a proven lower bound, and the chosen move's exact value is kept as it is.
fn unbiased(moves: &[MoveEstimate], best: &MoveEstimate) -> f64 {
    if best.exact {
        return best.value;
    }
    let proven = moves.iter().filter(|m| m.exact).map(|m| m.value).fold(f64::NEG_INFINITY, f64::max);
    best.corrected.max(proven)
}

/// The correction of the moves' means for the winner's curse. The best of many noisy means is
/// biased upwards, by many boxes on a large board where hundreds of moves share the playouts
/// and each playout's margin spreads widely (docs/PERFORMANCE.md, "Strong level settings").
/// So each move's mean is shrunk toward the mean over all playouts by the share of the spread
/// between moves that is not noise (empirical Bayes, Efron & Morris 1973): with `σ²/n` the noise
/// in a move's mean and `τ²` the spread of the moves' true values, the weight is
/// `τ² / (τ² + σ²/n)`. `σ²` comes from the difference of each move's two halves of playouts;
/// `τ²` from the median squared deviation of the means, less their noise (the median, so that a
/// few bad moves, such as early sacrifices, do not make the good ones look spread out).
#[derive(Clone, Copy, Debug)]
struct Shrinkage {
    /// The mean over the sampled moves' playouts, and `τ²` and `σ²`; `None` when fewer than
    /// two moves have two playouts (then means are taken as they are).
    fit: Option<(f64, f64, f64)>,
}

impl Shrinkage {
    fn of(moves: &[MoveEstimate]) -> Shrinkage {
        let sampled: Vec<&MoveEstimate> = moves.iter().filter(|m| !m.exact && m.visits >= 2).collect();
        if sampled.len() < 2 {
            return Shrinkage { fit: None };
        }
        let visits: f64 = sampled.iter().map(|m| f64::from(m.visits)).sum();
        let center = sampled.iter().map(|m| m.value * f64::from(m.visits)).sum::<f64>() / visits;
        // The two halves' means differ by noise of variance about 4σ²/n.
        let sigma2 = sampled
            .iter()
            .map(|m| f64::from(m.visits) * (m.halves[0] - m.halves[1]).powi(2) / 4.0)
            .sum::<f64>()
            / sampled.len() as f64;
        let spread = median(sampled.iter().map(|m| (m.value - center).powi(2)).collect()) / CHI2_1_MEDIAN;
        let typical = median(sampled.iter().map(|m| f64::from(m.visits)).collect());
        let tau2 = (spread - sigma2 / typical).max(0.0);
        Shrinkage { fit: Some((center, tau2, sigma2)) }
    }

    /// The move's corrected value: its exact value; its mean when there is no fit; else its mean
    /// shrunk toward the centre (the centre itself for a move without playouts).
    fn apply(self, m: &MoveEstimate) -> f64 {
        match self.fit {
            _ if m.exact => m.value,
            Some((center, tau2, sigma2)) if m.visits > 0 => {
                let noise = sigma2 / f64::from(m.visits);
                let weight = if tau2 + noise > 0.0 { tau2 / (tau2 + noise) } else { 1.0 };
                center + weight * (m.value - center)
            }
            Some((center, ..)) => center,
            None => m.value,
        }
    }
}

/// The median of a non-empty list.
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 { xs[n / 2] } else { (xs[n / 2 - 1] + xs[n / 2]) / 2.0 }
}

/// The move to play among `moves` (sorted best first, at least one): the best by corrected value
/// among those with an exact value or at least half the playouts of the most played one, so that
/// a move is not chosen on the luck of a few playouts (the correction alone does not see luck
/// when there are too few moves to measure the noise). Moves alike in value go by playouts.
fn choose(moves: &[MoveEstimate]) -> MoveEstimate {
    let most = moves.iter().map(|m| m.visits).max().unwrap_or(0);
    let eligible = |m: &&MoveEstimate| m.exact || m.visits.saturating_mul(2) >= most;
    *moves.iter().find(eligible).or(moves.first()).expect("a position with an undrawn line has a move")
}

/// Best first: by corrected value, then by playouts.
fn sort_moves(moves: &mut [MoveEstimate]) {
    moves.sort_by(|a, b| b.corrected.total_cmp(&a.corrected).then(b.visits.cmp(&a.visits)));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A root with room for the test's margins: every estimate with enough playouts is sure.
    const WIDE: Sureness = Sureness { boxes: 1e6 };

    fn estimate(line: usize, value: f64, exact: bool, visits: u32) -> MoveEstimate {
        MoveEstimate {
            line: Edge(line),
            value,
            exact,
            visits,
            halves: [value; 2],
            corrected: value,
            variance: 0.0,
            std_error: None,
        }
    }

    /// A graph at its memory limit stops growing below the root's moves, and the search goes on
    /// playing out from its leaves until its deadline.
    #[test]
    fn a_full_graph_stops_growing_and_still_answers() {
        use crate::board::Position;
        use crate::mcts::large::LargeDomain;
        use pencilbox_grid::Dims;
        let pos = Position::empty_of(Dims::new(9, 9).unwrap()).unwrap();
        let root_moves = LargeDomain.options(&pos, true).len();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut tree =
            Tree::with_domain(LargeDomain, &mut rng, Instant::now() + std::time::Duration::from_millis(300));
        tree.max_bytes = 0;
        let estimate = tree.run(pos.clone());
        assert!(tree.nodes.len() <= 1 + root_moves, "{} nodes", tree.nodes.len());
        assert!(pos.is_legal(estimate.line));
        assert!(estimate.playouts as usize >= estimate.moves.len());
    }

    #[test]
    fn merging_weights_means_by_playouts_and_keeps_exact_values() {
        let a = Estimate {
            line: Edge(1),
            value: 1.0,
            std_error: None,
            playouts: 40,
            moves: vec![estimate(1, 1.0, false, 30), estimate(2, 0.0, false, 10)],
        };
        let b = Estimate {
            line: Edge(2),
            value: -1.0,
            std_error: None,
            playouts: 60,
            moves: vec![
                estimate(2, -1.0, true, 20),
                estimate(1, -2.0, false, 30),
                estimate(3, 5.0, false, 10),
            ],
        };
        let m = merge(a, b, WIDE);
        assert_eq!(m.playouts, 100);
        let seen: Vec<(Edge, f64, bool, u32)> =
            m.moves.iter().map(|x| (x.line, x.value, x.exact, x.visits)).collect();
        assert_eq!(
            seen,
            vec![(Edge(1), -0.5, false, 60), (Edge(3), 5.0, false, 10), (Edge(2), -1.0, true, 30)]
        );
        // Line 1's 30 playouts at 1 and 30 at -2 (each with no spread of its own) are spread by
        // their difference alone: 30 · 30 / 60 · 3² over 59.
        assert!((m.moves[0].variance - 15.0 * 9.0 / 59.0).abs() < 1e-9, "{:?}", m.moves[0]);
        assert_eq!(m.moves[2].std_error, Some(0.0));
        // Line 3 leads by value on 10 playouts, under half of line 1's 60: line 1 is played.
        assert_eq!((m.line, m.value), (Edge(1), -0.5));
    }

    /// A move seen through 30 playouts of spread `sigma` around `truth`: its two halves of
    /// playouts and their mean, drawn from the generator.
    fn sampled(line: usize, truth: f64, sigma: f64, rng: &mut ChaCha8Rng) -> MoveEstimate {
        let mut half = || {
            truth + sigma * (0..15).map(|_| rng.random_range(-1.0..1.0f64)).sum::<f64>() * 3f64.sqrt() / 15.0
        };
        let halves = [half(), half()];
        MoveEstimate {
            line: Edge(line),
            value: (halves[0] + halves[1]) / 2.0,
            exact: false,
            visits: 30,
            halves,
            corrected: (halves[0] + halves[1]) / 2.0,
            variance: sigma * sigma,
            std_error: None,
        }
    }

    /// The best of many noisy means is no estimate of the position: 200 moves of the same true
    /// value seen through noisy playouts give a best mean far above it, and the corrected value
    /// stays near it. Where the moves really differ (little noise), the best mean stands.
    #[test]
    fn the_chosen_value_is_corrected_for_the_winners_curse() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut moves: Vec<MoveEstimate> = (0..200).map(|i| sampled(i, 2.0, 40.0, &mut rng)).collect();
        sort_moves(&mut moves);
        let best = choose(&moves);
        assert!(best.value > 12.0, "the best mean {} is far above 2", best.value);
        let value = finish(moves, 0, WIDE).value;
        assert!((value - 2.0).abs() < 3.0, "corrected {value}");
        // True values 0, 1, ..., 19 seen with little noise: the best is worth about 19.
        let moves: Vec<MoveEstimate> = (0..20).map(|i| sampled(i, i as f64, 0.5, &mut rng)).collect();
        let value = finish(moves.clone(), 0, WIDE).value;
        assert!((value - 19.0).abs() < 0.5, "{value}");
        // An exact move is a proven lower bound; a chosen exact move keeps its value.
        let mut with_exact = moves;
        with_exact.push(estimate(99, 25.0, true, 1));
        assert_eq!(finish(with_exact, 0, WIDE).value, 25.0);
        let noisy: Vec<MoveEstimate> =
            (0..50).map(|i| sampled(i, -10.0, 40.0, &mut rng)).chain([estimate(99, -5.0, true, 1)]).collect();
        assert!(finish(noisy, 0, WIDE).value >= -5.0);
    }

    /// Every move's shown value is corrected as the position's is: the chosen move's corrected
    /// value is the position's value, each sampled move's lies between the centre and its own
    /// mean, and exact values stand.
    #[test]
    fn each_moves_value_is_corrected_as_the_positions_is() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let moves: Vec<MoveEstimate> = (0..60)
            .map(|i| sampled(i, 2.0, 40.0, &mut rng))
            .chain([estimate(98, -4.0, true, 3), MoveEstimate { visits: 0, ..estimate(97, 9.0, false, 0) }])
            .collect();
        let estimate = finish(moves, 1800, WIDE);
        let best = estimate.moves.iter().find(|m| m.line == estimate.line).unwrap();
        assert_eq!(best.corrected, estimate.value);
        assert!(best.value > estimate.value + 5.0, "{best:?} {}", estimate.value);
        let sampled: Vec<&MoveEstimate> =
            estimate.moves.iter().filter(|m| !m.exact && m.visits > 0).collect();
        let center = sampled.iter().map(|m| m.value).sum::<f64>() / sampled.len() as f64;
        for m in &sampled {
            let (lo, hi) = if m.value < center { (m.value, center) } else { (center, m.value) };
            assert!((lo - 1e-9..=hi + 1e-9).contains(&m.corrected), "{m:?} centre {center}");
        }
        let exact = estimate.moves.iter().find(|m| m.exact).unwrap();
        assert_eq!(exact.corrected, -4.0);
        let unseen = estimate.moves.iter().find(|m| m.visits == 0).unwrap();
        assert!((unseen.corrected - center).abs() < 1e-9, "{unseen:?}");
    }

    /// The move played is chosen by corrected value and listed first, and its corrected value is
    /// the position's: a move whose higher mean rests on fewer playouts is shrunk more and not
    /// played, and a move no better than the others in truth is not shown above the one played.
    #[test]
    fn the_move_played_leads_the_list_and_carries_the_positions_value() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let with_visits = |m: MoveEstimate, visits: u32| MoveEstimate { visits, ..m };
        // Forty moves spread around 0 with noise, then A: mean 5 over 50 playouts, and C: mean
        // 4.9 over 100, each with halves that show the same noise as the others.
        let mut moves: Vec<MoveEstimate> = (0..40).map(|i| sampled(i, 0.0, 30.0, &mut rng)).collect();
        let noisy = |line, mean: f64, visits| MoveEstimate {
            halves: [mean - 2.0, mean + 2.0],
            ..with_visits(estimate(line, mean, false, visits), visits)
        };
        moves.push(noisy(100, 5.0, 50));
        moves.push(noisy(101, 4.9, 100));
        let estimate = finish(moves, 4000, WIDE);
        let first = estimate.moves[0];
        assert_eq!(first.line, estimate.line);
        assert_eq!(first.corrected, estimate.value);
        assert_eq!(estimate.line, Edge(101), "{:?}", &estimate.moves[..3]);
        assert!(
            estimate.moves[1..].iter().all(|m| m.corrected <= first.corrected),
            "{:?}",
            &estimate.moves[..3]
        );
        // All alike (no spread beyond the noise): the most played move is played.
        let alike: Vec<MoveEstimate> =
            (0..30).map(|i| with_visits(sampled(i, 1.0, 40.0, &mut rng), 30 + i as u32)).collect();
        let estimate = finish(alike, 1300, WIDE);
        assert_eq!(estimate.line, Edge(29), "{:?}", &estimate.moves[..3]);
    }

    /// A mean is an estimate from [`MIN_PLAYOUTS`] playouts on, with a standard error of at most
    /// [`MAX_STD_ERROR_SHARE`] of the boxes; an exact value is sure.
    #[test]
    fn an_estimate_needs_enough_playouts_and_a_small_error() {
        let sure = Sureness::of_boxes(100.0);
        let with = |visits, variance| MoveEstimate { variance, ..estimate(1, 3.0, false, visits) };
        assert_eq!(sure.std_error(&with(MIN_PLAYOUTS - 1, 0.0)), None);
        assert_eq!(sure.std_error(&with(MIN_PLAYOUTS, 0.0)), Some(0.0));
        // 100 playouts of standard deviation 100: an error of 10, the most allowed for 100 boxes.
        assert_eq!(sure.std_error(&with(100, 100.0 * 100.0)), Some(10.0));
        assert_eq!(sure.std_error(&with(100, 101.0 * 101.0)), None);
        assert_eq!(sure.std_error(&estimate(1, 3.0, true, 1)), Some(0.0));
    }

    /// A search stopped after its first playout on a board far beyond its reach has a move to
    /// play and no estimate: its value rests on one playout.
    #[test]
    fn a_search_too_thin_says_so() {
        use crate::board::Position;
        use crate::mcts::large::LargeDomain;
        use pencilbox_grid::Dims;
        let pos = Position::empty_of(Dims::new(20, 20).unwrap()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let far = Instant::now() + std::time::Duration::from_secs(3600);
        let mut tree = Tree::with_domain(LargeDomain, &mut rng, far);
        tree.set_cancel(Some(Arc::new(AtomicBool::new(true))));
        let estimate = tree.run(pos.clone());
        assert_eq!(estimate.playouts, 1);
        assert!(pos.is_legal(estimate.line));
        assert_eq!(estimate.std_error, None, "{estimate:?}");
        assert!(estimate.moves.iter().all(|m| m.std_error.is_none()));
    }

    #[test]
    fn the_move_played_is_the_best_with_an_exact_value_or_enough_playouts() {
        let sorted = [estimate(1, 3.0, false, 9), estimate(2, 2.0, true, 1), estimate(3, 1.0, false, 20)];
        assert_eq!(choose(&sorted).line, Edge(2));
        let sorted = [estimate(1, 3.0, false, 10), estimate(2, 2.0, false, 1), estimate(3, 1.0, false, 20)];
        assert_eq!(choose(&sorted).line, Edge(1));
        let sorted = [estimate(1, 3.0, false, 9), estimate(2, 2.0, false, 1), estimate(3, 1.0, false, 20)];
        assert_eq!(choose(&sorted).line, Edge(3));
    }
}
