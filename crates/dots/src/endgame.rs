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
//! number of distinct component kinds. [`value`] computes the same number fast, after three
//! reductions. They are the structure that Buzzard & Ciere (*Playing simple loony dots-and-boxes
//! endgames optimally*, 2014) and Allcock (*Best play in Dots and Boxes endgames*, 2018) exploit:
//! long components matter only through Berlekamp's controlled value, and short ones are played in
//! a known order. We state them in the form we use; each is checked on its own against the
//! recursion (the `lemma_*` property tests in `tests/endgame_reference.rs`).
//!
//! 1. **Equal hand-outs cancel:** `f(S + {n, n}) = f(S)` for `n ∈ {1, 2}`. Opening one hand-out
//!    and having the other opened in reply returns the same player to `S` with the same score
//!    (`g` of a hand-out, `x ↦ −n − x`, is an involution), and neither side gains by deviating.
//!    Only the parities of the numbers of 1-chains and 2-chains matter.
//! 2. **Long components aggregate.** Chains of ≥ 4 boxes and loops of ≥ 8 boxes are those the
//!    controller can always afford to keep (keeping costs 2 per chain and 4 per loop). `f`
//!    depends on them only through whether there is a long chain, whether there is a long loop,
//!    and their total *excess* `E = Σ(n − 4) + Σ(m − 8)`, so they can be replaced by one chain of
//!    `4 + E` plus one loop of 8 — or by one loop of `8 + E` when there is no long chain. This is
//!    Berlekamp's controlled value, `cv = size − 4·chains − 8·loops + terminal bonus`, where
//!    only the *last* component opened (the terminal bonus) tells a chain from a loop.
//! 3. **Opening orders.** A 1-chain, if there is one, is a best move (the cheapest hand-out, which
//!    cannot be declined); among loops the smallest is at least as good as any other (4 before 6
//!    before long: a 4-loop costs its controller 4 to keep, a 6-loop 2, a long loop nothing), and
//!    a 3-chain at least as good as a longer chain. So only three moves need comparing: a
//!    2-chain, the next chain, the next loop.
//!
//! What is left is a dynamic programme over `(2-chains left ∈ {0, 1}, chains left, loops left)`
//! with at most `2 × (#3-chains + 2) × (#4-loops + #6-loops + 2)` entries, filled bottom-up: a few
//! thousand steps on a full 20×20 board, independent of the lengths of the long components.
//! The whole is checked in `tests/endgame_reference.rs`: [`value`] against the multiset recursion
//! on many random multisets and random 20×20 layouts, and both against a brute-force search of
//! the game itself over sets of drawn lines on every such position of the 2×2, 2×3 and 3×3
//! boards and on random layouts of up to 24 undrawn lines on 4×4 to 5×5 boards.
//!
//! ```
//! use pencilbox_dots::endgame::{value, Components};
//! assert_eq!(value(&Components::new(vec![3, 3], vec![])), -2);
//! assert_eq!(value(&Components::new(vec![1, 3], vec![])), 2);
//! assert_eq!(value(&Components::new(vec![], vec![4, 4])), 0);
//! ```

use std::fmt;

use pencilbox_grid::Cell;

use crate::board::{Player, Position, Score};
use crate::theory::{self, Kind, LONG_CHAIN};

/// Errors about positions that are not simple loony endgames.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EndgameError {
    /// The first box, row-major, with a number of undrawn sides other than the allowed ones.
    #[error(
        "box {cell} (0-based row, column) has {undrawn} undrawn side{}; every box must have {allowed}",
        if *.undrawn == 1 { "" } else { "s" }
    )]
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

/// Components from `(kind, length)` pairs.
impl FromIterator<(Kind, usize)> for Components {
    fn from_iter<I: IntoIterator<Item = (Kind, usize)>>(parts: I) -> Components {
        let (mut chains, mut loops) = (Vec::new(), Vec::new());
        for (kind, len) in parts {
            match kind {
                Kind::Chain => chains.push(len),
                Kind::Loop => loops.push(len),
            }
        }
        Components::new(chains, loops)
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

/// Splits a simple loony endgame into its chains and loops (see [`crate::theory::components`]).
///
/// With every box at 0 or 2 undrawn sides, an undrawn line never touches a claimed box, so every
/// unclaimed box lies in a chain from the border to the border or in a loop.
pub fn decompose(pos: &Position) -> Result<Components, EndgameError> {
    check_simple(pos)?;
    Ok(theory::sizes(pos).into_iter().collect())
}

/// The opener's value after opening a chain of `n` boxes, when the rest is worth `x` to whoever
/// opens next (see the module docs).
pub const fn open_chain(n: Score, x: Score) -> Score {
    if n < LONG_CHAIN as Score {
        -(n + x)
    } else {
        let take_all = n + x;
        let keep_control = n - 4 - x;
        -(if take_all > keep_control { take_all } else { keep_control })
    }
}

/// The opener's value after opening a loop of `m` boxes, the rest worth `x` to the next opener.
pub const fn open_loop(m: Score, x: Score) -> Score {
    let take_all = m + x;
    let keep_control = m - 8 - x;
    -(if take_all > keep_control { take_all } else { keep_control })
}

/// The optimal net score (the mover's future boxes minus the opponent's) of a simple loony
/// endgame for the player to move. Exact; see the module docs for the method.
pub fn value(components: &Components) -> Score {
    Reduced::of(components).solve()
}

/// The value of a position; fails unless every box has 0 or 2 undrawn sides.
pub fn position_value(pos: &Position) -> Result<Score, EndgameError> {
    Ok(value(&decompose(pos)?))
}

/// A component multiset after the reductions of the module docs, with the chains and the loops
/// each in the order in which they are opened.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reduced {
    /// Parity of the number of 1-chains.
    one: bool,
    /// Parity of the number of 2-chains.
    twos: usize,
    /// Chains of 3 or more boxes in opening order: every 3-chain, then the aggregated long chain.
    chains: Vec<Score>,
    /// Loops in opening order: every 4-loop, every 6-loop, then the aggregated long loop.
    loops: Vec<Score>,
}

impl Reduced {
    fn of(c: &Components) -> Reduced {
        let count = |v: &[usize], n: usize| v.iter().filter(|&&k| k == n).count();
        let long_chains: Vec<usize> = c.chains.iter().copied().filter(|&n| n >= 4).collect();
        let long_loops: Vec<usize> = c.loops.iter().copied().filter(|&m| m >= 8).collect();
        let excess = long_chains.iter().map(|&n| n - 4).sum::<usize>()
            + long_loops.iter().map(|&m| m - 8).sum::<usize>();
        let excess = excess as Score;
        debug_assert!(
            c.loops.iter().all(|&m| m == 4 || m == 6 || m >= 8),
            "loops on a grid have 4, 6, 8… boxes: {c}"
        );
        let mut chains = vec![3; count(&c.chains, 3)];
        let mut loops = [vec![4; count(&c.loops, 4)], vec![6; count(&c.loops, 6)]].concat();
        // Reduction 2: the long components become one chain of 4 + E and one loop of 8, or one
        // loop of 8 + E when there is no long chain.
        match (long_chains.is_empty(), long_loops.is_empty()) {
            (false, false) => {
                chains.push(4 + excess);
                loops.push(8);
            }
            (false, true) => chains.push(4 + excess),
            (true, false) => loops.push(8 + excess),
            (true, true) => {}
        }
        Reduced { one: count(&c.chains, 1) % 2 == 1, twos: count(&c.chains, 2) % 2, chains, loops }
    }

    /// `f` by dynamic programming over `(2-chains left, chains left, loops left)`, where "chains
    /// left" and "loops left" are suffixes of the opening orders of reduction 3 (module docs): a
    /// 1-chain first when there is one, loops smallest first, the 3-chains before the long
    /// chain; a 2-chain is always an option.
    fn solve(&self) -> Score {
        let (nc, nl) = (self.chains.len(), self.loops.len());
        let (w_chain, w_two) = (nl + 1, (nc + 1) * (nl + 1));
        let mut f: Vec<Score> = vec![0; (self.twos + 1) * w_two];
        for t in 0..=self.twos {
            for a in 0..=nc {
                for b in 0..=nl {
                    let at = t * w_two + a * w_chain + b;
                    let mut best = Score::MIN;
                    if t > 0 {
                        best = best.max(open_chain(2, f[at - w_two]));
                    }
                    if a > 0 {
                        // `a` chains are left: the next one opened is `chains[nc - a]`.
                        best = best.max(open_chain(self.chains[nc - a], f[at - w_chain]));
                    }
                    if b > 0 {
                        best = best.max(open_loop(self.loops[nl - b], f[at - 1]));
                    }
                    f[at] = if best == Score::MIN { 0 } else { best };
                }
            }
        }
        let rest = f[f.len() - 1];
        if self.one { open_chain(1, rest) } else { rest }
    }
}

/// The result of a whole game under best play: a player wins, or it is a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win(Player),
    Draw,
}

/// The GAMEDOTS problem's answer: `Alice`, `Bob` or `Draw`.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match *self {
            GameResult::Win(player) => gamedots_name(player),
            GameResult::Draw => "Draw",
        })
    }
}

/// The GAMEDOTS problem's names of the players: Alice, who moved first from the empty board, and
/// Bob.
pub const fn gamedots_name(player: Player) -> &'static str {
    match player {
        Player::First => "Alice",
        Player::Second => "Bob",
    }
}

/// Who is to move in a game that started from the empty board and has not completed a box: the
/// turns alternated with every line.
pub fn to_move(pos: &Position) -> Player {
    if pos.num_drawn().is_multiple_of(2) { Player::First } else { Player::Second }
}

/// GAMEDOTS: the result under best play of a game started from the empty board (Alice first)
/// that reached `pos` without completing a box; every box must have exactly 2 undrawn sides.
/// As no box is claimed yet, the result is the sign of the endgame value for the mover.
pub fn gamedots_result(pos: &Position) -> Result<GameResult, EndgameError> {
    check_all_two(pos)?;
    Ok(result_of(position_value(pos)?, to_move(pos)))
}

/// The game's result from the net score `value` of the player `to_move`.
pub const fn result_of(value: Score, to_move: Player) -> GameResult {
    match value.signum() {
        0 => GameResult::Draw,
        1 => GameResult::Win(to_move),
        _ => GameResult::Win(to_move.opponent()),
    }
}

/// Slow, obviously correct references for the tests and benchmarks.
pub mod reference {
    use std::collections::HashMap;

    use super::{Components, open_chain, open_loop};
    use crate::board::{Position, Score};

    /// The multiset recursion of the module docs, memoised on the multiset (the count of each
    /// distinct component, as one mixed-radix index into a dense table). Exponential in the
    /// number of distinct component kinds: panics when the table would exceed 2^26 entries.
    pub fn multiset_value(c: &Components) -> Score {
        // Distinct kinds: (is a loop, length), with their counts.
        let mut kinds: Vec<((bool, usize), usize)> = Vec::new();
        for kind in c.chains().iter().map(|&n| (false, n)).chain(c.loops().iter().map(|&m| (true, m))) {
            match kinds.last_mut() {
                Some((k, count)) if *k == kind => *count += 1,
                _ => kinds.push((kind, 1)),
            }
        }
        let mut radix = Vec::with_capacity(kinds.len());
        let mut size = 1usize;
        for &(_, count) in &kinds {
            radix.push(size);
            size = size
                .checked_mul(count + 1)
                .filter(|&s| s <= 1 << 26)
                .expect("multiset too varied for the reference");
        }
        let mut memo = vec![None; size];
        let counts: Vec<usize> = kinds.iter().map(|&(_, n)| n).collect();
        let full = counts.iter().zip(&radix).map(|(n, r)| n * r).sum();
        recurse(&kinds, &radix, &mut counts.clone(), full, &mut memo)
    }

    /// `f` of the multiset with `counts[k]` components of kind `k` (table index `at`).
    fn recurse(
        kinds: &[((bool, usize), usize)],
        radix: &[usize],
        counts: &mut [usize],
        at: usize,
        memo: &mut [Option<Score>],
    ) -> Score {
        if let Some(v) = memo[at] {
            return v;
        }
        let mut best = None::<Score>;
        for k in 0..kinds.len() {
            if counts[k] == 0 {
                continue;
            }
            counts[k] -= 1;
            let rest = recurse(kinds, radix, counts, at - radix[k], memo);
            counts[k] += 1;
            let (is_loop, len) = kinds[k].0;
            let v = if is_loop { open_loop(len as Score, rest) } else { open_chain(len as Score, rest) };
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        let v = best.unwrap_or(0);
        memo[at] = Some(v);
        v
    }

    /// Plain negamax of the game itself over sets of drawn lines, knowing nothing of chains:
    /// the mover's future boxes minus the opponent's, completing a box keeps the turn. `memo`
    /// maps the set of drawn lines, as a bit mask over `pos`'s first 64 lines… so boards must
    /// have at most 64 lines (e.g. up to 4×5 boxes), and few undrawn lines (each undrawn set is
    /// visited once).
    pub fn brute_force(pos: &Position) -> Score {
        assert!(pos.dims().num_edges() <= 64, "brute force is for boards of at most 64 lines");
        let mut p = pos.clone();
        let mut memo = HashMap::new();
        negamax(&mut p, &mut memo)
    }

    fn negamax(p: &mut Position, memo: &mut HashMap<u64, Score>) -> Score {
        if p.is_over() {
            return 0;
        }
        let key = p.key()[0];
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let moves: Vec<_> = p.legal_moves().collect();
        let mut best = Score::MIN;
        for e in moves {
            let got = p.play_unchecked(e).boxes_completed as Score;
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
    use pencilbox_grid::Dims;

    fn v(chains: &[usize], loops: &[usize]) -> Score {
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
        // A single 4-loop on a 2×2 board: all border lines drawn, the four inner lines undrawn.
        let d = Dims::new(2, 2).unwrap();
        let inner = [d.h_edge(1, 0), d.h_edge(1, 1), d.v_edge(0, 1), d.v_edge(1, 1)];
        let p = Position::from_lines(d, d.edges().filter(|e| !inner.contains(e))).unwrap();
        assert_eq!(decompose(&p).unwrap(), Components::new(vec![], vec![4]));
        // The complement: the border undrawn, the cross drawn: four corner 1-chains.
        let p = Position::from_lines(d, inner).unwrap();
        assert_eq!(decompose(&p).unwrap(), Components::new(vec![1, 1, 1, 1], vec![]));
    }

    #[test]
    fn result_follows_the_sign_and_the_mover() {
        let (first, second) = (Player::First, Player::Second);
        assert_eq!(result_of(3, first), GameResult::Win(first));
        assert_eq!(result_of(3, second), GameResult::Win(second));
        assert_eq!(result_of(-1, first), GameResult::Win(second));
        assert_eq!(result_of(-1, second), GameResult::Win(first));
        assert_eq!(result_of(0, second), GameResult::Draw);
        let names: Vec<String> = [GameResult::Win(first), GameResult::Win(second), GameResult::Draw]
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(names, ["Alice", "Bob", "Draw"]);
    }

    #[test]
    fn rejects_the_first_bad_box() {
        let p = Position::empty(2, 2).unwrap();
        let e = decompose(&p).unwrap_err();
        assert_eq!(e, EndgameError::BadBox { cell: Cell::new(0, 0), undrawn: 4, allowed: "0 or 2" });
    }
}
