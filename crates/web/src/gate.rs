//! A test hook (compiled only for the crate's unit tests): engine jobs that say when they have
//! started and then wait until the test lets them run, so that a test can act while a job is
//! known to be running instead of sleeping and hoping it is.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

/// Held by the server's [`Config`](crate::Config); every engine job passes it before its work.
#[derive(Debug)]
pub(crate) struct Gate {
    entered: Notify,
    /// Disconnects when the test drops its [`Held`]: from then on every job passes at once.
    opened: Mutex<Receiver<()>>,
}

/// The test's side of a closed gate; dropping it (also when the test panics) opens the gate.
#[derive(Debug)]
pub(crate) struct Held {
    _open_on_drop: Sender<()>,
}

impl Gate {
    /// A closed gate and the handle that opens it.
    pub(crate) fn closed() -> (Arc<Gate>, Held) {
        let (tx, rx) = channel();
        (Arc::new(Gate { entered: Notify::new(), opened: Mutex::new(rx) }), Held { _open_on_drop: tx })
    }

    /// Called by a job on the blocking pool: says it started, then waits for the gate to open.
    pub(crate) fn pass(&self) {
        self.entered.notify_one();
        // Nothing is ever sent: `recv` returns when the test drops its `Held`.
        let _ = self.opened.lock().unwrap_or_else(std::sync::PoisonError::into_inner).recv();
    }

    /// Returns once a job is waiting at the gate.
    pub(crate) async fn entered(&self) {
        self.entered.notified().await;
    }
}

impl Held {
    /// Lets the waiting job, and every later one, run.
    pub(crate) fn open(self) {}
}
