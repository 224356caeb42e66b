//! `pencilbox slither …`: Slitherlink verbs.

pub mod split;

use crate::output::{emit, out, outln};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use pencilbox_slither::deduce;
use pencilbox_slither::generate::GenerateError;
use pencilbox_slither::level::{self, GradeError, Level};
use pencilbox_slither::limits::{self, GENERATE_ATTEMPTS, GENERATE_SIDES};
use pencilbox_slither::{Puzzle, Solution, Verdict, explain, format, generate, solver};

use crate::input::{EXIT_VERDICT, InputArg};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Solve a puzzle and prove its solution unique.
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Count the solutions, up to a limit.
    #[command(after_help = COUNT_HELP)]
    Count(CountArgs),
    /// Solve as a person would, printing every step: deduction rules, then trials.
    #[command(after_help = EXPLAIN_HELP)]
    Explain(ExplainArgs),
    /// The difficulty level: the least whose techniques solve the puzzle.
    #[command(after_help = GRADE_HELP)]
    Grade(GradeArgs),
    /// Generate puzzles with exactly one solution and a given difficulty level.
    #[command(after_help = generate_help())]
    Generate(GenerateArgs),
    /// Split a batch into jobs, one per puzzle (`pencilbox jobs run` runs them, anywhere):
    /// generating N puzzles of given sizes and levels, or grading a corpus.
    Split(split::SplitArgs),
    /// The collection file of a split batch, in job order, from its jobs' results.
    Merge(split::MergeArgs),
    /// Rewrite a puzzle in another format (THSL text, puzz.link URL, Loopy ID, ...).
    #[command(after_help = CONVERT_HELP)]
    Convert(ConvertArgs),
    /// The setter's view: solutions (0, 1, 2+), level, redundant clues, where it is ambiguous.
    #[command(after_help = ANALYZE_HELP)]
    Analyze(AnalyzeArgs),
}

const FORMATS_HELP: &str = "\
Input formats (detected automatically):
  THSL text     `M N`, then M rows of N clues (0-3; `.` or `-` blank; `?` unknown)
  Slink text    several THSL puzzles followed by a line `0 0` (outputs are numbered)
  puzz.link     https://puzz.link/p?slither/COLS/ROWS/BODY (the host may be left out)
  Loopy         WxHt0:DESC (Simon Tatham's Loopy game ID, square grid)";

const SOLVE_HELP: &str = "\
Example:
  $ pencilbox slither solve examples/slither/thsl-1.in
  (prints the THSL picture of the unique loop)
  $ echo 'https://puzz.link/p?slither/2/2/dd' | pencilbox slither solve --output grid

No solution: `no solution` on stderr, exit 1. Several: `multiple solutions` on stderr, exit 1
(`--any` prints one of them). Slink input (ending `0 0`): each puzzle's number on its own line,
then its picture or `no solution` / `multiple solutions`, all on stdout, exit 0.

Output formats: thsl (the judge's picture), grid (compact picture), svg, json (clues and loop
edges in the shared edge numbering), url and loopy (the puzzle only).";

const COUNT_HELP: &str = "\
Example:
  $ pencilbox slither count --limit 10 examples/slither/thsl-1.in
  1

Prints the number of solutions, or `K+` when the count reached the limit K.";

const EXPLAIN_HELP: &str = "\
Example:
  $ pencilbox slither explain examples/slither/thsl-1.in
  step 1: 1 zero at cell (0, 1): cross h(0,1) h(1,1) v(0,1) v(0,2)
  ...

Edges: h(r,c) joins dots (r,c) and (r,c+1); v(r,c) joins dots (r,c) and (r+1,c). The rules are
the statement's rules 1-15 and the stronger `no premature loop`, `parity across a cut`, `corner pairs
(at least one / at most one)`, `inside/outside colouring` and `inside and outside stay connected`.
A step of the stronger rules may only learn a fact (`learned exactly one of ... is a line`,
`learned cell (r, c) and the outside have different colours`).

When no rule applies, a trial: suppose one edge is a line (or a cross), follow the rules to a
contradiction, so the edge is the other way; the step names the rules on the way and what breaks.
A trial of depth 1 uses the rules alone; of depth d, trials of depth up to d-1 inside it
(--trial-depth; 0: rules only). On a puzzle with several solutions trials go to depth 1
at most. When nothing decides an edge, explain says it is stuck, prints the partial picture and
exits 1.";

const GRADE_HELP: &str = "\
Example:
  $ pencilbox slither grade examples/slither/thsl-1.in
  easy
  $ pencilbox slither grade --json examples/slither/thsl-1.in
  {\"level\":\"easy\",\"score\":6,\"steps\":6}

Levels, easiest first: Loopy's easy, normal, tricky and hard (the techniques of Simon Tatham's
Loopy, which gives a puzzle the same level); expert (the stronger deduction rules of `explain`);
trial-1, trial-2, ... (an assumed edge refuted by deduction alone, nested to that depth). The
score orders puzzles within a level: how often the level's own technique was needed. A puzzle
without exactly one solution is a verdict (`no solution` / `multiple solutions` on stderr,
exit 1).";

fn generate_help() -> String {
    let (min, max) = (GENERATE_SIDES.start(), GENERATE_SIDES.end());
    format!(
        "Example:
  $ pencilbox slither generate --size 6x6 --difficulty tricky --seed 7 --output url

Sizes are rows x columns, each between {min} and {max} (the web app's limit too). The seed is printed
on stderr when not given, so any run can be repeated. Every puzzle is checked for uniqueness and
graded before it is printed. Each puzzle gets --timeout seconds (default 60; --no-timeout lifts
the limit); on a terminal a progress line on stderr shows the random loops tried so far."
    )
}

const CONVERT_HELP: &str = "\
Example:
  $ echo '3x2t0:a3c1' | pencilbox slither convert --output url
  https://puzz.link/p?slither/3/2/gdgb";

/// How to print results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Output {
    Thsl,
    Url,
    Loopy,
    Grid,
    Svg,
    Json,
}

#[derive(Debug, clap::Args)]
#[command(long_about = FORMATS_HELP)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArg,
    /// Output format.
    #[arg(long, value_enum, default_value = "thsl")]
    output: Output,
    /// With several solutions, print one of them instead of failing.
    #[arg(long)]
    any: bool,
    /// Give up (exit 2) after this many seconds per puzzle.
    #[arg(long, default_value_t = limits::DEFAULT_TIMEOUT_SECS, value_parser = crate::options::seconds)]
    timeout: f64,
}

#[derive(Debug, clap::Args)]
#[command(long_about = FORMATS_HELP)]
pub struct CountArgs {
    #[command(flatten)]
    input: InputArg,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = 2, value_parser = crate::options::whole(1u64, "a whole number of solutions"))]
    limit: u64,
    /// Print JSON: `{"count": N, "complete": true|false}`.
    #[arg(long)]
    json: bool,
    /// Give up (exit 2) after this many seconds per puzzle.
    #[arg(long, default_value_t = limits::DEFAULT_TIMEOUT_SECS, value_parser = crate::options::seconds)]
    timeout: f64,
}

#[derive(Debug, clap::Args)]
#[command(long_about = FORMATS_HELP)]
pub struct ExplainArgs {
    #[command(flatten)]
    input: InputArg,
    /// The deepest nesting of trials (0: deduction rules only).
    #[arg(long, default_value_t = explain::TRIAL_DEPTH, value_parser = crate::options::whole(0usize, "a whole number"))]
    trial_depth: usize,
    /// Give up (exit 2) after this many seconds per puzzle.
    #[arg(long, default_value_t = limits::DEFAULT_TIMEOUT_SECS, value_parser = crate::options::seconds)]
    timeout: f64,
}

#[derive(Debug, clap::Args)]
#[command(long_about = FORMATS_HELP)]
pub struct GradeArgs {
    #[command(flatten)]
    input: InputArg,
    /// Print JSON: `{"level": L, "score": N, "steps": N}`, one line per puzzle.
    #[arg(long)]
    json: bool,
    /// Give up (exit 2) after this many seconds per puzzle.
    #[arg(long, default_value_t = limits::DEFAULT_TIMEOUT_SECS, value_parser = crate::options::seconds)]
    timeout: f64,
}

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    #[arg(long, help = format!("Board size, rows x columns (e.g. 10x10), each between {} and {}",
          GENERATE_SIDES.start(), GENERATE_SIDES.end()))]
    size: pencilbox_grid::Dims,
    /// The level the puzzles must have.
    #[arg(long, value_parser = level_parser(), default_value_t = Level::Normal)]
    difficulty: Level,
    /// Random seed (printed on stderr when omitted).
    #[arg(long, value_parser = crate::options::seed_value())]
    seed: Option<u64>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_parser = crate::options::whole(1usize, "a whole number of puzzles"))]
    count: usize,
    /// Give up (exit 2) when a puzzle is not made within this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = limits::DEFAULT_TIMEOUT_SECS, value_parser = crate::options::seconds)]
    timeout: f64,
    /// No time limit: go on until a puzzle is made or every random loop was tried (puzzles far
    /// above the level's usual sizes may take many minutes).
    #[arg(long, conflicts_with = "timeout")]
    no_timeout: bool,
    /// Output format (thsl: the puzzle text).
    #[arg(long, value_enum, default_value = "thsl")]
    output: Output,
}

#[derive(Debug, clap::Args)]
#[command(long_about = FORMATS_HELP)]
pub struct ConvertArgs {
    #[command(flatten)]
    input: InputArg,
    /// Output format.
    #[arg(long, value_enum, default_value = "thsl")]
    output: Output,
}

/// The levels the generator makes, by the engine's names (so `--help` and usage errors list
/// them).
fn level_parser() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(generate::offered_names()).try_map(|name| name.parse::<Level>())
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Solve(args) => solve(args),
        Command::Count(args) => count(args),
        Command::Explain(args) => explain(args),
        Command::Grade(args) => grade(args),
        Command::Generate(args) => generate(args),
        Command::Split(args) => split::split(args),
        Command::Merge(args) => split::merge(args),
        Command::Convert(args) => convert(args),
        Command::Analyze(args) => analyze(args),
    }
}

fn generate(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    use rand::SeedableRng;
    let (d, target) = (args.size, args.difficulty);
    generate::check_request(d, target).with_context(|| format!("--size {d} --difficulty {target}"))?;
    if let Some(side) = limits::generate_offered_side(target)
        && d.rows().max(d.cols()) > side
    {
        let limit = if args.no_timeout {
            "may take many minutes".to_string()
        } else {
            format!("may not be made within {} s (--timeout; --no-timeout lifts it)", args.timeout)
        };
        eprintln!("note: {target} puzzles above {side}x{side} {limit}");
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(crate::options::seed(args.seed));
    let mut progress = GenerateProgress::new(args.count, d, target);
    let timeout = (!args.no_timeout).then_some(args.timeout);
    for i in 1..=args.count {
        progress.start(i);
        let p = generate_one(d, target, timeout, &mut rng, |n| progress.attempt(n))?;
        progress.bar.suspend(|| emit(&render(&p, None, args.output)))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One puzzle of size `d` and level `target` made within `timeout` seconds (`None`: no limit),
/// telling `on_attempt` of every random loop tried.
fn generate_one(
    d: pencilbox_grid::Dims,
    target: Level,
    timeout: Option<f64>,
    rng: &mut rand_chacha::ChaCha8Rng,
    on_attempt: impl FnMut(usize),
) -> anyhow::Result<Puzzle> {
    let deadline = deadline(timeout)?;
    match generate::generate_watched(d, target, GENERATE_ATTEMPTS, deadline, rng, on_attempt) {
        Ok(p) => Ok(p),
        Err(GenerateError::OutOfTime(_)) => anyhow::bail!(
            "no {target} puzzle of {d} made within {} s (see --timeout; --no-timeout lifts the limit)",
            timeout.unwrap_or_default()
        ),
        Err(e) => Err(e).with_context(|| format!("no {target} puzzle of {d} made")),
    }
}

/// The progress line of `generate` on standard error, drawn only when that is a terminal: which
/// puzzle, how many random loops it has tried, the time spent on it. Hidden while a puzzle is
/// printed, cleared at the end.
struct GenerateProgress {
    bar: indicatif::ProgressBar,
    what: String,
    count: usize,
    puzzle: usize,
}

impl GenerateProgress {
    fn new(count: usize, d: pencilbox_grid::Dims, target: Level) -> Self {
        let bar = indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        if !bar.is_hidden() {
            // Keeps the time going while one loop takes long (on large boards, seconds).
            bar.enable_steady_tick(Duration::from_millis(250));
        }
        GenerateProgress { bar, what: format!("generate {d} {target}"), count, puzzle: 0 }
    }

    fn start(&mut self, puzzle: usize) {
        self.puzzle = puzzle;
        self.bar.reset_elapsed();
    }

    fn attempt(&self, n: usize) {
        let which = match self.count {
            1 => String::new(),
            count => format!(", puzzle {} of {count}", self.puzzle),
        };
        self.bar.set_message(format!("{}{which}: random loop {n} of {GENERATE_ATTEMPTS}", self.what));
    }
}

impl Drop for GenerateProgress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

fn explain(args: ExplainArgs) -> anyhow::Result<ExitCode> {
    let input = read(&args.input)?;
    let mut code = ExitCode::SUCCESS;
    for (i, p) in input.puzzles.iter().enumerate() {
        if input.numbered {
            outln!("puzzle {}", i + 1)?;
        }
        let d = p.dims();
        let mut steps = 0;
        let mut out = String::new();
        let e = explain::explain(p, args.trial_depth, deadline(Some(args.timeout))?, |m| {
            steps += 1;
            out.push_str(&format!("step {steps}: {}\n", m.describe(d)));
        })
        .with_context(|| format!("gave up after {} s (see --timeout)", args.timeout))?;
        emit(&out)?;
        outln!("{e}")?;
        if e.run.outcome != deduce::Outcome::Solved {
            code = ExitCode::from(EXIT_VERDICT);
        }
        out!("{}", format::picture(p, &e.lines))?;
    }
    Ok(code)
}

fn grade(args: GradeArgs) -> anyhow::Result<ExitCode> {
    let input = read(&args.input)?;
    let mut code = ExitCode::SUCCESS;
    for p in &input.puzzles {
        match grade_one(p, Some(args.timeout))? {
            Ok(g) if args.json => outln!("{}", grade_json(&g))?,
            Ok(g) => outln!("{}", g.level)?,
            Err(verdict) => {
                eprintln!("{verdict}");
                code = ExitCode::from(EXIT_VERDICT);
            }
        }
    }
    Ok(code)
}

/// The grade of `p` found within `timeout` seconds (`None`: no limit), or the verdict of a
/// puzzle without exactly one solution (`no solution`, `multiple solutions`).
fn grade_one(p: &Puzzle, timeout: Option<f64>) -> anyhow::Result<Result<level::Grade, &'static str>> {
    let deadline = deadline(timeout)?;
    match level::grade(p, deadline) {
        Ok(g) => Ok(Ok(g)),
        Err(GradeError::NotUnique) => Ok(Err("multiple solutions")),
        Err(GradeError::NoSolution) => Ok(Err("no solution")),
        Err(e) => Err(e).with_context(|| {
            format!("gave up after {} s without a level (see --timeout)", timeout.unwrap_or_default())
        }),
    }
}

/// A grade as `grade --json` prints it.
fn grade_json(g: &level::Grade) -> serde_json::Value {
    serde_json::json!({ "level": g.level.to_string(), "steps": g.steps, "score": g.score })
}

fn read(input: &InputArg) -> anyhow::Result<format::Input> {
    // A puzz.link URL or Loopy game ID may be given in place of FILE.
    if let Some(arg) = input.file.as_deref().and_then(|f| f.to_str())
        && !input.file.as_deref().is_some_and(std::path::Path::exists)
        && (arg.contains("?slither") || arg.contains(':'))
    {
        return format::parse(arg).with_context(|| format!("{arg}: not a valid Slitherlink puzzle"));
    }
    let text = input.read()?;
    format::parse(&text).with_context(|| format!("{}: not a valid Slitherlink puzzle", input.name()))
}

/// A puzzle, and its loop when there is one, in the chosen format.
fn render(p: &Puzzle, s: Option<&Solution>, output: Output) -> String {
    let line = |mut t: String| {
        t.push('\n');
        t
    };
    match (output, s) {
        (Output::Thsl, Some(s)) => format::picture(p, s),
        (Output::Thsl, None) => format::to_text(p),
        (Output::Url, _) => line(format::to_url(p)),
        (Output::Loopy, _) => line(format::to_loopy(p)),
        (Output::Grid, s) => format::grid(p, s),
        (Output::Svg, s) => format::svg(p, s),
        (Output::Json, s) => line(format::json(p, s)),
    }
}

/// A search budget of `seconds` from now.
fn budget(seconds: f64) -> anyhow::Result<solver::Budget> {
    let limit = Duration::try_from_secs_f64(seconds).context("--timeout must be a number of seconds")?;
    Ok(solver::Budget { max_nodes: None, deadline: Instant::now().checked_add(limit) })
}

/// The deadline `timeout` seconds from now (`None`: no limit).
fn deadline(timeout: Option<f64>) -> anyhow::Result<Option<Instant>> {
    Ok(match timeout {
        Some(seconds) => budget(seconds)?.deadline,
        None => None,
    })
}

fn solve_one(p: &Puzzle, seconds: f64) -> anyhow::Result<Verdict> {
    solver::solve_within(p, budget(seconds)?)
        .with_context(|| format!("gave up after {seconds} s without a proven answer (see --timeout)"))
}

fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let input = read(&args.input)?;
    if input.numbered {
        for (i, p) in input.puzzles.iter().enumerate() {
            outln!("{}", i + 1)?;
            match solve_one(p, args.timeout)? {
                Verdict::Unique(s) => out!("{}", render(p, Some(&s), args.output))?,
                Verdict::Multiple(s) if args.any => out!("{}", render(p, Some(&s), args.output))?,
                Verdict::Multiple(_) => outln!("multiple solutions")?,
                Verdict::NoSolution => outln!("no solution")?,
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let p = &input.puzzles[0];
    match solve_one(p, args.timeout)? {
        Verdict::Unique(s) => out!("{}", render(p, Some(&s), args.output))?,
        Verdict::Multiple(s) if args.any => out!("{}", render(p, Some(&s), args.output))?,
        Verdict::Multiple(_) => {
            eprintln!("multiple solutions");
            return Ok(ExitCode::from(EXIT_VERDICT));
        }
        Verdict::NoSolution => {
            eprintln!("no solution");
            return Ok(ExitCode::from(EXIT_VERDICT));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn count(args: CountArgs) -> anyhow::Result<ExitCode> {
    let input = read(&args.input)?;
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    for p in &input.puzzles {
        let c = solver::count_within(p, limit, budget(args.timeout)?).with_context(|| {
            format!("gave up after {} s without a proven count (see --timeout)", args.timeout)
        })?;
        if args.json {
            outln!("{{\"count\":{},\"complete\":{}}}", c.found, !c.hit_limit)?;
        } else if c.hit_limit {
            outln!("{}+", c.found)?;
        } else {
            outln!("{}", c.found)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn convert(args: ConvertArgs) -> anyhow::Result<ExitCode> {
    let input = read(&args.input)?;
    for p in &input.puzzles {
        out!("{}", render(p, None, args.output))?;
    }
    Ok(ExitCode::SUCCESS)
}

const ANALYZE_HELP: &str = "\
Example:
  $ pencilbox slither analyze examples/slither/thsl-1.in
  solutions: 1
  level: easy
  redundant clues (...): ...

Prints the number of solutions (0, 1 or 2+) and what follows from it:
  0   a set of clues that has no solution on its own (`clues in conflict`), minimal when shown so
  1   the level and every clue that can be removed alone with the puzzle still unique
  2+  the edges where two solutions differ, and a clue that tells them apart
Exit 0 when the puzzle is unique, 1 when it has no solution or several. When --timeout cuts
the work after the count, the output says what was left unchecked.";

#[derive(Debug, clap::Args)]
#[command(long_about = FORMATS_HELP)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    input: InputArg,
    /// Print one JSON object per puzzle.
    #[arg(long)]
    json: bool,
    /// Give up (exit 2) when the solutions are not counted within this many seconds per puzzle;
    /// what is left after the count is reported as unchecked.
    #[arg(long, default_value_t = limits::DEFAULT_TIMEOUT_SECS, value_parser = crate::options::seconds)]
    timeout: f64,
}

fn analyze(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    use pencilbox_slither::analyze::{Findings, analyze};
    let input = read(&args.input)?;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut code = ExitCode::SUCCESS;
    for (i, p) in input.puzzles.iter().enumerate() {
        let a = analyze(p, budget(args.timeout)?.deadline, threads).with_context(|| {
            format!("gave up after {} s without a proven count (see --timeout)", args.timeout)
        })?;
        if !matches!(a.findings, Findings::Unique { .. }) {
            code = ExitCode::from(EXIT_VERDICT);
        }
        if args.json {
            outln!("{}", analysis_json(p, &a))?;
        } else {
            if input.numbered {
                outln!("puzzle {}", i + 1)?;
            }
            emit(&analysis_text(p, &a))?;
        }
    }
    Ok(code)
}

/// `3 at (0, 1), 2 at (4, 4)`.
fn clue_list(p: &Puzzle, cells: &[pencilbox_grid::Cell]) -> String {
    let clue = |c: pencilbox_grid::Cell| p.clue(c).number().map_or("?".to_string(), |n| n.to_string());
    cells.iter().map(|&c| format!("{} at {c}", clue(c))).collect::<Vec<_>>().join(", ")
}

fn analysis_text(p: &Puzzle, a: &pencilbox_slither::analyze::Analysis) -> String {
    use pencilbox_slither::analyze::Findings;
    let d = p.dims();
    let mut out = String::new();
    let mut line = |text: String| {
        out.push_str(&text);
        out.push('\n');
    };
    match &a.findings {
        Findings::NoSolution { conflict, minimal } => {
            line("solutions: 0".into());
            let how = if *minimal { "minimal" } else { "perhaps not minimal" };
            line(format!("clues in conflict ({}, {how}): {}", conflict.len(), clue_list(p, conflict)));
        }
        Findings::Unique { level, redundant, unchecked, .. } => {
            line("solutions: 1".into());
            match level {
                Some(level) => line(format!("level: {level}")),
                None => line("level: not found in time".into()),
            }
            let list = if redundant.is_empty() { "none".into() } else { clue_list(p, redundant) };
            line(format!("redundant clues ({}): {list}", redundant.len()));
            if !unchecked.is_empty() {
                line(format!("not checked in time ({}): {}", unchecked.len(), clue_list(p, unchecked)));
            }
        }
        Findings::Several { differing, add, .. } => {
            line("solutions: 2+".into());
            let names: Vec<String> = differing.iter().map(|&e| deduce::edge_name(d, e)).collect();
            line(format!("differing edges ({}): {}", differing.len(), names.join(" ")));
            line(match add {
                Some(add) => format!("a clue that tells them apart: {} at {}", add.clue, add.cell),
                None => "no clue on a free cell tells these two apart".into(),
            });
        }
        other => line(format!("{other:?}")),
    }
    out
}

fn analysis_json(p: &Puzzle, a: &pencilbox_slither::analyze::Analysis) -> serde_json::Value {
    use pencilbox_slither::analyze::Findings;
    let cells = |cs: &[pencilbox_grid::Cell]| cs.iter().map(|c| [c.row, c.col]).collect::<Vec<_>>();
    let edges = |s: &Solution| s.edges().map(|e| e.index()).collect::<Vec<_>>();
    let d = p.dims();
    let mut v = serde_json::json!({ "rows": d.rows(), "cols": d.cols(), "complete": a.complete });
    let more = match &a.findings {
        Findings::NoSolution { conflict, minimal } => {
            serde_json::json!({ "verdict": "none", "conflict": cells(conflict), "minimal": minimal })
        }
        Findings::Unique { solution, level, redundant, unchecked } => serde_json::json!({
            "verdict": "unique",
            "level": level.map(|l| l.to_string()),
            "redundant": cells(redundant),
            "unchecked": cells(unchecked),
            "loops": [edges(solution)],
        }),
        Findings::Several { solutions: [s, t], differing, add } => serde_json::json!({
            "verdict": "multiple",
            "differing": differing.iter().map(|e| e.index()).collect::<Vec<_>>(),
            "add": add.map(|a| serde_json::json!({ "cell": [a.cell.row, a.cell.col], "clue": a.clue })),
            "loops": [edges(s), edges(t)],
        }),
        other => serde_json::json!({ "verdict": format!("{other:?}") }),
    };
    if let (Some(v), serde_json::Value::Object(more)) = (v.as_object_mut(), more) {
        v.extend(more);
    }
    v
}
