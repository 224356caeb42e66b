//! `dots play` (against the engine in the terminal), `dots bot` (a line protocol) and
//! `dots match` (engine levels against each other).

use crate::output::outln;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use pencilbox_dots::board::{AsciiBoard, Line, Player, Position};
use pencilbox_dots::bot::{Bot, DEFAULT_THINK, Level};
use pencilbox_dots::solver::TableSize;
use pencilbox_grid::{Dims, Edge};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::options::{Side, named, seed};

#[derive(Debug, clap::Args)]
#[command(after_help = "Example:
  pencilbox dots play --board 3x3 --level strong --first human --seed 7

Type a move as `h R C` (the horizontal line right of dot (R, C)), `v R C` (the vertical line
below dot (R, C)) or a line number (OpenSpiel's action order). Rows and columns start at 0.
You are A when you move first, B otherwise. End of input (Ctrl-D) stops the game.")]
pub struct PlayArgs {
    /// Board size in boxes, up to 64x64 (above 128 lines, 8x8 on, there is no exact solver:
    /// strong searches without it up to 2,112 lines, 32x32, basic plays by chain rules).
    #[arg(long, default_value = "3x3", value_name = "RxC")]
    pub board: Dims,
    /// Engine level.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Strong)]
    pub level: Level,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = Side::Human)]
    pub first: Side,
    /// Seed of the engine's random choices (a fresh one is printed when omitted).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Thinking time per engine move, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_THINK.as_millis() as u64, value_name = "T")]
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
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_THINK.as_millis() as u64, value_name = "T")]
    pub time_ms: u64,
    /// Seed of the engine's random choices (printed on stderr when omitted).
    #[arg(long)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub engine: EngineArgs,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "Example:
  pencilbox dots match --a strong --b greedy --board 5x5 --games 100 --time-ms 1000 --jobs 2 --seed 1

Sides alternate: A moves first in even-numbered games, B in odd ones. Results are from A's side,
with the longest each engine took over a move (`slowest_move_ms` in JSON).")]
pub struct MatchArgs {
    /// Level of engine A.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Strong)]
    pub a: Level,
    /// Level of engine B.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Greedy)]
    pub b: Level,
    /// Board size in boxes, up to 64x64 (above 128 lines there is no exact solver: strong
    /// searches without it up to 2,112 lines, 32x32, basic plays by chain rules).
    #[arg(long, default_value = "5x5", value_name = "RxC")]
    pub board: Dims,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_THINK.as_millis() as u64, value_name = "T")]
    pub time_ms: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Base seed; game i uses seed + i (a fresh one is printed when omitted).
    #[arg(long)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
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
  RxC LINES            a position: board size (up to 64x64) and OpenSpiel line string (also
                       `position RxC LINES`); answer: `move N h R C` (line number N and its
                       h/v name)
  level L              switch to {}; answer `ok`
  time T               thinking time in milliseconds; answer `ok`
  quit                 exit (end of input does the same)
Bad commands are answered `error <reason>`; the bot keeps running. Blank lines and lines
starting with # are ignored.",
        crate::options::one_of::<Level>()
    )
}

/// How the basic and strong engines may use the machine.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct EngineArgs {
    /// The most each strong engine's transposition table may take, in MiB (with two threads
    /// the strong engine's second search keeps a table of up to half this size besides).
    #[arg(long, default_value_t = 64, value_name = "MIB")]
    pub tt_mib: usize,
    /// Threads of each strong engine's exact solves and search, 1 or 2 [default: 2; in a match
    /// of `--jobs 2` or more, 1, as the games already share the cores]
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub threads: Option<u8>,
}

impl EngineArgs {
    /// An engine of `level` for `dims`, with `threads` unless `--threads` says otherwise.
    fn engine(self, level: Level, dims: Dims, threads: u8) -> anyhow::Result<Bot> {
        let mut bot = Bot::new(level, dims, TableSize::Mib(self.tt_mib))?;
        bot.set_threads(usize::from(self.threads.unwrap_or(threads)));
        Ok(bot)
    }
}

fn scores(p: &Position) -> String {
    format!("score: A {} - B {}", p.score(Player::A), p.score(Player::B))
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
    let human = if args.first == Side::Human { Player::A } else { Player::B };
    let mut turn = Player::A;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while !position.is_over() {
        write!(out, "{}", AsciiBoard(position.clone()))?;
        writeln!(out, "{}   (you are {human}; {turn} to move)", scores(&position))?;
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
    let (a, b) = (position.score(Player::A), position.score(Player::B));
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

/// One protocol command's answer.
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
            *time_ms = t.parse().with_context(|| format!("bad time {t:?}"))?;
            return Ok("ok".into());
        }
        ["position", size, lines] | [size, lines] => (size, lines),
        _ => {
            anyhow::bail!("unknown command {command:?}: expected `RxC LINES`, `level L`, `time T` or `quit`")
        }
    };
    let dims: Dims = size.parse()?;
    let position = Position::from_line_string(dims, lines)?;
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

/// The result of one match game, from A's side.
#[derive(Debug, Clone, Copy)]
struct GameResult {
    a_first: bool,
    a_boxes: usize,
    b_boxes: usize,
    /// The longest engine A and engine B took over a move.
    slowest: [Duration; 2],
}

fn play_game(args: &MatchArgs, index: usize, seed: u64) -> anyhow::Result<GameResult> {
    let dims = args.board;
    let a_first = index.is_multiple_of(2);
    let threads = if args.jobs > 1 { 1 } else { 2 };
    let make = |level| args.engine.engine(level, dims, threads);
    let mut bots = [make(args.a)?, make(args.b)?];
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(index as u64));
    let mut position = Position::empty_of(dims)?;
    // `turn` 0 is engine A.
    let mut turn = if a_first { 0 } else { 1 };
    let mut slowest = [Duration::ZERO; 2];
    while !position.is_over() {
        let asked = Instant::now();
        let choice = bots[turn].choose(&position, &mut rng, asked + Duration::from_millis(args.time_ms))?;
        slowest[turn] = slowest[turn].max(asked.elapsed());
        let player = if turn == 0 { Player::A } else { Player::B };
        if !position.play_for(choice.line, player)?.keeps_turn() {
            turn = 1 - turn;
        }
    }
    Ok(GameResult {
        a_first,
        a_boxes: position.score(Player::A),
        b_boxes: position.score(Player::B),
        slowest,
    })
}

pub fn run_match(args: MatchArgs) -> anyhow::Result<ExitCode> {
    Position::empty_of(args.board)?;
    let seed = seed(args.seed);
    let mut finished = Vec::new();
    let results = crate::pool::run(
        args.games,
        args.jobs,
        |i| play_game(&args, i, seed),
        |_, &r| {
            finished.push(r);
            let (w, d, l) = tally(&finished);
            Ok(format!("A: {w} won, {d} drawn, {l} lost"))
        },
    )?;
    let (w, d, l) = tally(&results);
    let margin: i64 = results.iter().map(|r| r.a_boxes as i64 - r.b_boxes as i64).sum();
    let first =
        |want: bool| tally(&results.iter().copied().filter(|r| r.a_first == want).collect::<Vec<_>>());
    let (fw, fd, fl) = first(true);
    let (sw, sd, sl) = first(false);
    let games = results.len().max(1) as f64;
    // The longest move of each engine over the match, in whole milliseconds.
    let slowest = |side: usize| results.iter().map(|r| r.slowest[side]).max().unwrap_or_default().as_millis();
    if args.json {
        let out = serde_json::json!({
            "a": args.a.to_string(), "b": args.b.to_string(), "board": args.board.to_string(),
            "games": results.len(), "time_ms": args.time_ms, "seed": seed,
            "a_wins": w, "draws": d, "a_losses": l,
            "a_win_rate": w as f64 / games,
            "average_margin": margin as f64 / games,
            "a_first": { "wins": fw, "draws": fd, "losses": fl },
            "a_second": { "wins": sw, "draws": sd, "losses": sl },
            "slowest_move_ms": { "a": slowest(0), "b": slowest(1) },
        });
        outln!("{out}")?;
    } else {
        outln!(
            "{} (A) vs {} (B) on {}, {} games, {} ms per move, seed {seed}",
            args.a,
            args.b,
            args.board,
            results.len(),
            args.time_ms
        )?;
        outln!("A: {w} wins, {d} draws, {l} losses ({:.1}% wins)", 100.0 * w as f64 / games)?;
        outln!("A moving first: {fw}-{fd}-{fl}; A moving second: {sw}-{sd}-{sl}")?;
        outln!("average margin for A: {:+.2} boxes", margin as f64 / games)?;
        outln!("slowest move: A {} ms, B {} ms", slowest(0), slowest(1))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Wins, draws and losses of A.
fn tally(results: &[GameResult]) -> (usize, usize, usize) {
    results.iter().fold((0, 0, 0), |(w, d, l), r| match r.a_boxes.cmp(&r.b_boxes) {
        std::cmp::Ordering::Greater => (w + 1, d, l),
        std::cmp::Ordering::Equal => (w, d + 1, l),
        std::cmp::Ordering::Less => (w, d, l + 1),
    })
}
