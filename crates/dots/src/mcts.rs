//! The strong level's search for positions too large to solve exactly: Monte Carlo tree search
//! (UCT: Kocsis & Szepesvári 2006) whose playouts follow the shape of expert play, and whose
//! tree ends in exact values wherever the solver can afford them.
//!
//! * **Moves in the tree.** Boxes that can be taken for free are taken at once (the solver's
//!   capture rule: it never loses). When a chain or loop is being handed out, the only moves
//!   worth considering are the captures and the double-dealing move that declines the last two
//!   boxes (four of a loop) — the same theorem the solver prunes with. While safe lines remain
//!   (lines that give nothing away), the moves are the safe lines and the hand-outs of short
//!   chains (one or two boxes, which change the parity of the fight for control); opening a
//!   long chain or a loop is never searched then. Once no safe line is left, one move per chain
//!   or loop (a 2-chain opened in its middle), plus every line next to a junction box.
//! * **Playouts.** Random safe lines until at most [`PLAYOUT_EXACT_SAFE_LINES`] are left. That
//!   position (the fight for control is nearly over: soon someone must hand out boxes) is solved
//!   exactly by the solver when it finishes within [`PLAYOUT_END_BUDGET`] (its table, kept
//!   between calls, makes repeats cheap); else random safe lines go on to the end, and the
//!   playout goes on by chain theory: the smallest chain is handed out, and a chain being handed
//!   out is taken except for the last two boxes when long chains or loops are still to come
//!   (keeping control; Berlekamp, *The Dots-and-Boxes Game*, 2000). The result is the final
//!   margin, so the search prefers the move that wins by most, not only one that wins. Exact
//!   playout ends matter: on the 5×5 midgame fixture they raised the share of value-optimal
//!   choices from 39% to 52–61% (docs/PERFORMANCE.md).
//! * **Exact leaves.** A position in the tree with no safe line left, or few undrawn lines, is
//!   solved by the exact solver (sharing its table from call to call) within a small budget; a
//!   solved node is a terminal of the tree with its exact margin.
//!
//! The search reads the clock only through the caller's deadline and draws only from the
//! caller's random generator, so a seed and a deadline reproduce its choices up to timing.

use std::collections::HashMap;
use std::time::Instant;

use pencilbox_grid::Edge;
use rand::Rng;

use crate::bot::{chain_capture, free_capture, smallest_handout};
use crate::chains::{Chains, NO_CHAIN};
use crate::lines::{Geometry, LineSet};
use crate::solver::Solver;

/// A tree position with at most this many undrawn lines is solved exactly (when the solver
/// finishes within [`EXACT_LEAF_BUDGET`]).
const EXACT_LEAF_LINES: u32 = 24;

/// The longest an exact leaf solve may take.
const EXACT_LEAF_BUDGET: std::time::Duration = std::time::Duration::from_millis(20);

/// A playout in its safe phase is solved exactly from the first position with at most this
/// many safe lines left (when the solver finishes within [`PLAYOUT_END_BUDGET`]). 0 solves only
/// once the safe lines are gone; 2 gives the solver the last moves of the fight for control too,
/// at some cost in playouts: on the 5x5 midgame fixture, over seeds 1–4, 57.8% value-optimal
/// choices and a mean loss of 1.06 boxes with 0, 63% and 0.88 with 2 (docs/PERFORMANCE.md).
const PLAYOUT_EXACT_SAFE_LINES: usize = 2;

/// The longest the solver may take on the end of a playout's safe phase.
const PLAYOUT_END_BUDGET: std::time::Duration = std::time::Duration::from_millis(2);

/// The UCT exploration constant, for rewards in `[0, 1]`.
const EXPLORATION: f64 = 0.5;

/// A position of the search graph. Values are *future margins*: the boxes still unclaimed that
/// the player to move here ends up with, minus the opponent's; they depend only on the lines
/// drawn, so positions reached by different move orders (or symmetric to each other) share one
/// node (UCT over a graph: Childs, Brodeur & Kocsis 2008).
#[derive(Debug)]
struct Node {
    drawn: LineSet,
    visits: u32,
    /// Sum of the future margins of the playouts through this node.
    sum: f64,
    /// Moves not yet expanded.
    untried: Vec<Edge>,
    /// Expanded moves: the line, the boxes it completes (then the mover moves again) and the
    /// node it leads to.
    children: Vec<(Edge, i32, u32)>,
    /// The exact future margin, when known.
    exact: Option<i32>,
}

impl Node {
    fn mean(&self) -> f64 {
        match self.exact {
            Some(m) => f64::from(m),
            None => self.sum / f64::from(self.visits.max(1)),
        }
    }
}

/// The search's view of one move at the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveEstimate {
    pub line: Edge,
    /// The mover's expected net score of the boxes still unclaimed after drawing `line`.
    pub value: f64,
    /// Whether `value` is exact (the solver's).
    pub exact: bool,
    /// Playouts through the move.
    pub visits: u32,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The chosen line.
    pub line: Edge,
    /// The mover's expected net score of the boxes still unclaimed, playing `line`.
    pub value: f64,
    /// Playouts run.
    pub playouts: u32,
    /// Every root move the search looked at, best first.
    pub moves: Vec<MoveEstimate>,
}

/// One search from a position; the graph is not kept between moves.
pub struct Search<'s, 'a, R: Rng> {
    geo: &'s Geometry,
    solver: Option<&'s mut Solver<'a>>,
    rng: &'s mut R,
    nodes: Vec<Node>,
    index: HashMap<LineSet, u32>,
    /// Unclaimed boxes at the root: margins are scaled by this into rewards in `[0, 1]`.
    boxes: f64,
    deadline: Instant,
}

impl<R: Rng> std::fmt::Debug for Search<'_, '_, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search").field("nodes", &self.nodes.len()).finish()
    }
}

impl<'s, 'a, R: Rng> Search<'s, 'a, R> {
    pub fn new(
        geo: &'s Geometry,
        solver: Option<&'s mut Solver<'a>>,
        rng: &'s mut R,
        deadline: Instant,
    ) -> Self {
        Search { geo, solver, rng, nodes: Vec::new(), index: HashMap::new(), boxes: 1.0, deadline }
    }

    /// The best line for the player to move in `drawn` (which must have an undrawn line), found
    /// by searching until the deadline (at least one playout: the first moves tried, in random order,
    /// are all the search knows when the deadline comes early).
    pub fn run(&mut self, drawn: LineSet) -> Estimate {
        self.boxes = f64::from(self.geo.unclaimed_boxes(drawn).max(1));
        self.nodes.clear();
        self.index.clear();
        // The root keeps its own orientation, so that its moves are the caller's lines.
        let root = self.add_node(drawn, true);
        let mut playouts = 0u32;
        loop {
            let mut path = Vec::new();
            self.iterate(root, &mut path);
            playouts += 1;
            let node = &self.nodes[root as usize];
            if node.exact.is_some() || node.untried.is_empty() && self.solved_children(root) {
                break;
            }
            // A playout can take milliseconds (its exact end), so the clock is read after each.
            if Instant::now() >= self.deadline {
                break;
            }
        }
        let mut moves: Vec<MoveEstimate> = self.nodes[root as usize]
            .children
            .iter()
            .map(|&(line, k, c)| {
                let child = &self.nodes[c as usize];
                MoveEstimate {
                    line,
                    value: self.after(k, child.mean()),
                    exact: child.exact.is_some(),
                    visits: child.visits,
                }
            })
            .collect();
        moves.sort_by(|a, b| b.value.total_cmp(&a.value).then(b.visits.cmp(&a.visits)));
        let best = moves.first().copied().expect("a position with an undrawn line has a move");
        Estimate { line: best.line, value: best.value, playouts, moves }
    }

    /// The mover's value of a move completing `k` boxes into a position worth `child` to its
    /// mover (the same player when `k > 0`).
    fn after(&self, k: i32, child: f64) -> f64 {
        if k > 0 { f64::from(k) + child } else { -child }
    }

    /// Whether every move at the root has an exact value (then searching on changes nothing).
    fn solved_children(&self, root: u32) -> bool {
        self.nodes[root as usize].children.iter().all(|&(_, _, c)| self.nodes[c as usize].exact.is_some())
    }

    /// The node of `drawn` (a new one unless a symmetric position has one already).
    fn node_of(&mut self, drawn: LineSet) -> u32 {
        let key = self.geo.canonical(drawn).0;
        if let Some(&n) = self.index.get(&key) {
            return n;
        }
        let n = self.add_node(key, false);
        self.index.insert(key, n);
        n
    }

    fn add_node(&mut self, drawn: LineSet, is_root: bool) -> u32 {
        let geo = self.geo;
        let undrawn = geo.undrawn(drawn).count();
        let mut exact = (undrawn == 0).then_some(0);
        if exact.is_none() && !is_root && (undrawn <= EXACT_LEAF_LINES || no_safe_line(geo, drawn)) {
            exact = self.solve(drawn);
        }
        let untried = if exact.is_some() { Vec::new() } else { options(geo, drawn, is_root) };
        self.nodes.push(Node { drawn, visits: 0, sum: 0.0, untried, children: Vec::new(), exact });
        (self.nodes.len() - 1) as u32
    }

    /// The exact value of a playout's first position without a safe line, if the solver finds it
    /// within [`PLAYOUT_END_BUDGET`].
    fn solve_playout_end(&mut self, drawn: LineSet) -> Option<i32> {
        let solver = self.solver.as_mut()?;
        solver.set_deadline(Some((Instant::now() + PLAYOUT_END_BUDGET).min(self.deadline)));
        solver.value(drawn).ok()
    }

    /// The exact value of `drawn` for the player to move, if the solver finds it quickly.
    fn solve(&mut self, drawn: LineSet) -> Option<i32> {
        let solver = self.solver.as_mut()?;
        let budget = (Instant::now() + EXACT_LEAF_BUDGET).min(self.deadline);
        solver.set_deadline(Some(budget));
        solver.value(drawn).ok()
    }

    /// One iteration from `at`: select down the graph, expand one move, play out, and back up
    /// the future margin of `at`'s mover, which is returned. `path` guards against cycles
    /// (none exist: every move draws a line).
    fn iterate(&mut self, at: u32, path: &mut Vec<u32>) -> f64 {
        path.push(at);
        let node = &self.nodes[at as usize];
        let value = if let Some(m) = node.exact {
            f64::from(m)
        } else if !node.untried.is_empty() {
            let i = self.rng.random_range(0..node.untried.len());
            let e = self.nodes[at as usize].untried.swap_remove(i);
            let drawn = self.nodes[at as usize].drawn;
            let k = self.geo.completes(drawn, e) as i32;
            let child = self.node_of(drawn.with(e));
            self.nodes[at as usize].children.push((e, k, child));
            let c = &self.nodes[child as usize];
            let v = match c.exact {
                Some(m) => f64::from(m),
                None => {
                    let d = c.drawn;
                    f64::from(self.playout(d))
                }
            };
            let c = &mut self.nodes[child as usize];
            c.visits += 1;
            c.sum += v;
            self.after(k, v)
        } else {
            let (k, child) = self.select(at);
            let v = self.iterate(child, path);
            self.after(k, v)
        };
        let node = &mut self.nodes[at as usize];
        node.visits += 1;
        node.sum += value;
        value
    }

    /// The UCT choice among the expanded moves of `at`.
    fn select(&self, at: u32) -> (i32, u32) {
        let node = &self.nodes[at as usize];
        let log_n = f64::from(node.visits.max(1)).ln();
        let score = |&(_, k, c): &(Edge, i32, u32)| {
            let child = &self.nodes[c as usize];
            let reward = 0.5 + self.after(k, child.mean()) / (2.0 * self.boxes);
            reward + EXPLORATION * (log_n / f64::from(child.visits.max(1))).sqrt()
        };
        let &(_, k, c) = node
            .children
            .iter()
            .max_by(|a, b| score(a).total_cmp(&score(b)))
            .expect("a node without an exact value has a move");
        (k, c)
    }

    /// Plays the game out from `drawn` and returns the future margin of its player to move.
    fn playout(&mut self, mut drawn: LineSet) -> i32 {
        let geo = self.geo;
        let all = geo.all_lines();
        let (mut net, mut mine) = (0, true);
        let mut safe: Vec<Edge> = Vec::new();
        let mut safe_phase = true;
        while drawn != all {
            let counts = geo.side_counts(drawn);
            let e = if counts.with[3] != 0 {
                // Free captures first: `chain_capture` expects the box across the capture to
                // be part of a chain.
                free_capture(geo, drawn)
                    .or_else(|| chain_capture(geo, drawn))
                    .expect("a takeable box has a capture")
            } else {
                if safe_phase {
                    safe.clear();
                    safe.extend(geo.undrawn(drawn).iter().filter(|&e| !geo.gives_box(drawn, e)));
                    // The last few safe lines decide who must open the first chain: the solver
                    // plays them, and the rest of the game, exactly when it can.
                    if safe.len() <= PLAYOUT_EXACT_SAFE_LINES
                        && let Some(v) = self.solve_playout_end(drawn)
                    {
                        return net + if mine { v } else { -v };
                    }
                }
                if safe_phase && !safe.is_empty() {
                    safe[self.rng.random_range(0..safe.len())]
                } else {
                    safe_phase = false;
                    let undrawn: Vec<Edge> = geo.undrawn(drawn).iter().collect();
                    smallest_handout(geo, drawn, &undrawn)
                }
            };
            let k = geo.completes(drawn, e) as i32;
            drawn = drawn.with(e);
            if k > 0 {
                net += if mine { k } else { -k };
            } else {
                mine = !mine;
            }
        }
        net
    }
}

/// Whether every undrawn line gives a box away.
fn no_safe_line(geo: &Geometry, drawn: LineSet) -> bool {
    geo.undrawn(drawn).iter().all(|e| geo.gives_box(drawn, e))
}

/// The moves the tree considers in `drawn`: see the module
/// documentation. A free capture is the only move; at the root, symmetric duplicates are
/// dropped.
fn options(geo: &Geometry, drawn: LineSet, is_root: bool) -> Vec<Edge> {
    let counts = geo.side_counts(drawn);
    if counts.with[3] != 0
        && let Some(e) = free_capture(geo, drawn)
    {
        return vec![e];
    }
    let mut out: Vec<Edge> = if counts.with[3] != 0 {
        capture_options(geo, drawn)
    } else {
        let undrawn = geo.undrawn(drawn);
        let safe: Vec<Edge> = undrawn.iter().filter(|&e| !geo.gives_box(drawn, e)).collect();
        let chains = Chains::of_counts(geo, drawn, &counts);
        let mut seen = [false; 64];
        let mut out = safe.clone();
        for e in undrawn.iter().filter(|&e| geo.gives_box(drawn, e)) {
            let c = chains.chain_of_line[e.0];
            if c == NO_CHAIN {
                // Next to a junction box: not a plain hand-out.
                if safe.is_empty() {
                    out.push(e);
                }
                continue;
            }
            let (len, is_loop) = (chains.len[c as usize], chains.is_loop[c as usize]);
            let short = !is_loop && len <= 2;
            if !short && !safe.is_empty() {
                continue;
            }
            // A 2-chain is handed out by its middle line (the other hand-out lets the opponent
            // decline; it is never better).
            let middle = len != 2
                || geo.edge_boxes(e).count() == 2
                    && geo.edge_boxes(e).all(|b| geo.drawn_sides(drawn, b) == 2);
            if middle && !seen[c as usize] {
                seen[c as usize] = true;
                out.push(e);
            }
        }
        out
    };
    if is_root && out.len() > 1 {
        let mut images: Vec<LineSet> = Vec::new();
        out.retain(|&e| {
            let image = geo.canonical(drawn.with(e)).0;
            let fresh = !images.contains(&image);
            images.push(image);
            fresh
        });
    }
    out
}

/// The moves worth searching when some box can be taken but none for free: the captures, and
/// the double-dealing line that declines the last two boxes of every takeable chain (see the
/// solver's capture rule, which proves the rest never better).
fn capture_options(geo: &Geometry, drawn: LineSet) -> Vec<Edge> {
    // (e, f) of every takeable box B: e its last side, f the other undrawn side of the box C
    // across e (there is no free capture, so C has two sides drawn).
    let mut pairs: Vec<(Edge, Option<Edge>)> = Vec::new();
    for b in geo.boxes().filter(|&b| geo.drawn_sides(drawn, b) == 3) {
        let e = Edge((geo.box_sides(b) & !drawn.0).trailing_zeros() as usize);
        let f = geo
            .edge_boxes(e)
            .find(|&c| c != b && geo.drawn_sides(drawn, c) == 2)
            .map(|c| Edge((geo.box_sides(c) & !drawn.0 & !(1u128 << e.0)).trailing_zeros() as usize));
        pairs.push((e, f));
    }
    let mut out: Vec<Edge> = pairs.iter().map(|p| p.0).collect();
    for &(_, f) in &pairs {
        let Some(f) = f else { continue };
        let universal = pairs.iter().all(|&(e2, f2)| f == e2 || Some(f) == f2);
        if universal && geo.completes(drawn, f) == 0 {
            out.push(f);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
