//! The fight for control, in a player's words.
//!
//! Once no safe line is left, someone must hand out boxes, and the other player, *in control*,
//! takes all but the last two of every long chain (the last four of every loop) and so collects
//! most of what is left. Who that is follows from a parity (Berlekamp, *The Dots-and-Boxes
//! Game*, 2000, ch. 2; *Winning Ways*, vol. 3, "Dots-and-Boxes"): a turn ends with a line that
//! completes no box, so the turns left are `L − B + D + 1` for `L` undrawn lines, `B` unclaimed
//! boxes and `D` double-crossed moves to come (one line completing two boxes). The player to
//! move has the last turn, which takes the last chain, when that count is odd. In an endgame
//! played for control, `D` is one per long chain but the last (the declined pair is taken with
//! one line) and two per loop, so loops do not change the parity, and **the player to move wants
//! the number of long chains to have the parity of `L − B + 1`**. On the empty board that is
//! the parity of the number of dots: an even number of long chains for the first player on 5×5
//! (36 dots), an odd one on 4×4 (25 dots), as the long chain rule says.
//!
//! This is a rule of thumb, not a value: sacrifices and short chains change the count, and the
//! chains of the midgame are still forming. The solver and the search give values; this module
//! gives the reasons a player can check on the board.
//!
//! Where it can be afforded, [`crate::analysis::fight`] decides the fight exactly: who wins
//! Nimstring (the same game with the boxes' worth removed, in which whoever takes the last box
//! loses: [`crate::nimstring`]) is who can make the other player open the last long chain or
//! loop.
//! Control is not everything: on small boards keeping it can cost more boxes than it brings, so
//! the move that wins control is not always the best move (the solver's values say which is).

use pencilbox_grid::Edge;

use crate::board::Position;
use crate::theory::{Component, View, components};

/// Even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    Even,
    Odd,
}

pencilbox_grid::named!(Parity, "parity", { Even => "even", Odd => "odd" });

impl Parity {
    pub const fn of(n: usize) -> Parity {
        if n.is_multiple_of(2) { Parity::Even } else { Parity::Odd }
    }
    pub const fn flip(self) -> Parity {
        match self {
            Parity::Even => Parity::Odd,
            Parity::Odd => Parity::Even,
        }
    }
}

/// Where the fight for control stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Control {
    /// The chains and loops formed so far, with their boxes.
    pub components: Vec<Component>,
    /// How many of them are long chains (at least [`LONG_CHAIN`](crate::theory::LONG_CHAIN) boxes; loops do not count).
    pub long_chains: usize,
    /// Undrawn lines that give no box away.
    pub safe_lines: usize,
    /// The parity of the number of long chains the player to move wants.
    pub mover_wants: Parity,
}

impl Control {
    /// Whether the long chains so far have the parity the player to move wants.
    pub fn mover_on_track(&self) -> bool {
        Parity::of(self.long_chains) == self.mover_wants
    }
}

/// The fight for control in `pos`.
pub fn control(pos: &Position) -> Control {
    let components = components(pos);
    let long_chains = components.iter().filter(|c| c.is_long_chain()).count();
    let safe_lines = pos.safe_lines().count();
    let unclaimed = pos.undrawn_counts().iter().filter(|&&u| u > 0).count();
    let mover_wants = Parity::of(pos.num_undrawn() + 1 + unclaimed);
    Control { components, long_chains, safe_lines, mover_wants }
}

/// Whether the mover drawing `e` in `pos` is on track by the long chain rule afterwards (when
/// `e` completes a box the mover moves again; otherwise the opponent does).
pub fn keeps_control(pos: &Position, e: Edge) -> bool {
    let mut after = pos.clone();
    let keeps_turn = after.play_unchecked(e).keeps_turn();
    let next = control(&after);
    if keeps_turn { next.mover_on_track() } else { !next.mover_on_track() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty(r: usize, c: usize) -> Position {
        Position::empty(r, c).unwrap()
    }

    #[test]
    fn the_long_chain_rule_on_the_empty_board() {
        // The first player wants an even number of long chains when not both sides are even,
        // an odd number when both are (the statement of the rule in the issue).
        for (r, c, want) in [
            (5, 5, Parity::Even),
            (4, 4, Parity::Odd),
            (3, 3, Parity::Even),
            (2, 4, Parity::Odd),
            (3, 4, Parity::Even),
        ] {
            let k = control(&empty(r, c));
            assert_eq!(k.mover_wants, want, "{r}x{c}");
            assert_eq!(k.long_chains, 0);
            assert_eq!(k.safe_lines, empty(r, c).num_undrawn());
        }
    }

    #[test]
    fn turns_left_are_lines_minus_boxes_plus_double_crosses_plus_one() {
        // The identity the rule rests on, over random whole games.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (r, c) in [(1, 1), (2, 3), (3, 3), (4, 5)] {
            for _ in 0..50 {
                let mut pos = empty(r, c);
                let (lines, boxes) = (pos.num_undrawn(), r * c);
                let (mut turns, mut double_crosses) = (1, 0);
                while pos.num_undrawn() > 0 {
                    let undrawn: Vec<Edge> = pos.dims().edges().filter(|&e| !pos.is_drawn(e)).collect();
                    let out = pos.play_unchecked(undrawn[rng.random_range(0..undrawn.len())]);
                    double_crosses += usize::from(out.boxes_completed == 2);
                    if !out.keeps_turn() && pos.num_undrawn() > 0 {
                        turns += 1;
                    }
                }
                assert_eq!(turns, lines - boxes + double_crosses + 1, "{r}x{c}");
            }
        }
    }

    #[test]
    fn a_finished_endgame_counts_its_chains() {
        // The olympiad's example 2: chains 1 3 5 7 and a loop of 8.
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/dots/endgame-2.in"))
                .expect("examples/dots/endgame-2.in");
        let pos = Position::from_olympiad(&text).unwrap();
        let k = control(&pos);
        assert_eq!(k.long_chains, 3);
        assert_eq!(k.safe_lines, 0);
        assert_eq!(k.components.iter().filter(|c| c.kind == crate::theory::Kind::Loop).count(), 1);
    }
}
