//! The one way every engine says that it ran out of time.
//!
//! Engines read no clock of their own: a caller that wants an answer by some instant passes a
//! deadline, and work that cannot finish by then returns [`OutOfTime`]. A node budget that
//! stands in for a deadline (to make a test or a measurement repeatable) ends the same way.

use std::time::Instant;

/// The deadline (or the node budget standing in for one) passed before the work finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("ran out of time before the work was done")]
pub struct OutOfTime;

/// Whether `deadline` is set and has passed.
pub fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}
