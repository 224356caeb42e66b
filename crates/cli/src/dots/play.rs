//! `dots play` (against the engine in the terminal) and `dots bot` (a line protocol).

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use pencilbox_dots::board::{AsciiBoard, BoardError, Line, MAX_BOARD_SIDE, Player, Position, initial};
use pencilbox_dots::bot::{Bot, DEFAULT_THINK, Level};
use pencilbox_grid::{Dims, Edge};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{EngineArgs, board_sizes};
use crate::options::{Side, millis, named, parse_whole, seed, seed_value};

#[derive(Debug, clap::Args)]
#[command(after_help = "Example:
  pencilbox dots play --board 3x3 --level strong --first human --seed 7

Type a move as `h R C` (the horizontal line right of dot (R, C)), `v R C` (the vertical line
below dot (R, C)) or a line number (OpenSpiel's action order). Rows and columns start at 0.
You are A when you move first, B otherwise. End of input (Ctrl-D) stops the game.")]
pub struct PlayArgs {
    #[arg(long, default_value = "3x3", value_name = "RxC",
          help = format!("Board size in boxes, {}", board_sizes()))]
    pub board: Dims,
    /// Engine level.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Strong)]
    pub level: Level,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = Side::Human)]
    pub first: Side,
    /// Seed of the engine's random choices (a fresh one is printed when omitted).
    #[arg(long, value_parser = seed_value())]
    pub seed: Option<u64>,
    /// Thinking time per engine move, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_THINK.as_millis() as u64, value_name = "MS", value_parser = millis())]
    pub time_ms: u64,
    #[command(flatten)]
    pub engine: EngineArgs,
}

#[derive(Debug, clap::Args)]
#[command(after_help = bot_help())]
pub struct BotArgs {
    /// Engine level.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Strong)]
    pub level: Level,
    /// Thinking time per move, in milliseconds (the `time` command changes it).
    #[arg(long, default_value_t = DEFAULT_THINK.as_millis() as u64, value_name = "MS", value_parser = millis())]
    pub time_ms: u64,
    /// Seed of the engine's random choices (printed on stderr when omitted).
    #[arg(long, value_parser = seed_value())]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub engine: EngineArgs,
}

fn line_name(dims: Dims, e: Edge) -> String {
    format!("{} (line {})", Line::of(dims, e), e.index())
}

/// The bot's help after its options: the protocol.
fn bot_help() -> String {
    format!(
        "Example:
  printf '2x2 111000000000\\nquit\\n' | pencilbox dots bot --level strong

Protocol (one command per line; answers one line each on stdout):
  RxC LINES            a position: board size (up to {MAX_BOARD_SIDE}x{MAX_BOARD_SIDE}) and OpenSpiel line string
                       (also `position RxC LINES`); answer: `move N h R C` (line number N and
                       its h/v name)
  level L              switch to {}; answer `ok`
  time MS              thinking time in milliseconds; answer `ok`
  quit                 exit (end of input does the same)
Bad commands are answered `error <reason>`; the bot keeps running. Blank lines and lines
starting with # are ignored. `pencilbox dots match --engine-a CMD` plays such programs.",
        crate::options::one_of::<Level>()
    )
}

fn scores(p: &Position) -> String {
    format!("score: A {} - B {}", p.score(Player::First), p.score(Player::Second))
}

pub fn play(args: PlayArgs) -> anyhow::Result<ExitCode> {
    match play_game_in_terminal(&args, &mut std::io::stdout().lock()) {
        // The reader went away (`| head`): nothing more to show.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(ExitCode::SUCCESS)
        }
        other => other.map(|()| ExitCode::SUCCESS),
    }
}

fn play_game_in_terminal(args: &PlayArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed(args.seed));
    let dims = args.board;
    let mut bot = args.engine.engine(args.level, dims, 2)?;
    let mut position = Position::empty_of(dims)?;
    let human = if args.first == Side::Human { Player::First } else { Player::Second };
    let mut turn = Player::First;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while !position.is_over() {
        write!(out, "{}", AsciiBoard(position.clone()))?;
        // The terminal game names the players by the letters its picture marks their boxes with.
        writeln!(out, "{}   (you are {}; {} to move)", scores(&position), initial(human), initial(turn))?;
        let edge = if turn == human {
            loop {
                write!(out, "your move> ")?;
                out.flush()?;
                let Some(line) = lines.next() else {
                    writeln!(out)?;
                    writeln!(out, "end of input: game abandoned")?;
                    return Ok(());
                };
                let line = line.context("cannot read standard input")?;
                match parse_move(&position, line.trim()) {
                    Ok(e) => break e,
                    Err(why) => writeln!(out, "{why}; type `h R C`, `v R C` or a line number")?,
                }
            }
        } else {
            let deadline = Instant::now() + Duration::from_millis(args.time_ms);
            let choice = bot.choose(&position, &mut rng, deadline)?;
            writeln!(out, "engine plays {}", line_name(dims, choice.line))?;
            choice.line
        };
        let outcome = position.play_for(edge, turn)?;
        if !outcome.keeps_turn() {
            turn = turn.opponent();
        }
    }
    write!(out, "{}", AsciiBoard(position.clone()))?;
    writeln!(out, "{}", scores(&position))?;
    let (a, b) = (position.score(Player::First), position.score(Player::Second));
    let verdict = match a.cmp(&b) {
        std::cmp::Ordering::Greater => "A wins",
        std::cmp::Ordering::Less => "B wins",
        std::cmp::Ordering::Equal => "draw",
    };
    writeln!(out, "game over: {verdict}")?;
    Ok(())
}

/// A human's move: legal, or the reason it is not.
fn parse_move(position: &Position, text: &str) -> Result<Edge, String> {
    let line: Line = text.parse().map_err(|e| format!("cannot read {text:?} as a move: {e}"))?;
    let edge = line.edge(position.dims()).map_err(|e| e.to_string())?;
    if position.is_drawn(edge) {
        return Err(format!("{} is already drawn", Line::of(position.dims(), edge)));
    }
    Ok(edge)
}

/// One protocol command's answer; an error says what was wrong with the command.
fn bot_answer(
    command: &str,
    bot: &mut Option<Bot>,
    level: &mut Level,
    time_ms: &mut u64,
    engine_args: EngineArgs,
    rng: &mut ChaCha8Rng,
) -> anyhow::Result<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let (size, lines) = match words[..] {
        ["level", l] => {
            *level = l.parse()?;
            *bot = None;
            return Ok("ok".into());
        }
        ["time", t] => {
            *time_ms = parse_whole(t, 0, "a whole number of milliseconds")
                .map_err(|e| anyhow::anyhow!("time {t:?}: {e}"))?;
            return Ok("ok".into());
        }
        ["level", ..] => anyhow::bail!("`level` takes one name: {}", crate::options::one_of::<Level>()),
        ["time", ..] => anyhow::bail!("`time` takes one number: the thinking time in milliseconds"),
        ["position", size, lines] => (size, lines),
        ["position", ..] => {
            anyhow::bail!("`position` takes the board size and the line string: `position RxC LINES`")
        }
        // A position starts with its size; other words are not commands.
        [size, lines] if size.starts_with(|c: char| c.is_ascii_digit()) => (size, lines),
        _ => {
            anyhow::bail!("unknown command {command:?}: expected `RxC LINES`, `level L`, `time MS` or `quit`")
        }
    };
    let dims: Dims = size.parse().context("board size")?;
    let position = Position::from_line_string(dims, lines).map_err(|e| match e {
        // The line string is one word: say where in it, not "line 1, column N".
        BoardError::NotBinary { pos, found } => anyhow::anyhow!(
            "line string: character {} is {found:?}; give one 0 (undrawn) or 1 (drawn) per line",
            pos.col
        ),
        e => e.into(),
    })?;
    if bot.as_ref().is_none_or(|b| b.dims() != dims) {
        *bot = Some(engine_args.engine(*level, dims, 2)?);
    }
    let engine = bot.as_mut().context("no engine")?;
    let deadline = Instant::now() + Duration::from_millis(*time_ms);
    let choice = engine.choose(&position, rng, deadline)?;
    Ok(format!("move {} {}", choice.line.index(), Line::of(dims, choice.line)))
}

pub fn bot(args: BotArgs) -> anyhow::Result<ExitCode> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed(args.seed));
    let (mut level, mut time_ms) = (args.level, args.time_ms);
    let mut bot = None;
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let line = line.context("cannot read standard input")?;
        let command = line.trim();
        if command.is_empty() || command.starts_with('#') {
            continue;
        }
        if command == "quit" {
            break;
        }
        let answer = bot_answer(command, &mut bot, &mut level, &mut time_ms, args.engine, &mut rng)
            .unwrap_or_else(|e| format!("error {e:#}"));
        let mut out = stdout.lock();
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}
