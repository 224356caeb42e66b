//! The impartial-game kernel shared by the pencilbox games: the [`Nimber`] type, [`mex`] (also
//! as a growable [`MexSet`] and, for one 64-bit word, [`mex_of_mask`]), [`nim_sum`], and the
//! [`Outcome`] of a game for the player to move.
//!
//! The Sprague–Grundy theorem: every impartial game under normal play (the player who cannot move
//! loses) is equivalent to a Nim heap of size `grundy(position)`, where `grundy` is the mex of the
//! values of the positions reachable in one move, and the value of a sum of independent games is
//! the XOR (nim-sum) of the values of its parts. The games keep their own memo tables and their
//! own ways of splitting a position into parts (Walls: rectangles in a flat table; Islands:
//! canonical fields under a deadline); this crate holds only what they compute the same way.
//!
//! ```
//! use pencilbox_cgt::{mex, nim_sum, Outcome};
//! assert_eq!(mex([0, 1, 3]), 2);
//! assert_eq!(nim_sum([1, 2, 3]), 0);
//! assert_eq!(Outcome::from_grundy(0), Outcome::Loss);
//! ```

use std::fmt;

/// A Grundy value (nimber).
pub type Nimber = u32;

/// The minimum excludant: the least value not in `values`.
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let mut seen = MexSet::default();
    for v in values {
        seen.insert(v);
    }
    seen.mex()
}

/// The nim-sum (XOR) of Grundy values: the value of the sum of the games.
pub fn nim_sum(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    values.into_iter().fold(0, |a, b| a ^ b)
}

/// The mex of a set given as a bit mask (bit `v` set ⇔ `v` is in the set).
#[inline]
pub const fn mex_of_mask(mask: u64) -> Nimber {
    (!mask).trailing_zeros()
}

/// A growable set of small nimbers for computing a mex, one bit per value.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    pub fn insert(&mut self, v: Nimber) {
        let w = v as usize / 64;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v % 64);
    }

    /// The least value not in the set.
    pub fn mex(&self) -> Nimber {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return i as Nimber * 64 + mex_of_mask(w);
            }
        }
        self.words.len() as Nimber * 64
    }
}

/// The result of a game for the player to move, under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    Loss,
    Draw,
    Win,
}

impl Outcome {
    /// The outcome for the other player.
    pub const fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// Normal play: a position is lost for the mover exactly when its Grundy value is 0.
    pub const fn from_grundy(g: Nimber) -> Outcome {
        if g == 0 { Outcome::Loss } else { Outcome::Win }
    }

    /// The mover's best outcome given the outcomes of the positions its moves lead to (each for
    /// the player who moves there next, i.e. the opponent). No move at all is a loss.
    pub fn best_of_options(options: impl IntoIterator<Item = Outcome>) -> Outcome {
        options.into_iter().map(Outcome::flip).max().unwrap_or(Outcome::Loss)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "Win",
            Outcome::Draw => "Draw",
            Outcome::Loss => "Loss",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Kayles: remove one pin or two adjacent pins from a row of `n`, which leaves two rows (a
    /// sum): the value is the mex over the moves of the nim-sum of the two rows left.
    fn kayles(n: u32, memo: &mut HashMap<u32, Nimber>) -> Nimber {
        if let Some(&g) = memo.get(&n) {
            return g;
        }
        let mut options = Vec::new();
        for take in 1..=2u32.min(n) {
            for left in 0..=n - take {
                options.push(nim_sum([kayles(left, memo), kayles(n - take - left, memo)]));
            }
        }
        let g = mex(options);
        memo.insert(n, g);
        g
    }

    /// The Grundy value of a whole position of Nim heaps (sorted), by brute force over every
    /// move of the sum, without using that it is a sum.
    fn nim_position(heaps: Vec<u32>, memo: &mut HashMap<Vec<u32>, Nimber>) -> Nimber {
        if let Some(&g) = memo.get(&heaps) {
            return g;
        }
        let mut seen = MexSet::default();
        for i in 0..heaps.len() {
            for k in 0..heaps[i] {
                let mut next = heaps.clone();
                next[i] = k;
                next.sort_unstable();
                seen.insert(nim_position(next, memo));
            }
        }
        let g = seen.mex();
        memo.insert(heaps, g);
        g
    }

    #[test]
    fn kayles_values_match_the_published_sequence() {
        // Kayles nim-values, OEIS A002186: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 ...
        let expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7];
        let mut memo = HashMap::new();
        for (n, &g) in expected.iter().enumerate() {
            assert_eq!(kayles(n as u32, &mut memo), g, "Kayles {n}");
        }
    }

    #[test]
    fn mex_of_sets_and_masks() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([3, 0, 2, 1, 1]), 4);
        assert_eq!(mex((0..200).filter(|v| *v != 130)), 130);
        assert_eq!(mex(0..128), 128);
        assert_eq!(mex_of_mask(0), 0);
        assert_eq!(mex_of_mask(0b1011), 2);
        assert_eq!(mex_of_mask(u64::MAX), 64);
    }

    #[test]
    fn outcomes() {
        assert_eq!(Outcome::best_of_options([]), Outcome::Loss);
        assert_eq!(Outcome::best_of_options([Outcome::Win, Outcome::Draw]), Outcome::Draw);
        assert_eq!(Outcome::best_of_options([Outcome::Win, Outcome::Loss]), Outcome::Win);
        assert_eq!(Outcome::from_grundy(0), Outcome::Loss);
        assert_eq!(Outcome::from_grundy(3), Outcome::Win);
        assert_eq!(Outcome::Draw.flip(), Outcome::Draw);
        assert_eq!(Outcome::Win.flip(), Outcome::Loss);
        assert_eq!(Outcome::Loss.to_string(), "Loss");
    }

    proptest! {
        /// The value of a sum is the XOR of its parts: a Nim position searched as one game has
        /// the nim-sum of its heaps as its Grundy value.
        #[test]
        fn sum_of_heaps_is_xor(mut heaps in proptest::collection::vec(0u32..6, 0..4)) {
            heaps.sort_unstable();
            let g = nim_position(heaps.clone(), &mut HashMap::new());
            prop_assert_eq!(g, nim_sum(heaps.iter().copied()));
        }

        /// `mex` against its definition: absent itself, every smaller value present.
        #[test]
        fn mex_is_the_least_missing_value(values in proptest::collection::vec(0u32..150, 0..200)) {
            let m = mex(values.iter().copied());
            prop_assert!(!values.contains(&m));
            prop_assert!((0..m).all(|v| values.contains(&v)));
        }
    }
}
