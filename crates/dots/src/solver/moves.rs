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
        let (drawn, counts) = (pos.drawn(), pos.counts());
        let mut opened = [false; 64];
        // (rank << 8 | line): sorting plain integers is cheaper than sorting pairs.
        let mut ranked = [0u32; SOLVER_MAX_LINES];
        let mut bound = [NO_BOUND; SOLVER_MAX_LINES];
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
        // A hint on a chain or loop names the chain: its one searched line comes first (the
        // hint's own line may be another of its lines, or, with strings-and-coins keys, a line
        // of another position with the same key, so it adds no move of its own).
        let first_chain = first.map_or(NO_CHAIN, |f| chains.chain_of_line[f.0]);
        for e in LineSet(candidates).iter() {
            let chain = chains.chain_of_line[e.0];
            let hinted = Some(e) == first || (chain != NO_CHAIN && chain == first_chain);
            let rank = if chain == NO_CHAIN {
                // Safe lines: first those that bring boxes to their second side (they use up the
                // safe moves, which decides who must open the first chain), interior lines before
                // border lines (far fewer nodes: docs/PERFORMANCE.md, "Solver settings").
                let boxes = self.geo.edge_box_mask(e);
                let filling = (boxes & counts.with[1]).count_ones();
                let sides = boxes.count_ones();
                let h = 4095 - (self.history[e.0] >> 4).min(4095);
                (1 + (2 - filling) * 4 + (2 - sides)) << 12 | h
            } else {
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
