//! An independent solution counter for Slitherlink, sharing no code with the solver: it
//! colours cells inside/outside instead of deciding edges.
//!
//! Why this counts exactly the loop solutions: an edge is on the loop iff the cells on its two
//! sides have different colours (off the board is outside), so a colouring fixes the edges.
//! The edges form one simple closed loop iff (Jordan curve theorem) the inside cells are
//! non-empty and 4-connected, the outside cells are 4-connected together with the exterior,
//! and no interior dot has four loop edges (a 2×2 checkerboard). Every solution arises from
//! exactly one colouring (its inside by the Jordan curve theorem), so the count matches.
//!
//! The search is plain backtracking in row-major order. Pruning is only what is obviously
//! safe: a clue cell whose assigned neighbours already differ too often, or whose unassigned
//! ones are too few; a checkerboard; and, after each full row, a component that can never grow
//! again (no cell in the last row, and for the outside no border cell) while the other colour
//! or the same colour exists elsewhere.

use std::collections::HashMap;

use pencilbox_slither::Puzzle;

/// The outcome of a bounded count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourCount {
    /// Solutions found (at most the limit).
    pub found: usize,
    /// Whether the node budget ran out before the count was complete.
    pub aborted: bool,
    pub nodes: u64,
}

struct Search {
    rows: usize,
    cols: usize,
    clue: Vec<Option<u8>>,
    /// `None` unassigned, `Some(true)` inside.
    colour: Vec<Option<bool>>,
    found: usize,
    limit: usize,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    /// Solutions below a row boundary, by the state of the search there (see
    /// [`Search::frontier`]).
    memo: HashMap<Vec<u8>, usize>,
}

/// Counts the solutions of `p` up to `limit`, giving up after `max_nodes` assignments.
///
/// A wide board is searched transposed (the count is the same, transposing maps loops to
/// loops): a shorter row means a clue is completed sooner after its first neighbour.
pub fn count_by_colouring(p: &Puzzle, limit: usize, max_nodes: u64) -> ColourCount {
    let d = p.dims();
    let clue = |r: usize, c: usize| p.clues()[r * d.cols() + c].number();
    let (rows, cols, clue): (usize, usize, Vec<Option<u8>>) = if d.cols() > d.rows() {
        (d.cols(), d.rows(), (0..d.cols()).flat_map(|c| (0..d.rows()).map(move |r| clue(r, c))).collect())
    } else {
        (d.rows(), d.cols(), p.clues().iter().map(|c| c.number()).collect())
    };
    let mut s = Search {
        rows,
        cols,
        clue,
        colour: vec![None; d.num_cells()],
        found: 0,
        limit,
        nodes: 0,
        max_nodes,
        aborted: false,
        memo: HashMap::new(),
    };
    s.go(0);
    ColourCount { found: s.found.min(limit), aborted: s.aborted, nodes: s.nodes }
}

impl Search {
    fn at(&self, r: isize, c: isize) -> Option<Option<bool>> {
        if r < 0 || c < 0 || r as usize >= self.rows || c as usize >= self.cols {
            Some(Some(false)) // the exterior: outside, always known
        } else {
            Some(self.colour[r as usize * self.cols + c as usize])
        }
    }

    /// The clue of a cell is still reachable (for an unassigned cell: with one of its colours).
    fn clue_ok(&self, r: usize, c: usize) -> bool {
        if r >= self.rows || c >= self.cols {
            return true;
        }
        let Some(k) = self.clue[r * self.cols + c] else { return true };
        match self.colour[r * self.cols + c] {
            Some(me) => self.clue_ok_as(r, c, k, me),
            None => self.clue_ok_as(r, c, k, false) || self.clue_ok_as(r, c, k, true),
        }
    }

    fn clue_ok_as(&self, r: usize, c: usize, k: u8, me: bool) -> bool {
        let (mut differ, mut open) = (0, 0);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            match self.at(r as isize + dr, c as isize + dc).flatten() {
                Some(x) => differ += u8::from(x != me),
                None => open += 1,
            }
        }
        differ <= k && k <= differ + open
    }

    fn consistent(&self, r: usize, c: usize) -> bool {
        let near = [(r, c), (r.wrapping_sub(1), c), (r, c.wrapping_sub(1)), (r + 1, c), (r, c + 1)];
        if !near.iter().all(|&(r, c)| self.clue_ok(r, c)) {
            return false;
        }
        if r > 0 && c > 0 {
            let g = |r: usize, c: usize| self.colour[r * self.cols + c];
            let (a, b, x, y) = (g(r - 1, c - 1), g(r - 1, c), g(r, c - 1), g(r, c));
            if a == y && b == x && a != b {
                return false; // four loop edges at the dot between them
            }
        }
        true
    }

    /// Components of the assigned rows `0..=last`: false when one can never join the rest.
    fn components_ok(&self, last: usize, complete: bool) -> bool {
        let n = (last + 1) * self.cols;
        let mut comp = vec![usize::MAX; n];
        let mut inside_comps = 0;
        let mut closed_inside = false;
        for start in 0..n {
            if comp[start] != usize::MAX {
                continue;
            }
            let me = self.colour[start];
            comp[start] = start;
            let mut stack = vec![start];
            let (mut in_last_row, mut on_border) = (false, false);
            while let Some(i) = stack.pop() {
                let (r, c) = (i / self.cols, i % self.cols);
                in_last_row |= r == last && !complete;
                on_border |= r == 0 || c == 0 || r + 1 == self.rows || c + 1 == self.cols;
                let mut next = Vec::with_capacity(4);
                if r > 0 {
                    next.push(i - self.cols);
                }
                if r < last {
                    next.push(i + self.cols);
                }
                if c > 0 {
                    next.push(i - 1);
                }
                if c + 1 < self.cols {
                    next.push(i + 1);
                }
                for j in next {
                    if comp[j] == usize::MAX && self.colour[j] == me {
                        comp[j] = start;
                        stack.push(j);
                    }
                }
            }
            if me == Some(true) {
                inside_comps += 1;
                closed_inside |= !in_last_row;
            } else if !in_last_row && !on_border {
                return false; // outside cells walled in for good
            }
        }
        if complete { inside_comps == 1 } else { !(closed_inside && inside_comps > 1) }
    }

    /// Everything the rows below `last` depend on, once rows `0..=last` are coloured: the
    /// row number, the colours of row `last`, which of its cells are connected through the rows above (outside
    /// cells reaching the border all count as one part, joined through the exterior), how
    /// many neighbours of each of its clue cells differ so far, and whether an inside part is
    /// already closed off. Two searches reaching equal states have equal completions, so the
    /// count below a state is remembered (the transfer-matrix idea; it keeps wide boards
    /// tractable).
    fn frontier(&self, last: usize) -> Vec<u8> {
        let n = (last + 1) * self.cols;
        let mut comp = vec![usize::MAX; n];
        let mut border = vec![false; n];
        let mut closed_inside = false;
        for start in 0..n {
            if comp[start] != usize::MAX {
                continue;
            }
            let me = self.colour[start];
            comp[start] = start;
            let mut stack = vec![start];
            let (mut in_last_row, mut on_border) = (false, false);
            while let Some(i) = stack.pop() {
                let (r, c) = (i / self.cols, i % self.cols);
                in_last_row |= r == last;
                on_border |= r == 0 || c == 0 || c + 1 == self.cols;
                let mut next = Vec::with_capacity(4);
                if r > 0 {
                    next.push(i - self.cols);
                }
                if r < last {
                    next.push(i + self.cols);
                }
                if c > 0 {
                    next.push(i - 1);
                }
                if c + 1 < self.cols {
                    next.push(i + 1);
                }
                for j in next {
                    if comp[j] == usize::MAX && self.colour[j] == me {
                        comp[j] = start;
                        stack.push(j);
                    }
                }
            }
            border[start] = on_border && me == Some(false);
            closed_inside |= me == Some(true) && !in_last_row;
        }
        let mut key = (last as u32).to_le_bytes().to_vec();
        key.push(u8::from(closed_inside));
        let mut labels: Vec<usize> = Vec::new();
        let row = last * self.cols;
        for c in 0..self.cols {
            let i = row + c;
            let me = self.colour[i].unwrap_or(false);
            // Outside parts on the border are one part, through the exterior.
            let root = if border[comp[i]] { usize::MAX } else { comp[i] };
            let label = labels.iter().position(|&l| l == root).unwrap_or_else(|| {
                labels.push(root);
                labels.len() - 1
            });
            let differ = if self.clue[i].is_some() {
                [(last as isize - 1, c as isize), (last as isize, c as isize - 1), (last as isize, c as isize + 1)]
                    .iter()
                    .filter(|&&(r, c)| self.at(r, c).flatten() != Some(me))
                    .count() as u8
            } else {
                0
            };
            key.extend([u8::from(me), differ]);
            key.extend((label as u16).to_le_bytes());
        }
        key
    }

    fn go(&mut self, i: usize) {
        if self.found >= self.limit || self.aborted {
            return;
        }
        if i == self.rows * self.cols {
            if self.components_ok(self.rows - 1, true) {
                self.found += 1;
            }
            return;
        }
        let (r, c) = (i / self.cols, i % self.cols);
        let key = (c == 0 && r > 0).then(|| self.frontier(r - 1));
        if let Some(n) = key.as_ref().and_then(|k| self.memo.get(k)) {
            self.found += n;
            return;
        }
        let before = self.found;
        self.explore(i, r, c);
        if let Some(k) = key
            && !self.aborted
        {
            self.memo.insert(k, self.found - before);
        }
    }

    fn explore(&mut self, i: usize, r: usize, c: usize) {
        for v in [false, true] {
            if self.nodes >= self.max_nodes {
                self.aborted = true;
                return;
            }
            self.nodes += 1;
            self.colour[i] = Some(v);
            let row_done = c + 1 == self.cols && r + 1 < self.rows;
            if self.consistent(r, c) && (!row_done || self.components_ok(r, false)) {
                self.go(i + 1);
            }
            self.colour[i] = None;
            if self.found >= self.limit || self.aborted {
                return;
            }
        }
    }
}
