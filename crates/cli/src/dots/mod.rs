//! `pencilbox dots …`: Dots-and-Boxes verbs.

mod analysis;
mod play;
mod solve;

use std::process::ExitCode;

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
    /// Play engine levels against each other and report the results.
    Match(play::MatchArgs),
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Endgame(args) => analysis::endgame(args),
        Command::Winner(args) => analysis::winner(args),
        Command::Solve(args) => solve::solve(args),
        Command::Play(args) => play::play(args),
        Command::Bot(args) => play::bot(args),
        Command::Match(args) => play::run_match(args),
    }
}
