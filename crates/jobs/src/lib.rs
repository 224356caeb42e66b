//! Work split into independent jobs, run anywhere, with a file-based record of results.
//!
//! The contract, one for every kind of job (a Dots-and-Boxes solve's parts, an Islands
//! tournament's games, a batch of Slitherlink puzzles):
//!
//! - A **job file** holds one job per line, as JSON: its `kind`, its `input` (everything the
//!   job needs, so that it runs on any machine), and the pencilbox `version` that wrote it. A
//!   job's index is its line number, from 0.
//! - Running job `i` writes one **result file**, `DIR/i.json`, atomically: it is written under a
//!   temporary name and renamed, so a job killed midway leaves no result. The result names the
//!   job it answers by a fingerprint of the job's line, so a results folder cannot be merged
//!   against the wrong job file.
//! - A job that has its result is done: running it again does nothing. A job that failed is
//!   recorded as failed, with its message, and is run again when asked.
//!
//! The engines that run the jobs are existing ones (Slurm job arrays, GNU parallel): this crate
//! only reads job files, decides which jobs are left, and keeps the record.

mod indices;
mod job;
mod record;
mod status;

pub use indices::{Indices, IndicesError, array_syntax};
pub use job::{Job, JobFile, fingerprint};
pub use record::{Done, Outcome, Ran, Record, Results};
pub use status::{Failed, Status, status};

/// Everything that can be wrong with a job file, a results folder or the indices asked for.
/// Each is the user's to fix (exit code 2 in the command-line tool); nothing is overwritten.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JobsError {
    #[error("{file}, line {line}: {message}")]
    Malformed { file: String, line: usize, message: String },
    #[error("{file} holds no jobs")]
    Empty { file: String },
    #[error(
        "job {index} was written by pencilbox {found}; this is pencilbox {expected}: run it with that version, or write the jobs again with this one"
    )]
    Version { index: usize, found: String, expected: String },
    #[error("job {index} is of kind `{found}`, not `{expected}`")]
    Kind { index: usize, found: String, expected: String },
    #[error("job {index} does not exist: the job file has {count} jobs (0-{})", .count.saturating_sub(1))]
    OutOfRange { index: usize, count: usize },
    #[error("{path}: {why}; it is left as it is: move it away if it is not needed")]
    Foreign { path: String, why: String },
    #[error(transparent)]
    Indices(#[from] IndicesError),
    // The cause follows in the error's chain (`{:#}` prints both).
    #[error("{path}")]
    Io { path: String, source: std::io::Error },
}

impl JobsError {
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> JobsError {
        JobsError::Io { path: path.display().to_string(), source }
    }
}
