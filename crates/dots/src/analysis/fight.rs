//! The fight for control decided exactly, by Nimstring, on a thread of its own beside the solve.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::board::Position;
use crate::compact::{self, GeometryError};
use crate::nimstring::Nimstring;
pub use crate::nimstring::Outcomes as Fight;

use super::Missing;

/// The least time the analyses give the fight when their own work ends sooner, with no time
/// limit: enough to decide most 5×5 positions with up to 40 undrawn lines, and short enough for a
/// person waiting on the answer; from 41 the fight seldom finishes in any time an analysis could
/// wait (docs/PERFORMANCE.md, "The fight for control (Nimstring)").
pub const FIGHT_BUDGET: Duration = Duration::from_secs(2);

/// With a time limit, that least time is this fraction of it (at most [`FIGHT_BUDGET`]): a
/// short answer is not held back long for the fight.
pub const FIGHT_SHARE: u32 = 8;

/// How often a wait for the fight looks at the caller's cancel flag, which no channel can
/// announce: short beside a person's patience, long beside a thread's wake-up.
const CANCEL_SLICE: Duration = Duration::from_millis(20);

/// The least time the analyses give the fight beside their work, given their time limit (if
/// any): the smaller of [`FIGHT_BUDGET`] and `limit / FIGHT_SHARE`.
pub fn fight_least(limit: Option<Duration>) -> Duration {
    limit.map_or(FIGHT_BUDGET, |limit| (limit / FIGHT_SHARE).min(FIGHT_BUDGET))
}

/// The fight for control in `pos` decided exactly, with the outcome of every move decided by
/// `deadline` ([`Nimstring::outcomes`]), or why not: the game is over, the board is beyond the
/// compact form, or not even the position was decided by `deadline` (or before `stop` was set).
pub fn fight(pos: &Position, deadline: Option<Instant>, stop: Option<&AtomicBool>) -> Result<Fight, Missing> {
    let (geo, drawn) = compact::from_position(pos)
        .map_err(|GeometryError::TooManyLines { lines, max, .. }| Missing::TooLarge { lines, max })?;
    if geo.undrawn(drawn).count() == 0 {
        return Err(Missing::GameOver);
    }
    let mut nim = Nimstring::new(&geo);
    nim.set_deadline(deadline);
    nim.set_stop(stop);
    nim.outcomes(drawn).map_err(|_| Missing::OutOfTime)
}

/// Runs `work` on this thread while [`fight`] decides the fight for control in `pos` on another
/// (the analyses' value solve is the work: it keeps its whole time, and the fight uses the
/// second core). The fight stops at `deadline`, or once `work` is done and `least` has passed,
/// whichever comes first; it does not hold the answer back when it finishes sooner. When
/// `cancel` is set (the caller no longer wants the answer), it stops as soon as `work` is done,
/// and says it was cancelled.
pub(super) fn beside<T>(
    pos: &Position,
    least: Instant,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
    work: impl FnOnce() -> T,
) -> (Result<Fight, Missing>, T) {
    let stop = AtomicBool::new(false);
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        let stop = &stop;
        let fight = scope.spawn(move || {
            let fight = fight(pos, deadline, Some(stop));
            // The receiver may have stopped waiting: nothing to tell it then.
            let _ = done.send(());
            fight
        });
        let out = work();
        // Wait for the fight until `least` (it reports when it finishes), then stop it; a
        // caller who cancels meanwhile gets the cores back within one slice.
        while !cancelled() {
            let left = least.saturating_duration_since(Instant::now());
            match finished.recv_timeout(left.min(CANCEL_SLICE)) {
                Err(mpsc::RecvTimeoutError::Timeout) if !left.is_zero() => {}
                _ => break,
            }
        }
        stop.store(true, Ordering::Relaxed);
        // The fight only reads the position: a panic there is a bug worth reporting.
        let fight = fight.join().expect("the fight for control's thread panicked");
        let fight = match fight {
            Err(Missing::OutOfTime) if cancelled() => Err(Missing::Cancelled),
            fight => fight,
        };
        (fight, out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pencilbox_grid::Edge;

    fn empty(r: usize, c: usize) -> Position {
        Position::empty(r, c).unwrap()
    }

    #[test]
    fn the_exact_fight_agrees_with_each_move() {
        // 2×2 with the two top lines drawn, and the same board with every line but one drawn.
        let mut pos = empty(2, 2);
        for e in [0, 1] {
            pos.play_unchecked(Edge(e));
        }
        let far = Instant::now() + Duration::from_secs(600);
        let f = fight(&pos, Some(far), None).unwrap();
        assert_eq!(f.moves.len(), pos.num_undrawn());
        assert_eq!(f.mover_wins, f.moves.iter().any(|m| m.1 == Some(true)));
        assert!(f.moves.iter().all(|m| m.1.is_some()));
        // The last line takes the last box: its taker cannot move again and loses.
        let mut last = empty(1, 1);
        for e in [0, 1, 2] {
            last.play_unchecked(Edge(e));
        }
        assert_eq!(
            fight(&last, Some(far), None),
            Ok(Fight { mover_wins: false, moves: vec![(Edge(3), Some(false))] })
        );
        // Over, beyond the compact form, out of time, stopped: each says why.
        last.play_unchecked(Edge(3));
        assert_eq!(fight(&last, Some(far), None), Err(Missing::GameOver));
        assert_eq!(fight(&empty(8, 8), Some(far), None), Err(Missing::TooLarge { lines: 144, max: 128 }));
        assert_eq!(fight(&empty(5, 5), Some(Instant::now()), None), Err(Missing::OutOfTime));
        assert_eq!(fight(&empty(5, 5), None, Some(&AtomicBool::new(true))), Err(Missing::OutOfTime));
    }

    #[test]
    fn the_fight_beside_other_work_stops_with_it_or_answers() {
        let far = Instant::now() + Duration::from_secs(600);
        // The empty 5×5 board is not decided in the blink the work takes: stopped, no answer.
        let (f, out) = beside(&empty(5, 5), Instant::now(), Some(far), None, || 42);
        assert_eq!((f, out), (Err(Missing::OutOfTime), 42));
        // Cancelled by the caller: said so.
        let cancel = AtomicBool::new(true);
        let (f, out) = beside(&empty(5, 5), far, Some(far), Some(&cancel), || 42);
        assert_eq!((f, out), (Err(Missing::Cancelled), 42));
        // Cancelled from another thread, before or while the fight is waited for: the wait
        // ends then, not at `least` (ten minutes away).
        let cancel = AtomicBool::new(false);
        let (f, out) = std::thread::scope(|scope| {
            beside(&empty(5, 5), far, Some(far), Some(&cancel), || {
                scope.spawn(|| cancel.store(true, Ordering::Relaxed));
                42
            })
        });
        assert_eq!((f, out), (Err(Missing::Cancelled), 42));
        // The empty 2×2 board is decided long before the least time, and the answer is not
        // held back until then (the test would take ten minutes).
        let (f, out) = beside(&empty(2, 2), far, None, None, || "done");
        assert_eq!((f.map(|f| f.mover_wins), out), (Ok(false), "done"));
    }
}
