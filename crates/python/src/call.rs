//! How a call crosses the boundary: its errors as Python exceptions, and long work off the GIL,
//! cut short by Ctrl-C.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
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

/// Runs `work` on a thread of its own with the GIL released, while this thread looks for Python
/// signals: on Ctrl-C (or any signal handler's exception) it sets the flag `work` was given,
/// waits for it to stop and raises the exception. The flag is how engines are cancelled.
pub fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(Arc<AtomicBool>) -> T + Send) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel();
            let worker = scope.spawn(move || {
                let answer = work(flag);
                // The receiver waits until the end; nothing is lost if it has gone.
                let _ = done.send(());
                answer
            });
            let mut interrupted = None;
            loop {
                match finished.recv_timeout(SIGNAL_POLL) {
                    Err(mpsc::RecvTimeoutError::Timeout) if interrupted.is_none() => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            cancel.store(true, Ordering::Relaxed);
                            interrupted = Some(e);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            let answer = worker.join().map_err(|_| {
                pyo3::exceptions::PyRuntimeError::new_err("the engine's thread panicked (a bug in pencilbox)")
            })?;
            match interrupted {
                Some(e) => Err(e),
                None => Ok(answer),
            }
        })
    })
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
