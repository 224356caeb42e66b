//! The exact solver for any Dots-and-Boxes position.
//!
//! The value of a position is the net score (the mover's points minus the opponent's) over the
//! boxes still unclaimed, under best play by both sides. It depends on the set of drawn lines
//! alone, not on the score so far nor on who drew the last line, which is what makes a
//! transposition table keyed on the drawn lines sound (Barker & Korf, "Solving Dots-And-Boxes",
//! AAAI 2012, the basis of this design).
//!
//! The search is a fail-soft negamax alpha-beta, driven by MTD(f) null-window probes from the
//! root, with:
//!
//! * a fixed-size transposition table of value bounds, keyed on the canonical image of the drawn
//!   lines under the board's symmetry group and under exchanges of *twin lines* (the two border
//!   lines of a corner box are the same string from the same coin to the ground in the
//!   strings-and-coins view: Berlekamp, ch. 2; Barker & Korf), kept up to date move by move, or
//!   optionally on the strings-and-coins graph itself, chains reduced to their length and ends
//!   ([`Solver::set_coin_keys`]);
//! * capture reductions (see [`Compact::capture_options`]): when a box can be taken, at most two
//!   moves need to be searched;
//! * one move per equivalence class when nothing can be taken: one line per twin group, one line
//!   per chain of 3+ boxes or loop, one line per 1-chain, and only the middle line of a 2-chain
//!   (the half-hearted hand-out is dominated: see [`View::opens_well`]);
//! * move ordering: the table's best move first, then moves that give no box away (those that
//!   use up safe moves first, then by a history heuristic), then hand-outs, shortest chain first;
//!   the hand-outs are listed only once the safe lines have not cut the node off, so that most
//!   nodes never walk their chains;
//! * upper bounds on loony moves (`Worker::loony_bound`) and enhanced transposition cutoffs near
//!   the root, whose probes also bound each move by its child's stored lower bound;
//! * the exact chain-and-loop value of simple loony endgames (every unclaimed box has two
//!   undrawn sides) from [`crate::endgame`];
//! * optionally a second thread that searches the same probes and shares the table; near the
//!   root each thread defers the moves whose child the other is searching, so the two split the
//!   work (ABDADA; [`Solver::set_threads`]).
//!
//! A search can be given a deadline and a progress callback; an interrupted search returns
//! [`OutOfTime`] and leaves only sound bounds in the table.
//!
//! The parts, each next to the reasoning that justifies it:
//!
//! * this module: the public API and the MTD(f) driver, with its helper thread;
//! * `search`: one search thread (`Worker`) and its alpha-beta node;
//! * `table`: the shared transposition table (sequence-locked buckets) and the ABDADA marks;
//! * `keys`: canonical table keys under the board's symmetries and exchanges of twin lines;
//! * `coins`: strings-and-coins table keys, which forget where a chain runs;
//! * `profile`: counters of where the nodes go, for measurement ([`Solver::set_profile`]);
//! * `moves`: the moves worth searching (capture reductions, one line per class of equivalent
//!   lines), their order, and the bounds that skip moves (loony moves, enhanced cutoffs).
//!
//! Measurements behind the constants are in docs/PERFORMANCE.md ("Solver settings"), with the
//! commands that reproduce them.

mod coins;
mod keys;
mod moves;
pub mod profile;
mod search;
mod table;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use pencilbox_grid::{Edge, OutOfTime};

use crate::compact::{Geometry, LineSet, SOLVER_MAX_LINES};
use crate::theory::{Compact, View};
use profile::Profile;
use search::Worker;
use table::{Busy, Table};
pub use table::{SOLVE_TABLE_MIB, TableSize};

pub use crate::board::Score;

/// Counters exposed to progress reporting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited.
    pub nodes: u64,
    /// Transposition-table probes that gave a cutoff or an exact value.
    pub tt_hits: u64,
    /// Entries currently in use in the table.
    pub tt_used: u64,
    /// Entries the table can hold.
    pub tt_capacity: u64,
    /// What is known so far of the root value: `lower..=upper`.
    pub lower: Score,
    pub upper: Score,
}

/// What the last [`Solver::value`] proved about its position before it finished or ran out of
/// time: the value lies in `lower..=upper`, and `line` (when known) is a move with a proven lower
/// bound on its value (at most `lower`). An interrupted search still leaves the bounds of every
/// null-window probe it completed, so a timed-out solve can still name a move with a proven worst
/// case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proven {
    pub lower: Score,
    pub upper: Score,
    /// A move and a lower bound on its value: the move that reached the value of the last probe
    /// that failed high by searching the root (`None` before any did: when every line is drawn,
    /// when the root's one sensible move is a forced capture or the root is a simple endgame,
    /// which the search values without choosing a move, or when each probe that failed high
    /// was answered from the table).
    pub line: Option<(Edge, Score)>,
}

/// Which exact pruning rules the search uses. All are on by default; switching them off is for
/// tests that check each rule leaves the values unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// Take a box at once when its capture changes nothing else.
    pub free_captures: bool,
    /// When a chain can be taken, search only captures and the double-dealing move.
    pub chain_captures: bool,
    /// Search one opening line per chain of 3+ boxes or loop.
    pub one_line_per_long_chain: bool,
    /// Value simple loony endgames with the endgame module instead of searching them.
    pub simple_endgames: bool,
    /// Skip loony moves whose upper bound (see `Worker::loony_bound`) is at most alpha.
    pub loony_bounds: bool,
    /// Search only the middle line of each 2-chain and one line of each 1-chain.
    pub short_chains: bool,
    /// Search one undrawn line of each group of twin lines (see [`Geometry::twin_groups`]).
    pub twin_lines: bool,
}

impl Pruning {
    pub const ALL: Pruning = Pruning {
        free_captures: true,
        chain_captures: true,
        one_line_per_long_chain: true,
        simple_endgames: true,
        loony_bounds: true,
        short_chains: true,
        twin_lines: true,
    };
    pub const NONE: Pruning = Pruning {
        free_captures: false,
        chain_captures: false,
        one_line_per_long_chain: false,
        simple_endgames: false,
        loony_bounds: false,
        short_chains: false,
        twin_lines: false,
    };
}

/// A callback the solver calls every few hundred thousand nodes with its current counters.
pub type Progress<'a> = Box<dyn FnMut(&Stats) + Send + 'a>;

/// The exact solver for one board size; keep it between solves to reuse its table.
///
/// The table is allocated by the first search, as large as the position can use within the
/// [`TableSize`] asked for, and grows when a later position can use more: a solver for a big
/// board costs little until it is asked about a big position.
pub struct Solver<'a> {
    geo: Geometry,
    /// The image of each box under each symmetry of the board (for strings-and-coins keys),
    /// made once with the solver rather than by every search thread.
    box_maps: [[u8; 64]; 8],
    table: Table,
    /// The size asked for: a ceiling for [`TableSize::Mib`].
    size: TableSize,
    /// The enhanced-cutoff threshold set by [`Solver::set_etc_lines`], which then no longer
    /// follows the table's size.
    etc_lines: Option<u32>,
    stats: Stats,
    deadline: Option<Instant>,
    progress: Option<Progress<'a>>,
    settings: Settings,
    /// History heuristic: for each line, the sum of `undrawn²` over the cutoffs it gave outside
    /// capture sequences; it orders safe lines of the same kind (fewer nodes: docs/PERFORMANCE.md,
    /// "Solver settings").
    history: [u32; SOLVER_MAX_LINES],
    threads: usize,
    /// Search with one thread as if every position were busy in another (a test of the
    /// second pass of `Worker::search`).
    defer_all: bool,
    /// What the last `value` proved (see [`Solver::proven`]).
    proven: Option<Proven>,
    /// Set by the caller to stop the search before its deadline ([`Solver::set_cancel`]).
    cancel: Option<Arc<AtomicBool>>,
    /// The main thread's counters of where the nodes go, when measured ([`Solver::set_profile`]).
    profile: Option<Box<Profile>>,
}

/// How the search runs, the same for every thread.
#[derive(Clone, Copy, Debug)]
struct Settings {
    use_symmetry: bool,
    /// Key the table on the strings-and-coins graph (see `coins`) rather than on the lines.
    coin_keys: bool,
    pruning: Pruning,
    /// Enhanced transposition cutoffs from this many undrawn lines on ([`ETC_LINES`]).
    etc_lines: u32,
    /// Two threads split the work from this many undrawn lines on ([`PARALLEL_LINES`]).
    parallel_lines: u32,
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver").field("dims", &self.geo.dims()).field("stats", &self.stats).finish()
    }
}

/// Enhanced transposition cutoffs are tried only with at least this many undrawn lines, where
/// the subtrees they save are large: each costs a table probe per move. In a table that fits in
/// the caches a probe is cheap and [`ETC_LINES_CACHED`] pays; in the multi-gigabyte table that
/// 4x4 needs every probe is a trip to memory, and at 20 lines, the peak of the 4x4 search's node
/// counts, the probes cost far more than they save (docs/PERFORMANCE.md, "Solver settings").
pub const ETC_LINES: u32 = 24;

/// The enhanced-cutoff threshold for a table of at most [`CACHED_TABLE_BYTES`], where a probe
/// is cheap (3x3 and 3x4 from the empty board).
pub const ETC_LINES_CACHED: u32 = 20;

/// The largest table whose probes mostly hit the caches (a server's last-level cache holds
/// tens of MiB): the 3x4 table, 4 M entries, takes 54 MiB.
pub const CACHED_TABLE_BYTES: usize = 64 << 20;

/// On large boards the enhanced-cutoff threshold is at least half the board's lines plus this
/// many. A node with a given number of undrawn lines has a smaller subtree on a larger board
/// (more of its lines belong to chains already), so the probes pay from more undrawn lines on:
/// fewer cutoffs, but fewer probes that save nothing, and less time on 4×4 and 5×5 midgame
/// solves (docs/PERFORMANCE.md, "Solver settings"). Boards of up to 37 lines (3×4) keep
/// [`ETC_LINES_CACHED`], and 4×4 with a large table [`ETC_LINES`]. Measured on 4×4 and 5×5 only:
/// larger boards (44 on 6×6, 58 on 7×7) follow the rule unmeasured.
pub const ETC_LINES_OVER_HALF: u32 = 2;

/// The enhanced-cutoff threshold for a board of `lines` lines whose table takes `bytes`.
fn etc_threshold(lines: usize, bytes: usize) -> u32 {
    let base = if bytes <= CACHED_TABLE_BYTES { ETC_LINES_CACHED } else { ETC_LINES };
    base.max(lines as u32 / 2 + ETC_LINES_OVER_HALF)
}

/// A second search thread helps only from this many undrawn lines on (below, starting it costs
/// more than it saves).
pub const PARALLEL_LINES: u32 = 20;

/// The most threads a solve uses: the main thread and one helper, which is what the two cores
/// the engines are tuned for can run side by side.
pub const MAX_THREADS: usize = 2;

impl<'a> Solver<'a> {
    /// A solver for `geo`'s board with a table of `size` (allocated by the first search).
    pub fn new(geo: Geometry, size: TableSize) -> Solver<'a> {
        let table = Table::new(0, geo.num_lines());
        Solver {
            box_maps: coins::box_maps(&geo),
            geo,
            table,
            size,
            etc_lines: None,
            stats: Stats::default(),
            deadline: None,
            progress: None,
            settings: Settings {
                use_symmetry: true,
                coin_keys: false,
                pruning: Pruning::ALL,
                etc_lines: ETC_LINES_CACHED,
                parallel_lines: PARALLEL_LINES,
            },
            history: [0; SOLVER_MAX_LINES],
            threads: 1,
            defer_all: false,
            proven: None,
            cancel: None,
            profile: None,
        }
    }

    /// Search with this many threads (1 to [`MAX_THREADS`]; default 1) sharing the table: a
    /// helper searches the same null-window probe, taking first the moves the main thread is not
    /// searching (ABDADA, see `Worker::search`); only the main thread's answer is used.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Count where the main thread's nodes go ([`Profile`]), from now on, or stop counting.
    pub fn set_profile(&mut self, on: bool) {
        self.profile = on.then(Box::default);
    }

    /// The counters since [`Solver::set_profile`] (`None` when not counting).
    pub fn profile(&self) -> Option<&Profile> {
        self.profile.as_deref()
    }

    /// The search state of the main thread (the caller stores its counters back).
    fn worker(&mut self) -> Worker<'_, 'a> {
        Worker {
            deadline: self.deadline,
            progress: self.progress.as_deref_mut(),
            stop: self.cancel.as_deref(),
            ..Worker::new(&self.geo, &self.box_maps, &self.table, self.settings, self.stats, self.history)
        }
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }
    pub fn stats(&self) -> Stats {
        self.stats
    }
    /// Stop searching (with [`OutOfTime`]) once `deadline` has passed.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Stop searching (with [`OutOfTime`], as at the deadline) as soon as `cancel` is set: a
    /// caller that no longer wants the answer (the web page that asked for it went away) frees
    /// the cores at once instead of at the deadline.
    pub fn set_cancel(&mut self, cancel: Option<Arc<AtomicBool>>) {
        self.cancel = cancel;
    }

    /// The flag given to [`Solver::set_cancel`].
    pub fn cancel(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }
    pub fn set_progress(&mut self, progress: Option<Progress<'a>>) {
        self.progress = progress;
    }
    /// Key the table on the lines as drawn instead of their canonical image (for testing).
    pub fn set_symmetry(&mut self, on: bool) {
        self.settings.use_symmetry = on;
        self.table.clear();
    }
    /// Key the table on the strings-and-coins graph where nothing can be taken (see `coins`;
    /// boards of at most 64 lines), or on the lines as drawn (the default). Empties the table.
    ///
    /// Such keys merge positions whose chains run through different boxes: fewer nodes, but each
    /// key costs a walk of the chains at every node, and the solves measured took more time, not
    /// less (docs/PERFORMANCE.md, "Where the solver's nodes go"). They are for solves bound by the
    /// table's memory rather than by the time per node. Their chain part is hashed, so with them
    /// on a value is exact only up to the chance of a collision (see `coins`).
    pub fn set_coin_keys(&mut self, on: bool) {
        self.settings.coin_keys = on && coins::fit(self.geo.num_lines());
        self.table = Table::new(0, self.key_bits());
        self.stats.tt_capacity = 0;
        self.stats.tt_used = 0;
    }

    /// The bits of a table key: the board's lines, or 128 for strings-and-coins keys.
    fn key_bits(&self) -> usize {
        if self.settings.coin_keys { 128 } else { self.geo.num_lines() }
    }

    /// Choose the pruning rules (clears the table, whose bounds were found with the old ones).
    pub fn set_pruning(&mut self, pruning: Pruning) {
        self.settings.pruning = pruning;
        self.table.clear();
    }
    /// Try enhanced transposition cutoffs from this many undrawn lines on (default
    /// [`ETC_LINES`], or [`ETC_LINES_CACHED`] with a table of at most [`CACHED_TABLE_BYTES`],
    /// and at least half the board's lines plus [`ETC_LINES_OVER_HALF`];
    /// for tests, which reach the rule on small positions, and for tuning).
    pub fn set_etc_lines(&mut self, lines: u32) {
        self.etc_lines = Some(lines);
        self.settings.etc_lines = lines;
    }
    /// Let two threads split the work from this many undrawn lines on (default
    /// [`PARALLEL_LINES`]; for tests, which check small positions against brute force, and
    /// for tuning).
    pub fn set_parallel_lines(&mut self, lines: u32) {
        self.settings.parallel_lines = lines;
    }
    pub fn clear_table(&mut self) {
        self.table.clear();
        self.stats.tt_used = 0;
    }

    /// Makes the table as large as a search from `drawn` can use, within the size asked for
    /// (see `Table::entries_for`); the enhanced-cutoff threshold follows its new size.
    fn fit_table(&mut self, drawn: LineSet) {
        let (lines, undrawn) = (self.geo.num_lines(), self.geo.undrawn(drawn));
        // A search with a deadline cannot fill more than it has time to visit.
        let in_time = self.deadline.map_or(usize::MAX, |d| {
            Table::entries_in(d.saturating_duration_since(Instant::now()), self.threads)
        });
        // Counting the safe lines costs a look at every undrawn line: skip it when even every
        // undrawn line safe would not grow the table (the common case of a solver kept between
        // calls, as the search's playouts keep theirs).
        let bits = self.key_bits();
        let most = Table::entries_for(self.size, lines, bits, undrawn.count(), undrawn.count()).min(in_time);
        if most as u64 <= self.table.capacity() {
            return;
        }
        let safe = Compact::new(&self.geo, drawn).safe_set().count();
        let entries = Table::entries_for(self.size, lines, bits, undrawn.count(), safe).min(in_time);
        if entries as u64 <= self.table.capacity() {
            return;
        }
        self.table.grow(entries);
        self.stats.tt_capacity = self.table.capacity();
        self.stats.tt_used = self.table.used();
        let threshold = etc_threshold(lines, self.table.bytes());
        self.settings.etc_lines = self.etc_lines.unwrap_or(threshold);
    }

    /// The exact value of the position for the player to move.
    pub fn value(&mut self, drawn: LineSet) -> Result<Score, OutOfTime> {
        let left = self.geo.unclaimed_boxes(drawn) as Score;
        self.bounds_within(drawn, -left, left).map(|(lower, _)| lower)
    }

    /// Bounds `(lower, upper)` on the value of the position for the player to move, tight enough
    /// to give the value clamped to `[floor, ceiling]`: they meet, or `upper <= floor`, or
    /// `lower >= ceiling`. A narrow window costs far fewer nodes than the exact value where the
    /// value is far outside it; a split solve with a known or conjectured root value asks each
    /// part only this (`split`).
    pub fn bounds_within(
        &mut self,
        drawn: LineSet,
        floor: Score,
        ceiling: Score,
    ) -> Result<(Score, Score), OutOfTime> {
        self.mtd(drawn, floor, ceiling, true)
    }

    /// [`Solver::bounds_within`], which reports its bounds (in the counters the progress
    /// callback sees, and in [`Solver::proven`]) only when `reported`: the probes of a root's
    /// children leave what is said of the root as it was.
    fn mtd(
        &mut self,
        drawn: LineSet,
        floor: Score,
        ceiling: Score,
        reported: bool,
    ) -> Result<(Score, Score), OutOfTime> {
        self.fit_table(drawn);
        let settings = self.settings;
        let parallel = self.threads > 1 && self.geo.undrawn(drawn).count() >= settings.parallel_lines;
        let (geo, box_maps, table) = (&self.geo, &self.box_maps, &self.table);
        let mut helper_history = self.history;
        let mut helper_nodes = 0;
        let mut main = Worker {
            deadline: self.deadline,
            progress: self.progress.as_deref_mut(),
            stop: self.cancel.as_deref(),
            ..Worker::new(geo, box_maps, table, settings, self.stats, self.history)
        };
        let left = geo.unclaimed_boxes(drawn) as Score;
        let (mut lower, mut upper) = (-left, left);
        // A first probe at `floor` itself says no more than one at `floor + 1` (failing low,
        // either leaves the value at most `floor`), so the first guess is above the floor.
        let mut guess = table
            .probe(main.key(drawn).0)
            .map_or(0, |e| Score::from(e.lower))
            .clamp((floor + 1).min(ceiling), ceiling);
        if reported {
            main.stats.lower = lower;
            main.stats.upper = upper;
            self.proven = Some(Proven { lower, upper, line: None });
        }
        let images = main.images(drawn);
        let mut proven_line = None;
        // The marks of positions being searched, when two threads split the work (or a test
        // makes one thread defer every move).
        let busy = (parallel || self.defer_all).then(|| Busy::new(self.defer_all));
        let busy = busy.as_ref();
        main.busy = busy;
        main.root = Some(drawn.0);
        main.profile = self.profile.take();
        // MTD(f): null-window probes narrow [lower, upper] until they meet, or until the
        // value is known to be outside [floor, ceiling].
        while lower < upper && upper > floor && lower < ceiling {
            let beta = if guess == lower { guess + 1 } else { guess.max(lower + 1) };
            main.root_cut = None;
            let v = if parallel {
                let stop = &AtomicBool::new(false);
                let images = &images;
                std::thread::scope(|scope| {
                    let start_history = helper_history;
                    let helper = scope.spawn(move || {
                        let mut helper = Worker {
                            stop: Some(stop),
                            busy,
                            ..Worker::new(geo, box_maps, table, settings, Stats::default(), start_history)
                        };
                        helper.search(images, left, beta - 1, beta);
                        helper.flush_fresh();
                        (helper.stats.nodes, helper.history)
                    });
                    let v = main.search(images, left, beta - 1, beta);
                    stop.store(true, Ordering::Relaxed);
                    // The helper only fills the table: a panic there is a bug worth reporting.
                    let (nodes, history) = helper.join().expect("the helper search thread panicked");
                    helper_nodes += nodes;
                    helper_history = history;
                    v
                })
            } else {
                main.search(&images, left, beta - 1, beta)
            };
            if main.interrupted {
                break;
            }
            if v < beta {
                upper = v;
            } else {
                lower = v;
                // The move that reached `v` in this probe, when the root was searched (else the
                // line of an earlier probe keeps its own, lower, bound).
                proven_line = main.root_cut.or(proven_line);
            }
            guess = v;
            if reported {
                self.proven = Some(Proven { lower, upper, line: proven_line });
                main.stats.lower = lower;
                main.stats.upper = upper;
            }
        }
        main.flush_fresh();
        self.profile = main.profile.take();
        let (interrupted, mut stats, history) = (main.interrupted, main.stats, main.history);
        stats.nodes += helper_nodes;
        stats.tt_used = self.table.used();
        self.stats = stats;
        self.history = history;
        if interrupted { Err(OutOfTime) } else { Ok((lower, upper)) }
    }

    /// The value for the mover of drawing `e` (undrawn) in `drawn`: the boxes it completes plus
    /// the value of the rest if they move again, minus the opponent's value otherwise.
    pub fn move_value(&mut self, drawn: LineSet, e: Edge) -> Result<Score, OutOfTime> {
        let k = Compact::new(&self.geo, drawn).completes(e) as Score;
        let v = self.value(drawn.with(e))?;
        Ok(if k > 0 { k + v } else { -v })
    }

    /// The value of every legal move, in line-number order.
    pub fn move_values(&mut self, drawn: LineSet) -> Result<Vec<(Edge, Score)>, OutOfTime> {
        // One table for every child, sized for the position rather than for the first child.
        self.fit_table(drawn);
        let undrawn = self.geo.undrawn(drawn);
        undrawn.iter().map(|e| Ok((e, self.move_value(drawn, e)?))).collect()
    }

    /// What the last [`Solver::value`] proved about its position, whether it finished or ran out
    /// of time: `None` before any search. After a finished search `lower == upper` is the value.
    /// [`Solver::best_move`] calls `value` on its position; [`Solver::move_value`] and
    /// [`Solver::move_values`] call it on the children, so after them it is about a child, for its
    /// player to move.
    pub fn proven(&self) -> Option<Proven> {
        self.proven
    }

    /// The value of the position and a move that achieves it (`None` when every line is drawn).
    ///
    /// A solve without a deadline that two threads shared (from [`PARALLEL_LINES`] undrawn lines,
    /// unless [`Solver::set_parallel_lines`] moved it) names the move its own root search proved
    /// to reach the value when it has one, with no further search; that move can differ from run
    /// to run among equally good ones, as which of them the root tries first depends on what the
    /// other thread stored. Otherwise the move is the same from run to run: with one thread, on
    /// a smaller position, or with a deadline (a player's move, which a seeded match replays),
    /// the first move of a fixed order that reaches the value.
    pub fn best_move(&mut self, drawn: LineSet) -> Result<(Score, Option<Edge>), OutOfTime> {
        let value = self.value(drawn)?;
        let undrawn = self.geo.undrawn(drawn);
        let shared = self.threads > 1 && undrawn.count() >= self.settings.parallel_lines;
        if shared
            && self.deadline.is_none()
            && let Some(Proven { line: Some((e, lower)), .. }) = self.proven
            && lower >= value
        {
            return Ok((value, Some(e)));
        }
        let mut moves: Vec<Edge> = undrawn.iter().collect();
        // Captures first, then moves that give nothing away: a best move is usually among them.
        let pos = Compact::new(&self.geo, drawn);
        moves.sort_by_key(|&e| (pos.completes(e) == 0, pos.gives_box(e)));
        // The table's best move, when it has one, before them: the search stored it, and
        // probing a move that is not best can cost as much as a search. With two threads the
        // stored move depends on which thread stored last: the order above alone keeps the
        // answer the same from run to run (every probe is exact, whatever the table holds).
        if self.threads == 1
            && let Some(e) = self.worker().stored_move(drawn)
        {
            moves.retain(|&m| m != e);
            moves.insert(0, e);
        }
        self.first_reaching(drawn, value, moves).map(|e| (value, e))
    }

    /// The first of `moves` whose value is `value` (the position's), by a null-window probe of
    /// each child in turn (which both threads search when there are two and the child has
    /// enough undrawn lines).
    fn first_reaching(
        &mut self,
        drawn: LineSet,
        value: Score,
        moves: Vec<Edge>,
    ) -> Result<Option<Edge>, OutOfTime> {
        for e in moves {
            // Does `e` reach `value`? The child's value compared with one number answers it.
            let k = Compact::new(&self.geo, drawn).completes(e) as Score;
            let child = drawn.with(e);
            let reaches = if k > 0 {
                // k + child >= value
                self.mtd(child, value - k - 1, value - k, false)?.0 >= value - k
            } else {
                // -child >= value: the child is not worth -value + 1 or more.
                self.mtd(child, -value, 1 - value, false)?.0 <= -value
            };
            if reaches {
                return Ok(Some(e));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pencilbox_grid::Dims;

    /// The enhanced-cutoff threshold follows the table's size (cheap probes in a table that
    /// fits in the caches, trips to memory in one that does not) and, on larger boards, the
    /// board's lines.
    #[test]
    fn etc_threshold_follows_the_table_and_the_board() {
        let geo = |r, c| Geometry::new(Dims::new(r, c).unwrap()).unwrap();
        let etc = |r, c, mib, drawn: LineSet| {
            let mut solver = Solver::new(geo(r, c), TableSize::Mib(mib));
            solver.fit_table(drawn);
            solver.settings.etc_lines
        };
        // 3x3 caps its table at 2^17 entries, 1.7 MB, whatever the budget.
        assert_eq!(etc(3, 3, 1024, LineSet::EMPTY), ETC_LINES_CACHED);
        assert_eq!(etc(3, 4, 64, LineSet::EMPTY), ETC_LINES_CACHED);
        // 4x4 has 40 lines: 20 + 2 in a small table.
        assert_eq!(etc(4, 4, 64, LineSet::EMPTY), 22);
        assert_eq!(etc(4, 4, 65, LineSet::EMPTY), ETC_LINES);
        // 4x4 with 20 lines drawn: at most 2^20 entries, 13 MB.
        assert_eq!(etc(4, 4, 1024, LineSet((1 << 20) - 1)), 22);
        // 5x5 has 60 lines: 30 + 2, whatever the table.
        assert_eq!(etc(5, 5, 64, LineSet::EMPTY), 32);
        assert_eq!(etc(5, 5, 1024, LineSet::EMPTY), 32);
        let mut solver = Solver::new(geo(5, 5), TableSize::Mib(64));
        solver.set_etc_lines(20);
        solver.fit_table(LineSet::EMPTY);
        assert_eq!(solver.settings.etc_lines, 20, "a threshold set by hand stays");
    }

    /// A table as large as the position can use, within the size asked for: 2^undrawn entries
    /// at most (every set of drawn lines a search can reach), 2^(3n/4 - 1) on n lines, and
    /// 2^(s + 16) with s safe lines.
    #[test]
    fn the_table_fits_the_position() {
        let gib = TableSize::Mib(1024);
        // 5x5 (60 lines) with 5 undrawn lines: 32 entries, in 7 buckets of 5.
        assert_eq!(Table::entries_for(gib, 60, 60, 5, 5), 32);
        // The empty 3x3 board (24 lines): 2^17 entries, as before the undrawn count was used.
        assert_eq!(Table::entries_for(gib, 24, 24, 24, 24), 1 << 17);
        // 4x4 with 8 lines drawn: the ceiling, 1 GiB of 64-byte buckets of 5.
        assert_eq!(Table::entries_for(gib, 40, 40, 32, 30), 5 << 24);
        // 5x5 with 28 lines undrawn, 2 of them safe: 2^18 entries.
        assert_eq!(Table::entries_for(gib, 60, 60, 28, 2), 1 << 18);
        assert_eq!(Table::entries_for(TableSize::Entries(8), 60, 60, 5, 5), 8);
        // Strings-and-coins keys take 128 bits: buckets of 3.
        assert_eq!(Table::entries_for(gib, 40, 128, 32, 30), 3 << 24);
        let geo = Geometry::new(Dims::new(5, 5).unwrap()).unwrap();
        let mut solver = Solver::new(geo.clone(), gib);
        assert_eq!(solver.stats().tt_capacity, 0, "nothing allocated before a search");
        let undrawn = |lines: u128| LineSet(geo.all_lines().0 & !lines);
        assert_eq!(solver.value(undrawn(0b11111)).unwrap(), 5);
        assert_eq!(solver.stats().tt_capacity, 35);
        // A later, larger position grows the table, which keeps what it held.
        let eight = undrawn(0x0101_0101_0101_0101);
        assert_eq!(solver.value(eight).unwrap(), 13);
        let used = solver.stats().tt_used;
        assert!(used > 0, "{:?}", solver.stats());
        let twelve = undrawn(0xfff);
        solver.fit_table(twelve);
        assert_eq!((solver.stats().tt_capacity, solver.stats().tt_used), (4100, used));
        assert_eq!(solver.value(twelve).unwrap(), Solver::new(geo.clone(), gib).value(twelve).unwrap());
    }

    /// A solve with a deadline gets no larger a table than it could fill in its time: the
    /// 5×5 board with 12 lines drawn could use a quarter of a gigabyte, but not in a few
    /// milliseconds.
    #[test]
    fn a_timed_solve_gets_the_table_its_time_can_fill() {
        assert_eq!(Table::entries_in(std::time::Duration::ZERO, 1), 1 << 20);
        assert_eq!(Table::entries_in(std::time::Duration::from_millis(1500), 2), 1 << 24);
        let geo = Geometry::new(Dims::new(5, 5).unwrap()).unwrap();
        let mut solver = Solver::new(geo.clone(), TableSize::Mib(256));
        solver.set_deadline(Some(Instant::now() + std::time::Duration::from_millis(5)));
        assert!(solver.value(LineSet(0xfff)).is_err(), "not solved in 5 ms");
        let capacity = solver.stats().tt_capacity;
        assert!((1 << 20..1 << 21).contains(&capacity), "{capacity} entries");
        // Without a deadline the same position gets what it can use.
        solver.set_deadline(None);
        solver.fit_table(LineSet(0xfff));
        assert!(solver.stats().tt_capacity > 1 << 24, "{:?}", solver.stats());
    }

    /// The probes that look for a best move (which both threads search from 20 undrawn lines
    /// on) say of each move whether it reaches the value, as a one-thread solve of its value
    /// does, at the extremes too (a move that hands every box over): the first that reaches is
    /// the first of the list worth the value.
    #[test]
    fn probes_of_the_moves_find_the_first_that_reaches() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed_2025);
        let small = (0..40u32).map(|i| ([(1, 2), (2, 2), (2, 3), (1, 3)][i as usize % 4], 2 + i % 7));
        let shared = [(4, 4), (3, 5), (3, 4), (4, 4)].into_iter().map(|size| (size, 21));
        for ((r, c), left) in small.chain(shared) {
            let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
            let mut drawn = LineSet::EMPTY;
            while geo.undrawn(drawn).count() > left {
                drawn = drawn.with(Edge(rng.random_range(0..geo.num_lines())));
            }
            let mut plain = Solver::new(geo.clone(), TableSize::Mib(16));
            let value = plain.value(drawn).unwrap();
            let values = plain.move_values(drawn).unwrap();
            let mut solver = Solver::new(geo.clone(), TableSize::Mib(16));
            solver.set_threads(2);
            assert_eq!(solver.value(drawn).unwrap(), value);
            // Each move alone, so that every answer is checked, reaching or not.
            for &(e, v) in &values {
                let found = solver.first_reaching(drawn, value, vec![e]).unwrap();
                assert_eq!(found == Some(e), v == value, "{r}x{c} {:#x}: line {}", drawn.0, e.0);
            }
            let all: Vec<Edge> = values.iter().map(|m| m.0).collect();
            let first = values.iter().find(|m| m.1 == value).map(|m| m.0);
            assert_eq!(solver.first_reaching(drawn, value, all).unwrap(), first);
            // What the solver says of its position is still about it, not about a child probed.
            let proven = solver.proven().expect("searched");
            assert_eq!((proven.lower, proven.upper), (value, value));
            assert_eq!((solver.stats().lower, solver.stats().upper), (value, value));
        }
    }

    /// Deferring moves to a second pass (as a thread does with those the other is searching)
    /// leaves values unchanged: every move but the first of each node is deferred, and the
    /// values match a plain alpha-beta with no table and no pruning rule.
    #[test]
    fn deferred_moves_are_searched() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x2545_F491_4F6C_DD1D);
        for (r, c, drop) in [(2, 2, 3), (2, 3, 4), (3, 3, 12), (2, 4, 10), (3, 3, 13), (3, 4, 19)] {
            let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
            let mut drawn = LineSet::EMPTY;
            while (drawn.count() as usize) < drop {
                drawn = drawn.with(Edge(rng.random_range(0..geo.num_lines())));
            }
            let mut plain = Solver::new(geo.clone(), TableSize::Entries(0));
            plain.set_pruning(Pruning::NONE);
            let expected = plain.value(drawn).unwrap();
            for size in [TableSize::Entries(8), TableSize::Mib(4)] {
                let mut solver = Solver::new(geo.clone(), size);
                solver.defer_all = true;
                solver.set_parallel_lines(4);
                assert_eq!(solver.value(drawn).unwrap(), expected, "{r}x{c} drawn {:#x}", drawn.0);
            }
        }
    }
}
