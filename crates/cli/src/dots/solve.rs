//! `dots solve`: the engine's analysis report (`pencilbox_dots::analysis`) in words, or as the
//! JSON the web analysis answers too: the exact value, a best move and optionally every move's
//! value; with a time limit that the exact solve cannot meet, the strong engine's estimate
//! instead; with `--explain`, the fight for control by the long chain rule, and exactly by
//! Nimstring where it is decided in time.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use pencilbox_dots::analysis::{
    AnalysisError, Missing, MoveReport, OnTimeout, Options, Report, Value, analyse,
};
use pencilbox_dots::board::Position;
use pencilbox_dots::control::Control;
use pencilbox_dots::format::{Format, read};
use pencilbox_dots::solver::{Stats, TableSize};
use pencilbox_dots::theory::Kind;
use pencilbox_grid::Dims;
use rand::SeedableRng;

/// The solve arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = solve_help())]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: PositionInput,
    /// The size a line string is read for (RxC); a position in another form must be of it.
    #[arg(long, value_name = "RxC")]
    pub board: Option<Dims>,
    /// Input format: `olympiad` (`N M`, then N+1 rows of M digits for the horizontal lines and
    /// N rows of M+1 digits for the vertical ones), `openspiel` (one 0/1 per line in OpenSpiel's
    /// action order; read for --board RxC, or without it for the square board its length
    /// fits), `ascii` (the picture: `+---+`, `|`), or `auto`: one
    /// word of 0s and 1s is a line string, text starting with `+` a picture, else olympiad.
    #[arg(long, default_value_t = Format::Auto, value_parser = crate::options::named::<Format>())]
    pub format: Format,
    /// Also print the value of every legal move.
    #[arg(long)]
    pub moves: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// The most the transposition table may take, in MiB (a position with few undrawn lines
    /// gets only what it can use).
    #[arg(long, default_value_t = pencilbox_dots::solver::SOLVE_TABLE_MIB, value_name = "MIB",
          value_parser = crate::options::whole(0usize, "a whole number of MiB"))]
    pub tt_mib: usize,
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u8).range(1..=pencilbox_dots::solver::MAX_THREADS as i64),
          help = format!("Search threads sharing the table (1 to {}): a second thread helps on an idle \
                          machine with two cores and costs time on a busy one; with two and no --time-limit, \
                          the best move printed for a position of {} undrawn lines or more is the one \
                          the search proved when it has one, which can differ from run to run among \
                          equally good moves",
                         pencilbox_dots::solver::MAX_THREADS, pencilbox_dots::solver::PARALLEL_LINES))]
    pub threads: u8,
    #[arg(long, value_name = "SECONDS", value_parser = crate::options::seconds, help = format!(
        "Answer within this many seconds: the exact solve gets {:.0}%, and when it does not finish, \
         the search's estimate (with the exact bounds reached) is printed instead. On a board of more \
         than {} lines (beyond the solver; up to {} lines), the search's estimate over the whole time",
        100.0 * pencilbox_dots::analysis::EXACT_SHARE,
        pencilbox_dots::compact::SOLVER_MAX_LINES,
        pencilbox_dots::mcts::large::SEARCH_MAX_LINES,
    ))]
    pub time_limit: Option<f64>,
    #[arg(long, help = format!(
        "Also say where the fight for control stands (long chain rule; exactly, by Nimstring, when \
         decided on a second thread while the solve runs, given at least the smaller of {} s and 1/{} \
         of --time-limit), and with --moves whether each move wins (or, undecided, keeps) control",
        pencilbox_dots::analysis::FIGHT_BUDGET.as_secs_f64(),
        pencilbox_dots::analysis::FIGHT_SHARE,
    ))]
    pub explain: bool,
}

/// The help after the options: examples and what is printed.
fn solve_help() -> String {
    format!(
        "Examples:
  pencilbox dots solve --empty 2x2            # the empty 2x2 board: prints 2, then a best move
  pencilbox dots solve examples/dots/endgame-1.in --moves
  echo 111000000000 | pencilbox dots solve --board 2x2 --json

Output: the first line is the exact net score (mover's boxes minus the opponent's, over the
boxes still unclaimed) under best play; then `best <move>`; with --moves one line per legal move.
With --time-limit, when the exact solve does not finish in {:.0}% of it, the strong engine's
search spends the rest and the first line is its estimate, marked `~` (not exact).",
        100.0 * pencilbox_dots::analysis::EXACT_SHARE
    )
}

/// Where the position comes from: FILE, standard input, or the empty board.
#[derive(Debug, clap::Args)]
pub struct PositionInput {
    /// The position's file; standard input when omitted or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    /// Solve the empty board of this size (RxC) instead of reading a position.
    #[arg(long, value_name = "RxC", conflicts_with_all = ["file", "board", "format"])]
    pub empty: Option<Dims>,
}

/// Reads the position the arguments name (`pencilbox_dots::format::read`): the empty board of
/// `--empty`, else FILE or standard input, which must hold a position (`--board` alone only
/// says what size a line string is read for).
pub fn read_position(input: &PositionInput, board: Option<Dims>, format: Format) -> anyhow::Result<Position> {
    if let Some(dims) = input.empty {
        return Ok(Position::empty_of(dims)?);
    }
    let file = crate::input::InputArg { file: input.file.clone() };
    let text = file.read()?;
    let name = file.name();
    if text.trim().is_empty() {
        let size = board.map_or("RxC".to_string(), |d| d.to_string());
        anyhow::bail!("{name} is empty: give a position, or --empty {size} for the empty board");
    }
    read(&text, format, board).with_context(|| format!("{name}: not a valid position"))
}

/// A spinner on stderr that appears once a solve has run for a second.
fn progress_reporter() -> impl FnMut(&Stats) + Send {
    let start = Instant::now();
    let bar = indicatif::ProgressBar::hidden();
    let mut shown = false;
    move |s: &Stats| {
        if !shown && start.elapsed() > Duration::from_secs(1) {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            shown = true;
        }
        if shown {
            let fill = 100.0 * s.tt_used as f64 / s.tt_capacity.max(1) as f64;
            bar.set_message(format!(
                "{} nodes, table {fill:.1}% full, value in [{}, {}]",
                s.nodes, s.lower, s.upper
            ));
            bar.tick();
        }
    }
}

pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let position = read_position(&args.input, args.board, args.format)?;
    let limit = args
        .time_limit
        .map(|secs| Duration::try_from_secs_f64(secs).context("--time-limit must be a number of seconds"))
        .transpose()?;
    let deadline = match limit {
        Some(limit) => Some(Instant::now().checked_add(limit).context("--time-limit is too long")?),
        None => None,
    };
    let options = Options {
        moves: args.moves,
        explain: args.explain,
        deadline,
        on_timeout: OnTimeout::Estimate,
        threads: usize::from(args.threads),
        table: TableSize::Mib(args.tt_mib),
        cancel: None,
        progress: Some(Box::new(progress_reporter())),
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    let report = analyse(&position, options, &mut rng).map_err(|e| match e {
        AnalysisError::BeyondSolver(_) => anyhow::anyhow!("{e}: give --time-limit SECONDS"),
        e => e.into(),
    })?;
    let text = if args.json { format!("{}\n", serde_json::to_string(&report)?) } else { text(&report) };
    // A closed pipe (`| head`) is not an error of the solve.
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(e.into()),
        _ => {}
    }
    Ok(ExitCode::SUCCESS)
}

/// The report in words: the value (an estimate says why it is one, and one too thin to give
/// says why not), a best move, every move with `--moves`, and with `--explain` the fight for
/// control.
fn text(report: &Report) -> String {
    let mut text = match report.value {
        Value::Exact(v) => format!("{v}\n"),
        v => format!("{v} ({})\n", estimate_note(report)),
    };
    match &report.best {
        Ok(m) => text += &format!("best {} (line {})\n", m.name, m.line.index()),
        Err(_) => text += "best none (every line is drawn)\n",
    }
    if let Ok(moves) = &report.moves {
        for m in moves {
            // An estimate reads `~+1.7 ±0.4` (`Value`'s form), with the playouts behind it.
            let what = match m.value.playouts() {
                None => format!("value {}", m.value),
                Some(playouts) => {
                    format!("value {} ({})", m.value, plural(playouts as usize, "playout", "playouts"))
                }
            };
            text +=
                &format!("{:<10} line {:<3} {what}{}\n", m.name.to_string(), m.line.index(), control_word(m));
        }
    }
    if let Ok(c) = &report.chains {
        text += &control_text(c);
        text += &fight_text(report.wins_control);
    }
    text
}

/// Why the value is the search's, what it ran and, when too thin to estimate, what it lacked.
fn estimate_note(report: &Report) -> String {
    let ran = |playouts| format!("ran {}", plural(playouts as usize, "playout", "playouts"));
    let ran = report.value.playouts().map_or_else(String::new, ran);
    let why = match report.exact_solve {
        Err(Missing::OutOfTime) => format!(
            "the exact solve ran out of time after {} nodes with the value in [{}, {}]; the search then {ran}",
            report.nodes, report.bounds.0, report.bounds.1
        ),
        Err(why) => format!("{why}; the search {ran}"),
        Ok(()) => format!("the search {ran}"),
    };
    match (report.value, &report.best) {
        (Value::TooThin { .. }, Ok(best)) => {
            let through = best.value.playouts().unwrap_or(0);
            format!("{why}, {through} through the move it chose: {}", Missing::TooThin)
        }
        (Value::TooThin { .. }, Err(_)) => format!("{why}; {}", Missing::TooThin),
        _ => format!("an estimate with its standard error: {why}"),
    }
}

/// `n` and what it counts, in the plural unless `n` is 1.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether a move wins control: exactly where it is known, else by the long chain rule.
fn control_word(m: &MoveReport) -> &'static str {
    match (m.wins_control, m.keeps_control) {
        (Ok(true), _) => "   wins control",
        (Ok(false), _) => "   loses control",
        (Err(_), Ok(true)) => "   keeps control (long chain rule)",
        (Err(_), Ok(false)) => "   gives away control (long chain rule)",
        (Err(_), Err(_)) => "",
    }
}

/// The fight for control in words: the chains and loops so far, the safe lines left, and the
/// long chain rule for the player to move.
fn control_text(c: &Control) -> String {
    let list = |kind: Kind, long: bool| -> Vec<String> {
        c.components
            .iter()
            .filter(|x| x.kind == kind && (kind == Kind::Loop || x.is_long_chain() == long))
            .map(|x| x.len().to_string())
            .collect()
    };
    let (long, short, loops) = (list(Kind::Chain, true), list(Kind::Chain, false), list(Kind::Loop, false));
    let sizes = |v: &[String]| if v.is_empty() { String::new() } else { format!(" ({})", v.join(", ")) };
    format!(
        "control: {}{}, {}{}, {}{} so far; {} left\n\
         the player to move wants an {} number of long chains (long chain rule) and is {}\n",
        plural(long.len(), "long chain", "long chains"),
        sizes(&long),
        plural(short.len(), "short chain", "short chains"),
        sizes(&short),
        plural(loops.len(), "loop", "loops"),
        sizes(&loops),
        plural(c.safe_lines, "safe line", "safe lines"),
        c.mover_wants,
        if c.mover_on_track() { "on track" } else { "not on track" },
    )
}

/// The exact fight for control in words, or why it is not known.
fn fight_text(wins: Result<bool, Missing>) -> String {
    match wins {
        Ok(true) => {
            "exactly (Nimstring): the player to move can win control (make the other open the last chain or loop)\n"
                .into()
        }
        Ok(false) => "exactly (Nimstring): the player to move cannot win control\n".into(),
        Err(Missing::GameOver | Missing::NotAsked) => String::new(),
        Err(why) => format!("exactly (Nimstring): {why}\n"),
    }
}
