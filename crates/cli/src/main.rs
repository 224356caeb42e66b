//! `pencilbox`: the command-line tool. Thin by design: parsing arguments, reading input and
//! printing results; every game rule lives in the engine crates.

mod dots;
mod input;
mod islands;
mod walls;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Engines for pencil-and-paper grid games and puzzles.
///
/// Every verb reads its FILE argument, or standard input when FILE is omitted or `-`. Results go
/// to standard output. Exit codes: 0 success; 1 a verdict such as "no solution"; 2 bad input or
/// bad usage (the message on standard error names the problem and, where it applies, its line and
/// column).
#[derive(Debug, Parser)]
#[command(name = "pencilbox", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Debug, Subcommand)]
enum Game {
    /// Wall Making Game: an impartial game solved with Sprague–Grundy values over rectangles.
    #[command(subcommand)]
    Walls(walls::Command),
    /// Dots-and-Boxes: exact endgames, an exact solver and an opponent.
    #[command(subcommand)]
    Dots(dots::Command),
    /// Islands: paint numbered regions; exact solver, bots, referee, tournaments, generator.
    #[command(subcommand)]
    Islands(islands::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.game {
        Game::Walls(cmd) => walls::run(cmd),
        Game::Dots(cmd) => dots::run(cmd),
        Game::Islands(cmd) => islands::run(cmd),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("pencilbox: {err:#}");
            ExitCode::from(input::EXIT_BAD_INPUT)
        }
    }
}
