//! The dots joined by lines, as a union-find with class sizes (Loopy's `dotdsf` and
//! `looplen`: a class of k dots joined by k - 1 lines is a path, by k lines a loop).

/// Union-find with class sizes.
#[derive(Clone, Debug)]
pub(super) struct Dsf {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl Dsf {
    pub fn new(n: usize) -> Self {
        Dsf { parent: (0..n as u32).collect(), size: vec![1; n] }
    }

    pub fn find(&self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            x = self.parent[x] as usize;
        }
        x
    }

    /// The number of members of `x`'s class.
    pub fn size(&self, x: usize) -> usize {
        self.size[self.find(x)] as usize
    }

    /// Joins two classes; false when they were one already.
    pub fn merge(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a as u32;
        self.size[a] += self.size[b];
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_add_up() {
        let mut s = Dsf::new(3);
        assert!(s.merge(0, 2));
        assert!(!s.merge(2, 0));
        assert_eq!((s.size(0), s.size(1), s.size(2)), (2, 1, 2));
        assert_eq!(s.find(0), s.find(2));
    }
}
