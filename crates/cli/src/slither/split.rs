//! `slither split` and `slither merge`: a batch of puzzles as independent jobs (`pencilbox jobs
//! run`), one per puzzle, either made (`--generate N`) or graded (`--grade FILE`), and the
//! collection file from their results, in job order.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::ValueEnum;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use pencilbox_grid::Dims;
use pencilbox_jobs::{Done, Job, JobFile};
use pencilbox_slither::level::Level;
use pencilbox_slither::{Puzzle, format, generate};
use rand::SeedableRng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Output, generate_one, grade_json, grade_one, level_parser, render};
use crate::input::{EXIT_VERDICT, read_input};
use crate::output::emit;

/// The kind of the jobs `slither split --generate` writes: one puzzle to make.
pub const GENERATE_KIND: &str = "slither-generate";
/// The kind of the jobs `slither split --grade` writes: one puzzle to grade.
pub const GRADE_KIND: &str = "slither-grade";

/// The split arguments.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("batch").required(true).args(["generate", "grade"])))]
#[command(after_help = "Examples:
  pencilbox slither split --generate 100 --size 10x10 --difficulty tricky --seed 1 > jobs.jsonl
  pencilbox slither split --generate 50 --size 6x6,8x8 --difficulty easy,hard --seed 1 > jobs.jsonl
  pencilbox slither split --grade corpus.txt --timeout 600 > jobs.jsonl
  pencilbox jobs run jobs.jsonl --results results --indices 0-99
  pencilbox slither merge jobs.jsonl --results results --format url > book.txt

With --generate, the jobs go size by size, level by level within a size, N puzzles each; job I
(from 0) makes the puzzle `slither generate --size RxC --difficulty LEVEL --seed S+I` prints, S
being --seed. With --grade, job I grades the corpus's puzzle I as `slither grade` does. A corpus
is what `slither grade` reads (a THSL puzzle, or Slink text: several, then `0 0`) or a file of
puzz.link URLs or Loopy game IDs, one puzzle per line (as `slither merge --format url` writes a
generated batch).

Output: one job per line (JSON), for `pencilbox jobs run`; on standard error how many.")]
pub struct SplitArgs {
    /// Generate N puzzles of each --size and --difficulty, one job each.
    #[arg(long, value_name = "N", requires = "sizes",
          value_parser = crate::options::whole(1usize, "a whole number of puzzles"))]
    generate: Option<usize>,
    /// Grade every puzzle of the corpus FILE (`-`: standard input), one job each.
    #[arg(long, value_name = "FILE")]
    grade: Option<PathBuf>,
    /// With --generate: the board sizes, rows x columns (comma-separated or repeated).
    #[arg(long = "size", value_name = "RxC", value_delimiter = ',', conflicts_with = "grade")]
    sizes: Vec<Dims>,
    /// With --generate: the levels the puzzles must have (comma-separated or repeated).
    #[arg(long = "difficulty", value_name = "LEVEL", value_delimiter = ',', conflicts_with = "grade",
          value_parser = level_parser(), default_value = "normal")]
    levels: Vec<Level>,
    /// With --generate: the seed of job 0; job I uses seed + I (printed on stderr when omitted).
    #[arg(long, conflicts_with = "grade", value_parser = crate::options::seed_value())]
    seed: Option<u64>,
    /// The seconds each job may take on its puzzle (a job out of time fails, and says so).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = crate::options::seconds)]
    timeout: f64,
    /// No time limit on the jobs.
    #[arg(long, conflicts_with = "timeout")]
    no_timeout: bool,
}

/// The merge arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  pencilbox slither merge jobs.jsonl --results results > book.txt
  pencilbox slither merge jobs.jsonl --results results --format thsl > book.slink

Output: the collection, one puzzle per line in job order: a puzz.link URL (url), a Loopy game ID
(loopy) or a JSON object (json); thsl writes Slink text instead (each puzzle's THSL text, then
`0 0`), which `slither solve` and `slither grade` read. A graded puzzle's line ends with its level
(`no-solution` or `multiple-solutions` for a puzzle without exactly one solution); in JSON the
level, score and steps are fields. Exit code 1 when results are missing or failed (named, with the
indices to run again), 2 on bad input.")]
pub struct MergeArgs {
    #[command(flatten)]
    pub input: crate::jobs::MergeInput,
    /// The collection's format.
    #[arg(long, default_value = "url", value_parser = collection_format())]
    format: Output,
}

/// The formats of a collection file: those that write a puzzle on one line, and Slink text.
fn collection_format() -> impl TypedValueParser<Value = Output> {
    PossibleValuesParser::new(["url", "loopy", "json", "thsl"])
        .try_map(|name| <Output as ValueEnum>::from_str(&name, false))
}

/// A slither-generate job's input: one puzzle to make.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateInput {
    /// The job's place in the batch, and the batch's size.
    puzzle: usize,
    puzzles: usize,
    /// RxC.
    size: String,
    level: String,
    seed: u64,
    /// Seconds; none: no limit.
    timeout: Option<f64>,
}

/// A slither-grade job's input: one puzzle of a corpus to grade.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GradeInput {
    /// The puzzle's place in the corpus, and the corpus's size.
    puzzle: usize,
    puzzles: usize,
    /// The puzzle, as THSL text (which keeps every clue, unknown ones too).
    text: String,
    /// Seconds; none: no limit.
    timeout: Option<f64>,
}

/// The puzzles of a corpus: what `slither grade` reads, or one puzz.link URL or Loopy game ID a
/// line.
fn read_corpus(path: &std::path::Path) -> anyhow::Result<Vec<Puzzle>> {
    let name = crate::input::input_name(Some(path));
    let text = read_input(Some(path))?;
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.trim().is_empty()).collect();
    let one_word = |l: &str| !l.trim().contains(char::is_whitespace);
    if lines.len() > 1 && lines.iter().all(|(_, l)| one_word(l)) {
        return lines
            .iter()
            .map(|&(n, l)| {
                // The line is read alone, so an error's position is on its line 1: it is said as
                // the file's line n.
                let input = format::parse(l).map_err(|e| {
                    let e = e.to_string();
                    let at = e.strip_prefix("line 1, ").unwrap_or(&e);
                    anyhow::anyhow!("{name}, line {n}, {at}")
                })?;
                input.puzzles.into_iter().next().context("a parsed line holds a puzzle")
            })
            .collect();
    }
    let input = format::parse(&text).with_context(|| format!("{name}: not a Slitherlink corpus"))?;
    Ok(input.puzzles)
}

fn job_line(kind: &str, input: impl Serialize) -> anyhow::Result<String> {
    Ok(Job::new(kind, env!("CARGO_PKG_VERSION"), serde_json::to_value(input)?).to_line() + "\n")
}

pub fn split(args: SplitArgs) -> anyhow::Result<ExitCode> {
    let timeout = (!args.no_timeout).then_some(args.timeout);
    let mut out = String::new();
    let what = if let Some(n) = args.generate {
        let mut specs = Vec::new();
        for &d in &args.sizes {
            for &level in &args.levels {
                generate::check_request(d, level)
                    .with_context(|| format!("--size {d} --difficulty {level}"))?;
                specs.push((d, level));
            }
        }
        let seed = crate::options::seed(args.seed);
        let puzzles = specs.len() * n;
        let each = specs.iter().flat_map(|spec| std::iter::repeat_n(spec, n));
        for (i, &(d, level)) in each.enumerate() {
            let size = d.to_string();
            let (level, seed) = (level.to_string(), seed.wrapping_add(i as u64));
            out +=
                &job_line(GENERATE_KIND, GenerateInput { puzzle: i, puzzles, size, level, seed, timeout })?;
        }
        let last = seed.wrapping_add((puzzles as u64).saturating_sub(1));
        format!("{n} puzzles for each of {} size and level pairs, seeds {seed} to {last}", specs.len())
    } else {
        let path = args.grade.context("give --generate N or --grade FILE")?;
        let corpus = read_corpus(&path)?;
        for (i, p) in corpus.iter().enumerate() {
            let text = format::to_text(p);
            out += &job_line(GRADE_KIND, GradeInput { puzzle: i, puzzles: corpus.len(), text, timeout })?;
        }
        format!("the puzzles of {}, one each", path.display())
    };
    emit(&out)?;
    eprintln!("pencilbox: {} jobs: {what}; `slither merge` writes the collection", out.lines().count());
    Ok(ExitCode::SUCCESS)
}

fn parse<T: DeserializeOwned>(job: &Job) -> Result<T, String> {
    serde_json::from_value(job.input.clone()).map_err(|e| format!("not a {} job: {e}", job.kind))
}

/// A puzzle written as text by a job or its result: exactly one.
fn puzzle_of(text: &str) -> Result<Puzzle, String> {
    let input = format::parse(text).map_err(|e| format!("not a Slitherlink puzzle: {e}"))?;
    match <[Puzzle; 1]>::try_from(input.puzzles) {
        Ok([p]) => Ok(p),
        Err(puzzles) => Err(format!("{} puzzles where one was expected", puzzles.len())),
    }
}

/// Runs one slither-generate job: its puzzle, as THSL text.
pub fn run_generate(job: &Job) -> Result<Done, String> {
    let input: GenerateInput = parse(job)?;
    let d: Dims = input.size.parse().map_err(|e| format!("size {}: {e}", input.size))?;
    let level: Level = input.level.parse().map_err(|e| format!("level {}: {e}", input.level))?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(input.seed);
    let p = generate_one(d, level, input.timeout, &mut rng, |_| {}).map_err(|e| format!("{e:#}"))?;
    Ok(Done { result: json!({ "puzzle": format::to_text(&p) }), nodes: None })
}

/// Runs one slither-grade job: the puzzle's level, score and steps as `grade --json` prints
/// them, or its verdict (`no-solution`, `multiple-solutions`) as its level.
pub fn run_grade(job: &Job) -> Result<Done, String> {
    let input: GradeInput = parse(job)?;
    let p = puzzle_of(&input.text)?;
    let result = match grade_one(&p, input.timeout).map_err(|e| format!("{e:#}"))? {
        Ok(g) => grade_json(&g),
        Err(verdict) => json!({ "level": verdict.replace(' ', "-") }),
    };
    Ok(Done { result, nodes: None })
}

/// The inputs of the jobs of `file`, each checked to be puzzle I of a whole batch.
fn inputs<T: DeserializeOwned>(file: &JobFile) -> anyhow::Result<Vec<T>> {
    let mut out = Vec::with_capacity(file.len());
    for (i, job) in file.jobs().iter().enumerate() {
        let place = (job.input["puzzle"].as_u64(), job.input["puzzles"].as_u64());
        anyhow::ensure!(
            place == (Some(i as u64), Some(file.len() as u64)),
            "{}: job {i} is not puzzle {i} of a batch of {} (its input says puzzle {} of {}): it is not a whole \
             `slither split`",
            file.name(),
            file.len(),
            job.input["puzzle"],
            job.input["puzzles"]
        );
        out.push(parse(job).map_err(|e| anyhow::anyhow!("{}: job {i}: {e}", file.name()))?);
    }
    Ok(out)
}

/// A graded puzzle's line: the puzzle, then its level (in JSON, the grade's fields).
fn graded_line(p: &Puzzle, grade: &Value, format: Output) -> anyhow::Result<String> {
    let grade = grade.as_object().filter(|g| g["level"].is_string()).context("no level")?;
    let line = render(p, None, format);
    let line = line.trim_end();
    if format == Output::Json {
        let fields: Vec<String> =
            grade.iter().map(|(k, v)| format!("{}:{v}", Value::from(k.as_str()))).collect();
        let open = line.strip_suffix('}').context("a puzzle's JSON is an object")?;
        return Ok(format!("{open},{}}}\n", fields.join(",")));
    }
    Ok(format!("{line} {}\n", grade["level"].as_str().unwrap_or_default()))
}

pub fn merge(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let (file, results) = args.input.open(&[GENERATE_KIND, GRADE_KIND])?;
    let graded: Option<Vec<GradeInput>> = match file.jobs()[0].kind.as_str() {
        GRADE_KIND => Some(inputs(&file)?),
        _ => {
            inputs::<GenerateInput>(&file)?;
            None
        }
    };
    anyhow::ensure!(
        graded.is_none() || args.format != Output::Thsl,
        "--format thsl writes Slink text, which has no place for a puzzle's level: give --format url, loopy or json"
    );
    let Some(done) = crate::jobs::merge_results(&file, &results, "puzzles")? else {
        return Ok(ExitCode::from(EXIT_VERDICT));
    };
    let mut out = String::new();
    for (i, result) in done.iter().enumerate() {
        let foreign = || format!("{}: not the result of job {i}", results.path(i).display());
        out += &match &graded {
            Some(inputs) => {
                let p = puzzle_of(&inputs[i].text).map_err(anyhow::Error::msg).with_context(foreign)?;
                graded_line(&p, result, args.format).with_context(foreign)?
            }
            None => {
                let text = result["puzzle"].as_str().context("no puzzle").with_context(foreign)?;
                render(&puzzle_of(text).map_err(anyhow::Error::msg).with_context(foreign)?, None, args.format)
            }
        };
    }
    if args.format == Output::Thsl {
        out += "0 0\n";
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}
