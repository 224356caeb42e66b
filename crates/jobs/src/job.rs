//! The job file: one job per line, as JSON, each self-contained.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::JobsError;

/// One job: what kind it is, everything it needs, and the pencilbox version that wrote it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    pub kind: String,
    pub version: String,
    pub input: Value,
}

impl Job {
    pub fn new(kind: &str, version: &str, input: Value) -> Job {
        Job { kind: kind.to_string(), version: version.to_string(), input }
    }

    /// The job as its line in a job file (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a job is plain JSON")
    }
}

/// A job file read whole: its jobs and, for each, the fingerprint of its line.
#[derive(Debug, Clone)]
pub struct JobFile {
    name: String,
    jobs: Vec<Job>,
    fingerprints: Vec<String>,
}

/// The fingerprint of a job's line (FNV-1a, 64 bits, in hex): a result names the job it
/// answers by it. Not a cryptographic hash: it guards against mixing up folders, not against
/// forgery.
pub fn fingerprint(line: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in line.trim().bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl JobFile {
    /// Reads the text of a job file named `name` (for messages): every line must be a job (a
    /// blank line is an error too, as it would shift the indices of the jobs after it).
    pub fn parse(name: &str, text: &str) -> Result<JobFile, JobsError> {
        let mut jobs = Vec::new();
        let mut fingerprints = Vec::new();
        let text = text.strip_suffix('\n').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(JobsError::Empty { file: name.to_string() });
        }
        for (i, line) in text.split('\n').enumerate() {
            let malformed =
                |message: String| JobsError::Malformed { file: name.to_string(), line: i + 1, message };
            let job: Job = serde_json::from_str(line).map_err(|e| {
                malformed(format!("not a job ({e}); a job is {{\"kind\", \"version\", \"input\"}}"))
            })?;
            jobs.push(job);
            fingerprints.push(fingerprint(line));
        }
        Ok(JobFile { name: name.to_string(), jobs, fingerprints })
    }

    /// The file's name, for messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }

    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// Job `index`, or why there is none.
    pub fn job(&self, index: usize) -> Result<&Job, JobsError> {
        self.jobs.get(index).ok_or(JobsError::OutOfRange { index, count: self.jobs.len() })
    }

    pub fn fingerprint(&self, index: usize) -> &str {
        &self.fingerprints[index]
    }

    /// Checks that every job was written by pencilbox `version` (a job from another version
    /// may mean something else to this one) and, given `kind`, is of that kind.
    pub fn check(&self, version: &str, kind: Option<&str>) -> Result<(), JobsError> {
        for (index, job) in self.jobs.iter().enumerate() {
            if job.version != version {
                return Err(JobsError::Version {
                    index,
                    found: job.version.clone(),
                    expected: version.to_string(),
                });
            }
            if let Some(kind) = kind.filter(|&k| k != job.kind) {
                return Err(JobsError::Kind { index, found: job.kind.clone(), expected: kind.to_string() });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_jobs_and_names_a_bad_line() {
        let a = Job::new("dots-solve", "1.0", json!({"position": "2x2 000000000000"}));
        let b = Job::new("dots-solve", "1.0", json!({"position": "2x2 100000000000"}));
        let text = format!("{}\n{}\n", a.to_line(), b.to_line());
        let file = JobFile::parse("jobs.jsonl", &text).unwrap();
        assert_eq!(file.jobs(), &[a.clone(), b]);
        assert_ne!(file.fingerprint(0), file.fingerprint(1));
        assert_eq!(file.fingerprint(0), fingerprint(&a.to_line()));
        assert!(file.check("1.0", Some("dots-solve")).is_ok());
        assert!(matches!(file.check("2.0", None), Err(JobsError::Version { index: 0, .. })));
        assert!(matches!(file.check("1.0", Some("islands-game")), Err(JobsError::Kind { index: 0, .. })));
        assert!(matches!(file.job(2), Err(JobsError::OutOfRange { index: 2, count: 2 })));

        let bad = format!("{}\n\n{}\n", a.to_line(), a.to_line());
        let e = JobFile::parse("jobs.jsonl", &bad).unwrap_err();
        assert!(e.to_string().starts_with("jobs.jsonl, line 2: not a job"), "{e}");
        let e = JobFile::parse("jobs.jsonl", "{\"kind\": 1}").unwrap_err();
        assert!(matches!(e, JobsError::Malformed { line: 1, .. }), "{e}");
        assert!(matches!(JobFile::parse("jobs.jsonl", "\n"), Err(JobsError::Empty { .. })));
    }
}
