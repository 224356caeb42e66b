//! `dots split` and `dots merge`: a solve as independent jobs (`pencilbox jobs run`), one per
//! distinct position a few lines in, and the minimax over their values
//! (`pencilbox_dots::split`).

use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use pencilbox_dots::board::{Line, Position, Score};
use pencilbox_dots::compact::{Geometry, LineSet};
use pencilbox_dots::format::Format;
use pencilbox_dots::solver::{Solver, TableSize};
use pencilbox_dots::split::{MAX_SPLIT_DEPTH, MergeError, Proof, Split};
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
    /// The root's value, known or conjectured: each job then proves only what decides the
    /// root's value if it is this (bounds against a narrow window, far cheaper than exact values).
    /// A wrong one is refuted: the merge says which way, and the split is run again with another.
    /// Where a move tried first misses its bound, `--more` adds the jobs of the next.
    #[arg(long, value_name = "V", allow_negative_numbers = true, conflicts_with = "more")]
    pub value: Option<Score>,
    /// Instead of splitting: the further jobs that the split in JOBS (made with --value) needs,
    /// given its results in --results, to append to JOBS.
    #[arg(long, value_name = "JOBS", requires = "results", conflicts_with_all = ["file", "empty", "board", "format", "depth", "tt_mib"])]
    pub more: Option<PathBuf>,
    /// The results folder, with --more.
    #[arg(long, value_name = "DIR", requires = "more")]
    pub results: Option<PathBuf>,
    /// With --value: where one move must reach a bound, how many moves to ask about at once
    /// (more jobs, fewer rounds of `--more`).
    #[arg(long, default_value_t = 2, value_name = "K", requires = "value",
          value_parser = crate::options::whole(1usize, "a whole number of moves, at least 1"))]
    pub width: usize,
    /// The most each job's transposition table may take, in MiB.
    #[arg(long, default_value_t = pencilbox_dots::solver::SOLVE_TABLE_MIB, value_name = "MIB",
          value_parser = crate::options::whole(0usize, "a whole number of MiB"))]
    pub tt_mib: usize,
}

/// The merge arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  pencilbox dots merge jobs.jsonl --results results
  pencilbox dots merge jobs.jsonl --results results --json

Output: as `dots solve`: the exact value for the player to move, then `best <move>`. Exit code 1
when no answer can be given yet, with why on standard error: results missing or failed (named,
with the indices to run again), a conjecture (--value) refuted, or more jobs needed (--more);
2 on bad input.")]
pub struct MergeArgs {
    #[command(flatten)]
    pub input: crate::jobs::MergeInput,
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
    /// With a conjectured root value (`guess`), the part's window: its value clamped to it
    /// is all the merge needs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    guess: Option<Score>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    window: Option<[Score; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    width: Option<usize>,
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

/// The job line of `part` of `split`, solved exactly or, with a conjecture, to `window`.
fn part_job(
    split: &Split,
    root: &str,
    part: usize,
    ask: Option<(Score, [Score; 2], usize)>,
    tt_mib: usize,
) -> anyhow::Result<String> {
    let input = PartInput {
        board: split.geometry().dims().to_string(),
        root: root.to_string(),
        depth: split.depth(),
        part,
        lines: line_string(split.geometry(), split.parts()[part])?,
        guess: ask.map(|a| a.0),
        window: ask.map(|a| a.1),
        width: ask.map(|a| a.2),
        tt_mib,
    };
    Ok(Job::new(KIND, env!("CARGO_PKG_VERSION"), serde_json::to_value(input)?).to_line() + "\n")
}

/// The jobs for the questions a proof still needs that no job of `asked` asks yet.
fn new_requests(proof: &Proof, asked: &HashSet<(usize, [Score; 2])>) -> Vec<(usize, [Score; 2])> {
    // "At least t + 1" and "at most t" ask for the same window: one job answers both.
    let mut seen = asked.clone();
    proof
        .needed
        .iter()
        .map(|r| {
            let (floor, ceiling) = r.test.window();
            (r.part, [floor, ceiling])
        })
        .filter(|&k| seen.insert(k))
        .collect()
}

pub fn split(args: SplitArgs) -> anyhow::Result<ExitCode> {
    if let Some(jobs) = &args.more {
        return more(jobs, args.results.as_deref().context("--more needs --results DIR")?);
    }
    let position = split_position(&args)?;
    let split = Split::new(&position, args.depth)?;
    let root = position.line_string();
    let mut out = String::new();
    let count = match args.value {
        None => {
            for part in 0..split.parts().len() {
                out += &part_job(&split, &root, part, None, args.tt_mib)?;
            }
            split.parts().len()
        }
        Some(guess) => {
            let left = Score::try_from(position.unclaimed_boxes()).unwrap_or(Score::MAX);
            anyhow::ensure!(
                (-left..=left).contains(&guess),
                "--value {guess}: the value of this position is between -{left} and {left} (its unclaimed boxes)"
            );
            anyhow::ensure!(
                (guess - left) % 2 == 0,
                "--value {guess}: the value has the parity of the {left} unclaimed boxes (a net score of boxes \
                 that add up to {left}): it cannot be {guess}"
            );
            let proof = split.prove(guess, &vec![None; split.parts().len()], args.width);
            let requests = new_requests(&proof, &HashSet::new());
            for &(part, window) in &requests {
                out += &part_job(&split, &root, part, Some((guess, window, args.width)), args.tt_mib)?;
            }
            requests.len()
        }
    };
    crate::output::emit(&out)?;
    let what = match args.value {
        None => "each solved exactly".to_string(),
        Some(v) => format!(
            "each asked only what proves the value is {v} (`dots split --more` adds what a refuted move needs)"
        ),
    };
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    eprintln!(
        "pencilbox: {} for the {} {} into the {} position (up to symmetry), {what}; `dots merge` does \
         the minimax over the {} above them",
        plural(count, "job", "jobs"),
        plural(split.parts().len(), "distinct position", "distinct positions"),
        plural(args.depth as usize, "line", "lines"),
        position.dims(),
        plural(split.inner_nodes(), "position", "positions"),
    );
    Ok(ExitCode::SUCCESS)
}

/// `dots split --more`: the further jobs a proof needs, given the results so far.
fn more(jobs: &std::path::Path, dir: &std::path::Path) -> anyhow::Result<ExitCode> {
    let state = State::read(jobs, dir)?;
    let Some(guess) = state.guess else {
        anyhow::bail!("{}: its jobs solve every part exactly: there is never more to add", jobs.display());
    };
    let proof = state.split.prove(guess, &state.known, state.width);
    if let Some(code) = refuted(&proof, guess) {
        return Ok(code);
    }
    if proof.at_least.is_some() && proof.at_most.is_some() {
        eprintln!(
            "pencilbox: nothing more is needed: the value is proved (`pencilbox dots merge` prints it)"
        );
        return Ok(ExitCode::SUCCESS);
    }
    let requests = new_requests(&proof, &state.asked);
    if requests.is_empty() {
        // Undecided only for results not in yet.
        return Ok(incomplete(&state, &state.missing));
    }
    let mut out = String::new();
    for &(part, window) in &requests {
        out += &part_job(&state.split, &state.root, part, Some((guess, window, state.width)), state.tt_mib)?;
    }
    crate::output::emit(&out)?;
    eprintln!("pencilbox: {} more jobs (append them to {})", requests.len(), jobs.display());
    Ok(ExitCode::SUCCESS)
}

/// When the proof refutes the conjecture: says on which side the value is and the next value
/// to try (of the same parity: a value has the parity of the unclaimed boxes), and gives the
/// verdict's exit code.
fn refuted(proof: &Proof, guess: Score) -> Option<ExitCode> {
    let less = match (proof.at_least, proof.at_most) {
        (Some(false), _) => true,
        (_, Some(false)) => false,
        _ => return None,
    };
    let (side, next) = if less { ("less", guess - 2) } else { ("more", guess + 2) };
    eprintln!(
        "pencilbox: the value is {side} than {guess}, the conjecture: split again with another --value \
         (the next to try: {next})"
    );
    Some(ExitCode::from(EXIT_VERDICT))
}

/// Runs one dots-solve job: bounds on the value of its position, exact or enough for its window.
pub fn run_job(job: &Job) -> Result<Done, String> {
    let input: PartInput =
        serde_json::from_value(job.input.clone()).map_err(|e| format!("not a dots-solve job: {e}"))?;
    let dims: Dims = input.board.parse().map_err(|e| format!("board {}: {e}", input.board))?;
    let position = Position::from_line_string(dims, &input.lines).map_err(|e| e.to_string())?;
    let lines = LineSet::of_position(&position).map_err(|e| e.to_string())?;
    SOLVER.with_borrow_mut(|kept| {
        // The jobs one process runs share one solver and its table: the parts of a split
        // share most of their subtrees (a position is a set of lines, reached in any order).
        let fresh = !matches!(kept, Some((d, t, _)) if *d == dims && *t == input.tt_mib);
        let (_, _, solver) = if fresh {
            let geo = Geometry::new(dims).map_err(|e| e.to_string())?;
            kept.insert((dims, input.tt_mib, Solver::new(geo, TableSize::Mib(input.tt_mib))))
        } else {
            kept.as_mut().expect("a kept solver")
        };
        let left = solver.geometry().unclaimed_boxes(lines) as Score;
        let [floor, ceiling] = input.window.unwrap_or([-left, left]);
        let before = solver.stats().nodes;
        let (lower, upper) = solver.bounds_within(lines, floor, ceiling).map_err(|e| e.to_string())?;
        let nodes = solver.stats().nodes.saturating_sub(before);
        Ok(Done { result: json!({ "lower": lower, "upper": upper }), nodes: Some(nodes) })
    })
}

thread_local! {
    /// The solver of the last dots-solve job this process ran, with its board and table size.
    static SOLVER: std::cell::RefCell<Option<(Dims, usize, Solver<'static>)>> = const { std::cell::RefCell::new(None) };
}

/// A split's job file and results, read and checked against the split they were written for.
struct State {
    file: JobFile,
    split: Split,
    root: String,
    guess: Option<Score>,
    width: usize,
    tt_mib: usize,
    /// What the results prove of each part: bounds, `None` where nothing is known yet.
    known: Vec<Option<(Score, Score)>>,
    /// The jobs in the file, as (part, window).
    asked: HashSet<(usize, [Score; 2])>,
    /// The jobs without a result (missing or failed).
    missing: Vec<usize>,
    nodes: u64,
    seconds: f64,
}

impl State {
    fn read(jobs: &std::path::Path, dir: &std::path::Path) -> anyhow::Result<State> {
        let file = crate::jobs::read_job_file(jobs)?;
        file.check(env!("CARGO_PKG_VERSION"), Some(KIND))?;
        let parse = |i: usize| -> anyhow::Result<PartInput> {
            serde_json::from_value(file.jobs()[i].input.clone())
                .with_context(|| format!("{}: job {i} is not a dots-solve job", file.name()))
        };
        let first = parse(0)?;
        let dims: Dims =
            first.board.parse().with_context(|| format!("{}: board {}", file.name(), first.board))?;
        let root = Position::from_line_string(dims, &first.root)?;
        let split = Split::new(&root, first.depth)?;
        let mut inputs = Vec::with_capacity(file.len());
        for i in 0..file.len() {
            let input = parse(i)?;
            anyhow::ensure!(
                input.board == first.board
                    && input.root == first.root
                    && input.depth == first.depth
                    && input.guess == first.guess
                    && input.width == first.width
                    && input.window.is_some() == first.guess.is_some(),
                "{}: job {i} belongs to another split than job 0",
                file.name()
            );
            let expected = match split.parts().get(input.part) {
                Some(&p) => line_string(split.geometry(), p)?,
                None => String::new(),
            };
            anyhow::ensure!(
                input.lines == expected && (first.guess.is_some() || input.part == i),
                "{}: job {i} is not part {} of its split (lines {})",
                file.name(),
                input.part,
                input.lines
            );
            inputs.push(input);
        }
        if first.guess.is_none() {
            anyhow::ensure!(
                split.parts().len() == file.len(),
                "{} has {} jobs, but the split of its position {} lines deep has {} parts: it is not a whole `dots split`",
                file.name(),
                file.len(),
                first.depth,
                split.parts().len()
            );
        }
        let results = Results::open(dir)?;
        let mut state = State {
            split,
            root: first.root.clone(),
            guess: first.guess,
            width: first.width.unwrap_or(1),
            tt_mib: first.tt_mib,
            known: Vec::new(),
            asked: HashSet::new(),
            missing: Vec::new(),
            nodes: 0,
            seconds: 0.0,
            file,
        };
        state.known = vec![None; state.split.parts().len()];
        let bar = crate::jobs::progress_bar(state.file.len(), "reading results");
        for (i, input) in inputs.iter().enumerate() {
            if let Some(w) = input.window {
                state.asked.insert((input.part, w));
            }
            match results.read(&state.file, i)? {
                Some(r) => {
                    state.seconds += r.seconds;
                    match r.outcome {
                        Outcome::Done { result, nodes } => {
                            state.nodes += nodes.unwrap_or(0);
                            let bound = |name: &str| {
                                let v = result.get(name).and_then(serde_json::Value::as_i64);
                                v.and_then(|v| Score::try_from(v).ok()).with_context(|| {
                                    format!(
                                        "{}: the result of job {i} has no {name} bound",
                                        results.path(i).display()
                                    )
                                })
                            };
                            let (lower, upper) = (bound("lower")?, bound("upper")?);
                            let k = &mut state.known[input.part];
                            *k = Some(k.map_or((lower, upper), |(l, u)| (l.max(lower), u.min(upper))));
                        }
                        Outcome::Failed { .. } => state.missing.push(i),
                    }
                }
                None => state.missing.push(i),
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        Ok(state)
    }
}

/// Says that jobs have no result and how to run them; the verdict "incomplete".
fn incomplete(state: &State, missing: &[usize]) -> ExitCode {
    crate::jobs::say_incomplete(&state.file, missing, "jobs");
    ExitCode::from(EXIT_VERDICT)
}

pub fn merge(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let state = State::read(&args.input.jobs, &args.input.results)?;
    let (value, best) = match state.guess {
        None => match state.split.merge(&state.known) {
            Ok(m) => (m.value().context("exact parts give an exact value")?, m.best),
            Err(MergeError::Missing { .. }) => return Ok(incomplete(&state, &state.missing)),
            Err(e) => return Err(e.into()),
        },
        Some(guess) => {
            let proof = state.split.prove(guess, &state.known, state.width);
            match (proof.at_least, proof.at_most) {
                (Some(true), Some(true)) => (guess, proof.best),
                _ => {
                    if let Some(code) = refuted(&proof, guess) {
                        return Ok(code);
                    }
                    let new = new_requests(&proof, &state.asked);
                    if new.is_empty() {
                        return Ok(incomplete(&state, &state.missing));
                    }
                    let waiting = if state.missing.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " (jobs {} have no result yet and may make some of them unneeded)",
                            pencilbox_jobs::array_syntax(&state.missing)
                        )
                    };
                    eprintln!(
                        "pencilbox: undecided: {} more jobs are needed (a move tried first did not reach its bound){waiting}: \
                         pencilbox dots split --more {} --results {} >> {}",
                        new.len(),
                        args.input.jobs.display(),
                        args.input.results.display(),
                        args.input.jobs.display()
                    );
                    return Ok(ExitCode::from(EXIT_VERDICT));
                }
            }
        }
    };
    let dims = state.split.geometry().dims();
    let best = best.map(|e| (Line::of(dims, e), e.index()));
    let text = if args.json {
        let best = best.map(
            |(name, line)| json!({"line": line, "name": name.to_string(), "value": value, "exact": true}),
        );
        let mut j = json!({
            "rows": dims.rows(), "cols": dims.cols(), "value": value, "exact": true,
            "jobs": state.file.len(), "nodes": state.nodes, "seconds": state.seconds,
        });
        if let Some(best) = best {
            j["best"] = best;
        }
        format!("{j}\n")
    } else {
        match best {
            Some((name, line)) => format!("{value}\nbest {name} (line {line})\n"),
            None => format!("{value}\nbest none (every line is drawn)\n"),
        }
    };
    crate::output::emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
