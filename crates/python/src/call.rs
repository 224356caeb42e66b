//! How a call crosses the boundary: its errors as Python exceptions, and long work off the GIL,
//! cut short by Ctrl-C.

use std::cell::RefCell;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::panic::PanicException;
use pyo3::prelude::*;

pyo3::create_exception!(
    pencilbox,
    InputError,
    PyValueError,
    "Input the engines cannot take: a malformed position or puzzle (the message names the line \
     and column where the text has them), or a size, level or option out of range."
);

/// The error of bad input, with the engine's message (its causes joined, as the CLI prints them).
pub fn input_error(e: impl std::error::Error) -> PyErr {
    let mut message = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !message.contains(&text) {
            message = format!("{message}: {text}");
        }
        source = cause.source();
    }
    InputError::new_err(message)
}

/// A bad argument, in words.
pub fn invalid(message: impl Into<String>) -> PyErr {
    InputError::new_err(message.into())
}

/// How often a long call looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Work handed to a calling thread's worker.
type Job = Box<dyn FnOnce() + Send>;

thread_local! {
    /// The worker thread of this (Python) thread: it runs the long calls made here, one at a
    /// time, and ends with it. One that lives on keeps what the engines allocate warm (a
    /// transposition table freed by one call is reused by the next without page faults, where
    /// a new thread per call would cost more than a small solve); one per calling thread keeps
    /// the calls of different Python threads parallel.
    static WORKER: RefCell<Option<mpsc::Sender<Job>>> = const { RefCell::new(None) };
}

/// Runs `job` on this thread's worker, starting one if there is none (or it has gone).
fn submit(job: Job) -> PyResult<()> {
    WORKER.with(|worker| {
        let mut worker = worker.borrow_mut();
        let job = match worker.as_ref() {
            Some(w) => match w.send(job) {
                Ok(()) => return Ok(()),
                // Its thread has gone (it cannot, short of an abort): start another.
                Err(mpsc::SendError(job)) => job,
            },
            None => job,
        };
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("pencilbox".into())
            .spawn(move || queue.into_iter().for_each(|job| job()))
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start the engine's thread: {e}")))?;
        let sent = jobs.send(job).map_err(|_| PyRuntimeError::new_err("the engine's thread has gone"));
        *worker = Some(jobs);
        sent
    })
}

/// Runs `work` on this thread's worker with the GIL released, while this thread looks for
/// Python signals: on Ctrl-C (or any signal handler's exception) it sets the flag `work` was
/// given, waits for it to stop and raises the exception. The flag is how engines are cancelled.
/// A panic of the engine is raised as PyO3's `PanicException`.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let (done, answer) = mpsc::channel();
    submit(Box::new(move || {
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| work(flag)));
        // The caller waits for the answer; nothing is lost if it has gone.
        let _ = done.send(result);
    }))?;
    let (result, interrupted) = py.detach(move || {
        let mut interrupted = None;
        let result = loop {
            match answer.recv_timeout(SIGNAL_POLL) {
                Ok(result) => break Some(result),
                Err(mpsc::RecvTimeoutError::Disconnected) => break None,
                Err(mpsc::RecvTimeoutError::Timeout) if interrupted.is_none() => {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        cancel.store(true, Ordering::Relaxed);
                        interrupted = Some(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        };
        (result, interrupted)
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    match result {
        Some(Ok(answer)) => Ok(answer),
        Some(Err(panic)) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(ToString::to_string)
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(PanicException::new_err(format!("the engine panicked (a bug in pencilbox): {message}")))
        }
        None => Err(PyRuntimeError::new_err("the engine's thread ended without an answer")),
    }
}

/// The deadline `seconds` from now; `None` for no limit. Negative, infinite or not-a-number
/// limits are refused.
pub fn deadline(seconds: Option<f64>, name: &str) -> PyResult<Option<Instant>> {
    let Some(seconds) = seconds else { return Ok(None) };
    let limit = Duration::try_from_secs_f64(seconds).map_err(|_| {
        invalid(format!("{name} must be a finite number of seconds, at least 0, not {seconds}"))
    })?;
    Instant::now()
        .checked_add(limit)
        .map(Some)
        .ok_or_else(|| invalid(format!("{name} is too long: {seconds} s")))
}

/// A whole-number argument in the range of `T`: a negative or too large one is bad input,
/// named, where PyO3 would raise `OverflowError` for an unsigned parameter.
fn whole<T: TryFrom<i128>>(value: i128, name: &str, max: impl std::fmt::Display) -> PyResult<T> {
    T::try_from(value)
        .map_err(|_| invalid(format!("{name} must be a whole number from 0 to {max}, not {value}")))
}

pub fn to_usize(value: i128, name: &str) -> PyResult<usize> {
    whole(value, name, usize::MAX)
}

pub fn to_u64(value: i128, name: &str) -> PyResult<u64> {
    whole(value, name, u64::MAX)
}

pub fn to_u32(value: i128, name: &str) -> PyResult<u32> {
    whole(value, name, u32::MAX)
}
