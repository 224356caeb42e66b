//! `dots endgame` and `dots winner`: exact values of chains-and-loops endgames.

use crate::output::outln;
use std::process::ExitCode;

use anyhow::Context;
use pencilbox_dots::board::{MAX_SIDE, Position};
use pencilbox_dots::endgame::{self, Components};

/// The endgame's help after its options: an example and the input, with the engine's limit.
fn endgame_help() -> String {
    format!(
        "Example:
  $ pencilbox dots endgame examples/dots/endgame-1.in
  -5
  $ pencilbox dots endgame --explain examples/dots/endgame-1.in
  chains: 1 2 6; loops: -
  value for the player to move: -5

Input (the olympiad format): `N M`, then N+1 lines of M digits (horizontal lines, 1 = drawn),
then N lines of M+1 digits (vertical lines). Boards up to {MAX_SIDE}x{MAX_SIDE}; every box must have 0 or 2
undrawn sides. Already claimed boxes count for nothing."
    )
}

const WINNER_EXAMPLE: &str = "\
Example:
  $ printf '1 3\\n000\\n000\\n1111\\n' | pencilbox dots winner
  Bob

Input: the olympiad format (see `pencilbox dots endgame --help`). Every box must have exactly 2
undrawn sides. Alice moved first from the empty board, so Alice is to move when the number of
drawn lines is even.";

#[derive(Debug, clap::Args)]
#[command(after_help = endgame_help())]
pub struct EndgameArgs {
    #[command(flatten)]
    pub input: crate::input::InputArg,
    /// Print {"value": …, "chains": […], "loops": […]} (component lengths in boxes).
    #[arg(long, conflicts_with = "explain")]
    pub json: bool,
    /// Print the chains and loops, then the value.
    #[arg(long)]
    pub explain: bool,
}

#[derive(Debug, clap::Args)]
#[command(after_help = WINNER_EXAMPLE)]
pub struct WinnerArgs {
    #[command(flatten)]
    pub input: crate::input::InputArg,
    /// Print {"winner": …, "to_move": …, "value": …} (value: net score for the player to move).
    #[arg(long)]
    pub json: bool,
}

fn read_position(input: &crate::input::InputArg) -> anyhow::Result<Position> {
    let text = input.read()?;
    text.parse::<Position>().with_context(|| input.name())
}

pub fn endgame(args: EndgameArgs) -> anyhow::Result<ExitCode> {
    let pos = read_position(&args.input)?;
    let parts = endgame::decompose(&pos).with_context(|| args.input.name())?;
    let value = endgame::value(&parts);
    if args.json {
        let json = serde_json::json!({ "value": value, "chains": parts.chains(), "loops": parts.loops() });
        outln!("{json}")?;
    } else if args.explain {
        outln!("{parts}")?;
        outln!("value for the player to move: {value}")?;
    } else {
        outln!("{value}")?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn winner(args: WinnerArgs) -> anyhow::Result<ExitCode> {
    let pos = read_position(&args.input)?;
    endgame::check_all_two(&pos).with_context(|| args.input.name())?;
    let parts: Components = endgame::decompose(&pos).with_context(|| args.input.name())?;
    let value = endgame::value(&parts);
    // No box is claimed yet, so the whole game's result is the sign of the endgame value.
    let alice_to_move = endgame::alice_to_move(&pos);
    let winner = endgame::result_of(value, alice_to_move).to_string();
    if args.json {
        let to_move = if alice_to_move { "Alice" } else { "Bob" };
        outln!("{}", serde_json::json!({ "winner": winner, "to_move": to_move, "value": value }))?;
    } else {
        outln!("{winner}")?;
    }
    Ok(ExitCode::SUCCESS)
}
