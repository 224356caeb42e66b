//! `pencilbox walls …` (being written).

use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Print `First` or `Second`.
    Winner(crate::input::InputArg),
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Winner(_) => anyhow::bail!("walls is being written"),
    }
}
