//! Inside/outside colour classes, shared by the solver's [`Board`](crate::Board) and the
//! deduction engine: a union-find with parity over the cells plus one node for the outside of
//! the board.
//!
//! An edge is a line exactly when the regions on its two sides have different colours (the
//! Jordan curve theorem: the loop separates the inside from the outside), so a decided edge
//! links its two sides with parity 1 (line) or 0 (cross), and two regions in one class have a
//! known relation. Members of each class are kept in a circular list, so that a merge can scan
//! the smaller class for edges it decides (each node is scanned O(log n) times in all).
//!
//! There is no path compression: a merge is undone by unlinking one node
//! ([`Classes::split`]), and the parent chains stay O(log n) long by union by size.

use crate::board::Conflict;

/// A merge of two classes: `small`'s root was linked under `big`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Merge {
    pub big: u32,
    pub small: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct Classes {
    parent: Vec<u32>,
    /// Parity to the parent (1: opposite colours).
    parity: Vec<u8>,
    size: Vec<u32>,
    /// The members of each class as a circular list.
    next: Vec<u32>,
}

impl Classes {
    /// `n` nodes, each in a class of its own.
    pub fn new(n: usize) -> Self {
        let n = n as u32;
        Classes {
            parent: (0..n).collect(),
            parity: vec![0; n as usize],
            size: vec![1; n as usize],
            next: (0..n).collect(),
        }
    }

    /// The class root of `x` and `x`'s parity to it.
    #[inline]
    pub fn find(&self, mut x: u32) -> (u32, u8) {
        let mut p = 0;
        while self.parent[x as usize] != x {
            p ^= self.parity[x as usize];
            x = self.parent[x as usize];
        }
        (x, p)
    }

    /// The parent of `x` in its class tree, `None` for a root.
    pub fn parent(&self, x: u32) -> Option<u32> {
        let p = self.parent[x as usize];
        (p != x).then_some(p)
    }

    /// Records that `x` and `y` have different (`differ`) or equal colours: `Ok(None)` when
    /// that was known, `Ok(Some(merge))` when two classes were joined, `Err` when the opposite
    /// was known.
    pub fn union(&mut self, x: u32, y: u32, differ: bool) -> Result<Option<Merge>, Conflict> {
        let ((rx, px), (ry, py)) = (self.find(x), self.find(y));
        let rel = px ^ py ^ u8::from(differ);
        if rx == ry {
            return if rel == 0 { Ok(None) } else { Err(Conflict) };
        }
        let (big, small) = if self.size[rx as usize] >= self.size[ry as usize] { (rx, ry) } else { (ry, rx) };
        self.parent[small as usize] = big;
        self.parity[small as usize] = rel;
        self.size[big as usize] += self.size[small as usize];
        self.next.swap(big as usize, small as usize);
        Ok(Some(Merge { big, small }))
    }

    /// The members of the class that was the smaller one in `m`, starting at its old root, in
    /// the order of its list before the merge.
    pub fn merged(&self, m: Merge) -> impl Iterator<Item = u32> + '_ {
        // The merge swapped the two roots' successors: the small list now runs
        // small → (big's old successor) …, and its own old successor hangs after `big`.
        let mut at = Some(m.small);
        std::iter::from_fn(move || {
            let x = at?;
            let n = if x == m.small { self.next[m.big as usize] } else { self.next[x as usize] };
            at = (n != m.small).then_some(n);
            Some(x)
        })
    }

    /// Undoes the merge that linked root `child` under its parent (the last merge not yet
    /// undone).
    pub fn split(&mut self, child: u32) {
        let c = child as usize;
        let root = self.parent[c] as usize;
        self.size[root] -= self.size[c];
        self.next.swap(root, c);
        self.parent[c] = child;
        self.parity[c] = 0;
    }
}
