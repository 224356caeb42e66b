//! The transposition table the search threads share, and the marks of the positions they are
//! searching (ABDADA).

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering, fence};
use std::time::Duration;

use crate::compact::LineSet;

/// The most mebibytes a solve's table may take unless the caller says otherwise (`dots solve`,
/// `dots split`, the Python package's `solve`): what the 4×4 solve, the largest a default
/// machine finishes, profits from, while smaller positions take only what they can use.
pub const SOLVE_TABLE_MIB: usize = 1024;

/// How large a transposition table to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// At most about this many mebibytes: the solver allocates what the position it is asked
    /// about can use (see `Table::entries_for`), and grows the table when a later position
    /// can use more.
    Mib(usize),
    /// Exactly this many entries (rounded up to whole buckets); `0` disables the table.
    Entries(usize),
}

/// One table entry: bounds on the value of the positions whose key is `key`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    /// The key in 32-bit words (the table stores only its first `key_words`).
    pub(super) key: [u32; 4],
    pub(super) lower: i8,
    pub(super) upper: i8,
    /// The move that gave the best value, as an edge number in the canonical orientation.
    pub(super) best: u8,
    /// Replacement priority: 1 + undrawn lines (more lines = more work saved); 0 = empty.
    pub(super) weight: u8,
}

/// The words of a bucket after its sequence word.
const BUCKET_WORDS: usize = 15;

/// The most entries a bucket holds: five of three words when keys fit in 64 bits.
const MAX_BUCKET: usize = 5;

/// One cache line of the table: a sequence word, then its entries, each the key's words (two
/// for keys of at most 64 bits, the drawn lines of a board of at most 64 lines; four for longer
/// ones, strings-and-coins keys included) and a word `lower | upper << 8 | best << 16 |
/// weight << 24`. So a bucket holds five entries with short keys and three with long ones, and
/// a probe costs one memory access.
///
/// The table is shared by the search threads. Every word is atomic and each bucket is a
/// sequence lock: a writer makes the sequence odd (taking it with a compare-exchange), writes,
/// and makes it even again; a reader copies the bucket and keeps the copy only if the sequence
/// was even and unchanged around the copy. So a probe never sees half of one entry and half
/// of another, which keeps every bound in the table sound.
#[derive(Debug, Default)]
#[repr(align(64))]
pub(super) struct Bucket([AtomicU32; 1 + BUCKET_WORDS]);

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
pub(super) struct Busy {
    slots: Vec<AtomicU64>,
    /// Report every position busy (for a test: one thread then defers every move but the
    /// first of each node to a second pass).
    all: bool,
}

impl Busy {
    pub(super) fn new(all: bool) -> Busy {
        Busy { slots: (0..1 << 12).map(|_| AtomicU64::new(0)).collect(), all }
    }

    fn slot(&self, key: LineSet) -> (&AtomicU64, u64) {
        let h = mix(key);
        (&self.slots[(h >> 52) as usize], h | 1)
    }

    /// Marks the position busy; false if its slot was taken (then `leave` must not be called).
    pub(super) fn enter(&self, key: LineSet) -> bool {
        let (slot, mark) = self.slot(key);
        slot.compare_exchange(0, mark, Ordering::Relaxed, Ordering::Relaxed).is_ok()
    }

    pub(super) fn leave(&self, key: LineSet) {
        let (slot, mark) = self.slot(key);
        let _ = slot.compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    pub(super) fn is_busy(&self, key: LineSet) -> bool {
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

/// A search from a position with s safe lines gets at most 2^(s + this) entries (see
/// `Table::entries_for`): a wide margin over what searches of random positions stored, so that
/// the cap never costs nodes (docs/PERFORMANCE.md, "Solver settings").
pub const SAFE_LINE_HEADROOM: usize = 16;

/// About the most entries one search thread stores in a second: each node stores at most one,
/// and this is about the most nodes a thread visits in a second on 5×5 (docs/PERFORMANCE.md,
/// "Solver settings").
pub const ENTRIES_PER_SECOND: usize = 1 << 22;

/// A timed search's table holds at least this many entries, however short its time.
const MIN_TIMED_ENTRIES: usize = 1 << 20;

/// A fixed-size bucket array shared by the search threads; a full bucket drops its least
/// valuable entry.
#[derive(Debug)]
pub(super) struct Table {
    buckets: Vec<Bucket>,
    used: AtomicU64,
    /// Key words stored per entry: 2 when every key fits in 64 bits, else 4.
    key_words: usize,
    /// Entries per bucket.
    slots: usize,
}

impl Table {
    /// The entries worth allocating, at most `size`, for a search from a position with
    /// `undrawn` undrawn lines, `safe` of them safe (giving no box), on a board of `lines` lines,
    /// with keys of `key_bits` bits (see [`Table::new`]).
    /// [`TableSize::Entries`] is exact.
    ///
    /// A size in MiB is a ceiling, for three reasons. A search from the position reaches at
    /// most 2^undrawn sets of drawn lines, so a table with more entries never fills. A table much
    /// larger than the search needs only costs cache and TLB misses (and the time to clear it):
    /// the fastest sizes for 3x3 and 3x4 follow 2^(3n/4 - 1) entries for n lines, so that is the
    /// most (docs/PERFORMANCE.md, "Solver settings"). And the safe lines drive the search's size
    /// (once they are gone, only the order in which the chains and loops are opened is left to
    /// search): searches from random 5x5 and 4x4 positions with s safe lines stored far fewer
    /// than 2^(s + [`SAFE_LINE_HEADROOM`]) entries, so at most that many are allocated, and an
    /// endgame with many undrawn lines but few safe ones does not clear a gigabyte for a search
    /// of a few hundred nodes.
    pub(super) fn entries_for(
        size: TableSize,
        lines: usize,
        key_bits: usize,
        undrawn: u32,
        safe: u32,
    ) -> usize {
        match size {
            TableSize::Mib(mib) => {
                let ceiling =
                    (mib.saturating_mul(1 << 20) / size_of::<Bucket>()).saturating_mul(Self::slots(key_bits));
                let useful = (lines * 3 / 4)
                    .saturating_sub(1)
                    .min(undrawn as usize)
                    .min(safe as usize + SAFE_LINE_HEADROOM)
                    .min(40);
                ceiling.min(1 << useful)
            }
            TableSize::Entries(n) => n,
        }
    }

    /// The most entries worth allocating for a search of `time` on `threads` threads: a power
    /// of two above what it can store in that time ([`ENTRIES_PER_SECOND`] per thread). A solve
    /// given a second, as the web analysis's is, would otherwise spend most of it clearing a
    /// gigabyte-sized table (docs/PERFORMANCE.md, "Solver settings").
    pub(super) fn entries_in(time: Duration, threads: usize) -> usize {
        let can_store = time.as_secs_f64() * ENTRIES_PER_SECOND as f64 * threads.max(1) as f64;
        (can_store.min((1u64 << 40) as f64) as usize).max(MIN_TIMED_ENTRIES).next_power_of_two()
    }

    /// A table of (at least) `entries` entries for keys of `key_bits` bits (a board's number
    /// of lines for keys that are line sets; 128 for strings-and-coins keys).
    pub(super) fn new(entries: usize, key_bits: usize) -> Table {
        Table::with_layout(entries, Self::key_words(key_bits))
    }

    fn with_layout(entries: usize, key_words: usize) -> Table {
        let slots = BUCKET_WORDS / (key_words + 1);
        let buckets = std::iter::repeat_with(Bucket::default).take(entries.div_ceil(slots)).collect();
        Table { buckets, used: AtomicU64::new(0), key_words, slots }
    }

    /// Grows the table to (at least) `entries` entries, keeping what it holds.
    pub(super) fn grow(&mut self, entries: usize) {
        let old = std::mem::replace(self, Table::with_layout(entries, self.key_words));
        let mut fresh = 0;
        for bucket in &old.buckets {
            for entry in old.entries(bucket) {
                fresh += u64::from(self.store(Self::lines(entry.key), entry));
            }
        }
        *self.used.get_mut() = fresh;
    }

    /// The entries in use in one of this table's buckets.
    fn entries(&self, bucket: &Bucket) -> impl Iterator<Item = Entry> {
        let words = bucket.words();
        let k = self.key_words;
        (0..self.slots)
            .map(move |i| if k == 2 { Entry::unpack::<2>(&words, i) } else { Entry::unpack::<4>(&words, i) })
            .filter(|e| e.weight != 0)
    }

    /// Key words per entry for keys of `key_bits` bits.
    fn key_words(key_bits: usize) -> usize {
        if key_bits <= 64 { 2 } else { 4 }
    }

    /// Entries per bucket for keys of `key_bits` bits.
    fn slots(key_bits: usize) -> usize {
        BUCKET_WORDS / (Self::key_words(key_bits) + 1)
    }

    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    pub(super) fn capacity(&self) -> u64 {
        (self.buckets.len() * self.slots) as u64
    }

    pub(super) fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Counts `fresh` more entries in use.
    pub(super) fn add_used(&self, fresh: u64) {
        self.used.fetch_add(fresh, Ordering::Relaxed);
    }

    fn key(lines: LineSet) -> [u32; 4] {
        [lines.0 as u32, (lines.0 >> 32) as u32, (lines.0 >> 64) as u32, (lines.0 >> 96) as u32]
    }

    /// The line set of a key (the inverse of [`Table::key`]).
    fn lines(key: [u32; 4]) -> LineSet {
        LineSet(key.iter().rev().fold(0, |set, &word| set << 32 | u128::from(word)))
    }

    fn bucket_index(&self, lines: LineSet) -> usize {
        ((u128::from(mix(lines)) * self.buckets.len() as u128) >> 64) as usize
    }

    pub(super) fn probe(&self, lines: LineSet) -> Option<Entry> {
        if self.buckets.is_empty() {
            return None;
        }
        let key = Self::key(lines);
        let bucket = &self.buckets[self.bucket_index(lines)];
        if self.key_words == 2 { bucket.find::<2>(key) } else { bucket.find::<4>(key) }
    }

    /// Stores `entry` for `lines`; whether it filled an empty slot.
    pub(super) fn store(&self, lines: LineSet, entry: Entry) -> bool {
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

    pub(super) fn clear(&mut self) {
        for b in &mut self.buckets {
            *b = Bucket::default();
        }
        *self.used.get_mut() = 0;
    }
}
