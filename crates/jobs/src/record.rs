//! The results folder: one result file per job, written atomically, naming the job it answers.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{JobFile, JobsError};

/// What one job left: done with its result, or failed with its message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Outcome {
    Done {
        result: Value,
        /// The nodes a search visited, where the job is one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nodes: Option<u64>,
    },
    Failed {
        error: String,
    },
}

/// A result file: which job it answers (index and the fingerprint of its line), what the job
/// left, and how long it took.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub index: usize,
    pub job: String,
    pub kind: String,
    pub version: String,
    #[serde(flatten)]
    pub outcome: Outcome,
    pub seconds: f64,
}

/// What a job's run gives back: its result and, for a search, the nodes it visited.
#[derive(Debug, Clone, PartialEq)]
pub struct Done {
    pub result: Value,
    pub nodes: Option<u64>,
}

/// What became of one job asked to run.
#[derive(Debug, Clone, PartialEq)]
pub enum Ran {
    /// It had its result already: nothing was run.
    Already,
    Done,
    Failed(String),
}

/// A results folder.
#[derive(Debug, Clone)]
pub struct Results {
    dir: PathBuf,
}

impl Results {
    /// The results folder `dir`, made if it does not exist.
    pub fn create(dir: &Path) -> Result<Results, JobsError> {
        std::fs::create_dir_all(dir).map_err(|e| JobsError::io(dir, e))?;
        Ok(Results { dir: dir.to_path_buf() })
    }

    /// The results folder `dir`, which must exist.
    pub fn open(dir: &Path) -> Result<Results, JobsError> {
        if !dir.is_dir() {
            return Err(JobsError::io(
                dir,
                std::io::Error::new(std::io::ErrorKind::NotFound, "no such folder"),
            ));
        }
        Ok(Results { dir: dir.to_path_buf() })
    }

    /// Where job `index`'s result goes.
    pub fn path(&self, index: usize) -> PathBuf {
        self.dir.join(format!("{index}.json"))
    }

    /// Job `index`'s record, `None` when it has none yet. A file there that is not a record of
    /// this very job (another job file's, or cut short by a copy) is an error, never read as
    /// missing: it is not overwritten.
    pub fn read(&self, file: &JobFile, index: usize) -> Result<Option<Record>, JobsError> {
        let path = self.path(index);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(JobsError::io(&path, e)),
        };
        let foreign = |why: String| JobsError::Foreign { path: path.display().to_string(), why };
        let record: Record =
            serde_json::from_str(&text).map_err(|e| foreign(format!("not a result file ({e})")))?;
        if record.index != index || record.job != file.fingerprint(index) {
            return Err(foreign(format!(
                "the result of another job (job {} of a job file with fingerprint {} there, not job {index} of {})",
                record.index,
                record.job,
                file.name()
            )));
        }
        Ok(Some(record))
    }

    /// Writes a record: under a temporary name first, flushed to disk, then renamed into
    /// place, so that a reader sees the whole record or none.
    pub fn write(&self, record: &Record) -> Result<(), JobsError> {
        let path = self.path(record.index);
        // The process id and a random tag: two machines writing to one shared folder may run
        // processes of the same id.
        let tag = {
            use std::hash::{BuildHasher, Hasher};
            std::collections::hash_map::RandomState::new().build_hasher().finish()
        };
        let tmp = self.dir.join(format!(".{}.json.{}-{tag:016x}.tmp", record.index, std::process::id()));
        let mut text = serde_json::to_string(record).expect("a record is plain JSON");
        text.push('\n');
        let written = (|| {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()
        })();
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(JobsError::io(&tmp, e));
        }
        std::fs::rename(&tmp, &path).map_err(|e| JobsError::io(&path, e))
    }

    /// Runs job `index` with `run` unless it is done already, and records what it left. A job
    /// that failed before is run again; a done one never is.
    pub fn run(
        &self,
        file: &JobFile,
        index: usize,
        run: impl FnOnce(&crate::Job) -> Result<Done, String>,
    ) -> Result<Ran, JobsError> {
        let job = file.job(index)?;
        if let Some(Record { outcome: Outcome::Done { .. }, .. }) = self.read(file, index)? {
            return Ok(Ran::Already);
        }
        let start = Instant::now();
        let outcome = match run(job) {
            Ok(Done { result, nodes }) => Outcome::Done { result, nodes },
            Err(error) => Outcome::Failed { error },
        };
        let ran = match &outcome {
            Outcome::Done { .. } => Ran::Done,
            Outcome::Failed { error } => Ran::Failed(error.clone()),
        };
        // Two runs of one job at once (a requeued task beside its first run): a failure never
        // replaces a result the other wrote meanwhile.
        if matches!(outcome, Outcome::Failed { .. })
            && let Some(Record { outcome: Outcome::Done { .. }, .. }) = self.read(file, index)?
        {
            return Ok(Ran::Already);
        }
        let record = Record {
            index,
            job: file.fingerprint(index).to_string(),
            kind: job.kind.clone(),
            version: job.version.clone(),
            outcome,
            seconds: start.elapsed().as_secs_f64(),
        };
        self.write(&record)?;
        Ok(ran)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Job;
    use serde_json::json;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pencilbox-jobs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn file(inputs: &[i64]) -> JobFile {
        let text: String =
            inputs.iter().map(|&i| Job::new("square", "1", json!(i)).to_line() + "\n").collect();
        JobFile::parse("jobs.jsonl", &text).unwrap()
    }

    fn square(job: &Job) -> Result<Done, String> {
        let n = job.input.as_i64().ok_or("not a number")?;
        if n < 0 {
            return Err(format!("{n} is negative"));
        }
        Ok(Done { result: json!(n * n), nodes: Some(1) })
    }

    #[test]
    fn a_done_job_is_not_run_again_and_a_failed_one_is() {
        let dir = scratch("rerun");
        let results = Results::create(&dir).unwrap();
        let jobs = file(&[3, -1]);
        assert_eq!(results.run(&jobs, 0, square).unwrap(), Ran::Done);
        assert_eq!(results.run(&jobs, 0, |_| panic!("a done job must not run")).unwrap(), Ran::Already);
        assert_eq!(results.run(&jobs, 1, square).unwrap(), Ran::Failed("-1 is negative".into()));
        let record = results.read(&jobs, 1).unwrap().unwrap();
        assert_eq!(record.outcome, Outcome::Failed { error: "-1 is negative".into() });
        // A failed job is run again, and this time it is done.
        let fixed = |_: &Job| Ok(Done { result: json!(1), nodes: None });
        assert_eq!(results.run(&jobs, 1, fixed).unwrap(), Ran::Done);
        let record = results.read(&jobs, 0).unwrap().unwrap();
        assert_eq!(record.outcome, Outcome::Done { result: json!(9), nodes: Some(1) });
        // No temporary file is left behind.
        let names: Vec<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_foreign_or_cut_file_is_named_and_kept() {
        let dir = scratch("foreign");
        let results = Results::create(&dir).unwrap();
        let ours = file(&[2, 3]);
        let theirs = file(&[5, 6]);
        results.run(&theirs, 0, square).unwrap();
        let e = results.run(&ours, 0, square).unwrap_err();
        assert!(matches!(e, JobsError::Foreign { .. }), "{e}");
        assert!(e.to_string().contains("the result of another job"), "{e}");
        // Still theirs.
        assert!(results.read(&theirs, 0).unwrap().is_some());
        std::fs::write(results.path(1), "{\"index\": 1, \"jo").unwrap();
        let e = results.run(&ours, 1, square).unwrap_err();
        assert!(e.to_string().contains("not a result file"), "{e}");
        assert_eq!(std::fs::read_to_string(results.path(1)).unwrap(), "{\"index\": 1, \"jo");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
