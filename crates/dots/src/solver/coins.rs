//! Strings-and-coins table keys: positions whose strings-and-coins graphs differ only in where
//! their chains run share one key.
//!
//! In the strings-and-coins view (Berlekamp, *The Dots and Boxes Game*, ch. 2) a box is a coin,
//! an undrawn line a string tied to the one or two coins it borders (a border line to the
//! ground), and the value of a position is a function of that graph up to isomorphism: a move
//! cuts a string, a coin whose last string is cut is taken. A coin with exactly two strings
//! lies on a *chain* or a *loop* (see [`crate::theory::chains`]); a chain of `n` such coins is a path
//! between its two *ends*, each the coin outside the chain its end string is tied to, or the
//! ground. Which boxes the path runs through does not change the graph: two positions are
//! isomorphic when they have
//!
//! * the same *free strings* (the undrawn lines that touch no chain or loop), in place, and
//! * the same multiset of chains as (length, end, end) and of loops as lengths,
//!
//! since the map that fixes every coin off the chains and loops and sends each chain's coins in
//! order along the path onto the other position's is an isomorphism (a coin off the chains keeps
//! its free strings and its chain ends; a claimed box has no string in either). The same holds
//! after a symmetry of the board is applied to both parts, and after exchanges of twin lines
//! among the free strings (the keys of `keys`).
//!
//! The key: the smallest twin-normalised image of the free strings under the board's symmetries,
//! in the low 64 bits (so boards of at most 64 lines), and in the high 64 bits a hash of the
//! chains and loops in the orientation of that image (the smallest hash among the symmetries
//! that tie), with its lowest bit set. The hash is the one step that is not injective: two
//! positions share a key wrongly only if they have the same free strings and their chain
//! multisets collide in 63 bits, a chance of about 2^-63 per such pair (even 10^12 such pairs,
//! more than the largest solve meets, make it one in ten million).
//!
//! Only positions where nothing can be taken get such a key: a node that can capture searches
//! at most two moves (see `Worker::capture_options`), and walking its chains would cost more
//! than its table entry saves. Its key stays its twin-normalised drawn lines (see `keys`), whose
//! high 64 bits are zero, so the two kinds of key never meet.
//!
//! The keys are an option ([`super::Solver::set_coin_keys`]), off by default: they cut nodes,
//! but a key costs a walk of the chains before the probe at every node with nothing to take,
//! and the solves measured took more time, not less (docs/PERFORMANCE.md, "Where the solver's
//! nodes go"). With them on, a solve's value is exact only up to the chance of a hash
//! collision described above.

use pencilbox_grid::Edge;

use crate::compact::{Geometry, LineSet};
use crate::theory::{Chains, Compact, NO_END};

use super::keys::Images;
use super::search::Worker;

/// Whether strings-and-coins keys fit a board of `lines` lines: its free strings take the low
/// 64 bits of a key.
pub(super) fn fit(lines: usize) -> bool {
    lines <= 64
}

impl Worker<'_, '_> {
    /// The chains and loops of `pos` and the sides of their boxes, when `pos` gets a
    /// strings-and-coins key: they are on and nothing can be taken.
    pub(super) fn coin_chains(&self, pos: &Compact<'_>) -> Option<(Chains, u128)> {
        if !(self.settings.coin_keys && self.settings.use_symmetry) || pos.can_take() {
            return None;
        }
        Some((Chains::of(pos), pos.chain_box_sides()))
    }

    /// The strings-and-coins key of `im`'s position (whose
    /// chains and loops are `chains` and the sides of their boxes `chain_sides`: see
    /// `coin_chains`) and the symmetry that maps its free strings to the key's.
    pub(super) fn coin_key(&self, im: &Images, chains: &Chains, chain_sides: u128) -> (LineSet, usize) {
        let geo = self.geo;
        // The free strings' image under each symmetry: the undrawn lines of the twin-normalised
        // image of the drawn lines (in a twin group the highest lines, a canonical choice too)
        // less the sides of the chains' boxes (a corner box on a chain takes its whole group).
        let all = geo.all_lines().0;
        let mut best = (u128::MAX, 0);
        let mut ties = 0u8;
        for s in 0..geo.num_symmetries() {
            let image = all & !im.keys[s] & !geo.transform(s, LineSet(chain_sides)).0;
            if image < best.0 {
                best = (image, s);
                ties = 1 << s;
            } else if image == best.0 {
                ties |= 1 << s;
            }
        }
        // (length, end, end) of each chain, ends in the board's own orientation (a loop has
        // none: `NO_END` twice).
        let mut parts = [(0u8, NO_END, NO_END); 64];
        for (c, part) in parts.iter_mut().enumerate().take(chains.count) {
            *part = (chains.len[c], chains.ends[c][0], chains.ends[c][1]);
        }
        let parts = &parts[..chains.count];
        let (hash, sym) = (0..geo.num_symmetries())
            .filter(|&s| ties >> s & 1 == 1)
            .map(|s| (self.chains_hash(s, parts), s))
            .min()
            .unwrap_or((0, 0));
        (LineSet(best.0 | u128::from(hash | 1) << 64), sym)
    }

    /// A hash of the multiset `parts` of chains (length, end, end) and loops (length, no ends)
    /// once symmetry `s` is applied to their ends: the sum of a strong hash of each, which needs
    /// no sorting.
    fn chains_hash(&self, s: usize, parts: &[(u8, u8, u8)]) -> u64 {
        parts.iter().fold(0, |h: u64, &(len, a, b)| {
            let (a, b) = (self.map_end(s, a), self.map_end(s, b));
            h.wrapping_add(mix(u64::from(len) << 16 | u64::from(a.min(b)) << 8 | u64::from(a.max(b))))
        })
    }

    /// The image of a chain's end under symmetry `s`: the ground and "no end" stay.
    fn map_end(&self, s: usize, end: u8) -> u8 {
        if end >= NO_END { end } else { self.box_maps[s][end as usize] }
    }
}

/// `maps[s][b]`: the image of box `b` under symmetry `s` of `geo`'s board, the one box bordered
/// by the images of two of its sides (two boxes share at most one side).
pub(super) fn box_maps(geo: &Geometry) -> [[u8; 64]; 8] {
    let mut maps = [[0; 64]; 8];
    for (s, map) in maps.iter_mut().enumerate().take(geo.num_symmetries()) {
        for b in geo.boxes() {
            let sides = geo.box_sides(b);
            let (low, high) = (sides.trailing_zeros() as usize, 127 - sides.leading_zeros() as usize);
            let boxes = geo.edge_box_mask(geo.map_edge(s, Edge(low)))
                & geo.edge_box_mask(geo.map_edge(s, Edge(high)));
            map[b.0 as usize] = boxes.trailing_zeros() as u8;
        }
    }
    maps
}

/// The SplitMix64 finaliser: every input bit moves about half the output bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use pencilbox_grid::Dims;
    use rand::{Rng, SeedableRng};

    use super::super::{Solver, TableSize};
    use super::*;
    use crate::board::{Position, Score};
    use crate::endgame::reference::brute_force;

    /// Positions that share a strings-and-coins key have the same value: random positions with
    /// nothing to take on boards up to 3×4 are grouped by key, and every group's brute-force
    /// values agree. The groups merge many distinct line sets (beyond the board's symmetries and
    /// twin lines), so the test would catch a key that merges too much.
    #[test]
    fn positions_with_one_key_have_one_value() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5EED_C015);
        let mut merged = 0;
        for (r, c, undrawn) in [(2, 3, 9), (3, 3, 11), (3, 3, 13), (2, 4, 12), (3, 4, 14)] {
            let dims = Dims::new(r, c).unwrap();
            let geo = Geometry::new(dims).unwrap();
            let mut solver = Solver::new(geo.clone(), TableSize::Entries(0));
            solver.set_coin_keys(true);
            let mut plain = Solver::new(geo.clone(), TableSize::Entries(0));
            let (worker, plain) = (solver.worker(), plain.worker());
            // key -> (value, the plain keys seen)
            let mut groups: HashMap<u128, (Score, Vec<u128>)> = HashMap::new();
            for _ in 0..3000 {
                let mut lines: Vec<usize> = (0..geo.num_lines()).collect();
                for i in 0..lines.len() {
                    let j = rng.random_range(i..lines.len());
                    lines.swap(i, j);
                }
                let drawn = lines[undrawn..].iter().fold(LineSet::EMPTY, |s, &e| s.with(Edge(e)));
                if Compact::new(&geo, drawn).can_take() {
                    continue;
                }
                let key = worker.key(drawn).0.0;
                let plain_key = plain.key(drawn).0.0;
                let pos = Position::from_lines(dims, drawn.iter()).unwrap();
                let value = brute_force(&pos);
                let (v, seen) = groups.entry(key).or_insert((value, Vec::new()));
                assert_eq!(
                    *v, value,
                    "{r}x{c}: drawn {:#x} shares its key with a position of value {v}",
                    drawn.0
                );
                if !seen.contains(&plain_key) {
                    seen.push(plain_key);
                }
            }
            merged += groups.values().filter(|(_, seen)| seen.len() > 1).count();
        }
        assert!(merged > 50, "only {merged} keys merged positions the plain keys tell apart");
    }
}
