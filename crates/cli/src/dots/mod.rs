//! `pencilbox dots …`: Dots-and-Boxes verbs.

mod analysis;
mod external;
mod matchplay;
mod play;
mod solve;
pub mod split;

use std::process::ExitCode;

use pencilbox_dots::board::MAX_BOARD_SIDE;
use pencilbox_dots::bot::{Bot, Level};
use pencilbox_dots::solver::{MAX_THREADS, TableSize};
use pencilbox_dots::{compact, mcts};
use pencilbox_grid::Dims;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Exact net score of a chains-and-loops endgame for the player to move (olympiad format).
    Endgame(analysis::EndgameArgs),
    /// GAMEDOTS: who wins (Alice, Bob or Draw) a chains-and-loops position reached from the
    /// empty board.
    Winner(analysis::WinnerArgs),
    /// Exact value and best move of any position.
    Solve(solve::SolveArgs),
    /// Play against the engine in the terminal.
    Play(play::PlayArgs),
    /// Line protocol for tournaments and GUIs: read a position, answer one move, repeatedly.
    Bot(play::BotArgs),
    /// Play engines against each other (built-in levels, or programs that speak the `dots bot`
    /// protocol) and report the results.
    Match(matchplay::MatchArgs),
    /// Split a solve into jobs, one per distinct position a few lines in (`pencilbox jobs run`
    /// runs them, anywhere).
    Split(split::SplitArgs),
    /// The value and best move of a split position from its jobs' results.
    Merge(split::MergeArgs),
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Endgame(args) => analysis::endgame(args),
        Command::Winner(args) => analysis::winner(args),
        Command::Solve(args) => solve::solve(args),
        Command::Play(args) => play::play(args),
        Command::Bot(args) => play::bot(args),
        Command::Match(args) => matchplay::run_match(args),
        Command::Split(args) => split::split(args),
        Command::Merge(args) => split::merge(args),
    }
}

/// The side of the largest square board with at most `lines` lines.
fn square_side_within(lines: usize) -> usize {
    (1..=MAX_BOARD_SIDE)
        .take_while(|&n| Dims::new(n, n).is_ok_and(|d| d.num_edges() <= lines))
        .last()
        .unwrap_or(0)
}

/// The sizes the engines play on, for the help of `--board`: the engine's limits.
fn board_sizes() -> String {
    let solver = square_side_within(compact::SOLVER_MAX_LINES);
    let search = square_side_within(mcts::large::SEARCH_MAX_LINES);
    format!(
        "up to {MAX_BOARD_SIDE}x{MAX_BOARD_SIDE}; above {} lines ({}x{} on) there is no exact solver: strong searches \
         without it up to {} lines ({search}x{search}), basic plays by chain rules",
        compact::SOLVER_MAX_LINES,
        solver + 1,
        solver + 1,
        mcts::large::SEARCH_MAX_LINES,
    )
}

/// How the basic and strong engines may use the machine.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct EngineArgs {
    /// The most each strong engine's transposition table may take, in MiB (with two threads
    /// the strong engine's second search keeps a table of up to half this size besides).
    #[arg(long, default_value_t = pencilbox_dots::bot::BOT_TABLE_MIB, value_name = "MIB",
          value_parser = crate::options::whole(0usize, "a whole number of MiB"))]
    pub tt_mib: usize,
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_THREADS as i64), help = format!(
        "Threads of each strong engine's exact solves and search, 1 to {MAX_THREADS} [default: 2; in a \
         match of `--jobs 2` or more, 1, as the games already share the cores]"
    ))]
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_square_boards_within_the_engines_limits() {
        assert_eq!(super::square_side_within(pencilbox_dots::compact::SOLVER_MAX_LINES), 7);
        assert_eq!(super::square_side_within(pencilbox_dots::mcts::large::SEARCH_MAX_LINES), 32);
        assert!(super::board_sizes().contains("(8x8 on)"), "{}", super::board_sizes());
    }
}
