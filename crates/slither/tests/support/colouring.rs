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
//! The search is backtracking in row-major order. Pruning is only what is obviously safe: a
//! clue cell whose known neighbours already differ too often, or whose unknown ones are too
//! few; a checkerboard; and, after each full row, a part (a connected set of one colour) that
//! can never join the others again. Parts are tracked row by row: a completed row's cells are
//! labelled by the part they belong to in the rows so far, outside parts touching the border
//! sharing one label (they meet through the exterior). The count below a row boundary depends
//! only on that row's colours and labels, the neighbours its clues still need, and whether
//! the inside is already closed off, so it is remembered per state (the transfer-matrix idea,
//! which keeps wide boards tractable).

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

/// The parts seen by a completed row.
#[derive(Clone, Debug, Default)]
struct RowParts {
    /// Per cell of the row: its part; 0 is the outside part of the exterior.
    label: Vec<u16>,
    /// An inside part ended above (it can be the only one).
    closed_inside: bool,
}

struct Search {
    rows: usize,
    cols: usize,
    clue: Vec<Option<u8>>,
    /// `None` unassigned, `Some(true)` inside.
    colour: Vec<Option<bool>>,
    /// Per completed row on the current path: its parts.
    parts: Vec<RowParts>,
    found: usize,
    limit: usize,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    memo: HashMap<Vec<u8>, usize>,
}

/// Counts the solutions of `p` up to `limit`, giving up after `max_nodes` assignments.
///
/// A wide board is searched transposed (the count is the same, transposing maps loops to
/// loops): a shorter row means fewer states per row boundary.
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
        parts: vec![RowParts::default(); rows],
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

/// A tiny union-find for one row transition.
fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
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

    fn colour_at(&self, r: usize, c: usize) -> bool {
        self.colour[r * self.cols + c].unwrap_or(false)
    }

    /// Labels the parts of the just completed row `r` from the row above, or `None` when a
    /// part is cut off for good: an outside part away from the border, or an inside part
    /// while other inside cells exist. On the last row, also checks the end: one inside
    /// part, and every outside part reaching the exterior.
    fn next_parts(&self, r: usize) -> Option<RowParts> {
        let cols = self.cols;
        let last = r + 1 == self.rows;
        // Nodes: the row above's labels (0 = exterior part) then this row's cells.
        let above: RowParts = if r == 0 {
            RowParts { label: vec![0; cols], closed_inside: false }
        } else {
            self.parts[r - 1].clone()
        };
        let nlabels = above.label.iter().copied().max().unwrap_or(0) as usize + 1;
        let mut parent: Vec<usize> = (0..nlabels + cols).collect();
        let label_colour = |l: usize| -> bool {
            // Label 0 is the exterior's part (outside); others take a cell's colour.
            l != 0 && r > 0 && (0..cols).any(|c| above.label[c] as usize == l && self.colour_at(r - 1, c))
        };
        for c in 0..cols {
            let me = self.colour_at(r, c);
            let cell = nlabels + c;
            let up_colour = r > 0 && self.colour_at(r - 1, c);
            if me == up_colour {
                let l = find(&mut parent, above.label[c] as usize);
                let x = find(&mut parent, cell);
                parent[x] = l;
            }
            if c > 0 && me == self.colour_at(r, c - 1) {
                let (a, b) = (find(&mut parent, cell - 1), find(&mut parent, cell));
                parent[b] = a;
            }
            // Outside cells on the left, right (and, on the last row, bottom) border meet the
            // exterior.
            if !me && (c == 0 || c + 1 == cols || last) {
                let (a, b) = (find(&mut parent, 0), find(&mut parent, cell));
                parent[b] = a;
            }
        }
        // Parts of the row above that reach no cell of this row have ended.
        let mut closed_inside = above.closed_inside;
        let reached: Vec<usize> = (0..cols).map(|c| find(&mut parent, nlabels + c)).collect();
        let exterior = find(&mut parent, 0);
        for l in 1..nlabels {
            if !above.label.contains(&(l as u16)) {
                continue;
            }
            let root = find(&mut parent, l);
            if reached.contains(&root) || root == exterior {
                continue;
            }
            if !label_colour(l) || closed_inside {
                return None; // walled-in outside, or a second inside part
            }
            closed_inside = true;
        }
        let inside_roots = {
            let mut roots: Vec<usize> =
                (0..cols).filter(|&c| self.colour_at(r, c)).map(|c| reached[c]).collect();
            roots.sort_unstable();
            roots.dedup();
            roots.len()
        };
        if closed_inside && inside_roots > 0 {
            return None;
        }
        if last {
            let walled = (0..cols).any(|c| !self.colour_at(r, c) && reached[c] != exterior);
            let inside_parts = inside_roots + usize::from(closed_inside);
            return (!walled && inside_parts == 1).then(RowParts::default);
        }
        // Canonical labels: the exterior's part 0, the others numbered by first appearance.
        let mut names: Vec<usize> = vec![exterior];
        let label = reached
            .iter()
            .map(|&root| {
                names.iter().position(|&n| n == root).unwrap_or_else(|| {
                    names.push(root);
                    names.len() - 1
                }) as u16
            })
            .collect();
        Some(RowParts { label, closed_inside })
    }

    /// The memo key at the start of row `r`: the row number, whether the inside is closed
    /// off, and per cell of row `r - 1` its colour, its part, and how many of its neighbours
    /// above and beside it differ (what its clue still needs from below).
    fn key(&self, r: usize) -> Vec<u8> {
        let parts = &self.parts[r - 1];
        let mut key = (r as u32).to_le_bytes().to_vec();
        key.push(u8::from(parts.closed_inside));
        for c in 0..self.cols {
            let me = self.colour_at(r - 1, c);
            let differ = if self.clue[(r - 1) * self.cols + c].is_some() {
                let (r, c) = ((r - 1) as isize, c as isize);
                [(r - 1, c), (r, c - 1), (r, c + 1)]
                    .iter()
                    .filter(|&&(r, c)| self.at(r, c).flatten() != Some(me))
                    .count() as u8
            } else {
                0
            };
            key.extend([u8::from(me), differ]);
            key.extend(parts.label[c].to_le_bytes());
        }
        key
    }

    fn go(&mut self, i: usize) {
        if self.found >= self.limit || self.aborted {
            return;
        }
        if i == self.rows * self.cols {
            self.found += 1; // the last row's parts were checked when it was completed
            return;
        }
        let (r, c) = (i / self.cols, i % self.cols);
        let key = (c == 0 && r > 0).then(|| self.key(r));
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
            if self.consistent(r, c) {
                if c + 1 < self.cols {
                    self.go(i + 1);
                } else if let Some(parts) = self.next_parts(r) {
                    self.parts[r] = parts;
                    self.go(i + 1);
                }
            }
            self.colour[i] = None;
            if self.found >= self.limit || self.aborted {
                return;
            }
        }
    }
}
