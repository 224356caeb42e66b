//! `pencilbox jobs …`: run jobs of a job file and say where they stand (`pencilbox_jobs`).
//! The jobs are written by `dots split` and the other splitting verbs; their results are
//! turned into answers by each game's merge. The engines that spread the runs over machines are
//! Slurm job arrays and GNU parallel (`scripts/slurm/`, `scripts/parallel/`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use pencilbox_jobs::{Done, Indices, Job, JobFile, Outcome, Ran, Results, status};

use crate::input::EXIT_VERDICT;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Run jobs of a job file, each writing its result file; done jobs are skipped.
    Run(RunArgs),
    /// Say which jobs are done, missing or failed (and why), and which to resubmit.
    Status(StatusArgs),
}

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  pencilbox jobs run jobs.jsonl --results results --indices 0-99
  pencilbox jobs run jobs.jsonl --results results --indices 3,7,10-12
  SLURM_ARRAY_TASK_ID=4 pencilbox jobs run jobs.jsonl --results results --chunk 10   # jobs 40-49

Output: one line per job (`I done`, `I already done`, `I failed: why`). Exit code 1 when a job
failed (its failure is recorded: `jobs status` shows it, and the next run tries it again), 2 on
bad input: a malformed job file, a job of another pencilbox version, or a file in the results
folder that is not this job's result (it is never overwritten).")]
pub struct RunArgs {
    /// The job file (one JSON job per line); `-` for standard input.
    #[arg(value_name = "JOBS")]
    pub jobs: PathBuf,
    /// The folder for the result files (made if missing), `I.json` for job I.
    #[arg(long, value_name = "DIR")]
    pub results: PathBuf,
    /// The jobs to run, as Slurm's --array writes them (`0-99`, `3,7,10-12`); without it, the
    /// array task's: SLURM_ARRAY_TASK_ID (times --chunk).
    #[arg(long, value_name = "LIST")]
    pub indices: Option<Indices>,
    /// With SLURM_ARRAY_TASK_ID T, run the jobs T*K to T*K+K-1 (for files of more jobs than
    /// an array may have tasks).
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = crate::options::whole(1usize, "a whole number of jobs, at least 1"))]
    pub chunk: usize,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  pencilbox jobs status jobs.jsonl --results results
  pencilbox jobs status jobs.jsonl --results results --json
  sbatch --array=$(pencilbox jobs status jobs.jsonl --results results --resubmit) task.sh

Output: the counts, each failed job with its message, and the indices to resubmit in Slurm's
--array syntax (with --chunk K, the array tasks). Exit code 0 when every job is done, 1 when some
are not, 2 on bad input.")]
pub struct StatusArgs {
    /// The job file; `-` for standard input.
    #[arg(value_name = "JOBS")]
    pub jobs: PathBuf,
    /// The results folder.
    #[arg(long, value_name = "DIR")]
    pub results: PathBuf,
    /// Name the array tasks to resubmit when each runs K jobs (`jobs run --chunk K`).
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = crate::options::whole(1usize, "a whole number of jobs, at least 1"))]
    pub chunk: usize,
    /// Print only the indices to resubmit (nothing when every job is done), for `sbatch --array=`.
    #[arg(long, conflicts_with = "json")]
    pub resubmit: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Run(args) => run_jobs(args),
        Command::Status(args) => show_status(args),
    }
}

/// A bar on standard error for `len` steps of long work (hidden when stderr is not a terminal).
pub fn progress_bar(len: usize, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_message(what.to_string());
    bar
}

/// Reads the job file at `path`, or from standard input when `path` is `-` (a job file made on
/// the fly, `dots split … | pencilbox jobs status - --results DIR`).
pub fn read_job_file(path: &Path) -> anyhow::Result<JobFile> {
    let text = crate::input::read_input(Some(path))?;
    Ok(JobFile::parse(&crate::input::input_name(Some(path)), &text)?)
}

/// Runs one job by its kind: each kind is its game's.
fn run_job(job: &Job) -> Result<Done, String> {
    match job.kind.as_str() {
        crate::dots::split::KIND => crate::dots::split::run_job(job),
        crate::islands::split::KIND => crate::islands::split::run_job(job),
        crate::slither::split::GENERATE_KIND => crate::slither::split::run_generate(job),
        crate::slither::split::GRADE_KIND => crate::slither::split::run_grade(job),
        other => Err(format!("no job kind `{other}` in this pencilbox (it runs {})", KINDS.join(", "))),
    }
}

/// The kinds of job this pencilbox runs.
const KINDS: &[&str] = &[
    crate::dots::split::KIND,
    crate::islands::split::KIND,
    crate::slither::split::GENERATE_KIND,
    crate::slither::split::GRADE_KIND,
];

/// The jobs asked for: `--indices`, or the Slurm array task's chunk.
fn indices(args: &RunArgs, count: usize) -> anyhow::Result<Indices> {
    if let Some(i) = &args.indices {
        return Ok(i.clone());
    }
    let task = std::env::var("SLURM_ARRAY_TASK_ID")
        .context("give --indices LIST, or run as a Slurm array task (SLURM_ARRAY_TASK_ID is not set)")?;
    let task: usize =
        task.trim().parse().with_context(|| format!("SLURM_ARRAY_TASK_ID is `{task}`, not an index"))?;
    Ok(Indices::chunk(task, args.chunk, count))
}

fn run_jobs(args: RunArgs) -> anyhow::Result<ExitCode> {
    let file = read_job_file(&args.jobs)?;
    file.check(env!("CARGO_PKG_VERSION"), None)?;
    let indices = indices(&args, file.len())?;
    // Every index is checked before any job runs.
    for &i in indices.as_slice() {
        file.job(i)?;
    }
    let results = Results::create(&args.results)?;
    let bar = progress_bar(indices.len(), "running jobs");
    let mut failed = 0;
    for &i in indices.as_slice() {
        let ran = results.run(&file, i, run_job)?;
        bar.suspend(|| match &ran {
            Ran::Already => crate::output::emit(&format!("{i} already done\n")),
            Ran::Done => crate::output::emit(&format!("{i} done\n")),
            Ran::Failed(why) => crate::output::emit(&format!("{i} failed: {why}\n")),
        })?;
        if matches!(ran, Ran::Failed(_)) {
            failed += 1;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(if failed > 0 { ExitCode::from(EXIT_VERDICT) } else { ExitCode::SUCCESS })
}

fn show_status(args: StatusArgs) -> anyhow::Result<ExitCode> {
    let file = read_job_file(&args.jobs)?;
    let results = Results::open(&args.results)?;
    let bar = progress_bar(file.len(), "reading results");
    let s = status(&file, &results, |n| bar.set_position(n as u64))?;
    bar.finish_and_clear();
    let resubmit = if args.chunk > 1 { s.tasks_to_resubmit(args.chunk) } else { s.to_resubmit() };
    let text = if args.resubmit {
        if resubmit.is_empty() { String::new() } else { format!("{resubmit}\n") }
    } else if args.json {
        let mut j = serde_json::to_value(&s)?;
        j["resubmit"] = serde_json::Value::String(resubmit.to_string());
        format!("{j}\n")
    } else {
        let mut t = format!(
            "{}: {} jobs: {} done, {} missing, {} failed\n",
            file.name(),
            s.jobs,
            s.done,
            s.missing.len(),
            s.failed.len()
        );
        for f in &s.failed {
            t += &format!("failed {}: {}\n", f.index, f.error);
        }
        if !resubmit.is_empty() {
            let what = if args.chunk > 1 { "array tasks" } else { "jobs" };
            t += &format!("resubmit ({what}): --array={resubmit}\n");
        }
        t
    };
    crate::output::emit(&text)?;
    Ok(if s.is_complete() { ExitCode::SUCCESS } else { ExitCode::from(EXIT_VERDICT) })
}

/// A merge's inputs: a job file and the results folder its jobs wrote to.
#[derive(Debug, clap::Args)]
pub struct MergeInput {
    /// The job file, as its split wrote it; `-` for standard input.
    #[arg(value_name = "JOBS")]
    pub jobs: PathBuf,
    /// The results folder the jobs wrote to.
    #[arg(long, value_name = "DIR")]
    pub results: PathBuf,
}

impl MergeInput {
    /// The job file, checked to be this pencilbox's and all of one of `kinds` (the first job's
    /// kind), and the results folder.
    pub fn open(&self, kinds: &[&str]) -> anyhow::Result<(JobFile, Results)> {
        let file = read_job_file(&self.jobs)?;
        let first = file.jobs().first().map(|j| j.kind.as_str());
        let kind = kinds.iter().copied().find(|&k| Some(k) == first).or(kinds.first().copied());
        file.check(env!("CARGO_PKG_VERSION"), kind).with_context(|| match kinds {
            [_, _, ..] => format!("{}: expected jobs of kind `{}`", file.name(), kinds.join("` or `")),
            _ => file.name().to_string(),
        })?;
        Ok((file, Results::open(&self.results)?))
    }
}

/// What every job of `file` left in `results`, in job order, for a merge; `None` when some
/// have no result (missing or failed), after naming them on standard error with the indices to
/// run again: a merge never guesses.
pub fn merge_results(
    file: &JobFile,
    results: &Results,
    what: &str,
) -> anyhow::Result<Option<Vec<serde_json::Value>>> {
    let mut done = Vec::with_capacity(file.len());
    let mut missing = Vec::new();
    let bar = progress_bar(file.len(), "reading results");
    for i in 0..file.len() {
        match results.read(file, i)?.map(|r| r.outcome) {
            Some(Outcome::Done { result, .. }) => done.push(result),
            Some(Outcome::Failed { .. }) | None => missing.push(i),
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if missing.is_empty() {
        return Ok(Some(done));
    }
    say_incomplete(file, &missing, what);
    Ok(None)
}

/// Names the jobs (`what`) of `file` that have no result, with the indices to run again.
pub fn say_incomplete(file: &JobFile, missing: &[usize], what: &str) {
    eprintln!(
        "pencilbox: incomplete: {} of {} {what} have no result (missing or failed); run them \
         (`pencilbox jobs status` says which failed and why): --indices {}",
        missing.len(),
        file.len(),
        pencilbox_jobs::array_syntax(missing)
    );
}
