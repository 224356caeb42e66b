//! Playing engines: `random`, `greedy`, `basic` and `strong`.
//!
//! Every engine is given a seeded random generator and a deadline by its caller; none reads the
//! clock otherwise.
//!
//! * `random` draws any undrawn line.
//! * `greedy` takes a box when it can, otherwise draws a line that gives nothing away (at random),
//!   otherwise the line that gives away the fewest boxes.
//! * `strong` plays exactly (with the [`Solver`]) whenever the rest of the game is small enough
//!   to solve in half its time (at most 36 undrawn lines), and otherwise searches until the deadline with Monte Carlo tree
//!   search guided by chain theory, ending in exact values where the solver affords them
//!   ([`crate::mcts`]).
//! * `basic` (the strong level before the search) plays exactly whenever the rest of the game is
//!   small enough to solve before the deadline, and otherwise follows chain theory: it never hands out boxes
//!   while safe lines remain, takes what it is given except that it declines the last two boxes
//!   of a chain (the last four of a loop) when more long chains or loops are still to come, so
//!   that it keeps control (Berlekamp, "The Dots and Boxes Game"), and when it must hand out
//!   boxes it opens the smallest chain first, a 2-chain in its middle so that it cannot be
//!   declined.

use std::time::{Duration, Instant};

use pencilbox_grid::Edge;
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::chains::{Chains, NO_CHAIN};
use crate::lines::{Geometry, GeometryError, LineSet};
use crate::solver::{Solver, TableSize};

/// How well an engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Greedy,
    Basic,
    Strong,
}

pencilbox_grid::named!(Level, "level", {
    Random => "random",
    Greedy => "greedy",
    Basic => "basic",
    Strong => "strong",
});

/// How the strong engine chose its move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reason {
    /// Only one move was worth considering.
    Forced,
    /// The exact value of the position is known; the move keeps it.
    Exact { value: i32 },
    /// The search's choice: its estimate of the position's value for the mover (their boxes
    /// minus the opponent's, of those still unclaimed) and the playouts behind it.
    Search { value: f64, playouts: u32 },
    /// A rule of thumb (the position was too large to solve in time).
    Heuristic,
    /// The level plays at random or greedily.
    Level,
}

/// A chosen move and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub line: Edge,
    pub reason: Reason,
}

/// At most this many undrawn lines (or none safe), the strong level first tries an exact solve
/// with half its time; above, the search has all of it (and solves its own small leaves). The
/// search's estimates are biased by its random playouts where an exact solve often finishes:
/// with 26 here, strong lost 16 of 20 games on 5×5 to basic, which solves from 36 lines on.
const STRONG_EXACT_LINES: u32 = 36;

/// Above this many undrawn lines the basic engine does not try to solve exactly while safe
/// lines remain (a solve would not finish in a second; see the README's performance table).
pub const EXACT_LINES: u32 = 36;

/// A playing engine for one board size. Keep it for a whole game: the strong level reuses its
/// transposition table from move to move.
pub struct Bot {
    level: Level,
    geo: Geometry,
    solver: Option<Solver<'static>>,
    exact_lines: u32,
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bot").field("level", &self.level).field("dims", &self.geo.dims()).finish()
    }
}

impl Bot {
    /// An engine for `geo`'s board; `table` sizes the strong level's transposition table.
    pub fn new(level: Level, geo: Geometry, table: TableSize) -> Bot {
        let solver = matches!(level, Level::Basic | Level::Strong).then(|| Solver::new(geo.clone(), table));
        Bot { level, geo, solver, exact_lines: EXACT_LINES }
    }

    /// An engine for a board size, with a 64 MiB table for the strong level.
    pub fn for_dims(level: Level, dims: pencilbox_grid::Dims) -> Result<Bot, GeometryError> {
        Ok(Bot::new(level, Geometry::new(dims)?, TableSize::Mib(64)))
    }

    /// Try an exact solve (cut off by the deadline) while safe lines remain only with at most
    /// this many undrawn lines.
    pub fn set_exact_lines(&mut self, lines: u32) {
        self.exact_lines = lines;
    }

    pub fn level(&self) -> Level {
        self.level
    }
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// A move in `drawn`, or `None` when every line is drawn. `deadline` bounds the strong
    /// level's thinking.
    pub fn choose(&mut self, drawn: LineSet, rng: &mut impl Rng, deadline: Instant) -> Option<Choice> {
        let undrawn: Vec<Edge> = self.geo.undrawn(drawn).iter().collect();
        if undrawn.is_empty() {
            return None;
        }
        let level = Choice { line: undrawn[0], reason: Reason::Level };
        match self.level {
            Level::Random => Some(Choice { line: *undrawn.choose(rng)?, ..level }),
            Level::Greedy => Some(Choice { line: greedy(&self.geo, drawn, &undrawn, rng), ..level }),
            Level::Basic => Some(self.basic(drawn, &undrawn, rng, deadline)),
            Level::Strong => Some(self.strong(drawn, &undrawn, rng, deadline)),
        }
    }

    /// Exact when the solve takes at most half the time left, else the search.
    fn strong(&mut self, drawn: LineSet, undrawn: &[Edge], rng: &mut impl Rng, deadline: Instant) -> Choice {
        let geo = &self.geo;
        if undrawn.len() == 1 {
            return Choice { line: undrawn[0], reason: Reason::Forced };
        }
        if let Some(e) = free_capture(geo, drawn) {
            return Choice { line: e, reason: Reason::Forced };
        }
        let safe_left = undrawn.iter().any(|&e| !geo.gives_box(drawn, e));
        let now = Instant::now();
        if let Some(solver) = self.solver.as_mut()
            && (undrawn.len() as u32 <= STRONG_EXACT_LINES || !safe_left)
        {
            solver.set_deadline(Some(now + deadline.saturating_duration_since(now) / 2));
            if let Ok((value, Some(line))) = solver.best_move(drawn) {
                return Choice { line, reason: Reason::Exact { value } };
            }
        }
        let estimate = crate::mcts::Search::new(&self.geo, self.solver.as_mut(), rng, deadline).run(drawn);
        Choice {
            line: estimate.line,
            reason: Reason::Search { value: estimate.value, playouts: estimate.playouts },
        }
    }

    fn basic(&mut self, drawn: LineSet, undrawn: &[Edge], rng: &mut impl Rng, deadline: Instant) -> Choice {
        let geo = &self.geo;
        if undrawn.len() == 1 {
            return Choice { line: undrawn[0], reason: Reason::Forced };
        }
        // A capture that changes nothing else is always right (see `Worker::capture_options` in the solver).
        if let Some(e) = free_capture(geo, drawn) {
            return Choice { line: e, reason: Reason::Forced };
        }
        let safe: Vec<Edge> = undrawn.iter().copied().filter(|&e| !geo.gives_box(drawn, e)).collect();
        let try_exact = geo.undrawn(drawn).count() <= self.exact_lines || safe.is_empty();
        if try_exact && let Some(solver) = self.solver.as_mut() {
            solver.set_deadline(Some(deadline));
            if let Ok((value, Some(line))) = solver.best_move(drawn) {
                return Choice { line, reason: Reason::Exact { value } };
            }
        }
        let line = heuristic(geo, drawn, undrawn, &safe, rng);
        Choice { line, reason: Reason::Heuristic }
    }
}

/// A line that takes a box without making another one takeable, if there is one.
pub(crate) fn free_capture(geo: &Geometry, drawn: LineSet) -> Option<Edge> {
    geo.boxes().filter(|&b| geo.drawn_sides(drawn, b) == 3).find_map(|b| {
        let e = Edge((geo.box_sides(b) & !drawn.0).trailing_zeros() as usize);
        let other = geo.edge_boxes(e).find(|&x| x != b);
        match other {
            Some(c) if geo.drawn_sides(drawn, c) == 2 => None,
            _ => Some(e),
        }
    })
}

/// Greedy: take, else a safe line at random, else the line that gives away the fewest boxes.
fn greedy(geo: &Geometry, drawn: LineSet, undrawn: &[Edge], rng: &mut impl Rng) -> Edge {
    let takes: Vec<Edge> = undrawn.iter().copied().filter(|&e| geo.completes(drawn, e) > 0).collect();
    if let Some(&e) = takes.choose(rng) {
        return e;
    }
    let safe: Vec<Edge> = undrawn.iter().copied().filter(|&e| !geo.gives_box(drawn, e)).collect();
    if let Some(&e) = safe.choose(rng) {
        return e;
    }
    smallest_handout(geo, drawn, undrawn)
}

/// The line that hands out the smallest chain or loop; in a 2-chain its middle line, which the
/// opponent cannot decline.
pub(crate) fn smallest_handout(geo: &Geometry, drawn: LineSet, undrawn: &[Edge]) -> Edge {
    let chains = Chains::of(geo, drawn);
    let cost = |e: Edge| {
        let c = chains.chain_of_line[e.0];
        if c == NO_CHAIN {
            return (0, 0);
        }
        let c = c as usize;
        let len = u32::from(chains.len[c]);
        // Loops cost more than chains of the same length: they hand out all boxes but let the
        // taker keep control for four instead of two.
        let size = if chains.is_loop[c] { len * 2 } else { len };
        // Within a 2-chain prefer the middle line (both sides in the chain).
        let middle = geo
            .edge_boxes(e)
            .filter(|&b| chains.chain_of_line[e.0] != NO_CHAIN && 4 - geo.drawn_sides(drawn, b) == 2)
            .count();
        (size, 2 - middle as u32)
    };
    undrawn.iter().copied().min_by_key(|&e| cost(e)).unwrap_or(undrawn[0])
}

/// Chain-theory play for positions too large to solve in time.
fn heuristic(geo: &Geometry, drawn: LineSet, undrawn: &[Edge], safe: &[Edge], rng: &mut impl Rng) -> Edge {
    if let Some(e) = chain_capture(geo, drawn) {
        return e;
    }
    if let Some(&e) = safe.choose(rng) {
        return e;
    }
    smallest_handout(geo, drawn, undrawn)
}

/// When a chain can be taken: take a box, or decline the last two (all-but-two) when long
/// chains or loops remain to be handed out later, which keeps control.
pub(crate) fn chain_capture(geo: &Geometry, drawn: LineSet) -> Option<Edge> {
    let b = geo.boxes().find(|&b| geo.drawn_sides(drawn, b) == 3)?;
    let e = Edge((geo.box_sides(b) & !drawn.0).trailing_zeros() as usize);
    let Some(c) = geo.edge_boxes(e).find(|&x| x != b) else { return Some(e) };
    let f = Edge((geo.box_sides(c) & !drawn.0 & !(1u128 << e.0)).trailing_zeros() as usize);
    let chain_ends = geo.edge_boxes(f).find(|&x| x != c).is_none_or(|d| geo.drawn_sides(drawn, d) < 2);
    if !chain_ends {
        return Some(e);
    }
    // After declining, would the opponent have to hand out something long?
    let after = drawn.with(f).with(e);
    let safe_left = geo.undrawn(after).iter().any(|x| !geo.gives_box(after, x));
    let chains = Chains::of(geo, after);
    let long_left = (0..chains.count).any(|i| chains.len[i] >= 3 || chains.is_loop[i]);
    if long_left && !safe_left { Some(f) } else { Some(e) }
}

/// The default thinking time of the strong level when the caller gives none.
pub const DEFAULT_THINK: Duration = Duration::from_millis(1000);
