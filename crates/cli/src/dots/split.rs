//! `dots split` and `dots merge`: a solve as independent jobs (`pencilbox jobs run`), one per
//! distinct position a few lines in, and the minimax over their values
//! (`pencilbox_dots::split`).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use pencilbox_dots::board::{Line, Position, Score};
use pencilbox_dots::compact::{Geometry, LineSet};
use pencilbox_dots::format::Format;
use pencilbox_dots::solver::{Solver, TableSize};
use pencilbox_dots::split::{MAX_SPLIT_DEPTH, MergeError, Split};
use pencilbox_grid::Dims;
use pencilbox_jobs::{Done, Job, JobFile, Outcome, Results};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::solve::PositionInput;
use crate::input::EXIT_VERDICT;

/// The kind of the jobs `dots split` writes.
pub const KIND: &str = "dots-solve";

/// The split arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  pencilbox dots split --empty 3x4 --depth 3 > jobs.jsonl
  pencilbox dots split --board 4x4 --depth 4 > jobs.jsonl     # the empty 4x4 board
  pencilbox dots split --board 4x4 --depth 2 position.txt > jobs.jsonl
  pencilbox jobs run jobs.jsonl --results results --indices 0-99
  pencilbox dots merge jobs.jsonl --results results

Output: one job per line (JSON), for `pencilbox jobs run`; on standard error how many.")]
pub struct SplitArgs {
    #[command(flatten)]
    pub input: PositionInput,
    /// The board's size (RxC): a line string is read for it, and with no position given (no
    /// FILE, and standard input a terminal or empty) the position is its empty board.
    #[arg(long, value_name = "RxC")]
    pub board: Option<Dims>,
    /// Input format (as `dots solve` reads).
    #[arg(long, default_value_t = Format::Auto, value_parser = crate::options::named::<Format>())]
    pub format: Format,
    #[arg(long, default_value_t = 4, value_name = "LINES",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SPLIT_DEPTH)),
          help = format!("How many lines deep the jobs' positions are (1 to {MAX_SPLIT_DEPTH}): each \
                          more line makes about as many times more jobs as there are lines, each smaller"))]
    pub depth: u32,
    /// The most each job's transposition table may take, in MiB.
    #[arg(long, default_value_t = 1024, value_name = "MIB",
          value_parser = crate::options::whole(0usize, "a whole number of MiB"))]
    pub tt_mib: usize,
}

/// The merge arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  pencilbox dots merge jobs.jsonl --results results
  pencilbox dots merge jobs.jsonl --results results --json

Output: as `dots solve`: the exact value for the player to move, then `best <move>`. Exit code 1
when results are missing or failed (named, with the indices to run again), 2 on bad input.")]
pub struct MergeArgs {
    /// The job file `dots split` wrote.
    #[arg(value_name = "JOBS")]
    pub jobs: PathBuf,
    /// The results folder the jobs wrote to.
    #[arg(long, value_name = "DIR")]
    pub results: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A dots-solve job's input: the split it belongs to, and its part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PartInput {
    /// The board (RxC).
    board: String,
    /// The split position, as an OpenSpiel line string.
    root: String,
    depth: u32,
    /// The part's index in the split, and its position.
    part: usize,
    lines: String,
    tt_mib: usize,
}

/// The position to split: as `dots solve` reads it, or the empty board of `--board` when none is given.
fn split_position(args: &SplitArgs) -> anyhow::Result<Position> {
    let no_file = args.input.file.is_none();
    if let (Some(dims), true, None) = (args.board, no_file, args.input.empty) {
        if std::io::stdin().is_terminal() {
            return Ok(Position::empty_of(dims)?);
        }
        let text = crate::input::read_input(None)?;
        if text.trim().is_empty() {
            return Ok(Position::empty_of(dims)?);
        }
        return pencilbox_dots::format::read(&text, args.format, Some(dims))
            .context("<stdin>: not a valid position");
    }
    super::solve::read_position(&args.input, args.board, args.format)
}

fn line_string(geo: &Geometry, lines: LineSet) -> anyhow::Result<String> {
    Ok(Position::from_lines(geo.dims(), lines.iter())?.line_string())
}

pub fn split(args: SplitArgs) -> anyhow::Result<ExitCode> {
    let position = split_position(&args)?;
    let split = Split::new(&position, args.depth)?;
    let geo = split.geometry();
    let dims = position.dims();
    let root = position.line_string();
    let mut out = String::new();
    for (part, &lines) in split.parts().iter().enumerate() {
        let input = PartInput {
            board: dims.to_string(),
            root: root.clone(),
            depth: args.depth,
            part,
            lines: line_string(geo, lines)?,
            tt_mib: args.tt_mib,
        };
        out += &Job::new(KIND, env!("CARGO_PKG_VERSION"), serde_json::to_value(input)?).to_line();
        out.push('\n');
    }
    crate::output::emit(&out)?;
    eprintln!(
        "pencilbox: {} jobs: the distinct positions {} lines into the {dims} position (up to symmetry), \
         below {} positions whose minimax `dots merge` does",
        split.parts().len(),
        args.depth,
        split.inner_nodes()
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs one dots-solve job: the exact value of its position.
pub fn run_job(job: &Job) -> Result<Done, String> {
    let input: PartInput =
        serde_json::from_value(job.input.clone()).map_err(|e| format!("not a dots-solve job: {e}"))?;
    let dims: Dims = input.board.parse().map_err(|e| format!("board {}: {e}", input.board))?;
    let position = Position::from_line_string(dims, &input.lines).map_err(|e| e.to_string())?;
    let geo = Geometry::new(dims).map_err(|e| e.to_string())?;
    let lines = LineSet::of_position(&position).map_err(|e| e.to_string())?;
    let mut solver = Solver::new(geo, TableSize::Mib(input.tt_mib));
    let value = solver.value(lines).map_err(|e| e.to_string())?;
    Ok(Done { result: json!({ "value": value }), nodes: Some(solver.stats().nodes) })
}

/// The split the job file was written for, checked job by job against it.
fn rebuild(file: &JobFile) -> anyhow::Result<(Split, Dims)> {
    let parse = |i: usize| -> anyhow::Result<PartInput> {
        serde_json::from_value(file.jobs()[i].input.clone())
            .with_context(|| format!("{}: job {i} is not a dots-solve job", file.name()))
    };
    let first = parse(0)?;
    let dims: Dims =
        first.board.parse().with_context(|| format!("{}: board {}", file.name(), first.board))?;
    let root = Position::from_line_string(dims, &first.root)?;
    let split = Split::new(&root, first.depth)?;
    anyhow::ensure!(
        split.parts().len() == file.len(),
        "{} has {} jobs, but the split of its position {} lines deep has {} parts: it is not a whole `dots split`",
        file.name(),
        file.len(),
        first.depth,
        split.parts().len()
    );
    for i in 0..file.len() {
        let input = parse(i)?;
        let expected = line_string(split.geometry(), split.parts()[i])?;
        anyhow::ensure!(
            input.board == first.board && input.root == first.root && input.depth == first.depth,
            "{}: job {i} belongs to another split than job 0",
            file.name()
        );
        anyhow::ensure!(
            input.part == i && input.lines == expected,
            "{}: job {i} is not part {i} of its split (part {} with lines {})",
            file.name(),
            input.part,
            input.lines
        );
    }
    Ok((split, dims))
}

pub fn merge(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let file = JobFile::read(&args.jobs)?;
    file.check(env!("CARGO_PKG_VERSION"), Some(KIND))?;
    let (split, dims) = rebuild(&file)?;
    let results = Results::open(&args.results)?;
    let mut values: Vec<Option<Score>> = Vec::with_capacity(file.len());
    let (mut nodes, mut seconds) = (0u64, 0.0);
    let bar = crate::jobs::progress_bar(file.len(), "reading results");
    for i in 0..file.len() {
        let record = results.read(&file, i)?;
        values.push(match record {
            Some(r) => {
                seconds += r.seconds;
                match r.outcome {
                    Outcome::Done { result, nodes: n } => {
                        nodes += n.unwrap_or(0);
                        let v = result.get("value").and_then(serde_json::Value::as_i64);
                        let v = v.and_then(|v| Score::try_from(v).ok()).with_context(|| {
                            format!("{}: the result of job {i} has no value", results.path(i).display())
                        })?;
                        Some(v)
                    }
                    Outcome::Failed { .. } => None,
                }
            }
            None => None,
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    let merged = match split.merge(&values) {
        Ok(m) => m,
        Err(MergeError::Missing { missing, total }) => {
            eprintln!(
                "pencilbox: incomplete: {} of {total} jobs have no result (missing or failed); run them \
                 (`pencilbox jobs status` says which failed and why): --indices {}",
                missing.len(),
                pencilbox_jobs::array_syntax(&missing)
            );
            return Ok(ExitCode::from(EXIT_VERDICT));
        }
        Err(e) => return Err(e.into()),
    };
    let best = merged.best.map(|e| (Line::of(dims, e), e.index()));
    let text = if args.json {
        let best = best.map(|(name, line)| json!({"line": line, "name": name.to_string(), "value": merged.value, "exact": true}));
        let mut j = json!({
            "rows": dims.rows(), "cols": dims.cols(), "value": merged.value, "exact": true,
            "jobs": file.len(), "nodes": nodes, "seconds": seconds,
        });
        if let Some(best) = best {
            j["best"] = best;
        }
        format!("{j}\n")
    } else {
        match best {
            Some((name, line)) => format!("{}\nbest {name} (line {line})\n", merged.value),
            None => format!("{}\nbest none (every line is drawn)\n", merged.value),
        }
    };
    crate::output::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
