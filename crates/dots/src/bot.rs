//! Playing engines: `random`, `greedy`, `basic` and `strong`, for every board size up to
//! 64 × 64 ([`board::MAX_BOARD_SIDE`]).
//!
//! Every engine is given a seeded random generator and a deadline by its caller; none reads the
//! clock otherwise.
//!
//! * `random` draws any undrawn line.
//! * `greedy` takes a box when it can, otherwise draws a line that gives nothing away (at random),
//!   otherwise the line that gives away the fewest boxes.
//! * `strong` plays exactly (with the [`Solver`], on [`Bot::set_threads`] threads) whenever the
//!   rest of the game solves in nine tenths of its time (it tries from 40 undrawn lines on, or
//!   once no safe line is left; with 41, in half its time); when that solve runs out of time
//!   having proved a move worth more than the worst case, it plays that move
//!   ([`Reason::Proven`]); otherwise it searches until the deadline with Monte Carlo tree search
//!   guided by chain theory, ending in exact values where the solver affords them
//!   ([`crate::mcts`]).
//! * `basic` (the strong level before the search) plays exactly whenever the rest of the game is
//!   small enough to solve before the deadline, and otherwise follows chain theory
//!   ([`crate::theory`]) by the playing heuristics of [`crate::play`]: it never hands out boxes while safe lines remain, takes what it is
//!   given except that it declines the last two boxes of a chain (the last four of a loop) when
//!   more long chains or loops are still to come, so that it keeps control (Berlekamp, "The Dots
//!   and Boxes Game"), and when it must hand out boxes it opens the smallest chain first, a
//!   2-chain in its middle so that it cannot be declined.
//!
//! The solver works on the compact form of a position ([`crate::compact`]): boards of at most 128
//! lines ([`crate::compact::SOLVER_MAX_LINES`]): every board up to 7×7, and 7×8. On a larger board (8×8
//! has 144 lines) there is no solver: `basic` follows the chain rules alone (and says so:
//! [`Reason::LargeBoard`]); `strong` searches while safe lines remain, without the solver
//! ([`crate::mcts::large`], on boards of up to 2,112 lines, 32×32:
//! [`crate::mcts::large::SEARCH_MAX_LINES`]), and
//! otherwise plays by the same rules except that it plays the endgame exactly wherever it is a
//! simple loony endgame (every box with 0 or 2 undrawn sides around the chain being taken or
//! opened: [`crate::endgame_play`]). `random` and `greedy` play as on any board.

use std::time::{Duration, Instant};

use pencilbox_grid::{Dims, Edge};
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::board::{self, BoardError, Position, Score};
use crate::compact::{Geometry, LineSet};
use crate::endgame_play;
use crate::mcts::{self, compact::CompactDomain};
use crate::play;
use crate::solver::{Solver, TableSize};
use crate::theory::{Compact, View};

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

/// How an engine chose its move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reason {
    /// Only one move was worth considering.
    Forced,
    /// The exact value of the position is known; the move keeps it.
    Exact { value: Score },
    /// The exact solve ran out of time after proving the move worth at least `lower` to the
    /// mover (the position's value may be higher).
    Proven { lower: Score },
    /// The search's choice: its estimate of the position's value for the mover (their boxes
    /// minus the opponent's, of those still unclaimed), its standard error (`None`: too thin to
    /// estimate, and `value` is no estimate: [`mcts::Estimate`]) and the playouts behind it.
    Search { value: f64, std_error: Option<f64>, playouts: u32 },
    /// A rule of thumb (the position was too large to solve in time).
    Heuristic,
    /// The chain rules (and for the strong level, exact simple loony endgames) because the
    /// board has more than [`crate::compact::SOLVER_MAX_LINES`] lines, beyond the solver (and, for the
    /// strong level, no safe line is left or the board is beyond its search).
    LargeBoard,
    /// The level plays at random or greedily.
    Level,
}

impl Reason {
    /// Its name in machine-readable output (the web API, the accuracy example).
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Forced => "forced",
            Reason::Exact { .. } => "exact",
            Reason::Proven { .. } => "proven",
            Reason::Search { .. } => "search",
            Reason::Heuristic => "heuristic",
            Reason::LargeBoard => "large-board",
            Reason::Level => "level",
        }
    }
}

/// A chosen move and why.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub line: Edge,
    pub reason: Reason,
}

/// At most this many undrawn lines (or none safe), the strong level first tries an exact solve
/// with [`STRONG_EXACT_SHARE`] of its time; above, the search has all of it (and solves its own
/// small leaves). The search's estimates are biased by its random playouts, so wherever an
/// exact solve usually finishes within a move's time on 5×5 it is the better use of that time;
/// beyond this it seldom finishes (docs/PERFORMANCE.md, "Strong level settings").
const STRONG_EXACT_LINES: u32 = 40;

/// With one line more than [`STRONG_EXACT_LINES`] undrawn, the strong level gives an exact
/// solve [`STRONG_PROBE_SHARE`] of its time: it seldom finishes there, but often proves a move
/// first, which is played; otherwise the search has the rest. Half the time balances the two:
/// with most of it the search has too little left, and from one more line the proven moves are
/// worse than the search's (docs/PERFORMANCE.md, "Strong level settings").
const STRONG_PROBE_LINES: u32 = STRONG_EXACT_LINES + 1;

/// The share of its time the strong level gives the exact solve at [`STRONG_PROBE_LINES`].
const STRONG_PROBE_SHARE: f64 = 0.5;

/// The share of its time the strong level gives an exact solve before it searches. Nearly all
/// of it: a solve that runs out of time mostly leaves a proven move ([`Reason::Proven`]), which
/// is played, and the search's estimates in the time left are no better; the solves that just
/// miss a smaller share are the ones this saves (docs/PERFORMANCE.md, "Strong level settings").
const STRONG_EXACT_SHARE: f64 = 0.9;

/// Above this many undrawn lines the basic engine does not try to solve exactly while safe
/// lines remain (a solve would often not finish in a second; docs/PERFORMANCE.md, "Strong
/// level settings").
pub const EXACT_LINES: u32 = 36;

/// Errors in asking an engine for a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChooseError {
    #[error("every line is drawn: the game is over")]
    GameOver,
    #[error("the engine plays on a {engine} board, not on a {position} one")]
    OtherBoard { engine: Dims, position: Dims },
}

/// A playing engine for one board size. Keep it for a whole game: the basic and strong levels
/// reuse their transposition table from move to move.
pub struct Bot {
    level: Level,
    dims: Dims,
    /// The engine on the compact form, when the board has at most
    /// [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines.
    compact: Option<Engine>,
    /// Threads of the strong level's search (and of the solver's exact solves).
    threads: usize,
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bot").field("level", &self.level).field("dims", &self.dims).finish()
    }
}

impl Bot {
    /// An engine for boards of size `dims` (each side at most [`board::MAX_BOARD_SIDE`]); `table`
    /// sizes the basic and strong levels' transposition table (none is made for a board above
    /// [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines).
    pub fn new(level: Level, dims: Dims, table: TableSize) -> Result<Bot, BoardError> {
        board::check_size(dims.rows(), dims.cols())?;
        let compact = Geometry::new(dims).ok().map(|geo| Engine::new(level, geo, table));
        Ok(Bot { level, dims, compact, threads: 1 })
    }

    /// Let the basic and strong levels think with this many threads (1 to
    /// [`MAX_THREADS`](crate::solver::MAX_THREADS), default 1): the
    /// solver's exact solves ([`Solver::set_threads`]) and the strong level's search (two
    /// searches side by side, the second with a solver of its own whose table takes at most
    /// half the engine's [`TableSize`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, crate::solver::MAX_THREADS);
        if let Some(engine) = self.compact.as_mut() {
            engine.threads = self.threads;
        }
    }

    /// Try an exact solve (cut off by the deadline) while safe lines remain only with at most
    /// this many undrawn lines (the basic level, on boards of at most
    /// [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines).
    pub fn set_exact_lines(&mut self, lines: u32) {
        if let Some(engine) = self.compact.as_mut() {
            engine.exact_lines = lines;
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// A move in `position`, which must be on the engine's board and not over. `deadline`
    /// bounds the basic and strong levels' thinking.
    pub fn choose(
        &mut self,
        position: &Position,
        rng: &mut impl Rng,
        deadline: Instant,
    ) -> Result<Choice, ChooseError> {
        if position.dims() != self.dims {
            return Err(ChooseError::OtherBoard { engine: self.dims, position: position.dims() });
        }
        let undrawn: Vec<Edge> = position.legal_moves().collect();
        if undrawn.is_empty() {
            return Err(ChooseError::GameOver);
        }
        Ok(match (self.compact.as_mut(), LineSet::of_position(position)) {
            (Some(engine), Ok(drawn)) => engine.choose(drawn, &undrawn, rng, deadline),
            _ => large_board(self.level, position, &undrawn, rng, deadline, self.threads),
        })
    }
}

/// A move on a board beyond the compact form: every level by its rules, the basic level by the
/// chain rules, the strong level by the search while safe lines remain (on `threads` threads)
/// and exactly in simple loony endgames.
fn large_board(
    level: Level,
    position: &Position,
    undrawn: &[Edge],
    rng: &mut impl Rng,
    deadline: Instant,
    threads: usize,
) -> Choice {
    by_rules(level, position, undrawn, rng).unwrap_or_else(|| {
        let safe: Vec<Edge> = position.safe_lines().collect();
        if level != Level::Strong {
            let line = play::chain_rules(position, undrawn, &safe, rng);
            return Choice { line, reason: Reason::LargeBoard };
        }
        if let Some(line) = endgame_play::capture(position) {
            return Choice { line, reason: Reason::LargeBoard };
        }
        if !safe.is_empty() && position.dims().num_edges() <= mcts::large::SEARCH_MAX_LINES {
            let estimate = mcts::large::search(position, threads, rng, deadline, None);
            let reason = Reason::Search {
                value: estimate.value,
                std_error: estimate.std_error,
                playouts: estimate.playouts,
            };
            return Choice { line: estimate.line, reason };
        }
        // Beyond the search: a random safe line, else the endgame played exactly where it is
        // simple enough to value, else the smallest hand-out.
        let line = safe
            .choose(rng)
            .copied()
            .or_else(|| endgame_play::best_opening(position))
            .unwrap_or_else(|| play::smallest_handout(position, undrawn));
        Choice { line, reason: Reason::LargeBoard }
    })
}

/// The choice of the levels that need nothing but the rules (random, greedy), and the moves
/// forced at every level: the last line, a free capture. `None` when a basic or strong
/// engine has a choice to make.
fn by_rules<V: View>(level: Level, v: &V, undrawn: &[Edge], rng: &mut impl Rng) -> Option<Choice> {
    let level_choice = |line| Some(Choice { line, reason: Reason::Level });
    match level {
        Level::Random => level_choice(*undrawn.choose(rng)?),
        Level::Greedy => level_choice(play::greedy(v, undrawn, rng)),
        Level::Basic | Level::Strong => {
            if undrawn.len() == 1 {
                return Some(Choice { line: undrawn[0], reason: Reason::Forced });
            }
            // A capture that changes nothing else is always right (see [`View::free_capture`]).
            let line = v.free_capture()?;
            Some(Choice { line, reason: Reason::Forced })
        }
    }
}

/// The engine on the compact form: every level, with the solver and the search.
struct Engine {
    level: Level,
    geo: Geometry,
    solver: Option<Solver<'static>>,
    /// The strong level's second search thread's own solver, for the small solves inside its
    /// search (made on first use, with half the engine's table size).
    helper: Option<Solver<'static>>,
    table: TableSize,
    exact_lines: u32,
    /// Threads of the solver's exact solves of the position asked about.
    threads: usize,
}

impl Engine {
    fn new(level: Level, geo: Geometry, table: TableSize) -> Engine {
        let solver = matches!(level, Level::Basic | Level::Strong).then(|| Solver::new(geo.clone(), table));
        Engine { level, geo, solver, helper: None, table, exact_lines: EXACT_LINES, threads: 1 }
    }

    /// A move in `drawn`, whose undrawn lines (at least one) are `undrawn`.
    fn choose(&mut self, drawn: LineSet, undrawn: &[Edge], rng: &mut impl Rng, deadline: Instant) -> Choice {
        let view = Compact::new(&self.geo, drawn);
        if let Some(choice) = by_rules(self.level, &view, undrawn, rng) {
            return choice;
        }
        match self.level {
            Level::Strong => self.strong(drawn, undrawn, rng, deadline),
            _ => self.basic(drawn, undrawn, rng, deadline),
        }
    }

    /// Exact when the solve finishes in its share of the time ([`STRONG_EXACT_SHARE`], or
    /// [`STRONG_PROBE_SHARE`] at [`STRONG_PROBE_LINES`]), else the move it proved if any, else
    /// the search.
    fn strong(&mut self, drawn: LineSet, undrawn: &[Edge], rng: &mut impl Rng, deadline: Instant) -> Choice {
        let geo = &self.geo;
        let safe_left = Compact::new(geo, drawn).safe_lines().next().is_some();
        let now = Instant::now();
        let lines = undrawn.len() as u32;
        let share = if !safe_left || lines <= STRONG_EXACT_LINES {
            Some(STRONG_EXACT_SHARE)
        } else if lines <= STRONG_PROBE_LINES {
            Some(STRONG_PROBE_SHARE)
        } else {
            None
        };
        if let Some(solver) = self.solver.as_mut()
            && let Some(share) = share
        {
            let budget = deadline.saturating_duration_since(now).mul_f64(share);
            solver.set_deadline(Some(now + budget));
            solver.set_threads(self.threads);
            let exact = solver.best_move(drawn);
            // The search's many small solves would pay for starting a thread each.
            solver.set_threads(1);
            if let Ok((value, Some(line))) = exact {
                return Choice { line, reason: Reason::Exact { value } };
            }
            // Out of time: a move the solve proved worth more than the worst case beats what the
            // search could find in the time left (docs/PERFORMANCE.md, "Strong level settings").
            let left = geo.unclaimed_boxes(drawn) as Score;
            if let Some(proven) = solver.proven()
                && let Some((line, lower)) = proven.line
                && lower > -left
            {
                return Choice { line, reason: Reason::Proven { lower } };
            }
        }
        let estimate = if self.threads > 1 {
            let half = match self.table {
                TableSize::Mib(m) => TableSize::Mib(m.div_ceil(2)),
                TableSize::Entries(n) => TableSize::Entries(n.div_ceil(2)),
            };
            let helper = self.helper.get_or_insert_with(|| Solver::new(self.geo.clone(), half));
            let first = CompactDomain::new(&self.geo, self.solver.as_mut(), deadline);
            mcts::search_two(
                first,
                CompactDomain::new(&self.geo, Some(helper), deadline),
                rng,
                deadline,
                None,
                drawn,
            )
        } else {
            mcts::Search::new(&self.geo, self.solver.as_mut(), rng, deadline).run(drawn)
        };
        Choice {
            line: estimate.line,
            reason: Reason::Search {
                value: estimate.value,
                std_error: estimate.std_error,
                playouts: estimate.playouts,
            },
        }
    }

    fn basic(&mut self, drawn: LineSet, undrawn: &[Edge], rng: &mut impl Rng, deadline: Instant) -> Choice {
        let view = Compact::new(&self.geo, drawn);
        let safe: Vec<Edge> = view.safe_lines().collect();
        let try_exact = undrawn.len() as u32 <= self.exact_lines || safe.is_empty();
        if try_exact && let Some(solver) = self.solver.as_mut() {
            solver.set_deadline(Some(deadline));
            if let Ok((value, Some(line))) = solver.best_move(drawn) {
                return Choice { line, reason: Reason::Exact { value } };
            }
        }
        let line = play::chain_rules(&view, undrawn, &safe, rng);
        Choice { line, reason: Reason::Heuristic }
    }
}

/// The most mebibytes each playing engine's table may take unless the caller says otherwise
/// (`dots match`, `dots play`, the Python package's `Bot`): a move's solve within a second
/// fills no more, and a match runs an engine per game.
pub const BOT_TABLE_MIB: usize = 64;

/// The default thinking time of the strong level when the caller gives none.
pub const DEFAULT_THINK: Duration = Duration::from_millis(1000);
