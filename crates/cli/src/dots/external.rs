//! An engine in another program that speaks the `dots bot` protocol (`dots match --engine-a
//! CMD`): started once with `sh -c CMD` (crate::process), told its thinking time with `time MS`,
//! then sent positions as `RxC LINES` and expected to answer `move N …` within the time limit.
//! Whatever goes wrong is a [`Forfeit`] that says what happened, in the terms of the protocol.

use std::fmt;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use pencilbox_dots::board::{Line, Position};
use pencilbox_grid::Edge;

use crate::process::{Ended, LineChild, Silence};

/// Why an engine lost a game without playing it to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// The command could not be run at all.
    CannotStart(String),
    /// The program ended (or closed its output) before answering `asked`.
    Ended { asked: String, how: String },
    /// No answer to `asked` within the limit.
    NoAnswer { asked: String, limit: Duration },
    /// An answer that is not what the protocol says.
    Garbage { asked: String, answer: String },
    /// The engine answered `error …`.
    Refused { asked: String, reason: String },
    /// A move that is not legal in the position.
    Illegal { answer: String, why: String },
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::CannotStart(why) => write!(f, "cannot start: {why}"),
            Forfeit::Ended { asked, how } => write!(f, "ended before answering {asked}: {how}"),
            Forfeit::NoAnswer { asked, limit } => {
                write!(f, "no answer to {asked} within {} ms", limit.as_millis())
            }
            Forfeit::Garbage { asked, answer } => {
                write!(f, "answered {answer:?} to {asked}, which the protocol does not allow")
            }
            Forfeit::Refused { asked, reason } => write!(f, "answered {asked} with `error {reason}`"),
            Forfeit::Illegal { answer, why } => write!(f, "illegal move {answer:?}: {why}"),
        }
    }
}

/// A running engine program.
#[derive(Debug)]
pub struct External {
    child: LineChild,
}

impl External {
    /// Starts `command` and tells it to think for `think` per move; it must answer `ok` within
    /// `limit`.
    pub fn start(command: &str, think: Duration, limit: Duration) -> Result<External, Forfeit> {
        let child = LineChild::spawn(command).map_err(|e| Forfeit::CannotStart(format!("sh: {e}")))?;
        let mut engine = External { child };
        let asked = format!("`time {}`", think.as_millis());
        let forfeit = match engine.ask(&format!("time {}", think.as_millis()), &asked, limit) {
            Ok(answer) if answer == "ok" => return Ok(engine),
            Ok(answer) => engine.unexpected(asked, answer),
            Err(forfeit) => forfeit,
        };
        engine.abandon();
        Err(forfeit)
    }

    /// Stops a program that forfeited at once (its whole process group): whatever it is doing
    /// is of no use.
    pub fn abandon(mut self) {
        self.child.end(Duration::ZERO);
    }

    /// The engine's move in `position` (legal), within `limit`, and how long it took.
    pub fn choose(&mut self, position: &Position, limit: Duration) -> Result<(Edge, Duration), Forfeit> {
        let dims = position.dims();
        let asked = format!("the position `{dims} …`");
        let started = Instant::now();
        let answer = self.ask(&format!("{dims} {}", position.line_string()), &asked, limit)?;
        let took = started.elapsed();
        let words: Vec<&str> = answer.split_whitespace().collect();
        let number = match words[..] {
            ["move", n, ..] => n,
            _ => return Err(self.unexpected(asked, answer)),
        };
        let illegal = |why: String| Forfeit::Illegal { answer: answer.clone(), why };
        let n: usize = number.parse().map_err(|_| illegal(format!("{number:?} is not a line number")))?;
        let edge = Line::Number(n).edge(dims).map_err(|e| illegal(e.to_string()))?;
        if position.is_drawn(edge) {
            return Err(illegal(format!("line {n} ({}) is already drawn", Line::of(dims, edge))));
        }
        Ok((edge, took))
    }

    /// Sends `command` (described as `asked`) and waits for one answer line.
    fn ask(&mut self, command: &str, asked: &str, limit: Duration) -> Result<String, Forfeit> {
        let asked = asked.to_string();
        // A program that closed its input (it ended, or is ending) may still have written an
        // answer before: it is read, or the end of its output tells how it ended.
        let _ = self.child.send(command);
        match self.child.answer(limit) {
            Ok(answer) => Ok(answer),
            Err(Silence::TimedOut) => Err(Forfeit::NoAnswer { asked, limit }),
            Err(Silence::Closed) => Err(self.ended(asked, limit)),
            Err(Silence::TooLong) => {
                Err(Forfeit::Garbage { asked, answer: "a line too long to read".into() })
            }
        }
    }

    /// The forfeit for an answer that is not the one the protocol asks for.
    fn unexpected(&self, asked: String, answer: String) -> Forfeit {
        match answer.strip_prefix("error") {
            Some(reason) if reason.is_empty() || reason.starts_with(' ') => {
                Forfeit::Refused { asked, reason: reason.trim().to_string() }
            }
            _ => Forfeit::Garbage { asked, answer },
        }
    }

    /// The forfeit of an engine whose output closed: how the program ended (it is given up to
    /// `wait` to finish exiting).
    fn ended(&mut self, asked: String, wait: Duration) -> Forfeit {
        let Ended { status, stderr } = self.child.end(wait);
        let said = stderr.last().map(|l| format!(" ({l})")).unwrap_or_default();
        match (status.and_then(|s| s.code()), stderr.last()) {
            // The shell's codes for a command it cannot find or cannot run.
            (Some(code @ (126 | 127)), Some(line)) => {
                Forfeit::CannotStart(format!("{line} (exit status {code})"))
            }
            (Some(code @ (126 | 127)), None) => {
                Forfeit::CannotStart(format!("the shell could not run it (exit status {code})"))
            }
            _ => Forfeit::Ended { asked, how: format!("{}{said}", exit_text(status)) },
        }
    }
}

/// How a program ended, in words.
fn exit_text(status: Option<ExitStatus>) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status {
        None => "its output closed, and it was stopped".into(),
        Some(s) => match (s.code(), s.signal()) {
            (Some(code), _) => format!("it exited with status {code}"),
            (None, Some(signal)) => format!("it was killed by signal {signal}"),
            (None, None) => format!("it ended ({s})"),
        },
    }
}
