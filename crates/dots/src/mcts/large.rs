//! The search's [`Domain`] on boards beyond the compact form (more than
//! [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines: 8×8 and up), where there is no solver.
//!
//! * **Moves in the tree.** A free capture alone; when a chain or loop is being handed out, the
//!   one line of the capture rule with exact declining ([`crate::endgame_play::capture`]; the compact
//!   form searches the captures and the decline instead); while safe lines remain, the safe
//!   lines and the hand-outs of 1- and 2-chains (every line of a 1-chain, a 2-chain by its
//!   middle line); with no safe line left (and a position that is not a simple loony endgame,
//!   which is valued exactly), every undrawn line.
//! * **Exact leaves.** A simple loony endgame (every box with 0 or 2 undrawn sides) is valued
//!   exactly by [`crate::endgame`], whatever the board's size.
//! * **Playouts.** Random safe lines until none is left (a list of candidates drawn from at
//!   random and pruned as lines stop being safe, so that a playout costs about one pass over
//!   the lines); then the exact value as soon as the position is a simple loony endgame with
//!   nothing to take, and the chain rules until then (the smallest hand-out, captures declining
//!   by value where the rest is simple).
//!
//! Positions reached by different move orders share one node (keyed on the drawn lines);
//! symmetric ones do not.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use pencilbox_grid::Edge;
use rand::Rng;

use super::{Domain, Estimate, Tree};
use crate::board::{Position, Score};
use crate::endgame_play;
use crate::play;
use crate::theory::{ChainSizes, LONG_CHAIN, View};

/// The most lines of a board the strong level searches (2,112: 32×32, or 20×50). A playout's
/// cost grows with the board, and the search reads the clock only between playouts, so on
/// larger boards one playout takes long enough for a short move time to be overrun
/// (docs/PERFORMANCE.md, "Strong level settings"). Above this, the strong level plays by the
/// chain rules and exact simple loony endgames alone.
pub const SEARCH_MAX_LINES: usize = 2 * 32 * 33;

/// Searches `position` until `deadline` (or until `cancel` is set) on `threads` threads (two
/// searches side by side when 2: [`super::search_two`]).
pub fn search(
    position: &Position,
    threads: usize,
    rng: &mut impl Rng,
    deadline: Instant,
    cancel: Option<Arc<AtomicBool>>,
) -> Estimate {
    if threads > 1 {
        super::search_two(LargeDomain, LargeDomain, rng, deadline, cancel, position.clone())
    } else {
        let mut tree = Tree::with_domain(LargeDomain, rng, deadline);
        tree.set_cancel(cancel);
        tree.run(position.clone())
    }
}

/// The large-board domain: positions are [`Position`]s, valued exactly only where they are
/// simple loony endgames.
#[derive(Clone, Copy, Debug, Default)]
pub struct LargeDomain;

impl Domain for LargeDomain {
    type Pos = Position;
    type Key = Vec<u64>;

    fn unclaimed(&self, p: &Position) -> u32 {
        p.unclaimed_boxes() as u32
    }

    fn node(&self, p: Position) -> (Vec<u64>, Position) {
        (p.key().to_vec(), p)
    }

    fn exact(&mut self, p: &Position) -> Option<Score> {
        simple_value(p)
    }

    fn options(&self, p: &Position, _is_root: bool) -> Vec<Edge> {
        if let Some(e) = p.free_capture() {
            return vec![e];
        }
        if p.takeable().next().is_some() {
            return vec![capture(p)];
        }
        let undrawn: Vec<Edge> = p.legal_moves().collect();
        let safe: Vec<Edge> = p.safe_lines().collect();
        if safe.is_empty() {
            return undrawn;
        }
        let chains = p.chains();
        // A 1- or 2-chain, by a line that opens it well (a 2-chain by its middle line).
        let short_handout = |e: Edge| match chains.of_line(e) {
            Some((len, false)) if len < LONG_CHAIN => p.opens_well(e, len),
            _ => false,
        };
        let mut out = safe;
        out.extend(undrawn.into_iter().filter(|&e| p.gives_box(e) && short_handout(e)));
        out
    }

    fn play(&self, p: &Position, e: Edge) -> (Position, Score) {
        let mut after = p.clone();
        let k = after.play_unchecked(e).boxes_completed as Score;
        (after, k)
    }

    fn is_over(&self, p: &Position) -> bool {
        p.is_over()
    }

    fn heap_bytes(&self, p: &Position) -> usize {
        // The drawn lines twice (the position and its key), then a count and an owner per box.
        2 * p.key().len() * size_of::<u64>() + 2 * p.dims().num_cells()
    }

    fn playout(&mut self, p: &Position, rng: &mut impl Rng) -> Score {
        let mut pos = p.clone();
        let (mut net, mut mine) = (0, true);
        // Safe lines only stop being safe as lines are drawn: a stale candidate is dropped when
        // it is drawn at random.
        let mut safe: Vec<Edge> = pos.safe_lines().collect();
        while !pos.is_over() {
            let e = if pos.takeable().next().is_some() {
                capture(&pos)
            } else if let Some(e) = draw_safe(&pos, &mut safe, rng) {
                e
            } else if let Some(v) = simple_value(&pos) {
                return net + if mine { v } else { -v };
            } else {
                let undrawn: Vec<Edge> = pos.legal_moves().collect();
                play::smallest_handout(&pos, &undrawn)
            };
            let k = pos.play_unchecked(e).boxes_completed as Score;
            if k > 0 {
                net += if mine { k } else { -k };
            } else {
                mine = !mine;
            }
        }
        net
    }
}

/// A random line of `safe` that is still safe in `pos`, dropping the stale ones met on the way.
fn draw_safe(pos: &Position, safe: &mut Vec<Edge>, rng: &mut impl Rng) -> Option<Edge> {
    while !safe.is_empty() {
        let i = rng.random_range(0..safe.len());
        let e = safe[i];
        if pos.is_safe(e) {
            return Some(e);
        }
        safe.swap_remove(i);
    }
    None
}

/// The capture when a box can be taken: a free one, else the capture rule with exact declining.
fn capture(pos: &Position) -> Edge {
    pos.free_capture().or_else(|| endgame_play::capture(pos)).expect("a takeable box has a capture")
}

/// The exact future margin of a simple loony endgame with nothing to take, for its mover.
fn simple_value(pos: &Position) -> Option<Score> {
    if pos.is_over() || pos.takeable().next().is_some() {
        return None;
    }
    endgame_play::simple_value(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compact::{Geometry, LineSet};
    use crate::endgame_play::tests::after_safe_phase;
    use crate::solver::{Solver, TableSize};
    use pencilbox_grid::Dims;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// On boards the solver handles: a simple loony endgame is a leaf with the solver's value,
    /// and a playout after any opening of it (captures with exact declining, then the exact
    /// value of the rest) ends with the solver's value too, whatever its random generator.
    #[test]
    fn simple_endgames_and_playouts_through_them_are_exact() {
        let mut rng = ChaCha8Rng::seed_from_u64(15);
        let (mut leaves, mut playouts) = (0, 0);
        for case in 0..300 {
            let (r, c) = [(3, 3), (3, 4), (4, 4), (2, 5)][case % 4];
            let dims = Dims::new(r, c).unwrap();
            let pos = after_safe_phase(&mut rng, dims);
            let Some(value) = LargeDomain.exact(&pos) else { continue };
            let mut solver = Solver::new(Geometry::new(dims).unwrap(), TableSize::Mib(16));
            let drawn = LineSet::of_position(&pos).unwrap();
            assert_eq!(value, solver.value(drawn).unwrap(), "leaf\n{pos}");
            leaves += 1;
            for e in pos.legal_moves() {
                let (after, k) = LargeDomain.play(&pos, e);
                assert_eq!(k, 0, "no box can be taken in a simple endgame");
                let v = LargeDomain.playout(&after, &mut rng);
                assert_eq!(v, solver.value(drawn.with(e)).unwrap(), "playout after {e:?} in\n{pos}");
                playouts += 1;
            }
        }
        assert!(leaves >= 100 && playouts >= 1000, "{leaves} leaves, {playouts} playouts");
    }

    /// Beyond the compact form: the tree's moves are legal, a free capture is the only one,
    /// and while safe lines remain every safe line is among them.
    #[test]
    fn the_moves_searched_are_legal_and_keep_every_safe_line() {
        let mut rng = ChaCha8Rng::seed_from_u64(16);
        let dims = Dims::new(9, 9).unwrap();
        let mut checked = [0; 3];
        for _ in 0..20 {
            let mut pos = Position::empty_of(dims).unwrap();
            while !pos.is_over() {
                let options = LargeDomain.options(&pos, false);
                assert!(!options.is_empty() && options.iter().all(|&e| pos.is_legal(e)), "{pos}");
                let safe: Vec<Edge> = pos.safe_lines().collect();
                if let Some(e) = pos.free_capture() {
                    assert_eq!(options, vec![e]);
                    checked[0] += 1;
                } else if pos.takeable().next().is_none() && !safe.is_empty() {
                    assert!(safe.iter().all(|e| options.contains(e)), "{pos}");
                    checked[1] += 1;
                } else {
                    checked[2] += 1;
                }
                let e = options[rng.random_range(0..options.len())];
                pos.play_unchecked(e);
            }
        }
        assert!(checked.iter().all(|&n| n >= 100), "{checked:?}");
    }
}
