//! `dots endgame` and `dots winner` (being written).

use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct EndgameArgs {
    #[command(flatten)]
    pub input: crate::input::InputArg,
}

#[derive(Debug, clap::Args)]
pub struct WinnerArgs {
    #[command(flatten)]
    pub input: crate::input::InputArg,
}

pub fn endgame(_args: EndgameArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("dots endgame is being written")
}

pub fn winner(_args: WinnerArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("dots winner is being written")
}
