//! Results on standard output. A reader that goes away (`pencilbox ... | head`) ends the verb:
//! the write returns [`Closed`], the verb stops at its `?` (a generator stops generating), and
//! the process exits successfully and quietly, as Unix filters do. `println!` would panic.

use std::io::Write;

use anyhow::Context;

/// Standard output was closed by its reader.
#[derive(Debug)]
pub struct Closed;

impl std::fmt::Display for Closed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for Closed {}

/// Writes `text` to standard output.
pub fn emit(text: &str) -> anyhow::Result<()> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Closed.into()),
        r => r.context("cannot write to standard output"),
    }
}

/// `print!` that returns [`emit`]'s result instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::emit(&format!($($arg)*))
    };
}

/// `println!` that returns [`emit`]'s result instead of panicking.
macro_rules! outln {
    () => {
        $crate::output::emit("\n")
    };
    ($($arg:tt)*) => {
        $crate::output::emit(&format!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {out, outln};
