//! `dots play`, `dots bot` and `dots match` (being written).

use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct PlayArgs {}

#[derive(Debug, clap::Args)]
pub struct BotArgs {}

#[derive(Debug, clap::Args)]
pub struct MatchArgs {}

pub fn play(_args: PlayArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("dots play is being written")
}

pub fn bot(_args: BotArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("dots bot is being written")
}

pub fn run_match(_args: MatchArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("dots match is being written")
}
