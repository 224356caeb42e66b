//! `dots solve`: the exact value, a best move and optionally every move's value; with a time
//! limit that the exact solve cannot meet, the strong engine's estimate instead; with
//! `--explain`, the fight for control by the long chain rule, and exactly by Nimstring where it
//! is decided in time. On a board beyond the solver (more
//! than 128 lines), with a time limit, the strong engine's search on the board itself estimates.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use pencilbox_dots::analysis::{Analysis, Report, analyse, analyse_beyond_solver};
use pencilbox_dots::board::{Line, Position};
use pencilbox_dots::chains::Kind;
use pencilbox_dots::control::{self, Control, Fight, control, keeps_control};
use pencilbox_dots::format::{Format, read};
use pencilbox_dots::lines;
use pencilbox_dots::mcts::{self, MoveEstimate};
use pencilbox_dots::solver::{Solver, Stats, TableSize};
use pencilbox_grid::{Dims, Edge};
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
    #[arg(long, default_value_t = 1024, value_name = "MIB",
          value_parser = crate::options::whole(0usize, "a whole number of MiB"))]
    pub tt_mib: usize,
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u8).range(1..=pencilbox_dots::solver::MAX_THREADS as i64),
          help = format!("Search threads sharing the table (1 to {}): a second thread helps on an idle \
                          machine with two cores and costs time on a busy one",
                         pencilbox_dots::solver::MAX_THREADS))]
    pub threads: u8,
    #[arg(long, value_name = "SECONDS", value_parser = crate::options::seconds, help = format!(
        "Answer within this many seconds: the exact solve gets {:.0}%, and when it does not finish, \
         the search's estimate (with the exact bounds reached) is printed instead. On a board of more \
         than {} lines (beyond the solver; up to {} lines), the search's estimate over the whole time",
        100.0 * pencilbox_dots::analysis::EXACT_SHARE,
        lines::MAX_LINES,
        mcts::large::MAX_LINES,
    ))]
    pub time_limit: Option<f64>,
    #[arg(long, help = format!(
        "Also say where the fight for control stands (long chain rule; exactly, by Nimstring, when \
         decided on a second thread while the solve runs, given at least the smaller of {} s and 1/{} \
         of --time-limit), and with --moves whether each move wins (or, undecided, keeps) control",
        control::FIGHT_BUDGET.as_secs_f64(),
        control::FIGHT_SHARE,
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

/// The analysis of a position on a board beyond the solver: the search's estimate when
/// `deadline` is given ([`analyse_beyond_solver`]), else the solver's refusal.
fn beyond_the_solver(
    position: &Position,
    args: &SolveArgs,
    deadline: Option<Instant>,
    rng: &mut rand_chacha::ChaCha8Rng,
    too_large: lines::GeometryError,
) -> anyhow::Result<Report> {
    let Some(deadline) = deadline else {
        anyhow::bail!(
            "{too_large}; give --time-limit for the strong engine's estimate by its search (up to {} lines)",
            mcts::large::MAX_LINES
        )
    };
    analyse_beyond_solver(position, args.moves, deadline, usize::from(args.threads), None, rng).with_context(
        || {
            format!(
                "{too_large}, and beyond the search too (boards of up to {} lines)",
                mcts::large::MAX_LINES
            )
        },
    )
}

pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let position = read_position(&args.input, args.board, args.format)?;
    let dims = position.dims();
    let limit = args
        .time_limit
        .map(|secs| Duration::try_from_secs_f64(secs).context("--time-limit must be a number of seconds"))
        .transpose()?;
    let deadline = match limit {
        Some(limit) => Some(Instant::now().checked_add(limit).context("--time-limit is too long")?),
        None => None,
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    // Beyond the solver: the search's estimate, with no exact bounds but the whole range.
    let compact = lines::compact(&position);
    let beyond_solver = compact.is_err();
    let solve = || match compact {
        Ok((geo, drawn)) => {
            let mut solver = Solver::new(geo, TableSize::Mib(args.tt_mib));
            solver.set_progress(Some(Box::new(progress_reporter())));
            solver.set_threads(usize::from(args.threads));
            analyse(&mut solver, drawn, args.moves, deadline, true, &mut rng)
                .context("the solve ran out of time")
        }
        Err(too_large) => beyond_the_solver(&position, &args, deadline, &mut rng, too_large),
    };
    // With --explain the exact fight for control runs beside the solve, on a thread of its own.
    let (fight, report) = if args.explain {
        control::fight_beside(&position, Instant::now() + control::fight_least(limit), deadline, None, solve)
    } else {
        (None, solve())
    };
    let Report { analysis, exact: exact_stats } = report?;
    let control = args.explain.then(|| control(&position));
    let keeps = |e: Edge| args.explain.then(|| keeps_control(&position, e));
    let exact_fight = fight.as_ref();
    let wins = |e: Edge| exact_fight?.of(e);
    let name = |e: Edge| Line::of(dims, e).to_string();
    let text = if args.json {
        let mut out = serde_json::json!({ "board": dims.to_string(), "nodes": exact_stats.nodes });
        match &analysis {
            Analysis::Exact { value, best, moves } => {
                out["exact"] = true.into();
                out["value"] = (*value).into();
                out["best"] = best.map(name).into();
                out["best_line"] = best.map(|e| e.index()).into();
                if let Some(moves) = moves {
                    out["moves"] = moves
                        .iter()
                        .map(|&(e, v)| {
                            let mut m = serde_json::json!({ "move": name(e), "line": e.index(), "value": v });
                            explain_move(&mut m, keeps(e), wins(e));
                            m
                        })
                        .collect();
                }
            }
            Analysis::Estimate { value, best, playouts, moves } => {
                out["exact"] = false.into();
                out["estimate"] = round1(*value).into();
                out["bounds"] = serde_json::json!([exact_stats.lower, exact_stats.upper]);
                out["playouts"] = (*playouts).into();
                out["best"] = name(*best).into();
                out["best_line"] = best.index().into();
                if let Some(moves) = moves {
                    out["moves"] = moves
                        .iter()
                        .map(|&MoveEstimate { line: e, corrected: v, exact, visits, .. }| {
                            let mut m =
                                serde_json::json!({ "move": name(e), "line": e.index(), "playouts": visits });
                            m[if exact { "value" } else { "estimate" }] = round1(v).into();
                            explain_move(&mut m, keeps(e), wins(e));
                            m
                        })
                        .collect();
                }
            }
        }
        if let Some(c) = &control {
            out["control"] = control_json(c, exact_fight);
        }
        format!("{out}\n")
    } else {
        let mut text = String::new();
        let best = match &analysis {
            Analysis::Exact { value, best, .. } => {
                text += &format!("{value}\n");
                *best
            }
            Analysis::Estimate { value, best, playouts, .. } => {
                text += &if beyond_solver {
                    format!(
                        "~{value:+.1} (an estimate: a {dims} board has {} lines, beyond the exact solver's {}; \
                         the search ran {playouts} playouts)\n",
                        dims.num_edges(),
                        lines::MAX_LINES
                    )
                } else {
                    format!(
                        "~{:+.1} (an estimate: the exact solve ran out of time after {} nodes with the value in [{}, {}]; \
                         the search then ran {playouts} playouts)\n",
                        value, exact_stats.nodes, exact_stats.lower, exact_stats.upper
                    )
                };
                Some(*best)
            }
        };
        match best {
            Some(e) => text += &format!("best {} (line {})\n", name(e), e.index()),
            None => text += "best none (every line is drawn)\n",
        }
        // The exact outcome where it is known, else the rule of thumb.
        let control_word = |e: Edge| match (wins(e), keeps(e)) {
            (Some(true), _) => "   wins control",
            (Some(false), _) => "   loses control",
            (None, Some(true)) => "   keeps control (long chain rule)",
            (None, Some(false)) => "   gives away control (long chain rule)",
            (None, None) => "",
        };
        match &analysis {
            Analysis::Exact { moves: Some(moves), .. } => {
                for &(e, v) in moves {
                    text += &format!("{:<10} line {:<3} value {v}{}\n", name(e), e.index(), control_word(e));
                }
            }
            Analysis::Estimate { moves: Some(moves), .. } => {
                for &MoveEstimate { line: e, corrected: v, exact, visits, .. } in moves {
                    let what = if exact {
                        format!("value {v}")
                    } else {
                        format!("estimate {v:+.1} ({visits} playouts)")
                    };
                    text += &format!("{:<10} line {:<3} {what}{}\n", name(e), e.index(), control_word(e));
                }
            }
            _ => {}
        }
        if let Some(c) = &control {
            text += &control_text(c);
            text += &fight_text(exact_fight, &position, beyond_solver);
        }
        text
    };
    // A closed pipe (`| head`) is not an error of the solve.
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(e.into()),
        _ => {}
    }
    Ok(ExitCode::SUCCESS)
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// The fight for control in words: the chains and loops so far, the safe lines left, and the
/// long chain rule for the player to move.
fn control_text(c: &Control) -> String {
    let list = |kind: Kind, long: bool| -> Vec<String> {
        c.components
            .iter()
            .filter(|x| x.kind == kind && (kind == Kind::Loop || (x.len() >= 3) == long))
            .map(|x| x.len().to_string())
            .collect()
    };
    let (long, short, loops) = (list(Kind::Chain, true), list(Kind::Chain, false), list(Kind::Loop, false));
    let sizes = |v: &[String]| if v.is_empty() { String::new() } else { format!(" ({})", v.join(", ")) };
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
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
fn fight_text(fight: Option<&Fight>, position: &Position, beyond_solver: bool) -> String {
    match fight {
        Some(f) if f.mover_wins => {
            "exactly (Nimstring): the player to move can win control (make the other open the last chain or loop)\n"
                .into()
        }
        Some(_) => "exactly (Nimstring): the player to move cannot win control\n".into(),
        None if position.num_undrawn() == 0 => String::new(),
        None if beyond_solver => {
            format!("exactly (Nimstring): not searched beyond {} lines\n", lines::MAX_LINES)
        }
        None => "exactly (Nimstring): not decided in the time given\n".into(),
    }
}

/// A move's control fields with `--explain`: `keeps_control` by the long chain rule, and
/// `wins_control` exactly (`null` when the fight was not decided), as in the web API.
fn explain_move(m: &mut serde_json::Value, keeps: Option<bool>, wins: Option<bool>) {
    if let Some(k) = keeps {
        m["keeps_control"] = k.into();
        m["wins_control"] = wins.into();
    }
}

fn control_json(c: &Control, fight: Option<&Fight>) -> serde_json::Value {
    let components: Vec<_> = c
        .components
        .iter()
        .map(|x| {
            let boxes: Vec<[usize; 2]> = x.boxes.iter().map(|b| [b.row, b.col]).collect();
            serde_json::json!({ "kind": x.kind.to_string(), "boxes": boxes })
        })
        .collect();
    serde_json::json!({
        "components": components,
        "long_chains": c.long_chains,
        "safe_lines": c.safe_lines,
        "mover_wants": c.mover_wants.to_string(),
        "mover_on_track": c.mover_on_track(),
        "mover_wins_control": fight.map(|f| f.mover_wins),
    })
}
