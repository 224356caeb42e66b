//! Exact play in *simple loony endgames* on boards of any size: positions where every box has 0
//! or 2 undrawn sides, or one whose chain or loop is being taken with only such boxes around it.
//! The strong level plays by these on boards beyond the solver (more than
//! [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines), where it otherwise has only the chain rules:
//! [`crate::endgame`] values such a position exactly, whatever its size, so the component to
//! open and whether to decline the last boxes of a chain or loop are chosen by value, not by
//! rule of thumb.
//!
//! * **Opening.** With nothing to take and no safe line, opening component K of S is worth
//!   `open_chain(n, f(S − K))` or `open_loop(m, f(S − K))` ([`crate::endgame`]); the best one is
//!   opened: a 2-chain by its middle line (the other hand-out lets the opponent decline), any
//!   other component by its lowest line (all its lines are worth the same: see the solver's
//!   `ordered_moves`).
//! * **Declining.** When the last two boxes of a chain (four of a loop) being handed out are
//!   reached, with the rest R simple: taking them and opening next is worth `2 + f(R)` (`4 +
//!   f(R)`), declining them `−2 − f(R)` (`−4 − f(R)`), as the opponent then opens R.

use pencilbox_grid::Edge;

use crate::board::{Position, Score};
use crate::endgame::{self, Components};
use crate::play;
use crate::theory::{self, Kind, View};

/// The value of a simple loony endgame with nothing to take, for the player who must open;
/// `None` when the position is not one.
pub(crate) fn simple_value(pos: &Position) -> Option<Score> {
    endgame::position_value(pos).ok()
}

/// The best line to open in a simple loony endgame with nothing to take and no safe line;
/// `None` when `pos` is not one (or is over).
pub(crate) fn best_opening(pos: &Position) -> Option<Edge> {
    endgame::check_simple(pos).ok()?;
    let parts = theory::components(pos);
    let sizes: Vec<(Kind, usize)> = parts.iter().map(|p| (p.kind, p.len())).collect();
    let mut best: Option<(Score, Edge)> = None;
    for (i, part) in parts.iter().enumerate() {
        let rest: Components =
            sizes.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &kind_len)| kind_len).collect();
        let x = endgame::value(&rest);
        let n = part.len() as Score;
        let value = match part.kind {
            Kind::Chain => endgame::open_chain(n, x),
            Kind::Loop => endgame::open_loop(n, x),
        };
        let line = opening_line(pos, &part.boxes)?;
        if best.is_none_or(|(v, e)| value > v || value == v && line < e) {
            best = Some((value, line));
        }
    }
    best.map(|(_, e)| e)
}

/// The line that opens the component made of `boxes`: its lowest undrawn line that opens it
/// well ([`View::opens_well`]: a 2-chain's middle line).
fn opening_line(pos: &Position, boxes: &[pencilbox_grid::Cell]) -> Option<Edge> {
    boxes.iter().flat_map(|&b| View::undrawn_sides(pos, b)).filter(|&e| pos.opens_well(e, boxes.len())).min()
}

/// The capture rule with exact declining: [`play::chain_capture`], deciding whether to decline
/// the last boxes by the value of the rest when it is a simple loony endgame (and by the chain
/// rule's test otherwise).
pub(crate) fn capture(pos: &Position) -> Option<Edge> {
    play::chain_capture_by(pos, |rest: &Position, kept| {
        let x = simple_value(rest)?;
        // Taking the `kept` boxes and opening next: kept + x; declining them: −kept − x.
        Some(-(kept as Score) - x > kept as Score + x)
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::compact::{Geometry, LineSet};
    use crate::solver::{Solver, TableSize};
    use pencilbox_grid::Dims;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A position after random safe lines until none is left: often a simple loony endgame.
    pub(crate) fn after_safe_phase(rng: &mut ChaCha8Rng, dims: Dims) -> Position {
        let mut pos = Position::empty_of(dims).unwrap();
        loop {
            let safe: Vec<Edge> = pos.safe_lines().collect();
            if safe.is_empty() {
                return pos;
            }
            pos.play_unchecked(safe[rng.random_range(0..safe.len())]);
        }
    }

    /// The exact value of drawing `e` in `pos`, by the solver (the reference).
    fn move_value(solver: &mut Solver<'_>, pos: &Position, e: Edge) -> Score {
        solver.move_value(LineSet::of_position(pos).unwrap(), e).unwrap()
    }

    /// On boards the solver handles, the opening chosen by value and every decision on the way
    /// through the component it hands out keep the solver's exact value.
    #[test]
    fn openings_and_declines_keep_the_exact_value() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut openings, mut declines, mut takes) = (0, 0, 0);
        for case in 0..300 {
            let (r, c) = [(3, 3), (3, 4), (4, 4), (2, 5)][case % 4];
            let dims = Dims::new(r, c).unwrap();
            let mut pos = after_safe_phase(&mut rng, dims);
            let Some(open) = best_opening(&pos) else { continue };
            let geo = Geometry::new(dims).unwrap();
            let mut solver = Solver::new(geo, TableSize::Mib(16));
            let value = solver.value(LineSet::of_position(&pos).unwrap()).unwrap();
            assert_eq!(move_value(&mut solver, &pos, open), value, "opening {open:?} in\n{pos}");
            openings += 1;
            // The opponent's captures, one decision at a time, until the turn passes back.
            pos.play_unchecked(open);
            loop {
                let drawn = LineSet::of_position(&pos).unwrap();
                if pos.is_over() || View::takeable(&pos).next().is_none() {
                    break;
                }
                let here = solver.value(drawn).unwrap();
                let e = pos.free_capture().or_else(|| capture(&pos)).expect("a capture");
                assert_eq!(move_value(&mut solver, &pos, e), here, "capture {e:?} in\n{pos}");
                let k = View::completes(&pos, e);
                if k == 0 {
                    declines += 1;
                    break;
                }
                takes += 1;
                pos.play_unchecked(e);
            }
        }
        assert!(openings >= 100 && declines >= 10 && takes >= 100, "{openings} {declines} {takes}");
    }

    #[test]
    fn not_a_simple_endgame_is_none() {
        let pos = Position::empty_of(Dims::new(3, 3).unwrap()).unwrap();
        assert_eq!(best_opening(&pos), None);
        assert_eq!(simple_value(&pos), None);
    }
}
