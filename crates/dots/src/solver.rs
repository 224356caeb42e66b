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
//!   strings-and-coins view: Berlekamp, ch. 2; Barker & Korf), kept up to date move by move;
//! * capture reductions (see `Worker::capture_options`): when a box can be taken, at most two
//!   moves need to be searched;
//! * one move per equivalence class when nothing can be taken: one line per twin group, one line
//!   per chain of 3+ boxes or loop, one line per 1-chain, and only the middle line of a 2-chain
//!   (the half-hearted hand-out is dominated: see `Worker::short_chain_line`);
//! * move ordering: the table's best move first, then moves that give no box away (those that
//!   use up safe moves first, then by a history heuristic), then hand-outs, shortest chain first;
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

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering, fence};
use std::time::Instant;

use pencilbox_grid::{Edge, OutOfTime};

use crate::endgame;
use crate::lines::{BoxId, Chains, Geometry, LineSet, MAX_LINES, NO_CHAIN, SideCounts};

/// A net score: the mover's points minus the opponent's, over the unclaimed boxes.
pub type Score = i32;

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

/// The drawn lines and their images under every symmetry of the board, each normalised under
/// exchanges of twin lines (see `Worker::key_of`), kept up to date move by move so that the
/// canonical key costs a few comparisons.
#[derive(Clone, Copy)]
struct Images {
    drawn: u128,
    keys: [u128; 8],
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

/// A short list of lines kept on the stack (the search allocates nothing per node), each with
/// an upper bound on its value for the mover (`NO_BOUND` when none is known).
#[derive(Clone, Copy)]
struct MoveList {
    len: usize,
    lines: [u8; MAX_LINES],
    bounds: [i8; MAX_LINES],
}

/// No upper bound known on a move's value.
const NO_BOUND: i8 = i8::MAX;

impl MoveList {
    const fn new() -> MoveList {
        MoveList { len: 0, lines: [0; MAX_LINES], bounds: [NO_BOUND; MAX_LINES] }
    }
    fn push(&mut self, e: Edge) {
        if !self.as_slice().contains(&(e.0 as u8)) {
            self.lines[self.len] = e.0 as u8;
            self.len += 1;
        }
    }
    fn as_slice(&self) -> &[u8] {
        &self.lines[..self.len]
    }
}

/// How large a transposition table to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// About this many mebibytes.
    Mib(usize),
    /// Exactly this many entries (rounded up to whole buckets); `0` disables the table.
    Entries(usize),
}

/// One table entry: bounds on the value of the position whose canonical line set is `key`.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The canonical line set in 32-bit words (the table stores only its first `key_words`).
    key: [u32; 4],
    lower: i8,
    upper: i8,
    /// The move that gave the best value, as an edge number in the canonical orientation.
    best: u8,
    /// Replacement priority: 1 + undrawn lines (more lines = more work saved); 0 = empty.
    weight: u8,
}

/// The words of a bucket after its sequence word.
const BUCKET_WORDS: usize = 15;

/// The most entries a bucket holds: five of three words when keys fit in 64 bits.
const MAX_BUCKET: usize = 5;

/// One cache line of the table: a sequence word, then its entries, each the key's words (two on
/// boards of at most 64 lines, four above) and a word `lower | upper << 8 | best << 16 |
/// weight << 24`. So a bucket holds five entries on boards up to 64 lines (4x4 has 40, 5x5
/// 60) and three above, and a probe costs one memory access.
///
/// The table is shared by the search threads. Every word is atomic and each bucket is a
/// sequence lock: a writer makes the sequence odd (taking it with a compare-exchange), writes,
/// and makes it even again; a reader copies the bucket and keeps the copy only if the sequence
/// was even and unchanged around the copy. So a probe never sees half of one entry and half
/// of another, which keeps every bound in the table sound.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([AtomicU32; 1 + BUCKET_WORDS]);

impl Bucket {
    /// A consistent copy of the bucket's words (retried while a writer holds the bucket).
    fn words(&self) -> [u32; BUCKET_WORDS] {
        loop {
            let before = self.0[0].load(Ordering::Acquire);
            if before & 1 == 0 {
                let words: [u32; BUCKET_WORDS] =
                    std::array::from_fn(|i| self.0[i + 1].load(Ordering::Relaxed));
                fence(Ordering::Acquire);
                if self.0[0].load(Ordering::Relaxed) == before {
                    return words;
                }
            }
            std::hint::spin_loop();
        }
    }

    /// The entry for `key`, whose entries have `K` key words (`K` is 2 or 4).
    fn find<const K: usize>(&self, key: [u32; 4]) -> Option<Entry> {
        let words = self.words();
        (0..BUCKET_WORDS / (K + 1))
            .map(|i| Entry::unpack::<K>(&words, i))
            .find(|e| e.weight != 0 && e.key == key)
    }

    /// Runs `update` on the entries under the bucket's lock and writes them back.
    fn update<const K: usize, R>(&self, update: impl FnOnce(&mut [Entry]) -> R) -> R {
        let seq = loop {
            let seq = self.0[0].load(Ordering::Relaxed);
            if seq & 1 == 0
                && self.0[0].compare_exchange_weak(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed).is_ok()
            {
                break seq;
            }
            std::hint::spin_loop();
        };
        fence(Ordering::Release);
        let words: [u32; BUCKET_WORDS] = std::array::from_fn(|i| self.0[i + 1].load(Ordering::Relaxed));
        let slots = BUCKET_WORDS / (K + 1);
        let mut entries: [Entry; MAX_BUCKET] =
            std::array::from_fn(|i| if i < slots { Entry::unpack::<K>(&words, i) } else { Entry::default() });
        let result = update(&mut entries[..slots]);
        for (i, entry) in entries[..slots].iter().enumerate() {
            for (w, word) in entry.pack::<K>().enumerate() {
                self.0[1 + (K + 1) * i + w].store(word, Ordering::Relaxed);
            }
        }
        self.0[0].store(seq.wrapping_add(2), Ordering::Release);
        result
    }
}

impl Entry {
    /// The stored form with `K` key words: the key's first `K` words, then the rest.
    fn pack<const K: usize>(&self) -> impl Iterator<Item = u32> {
        let meta = u32::from(self.lower as u8)
            | u32::from(self.upper as u8) << 8
            | u32::from(self.best) << 16
            | u32::from(self.weight) << 24;
        self.key[..K].iter().copied().chain(std::iter::once(meta))
    }

    /// Entry `i` of a bucket whose entries have `K` key words.
    fn unpack<const K: usize>(words: &[u32; BUCKET_WORDS], i: usize) -> Entry {
        let w = &words[(K + 1) * i..(K + 1) * (i + 1)];
        let meta = w[K];
        let mut key = [0; 4];
        key[..K].copy_from_slice(&w[..K]);
        Entry {
            key,
            lower: meta as u8 as i8,
            upper: (meta >> 8) as u8 as i8,
            best: (meta >> 16) as u8,
            weight: (meta >> 24) as u8,
        }
    }
}

/// The positions the search threads are working on now, for ABDADA (see `Worker::search`):
/// each slot holds the fingerprint of one position (its lines as drawn: a symmetric image
/// is not found, which costs only some duplicated work) or 0. The table is lossy (a position whose
/// slot is taken is simply not marked) and a mark only changes the order of moves, never a
/// value.
#[derive(Debug)]
struct Busy {
    slots: Vec<AtomicU64>,
    /// Report every position busy (for a test: one thread then defers every move but the
    /// first of each node to a second pass).
    all: bool,
}

impl Busy {
    fn new(all: bool) -> Busy {
        Busy { slots: (0..1 << 12).map(|_| AtomicU64::new(0)).collect(), all }
    }

    fn slot(&self, key: LineSet) -> (&AtomicU64, u64) {
        let h = mix(key);
        (&self.slots[(h >> 52) as usize], h | 1)
    }

    /// Marks the position busy; false if its slot was taken (then `leave` must not be called).
    fn enter(&self, key: LineSet) -> bool {
        let (slot, mark) = self.slot(key);
        slot.compare_exchange(0, mark, Ordering::Relaxed, Ordering::Relaxed).is_ok()
    }

    fn leave(&self, key: LineSet) {
        let (slot, mark) = self.slot(key);
        let _ = slot.compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    fn is_busy(&self, key: LineSet) -> bool {
        let (slot, mark) = self.slot(key);
        self.all || slot.load(Ordering::Relaxed) == mark
    }
}

/// A 64-bit hash of a line set.
fn mix(lines: LineSet) -> u64 {
    let (lo, hi) = (lines.0 as u64, (lines.0 >> 64) as u64);
    let mut h = (lo ^ hi.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 31;
    h.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// A fixed-size bucket array shared by the search threads; a full bucket drops its least
/// valuable entry.
#[derive(Debug)]
struct Table {
    buckets: Vec<Bucket>,
    used: AtomicU64,
    /// Key words stored per entry: 2 when every line set fits in 64 bits, else 4.
    key_words: usize,
    /// Entries per bucket.
    slots: usize,
}

impl Table {
    /// A table of (at least) `entries` entries for a board of `lines` lines.
    fn new(entries: usize, lines: usize) -> Table {
        let key_words = Self::key_words(lines);
        let slots = Self::slots(lines);
        let buckets = std::iter::repeat_with(Bucket::default).take(entries.div_ceil(slots)).collect();
        Table { buckets, used: AtomicU64::new(0), key_words, slots }
    }

    /// Key words per entry on a board of `lines` lines.
    fn key_words(lines: usize) -> usize {
        if lines <= 64 { 2 } else { 4 }
    }

    /// Entries per bucket on a board of `lines` lines.
    fn slots(lines: usize) -> usize {
        BUCKET_WORDS / (Self::key_words(lines) + 1)
    }

    fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    fn capacity(&self) -> u64 {
        (self.buckets.len() * self.slots) as u64
    }

    fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    fn key(lines: LineSet) -> [u32; 4] {
        [lines.0 as u32, (lines.0 >> 32) as u32, (lines.0 >> 64) as u32, (lines.0 >> 96) as u32]
    }

    fn bucket_index(&self, lines: LineSet) -> usize {
        ((u128::from(mix(lines)) * self.buckets.len() as u128) >> 64) as usize
    }

    fn probe(&self, lines: LineSet) -> Option<Entry> {
        if self.buckets.is_empty() {
            return None;
        }
        let key = Self::key(lines);
        let bucket = &self.buckets[self.bucket_index(lines)];
        if self.key_words == 2 { bucket.find::<2>(key) } else { bucket.find::<4>(key) }
    }

    /// Stores `entry` for `lines`; whether it filled an empty slot.
    fn store(&self, lines: LineSet, entry: Entry) -> bool {
        if self.buckets.is_empty() {
            return false;
        }
        let key = Self::key(lines);
        let put = |bucket: &mut [Entry]| {
            let (slot, fresh) = match bucket.iter().position(|e| e.weight != 0 && e.key == key) {
                Some(s) => (s, false),
                None => {
                    let s = (0..bucket.len()).min_by_key(|&s| bucket[s].weight).unwrap_or(0);
                    (s, bucket[s].weight == 0)
                }
            };
            bucket[slot] = Entry { key, ..entry };
            fresh
        };
        let bucket = &self.buckets[self.bucket_index(lines)];
        if self.key_words == 2 { bucket.update::<2, _>(put) } else { bucket.update::<4, _>(put) }
    }

    fn clear(&mut self) {
        for b in &mut self.buckets {
            *b = Bucket::default();
        }
        *self.used.get_mut() = 0;
    }
}

/// A callback the solver calls every few hundred thousand nodes with its current counters.
pub type Progress<'a> = Box<dyn FnMut(&Stats) + 'a>;

/// The exact solver for one board size; keep it between solves to reuse its table.
pub struct Solver<'a> {
    geo: Geometry,
    table: Table,
    stats: Stats,
    deadline: Option<Instant>,
    progress: Option<Progress<'a>>,
    settings: Settings,
    /// History heuristic: for each line, the sum of `undrawn²` over the cutoffs it gave outside
    /// capture sequences; it orders safe lines of the same kind (measured 3x3 178k -> 165k nodes).
    history: [u32; MAX_LINES],
    threads: usize,
    /// Search with one thread as if every position were busy in another (a test of the
    /// second pass of `Worker::search`).
    defer_all: bool,
}

/// How the search runs, the same for every thread.
#[derive(Clone, Copy, Debug)]
struct Settings {
    use_symmetry: bool,
    pruning: Pruning,
    /// Enhanced transposition cutoffs from this many undrawn lines on ([`ETC_LINES`]).
    etc_lines: u32,
    /// Two threads split the work from this many undrawn lines on ([`PARALLEL_LINES`]).
    parallel_lines: u32,
}

/// One search thread: its counters and move-ordering state, and the shared table.
struct Worker<'s, 'p> {
    geo: &'s Geometry,
    table: &'s Table,
    settings: Settings,
    stats: Stats,
    deadline: Option<Instant>,
    progress: Option<&'s mut (dyn FnMut(&Stats) + 'p)>,
    interrupted: bool,
    /// Set for a helper thread: stop as soon as the main thread has its answer.
    stop: Option<&'s AtomicBool>,
    /// The positions the search threads are in, when there are two of them.
    busy: Option<&'s Busy>,
    history: [u32; MAX_LINES],
    /// Entries this thread put in empty slots since it last added them to the table's count
    /// (one shared counter updated at every store would bounce between the cores).
    fresh: u64,
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver").field("dims", &self.geo.dims()).field("stats", &self.stats).finish()
    }
}

/// Enhanced transposition cutoffs are tried only with at least this many undrawn lines, where
/// the subtrees they save are large: each costs a table probe (a cache miss) per move.
/// Measured (CPU time, nodes): 3x4 4.9 s / 10.8 M at 16 lines, 3.7 s / 12.2 M at 20, 3.8 s /
/// 13.5 M at 24; 3x3 47 / 44 / 46 ms. Again with the move bounds from the probes (the
/// `solve_set` example, CPU time on the loaded machine, interleaved runs): 3x4 7.99 M nodes
/// but 5.1-6.2 s at 14 lines, 8.51 M / 4.5-5.0 s at 17, 9.96 M / 3.5-3.9 s at 20 (3.7-4.8 s and
/// 10.37 M before the move bounds); 4x4-b 6.10 M / 5.4-6.0 s at 14, 6.90 M / 4.0-4.2 s at 20.
///
/// Those tables fit in the caches. With the multi-gigabyte table that 4x4 needs, every probe is
/// a trip to memory, and 20 lines, the peak of the 4x4 search's node counts, cost far more
/// than it saved. Two 4x4 positions with 5 lines drawn (one thread, 4 GiB table, task-clock):
/// at 20 lines 47.1 M nodes / 25-35 s and 72.0 M / 54-56 s; at 24, 55.6 M / 21-24 s and
/// 86.0 M / 34-46 s; with none at all, 62.8 M / 21-25 s and 99.0 M / 37 s. The whole 4x4 board
/// (two threads, 8 GiB): 1.45 G nodes in 13 min 48 s at 20 lines, 1.67 G in 9 min 17-30 s at 24.
/// So a table that outgrows the caches uses this threshold, a smaller one [`ETC_LINES_CACHED`].
pub const ETC_LINES: u32 = 24;

/// The enhanced-cutoff threshold for a table of at most [`CACHED_TABLE_BYTES`], where a probe
/// is cheap (3x3 and 3x4 from the empty board, measured above).
pub const ETC_LINES_CACHED: u32 = 20;

/// The largest table whose probes mostly hit the caches (a server's last-level cache holds
/// tens of MiB): the 3x4 table, 4 M entries, takes 54 MiB.
pub const CACHED_TABLE_BYTES: usize = 64 << 20;

/// A second search thread helps only from this many undrawn lines on (below, starting it costs
/// more than it saves).
pub const PARALLEL_LINES: u32 = 20;

/// How often (in nodes, a power of two) the deadline and the progress callback are checked.
const POLL_MASK: u64 = (1 << 14) - 1;

impl<'a> Solver<'a> {
    pub fn new(geo: Geometry, size: TableSize) -> Solver<'a> {
        let geo_lines = geo.num_lines();
        // A table much larger than the search needs only costs cache and TLB misses: the
        // search stores a few million positions on a 31-line board (3x4), about a hundred
        // thousand on 24 lines (3x3). Measured (CPU time, nodes): 3x3 best at 2^17 entries,
        // 3x4 at 2^22 (6.0 s; 7.4 s at 2^24, 6.6 s at 2^21 with 5% more nodes).
        let entries = match size {
            TableSize::Mib(mib) => {
                let wanted = mib * (1 << 20) / size_of::<Bucket>() * Table::slots(geo_lines);
                wanted.min(1 << (geo_lines * 3 / 4).saturating_sub(1).min(40))
            }
            TableSize::Entries(n) => n,
        };
        let table = Table::new(entries, geo_lines);
        let etc_lines = if table.bytes() <= CACHED_TABLE_BYTES { ETC_LINES_CACHED } else { ETC_LINES };
        let stats = Stats { tt_capacity: table.capacity(), ..Stats::default() };
        Solver {
            geo,
            table,
            stats,
            deadline: None,
            progress: None,
            settings: Settings {
                use_symmetry: true,
                pruning: Pruning::ALL,
                etc_lines,
                parallel_lines: PARALLEL_LINES,
            },
            history: [0; MAX_LINES],
            threads: 1,
            defer_all: false,
        }
    }

    /// Search with this many threads (1 or 2; default 1) sharing the table: a helper searches
    /// the same null-window probe, taking first the moves the main thread is not searching
    /// (ABDADA, see `Worker::search`); only the main thread's answer is used.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 2);
    }

    /// The search state of the main thread (the caller stores its counters back).
    fn worker(&mut self) -> Worker<'_, 'a> {
        Worker {
            deadline: self.deadline,
            progress: self.progress.as_deref_mut(),
            ..Worker::new(&self.geo, &self.table, self.settings, self.stats, self.history)
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
    pub fn set_progress(&mut self, progress: Option<Progress<'a>>) {
        self.progress = progress;
    }
    /// Key the table on the lines as drawn instead of their canonical image (for testing).
    pub fn set_symmetry(&mut self, on: bool) {
        self.settings.use_symmetry = on;
        self.table.clear();
    }
    /// Choose the pruning rules (clears the table, whose bounds were found with the old ones).
    pub fn set_pruning(&mut self, pruning: Pruning) {
        self.settings.pruning = pruning;
        self.table.clear();
    }
    /// Try enhanced transposition cutoffs from this many undrawn lines on (default
    /// [`ETC_LINES`], or [`ETC_LINES_CACHED`] with a table of at most [`CACHED_TABLE_BYTES`];
    /// for tests, which reach the rule on small positions, and for tuning).
    pub fn set_etc_lines(&mut self, lines: u32) {
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

    /// The exact value of the position for the player to move.
    pub fn value(&mut self, drawn: LineSet) -> Result<Score, OutOfTime> {
        let settings = self.settings;
        let parallel = self.threads > 1 && self.geo.undrawn(drawn).count() >= settings.parallel_lines;
        let (geo, table) = (&self.geo, &self.table);
        let mut helper_history = self.history;
        let mut helper_nodes = 0;
        let mut main = Worker {
            deadline: self.deadline,
            progress: self.progress.as_deref_mut(),
            ..Worker::new(geo, table, settings, self.stats, self.history)
        };
        let left = geo.unclaimed_boxes(drawn) as Score;
        let (mut lower, mut upper) = (-left, left);
        let mut guess = table.probe(main.key(drawn).0).map_or(0, |e| Score::from(e.lower));
        main.stats.lower = lower;
        main.stats.upper = upper;
        let images = main.images(drawn);
        // The marks of positions being searched, when two threads split the work (or a test
        // makes one thread defer every move).
        let busy = (parallel || self.defer_all).then(|| Busy::new(self.defer_all));
        let busy = busy.as_ref();
        main.busy = busy;
        // MTD(f): null-window probes narrow [lower, upper] until they meet.
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess.max(lower + 1) };
            let v = if parallel {
                let stop = &AtomicBool::new(false);
                let images = &images;
                std::thread::scope(|scope| {
                    let start_history = helper_history;
                    let helper = scope.spawn(move || {
                        let mut helper = Worker {
                            stop: Some(stop),
                            busy,
                            ..Worker::new(geo, table, settings, Stats::default(), start_history)
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
            }
            guess = v;
            main.stats.lower = lower;
            main.stats.upper = upper;
        }
        main.flush_fresh();
        let (interrupted, mut stats, history) = (main.interrupted, main.stats, main.history);
        stats.nodes += helper_nodes;
        stats.tt_used = self.table.used();
        self.stats = stats;
        self.history = history;
        if interrupted { Err(OutOfTime) } else { Ok(lower) }
    }

    /// The value for the mover of drawing `e` (undrawn) in `drawn`: the boxes it completes plus
    /// the value of the rest if they move again, minus the opponent's value otherwise.
    pub fn move_value(&mut self, drawn: LineSet, e: Edge) -> Result<Score, OutOfTime> {
        let k = self.geo.completes(drawn, e) as Score;
        let v = self.value(drawn.with(e))?;
        Ok(if k > 0 { k + v } else { -v })
    }

    /// The value of every legal move, in line-number order.
    pub fn move_values(&mut self, drawn: LineSet) -> Result<Vec<(Edge, Score)>, OutOfTime> {
        let undrawn = self.geo.undrawn(drawn);
        undrawn.iter().map(|e| Ok((e, self.move_value(drawn, e)?))).collect()
    }

    /// The value of the position and a move that achieves it (`None` when every line is drawn).
    pub fn best_move(&mut self, drawn: LineSet) -> Result<(Score, Option<Edge>), OutOfTime> {
        let value = self.value(drawn)?;
        let undrawn = self.geo.undrawn(drawn);
        let mut moves: Vec<Edge> = undrawn.iter().collect();
        // Captures first, then moves that give nothing away: a best move is usually among them.
        moves.sort_by_key(|&e| (self.geo.completes(drawn, e) == 0, self.geo.gives_box(drawn, e)));
        // The table's best move, when it has one, before them: the search stored it, and
        // probing a move that is not best can cost as much as a search.
        let worker = self.worker();
        let (key, sym) = worker.key(drawn);
        let stored = worker
            .table
            .probe(key)
            .map(|entry| worker.undrawn_twin(drawn, worker.unmap_from_key(sym, entry.best)));
        if let Some(e) = stored.filter(|&e| !drawn.contains(e)) {
            moves.retain(|&m| m != e);
            moves.insert(0, e);
        }
        for e in moves {
            // Does `e` reach `value`? One null-window probe of the child answers it.
            let k = self.geo.completes(drawn, e) as Score;
            let child = drawn.with(e);
            let left = self.geo.unclaimed_boxes(child) as Score;
            let mut worker = self.worker();
            let images = worker.images(child);
            let reaches = if k > 0 {
                worker.search(&images, left, value - k - 1, value - k) >= value - k
            } else {
                worker.search(&images, left, -value, -value + 1) <= -value
            };
            worker.flush_fresh();
            let (interrupted, stats, history) = (worker.interrupted, worker.stats, worker.history);
            self.stats = stats;
            self.history = history;
            if interrupted {
                return Err(OutOfTime);
            }
            if reaches {
                return Ok((value, Some(e)));
            }
        }
        Ok((value, None))
    }
}

impl<'s> Worker<'s, '_> {
    /// A thread with no deadline, progress report, stop flag or busy marks.
    fn new(
        geo: &'s Geometry,
        table: &'s Table,
        settings: Settings,
        stats: Stats,
        history: [u32; MAX_LINES],
    ) -> Self {
        Worker {
            geo,
            table,
            settings,
            stats,
            deadline: None,
            progress: None,
            interrupted: false,
            stop: None,
            busy: None,
            history,
            fresh: 0,
        }
    }

    /// The table key of `drawn` and the symmetry that maps `drawn` to it.
    fn key(&self, drawn: LineSet) -> (LineSet, usize) {
        self.key_of(&self.images(drawn))
    }

    fn images(&self, drawn: LineSet) -> Images {
        let mut keys = [0; 8];
        for (s, img) in keys.iter_mut().enumerate().take(self.geo.num_symmetries()) {
            *img = self.geo.normalise_twins(self.geo.transform(s, drawn).0);
        }
        Images { drawn: drawn.0, keys }
    }

    /// The images once `e` (undrawn) is drawn. In a normalised image a twin group has its
    /// lowest lines drawn, so one more line of the group is its lowest undrawn one.
    fn child_images(&self, im: &Images, e: Edge) -> Images {
        let mut keys = im.keys;
        for (s, img) in keys.iter_mut().enumerate().take(self.geo.num_symmetries()) {
            *img = self.geo.draw_normalised(s, *img, e);
        }
        Images { drawn: im.drawn | 1 << e.0, keys }
    }

    /// The table key and the symmetry that gives it: the smallest image under the board's
    /// symmetries, each image first normalised under exchanges of twin lines.
    ///
    /// Why this is a key of the whole class: a symmetry maps twin groups onto twin groups, so
    /// for positions `y = σ0(τ(x))` with `τ` an exchange of twins, each `σ(y)` is an exchange of
    /// twins applied to `σσ0(x)`: both have the same normalised images, hence the same minimum.
    fn key_of(&self, im: &Images) -> (LineSet, usize) {
        if !self.settings.use_symmetry {
            return (LineSet(im.drawn), 0);
        }
        let mut best = (LineSet(im.keys[0]), 0);
        for s in 1..self.geo.num_symmetries() {
            if im.keys[s] < best.0.0 {
                best = (LineSet(im.keys[s]), s);
            }
        }
        best
    }

    /// Adds this thread's count of newly filled slots to the table's.
    fn flush_fresh(&mut self) {
        if self.fresh > 0 {
            self.table.used.fetch_add(self.fresh, Ordering::Relaxed);
            self.fresh = 0;
        }
    }

    fn poll(&mut self) {
        self.flush_fresh();
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.interrupted = true;
        }
        self.stats.tt_used = self.table.used();
        if let Some(progress) = self.progress.as_mut() {
            progress(&self.stats);
        }
    }

    /// The moves worth searching when some box can be taken.
    ///
    /// Let box B have three sides drawn, e be its fourth side and C the box across e.
    /// * If there is no C, or drawing e does not make C takeable (C has 0 or 1 sides drawn), or
    ///   e completes C too (C has 3), taking B now is optimal: the box is the mover's for free and
    ///   the move does not change whose turn it is. Only e is searched.
    /// * Otherwise C has exactly 2 sides drawn; let f be C's other undrawn side. Any move g that
    ///   takes nothing and is neither e nor f is strictly worse than e: after g the opponent may
    ///   take B and reach "e then g" a point up, so `-v(P+g) <= -1 - v(P+g+e) < 1 + v(P+e)`.
    ///   So apart from captures, only an f (the double-dealing move that declines the last two
    ///   boxes of a chain, or the last four of an opened loop: Berlekamp, "The Dots and Boxes
    ///   Game", ch. 3) can be best, and only if it is an e or an f of every takeable box.
    /// * Among the captures, one whose chain goes on past C (the box across f has 2 sides drawn
    ///   too) keeps every later option open, so it alone is searched; otherwise every capture
    ///   is (taking the last two of one chain first would lose the chance to decline them).
    ///
    /// These rules are cross-checked against a plain brute force in the test suite.
    /// Called only when some box can be taken (`counts.with[3] != 0`).
    fn capture_options(&self, drawn: LineSet, counts: &SideCounts) -> MoveList {
        let mut out = MoveList::new();
        // (e, f, chain goes on) of every takeable box whose capture makes C takeable.
        let mut chains = [(Edge(0), Edge(0), false); 64];
        let mut n = 0;
        // Free captures, when the rule that takes them at once is off.
        let mut free = 0u128;
        let mut takeable = counts.with[3];
        while takeable != 0 {
            let b = BoxId(takeable.trailing_zeros() as u8);
            takeable &= takeable - 1;
            let sides = self.geo.box_sides(b);
            let e = Edge((sides & !drawn.0).trailing_zeros() as usize);
            match self.other_box(e, b) {
                Some(c) if counts.has(2, c) => {
                    let rest = self.geo.box_sides(c) & !drawn.0 & !(1u128 << e.0);
                    let f = Edge(rest.trailing_zeros() as usize);
                    let goes_on = self.other_box(f, c).is_some_and(|d| counts.has(2, d));
                    chains[n] = (e, f, goes_on);
                    n += 1;
                }
                _ if self.settings.pruning.free_captures => {
                    out.push(e);
                    return out;
                }
                _ => free |= 1 << e.0,
            }
        }
        if !self.settings.pruning.chain_captures {
            self.geo.undrawn(drawn).iter().for_each(|e| out.push(e));
            return out;
        }
        LineSet(free).iter().for_each(|e| out.push(e));
        let chains = &chains[..n];
        match chains.iter().find(|c| c.2) {
            Some(&(e, _, _)) => out.push(e),
            None => chains.iter().for_each(|c| out.push(c.0)),
        }
        for &(_, f, _) in chains {
            // A free capture has no f: then no declining move is worth searching.
            let universal = free == 0 && chains.iter().all(|&(e2, f2, _)| f == e2 || f == f2);
            if universal && Self::completes(self.geo, counts, f) == 0 {
                out.push(f);
            }
        }
        out
    }

    /// How many boxes drawing the undrawn line `e` completes.
    fn completes(geo: &Geometry, counts: &SideCounts, e: Edge) -> Score {
        (geo.edge_box_mask(e) & counts.with[3]).count_ones() as Score
    }

    fn simple_endgame_value(&self, drawn: LineSet, counts: &SideCounts) -> Score {
        let chains = Chains::of_counts(self.geo, drawn, counts);
        let (mut open, mut closed) = (Vec::new(), Vec::new());
        for i in 0..chains.count {
            let len = usize::from(chains.len[i]);
            if chains.is_loop[i] { closed.push(len) } else { open.push(len) }
        }
        endgame::value(&endgame::Components::new(open, closed)) as Score
    }

    fn other_box(&self, e: Edge, b: BoxId) -> Option<BoxId> {
        self.geo.edge_boxes(e).find(|&x| x != b)
    }

    /// Fail-soft negamax alpha-beta. `left` is the number of unclaimed boxes.
    fn search(&mut self, im: &Images, left: Score, mut alpha: Score, mut beta: Score) -> Score {
        let drawn = LineSet(im.drawn);
        self.stats.nodes += 1;
        if self.stats.nodes & POLL_MASK == 0 {
            self.poll();
        }
        if let Some(stop) = self.stop
            && stop.load(Ordering::Relaxed)
        {
            self.interrupted = true;
        }
        if self.interrupted || left == 0 {
            return 0;
        }
        // The value lies in [-left, left].
        if alpha >= left {
            return left;
        }
        if beta <= -left {
            return -left;
        }
        let counts = self.geo.side_counts(drawn);
        let capturing = counts.with[3] != 0;
        let captures = if capturing { Some(self.capture_options(drawn, &counts)) } else { None };
        if let Some(captures) = &captures
            && captures.len == 1
        {
            return self.child_value(im, &counts, left, Edge(captures.lines[0] as usize), alpha, beta);
        }
        // Every unclaimed box has exactly two undrawn sides: the position is a sum of
        // independent chains and loops, which the endgame module values exactly.
        if !capturing && self.settings.pruning.simple_endgames && counts.with[0] | counts.with[1] == 0 {
            return self.simple_endgame_value(drawn, &counts);
        }
        let (key, sym) = self.key_of(im);
        let entry = self.table.probe(key);
        let mut hint = None;
        if let Some(entry) = entry {
            let (lo, hi) = (Score::from(entry.lower), Score::from(entry.upper));
            if lo >= beta || lo == hi {
                self.stats.tt_hits += 1;
                return lo;
            }
            if hi <= alpha {
                self.stats.tt_hits += 1;
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            hint = Some(entry.best);
        }
        let first = hint.map(|h| self.unmap_from_key(sym, h)).map(|e| self.undrawn_twin(drawn, e));
        let undrawn_count = self.geo.undrawn(drawn).count();
        let mut list = match captures {
            Some(captures) => captures,
            None => self.ordered_moves(drawn, &counts, first),
        };
        if !capturing
            && undrawn_count >= self.settings.etc_lines
            && let Some(v) = self.enhanced_cutoff(im, &counts, &mut list, alpha, beta)
        {
            return v;
        }
        let moves = list.as_slice();
        let bounds = &list.bounds;
        let alpha0 = alpha;
        let mut best = Score::MIN;
        let mut best_move = Edge(moves[0] as usize);
        // With two threads, a node near the root is marked busy while it is searched, and the
        // first pass over its moves defers (after the first) those whose child the other thread
        // is searching, so that the threads split the work (ABDADA: Weill, "The ABDADA
        // distributed minimax search algorithm", 1996). Deferring changes only the order.
        let busy = self.busy.filter(|_| !capturing && undrawn_count >= self.settings.parallel_lines);
        let owned = busy.is_some_and(|b| b.enter(drawn));
        // The moves in search order: each index once, then the deferred ones again at the end.
        let mut order = [0u8; 2 * MAX_LINES];
        (0..moves.len()).for_each(|i| order[i] = i as u8);
        let (mut next, mut end) = (0, moves.len());
        while next < end {
            let (i, second_pass) = (usize::from(order[next]), next >= moves.len());
            next += 1;
            let e = Edge(usize::from(moves[i]));
            let bound = Score::from(bounds[i]);
            if bound <= alpha {
                // The move cannot beat alpha; its bound keeps the fail-soft result an upper bound.
                best = best.max(bound);
                continue;
            }
            if let Some(busy) = busy
                && !second_pass
                && i > 0
                && busy.is_busy(drawn.with(e))
            {
                order[end] = i as u8;
                end += 1;
                continue;
            }
            let v = self.child_value(im, &counts, left, e, alpha, beta);
            if v > best {
                best = v;
                best_move = e;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if !capturing {
                            self.history[e.0] =
                                self.history[e.0].saturating_add(undrawn_count * undrawn_count);
                        }
                        break;
                    }
                }
            }
        }
        if owned && let Some(busy) = busy {
            busy.leave(drawn);
        }
        if self.interrupted {
            return best;
        }
        let (mut lower, mut upper) = (-left, left);
        if let Some(entry) = entry {
            lower = Score::from(entry.lower);
            upper = Score::from(entry.upper);
        }
        if best <= alpha0 {
            upper = upper.min(best);
        } else if best >= beta {
            lower = lower.max(best);
        } else {
            lower = best;
            upper = best;
        }
        // A net score over `left` boxes has the parity of `left`.
        if (lower - left) % 2 != 0 {
            lower += 1;
        }
        if (upper - left) % 2 != 0 {
            upper -= 1;
        }
        let best_key_move = self.map_to_key(sym, best_move);
        let weight = (undrawn_count + 1).min(255) as u8;
        self.fresh += u64::from(self.table.store(
            key,
            Entry { key: [0; 4], lower: lower as i8, upper: upper as i8, best: best_key_move, weight },
        ));
        best
    }

    /// The value for the mover of drawing `e`, searched with the window `(alpha, beta)`.
    fn child_value(
        &mut self,
        im: &Images,
        counts: &SideCounts,
        left: Score,
        e: Edge,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let k = Self::completes(self.geo, counts, e);
        let child = &self.child_images(im, e);
        if k > 0 {
            k + self.search(child, left - k, alpha - k, beta - k)
        } else {
            -self.search(child, left, -beta, -alpha)
        }
    }

    /// The undrawn lines worth searching when nothing can be taken, best first: the table's
    /// move, then safe lines, then lines that hand over a chain or loop, shortest first.
    ///
    /// All the lines of a chain of three or more boxes, or of a loop, are equivalent: whichever
    /// is drawn, the opponent's only sensible replies are to take every box of it or to take all
    /// but two (four for a loop) and decline the rest, and both end with the same lines drawn up
    /// to the place of a domino's middle line (Berlekamp, "The Dots and Boxes Game", on loony
    /// moves). So one line of each is searched. Of a 1-chain one line is searched too, of a
    /// 2-chain its middle line: see `short_chain_line`.
    fn ordered_moves(&self, drawn: LineSet, counts: &SideCounts, first: Option<Edge>) -> MoveList {
        let chains = Chains::of_counts(self.geo, drawn, counts);
        let mut opened = [false; 64];
        // (rank << 8 | line): sorting plain integers is cheaper than sorting pairs.
        let mut ranked = [0u32; MAX_LINES];
        let mut bound = [NO_BOUND; MAX_LINES];
        let mut n = 0;
        let mut candidates = self.geo.undrawn(drawn).0;
        if self.settings.pruning.twin_lines {
            // One line of each twin group (the hint, if it is one of them, is kept besides).
            for &group in self.geo.twin_groups() {
                let undrawn = group & candidates;
                candidates &= !(undrawn & undrawn.wrapping_sub(1));
            }
            if let Some(f) = first
                && !drawn.contains(f)
            {
                candidates |= 1 << f.0;
            }
        }
        for e in LineSet(candidates).iter() {
            let chain = chains.chain_of_line[e.0];
            let rank = if chain == NO_CHAIN {
                // Safe lines: first those that bring boxes to their second side (they use up the
                // safe moves, which decides who must open the first chain), interior lines before
                // border lines. Measured: 3x3 1.22M -> 0.68M nodes, 3x4 63M -> 52M.
                let boxes = self.geo.edge_box_mask(e);
                let filling = (boxes & counts.with[1]).count_ones();
                let sides = boxes.count_ones();
                let h = 4095 - (self.history[e.0] >> 4).min(4095);
                (1 + (2 - filling) * 4 + (2 - sides)) << 12 | h
            } else {
                let c = chain as usize;
                let long = chains.len[c] >= 3 || chains.is_loop[c];
                if long && self.settings.pruning.loony_bounds {
                    bound[e.0] = Self::loony_bound(chains.len[c], chains.is_loop[c]);
                }
                if long && self.settings.pruning.one_line_per_long_chain {
                    if opened[c] && Some(e) != first {
                        continue;
                    }
                    opened[c] = true;
                }
                if !long && self.settings.pruning.short_chains {
                    if !self.short_chain_line(counts, e, chains.len[c]) || (opened[c] && Some(e) != first) {
                        continue;
                    }
                    opened[c] = true;
                }
                (16 + u32::from(chains.len[c])) << 12
            };
            ranked[n] = (if Some(e) == first { 0 } else { rank }) << 8 | e.0 as u32;
            debug_assert!(rank < 1 << 24);
            n += 1;
        }
        ranked[..n].sort_unstable();
        let mut moves = MoveList::new();
        for e in ranked[..n].iter().map(|&r| r as u8) {
            moves.lines[moves.len] = e;
            moves.bounds[moves.len] = bound[e as usize];
            moves.len += 1;
        }
        moves
    }

    /// Whether `e`, a line of a chain of `len <= 2` boxes, is worth searching when nothing can
    /// be taken (`Pruning::short_chains`): any line of a 1-chain (the caller keeps one), only
    /// the middle line of a 2-chain.
    ///
    /// Proof. Let R be the position with every undrawn side of the chain drawn.
    /// * A 1-chain is a box X with undrawn sides a and b whose neighbours across them have 3+
    ///   undrawn sides (or are off the board). After a, taking X with b is a free capture (it
    ///   leaves the box across b untakeable), which `capture_options` proves optimal; so the
    ///   opponent gets `1 + v(R)` after a, and the same after b.
    /// * A 2-chain X1 – X2 has end lines a, b and middle line m. After m (the hard-hearted
    ///   hand-out) both boxes are free captures: the opponent gets `2 + v(R)`. After a (the
    ///   half-hearted hand-out), the opponent may take X1 with m and then X2 with b, which again
    ///   gives `2 + v(R)`, or decline with b and leave the domino, or do something else. So the
    ///   opponent's options after a include the outcome of m: a is never better than m for the
    ///   mover (Berlekamp, "The Dots and Boxes Game", ch. 3, on half-hearted hand-outs), and the
    ///   same holds for b.
    fn short_chain_line(&self, counts: &SideCounts, e: Edge, len: u8) -> bool {
        // Two boxes with two undrawn sides joined by an undrawn line belong to the same chain.
        len == 1 || (self.geo.edge_box_mask(e) & counts.with[2]).count_ones() == 2
    }

    /// An upper bound on the mover's value of drawing any line of a chain of `len >= 3` boxes
    /// (or a loop, `len >= 4`) when nothing can be taken: the move is loony (Berlekamp, "The
    /// Dots and Boxes Game", ch. 3).
    ///
    /// Proof. Let R be the position once every undrawn side of the chain's boxes is drawn (by
    /// whom and in what order does not matter: the value depends on the drawn lines alone). After
    /// the mover's line, the opponent can
    /// * take all `len` boxes, then move in R: `len + v(R)` for the opponent; or
    /// * take all but the last two boxes of the chain (four of a loop) and draw the far end line
    ///   of the last two (the middle line of the last four), which completes nothing: an end line
    ///   borders only a box with 3+ undrawn sides (one with 2 would belong to the chain), which
    ///   keeps an undrawn side. The mover then faces one domino (two) whose middle line completes
    ///   both of its boxes and touches nothing else, so taking them at once is optimal, and moves
    ///   on in R: `len - 2 - (2 + v(R))` (loop: `len - 4 - (4 + v(R))`) for the opponent.
    ///
    /// The better of the two is at least the mean: `len - 2` (loop: `len - 4`). So the mover's
    /// value is at most `2 - len` (`4 - len`). Both plans exist whichever line the mover drew:
    /// a line inside a chain splits it into two takeable parts, and since `len >= 3` one of them
    /// has 2+ boxes: the opponent takes the other part whole and declines at the end of this one.
    /// A line of a loop leaves a chain of `len >= 4` boxes takeable from both ends.
    fn loony_bound(len: u8, is_loop: bool) -> i8 {
        let len = len as i8;
        if is_loop { 4 - len } else { 2 - len }
    }

    /// Enhanced transposition cutoff: a child whose stored upper bound already proves a move
    /// reaches `beta` saves searching the others. Otherwise each probed child's stored lower
    /// bound `lo` becomes an upper bound `-lo` on its move (the move completes nothing, so its
    /// value is minus the child's), and the search skips the moves whose bound is at most
    /// alpha, counting the bound in its fail-soft result as it does for loony bounds: a stored
    /// bound is a proven one, so the result stays exact (the test `enhanced_cutoffs_match_
    /// brute_force` checks it with tables of a few entries). Measured on 3x4: 10.37 M -> 9.96 M
    /// nodes at 20 lines. Moves whose known upper bound is at most alpha are not probed.
    fn enhanced_cutoff(
        &self,
        im: &Images,
        counts: &SideCounts,
        moves: &mut MoveList,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        // The children's keys first, then the probes: independent loads, which the processor
        // overlaps, where one loop would wait for each cache miss in turn.
        let mut keys = [0u128; MAX_LINES];
        let mut index = [0u8; MAX_LINES];
        let mut n = 0;
        for (i, e) in moves.as_slice().iter().map(|&m| Edge(m as usize)).enumerate() {
            if Score::from(moves.bounds[i]) <= alpha || Self::completes(self.geo, counts, e) > 0 {
                continue;
            }
            keys[n] = self.key_of(&self.child_images(im, e)).0.0;
            index[n] = i as u8;
            n += 1;
        }
        for (&key, &i) in keys[..n].iter().zip(&index[..n]) {
            if let Some(entry) = self.table.probe(LineSet(key)) {
                if -Score::from(entry.upper) >= beta {
                    return Some(-Score::from(entry.upper));
                }
                // The child's lower bound is an upper bound on the move's value.
                let bound = &mut moves.bounds[i as usize];
                *bound = (*bound).min(-entry.lower);
            }
        }
        None
    }

    /// `e` if it is undrawn, else an undrawn twin of it (the table's move hints are stored in
    /// the orientation of the key, where twins may have been exchanged).
    fn undrawn_twin(&self, drawn: LineSet, e: Edge) -> Edge {
        if !drawn.contains(e) {
            return e;
        }
        match self.geo.twin_groups().iter().find(|&&g| g >> e.0 & 1 == 1) {
            Some(&g) if g & !drawn.0 != 0 => Edge((g & !drawn.0).trailing_zeros() as usize),
            _ => e,
        }
    }

    fn map_to_key(&self, sym: usize, e: Edge) -> u8 {
        self.geo.map_edge(sym, e).0 as u8
    }

    fn unmap_from_key(&self, sym: usize, e: u8) -> Edge {
        self.geo.map_edge(self.geo.inverse(sym), Edge(e as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pencilbox_grid::Dims;

    /// The enhanced-cutoff threshold follows the table's size: cheap probes in a table that
    /// fits in the caches, trips to memory in one that does not.
    #[test]
    fn etc_threshold_follows_the_table_size() {
        let geo = |r, c| Geometry::new(Dims::new(r, c).unwrap()).unwrap();
        // 3x3 caps its table at 2^17 entries, 1.7 MB, whatever the budget.
        assert_eq!(Solver::new(geo(3, 3), TableSize::Mib(1024)).settings.etc_lines, ETC_LINES_CACHED);
        assert_eq!(Solver::new(geo(4, 4), TableSize::Mib(64)).settings.etc_lines, ETC_LINES_CACHED);
        assert_eq!(Solver::new(geo(4, 4), TableSize::Mib(65)).settings.etc_lines, ETC_LINES);
    }

    /// Deferring moves to a second pass (as a thread does with those the other is searching)
    /// leaves values unchanged: every move but the first of each node is deferred, and the
    /// values match a plain alpha-beta with no table and no pruning rule.
    #[test]
    fn deferred_moves_are_searched() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for (r, c, drop) in [(2, 2, 3), (2, 3, 4), (3, 3, 12), (2, 4, 10), (3, 3, 13), (3, 4, 19)] {
            let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
            let mut drawn = LineSet::EMPTY;
            while (drawn.count() as usize) < drop {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                drawn = drawn.with(Edge(seed as usize % geo.num_lines()));
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
