//! `pencilbox`: the command-line tool. Thin by design: parsing arguments, reading input and
//! printing results; every game rule lives in the engine crates.

mod dots;
mod huge_pages;
mod input;
mod islands;
mod jobs;
mod options;
mod output;
mod pool;
mod process;
mod serve;
mod slither;
mod walls;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Engines for pencil-and-paper grid games and puzzles.
///
/// Every verb reads its FILE argument, or standard input when FILE is omitted or `-` (the games
/// played in the terminal read their moves there, so their board is a FILE or an option).
/// Results go to standard output. Exit codes: 0 success; 1 a verdict such as "no solution"; 2 bad input or
/// bad usage (the message on standard error names the problem and, where it applies, its line and
/// column).
#[derive(Debug, Parser)]
#[command(name = "pencilbox", version, propagate_version = true, after_help = TOP_EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Debug, Subcommand)]
enum Game {
    /// Wall Making Game: an impartial game solved with Sprague–Grundy values over rectangles.
    #[command(subcommand, after_help = WALLS_EXAMPLES)]
    Walls(walls::Command),
    /// Dots-and-Boxes: exact endgames, an exact solver and an opponent.
    #[command(subcommand, after_help = DOTS_EXAMPLES)]
    Dots(dots::Command),
    /// Slitherlink: a complete solver with uniqueness proofs, and the standard formats.
    #[command(subcommand, after_help = SLITHER_EXAMPLES)]
    Slither(slither::Command),
    /// Islands: paint numbered regions; exact solver, bots, referee, tournaments, generator.
    #[command(subcommand, after_help = ISLANDS_EXAMPLES)]
    Islands(islands::Command),
    /// Jobs for Slurm job arrays and GNU parallel: run them, and see where they stand.
    #[command(subcommand)]
    Jobs(jobs::Command),
    /// Start the local web app (JSON API and pages) and print its address.
    #[command(after_help = serve::EXAMPLES)]
    Serve(serve::ServeArgs),
}

const TOP_EXAMPLES: &str = "\
Examples:
  pencilbox walls winner examples/walls/sample-1.in     First or Second
  pencilbox dots endgame examples/dots/endgame-1.in     exact value of a chains-and-loops endgame
  pencilbox slither solve examples/slither/thsl-1.in    solve and prove uniqueness
  pencilbox islands solve examples/islands/statement-1.in  Win, Draw or Loss and a best move
  pencilbox serve --open                                the web app on http://127.0.0.1:8080/
  pencilbox <game> --help                               every verb of a game, with examples";

const WALLS_EXAMPLES: &str = "\
Examples:
  pencilbox walls winner examples/walls/sample-3.in
  pencilbox walls analyze --json examples/walls/sample-3.in
  pencilbox walls play --empty 4x4 --first engine";

const DOTS_EXAMPLES: &str = "\
Examples:
  pencilbox dots endgame --explain examples/dots/endgame-2.in
  pencilbox dots winner examples/dots/endgame-1.in
  pencilbox dots solve --empty 3x3 --moves
  pencilbox dots play --board 3x3 --level strong
  echo '2x2 111000000000' | pencilbox dots bot --level strong
  pencilbox dots match --a strong --b greedy --board 5x5 --games 10";

const SLITHER_EXAMPLES: &str = "\
Examples:
  pencilbox slither solve examples/slither/thsl-1.in
  pencilbox slither count --limit 10 'p?slither/6/5/d78651c575agc1d'
  pencilbox slither explain 'https://puzz.link/p?slither/6/5/g11bga18060216bc21c'
  pencilbox slither grade examples/slither/thsl-1.in
  pencilbox slither generate --size 10x10 --difficulty tricky --seed 7
  pencilbox slither convert --output loopy examples/slither/thsl-1.in
  pencilbox slither analyze 'p?slither/6/5/d78651c575agc1d'
  pencilbox slither split --generate 100 --size 10x10 --difficulty tricky --seed 1 > jobs.jsonl
  pencilbox slither merge jobs.jsonl --results results > book.txt     after `pencilbox jobs run`";

const ISLANDS_EXAMPLES: &str = "\
Examples:
  pencilbox islands move --input game.in --output game.out --level strong
  pencilbox islands solve examples/islands/statement-1.in
  pencilbox islands referee --first strong --second greedy --board examples/islands/statement-1.in
  pencilbox islands tournament --bot strong --bot greedy --generate medium --count 10 --jobs 2
  pencilbox islands generate --preset small --seed 7
  pencilbox islands play examples/islands/statement-1.in
  pencilbox islands tournament --split --bot strong --bot greedy --generate medium --count 10 > jobs.jsonl
  pencilbox islands merge jobs.jsonl --results results     after `pencilbox jobs run`";

fn main() -> ExitCode {
    let mut command = options::negative_numbers_are_values(Cli::command());
    let cli =
        Cli::from_arg_matches(&command.get_matches_mut()).unwrap_or_else(|e| e.format(&mut command).exit());
    // The verbs that build the solver's big tables.
    if matches!(
        cli.game,
        Game::Dots(
            dots::Command::Solve(_)
                | dots::Command::Play(_)
                | dots::Command::Bot(_)
                | dots::Command::Match(_)
        ) | Game::Jobs(jobs::Command::Run(_))
            | Game::Serve(_)
    ) {
        huge_pages::restart_with_huge_pages();
    }
    let result = match cli.game {
        Game::Walls(cmd) => walls::run(cmd),
        Game::Dots(cmd) => dots::run(cmd),
        Game::Slither(cmd) => slither::run(cmd),
        Game::Islands(cmd) => islands::run(cmd),
        Game::Jobs(cmd) => jobs::run(cmd),
        Game::Serve(args) => serve::run(args),
    };
    match result {
        Ok(code) => code,
        // The reader of the results went away (`| head`): nothing is wrong.
        Err(err) if err.is::<output::Closed>() => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("pencilbox: {err:#}");
            ExitCode::from(input::EXIT_BAD_INPUT)
        }
    }
}
