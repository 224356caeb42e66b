//! Nimstring: who wins the fight for control.
//!
//! Nimstring (Berlekamp, Conway and Guy, *Winning Ways*, ch. "Dots-and-Boxes"; Berlekamp, *The
//! Dots-and-Boxes Game*, 2000) is Dots-and-Boxes with the boxes' worth removed: the lines are
//! drawn by the same rules (a player who completes a box moves again) and the player who cannot
//! move loses, so whoever completes the last box loses. Winning it is having control in
//! Dots-and-Boxes: making the opponent open the last long chain or loop. The analyses report it
//! ([`crate::analysis::fight`]): who can win control, and which moves keep that chance.
//!
//! Control is not the value. On 5×5 midgame positions the Nimstring-winning moves are often not
//! the best ones, and sometimes the only one loses boxes (docs/PERFORMANCE.md, Dots-and-Boxes,
//! "Tried and dropped"), so the bots do not restrict their moves to them.
//!
//! The search is exact and needs no box counts; it rests on three facts of Nimstring (*Winning
//! Ways*, "Nimstring"; the arguments for the first two are at [`settle`], and a brute force over
//! every position of boards up to 2×3 and random positions of larger ones checks them in the
//! tests):
//!
//! * a **loony** position, one where the player to move may either take the boxes offered and
//!   move, or decline them with a move that keeps the rest of the board the same and passes the
//!   turn, is won by the player to move (whichever side of the rest is lost, they choose the
//!   other), so a move that offers one loses and need not be searched;
//! * boxes that can be taken without such a choice (a single box whose fourth side goes to the
//!   edge of the board or to a box with at most one side drawn; two or three boxes in a row
//!   with three sides drawn at both ends) are taken at once: taking them passes no turn and
//!   leaves nobody a choice;
//! * the value depends only on the lines drawn, so a position is kept in the table under the
//!   solver's key of its class under the board's symmetries and exchanges of twin lines (the two
//!   border lines of a corner box): [`Geometry::class_key`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use pencilbox_grid::{Edge, OutOfTime};

use crate::compact::{Geometry, LineSet, SOLVER_MAX_LINES};
use crate::theory::{Compact, View};

/// How often (in nodes, a power of two) the deadline is read.
const CLOCK_EVERY: u64 = 1 << 10;

/// What the player to move faces once every free box is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// Boxes are offered with the choice to decline them: the player to move wins Nimstring.
    Loony,
    /// No box can be taken; these are the lines drawn once the free ones were taken.
    Quiet(LineSet),
}

/// Takes every box that can be taken without a choice and reports whether some box is offered
/// with one (a loony offer).
///
/// A box B with three sides drawn starts a *run* ([`View::takeable_run`]): B, then each box
/// with exactly two sides drawn reached through the undrawn sides. The run stops either at an
/// *exit*, the edge of the board or a box with at most one side drawn (which the run's last line
/// reaches), or at another box with three sides drawn, which then belongs to the run: a chain
/// handed out in its middle or at both ends, or an opened loop. Let k be the run's number of
/// boxes.
///
/// * An exit, k = 1: every move that touches B takes it, and taking it passes no turn and
///   gives nobody a choice, so it is taken at once. Free.
/// * An exit, k ≥ 2: the player may take the run (its last line goes to the exit) or take all
///   but the last two and draw that same last line, which leaves the two as a double box and
///   passes the turn. Either way the rest of the board is the same, so the player to move
///   chooses who moves next in it: loony.
/// * Three sides at both ends, k ≤ 3: every undrawn line of the run completes a box, so there
///   is no way to pass the turn with it. Free: the whole run is taken.
/// * Three sides at both ends, k ≥ 4: take all but four and draw the middle line of the four,
///   which leaves two double boxes: loony again.
pub fn settle(geo: &Geometry, drawn: LineSet) -> Settled {
    let mut drawn = drawn;
    loop {
        let pos = Compact::new(geo, drawn);
        let Some(start) = pos.takeable().next() else {
            return Settled::Quiet(drawn);
        };
        let mut lines = 0u128;
        let run = pos.takeable_run(start, |e| lines |= 1 << e.0);
        let free = if run.closed { run.boxes <= 3 } else { run.boxes == 1 };
        if !free {
            return Settled::Loony;
        }
        drawn = LineSet(drawn.0 | lines);
    }
}

/// The solved positions: a direct-mapped table of keys, each with the result in a bit of its
/// own (a key uses at most 128 bits, so the result is kept beside it). A collision replaces the
/// older entry: the table only saves work, it never changes an answer.
#[derive(Debug)]
struct Table {
    /// log2 of the number of slots.
    bits: u32,
    keys: Vec<u128>,
    /// Bit 0: the slot holds a key; bit 1: the player to move wins.
    flags: Vec<u8>,
}

impl Table {
    fn new(bits: u32) -> Self {
        Table { bits, keys: vec![0; 1 << bits], flags: vec![0; 1 << bits] }
    }
    fn slot(&self, key: u128) -> usize {
        let h = (key as u64 ^ ((key >> 64) as u64).rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - self.bits)) as usize
    }
    fn get(&self, key: u128) -> Option<bool> {
        let i = self.slot(key);
        (self.flags[i] & 1 == 1 && self.keys[i] == key).then_some(self.flags[i] & 2 == 2)
    }
    fn put(&mut self, key: u128, won: bool) {
        let i = self.slot(key);
        self.keys[i] = key;
        self.flags[i] = 1 | u8::from(won) << 1;
    }
}

/// Slots of the table (as a power of two): 2^21 slots, 36 MB, allocated zeroed, so the pages a
/// small search never touches cost nothing.
const TABLE_BITS: u32 = 21;

/// The fight for control decided exactly: who wins Nimstring, and after which moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcomes {
    /// Whether the player to move wins Nimstring: in Dots-and-Boxes, can make the other player
    /// open the last chain or loop.
    pub mover_wins: bool,
    /// Every legal move, in line-number order, with whether the player who draws it wins
    /// afterwards (`None` when the time ran out before that move was decided: only when the
    /// player to move wins, since otherwise every move loses).
    pub moves: Vec<(Edge, Option<bool>)>,
}

impl Outcomes {
    /// Whether drawing `e` wins for the player who draws it, when that was decided.
    pub fn of(&self, e: Edge) -> Option<bool> {
        self.moves.iter().find(|m| m.0 == e)?.1
    }
}

/// The table key of a position: the key of its class ([`Geometry::class_key`]).
fn key(geo: &Geometry, drawn: LineSet) -> u128 {
    geo.class_key(drawn).0.0
}

/// An exact Nimstring search with its table of solved positions (kept between calls on the
/// same board).
#[derive(Debug)]
pub struct Nimstring<'g> {
    geo: &'g Geometry,
    /// Settled positions (symmetry- and twin-normalised) and whether the player to move wins.
    table: Table,
    deadline: Option<Instant>,
    /// Set by another thread to stop the search as at a deadline.
    stop: Option<&'g AtomicBool>,
    nodes: u64,
}

impl<'g> Nimstring<'g> {
    pub fn new(geo: &'g Geometry) -> Self {
        Nimstring { geo, table: Table::new(TABLE_BITS), deadline: None, stop: None, nodes: 0 }
    }

    /// Stops every search after `deadline` with [`OutOfTime`] (what was solved stays known).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Stops every search with [`OutOfTime`] once `stop` is set (read when the clock is).
    pub fn set_stop(&mut self, stop: Option<&'g AtomicBool>) {
        self.stop = stop;
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the player to move in `drawn` wins Nimstring.
    pub fn wins(&mut self, drawn: LineSet) -> Result<bool, OutOfTime> {
        match settle(self.geo, drawn) {
            Settled::Loony => Ok(true),
            Settled::Quiet(quiet) => self.search(quiet),
        }
    }

    /// Whether drawing `e` (undrawn) in `drawn` wins Nimstring for the player who draws it.
    pub fn move_wins(&mut self, drawn: LineSet, e: Edge) -> Result<bool, OutOfTime> {
        let after = drawn.with(e);
        if Compact::new(self.geo, drawn).completes(e) > 0 {
            self.wins(after)
        } else {
            self.wins(after).map(|w| !w)
        }
    }

    /// Whether the player to move in `drawn` wins, then every undrawn line in line-number order
    /// with whether it wins for the player who draws it (`None` for the lines not decided when
    /// the deadline passed). The position comes first: deciding it takes one winning move at
    /// most, and when it is lost every move is lost. Fails when not even the position is
    /// decided.
    pub fn outcomes(&mut self, drawn: LineSet) -> Result<Outcomes, OutOfTime> {
        let mover_wins = self.wins(drawn)?;
        let mut out_of_time = false;
        let moves = self
            .geo
            .undrawn(drawn)
            .iter()
            .map(|e| {
                let won = match mover_wins {
                    false => Some(false),
                    true if out_of_time => None,
                    true => self.move_wins(drawn, e).inspect_err(|_| out_of_time = true).ok(),
                };
                (e, won)
            })
            .collect();
        Ok(Outcomes { mover_wins, moves })
    }

    /// The search proper, on a position with no box to take.
    fn search(&mut self, drawn: LineSet) -> Result<bool, OutOfTime> {
        let geo = self.geo;
        let undrawn = geo.undrawn(drawn);
        if undrawn == LineSet::EMPTY {
            return Ok(false);
        }
        let key = key(geo, drawn);
        if let Some(won) = self.table.get(key) {
            return Ok(won);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && (self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
                || pencilbox_grid::past(self.deadline))
        {
            return Err(OutOfTime);
        }
        let won = self.any_winning_move(drawn, undrawn)?;
        self.table.put(key, won);
        Ok(won)
    }

    /// Whether some move of the quiet position `drawn` leaves the opponent lost. A move that
    /// leaves a loony position loses and is dropped; one line per twin group is tried. The
    /// children already in the table are looked up before any is searched (an enhanced
    /// transposition cutoff), and the moves that hand out boxes come first: a hand-out is often
    /// the winning move, and a child already settled costs one look-up instead of a search, so
    /// more positions are decided in the analyses' time (docs/PERFORMANCE.md, "The fight for
    /// control (Nimstring)").
    fn any_winning_move(&mut self, drawn: LineSet, undrawn: LineSet) -> Result<bool, OutOfTime> {
        let geo = self.geo;
        // One line per twin group, split into those that hand out a box and the safe ones.
        let mut tried = 0u128;
        for e in undrawn.iter() {
            if tried & geo.twin_group_of(e) == 0 {
                tried |= 1 << e.0;
            }
        }
        let giving = tried & !Compact::new(geo, drawn).safe_set().0;
        // The children that are not loony, kept on the stack (no allocation per node).
        let mut children = [LineSet::EMPTY; SOLVER_MAX_LINES];
        let mut n = 0;
        for e in LineSet(giving).iter().chain(LineSet(tried & !giving).iter()) {
            if let Settled::Quiet(after) = settle(geo, drawn.with(e)) {
                if geo.undrawn(after) == LineSet::EMPTY || self.table.get(key(geo, after)) == Some(false) {
                    return Ok(true);
                }
                children[n] = after;
                n += 1;
            }
        }
        for &after in &children[..n] {
            if !self.search(after)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pencilbox_grid::Dims;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    /// Nimstring by its rules alone: every line tried, a completed box moves again, the player
    /// who cannot move loses; memoised on the lines drawn.
    fn brute(geo: &Geometry, drawn: LineSet, memo: &mut HashMap<u128, bool>) -> bool {
        if let Some(&w) = memo.get(&drawn.0) {
            return w;
        }
        let won = geo.undrawn(drawn).iter().any(|e| {
            let after = drawn.with(e);
            if Compact::new(geo, drawn).completes(e) > 0 {
                brute(geo, after, memo)
            } else {
                !brute(geo, after, memo)
            }
        });
        memo.insert(drawn.0, won);
        won
    }

    fn check_every_position(dims: Dims) {
        let geo = Geometry::new(dims).unwrap();
        let n = geo.num_lines();
        let mut memo = HashMap::new();
        let mut nim = Nimstring::new(&geo);
        for bits in 0u128..1 << n {
            let drawn = LineSet(bits);
            assert_eq!(nim.wins(drawn).unwrap(), brute(&geo, drawn, &mut memo), "{dims} {bits:b}");
        }
    }

    #[test]
    fn matches_the_rules_on_every_small_position() {
        for dims in ["1x1", "1x2", "1x3", "2x2", "1x4", "2x3"] {
            check_every_position(dims.parse().unwrap());
        }
    }

    #[test]
    fn matches_the_rules_on_random_3x3_2x4_and_1x7_positions() {
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        for dims in ["3x3", "2x4", "1x7"] {
            let geo = Geometry::new(dims.parse().unwrap()).unwrap();
            let mut memo = HashMap::new();
            let mut nim = Nimstring::new(&geo);
            let n = geo.num_lines();
            for _ in 0..300 {
                // A third of the lines or more drawn keeps the brute force to seconds.
                let drawn = (0..rng.random_range(n / 3..n))
                    .fold(LineSet::EMPTY, |d, _| d.with(Edge(rng.random_range(0..n))));
                assert_eq!(nim.wins(drawn).unwrap(), brute(&geo, drawn, &mut memo), "{dims} {:b}", drawn.0);
                for e in geo.undrawn(drawn).iter() {
                    let after = drawn.with(e);
                    let want = if Compact::new(&geo, drawn).completes(e) > 0 {
                        brute(&geo, after, &mut memo)
                    } else {
                        !brute(&geo, after, &mut memo)
                    };
                    assert_eq!(nim.move_wins(drawn, e).unwrap(), want);
                }
            }
        }
    }

    #[test]
    fn outcomes_agree_with_the_position_and_each_move() {
        let geo = Geometry::new("3x3".parse().unwrap()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut memo = HashMap::new();
        for _ in 0..100 {
            let drawn = (0..rng.random_range(8..24))
                .fold(LineSet::EMPTY, |d, _| d.with(Edge(rng.random_range(0..24))));
            let mut nim = Nimstring::new(&geo);
            let Outcomes { mover_wins: won, moves } = nim.outcomes(drawn).unwrap();
            assert_eq!(won, brute(&geo, drawn, &mut memo));
            let lines: Vec<Edge> = moves.iter().map(|m| m.0).collect();
            assert_eq!(lines, geo.undrawn(drawn).iter().collect::<Vec<_>>());
            assert_eq!(won, moves.iter().any(|m| m.1 == Some(true)));
            for (e, w) in moves {
                let mut fresh = Nimstring::new(&geo);
                assert_eq!(w, Some(fresh.move_wins(drawn, e).unwrap()));
            }
        }
        // Past its deadline a search that needs more than a few nodes is not decided.
        let geo = Geometry::new("5x5".parse().unwrap()).unwrap();
        let mut nim = Nimstring::new(&geo);
        nim.set_deadline(Some(Instant::now()));
        assert_eq!(nim.outcomes(LineSet::EMPTY), Err(OutOfTime));
    }

    #[test]
    fn moves_left_undecided_at_the_deadline_are_none_and_the_rest_exact() {
        // A 4×4 position the player to move wins, decided once without a deadline: then with
        // the deadline passed the position is known from the table, and the moves are decided
        // until a search needs more than a few nodes (the clock is read every 1,024).
        let geo = Geometry::new("4x4".parse().unwrap()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (drawn, mut nim) = loop {
            let drawn = (0..12).fold(LineSet::EMPTY, |d, _| d.with(Edge(rng.random_range(0..40))));
            let mut nim = Nimstring::new(&geo);
            if nim.wins(drawn).unwrap() && !Compact::new(&geo, drawn).can_take() {
                break (drawn, nim);
            }
        };
        nim.set_deadline(Some(Instant::now()));
        let out = nim.outcomes(drawn).unwrap();
        assert!(out.mover_wins);
        assert!(out.moves.iter().any(|m| m.1.is_none()), "{out:?}");
        for (e, w) in out.moves {
            if let Some(w) = w {
                assert_eq!(w, Nimstring::new(&geo).move_wins(drawn, e).unwrap());
            }
        }
    }

    fn lines(list: &[usize]) -> LineSet {
        list.iter().fold(LineSet::EMPTY, |d, &e| d.with(Edge(e)))
    }

    #[test]
    fn runs_are_free_or_loony_by_their_length_and_ends() {
        // 1×3: tops 0–2, bottoms 3–5, verticals 6–9 from the left.
        let geo = Geometry::new("1x3".parse().unwrap()).unwrap();
        // A chain of three opened at its left end: loony.
        assert_eq!(settle(&geo, lines(&[0, 1, 2, 3, 4, 5, 6])), Settled::Loony);
        // Opened at both ends: three boxes, free.
        assert_eq!(settle(&geo, lines(&[0, 1, 2, 3, 4, 5, 6, 9])), Settled::Quiet(geo.all_lines()));
        // Handed out between its last two boxes: a double box and a single box, free.
        assert_eq!(settle(&geo, lines(&[0, 1, 2, 3, 4, 5, 6, 8])), Settled::Quiet(geo.all_lines()));
        // One box with three sides beside a box with none: free, and only that box is taken.
        assert_eq!(settle(&geo, lines(&[0, 3, 6])), Settled::Quiet(lines(&[0, 3, 6, 7])));
        // 1×4 opened at both ends: four boxes, loony (all but four, then the middle line).
        let geo = Geometry::new("1x4".parse().unwrap()).unwrap();
        let both_ends = lines(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 12]);
        assert_eq!(settle(&geo, both_ends), Settled::Loony);
    }
}
