//! Many independent jobs (the games of a match or a tournament) on a few threads, with a
//! progress bar on standard error.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use indicatif::{ProgressBar, ProgressStyle};

/// What the threads share: every finished job's result, the caller's `done` and the first
/// error.
struct Shared<R, D> {
    results: Vec<Option<R>>,
    done: D,
    error: Option<anyhow::Error>,
}

/// Runs `work(i)` for every `i` in `0..count` on `threads` threads, jobs starting in index order.
/// After each job, `done(i, &result)` runs (one at a time, in the order the jobs finish: the
/// place to write a result file) and returns the progress bar's message. The first error of
/// `work` or `done` stops the pool: no new job starts, and that error is returned. Otherwise the
/// results come back in index order.
pub fn run<R, D>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> anyhow::Result<R> + Sync,
    done: D,
) -> anyhow::Result<Vec<R>>
where
    R: Send,
    D: FnMut(usize, &R) -> anyhow::Result<String> + Send,
{
    let bar = ProgressBar::new(count as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed_precise} eta {eta} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let shared = Mutex::new(Shared {
        results: std::iter::repeat_with(|| None).take(count).collect(),
        done,
        error: None,
    });
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, count.max(1)) {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let result = work(i);
                    let mut guard = shared.lock().unwrap_or_else(PoisonError::into_inner);
                    let state = &mut *guard;
                    match result.and_then(|r| Ok(((state.done)(i, &r)?, r))) {
                        Ok((message, r)) => {
                            state.results[i] = Some(r);
                            bar.set_message(message);
                            bar.inc(1);
                        }
                        Err(e) => {
                            state.error.get_or_insert(e);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    let shared = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    match shared.error {
        Some(e) => Err(e),
        None => Ok(shared.results.into_iter().flatten().collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_runs_once_and_results_keep_their_order() {
        let mut finished = Vec::new();
        let out = run(
            50,
            3,
            |i| Ok(i * i),
            |i, &r| {
                finished.push(i);
                assert_eq!(r, i * i);
                Ok(format!("{i}"))
            },
        )
        .unwrap();
        assert_eq!(out, (0..50).map(|i| i * i).collect::<Vec<_>>());
        finished.sort_unstable();
        assert_eq!(finished, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn the_first_error_stops_the_pool() {
        let started = AtomicUsize::new(0);
        let got = run(
            1000,
            1,
            |i| {
                started.fetch_add(1, Ordering::Relaxed);
                if i == 3 { anyhow::bail!("job {i} failed") } else { Ok(i) }
            },
            |_, _| Ok(String::new()),
        );
        assert_eq!(got.unwrap_err().to_string(), "job 3 failed");
        assert_eq!(started.load(Ordering::Relaxed), 4, "one thread: no job after the failed one");
        let got =
            run(5, 2, Ok, |i, _| if i == 0 { anyhow::bail!("cannot write") } else { Ok(String::new()) });
        assert_eq!(got.unwrap_err().to_string(), "cannot write");
    }

    #[test]
    fn no_jobs_no_threads_needed() {
        assert!(
            run(0, 4, |_| -> anyhow::Result<()> { unreachable!() }, |_, _| Ok(String::new()))
                .unwrap()
                .is_empty()
        );
    }
}
