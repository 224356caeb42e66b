//! Where a job file stands against its results folder: done, failed (with why) and missing,
//! and the indices to resubmit.

use serde::Serialize;

use crate::record::{Outcome, Results};
use crate::{Indices, JobFile, JobsError};

/// The state of every job of a job file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Status {
    pub jobs: usize,
    pub done: usize,
    pub missing: Vec<usize>,
    pub failed: Vec<Failed>,
}

/// A failed job and its message.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Failed {
    pub index: usize,
    pub error: String,
}

impl Status {
    /// Whether every job is done.
    pub fn is_complete(&self) -> bool {
        self.missing.is_empty() && self.failed.is_empty()
    }

    /// The jobs to run again: the missing and the failed ones.
    pub fn to_resubmit(&self) -> Indices {
        self.missing.iter().copied().chain(self.failed.iter().map(|f| f.index)).collect()
    }

    /// The array tasks to run again when each task runs a chunk of `chunk` jobs.
    pub fn tasks_to_resubmit(&self, chunk: usize) -> Indices {
        self.to_resubmit().as_slice().iter().map(|i| i / chunk.max(1)).collect()
    }
}

/// Reads the record of every job of `file` in `results`, calling `progress` after each. A
/// file that is not a record of its job stops it with the error that names it.
pub fn status(
    file: &JobFile,
    results: &Results,
    mut progress: impl FnMut(usize),
) -> Result<Status, JobsError> {
    let mut status = Status { jobs: file.len(), done: 0, missing: Vec::new(), failed: Vec::new() };
    for index in 0..file.len() {
        match results.read(file, index)? {
            None => status.missing.push(index),
            Some(record) => match record.outcome {
                Outcome::Done { .. } => status.done += 1,
                Outcome::Failed { error } => status.failed.push(Failed { index, error }),
            },
        }
        progress(index + 1);
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Job;
    use crate::record::Done;
    use serde_json::json;

    #[test]
    fn says_what_is_done_missing_and_failed() {
        let dir = std::env::temp_dir().join(format!("pencilbox-jobs-status-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let results = Results::create(&dir).unwrap();
        let text: String = (0..6).map(|i| Job::new("k", "1", json!(i)).to_line() + "\n").collect();
        let file = JobFile::parse("jobs.jsonl", &text).unwrap();
        for i in [0, 1, 4] {
            results.run(&file, i, |_| Ok(Done { result: json!(null), nodes: None })).unwrap();
        }
        results.run(&file, 2, |_| Err("out of memory".into())).unwrap();
        let mut seen = 0;
        let s = status(&file, &results, |n| seen = n).unwrap();
        assert_eq!(seen, 6);
        assert_eq!(s.done, 3);
        assert_eq!(s.missing, vec![3, 5]);
        assert_eq!(s.failed, vec![Failed { index: 2, error: "out of memory".into() }]);
        assert!(!s.is_complete());
        assert_eq!(s.to_resubmit().to_string(), "2-3,5");
        assert_eq!(s.tasks_to_resubmit(2).to_string(), "1-2");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
