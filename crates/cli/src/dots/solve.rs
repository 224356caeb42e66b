//! `dots solve`: the exact value, a best move and optionally every move's value.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use pencilbox_dots::board::{AsciiBoard, Line, Position};
use pencilbox_dots::lines;
use pencilbox_dots::solver::{Solver, Stats, TableSize};
use pencilbox_grid::Dims;

/// The text format of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `olympiad` unless the text starts with `+` (an ASCII picture); with `--board`, `openspiel`.
    Auto,
    /// `N M`, then N+1 rows of M digits (horizontal lines), then N rows of M+1 digits (vertical).
    Olympiad,
    /// One 0/1 per line in OpenSpiel action order; needs `--board RxC`.
    Openspiel,
    /// The ASCII picture (`+---+`, `|`).
    Ascii,
}

/// The solve arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  pencilbox dots solve --board 2x2            # the empty 2x2 board: prints 2, then a best move
  pencilbox dots solve examples/dots/endgame-1.in --moves
  echo 111000000000 | pencilbox dots solve --board 2x2 - --json

Output: the first line is the exact net score (mover's boxes minus the opponent's, over the
boxes still unclaimed) under best play; then `best <move>`; with --moves one line per legal move.")]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: crate::input::InputArg,
    /// Board size RxC. Alone: the empty board. With FILE (or `-` for stdin): the input is an
    /// OpenSpiel line string for this size.
    #[arg(long, value_name = "RxC")]
    pub board: Option<Dims>,
    /// Input format.
    #[arg(long, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
    /// Also print the value of every legal move.
    #[arg(long)]
    pub moves: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// The most the transposition table may take, in MiB (a position with few undrawn lines
    /// gets only what it can use).
    #[arg(long, default_value_t = 1024, value_name = "MIB")]
    pub tt_mib: usize,
    /// Search threads sharing the table (1 or 2): a second thread helps on an idle machine
    /// with two cores and costs time on a busy one.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2), value_name = "N")]
    pub threads: u8,
    /// Give up (exit 2, printing the bounds reached) after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

/// Reads the position the arguments name.
pub fn read_position(
    args: &crate::input::InputArg,
    board: Option<Dims>,
    format: Format,
) -> anyhow::Result<Position> {
    if let (Some(dims), None) = (board, &args.file)
        && format == Format::Auto
    {
        return Ok(Position::empty_of(dims)?);
    }
    let text = args.read()?;
    let name = args.name();
    let format = match format {
        Format::Auto if board.is_some() => Format::Openspiel,
        Format::Auto if text.trim_start().starts_with('+') => Format::Ascii,
        Format::Auto => Format::Olympiad,
        f => f,
    };
    let position = match format {
        Format::Openspiel => {
            let dims = board.context("--format openspiel needs --board RxC")?;
            Position::from_line_string(dims, &text)
        }
        Format::Ascii => text.parse::<AsciiBoard>().map(|a| a.0),
        _ => Position::from_olympiad(&text),
    };
    let position = position.with_context(|| format!("{name}: not a valid position"))?;
    if let Some(dims) = board
        && dims != position.dims()
    {
        anyhow::bail!("{name}: the board is {}, not {dims}", position.dims());
    }
    Ok(position)
}

/// A spinner on stderr that appears once a solve has run for a second.
fn progress_reporter() -> impl FnMut(&Stats) {
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
    let (geo, drawn) = lines::compact(&position)?;
    let dims = geo.dims();
    let mut solver = Solver::new(geo, TableSize::Mib(args.tt_mib));
    solver.set_progress(Some(Box::new(progress_reporter())));
    solver.set_threads(usize::from(args.threads));
    if let Some(secs) = args.time_limit {
        let limit = Duration::try_from_secs_f64(secs).context("--time-limit must be a number of seconds")?;
        solver.set_deadline(Some(Instant::now() + limit));
    }
    let out_of_time = |s: Stats| {
        anyhow::anyhow!(
            "the solve ran out of time after {} nodes; the value is in [{}, {}]",
            s.nodes,
            s.lower,
            s.upper
        )
    };
    let (value, best) = solver.best_move(drawn).map_err(|_| out_of_time(solver.stats()))?;
    let moves = if args.moves {
        solver.move_values(drawn).map_err(|_| out_of_time(solver.stats()))?
    } else {
        Vec::new()
    };
    let stats = solver.stats();
    let name = |e| Line::of(dims, e).to_string();
    let mut text;
    if args.json {
        let moves: Vec<_> = moves
            .iter()
            .map(|&(e, v)| serde_json::json!({ "move": name(e), "line": e.index(), "value": v }))
            .collect();
        let mut out = serde_json::json!({
            "board": dims.to_string(),
            "value": value,
            "best": best.map(name),
            "best_line": best.map(|e| e.index()),
            "nodes": stats.nodes,
        });
        if args.moves {
            out["moves"] = serde_json::Value::Array(moves);
        }
        text = format!("{out}\n");
    } else {
        text = format!("{value}\n");
        match best {
            Some(e) => text += &format!("best {} (line {})\n", name(e), e.index()),
            None => text += "best none (every line is drawn)\n",
        }
        for (e, v) in moves {
            text += &format!("{:<10} line {:<3} value {v}\n", name(e), e.index());
        }
    }
    // A closed pipe (`| head`) is not an error of the solve.
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(e.into()),
        _ => {}
    }
    Ok(ExitCode::SUCCESS)
}
