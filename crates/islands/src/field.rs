//! The search representation: a rectangle of squares where everything that can never be part of
//! a move again (painted cells, cells touching paint, dead numbers) is a wall.
//!
//! Facts this relies on (each is tested): a region may not touch earlier paint, so a cell that is
//! painted or touches paint is out of play for good; a number whose cell touches paint, or whose
//! room (the cells reachable from it through free unnumbered cells, itself included) is smaller
//! than the number, can never be painted; a region holds exactly one number, so a dead number's
//! cell can never be painted either and acts as a wall.

use std::ops::ControlFlow;

use pencilbox_grid::{Cell, Symmetry};
use rand::Rng;

use crate::board::{Board, Square};
use crate::moves::Move;

/// A square of a [`Field`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sq {
    /// Out of play.
    Wall,
    /// A free cell without a number.
    Free,
    /// A live number.
    Num(u16),
}

/// A rectangle of squares, row-major (`rows × cols`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field {
    rows: usize,
    cols: usize,
    sq: Vec<Sq>,
}

/// How a sampled region chooses the next cell among the cells it could grow into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bias {
    /// Any frontier cell, uniformly.
    Uniform,
    /// Prefer cells next to other numbers: the region then kills them.
    Kill,
    /// Prefer cells away from other numbers and close to the start: a compact region that
    /// protects its neighbours.
    Protect,
}

impl Field {
    /// The field of a board and whether some unpainted number is already dead (then a draw is
    /// impossible).
    pub fn from_board(board: &Board) -> (Field, bool) {
        let n = board.n();
        let mut dead = false;
        let sq = board
            .dims()
            .cells()
            .map(|c| match board.get(c) {
                Square::Painted => Sq::Wall,
                s if board.touches_paint(c) => {
                    dead |= matches!(s, Square::Number(_));
                    Sq::Wall
                }
                Square::Empty => Sq::Free,
                Square::Number(k) if k as usize > n * n => {
                    dead = true;
                    Sq::Wall
                }
                Square::Number(k) => Sq::Num(k as u16),
            })
            .collect();
        let mut field = Field { rows: n, cols: n, sq };
        dead |= field.remove_dead();
        (field, dead)
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }
    pub fn get(&self, i: usize) -> Sq {
        self.sq[i]
    }
    pub fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }
    pub fn index(&self, c: Cell) -> usize {
        c.row * self.cols + c.col
    }

    /// The side neighbours of square `i`, as indices.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (r, c, rows, cols) = (i / self.cols, i % self.cols, self.rows, self.cols);
        let up = (r > 0).then(|| i - cols);
        let down = (r + 1 < rows).then_some(i + cols);
        let left = (c > 0).then(|| i - 1);
        let right = (c + 1 < cols).then_some(i + 1);
        [up, down, left, right].into_iter().flatten()
    }

    /// The live numbers: (index, value).
    pub fn numbers(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.sq.iter().enumerate().filter_map(|(i, s)| match s {
            Sq::Num(k) => Some((i, *k as usize)),
            _ => None,
        })
    }

    pub fn has_numbers(&self) -> bool {
        self.sq.iter().any(|s| matches!(s, Sq::Num(_)))
    }

    /// The number of free and numbered squares.
    pub fn open_cells(&self) -> usize {
        self.sq.iter().filter(|s| **s != Sq::Wall).count()
    }

    /// True when the room of the number at `root` holds at least `k` cells.
    pub fn room_at_least(&self, root: usize, k: usize) -> bool {
        self.room_at_least_with(root, k, &mut vec![false; self.sq.len()], &mut Vec::new())
    }

    /// [`Field::room_at_least`] with scratch space: `seen` must be all false and is left so.
    fn room_at_least_with(&self, root: usize, k: usize, seen: &mut [bool], visited: &mut Vec<usize>) -> bool {
        visited.clear();
        seen[root] = true;
        visited.push(root);
        let mut next = 0;
        while next < visited.len() && visited.len() < k {
            let i = visited[next];
            next += 1;
            for nb in self.neighbours(i) {
                if !seen[nb] && self.sq[nb] == Sq::Free {
                    seen[nb] = true;
                    visited.push(nb);
                }
            }
        }
        for &i in visited.iter() {
            seen[i] = false;
        }
        visited.len() >= k
    }

    /// Turns numbers whose room is too small into walls; true if there was one.
    pub fn remove_dead(&mut self) -> bool {
        let mut seen = vec![false; self.sq.len()];
        let mut visited = Vec::new();
        let dead: Vec<usize> = self
            .numbers()
            .filter(|&(i, k)| !self.room_at_least_with(i, k, &mut seen, &mut visited))
            .map(|(i, _)| i)
            .collect();
        for &i in &dead {
            self.sq[i] = Sq::Wall;
        }
        !dead.is_empty()
    }

    /// Paints `region` (a legal region of this field): it and its neighbours leave play. Returns
    /// true if a number died (touched, or its room became too small): a draw is then impossible.
    pub fn play(&mut self, region: &[usize]) -> bool {
        let touched = self.play_fast(region);
        self.remove_dead() || touched
    }

    /// Paints `region` without looking for numbers whose room became too small (the fast path
    /// of random playouts, which find such numbers when growing them fails). True if a number
    /// was touched.
    pub fn play_fast(&mut self, region: &[usize]) -> bool {
        let mut killed = false;
        for &i in region {
            self.sq[i] = Sq::Wall;
        }
        for &i in region {
            for nb in self.neighbours(i) {
                killed |= matches!(self.sq[nb], Sq::Num(_));
                self.sq[nb] = Sq::Wall;
            }
        }
        killed
    }

    /// Takes square `i` out of play (a number found dead).
    pub fn set_wall(&mut self, i: usize) {
        self.sq[i] = Sq::Wall;
    }

    /// The parts of the field: connected groups of non-wall squares that hold a number, each
    /// cropped to its bounding box. Groups never interact: a region lies inside one group and
    /// only walls off squares of that group.
    pub fn parts(&self) -> Vec<Field> {
        let mut label = vec![usize::MAX; self.sq.len()];
        let mut parts = Vec::new();
        for start in 0..self.sq.len() {
            if self.sq[start] == Sq::Wall || label[start] != usize::MAX {
                continue;
            }
            let mut members = vec![start];
            label[start] = start;
            let mut k = 0;
            while k < members.len() {
                let i = members[k];
                k += 1;
                for nb in self.neighbours(i) {
                    if self.sq[nb] != Sq::Wall && label[nb] == usize::MAX {
                        label[nb] = start;
                        members.push(nb);
                    }
                }
            }
            if members.iter().any(|&i| matches!(self.sq[i], Sq::Num(_))) {
                parts.push(self.crop(&members));
            }
        }
        parts
    }

    fn crop(&self, members: &[usize]) -> Field {
        let r0 = members.iter().map(|&i| i / self.cols).min().unwrap_or(0);
        let r1 = members.iter().map(|&i| i / self.cols).max().unwrap_or(0);
        let c0 = members.iter().map(|&i| i % self.cols).min().unwrap_or(0);
        let c1 = members.iter().map(|&i| i % self.cols).max().unwrap_or(0);
        let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut sq = vec![Sq::Wall; rows * cols];
        for &i in members {
            sq[(i / self.cols - r0) * cols + (i % self.cols - c0)] = self.sq[i];
        }
        Field { rows, cols, sq }
    }

    /// The least of the 8 images under rotations and reflections: symmetric parts share one
    /// memo entry, as the rules do not depend on orientation.
    pub fn canonical(&self) -> Field {
        let mut best = self.clone();
        for s in &Symmetry::ALL[1..] {
            let img = self.transform(*s);
            if img < best {
                best = img;
            }
        }
        best
    }

    /// The image under `s` (a field of the image's shape: a transpose exchanges rows and
    /// columns).
    fn transform(&self, s: Symmetry) -> Field {
        let (rows, cols) = s.image_shape(self.rows, self.cols);
        // Square `(r, c)` of the image comes from the square of `self` that the inverse maps it
        // to. Its index is affine in `r` and `c` (a symmetry moves rows and columns as wholes),
        // so it is found for `(0, 0)`, `(1, 0)` and `(0, 1)` only: this runs for every part the
        // solver meets.
        let back = s.inverse();
        let source = |r, c| {
            let (sr, sc) = back.map(rows, cols, r, c);
            (sr * self.cols + sc) as isize
        };
        let origin = source(0, 0);
        let down = if rows > 1 { source(1, 0) - origin } else { 0 };
        let right = if cols > 1 { source(0, 1) - origin } else { 0 };
        let mut sq = Vec::with_capacity(rows * cols);
        for r in 0..rows as isize {
            let start = origin + r * down;
            sq.extend((0..cols as isize).map(|c| self.sq[(start + c * right) as usize]));
        }
        Field { rows, cols, sq }
    }

    /// Calls `f` with every region of `k` cells holding the number at `root`: connected, no other
    /// number, only free squares. Each region once (Redelmeier's enumeration of connected
    /// subgraphs containing a root: a cell is offered at most once along each branch).
    pub fn for_each_region<B>(
        &self,
        root: usize,
        k: usize,
        f: &mut impl FnMut(&[usize]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut marked = vec![false; self.sq.len()];
        marked[root] = true;
        let mut current = Vec::with_capacity(k);
        self.redelmeier(vec![root], &mut marked, &mut current, k, f)
    }

    fn redelmeier<B>(
        &self,
        mut untried: Vec<usize>,
        marked: &mut [bool],
        current: &mut Vec<usize>,
        k: usize,
        f: &mut impl FnMut(&[usize]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        while let Some(v) = untried.pop() {
            current.push(v);
            if current.len() == k {
                let flow = f(current);
                if flow.is_break() {
                    return flow;
                }
            } else {
                let mut next = untried.clone();
                let before = next.len();
                for nb in self.neighbours(v) {
                    if !marked[nb] && self.sq[nb] == Sq::Free {
                        marked[nb] = true;
                        next.push(nb);
                    }
                }
                let added: Vec<usize> = next[before..].to_vec();
                let flow = self.redelmeier(next, marked, current, k, f);
                for u in added {
                    marked[u] = false;
                }
                flow?;
            }
            current.pop();
        }
        ControlFlow::Continue(())
    }

    /// A few regions for the number at `root` that matter, found without search: a compact one
    /// (breadth-first from the number) and, for each other number next to its room, one that
    /// reaches that number (a shortest path to a cell beside it, filled up breadth-first), so it
    /// dies. The exact solver tries these first: they often show the option values that end
    /// its search early.
    pub fn seed_regions(&self, root: usize, k: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let Some(compact) = self.grow_from(&[root], k) else { return out };
        out.push(compact);
        // Breadth-first tree of the room, to find paths.
        let mut parent = vec![usize::MAX; self.sq.len()];
        parent[root] = root;
        let mut order = vec![root];
        let mut next = 0;
        while next < order.len() {
            let i = order[next];
            next += 1;
            for nb in self.neighbours(i) {
                if parent[nb] == usize::MAX && self.sq[nb] == Sq::Free {
                    parent[nb] = i;
                    order.push(nb);
                }
            }
        }
        let mut targets_done = Vec::new();
        for &i in &order {
            for nb in self.neighbours(i) {
                if nb != root && matches!(self.sq[nb], Sq::Num(_)) && !targets_done.contains(&nb) {
                    targets_done.push(nb);
                    let mut path = vec![i];
                    while *path.last().unwrap_or(&root) != root {
                        let last = *path.last().unwrap_or(&root);
                        path.push(parent[last]);
                    }
                    if path.len() <= k
                        && let Some(r) = self.grow_from(&path, k)
                    {
                        out.push(r);
                    }
                }
            }
        }
        out
    }

    /// Regions of the number at `root` that differ in which other numbers they touch (and so
    /// kill), one per kill set: one that touches as few as it can, one per number it can reach
    /// (a shortest path to a cell beside it, then grown touching as few others as it can), and
    /// one that touches as many as it can. What decides a game is which numbers survive and the
    /// parity of the moves left, not the exact shape of a region: searching these few moves
    /// instead of every region gives a fast, inexact value (see `Moves::Representative`).
    pub fn representative_regions(&self, root: usize, k: usize) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut kill_sets: Vec<Vec<usize>> = Vec::new();
        let mut add = |region: Vec<usize>| {
            let kills = self.touched_numbers(&region, root);
            if !kill_sets.contains(&kills) {
                kill_sets.push(kills);
                out.push(region);
            }
        };
        let Some(careful) = self.grow_greedy(&[root], root, k, false) else { return out };
        add(careful);
        // Breadth-first tree of the room, to find shortest paths to the numbers next to it.
        let mut parent = vec![usize::MAX; self.sq.len()];
        let mut depth = vec![0usize; self.sq.len()];
        parent[root] = root;
        let mut order = vec![root];
        let mut next = 0;
        let mut targets = Vec::new();
        while next < order.len() {
            let i = order[next];
            next += 1;
            for nb in self.neighbours(i) {
                if nb != root && matches!(self.sq[nb], Sq::Num(_)) && !targets.contains(&nb) {
                    targets.push(nb);
                    let mut path = vec![i];
                    while *path.last().unwrap_or(&root) != root {
                        let last = *path.last().unwrap_or(&root);
                        path.push(parent[last]);
                    }
                    if let Some(r) = self.grow_greedy(&path, root, k, false) {
                        add(r);
                    }
                }
                if parent[nb] == usize::MAX && self.sq[nb] == Sq::Free && depth[i] + 2 <= k {
                    parent[nb] = i;
                    depth[nb] = depth[i] + 1;
                    order.push(nb);
                }
            }
        }
        if let Some(r) = self.grow_greedy(&[root], root, k, true) {
            add(r);
        }
        out
    }

    /// The live numbers other than `root` that share a side with a cell of `region`, sorted.
    pub fn touched_numbers(&self, region: &[usize], root: usize) -> Vec<usize> {
        let mut out: Vec<usize> = region
            .iter()
            .flat_map(|&i| self.neighbours(i))
            .filter(|&nb| nb != root && matches!(self.sq[nb], Sq::Num(_)))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// `start` (connected, free except the number `root`) grown to `k` cells one frontier cell
    /// at a time: the cell touching the fewest (`kill` false) or most (`kill` true) numbers not
    /// yet touched, then the one closest to `root`. `None` when the room is too small.
    fn grow_greedy(&self, start: &[usize], root: usize, k: usize, kill: bool) -> Option<Vec<usize>> {
        let mut in_set = vec![false; self.sq.len()];
        let mut touched = vec![false; self.sq.len()];
        let mut region: Vec<usize> = Vec::with_capacity(k);
        let mut frontier: Vec<usize> = Vec::new();
        for &i in start {
            in_set[i] = true;
            region.push(i);
        }
        for &i in start {
            for nb in self.neighbours(i) {
                if matches!(self.sq[nb], Sq::Num(_)) {
                    touched[nb] = true;
                } else if self.sq[nb] == Sq::Free && !in_set[nb] && !frontier.contains(&nb) {
                    frontier.push(nb);
                }
            }
        }
        let home = self.cell(root);
        while region.len() < k {
            let new_kills = |i: usize| {
                self.neighbours(i)
                    .filter(|&nb| nb != root && matches!(self.sq[nb], Sq::Num(_)) && !touched[nb])
                    .count()
            };
            let dist = |i: usize| {
                let c = self.cell(i);
                c.row.abs_diff(home.row) + c.col.abs_diff(home.col)
            };
            let j = (0..frontier.len()).min_by_key(|&j| {
                let kills = new_kills(frontier[j]);
                (if kill { usize::MAX - kills } else { kills }, dist(frontier[j]))
            })?;
            let v = frontier.swap_remove(j);
            in_set[v] = true;
            region.push(v);
            for nb in self.neighbours(v) {
                if matches!(self.sq[nb], Sq::Num(_)) {
                    touched[nb] = true;
                } else if self.sq[nb] == Sq::Free && !in_set[nb] && !frontier.contains(&nb) {
                    frontier.push(nb);
                }
            }
        }
        Some(region)
    }

    /// `start` (connected, free except the number) grown breadth-first to `k` cells.
    fn grow_from(&self, start: &[usize], k: usize) -> Option<Vec<usize>> {
        let mut in_set = vec![false; self.sq.len()];
        let mut region: Vec<usize> = Vec::with_capacity(k);
        for &i in start {
            in_set[i] = true;
            region.push(i);
        }
        let mut next = 0;
        while region.len() < k && next < region.len() {
            let i = region[next];
            next += 1;
            for nb in self.neighbours(i) {
                if region.len() < k && !in_set[nb] && self.sq[nb] == Sq::Free {
                    in_set[nb] = true;
                    region.push(nb);
                }
            }
        }
        (region.len() == k).then_some(region)
    }

    /// All regions for the number at `root`, at most `cap` of them (`None` if there are more).
    pub fn regions(&self, root: usize, k: usize, cap: usize) -> Option<Vec<Vec<usize>>> {
        let mut out = Vec::new();
        let flow = self.for_each_region(root, k, &mut |r| {
            if out.len() == cap {
                return ControlFlow::Break(());
            }
            out.push(r.to_vec());
            ControlFlow::Continue(())
        });
        flow.is_continue().then_some(out)
    }

    /// A random region for the number at `root` grown cell by cell, or `None` exactly when its
    /// room is smaller than `k` (growth only stops early when the whole room is taken).
    pub fn random_region(&self, root: usize, k: usize, bias: Bias, rng: &mut impl Rng) -> Option<Vec<usize>> {
        let mut region = vec![root];
        let mut in_set = vec![false; self.sq.len()];
        in_set[root] = true;
        let mut frontier: Vec<usize> = Vec::new();
        let mut on_frontier = vec![false; self.sq.len()];
        let push = |i: usize, frontier: &mut Vec<usize>, on: &mut [bool], in_set: &[bool]| {
            for nb in self.neighbours(i) {
                if !on[nb] && !in_set[nb] && self.sq[nb] == Sq::Free {
                    on[nb] = true;
                    frontier.push(nb);
                }
            }
        };
        push(root, &mut frontier, &mut on_frontier, &in_set);
        while region.len() < k {
            if frontier.is_empty() {
                return None;
            }
            let pick = match bias {
                Bias::Uniform => rng.random_range(0..frontier.len()),
                Bias::Kill | Bias::Protect => {
                    let want_kill = bias == Bias::Kill;
                    let good: Vec<usize> = (0..frontier.len())
                        .filter(|&j| self.next_to_other_number(frontier[j], root) == want_kill)
                        .collect();
                    if !good.is_empty() && rng.random_bool(0.8) {
                        good[rng.random_range(0..good.len())]
                    } else if bias == Bias::Protect {
                        // Compact: the frontier cell closest to the start.
                        let d = |i: usize| {
                            let (a, b) = (self.cell(i), self.cell(root));
                            a.row.abs_diff(b.row) + a.col.abs_diff(b.col)
                        };
                        (0..frontier.len()).min_by_key(|&j| d(frontier[j])).unwrap_or(0)
                    } else {
                        rng.random_range(0..frontier.len())
                    }
                }
            };
            let v = frontier.swap_remove(pick);
            in_set[v] = true;
            region.push(v);
            push(v, &mut frontier, &mut on_frontier, &in_set);
        }
        Some(region)
    }

    fn next_to_other_number(&self, i: usize, root: usize) -> bool {
        self.neighbours(i).any(|nb| nb != root && matches!(self.sq[nb], Sq::Num(_)))
    }

    /// True when the number at `root` (of value `k`) has a legal region.
    pub fn is_live(&self, root: usize, k: usize) -> bool {
        self.room_at_least(root, k)
    }

    /// A region of this field as a move on the board the field was made from.
    pub fn to_move(&self, region: &[usize]) -> Move {
        Move::from_cells(region.iter().map(|&i| self.cell(i)).collect())
    }

    /// A move of the board as a region of this field (the field must come from that board).
    pub fn region_of(&self, mv: &Move) -> Vec<usize> {
        mv.cells().iter().map(|&c| self.index(c)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_images_of_a_field_share_its_canonical_form() {
        // 2×3 with no symmetry of its own (its eight images are eight different fields), and a
        // strip of one row.
        let full = Field {
            rows: 2,
            cols: 3,
            sq: vec![Sq::Num(1), Sq::Free, Sq::Num(2), Sq::Wall, Sq::Num(3), Sq::Free],
        };
        let strip = Field { rows: 1, cols: 3, sq: vec![Sq::Num(1), Sq::Free, Sq::Num(2)] };
        for field in [&full, &strip] {
            for s in Symmetry::ALL {
                let img = field.transform(s);
                assert_eq!((img.rows, img.cols), s.image_shape(field.rows, field.cols), "{s:?}");
                assert_eq!(img.transform(s.inverse()), *field, "{s:?}");
                assert_eq!(img.canonical(), field.canonical(), "{s:?}");
                assert!(field.canonical() <= img);
            }
        }
        let images: std::collections::HashSet<Field> =
            Symmetry::ALL.iter().map(|&s| full.transform(s)).collect();
        assert_eq!(images.len(), 8);
        assert_eq!(strip.transform(Symmetry::RotateRight).sq, [Sq::Num(1), Sq::Free, Sq::Num(2)]);
        assert_eq!(strip.transform(Symmetry::RotateLeft).sq, [Sq::Num(2), Sq::Free, Sq::Num(1)]);
    }
}
