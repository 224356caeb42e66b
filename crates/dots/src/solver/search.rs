//! One search thread and its node: fail-soft negamax alpha-beta over sets of drawn lines, with
//! the table probed and updated at every node that is not a forced capture or a simple endgame.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use pencilbox_grid::Edge;

use super::keys::Images;
use super::profile::Profile;
use super::table::{Busy, Entry, Table};
use super::{Score, Settings, Stats};
use crate::compact::{Geometry, LineSet, SOLVER_MAX_LINES};
use crate::endgame;
use crate::theory::{Compact, View};

/// One search thread: its counters and move-ordering state, and the shared table.
pub(super) struct Worker<'s, 'p> {
    pub(super) geo: &'s Geometry,
    pub(super) table: &'s Table,
    pub(super) settings: Settings,
    pub(super) stats: Stats,
    pub(super) deadline: Option<Instant>,
    pub(super) progress: Option<&'s mut (dyn FnMut(&Stats) + Send + 'p)>,
    pub(super) interrupted: bool,
    /// Stop as soon as this is set: for a helper thread, when the main thread has its answer;
    /// for the main thread, when the caller cancels (`Solver::set_cancel`).
    pub(super) stop: Option<&'s AtomicBool>,
    /// The positions the search threads are in, when there are two of them.
    pub(super) busy: Option<&'s Busy>,
    pub(super) history: [u32; SOLVER_MAX_LINES],
    /// Entries this thread put in empty slots since it last added them to the table's count
    /// (one shared counter updated at every store would bounce between the cores).
    pub(super) fresh: u64,
    /// The drawn lines of the search's root, when the caller wants its cutting move: a root
    /// node that fails high records in `root_cut` the move that reached its value, and that
    /// value (a root position cannot recur below itself: every move draws a line).
    pub(super) root: Option<u128>,
    pub(super) root_cut: Option<(Edge, Score)>,
    /// Where the nodes go, when the caller measures it (`Solver::set_profile`).
    pub(super) profile: Option<Box<Profile>>,
    /// `box_maps[s][b]`: the image of box `b` under symmetry `s` (for strings-and-coins keys).
    pub(super) box_maps: &'s [[u8; 64]; 8],
}

/// How often (in nodes, a power of two) the table's fill count and the progress callback are
/// updated.
const POLL_MASK: u64 = (1 << 14) - 1;

/// How often (in nodes, a power of two) the deadline is checked: often enough that a solve given
/// a budget of a few milliseconds, as the search's playouts give it, stops near its deadline
/// instead of overrunning it several times over, while the clock is still read only once in a
/// thousand nodes (docs/PERFORMANCE.md, "Solver settings").
const DEADLINE_MASK: u64 = (1 << 10) - 1;

impl<'s> Worker<'s, '_> {
    /// A thread with no deadline, progress report, stop flag or busy marks.
    pub(super) fn new(
        geo: &'s Geometry,
        box_maps: &'s [[u8; 64]; 8],
        table: &'s Table,
        settings: Settings,
        stats: Stats,
        history: [u32; SOLVER_MAX_LINES],
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
            root: None,
            root_cut: None,
            profile: None,
            box_maps,
        }
    }

    /// Adds this thread's count of newly filled slots to the table's.
    pub(super) fn flush_fresh(&mut self) {
        if self.fresh > 0 {
            self.table.add_used(self.fresh);
            self.fresh = 0;
        }
    }

    fn poll(&mut self) {
        self.flush_fresh();
        self.check_deadline();
        self.stats.tt_used = self.table.used();
        if let Some(progress) = self.progress.as_mut() {
            progress(&self.stats);
        }
    }

    fn check_deadline(&mut self) {
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.interrupted = true;
        }
    }

    fn simple_endgame_value(&self, pos: &Compact<'_>) -> Score {
        let chains = pos.chains();
        let parts = (0..chains.count).map(|i| (chains.kind(i), usize::from(chains.len[i])));
        endgame::value(&parts.collect()) as Score
    }

    /// Fail-soft negamax alpha-beta. `left` is the number of unclaimed boxes.
    pub(super) fn search(&mut self, im: &Images, left: Score, mut alpha: Score, mut beta: Score) -> Score {
        let drawn = LineSet(im.drawn);
        self.stats.nodes += 1;
        if self.stats.nodes & DEADLINE_MASK == 0 {
            if self.stats.nodes & POLL_MASK == 0 {
                self.poll();
            } else {
                self.check_deadline();
            }
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
        let pos = Compact::new(self.geo, drawn);
        let phase = self.profile.as_mut().map(|p| p.node(&pos));
        let capturing = pos.can_take();
        let captures = if capturing { Some(self.capture_options(&pos)) } else { None };
        if let Some(captures) = &captures
            && captures.len == 1
        {
            return self.child_value(im, &pos, left, Edge(captures.lines[0] as usize), alpha, beta);
        }
        // Every unclaimed box has exactly two undrawn sides: the position is a sum of
        // independent chains and loops, which the endgame module values exactly.
        if !capturing && self.settings.pruning.simple_endgames && pos.is_simple_endgame() {
            return self.simple_endgame_value(&pos);
        }
        // A strings-and-coins key (see `coins`) needs the chains and loops at once; with keys of
        // the lines they are found only when the table does not end the node.
        let coin = (!capturing).then(|| self.coin_chains(&pos)).flatten();
        let (key, sym) = match &coin {
            Some((chains, sides)) => self.coin_key(im, chains, *sides),
            None => self.key_of(im),
        };
        let entry = self.table.probe(key);
        if let (Some(p), Some(phase)) = (self.profile.as_mut(), phase) {
            let hit = entry.is_some_and(|e| {
                let (lo, hi) = (Score::from(e.lower), Score::from(e.upper));
                lo >= beta || lo == hi || hi <= alpha
            });
            p.probe(self.geo.undrawn(drawn).count(), key, phase, hit);
        }
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
        // Enhanced cutoffs look at every move at once; elsewhere the chains' moves are added
        // only once the table's move and the safe lines have not cut the node off.
        let etc = !capturing && undrawn_count >= self.settings.etc_lines;
        let staged = if etc || coin.is_some() || capturing { None } else { self.safe_moves(&pos, first) };
        let mut chains_pending = staged.is_some();
        let mut list = match (captures, staged, &coin) {
            (Some(captures), _, _) => captures,
            (None, Some(safe), _) => safe,
            (None, None, Some((chains, _))) => self.ordered_moves(&pos, chains, first),
            (None, None, None) => self.ordered_moves(&pos, &pos.chains(), first),
        };
        if etc && let Some((v, e)) = self.enhanced_cutoff(im, &pos, &mut list, alpha, beta) {
            if self.root == Some(im.drawn) {
                self.root_cut = Some((e, v));
            }
            return v;
        }
        let alpha0 = alpha;
        let mut best = Score::MIN;
        let mut best_move = Edge(list.lines[0] as usize);
        // With two threads, a node near the root is marked busy while it is searched, and the
        // first pass over its moves defers (after the first) those whose child the other thread
        // is searching, so that the threads split the work (ABDADA: Weill, "The ABDADA
        // distributed minimax search algorithm", 1996). Deferring changes only the order.
        let busy = self.busy.filter(|_| !capturing && undrawn_count >= self.settings.parallel_lines);
        let owned = busy.is_some_and(|b| b.enter(drawn));
        // The moves in search order: each index once, then the deferred ones again at the end.
        let mut deferred = [0u8; SOLVER_MAX_LINES];
        let (mut next, mut later, mut taken) = (0, 0, 0);
        // Moves searched so far (for the profile's count of where cutoffs come).
        let mut searched = 0usize;
        loop {
            if next == list.len && chains_pending {
                chains_pending = false;
                self.add_chain_moves(&pos, first, &mut list);
            }
            let (i, second_pass) = if next < list.len {
                next += 1;
                (next - 1, false)
            } else if taken < later {
                taken += 1;
                (usize::from(deferred[taken - 1]), true)
            } else {
                break;
            };
            let e = Edge(usize::from(list.lines[i]));
            let bound = Score::from(list.bounds[i]);
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
                deferred[later] = i as u8;
                later += 1;
                continue;
            }
            let v = self.child_value(im, &pos, left, e, alpha, beta);
            searched += 1;
            if v > best {
                best = v;
                best_move = e;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if let Some(p) = self.profile.as_mut() {
                            p.cut(capturing, searched);
                        }
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
        if best >= beta && self.root == Some(im.drawn) {
            // Fail-soft: the move's value is at least `best`.
            self.root_cut = Some((best_move, best));
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
        pos: &Compact<'_>,
        left: Score,
        e: Edge,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let k = pos.completes(e) as Score;
        let child = &self.child_images(im, e);
        if k > 0 {
            k + self.search(child, left - k, alpha - k, beta - k)
        } else {
            -self.search(child, left, -beta, -alpha)
        }
    }
}
