//! The moves worth searching and their order: capture reductions, one line per class of
//! equivalent lines, and the bounds that let the search skip moves (loony moves, enhanced
//! transposition cutoffs). Each rule comes with the argument that makes it exact.

use pencilbox_grid::Edge;

use super::Score;
use super::keys::Images;
use super::search::Worker;
use crate::compact::{LineSet, SOLVER_MAX_LINES};
use crate::theory::{Chains, Compact, NO_CHAIN, View};

/// A short list of lines kept on the stack (the search allocates nothing per node), each with
/// an upper bound on its value for the mover (`NO_BOUND` when none is known).
#[derive(Clone, Copy)]
pub(super) struct MoveList {
    pub(super) len: usize,
    pub(super) lines: [u8; SOLVER_MAX_LINES],
    pub(super) bounds: [i8; SOLVER_MAX_LINES],
}

/// No upper bound known on a move's value.
const NO_BOUND: i8 = i8::MAX;

impl MoveList {
    const fn new() -> MoveList {
        MoveList { len: 0, lines: [0; SOLVER_MAX_LINES], bounds: [NO_BOUND; SOLVER_MAX_LINES] }
    }
    fn push(&mut self, e: Edge) {
        if !self.as_slice().contains(&(e.0 as u8)) {
            self.lines[self.len] = e.0 as u8;
            self.len += 1;
        }
    }
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.lines[..self.len]
    }
}

impl Worker<'_, '_> {
    /// The moves worth searching when some box can be taken (`pos.can_take()`): the captures
    /// worth considering ([`Compact::capture_options`], which proves the rule), or as the
    /// pruning settings say.
    pub(super) fn capture_options(&self, pos: &Compact<'_>) -> MoveList {
        let mut out = MoveList::new();
        let take_free = self.settings.pruning.free_captures;
        if self.settings.pruning.chain_captures {
            pos.capture_options(take_free, |e| out.push(e));
        } else if let Some(e) = pos.free_capture().filter(|_| take_free) {
            out.push(e);
        } else {
            pos.undrawn().for_each(|e| out.push(e));
        }
        out
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
    pub(super) fn ordered_moves(&self, pos: &Compact<'_>, chains: &Chains, first: Option<Edge>) -> MoveList {
        let mut moves = MoveList::new();
        self.rank_moves(pos, Some(chains), self.candidates(pos, first), first, &mut moves);
        moves
    }

    /// The first stage of [`Worker::ordered_moves`], which needs no chains: the table's move
    /// and the safe lines, in its order. `None` when the table's move is drawn or a line of a
    /// chain, or when no line is safe: then the whole list is needed at once.
    /// [`Worker::add_chain_moves`] appends the rest, so that a node a safe line cuts off never
    /// walks its chains; the two stages make `ordered_moves`'s list.
    pub(super) fn safe_moves(&self, pos: &Compact<'_>, first: Option<Edge>) -> Option<MoveList> {
        let safe = pos.safe_set().0;
        if safe == 0 || first.is_some_and(|f| safe >> f.0 & 1 == 0) {
            return None;
        }
        let mut moves = MoveList::new();
        self.rank_moves(pos, None, self.candidates(pos, first) & safe, first, &mut moves);
        Some(moves)
    }

    /// The second stage (see [`Worker::safe_moves`]): the lines of the chains and loops worth
    /// searching, appended to `moves` in `ordered_moves`'s order.
    pub(super) fn add_chain_moves(&self, pos: &Compact<'_>, first: Option<Edge>, moves: &mut MoveList) {
        let lines = self.candidates(pos, first) & !pos.safe_set().0;
        self.rank_moves(pos, Some(&pos.chains()), lines, first, moves);
    }

    /// The undrawn lines that may be searched: one line of each twin group (and the table's
    /// move besides, if it is one of them).
    fn candidates(&self, pos: &Compact<'_>, first: Option<Edge>) -> u128 {
        let drawn = pos.drawn();
        let mut candidates = self.geo.undrawn(drawn).0;
        if self.settings.pruning.twin_lines {
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
        candidates
    }

    /// Appends to `moves`, best first, the lines of `candidates` worth searching, each with its
    /// bound. `chains` may be `None` only when every candidate is safe.
    fn rank_moves(
        &self,
        pos: &Compact<'_>,
        chains: Option<&Chains>,
        candidates: u128,
        first: Option<Edge>,
        moves: &mut MoveList,
    ) {
        let counts = pos.counts();
        let mut opened = [false; 64];
        // (rank << 8 | line): sorting plain integers is cheaper than sorting pairs.
        let mut ranked = [0u32; SOLVER_MAX_LINES];
        let mut bound = [NO_BOUND; SOLVER_MAX_LINES];
        let mut n = 0;
        // A hint on a chain or loop names the chain: its one searched line comes first (the
        // hint's own line may be another of its lines, or, with strings-and-coins keys, a line
        // of another position with the same key, so it adds no move of its own).
        let chain_of = |e: Edge| chains.map_or(NO_CHAIN, |c| c.chain_of_line[e.0]);
        let first_chain = first.map_or(NO_CHAIN, chain_of);
        for e in LineSet(candidates).iter() {
            let chain = chain_of(e);
            let hinted = Some(e) == first || (chain != NO_CHAIN && chain == first_chain);
            let rank = if chain == NO_CHAIN {
                debug_assert!(pos.is_safe(e), "line {} is on no chain but gives a box", e.0);
                // Safe lines: first those that bring boxes to their second side (they use up the
                // safe moves, which decides who must open the first chain), interior lines before
                // border lines (far fewer nodes: docs/PERFORMANCE.md, "Solver settings").
                let boxes = self.geo.edge_box_mask(e);
                let filling = (boxes & counts.with[1]).count_ones();
                let sides = boxes.count_ones();
                let h = 4095 - (self.history[e.0] >> 4).min(4095);
                (1 + (2 - filling) * 4 + (2 - sides)) << 12 | h
            } else {
                let chains = chains.expect("a chain's line comes with the chains");
                let c = chain as usize;
                let long = chains.is_long(c);
                if long && self.settings.pruning.loony_bounds {
                    bound[e.0] = Self::loony_bound(chains.len[c], chains.is_loop[c]);
                }
                if long && self.settings.pruning.one_line_per_long_chain {
                    if opened[c] {
                        continue;
                    }
                    opened[c] = true;
                }
                if !long && self.settings.pruning.short_chains {
                    if !Self::short_chain_line(pos, e, chains.len[c]) || opened[c] {
                        continue;
                    }
                    opened[c] = true;
                }
                (16 + u32::from(chains.len[c])) << 12
            };
            ranked[n] = (if hinted { 0 } else { rank }) << 8 | e.0 as u32;
            debug_assert!(rank < 1 << 24);
            n += 1;
        }
        ranked[..n].sort_unstable();
        for e in ranked[..n].iter().map(|&r| r as u8) {
            moves.lines[moves.len] = e;
            moves.bounds[moves.len] = bound[e as usize];
            moves.len += 1;
        }
    }

    /// Whether `e`, a line of a chain of `len <= 2` boxes, is worth searching when nothing can
    /// be taken (`Pruning::short_chains`): any line of a 1-chain (the caller keeps one), only
    /// the middle line of a 2-chain ([`View::opens_well`], which proves it).
    ///
    /// Proof for the 1-chain. Let R be the position with every undrawn side of the chain drawn.
    /// A 1-chain is a box X with undrawn sides a and b whose neighbours across them have 3+
    /// undrawn sides (or are off the board). After a, taking X with b is a free capture (it
    /// leaves the box across b untakeable), which `capture_options` proves optimal; so the
    /// opponent gets `1 + v(R)` after a, and the same after b.
    fn short_chain_line(pos: &Compact<'_>, e: Edge, len: u8) -> bool {
        pos.opens_well(e, usize::from(len))
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
    /// reaches `beta` saves searching the others (the bound and the move are returned).
    /// Otherwise each probed child's stored lower bound `lo` becomes an upper bound `-lo` on its
    /// move (the move completes nothing, so its value is minus the child's), and the search
    /// skips the moves whose bound is at most
    /// alpha, counting the bound in its fail-soft result as it does for loony bounds: a stored
    /// bound is a proven one, so the result stays exact (the test `enhanced_cutoffs_match_
    /// brute_force` checks it with tables of a few entries). Moves whose known upper bound is at
    /// most alpha are not probed.
    pub(super) fn enhanced_cutoff(
        &self,
        im: &Images,
        pos: &Compact<'_>,
        moves: &mut MoveList,
        alpha: Score,
        beta: Score,
    ) -> Option<(Score, Edge)> {
        // The children's keys first, then the probes: independent loads, which the processor
        // overlaps, where one loop would wait for each cache miss in turn.
        let mut keys = [0u128; SOLVER_MAX_LINES];
        let mut index = [0u8; SOLVER_MAX_LINES];
        let mut n = 0;
        for (i, e) in moves.as_slice().iter().map(|&m| Edge(m as usize)).enumerate() {
            if Score::from(moves.bounds[i]) <= alpha || pos.completes(e) > 0 {
                continue;
            }
            keys[n] = self.child_key(im, e).0;
            index[n] = i as u8;
            n += 1;
        }
        for (&key, &i) in keys[..n].iter().zip(&index[..n]) {
            if let Some(entry) = self.table.probe(LineSet(key)) {
                if -Score::from(entry.upper) >= beta {
                    return Some((-Score::from(entry.upper), Edge(usize::from(moves.lines[i as usize]))));
                }
                // The child's lower bound is an upper bound on the move's value.
                let bound = &mut moves.bounds[i as usize];
                *bound = (*bound).min(-entry.lower);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use pencilbox_grid::Dims;
    use rand::{Rng, SeedableRng};

    use super::super::{Solver, TableSize};
    use super::*;
    use crate::compact::Geometry;

    /// The two stages (`safe_moves`, then `add_chain_moves`) list the moves `ordered_moves`
    /// lists, in its order and with its bounds, whatever the table's move; and they are staged
    /// exactly when that move is safe or missing and some line is safe.
    #[test]
    fn the_staged_moves_are_the_whole_list_in_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x57A6);
        let (mut staged, mut whole) = (0, 0);
        for (r, c) in [(2, 2), (3, 3), (3, 5), (5, 5)] {
            let geo = Geometry::new(Dims::new(r, c).unwrap()).unwrap();
            let mut solver = Solver::new(geo.clone(), TableSize::Entries(0));
            let worker = solver.worker();
            for _ in 0..400 {
                let share = rng.random_range(0.1..0.8);
                let drawn = (0..geo.num_lines())
                    .filter(|_| rng.random_bool(share))
                    .fold(LineSet::EMPTY, |s, e| s.with(Edge(e)));
                let pos = Compact::new(&geo, drawn);
                if pos.can_take() || geo.undrawn(drawn).count() == 0 {
                    continue;
                }
                // No hint, an undrawn line, or a drawn one (a hint with no undrawn twin).
                let first = match rng.random_range(0..4) {
                    0 => None,
                    3 => Some(Edge(rng.random_range(0..geo.num_lines()))),
                    _ => geo
                        .undrawn(drawn)
                        .iter()
                        .nth(rng.random_range(0..geo.undrawn(drawn).count() as usize)),
                };
                let full = worker.ordered_moves(&pos, &pos.chains(), first);
                let safe = pos.safe_set().0;
                let expect_staged = safe != 0 && first.is_none_or(|f| safe >> f.0 & 1 == 1);
                match worker.safe_moves(&pos, first) {
                    Some(mut moves) => {
                        assert!(expect_staged, "staged with an unsafe hint {first:?}");
                        assert!(moves.as_slice().iter().all(|&e| safe >> e & 1 == 1));
                        worker.add_chain_moves(&pos, first, &mut moves);
                        assert_eq!(moves.as_slice(), full.as_slice(), "{r}x{c} {:#x} {first:?}", drawn.0);
                        assert_eq!(moves.bounds[..moves.len], full.bounds[..full.len]);
                        staged += 1;
                    }
                    None => {
                        assert!(!expect_staged, "not staged: {r}x{c} {:#x} {first:?}", drawn.0);
                        whole += 1;
                    }
                }
            }
        }
        assert!(staged > 300 && whole > 100, "staged {staged}, whole {whole}");
    }
}
