//! The impartial-game kernel shared by the pencilbox games: mex, nim-sum, a Grundy memo table,
//! positions that split into independent parts, and the [`Outcome`] of a game for the player to
//! move.
//!
//! The Sprague–Grundy theorem: every impartial game under normal play (the player who cannot move
//! loses) is equivalent to a Nim heap of size `grundy(position)`, where `grundy` is the mex of the
//! values of the positions reachable in one move, and the value of a sum of independent games is
//! the XOR (nim-sum) of the values of its parts.
//!
//! ```
//! use pencilbox_cgt::{mex, nim_sum, Outcome};
//! assert_eq!(mex([0, 1, 3]), 2);
//! assert_eq!(nim_sum([1, 2, 3]), 0);
//! assert_eq!(Outcome::from_grundy(0), Outcome::Loss);
//! ```

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

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

    pub fn contains(&self, v: Nimber) -> bool {
        self.words.get(v as usize / 64).is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    /// Empties the set but keeps its storage.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    pub fn mex(&self) -> Nimber {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return i as Nimber * 64 + mex_of_mask(w);
            }
        }
        self.words.len() as Nimber * 64
    }
}

/// A position that is a sum of independent parts (a disjunctive compound).
pub trait Decompose {
    /// A part, in a canonical form (so equal parts share one memo entry).
    type Part: Clone + Eq + Hash;
    fn parts(&self) -> Vec<Self::Part>;
}

/// A memo table of Grundy values keyed by canonical positions.
#[derive(Debug)]
pub struct GrundyMemo<K> {
    table: HashMap<K, Nimber>,
}

impl<K> Default for GrundyMemo<K> {
    fn default() -> Self {
        GrundyMemo { table: HashMap::new() }
    }
}

impl<K: Clone + Eq + Hash> GrundyMemo<K> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    pub fn get(&self, key: &K) -> Option<Nimber> {
        self.table.get(key).copied()
    }

    pub fn insert(&mut self, key: K, value: Nimber) {
        self.table.insert(key, value);
    }

    /// The Grundy value of `key`: from the table, or the mex of the values of `options(key)`
    /// (each computed recursively), stored before it is returned. Recursion depth is the length
    /// of the longest play, so keep it to games whose plays are short.
    pub fn grundy(&mut self, key: &K, options: &mut impl FnMut(&K) -> Vec<Vec<K>>) -> Nimber {
        if let Some(v) = self.get(key) {
            return v;
        }
        let mut seen = MexSet::default();
        for option in options(key) {
            // An option may itself be a sum of parts: its value is their nim-sum.
            let v = option.iter().map(|part| self.grundy(part, options)).fold(0, |a, b| a ^ b);
            seen.insert(v);
        }
        let v = seen.mex();
        self.insert(key.clone(), v);
        v
    }

    /// The value of a decomposable position: the nim-sum of its parts' values.
    pub fn grundy_of_sum<P>(&mut self, position: &P, options: &mut impl FnMut(&K) -> Vec<Vec<K>>) -> Nimber
    where
        P: Decompose<Part = K>,
    {
        position.parts().iter().map(|part| self.grundy(part, options)).fold(0, |a, b| a ^ b)
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

    /// The outcome of a net score (the mover's points minus the opponent's).
    pub const fn from_score(net: i64) -> Outcome {
        if net > 0 {
            Outcome::Win
        } else if net < 0 {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
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

    /// Nim heaps: a heap of n has options 0..n; a position is a multiset of heaps.
    struct Heaps(Vec<u32>);
    impl Decompose for Heaps {
        type Part = u32;
        fn parts(&self) -> Vec<u32> {
            self.0.clone()
        }
    }

    fn heap_options(n: &u32) -> Vec<Vec<u32>> {
        (0..*n).map(|k| vec![k]).collect()
    }

    /// Kayles-like splitting: remove one or two adjacent pins from a row of n, leaving two rows.
    fn kayles_options(n: &u32) -> Vec<Vec<u32>> {
        let n = *n;
        let mut out = Vec::new();
        for take in 1..=2u32.min(n) {
            for left in 0..=n - take {
                out.push(vec![left, n - take - left]);
            }
        }
        out
    }

    #[test]
    fn nim_heap_value_is_its_size() {
        let mut memo = GrundyMemo::new();
        for n in 0..20 {
            assert_eq!(memo.grundy(&n, &mut heap_options), n);
        }
    }

    #[test]
    fn kayles_values_match_the_published_sequence() {
        // Kayles nim-values, OEIS A002186: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 ...
        let expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7];
        let mut memo = GrundyMemo::new();
        for (n, &g) in expected.iter().enumerate() {
            assert_eq!(memo.grundy(&(n as u32), &mut kayles_options), g, "Kayles {n}");
        }
    }

    #[test]
    fn mex_set_grows_and_clears() {
        let mut s = MexSet::default();
        for v in (0..200).filter(|v| *v != 130) {
            s.insert(v);
        }
        assert_eq!(s.mex(), 130);
        assert!(s.contains(199) && !s.contains(130) && !s.contains(5000));
        s.clear();
        assert_eq!(s.mex(), 0);
        assert_eq!(mex_of_mask(0b1011), 2);
        assert_eq!(mex_of_mask(u64::MAX), 64);
    }

    #[test]
    fn outcomes() {
        assert_eq!(Outcome::best_of_options([]), Outcome::Loss);
        assert_eq!(Outcome::best_of_options([Outcome::Win, Outcome::Draw]), Outcome::Draw);
        assert_eq!(Outcome::best_of_options([Outcome::Win, Outcome::Loss]), Outcome::Win);
        assert_eq!(Outcome::from_score(-3), Outcome::Loss);
        assert_eq!(Outcome::Draw.flip(), Outcome::Draw);
    }

    proptest! {
        /// The value of a sum is the XOR of its parts, checked against a direct search on the
        /// whole multiset of heaps (win/loss only, which is what the XOR predicts).
        #[test]
        fn sum_of_heaps_is_xor(heaps in proptest::collection::vec(0u32..5, 0..4)) {
            fn losing(h: &mut Vec<u32>) -> bool {
                for i in 0..h.len() {
                    for k in 0..h[i] {
                        let old = h[i];
                        h[i] = k;
                        let lost = losing(h);
                        h[i] = old;
                        if lost {
                            return false;
                        }
                    }
                }
                true
            }
            let mut memo = GrundyMemo::new();
            let g = memo.grundy_of_sum(&Heaps(heaps.clone()), &mut heap_options);
            prop_assert_eq!(g, nim_sum(heaps.iter().copied()));
            let mut h = heaps.clone();
            prop_assert_eq!(g == 0, losing(&mut h));
        }
    }
}
