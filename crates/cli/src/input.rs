//! Reading inputs and the exit-code conventions shared by every verb.

use std::io::{IsTerminal, Read};
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
    // A person who left out FILE by mistake learns why nothing happens.
    if std::io::stdin().is_terminal() {
        eprintln!("pencilbox: reading the input from the terminal (no FILE given); end it with Ctrl-D");
    }
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).context("cannot read standard input")?;
    String::from_utf8(bytes).context("standard input is not UTF-8 text")
}

/// The board FILE of a game played in the terminal, whose standard input carries the moves:
/// a missing FILE or `-` is refused, naming `other`, the option that gives a board without one.
pub fn board_file(file: Option<&Path>, other: &str) -> anyhow::Result<PathBuf> {
    match file {
        Some(f) if f != Path::new("-") => Ok(f.to_path_buf()),
        _ => anyhow::bail!("standard input carries the moves: give the board as a FILE, or {other}"),
    }
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

/// Asks the human for a move at a terminal: prints `Your move: ` and reads a line until `parse`
/// accepts it, printing `parse`'s explanation after each line it rejects. `q` or `quit` gives up
/// and end of input abandons the game: both print their message and return `None`.
pub fn ask_move<T>(
    input: &mut impl std::io::BufRead,
    out: &mut impl std::io::Write,
    parse: impl Fn(&str) -> Result<T, String>,
) -> anyhow::Result<Option<T>> {
    loop {
        write!(out, "Your move: ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line).context("cannot read a move")? == 0 {
            writeln!(out, "\nEnd of input: game abandoned.")?;
            return Ok(None);
        }
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            writeln!(out, "You give up: the engine wins.")?;
            return Ok(None);
        }
        match parse(line) {
            Ok(m) => return Ok(Some(m)),
            Err(msg) => writeln!(out, "{msg}")?,
        }
    }
}
