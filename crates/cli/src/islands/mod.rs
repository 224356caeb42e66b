//! `pencilbox islands …`: the Islands game — the contest program, an exact solver, a referee, a
//! tournament runner, the board generator and a terminal game.

mod play;
mod referee;
pub mod split;
mod tournament;

use crate::output::{out, outln};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use pencilbox_islands::board::{MAX_BOARD_SIDE, MAX_NUMBER};
use pencilbox_islands::{
    Board, CONTEST_BUDGET, GenParams, Level, MOVE_LIMIT, Preset, Status, choose_move, solve, status,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::input::{EXIT_VERDICT, InputArg};
use crate::options::{millis, named, seed, seed_value, whole};

/// Exit code of `move` when there is no legal move (the contest's convention for "I cannot
/// move": `game.out` holds `0`).
pub const EXIT_NO_MOVE: u8 = 3;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// The contest program: read `game.in`, write one move to `game.out`.
    #[command(after_help = "\
Never writes an illegal move; returns within --time-ms including start-up. With no legal move it
writes `0` and exits 3. Bad input: a message with the line, exit 2, and no game.out.
Example:
  $ cp examples/islands/statement-1.in game.in && pencilbox islands move --level strong
  $ cat game.out
  5
  1 4
  2 4
  3 3
  3 4
  4 4")]
    Move {
        /// The board to move on.
        #[arg(long, default_value = "game.in")]
        input: PathBuf,
        /// Where the move is written.
        #[arg(long, default_value = "game.out")]
        output: PathBuf,
        /// The time budget in milliseconds, start-up included (a margin is kept).
        #[arg(long, default_value_t = CONTEST_BUDGET.as_millis() as u64, value_name = "MS", value_parser = millis())]
        time_ms: u64,
        /// Which bot plays.
        #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Strong)]
        level: Level,
        /// Seed of the bot's random choices (default: a fresh one, printed on standard error).
        #[arg(long, value_parser = seed_value())]
        seed: Option<u64>,
    },
    /// Exact outcome for the player to move and a best move in the `game.out` format.
    #[command(after_help = "\
Prints `Win`, `Draw` or `Loss`, then a move achieving it (`0` when the game is over). Exit 1 if the
search does not finish within --time-ms. Example:
  $ pencilbox islands solve examples/islands/statement-1.in
  Win
  5
  1 4
  2 4
  3 3
  3 4
  4 4")]
    Solve {
        #[command(flatten)]
        input: InputArg,
        /// Give up after this many milliseconds.
        #[arg(long, default_value_t = pencilbox_islands::SOLVE_TIME_LIMIT.as_millis() as u64, value_name = "MS", value_parser = millis())]
        time_ms: u64,
        /// One JSON object: outcome, move ([row, col] pairs or null).
        #[arg(long)]
        json: bool,
    },
    /// Play one game between two programs using the contest protocol.
    #[command(after_help = referee_help())]
    Referee {
        /// Command of the first player (or a built-in bot name).
        #[arg(long)]
        first: String,
        /// Command of the second player (or a built-in bot name).
        #[arg(long)]
        second: String,
        /// The start position.
        #[arg(long)]
        board: PathBuf,
        /// Wall-clock limit per move in milliseconds.
        #[arg(long, default_value_t = MOVE_LIMIT.as_millis() as u64, value_name = "MS", value_parser = millis())]
        time_ms: u64,
        /// One JSON object: moves, result, reason, slowest move per player.
        #[arg(long)]
        json: bool,
    },
    /// Round robin: every pair plays every board twice, swapping who starts.
    #[command(after_help = "\
3 points a win, 1.5 a draw, 0 a loss or an invalid move. Results are appended to --results as each
game ends (one JSON object per line); --resume skips the games already there. With --split, the
games are written as jobs instead (`pencilbox jobs run`, then `islands merge`). Examples:
  $ pencilbox islands tournament --bot strong --bot greedy --generate medium --count 5 --jobs 2 \\
      --results medium.jsonl
  $ pencilbox islands tournament --split --bot strong --bot greedy --generate medium --count 5 \\
      > jobs.jsonl")]
    Tournament(tournament::Args),
    /// The standings of a tournament split into jobs (`tournament --split`), from their results.
    Merge(split::MergeArgs),
    /// Generate boards with the contest's generator.
    #[command(after_help = "\
f(d) = 0.6·exp(−d/(2·N·0.3²))/(√(2π)·0.3) is the probability of a number at Manhattan distance d
from the nearest centre. Example:
  $ pencilbox islands generate --preset small --seed 7
  5
  2 4 # # #
  # # # # #
  # # # # #
  # # # # #
  # # # # #")]
    Generate {
        /// A contest preset (overrides --n, --centers, --min, --max).
        #[arg(long, value_parser = named::<Preset>())]
        preset: Option<Preset>,
        #[arg(long, default_value_t = 5, help = format!("The board's side N, 1 to {MAX_BOARD_SIDE}"),
              value_parser = whole(0usize, "a whole number"))]
        n: usize,
        /// How many centres the numbers gather around (1 or more).
        #[arg(long, default_value_t = 1, value_parser = whole(0usize, "a whole number"))]
        centers: usize,
        #[arg(long, default_value_t = 1, help = format!("The smallest number, 1 to {MAX_NUMBER}"),
              value_parser = whole(0u32, "a whole number"))]
        min: u32,
        #[arg(long, default_value_t = 5, help = format!("The largest number, --min to {MAX_NUMBER}"),
              value_parser = whole(0u32, "a whole number"))]
        max: u32,
        /// Seed (default: a fresh one, printed on standard error).
        #[arg(long, value_parser = seed_value())]
        seed: Option<u64>,
        /// How many boards; board i uses seed + i.
        #[arg(long, default_value_t = 1, value_parser = whole(1u64, "a whole number of boards"))]
        count: u64,
        /// Write `board-<i>.in` files into this directory instead of printing.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Play against the engine in the terminal; moves are read from standard input.
    #[command(after_help = "\
Type a move as the cells' `row col` pairs on one line, e.g. `3 3 3 4` for two cells; `q` gives up.
Example:
  $ pencilbox islands play examples/islands/statement-1.in
  $ pencilbox islands play --preset medium --seed 3 --first engine")]
    Play(play::Args),
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    match cmd {
        Command::Move { input, output, time_ms, level, seed } => {
            run_move(start, &input, &output, Duration::from_millis(time_ms), level, seed)
        }
        Command::Solve { input, time_ms, json } => run_solve(&input, Duration::from_millis(time_ms), json),
        Command::Referee { first, second, board, time_ms, json } => {
            let b = read_board(&board)?;
            let cmds = [referee::bot_command(&first, None)?, referee::bot_command(&second, None)?];
            let record =
                referee::play_game(&b, &cmds, Duration::from_millis(time_ms), referee::Stops::Fault)?;
            out!("{}", if json { format!("{}\n", record.to_json()) } else { record.to_text() })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Tournament(args) => tournament::run(args),
        Command::Merge(args) => split::merge(args),
        Command::Generate { preset, n, centers, min, max, seed, count, out } => {
            let params = preset.map_or(GenParams { n, centers, min, max }, Preset::params);
            let seed = self::seed(seed);
            if let Some(dir) = &out {
                std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            }
            for i in 0..count {
                let board = generate_board(params, seed.wrapping_add(i))?;
                match &out {
                    Some(dir) => {
                        let path = dir.join(format!("board-{i:03}.in"));
                        std::fs::write(&path, board.to_string())
                            .with_context(|| format!("cannot write {}", path.display()))?;
                    }
                    None => {
                        if i > 0 {
                            outln!()?;
                        }
                        out!("{board}")?;
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Play(args) => play::run(args),
    }
}

pub fn generate_board(params: GenParams, seed: u64) -> anyhow::Result<Board> {
    Ok(pencilbox_islands::generate(params, &mut ChaCha8Rng::seed_from_u64(seed))?)
}

pub fn read_board(path: &Path) -> anyhow::Result<Board> {
    let input = InputArg { file: Some(path.to_path_buf()) };
    parse_board(&input)
}

fn parse_board(input: &InputArg) -> anyhow::Result<Board> {
    let text = input.read()?;
    text.parse().with_context(|| format!("{}: not an Islands board", input.name()))
}

fn run_move(
    start: Instant,
    input: &Path,
    output: &Path,
    budget: Duration,
    level: Level,
    seed: Option<u64>,
) -> anyhow::Result<ExitCode> {
    let board = read_board(input)?;
    let mut rng = ChaCha8Rng::seed_from_u64(self::seed(seed));
    let deadline = pencilbox_islands::bots::search_deadline(start, budget);
    let text = match choose_move(&board, level, deadline, &mut rng) {
        // Checked once more against the rules: a bug must not cost the game by an illegal move.
        Some(m) => {
            m.to_raw().validate(&board).context("internal error: the bot chose an illegal move")?.to_string()
        }
        None => "0\n".to_string(),
    };
    std::fs::write(output, &text).with_context(|| format!("cannot write {}", output.display()))?;
    Ok(if text == "0\n" { ExitCode::from(EXIT_NO_MOVE) } else { ExitCode::SUCCESS })
}

fn run_solve(input: &InputArg, budget: Duration, json: bool) -> anyhow::Result<ExitCode> {
    let board = parse_board(input)?;
    let sol = match solve(&board, Some(Instant::now() + budget)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pencilbox: {e} ({} ms)", budget.as_millis());
            return Ok(ExitCode::from(EXIT_VERDICT));
        }
    };
    if json {
        let cells = sol.best.as_ref().map(|m| m.cells().iter().map(|c| [c.row, c.col]).collect::<Vec<_>>());
        outln!("{}", serde_json::json!({ "outcome": sol.outcome.to_string(), "move": cells }))?;
    } else {
        outln!("{}", sol.outcome)?;
        match &sol.best {
            Some(m) => out!("{m}")?,
            None => outln!("0")?,
        }
    }
    debug_assert!(sol.best.is_some() == (status(&board) == Status::Ongoing));
    Ok(ExitCode::SUCCESS)
}

/// The referee's help after its options: how moves are run, the built-in bots, an example.
fn referee_help() -> String {
    format!(
        "Each move runs `sh -c CMD` in a fresh temporary directory holding game.in. A crash, a timeout,
unreadable output or an illegal move loses the game. Built-in bots: {}.
Example:
  $ pencilbox islands referee --first strong --second greedy --board examples/islands/statement-1.in
  1. first: 5 cells (1,4) (2,4) (3,3) (3,4) (4,4) [7 ms]
  2. second: 2 cells (2,0) (3,0) [8 ms]
  3. first: 3 cells (0,1) (1,1) (1,2) [10 ms]
  result: first wins (second has no legal move)",
        crate::options::one_of::<Level>()
    )
}
