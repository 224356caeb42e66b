//! Reading inputs and the exit-code conventions shared by every verb.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::Context;

/// Exit code for a verdict such as "no solution" or "several solutions".
pub const EXIT_VERDICT: u8 = 1;
/// Exit code for bad input or bad usage (clap uses 2 for usage errors too).
pub const EXIT_BAD_INPUT: u8 = 2;

/// The whole input: the file at `path`, or standard input when `path` is `None` or `-`.
pub fn read_input(path: Option<&Path>) -> anyhow::Result<String> {
    match path {
        None => read_stdin(),
        Some(p) if p == Path::new("-") => read_stdin(),
        Some(p) => {
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
            String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", p.display()))
        }
    }
}

fn read_stdin() -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).context("cannot read standard input")?;
    String::from_utf8(bytes).context("standard input is not UTF-8 text")
}

/// A short name of the input for error messages.
pub fn input_name(path: Option<&Path>) -> String {
    match path {
        Some(p) if p != Path::new("-") => p.display().to_string(),
        _ => "<stdin>".to_string(),
    }
}

/// The optional FILE argument every reading verb takes.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArg {
    /// Input file; standard input when omitted or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

impl InputArg {
    pub fn read(&self) -> anyhow::Result<String> {
        read_input(self.file.as_deref())
    }
    pub fn name(&self) -> String {
        input_name(self.file.as_deref())
    }
}
