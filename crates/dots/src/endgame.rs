//! Exact values of *simple loony endgames*: positions in which every box has 0 or 2 undrawn sides.
//!
//! Such a position splits into independent **components** (see [`decompose`]): **chains**, paths
//! of boxes whose two end lines lie on the border of the board (a chain of `n` boxes has `n + 1`
//! undrawn lines), and **loops**, cycles of boxes (`m` boxes, `m` undrawn lines, `m ≥ 4` and even).
//! Every move opens a component. The opponent then either takes all of its boxes and must open
//! the next one, or — in a chain of at least 3 boxes or a loop — takes all but 2 (chain) or all
//! but 4 (loop) and gives those back with a double-dealing move, keeping control (Berlekamp, *The
//! Dots and Boxes Game*, 2000, ch. 3–4). A 1-chain or 2-chain is a hand-out: the opener of a
//! 2-chain draws its middle line, which leaves no double-deal. So, with `f(S)` the value (the
//! mover's future boxes minus the opponent's) for the player who must open a component of `S`,
//!
//! ```text
//! f(∅) = 0,   f(S) = max over components K of S of  g_K(f(S − K)),
//! g_chain(n)(x) = −(n + x)                      for n ≤ 2,
//! g_chain(n)(x) = −max(n + x, n − 4 − x)        for n ≥ 3,
//! g_loop(m)(x)  = −max(m + x, m − 8 − x).
//! ```
//!
//! That recursion over multisets is [`reference::multiset_value`]; it is exponential in the
//! number of distinct component kinds. [`value`] computes the same number fast, from two
//! reductions of the multiset (Buzzard & Ciere, *Playing simple loony dots-and-boxes endgames
//! optimally*, 2014; Allcock, *Best play in Dots and Boxes endgames*, 2018, show the value
//! depends on the long components only through a few aggregates):
//!
//! 1. **Equal hand-outs cancel.** Two 1-chains (or two 2-chains) change nothing: whoever opens
//!    one can be answered by opening the other, which returns the same player to the same
//!    position with the same score (a mirror argument; `g` of a hand-out is `x ↦ −n − x`, an
//!    involution up to the shift). Only the parities of their counts matter.
//! 2. **Long components aggregate.** Chains of ≥ 4 boxes and loops of ≥ 8 boxes are the ones the
//!    controller can always afford to keep (cost 2 per chain, 4 per loop, against ≥ 4 and ≥ 8
//!    boxes). The value depends on them only through whether there is a long chain, whether
//!    there is a long loop, and their total *excess* `E = Σ(n − 4) + Σ(m − 8)`. So they can be
//!    replaced by one chain of `4 + E` (if there is a long chain) plus one loop of 8 — or by one
//!    loop of `8 + E` if there is no long chain. This is Berlekamp's controlled value in disguise:
//!    `cv = size − 4·chains − 8·loops + terminal bonus`, where only the *last* component opened
//!    (the terminal bonus) tells a chain from a loop.
//!
//! After the reductions at most two 1- or 2-chains and two long components remain; the short
//! kinds (3-chains, 4-loops, 6-loops) are counted, and the recursion becomes a dynamic programme
//! over `(hand-outs left, 3-chains, 4-loops, 6-loops, long components left)`, filled bottom-up.
//! Both reductions are exact: `tests/endgame_reference.rs` checks [`value`] against the multiset
//! recursion on many random multisets, and both against a brute-force search of the game itself
//! over sets of drawn lines on every such position of the 2×2, 2×3 and 3×3 boards.
//!
//! ```
//! use pencilbox_dots::endgame::{value, Components};
//! assert_eq!(value(&Components::new(vec![3, 3], vec![])), -2);
//! assert_eq!(value(&Components::new(vec![1, 3], vec![])), 2);
//! assert_eq!(value(&Components::new(vec![], vec![4, 4])), 0);
//! ```

use std::fmt;

use pencilbox_grid::{Cell, Dims, Edge};

use crate::board::Position;

/// Errors about positions that are not simple loony endgames.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EndgameError {
    /// The first box, row-major, with a number of undrawn sides other than the allowed ones.
    #[error("box {cell} (row {row}, column {col}, 1-based) has {undrawn} undrawn sides; every box must have {allowed}",
        row = cell.row + 1, col = cell.col + 1)]
    BadBox { cell: Cell, undrawn: u8, allowed: &'static str },
}

/// The components of a simple loony endgame: chain lengths and loop lengths in boxes, each list
/// sorted ascending.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Components {
    chains: Vec<usize>,
    loops: Vec<usize>,
}

impl Components {
    /// Components with these chain and loop lengths (in any order; zero lengths are dropped).
    pub fn new(mut chains: Vec<usize>, mut loops: Vec<usize>) -> Components {
        chains.retain(|&n| n > 0);
        loops.retain(|&n| n > 0);
        chains.sort_unstable();
        loops.sort_unstable();
        Components { chains, loops }
    }

    pub fn chains(&self) -> &[usize] {
        &self.chains
    }

    pub fn loops(&self) -> &[usize] {
        &self.loops
    }

    /// Boxes still to be claimed.
    pub fn boxes(&self) -> usize {
        self.chains.iter().sum::<usize>() + self.loops.iter().sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.chains.is_empty() && self.loops.is_empty()
    }
}

impl fmt::Display for Components {
    /// `chains: 1 3 3; loops: 4` (or `-` for none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[usize]| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ")
            }
        };
        write!(f, "chains: {}; loops: {}", list(&self.chains), list(&self.loops))
    }
}

/// Checks that every box has 0 or 2 undrawn sides, naming the first (row-major) that does not.
pub fn check_simple(pos: &Position) -> Result<(), EndgameError> {
    check_boxes(pos, |u| u == 0 || u == 2, "0 or 2")
}

/// Checks that every box has exactly 2 undrawn sides (no box claimed yet), naming the first
/// (row-major) that does not.
pub fn check_all_two(pos: &Position) -> Result<(), EndgameError> {
    check_boxes(pos, |u| u == 2, "exactly 2")
}

fn check_boxes(pos: &Position, ok: impl Fn(u8) -> bool, allowed: &'static str) -> Result<(), EndgameError> {
    let dims = pos.dims();
    match pos.undrawn_counts().iter().position(|&u| !ok(u)) {
        None => Ok(()),
        Some(i) => {
            let cell = dims.cell_at(i);
            Err(EndgameError::BadBox { cell, undrawn: pos.undrawn_sides(cell), allowed })
        }
    }
}

/// Splits a simple loony endgame into its chains and loops.
///
/// With every box at 0 or 2 undrawn sides, an undrawn line never touches a claimed box, so the
/// undrawn lines and the unclaimed boxes form a graph in which every box has degree 2 and the
/// outside of the board (where border lines lead) has any degree: its components are paths from
/// the border to the border (chains) and cycles (loops).
pub fn decompose(pos: &Position) -> Result<Components, EndgameError> {
    check_simple(pos)?;
    let dims = pos.dims();
    let mut seen = vec![false; dims.num_cells()];
    let mut chains = Vec::new();
    let mut loops = Vec::new();
    // Chains first: walk in from every undrawn border line whose box is not yet visited.
    for edge in border_edges(dims) {
        if pos.is_drawn(edge) {
            continue;
        }
        let Some(start) = dims.edge_cells(edge).into_iter().flatten().next() else { continue };
        if seen[dims.cell_index(start)] {
            continue;
        }
        let (len, closed) = walk(pos, &mut seen, start, edge);
        debug_assert!(!closed);
        chains.push(len);
    }
    // Whatever unclaimed box is left lies on a loop.
    for cell in dims.cells() {
        if seen[dims.cell_index(cell)] || pos.undrawn_sides(cell) == 0 {
            continue;
        }
        let entry = pos.undrawn_sides_of(cell).next().expect("a box with 2 undrawn sides");
        let (len, closed) = walk(pos, &mut seen, cell, entry);
        debug_assert!(closed);
        loops.push(len);
    }
    Ok(Components::new(chains, loops))
}

/// Follows undrawn lines from `start`, entered through `entry`, until the walk leaves the board
/// (a chain) or comes back to a visited box (a loop). Returns the number of boxes walked and
/// whether the walk closed up.
fn walk(pos: &Position, seen: &mut [bool], start: Cell, entry: Edge) -> (usize, bool) {
    let dims = pos.dims();
    let (mut cell, mut came_by, mut len) = (start, entry, 0);
    loop {
        seen[dims.cell_index(cell)] = true;
        len += 1;
        let exit = pos.undrawn_sides_of(cell).find(|&e| e != came_by).expect("a box with 2 undrawn sides");
        let next = dims.edge_cells(exit).into_iter().flatten().find(|&c| c != cell);
        match next {
            None => return (len, false),
            Some(c) if seen[dims.cell_index(c)] => return (len, true),
            Some(c) => (cell, came_by) = (c, exit),
        }
    }
}

/// The lines on the border of the board, clockwise from the top-left corner.
fn border_edges(dims: Dims) -> impl Iterator<Item = Edge> {
    let (r, c) = (dims.rows(), dims.cols());
    let top = (0..c).map(move |j| dims.h_edge(0, j));
    let right = (0..r).map(move |i| dims.v_edge(i, c));
    let bottom = (0..c).rev().map(move |j| dims.h_edge(r, j));
    let left = (0..r).rev().map(move |i| dims.v_edge(i, 0));
    top.chain(right).chain(bottom).chain(left)
}

/// The opener's value after opening a chain of `n` boxes, when the rest is worth `x` to whoever
/// opens next (see the module docs).
pub const fn open_chain(n: i64, x: i64) -> i64 {
    if n <= 2 {
        -(n + x)
    } else {
        let take_all = n + x;
        let keep_control = n - 4 - x;
        -(if take_all > keep_control { take_all } else { keep_control })
    }
}

/// The opener's value after opening a loop of `m` boxes, the rest worth `x` to the next opener.
pub const fn open_loop(m: i64, x: i64) -> i64 {
    let take_all = m + x;
    let keep_control = m - 8 - x;
    -(if take_all > keep_control { take_all } else { keep_control })
}

/// The optimal net score (the mover's future boxes minus the opponent's) of a simple loony
/// endgame for the player to move. Exact; see the module docs for the method.
pub fn value(components: &Components) -> i64 {
    Reduced::of(components).solve()
}

/// The value of a position; fails unless every box has 0 or 2 undrawn sides.
pub fn position_value(pos: &Position) -> Result<i64, EndgameError> {
    Ok(value(&decompose(pos)?))
}

/// A component multiset after the two reductions of the module docs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reduced {
    /// Parities of the numbers of 1-chains and 2-chains.
    ones: usize,
    twos: usize,
    threes: usize,
    fours: usize,
    sixes: usize,
    /// The long components standing for all chains ≥ 4 and loops ≥ 8: `Chain(4 + E)` and/or
    /// `Loop(8)`, or `Loop(8 + E)` alone.
    long: Vec<Long>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Long {
    Chain(i64),
    Loop(i64),
}

impl Long {
    const fn open(self, x: i64) -> i64 {
        match self {
            Long::Chain(n) => open_chain(n, x),
            Long::Loop(m) => open_loop(m, x),
        }
    }
}

impl Reduced {
    fn of(c: &Components) -> Reduced {
        let count = |v: &[usize], n: usize| v.iter().filter(|&&k| k == n).count();
        let long_chains: Vec<usize> = c.chains.iter().copied().filter(|&n| n >= 4).collect();
        let long_loops: Vec<usize> = c.loops.iter().copied().filter(|&m| m >= 8).collect();
        let excess = long_chains.iter().map(|&n| n - 4).sum::<usize>()
            + long_loops.iter().map(|&m| m - 8).sum::<usize>();
        let excess = excess as i64;
        let mut long = Vec::new();
        match (long_chains.is_empty(), long_loops.is_empty()) {
            (false, false) => long.extend([Long::Chain(4 + excess), Long::Loop(8)]),
            (false, true) => long.push(Long::Chain(4 + excess)),
            (true, false) => long.push(Long::Loop(8 + excess)),
            (true, true) => {}
        }
        let odd_loops = c.loops.iter().any(|&m| m != 4 && m != 6 && m < 8);
        debug_assert!(!odd_loops, "loops on a grid have an even length of at least 4: {c}");
        Reduced {
            ones: count(&c.chains, 1) % 2,
            twos: count(&c.chains, 2) % 2,
            threes: count(&c.chains, 3),
            fours: count(&c.loops, 4),
            sixes: count(&c.loops, 6),
            long,
        }
    }

    /// Bottom-up over every sub-multiset: `table[state]` = `f` of the sub-multiset with those
    /// counts. Every coordinate only decreases along a move, so ascending loops in each
    /// coordinate compute dependencies first.
    fn solve(&self) -> i64 {
        let dims = [
            self.ones + 1,
            self.twos + 1,
            self.threes + 1,
            self.fours + 1,
            self.sixes + 1,
            1 << self.long.len(),
        ];
        let stride = strides(dims);
        let mut table = vec![0i64; dims.iter().product()];
        for long in 0..dims[5] {
            for s6 in 0..dims[4] {
                for s4 in 0..dims[3] {
                    for s3 in 0..dims[2] {
                        for s2 in 0..dims[1] {
                            for s1 in 0..dims[0] {
                                let at =
                                    |d: [usize; 6]| d.iter().zip(&stride).map(|(a, b)| a * b).sum::<usize>();
                                let here = [s1, s2, s3, s4, s6, long];
                                let mut best: Option<i64> = None;
                                let mut consider = |v: i64| best = Some(best.map_or(v, |b| b.max(v)));
                                let less = |k: usize| {
                                    let mut d = here;
                                    d[k] -= 1;
                                    table[at(d)]
                                };
                                if s1 > 0 {
                                    consider(open_chain(1, less(0)));
                                }
                                if s2 > 0 {
                                    consider(open_chain(2, less(1)));
                                }
                                if s3 > 0 {
                                    consider(open_chain(3, less(2)));
                                }
                                if s4 > 0 {
                                    consider(open_loop(4, less(3)));
                                }
                                if s6 > 0 {
                                    consider(open_loop(6, less(4)));
                                }
                                for (bit, l) in self.long.iter().enumerate() {
                                    if long >> bit & 1 == 1 {
                                        let mut d = here;
                                        d[5] = long & !(1 << bit);
                                        consider(l.open(table[at(d)]));
                                    }
                                }
                                table[at(here)] = best.unwrap_or(0);
                            }
                        }
                    }
                }
            }
        }
        table[table.len() - 1]
    }
}

fn strides(dims: [usize; 6]) -> [usize; 6] {
    let mut s = [1; 6];
    for k in 1..6 {
        s[k] = s[k - 1] * dims[k - 1];
    }
    s
}

/// Slow, obviously correct references for the tests and benchmarks.
pub mod reference {
    use std::collections::HashMap;

    use super::{Components, open_chain, open_loop};
    use crate::board::Position;

    /// The multiset recursion of the module docs, memoised on sorted multisets. Exponential in
    /// the number of distinct component kinds: for small cases only.
    pub fn multiset_value(c: &Components) -> i64 {
        let mut memo = HashMap::new();
        recurse(c.chains(), c.loops(), &mut memo)
    }

    fn recurse(chains: &[usize], loops: &[usize], memo: &mut HashMap<(Vec<usize>, Vec<usize>), i64>) -> i64 {
        if chains.is_empty() && loops.is_empty() {
            return 0;
        }
        let key = (chains.to_vec(), loops.to_vec());
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut best = i64::MIN;
        for i in 0..chains.len() {
            if i > 0 && chains[i] == chains[i - 1] {
                continue;
            }
            let rest: Vec<usize> =
                chains.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &n)| n).collect();
            best = best.max(open_chain(chains[i] as i64, recurse(&rest, loops, memo)));
        }
        for i in 0..loops.len() {
            if i > 0 && loops[i] == loops[i - 1] {
                continue;
            }
            let rest: Vec<usize> =
                loops.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &n)| n).collect();
            best = best.max(open_loop(loops[i] as i64, recurse(chains, &rest, memo)));
        }
        memo.insert(key, best);
        best
    }

    /// Plain negamax of the game itself over sets of drawn lines, knowing nothing of chains:
    /// the mover's future boxes minus the opponent's, completing a box keeps the turn. `memo`
    /// maps the set of drawn lines, as a bit mask over `pos`'s first 64 lines… so boards must
    /// have at most 64 lines (e.g. up to 4×5 boxes), and few undrawn lines (each undrawn set is
    /// visited once).
    pub fn brute_force(pos: &Position) -> i64 {
        assert!(pos.dims().num_edges() <= 64, "brute force is for boards of at most 64 lines");
        let mut p = pos.clone();
        let mut memo = HashMap::new();
        negamax(&mut p, &mut memo)
    }

    fn negamax(p: &mut Position, memo: &mut HashMap<u64, i64>) -> i64 {
        if p.is_over() {
            return 0;
        }
        let key = p.key()[0];
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let moves: Vec<_> = p.legal_moves().collect();
        let mut best = i64::MIN;
        for e in moves {
            let got = p.play_unchecked(e).boxes_completed as i64;
            let v = if got > 0 { got + negamax(p, memo) } else { -negamax(p, memo) };
            p.undo(e);
            best = best.max(v);
        }
        memo.insert(key, best);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(chains: &[usize], loops: &[usize]) -> i64 {
        value(&Components::new(chains.to_vec(), loops.to_vec()))
    }

    #[test]
    fn published_values_for_the_opener() {
        assert_eq!(v(&[3, 3], &[]), -2);
        assert_eq!(v(&[1, 3], &[]), 2);
        assert_eq!(v(&[2, 3], &[]), 1);
        assert_eq!(v(&[3, 3, 3], &[]), -1);
        assert_eq!(v(&[4, 4], &[]), -4);
        assert_eq!(v(&[1, 2, 3], &[]), -2);
        assert_eq!(v(&[], &[4, 4]), 0);
        assert_eq!(v(&[], &[]), 0);
    }

    #[test]
    fn decomposes_a_loop_and_border_chains() {
        // 2×2 board with only the inner cross drawn minus... a single 4-loop: all border lines
        // drawn, the four inner lines undrawn.
        let d = Dims::new(2, 2).unwrap();
        let inner = [d.h_edge(1, 0), d.h_edge(1, 1), d.v_edge(0, 1), d.v_edge(1, 1)];
        let p = Position::from_lines(d, d.edges().filter(|e| !inner.contains(e))).unwrap();
        assert_eq!(decompose(&p).unwrap(), Components::new(vec![], vec![4]));
        // The complement: the border undrawn, the cross drawn: four corner 1-chains.
        let p = Position::from_lines(d, inner).unwrap();
        assert_eq!(decompose(&p).unwrap(), Components::new(vec![1, 1, 1, 1], vec![]));
    }

    #[test]
    fn rejects_the_first_bad_box() {
        let p = Position::empty(2, 2).unwrap();
        let e = decompose(&p).unwrap_err();
        assert_eq!(e, EndgameError::BadBox { cell: Cell::new(0, 0), undrawn: 4, allowed: "0 or 2" });
    }
}
