//! A compact fixed-length bitset for sets of cells or edges (indexed by their numbers).

use std::fmt;

/// A set of indices `0..len`, one bit each.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitSet {
    words: Vec<u64>,
    len: usize,
}

impl BitSet {
    /// The empty set over `0..len`.
    pub fn new(len: usize) -> Self {
        BitSet { words: vec![0; len.div_ceil(64)], len }
    }

    /// The full set `0..len`.
    pub fn full(len: usize) -> Self {
        let mut s = BitSet { words: vec![u64::MAX; len.div_ceil(64)], len };
        s.clear_tail();
        s
    }

    fn clear_tail(&mut self) {
        let rem = self.len % 64;
        if rem != 0
            && let Some(last) = self.words.last_mut()
        {
            *last &= (1u64 << rem) - 1;
        }
    }

    /// The capacity (indices run over `0..len`).
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the capacity is zero (not when no bit is set: see [`BitSet::none`]).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when no bit is set.
    pub fn none(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Panics if `i >= len`.
    pub fn contains(&self, i: usize) -> bool {
        assert!(i < self.len, "bit {i} out of range 0..{}", self.len);
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Adds `i`; returns whether it was absent.
    pub fn insert(&mut self, i: usize) -> bool {
        assert!(i < self.len, "bit {i} out of range 0..{}", self.len);
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let was = self.words[w] & b != 0;
        self.words[w] |= b;
        !was
    }

    /// Removes `i`; returns whether it was present.
    pub fn remove(&mut self, i: usize) -> bool {
        assert!(i < self.len, "bit {i} out of range 0..{}", self.len);
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let was = self.words[w] & b != 0;
        self.words[w] &= !b;
        was
    }

    pub fn set(&mut self, i: usize, value: bool) {
        if value {
            self.insert(i);
        } else {
            self.remove(i);
        }
    }

    /// Number of set bits.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The set bits in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + b)
            })
        })
    }

    /// The words, least significant bit = lowest index (for hashing or fast keys).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn union_with(&mut self, other: &BitSet) {
        assert_eq!(self.len, other.len);
        self.words.iter_mut().zip(&other.words).for_each(|(a, b)| *a |= b);
    }

    pub fn intersect_with(&mut self, other: &BitSet) {
        assert_eq!(self.len, other.len);
        self.words.iter_mut().zip(&other.words).for_each(|(a, b)| *a &= b);
    }

    pub fn difference_with(&mut self, other: &BitSet) {
        assert_eq!(self.len, other.len);
        self.words.iter_mut().zip(&other.words).for_each(|(a, b)| *a &= !b);
    }
}

impl fmt::Debug for BitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<usize> for BitSet {
    /// Collects indices; the capacity is one past the largest.
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let items: Vec<usize> = iter.into_iter().collect();
        let mut s = BitSet::new(items.iter().max().map_or(0, |m| m + 1));
        for i in items {
            s.insert(i);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    #[test]
    fn full_has_exact_count() {
        for len in [0, 1, 63, 64, 65, 130] {
            assert_eq!(BitSet::full(len).count(), len);
        }
    }

    proptest! {
        #[test]
        fn behaves_like_a_btreeset(ops in proptest::collection::vec((0usize..150, any::<bool>()), 0..200)) {
            let mut s = BitSet::new(150);
            let mut r = BTreeSet::new();
            for (i, add) in ops {
                if add {
                    prop_assert_eq!(s.insert(i), r.insert(i));
                } else {
                    prop_assert_eq!(s.remove(i), r.remove(&i));
                }
            }
            prop_assert_eq!(s.count(), r.len());
            prop_assert_eq!(s.iter().collect::<Vec<_>>(), r.into_iter().collect::<Vec<_>>());
        }
    }
}
