//! `dots solve` (being written).

use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: crate::input::InputArg,
}

pub fn solve(_args: SolveArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("dots solve is being written")
}
