//! The search's [`Domain`] on the compact form (boards of at most
//! [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines), where the exact solver values small leaves and
//! the ends of the playouts, and symmetric positions share one node.
//!
//! * **Moves in the tree.** Boxes that can be taken for free are taken at once (the solver's
//!   capture rule: it never loses). When a chain or loop is being handed out, the only moves
//!   worth considering are the captures and the double-dealing move that declines the last two
//!   boxes (four of a loop): the solver's rule, [`Compact::capture_options`]. While safe lines remain
//!   (lines that give nothing away), the moves are the safe lines and the hand-outs of short
//!   chains (one or two boxes, which change the parity of the fight for control); opening a
//!   long chain or a loop is never searched then. Once no safe line is left, one move per chain
//!   or loop (a 2-chain opened in its middle), plus every line next to a junction box.
//! * **Playouts.** Safe lines until at most [`PLAYOUT_EXACT_SAFE_LINES`] are left, most of them
//!   ([`PLAYOUT_PARITY`]) fighting for the parity of the safe lines left, the rest at random. That
//!   position (the fight for control is nearly over: soon someone must hand out boxes) is solved
//!   exactly by the solver when it finishes within [`PLAYOUT_END_BUDGET`] (its table, kept
//!   between calls, makes repeats cheap); else random safe lines go on to the end, and the
//!   playout goes on by chain theory: the smallest chain is handed out, and a chain being handed
//!   out is taken except for the last two boxes when long chains or loops are still to come
//!   (keeping control; Berlekamp, *The Dots-and-Boxes Game*, 2000). The result is the final
//!   margin, so the search prefers the move that wins by most, not only one that wins. Exact
//!   playout ends matter: random play to the end misjudges who must open the first chain, which
//!   decides most midgame positions (docs/PERFORMANCE.md, "Strong level settings").
//! * **Exact leaves.** A position in the tree with no safe line left, or few undrawn lines, is
//!   solved by the exact solver (sharing its table from call to call) within a small budget; a
//!   solved node is a terminal of the tree with its exact margin.

use std::time::Instant;

use pencilbox_grid::Edge;
use rand::Rng;

use super::{Domain, Tree};
use crate::board::Score;
use crate::compact::{Geometry, LineSet};
use crate::play::{chain_capture, smallest_handout};
use crate::solver::Solver;
use crate::theory::{Compact, NO_CHAIN, View};

/// A tree position with at most this many undrawn lines is solved exactly (when the solver
/// finishes within [`EXACT_LEAF_BUDGET`]).
const EXACT_LEAF_LINES: u32 = 24;

/// The longest an exact leaf solve may take.
const EXACT_LEAF_BUDGET: std::time::Duration = std::time::Duration::from_millis(20);

/// A playout in its safe phase is solved exactly from the first position with at most this
/// many safe lines left (when the solver finishes within [`PLAYOUT_END_BUDGET`]). 0 solves only
/// once the safe lines are gone; 2 gives the solver the last moves of the fight for control too,
/// which random safe lines play badly, at some cost in playouts; from more safe lines the
/// solves cost more and gain nothing measurable (docs/PERFORMANCE.md, "Strong level settings").
const PLAYOUT_EXACT_SAFE_LINES: usize = 2;

/// The share of a playout's safe-phase moves that fight for the parity of the safe lines left
/// ([`parity_line`]); the others are uniformly random. Players do fight for that parity, so
/// playouts that never do misjudge the fight for control; playouts that always do are too
/// narrow a sample of the other player's replies. Most but not all is the best of the shares
/// tried (docs/PERFORMANCE.md, "Strong level settings").
const PLAYOUT_PARITY: f64 = 0.7;

/// The longest the solver may take on the end of a playout's safe phase.
const PLAYOUT_END_BUDGET: std::time::Duration = std::time::Duration::from_millis(2);

/// A search stops trying exact playout ends with a given number of safe lines left once most of
/// its first this many such tries ran out of time.
const END_SOLVE_TRIAL: u32 = 16;

/// The compact form as a [`Domain`]: positions are line sets, nodes are keyed on their
/// canonical image under the board's symmetries, and the solver (when given) values leaves and
/// playout ends.
#[derive(Debug)]
pub struct CompactDomain<'s, 'a> {
    geo: &'s Geometry,
    solver: Option<&'s mut Solver<'a>>,
    deadline: Instant,
    /// How the playouts' exact solves have fared, by the number of safe lines left.
    end_solves: [Tries; PLAYOUT_EXACT_SAFE_LINES + 1],
}

/// Exact solves tried and finished in time.
#[derive(Clone, Copy, Debug, Default)]
struct Tries {
    tried: u32,
    finished: u32,
}

impl Tries {
    /// Tries a solve unless most of at least [`END_SOLVE_TRIAL`] tries ran out of time: each of
    /// those costs [`PLAYOUT_END_BUDGET`], more than the rest of a playout.
    fn worth_trying(self) -> bool {
        self.tried < END_SOLVE_TRIAL || 2 * self.finished >= self.tried
    }

    fn record(&mut self, finished: bool) {
        self.tried += 1;
        self.finished += u32::from(finished);
    }
}

impl<'s, 'a> CompactDomain<'s, 'a> {
    /// The domain of `geo`'s board, solving with `solver` (when given) until `deadline` at the
    /// latest.
    pub fn new(geo: &'s Geometry, solver: Option<&'s mut Solver<'a>>, deadline: Instant) -> Self {
        CompactDomain { geo, solver, deadline, end_solves: [Tries::default(); PLAYOUT_EXACT_SAFE_LINES + 1] }
    }

    /// The exact value of `drawn` for the player to move, if the solver finds it within
    /// `budget`.
    fn solve(&mut self, drawn: LineSet, budget: std::time::Duration) -> Option<Score> {
        let solver = self.solver.as_mut()?;
        solver.set_deadline(Some((Instant::now() + budget).min(self.deadline)));
        solver.value(drawn).ok()
    }
}

/// The search on the compact form.
pub type Search<'s, 'a, R> = Tree<'s, CompactDomain<'s, 'a>, R>;

impl<'s, 'a, R: Rng> Tree<'s, CompactDomain<'s, 'a>, R> {
    /// A search on `geo`'s board, solving with `solver` (when given) and drawing from `rng`,
    /// until `deadline`.
    pub fn new(
        geo: &'s Geometry,
        solver: Option<&'s mut Solver<'a>>,
        rng: &'s mut R,
        deadline: Instant,
    ) -> Self {
        Tree::with_domain(CompactDomain::new(geo, solver, deadline), rng, deadline)
    }
}

impl Domain for CompactDomain<'_, '_> {
    type Pos = LineSet;
    type Key = LineSet;

    fn unclaimed(&self, drawn: &LineSet) -> u32 {
        self.geo.unclaimed_boxes(*drawn)
    }

    fn node(&self, drawn: LineSet) -> (LineSet, LineSet) {
        let key = self.geo.canonical(drawn).0;
        (key, key)
    }

    fn exact(&mut self, &drawn: &LineSet) -> Option<Score> {
        let geo = self.geo;
        let no_safe_line = || Compact::new(geo, drawn).safe_lines().next().is_none();
        (geo.undrawn(drawn).count() <= EXACT_LEAF_LINES || no_safe_line())
            .then(|| self.solve(drawn, EXACT_LEAF_BUDGET))
            .flatten()
    }

    fn options(&self, &drawn: &LineSet, is_root: bool) -> Vec<Edge> {
        options(self.geo, drawn, is_root)
    }

    fn play(&self, &drawn: &LineSet, e: Edge) -> (LineSet, Score) {
        (drawn.with(e), Compact::new(self.geo, drawn).completes(e) as Score)
    }

    fn is_over(&self, &drawn: &LineSet) -> bool {
        drawn == self.geo.all_lines()
    }

    fn heap_bytes(&self, _: &LineSet) -> usize {
        0
    }

    /// Random safe lines, the last few solved exactly, then chain theory (module docs).
    fn playout(&mut self, &drawn: &LineSet, rng: &mut impl Rng) -> Score {
        let geo = self.geo;
        let all = geo.all_lines();
        let mut drawn = drawn;
        let (mut net, mut mine) = (0, true);
        let mut safe: Vec<Edge> = Vec::new();
        let mut safe_phase = true;
        while drawn != all {
            let pos = Compact::new(geo, drawn);
            let e = if pos.can_take() {
                // Free captures first: `chain_capture` expects the box across the capture to
                // be part of a chain.
                pos.free_capture().or_else(|| chain_capture(&pos)).expect("a takeable box has a capture")
            } else {
                if safe_phase {
                    safe.clear();
                    safe.extend(pos.safe_lines());
                    // The last few safe lines decide who must open the first chain: the solver
                    // plays them, and the rest of the game, exactly when it can.
                    if safe.len() <= PLAYOUT_EXACT_SAFE_LINES && self.end_solves[safe.len()].worth_trying() {
                        let v = self.solve(drawn, PLAYOUT_END_BUDGET);
                        self.end_solves[safe.len()].record(v.is_some());
                        if let Some(v) = v {
                            return net + if mine { v } else { -v };
                        }
                    }
                }
                if safe_phase && !safe.is_empty() {
                    parity_line(&pos, &safe, rng)
                } else {
                    safe_phase = false;
                    let undrawn: Vec<Edge> = pos.undrawn().collect();
                    smallest_handout(&pos, &undrawn)
                }
            };
            let k = pos.completes(e) as Score;
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

/// A safe line for a playout's safe phase, from the lines `safe` of `drawn`: with probability
/// [`PLAYOUT_PARITY`] one after which an even number of safe lines is left (when there is one),
/// else any, uniformly. If safe lines did not interact, the player facing an even number would
/// draw the last but one and the other would have to hand out boxes first: the playouts' players
/// fight for that parity, as players do, instead of drawing lines blindly.
fn parity_line(pos: &Compact<'_>, safe: &[Edge], rng: &mut impl Rng) -> Edge {
    if rng.random_bool(PLAYOUT_PARITY) {
        let even: Vec<Edge> =
            safe.iter().copied().filter(|&e| pos.safe_left_after(safe.len(), e).is_multiple_of(2)).collect();
        if !even.is_empty() {
            return even[rng.random_range(0..even.len())];
        }
    }
    safe[rng.random_range(0..safe.len())]
}

/// The moves the tree considers in `drawn`: see the module documentation. A free capture is the
/// only move; at the root, symmetric duplicates are dropped.
fn options(geo: &Geometry, drawn: LineSet, is_root: bool) -> Vec<Edge> {
    let pos = Compact::new(geo, drawn);
    if let Some(e) = pos.free_capture() {
        return vec![e];
    }
    let mut out: Vec<Edge> = Vec::new();
    if pos.can_take() {
        pos.capture_options(true, |e| out.push(e));
        out.sort_unstable();
        out.dedup();
    } else {
        let safe = pos.safe_set();
        out.extend(safe.iter());
        let chains = pos.chains();
        let mut seen = [false; 64];
        for e in LineSet(geo.undrawn(drawn).0 & !safe.0).iter() {
            let c = chains.chain_of_line[e.0];
            if c == NO_CHAIN {
                // Next to a junction box: not a plain hand-out.
                if safe == LineSet::EMPTY {
                    out.push(e);
                }
                continue;
            }
            let c = usize::from(c);
            if chains.is_long(c) && safe != LineSet::EMPTY {
                continue;
            }
            if pos.opens_well(e, usize::from(chains.len[c])) && !seen[c] {
                seen[c] = true;
                out.push(e);
            }
        }
    }
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
