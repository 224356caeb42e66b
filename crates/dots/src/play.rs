//! The playing heuristics of the engines: rules of thumb built on chain theory
//! ([`crate::theory`]), written once for both forms of a position through its [`View`]: the
//! compact form (boards of at most [`SOLVER_MAX_LINES`](crate::compact::SOLVER_MAX_LINES) lines,
//! on which the engines also search) and a [`Position`](crate::board::Position) of any size up
//! to [`MAX_BOARD_SIDE`](crate::board::MAX_BOARD_SIDE), on which they play by these rules alone.
//! Unlike the facts of chain theory, these are not always best play.
//!
//! * A **free capture** ([`View::free_capture`]) takes a box without making another one
//!   takeable: it never loses.
//! * A chain being handed out is taken box by box, except that its last two boxes are declined
//!   (**all-but-two**: the line at the far end leaves them to the opponent) when the opponent
//!   would then have to open a long chain or a loop: whoever declines keeps control (Berlekamp,
//!   *The Dots and Boxes Game*, 2000). A loop's last four boxes are declined the same way
//!   (**all-but-four**: the line between them leaves two dominoes) when more than four boxes are
//!   to come. A chain opened in its middle is taken from one end first: declining at one end
//!   while the other is open would leave the opponent everything behind it.
//! * When boxes must be handed out, the **smallest hand-out** goes first: the shortest chain (a
//!   loop counts double, as it lets the taker keep control for four boxes instead of two), a
//!   2-chain by its middle line, which cannot be declined.
//!
//! Ties go to the lowest-numbered line and random choices are made from lists in line order,
//! so a seed gives the same moves on both forms.

use pencilbox_grid::Edge;
use rand::Rng;
use rand::seq::IndexedRandom;

use crate::theory::{ChainSizes, View};

/// When boxes can be taken but none for free (a chain or a loop is being handed out): take one,
/// or keep control by declining the last ones when no safe line is left and long chains or
/// loops are still to be handed out: the last two boxes of a chain (*all-but-two*: the line at
/// its far end leaves them as a domino) or the last four of a loop (*all-but-four*: the line
/// between them leaves two dominoes), the latter only when more than four boxes are to come.
pub(crate) fn chain_capture<V: View>(v: &V) -> Option<Edge> {
    chain_capture_by(v, |_, _| None)
}

/// [`chain_capture`], with `exact(rest, kept)` deciding when it can whether to decline the last
/// `kept` boxes (2 of a chain, 4 of a loop), `rest` being the position once they are taken:
/// `Some(true)` declines, `Some(false)` takes, `None` leaves it to the chain rule's test.
pub(crate) fn chain_capture_by<V: View>(v: &V, exact: impl Fn(&V, usize) -> Option<bool>) -> Option<Edge> {
    let mut takeable = v.takeable();
    let b = takeable.next()?;
    let capture = v.capture_of(b);
    let e = capture.line;
    let other = takeable.next();
    if takeable.next().is_some() {
        return Some(e);
    }
    // The box behind `b`, the line `f` that declines it, and what is across `f`.
    let Some((c, f)) = capture.next else { return Some(e) };
    let beyond = v.across(f, c);
    // The lines the opponent takes the declined boxes with, and how many boxes must be left
    // behind them to make declining worth it.
    let (taken, more_than, kept) = match other {
        None if beyond.is_none_or(|d| v.drawn_sides(d) < 2) => (vec![f, e], 0, 2),
        // The last four of a loop: `b`, `c`, `d` and `other`, whose last side leads to `d`.
        Some(b2) => match (beyond, v.undrawn_sides(b2).next()) {
            (Some(d), Some(e2)) if v.is_two_sided(d) && v.across(e2, b2) == Some(d) => (vec![f, e, e2], 4, 4),
            // A chain opened in its middle: declining now would leave the other end to the
            // opponent, and everything behind it.
            _ => return Some(e),
        },
        None => return Some(e),
    };
    // After declining, would the opponent have to hand out something long?
    let after = v.with(&taken);
    if let Some(decline) = exact(&after, kept) {
        return Some(if decline { f } else { e });
    }
    let safe_left = after.safe_lines().next().is_some();
    let rest = after.chains();
    if !safe_left && rest.any_long() && rest.boxes() > more_than { Some(f) } else { Some(e) }
}

/// The line of `undrawn` (not empty) that hands out the smallest chain or loop; in a 2-chain
/// its middle line, which the opponent cannot decline.
pub(crate) fn smallest_handout<V: View>(v: &V, undrawn: &[Edge]) -> Edge {
    let chains = v.chains();
    let cost = |e: Edge| {
        let Some((len, is_loop)) = chains.of_line(e) else { return (0, 0) };
        // Loops cost more than chains of the same length: they hand out all boxes but let the
        // taker keep control for four instead of two.
        let size = if is_loop { len * 2 } else { len };
        // Within a chain prefer a line inside it: a 2-chain's middle line (see
        // [`View::opens_well`]).
        (size, usize::from(!v.inside_chain(e)))
    };
    undrawn.iter().copied().min_by_key(|&e| cost(e)).unwrap_or(undrawn[0])
}

/// The greedy level: take a box (at random), else a safe line at random, else the smallest
/// hand-out.
pub(crate) fn greedy<V: View>(v: &V, undrawn: &[Edge], rng: &mut impl Rng) -> Edge {
    let takes: Vec<Edge> = undrawn.iter().copied().filter(|&e| v.completes(e) > 0).collect();
    if let Some(&e) = takes.choose(rng) {
        return e;
    }
    if let Some(&e) = v.safe_lines().collect::<Vec<_>>().choose(rng) {
        return e;
    }
    smallest_handout(v, undrawn)
}

/// Chain-theory play (after the free captures): a chain capture or all-but-two, else a safe
/// line at random, else the smallest hand-out.
pub(crate) fn chain_rules<V: View>(v: &V, undrawn: &[Edge], safe: &[Edge], rng: &mut impl Rng) -> Edge {
    if let Some(e) = chain_capture(v) {
        return e;
    }
    if let Some(&e) = safe.choose(rng) {
        return e;
    }
    smallest_handout(v, undrawn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::compact::{Geometry, LineSet};
    use crate::theory::{Chains, Compact};
    use pencilbox_grid::Dims;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Positions of boards that fit the compact form, with both forms of each: random ones
    /// (dense enough to have chains, loops and takeable boxes) and every position of a few
    /// greedy games (whose endgames hand out chains while long ones are left).
    fn positions() -> impl Iterator<Item = (Geometry, LineSet, Position)> {
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        [(1, 4), (2, 2), (3, 3), (3, 5), (4, 4), (5, 5), (2, 9), (7, 7)].into_iter().flat_map(
            move |(r, c)| {
                let dims = Dims::new(r, c).unwrap();
                let geo = Geometry::new(dims).unwrap();
                let mut drawn: Vec<LineSet> = (0..300)
                    .map(|_| {
                        // Between 40% and 95% of the lines drawn.
                        let share = rng.random_range(0.4..0.95);
                        LineSet(dims.edges().filter(|_| rng.random_bool(share)).fold(0, |m, e| m | 1 << e.0))
                    })
                    .collect();
                for _ in 0..6 {
                    let mut game = Compact::new(&geo, LineSet::EMPTY);
                    while let undrawn @ [_, ..] = &game.undrawn().collect::<Vec<_>>()[..] {
                        game = game.with(&[greedy(&game, undrawn, &mut rng)]);
                        drawn.push(game.drawn());
                    }
                }
                drawn.into_iter().map(move |d| {
                    let pos = Position::from_lines(dims, d.iter()).unwrap();
                    (geo.clone(), d, pos)
                })
            },
        )
    }

    #[test]
    fn both_forms_make_the_same_decisions() {
        let (mut captures, mut declines, mut handouts) = (0, 0, 0);
        for (geo, drawn, pos) in positions() {
            let compact = Compact::new(&geo, drawn);
            let undrawn: Vec<Edge> = compact.undrawn().collect();
            assert_eq!(pos.undrawn().collect::<Vec<_>>(), undrawn);
            if undrawn.is_empty() {
                continue;
            }
            let at = || format!("{}\n{pos}", geo.dims());
            let free = compact.free_capture();
            assert_eq!(pos.free_capture(), free, "{}", at());
            if free.is_none() && compact.takeable().next().is_some() {
                let chain = chain_capture(&compact);
                assert_eq!(chain_capture(&pos), chain, "{}", at());
                captures += 1;
                declines += usize::from(chain.is_some_and(|e| compact.completes(e) == 0));
            }
            let handout = smallest_handout(&compact, &undrawn);
            assert_eq!(smallest_handout(&pos, &undrawn), handout, "{}", at());
            handouts += usize::from(compact.gives_box(handout));
            let mut rng = ChaCha8Rng::seed_from_u64(drawn.0 as u64);
            let mut again = rng.clone();
            assert_eq!(greedy(&pos, &undrawn, &mut rng), greedy(&compact, &undrawn, &mut again), "{}", at());
        }
        // The positions exercise every rule, declining included.
        assert!(captures > 100 && declines > 10 && handouts > 100, "{captures} {declines} {handouts}");
    }

    #[test]
    fn chain_sizes_agree_line_by_line() {
        for (geo, drawn, pos) in positions().step_by(7) {
            let (compact, parts) = (Chains::of(&Compact::new(&geo, drawn)), pos.chains());
            assert_eq!(parts.any_long(), compact.any_long());
            for e in geo.undrawn(drawn).iter() {
                assert_eq!(parts.of_line(e), compact.of_line(e), "line {} of\n{pos}", e.0);
            }
        }
    }

    /// The chain-capture decision in an olympiad position, the same on both forms, as `h R C`
    /// or `v R C`.
    fn capture_in(text: &str) -> String {
        let pos: Position = text.parse().unwrap();
        let (geo, drawn) = crate::compact::from_position(&pos).unwrap();
        let compact = Compact::new(&geo, drawn);
        assert_eq!((pos.free_capture(), compact.free_capture()), (None, None), "{text}");
        let chosen = chain_capture(&pos).expect("a box to take");
        assert_eq!(chain_capture(&compact), Some(chosen), "{text}");
        crate::board::Line::of(pos.dims(), chosen).to_string()
    }

    #[test]
    fn all_but_two_keeps_control_only_when_a_long_chain_is_left() {
        // 2x4: box (0, 0) can be taken by v 0 1, which opens box (0, 1); the chain ends there,
        // as box (0, 2) has one side drawn. Declining draws v 0 2.
        //   +---+---+   +---+
        //   |                      the top row: (0, 0) takeable, (0, 1) its partner, then
        //   +---+---+---+---+      (0, 2) and (0, 3);
        //                          the bottom row a 4-chain.
        //   +---+---+---+---+
        // After declining, the opponent must open the 4-chain or the top row's 2-chain.
        assert_eq!(capture_in("2 4\n1101\n1111\n1111\n10000\n00000\n"), "v 0 2");
        // With the bottom of box (1, 2) undrawn there is a safe line left: take.
        assert_eq!(capture_in("2 4\n1101\n1111\n1101\n10000\n00000\n"), "v 0 1");
    }

    #[test]
    fn a_chain_opened_in_its_middle_is_taken_from_one_end_before_declining() {
        // 2x5: the top row a 5-chain opened by v 0 2, the bottom row another 5-chain.
        //   +---+---+---+---+---+
        //           |
        //   +---+---+---+---+---+
        //
        //   +---+---+---+---+---+
        // Box (0, 1) ends its side of the chain, but declining it (v 0 0) would leave the
        // opponent (0, 2) to (0, 4) as well: take it.
        assert_eq!(capture_in("2 5\n11111\n11111\n11111\n001000\n000000\n"), "v 0 1");
    }

    #[test]
    fn all_but_four_declines_the_end_of_a_loop_when_more_than_four_boxes_are_to_come() {
        // 2x6: a 4-loop in the left 2x2 block opened by v 0 1 (boxes (0, 0) and (0, 1) can be
        // taken, (1, 0) and (1, 1) behind them); the right 2x4 block an 8-chain. Declining
        // draws v 1 1 and leaves two dominoes.
        //   +---+---+   +---+---+---+
        //   |   |   |               |
        //   +   +   +---+---+---+   +
        //   |       |               |
        //   +---+---+   +---+---+---+
        assert_eq!(capture_in("2 6\n110111\n001110\n110111\n1110001\n1010001\n"), "v 1 1");
        // 2x4: the same loop beside a 4-chain only: declining gives four boxes to get four,
        // taking gets four and gives four; take.
        assert_eq!(capture_in("2 4\n1101\n0010\n1101\n11101\n10101\n"), "h 1 0");
    }
}
