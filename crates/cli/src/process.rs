//! Other programs run as children: bots that a referee or a match asks for moves.
//!
//! A child runs `sh -c CMD` (so a command may set variables, change directory or use a pipe)
//! in a process group of its own, so that ending it ends whatever it started. A child that
//! talks in lines ([`LineChild`]) is read by threads that hand each line, its exit and its
//! standard error over channels: the caller waits for an answer with a time limit
//! (`recv_timeout`) and never blocks on a child that stopped talking.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The longest answer line read; a child that writes more without a line break is cut off.
const MAX_LINE: usize = 1 << 16;

/// How many of the last lines of a child's standard error are kept, to say why it ended.
const STDERR_LINES: usize = 3;

/// How long an ending child is given to exit by itself (after its input is closed) before its
/// group is killed, and how long its standard error is read after it exited.
const GRACE: Duration = Duration::from_secs(1);

/// Kills every process of the group `pgid` (a child's shell and whatever it started). A group
/// that is gone already is no error.
pub fn kill_group(pgid: u32) {
    // Group 0 is the caller's own and 1 would be init's: never ours to kill.
    if let Ok(pgid @ 2..) = i32::try_from(pgid) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pgid), nix::sys::signal::Signal::SIGKILL);
    }
}

/// Why no answer came.
#[derive(Debug)]
pub enum Silence {
    /// The time limit passed.
    TimedOut,
    /// The child closed its output (it ended, most likely), or it could not be read.
    Closed,
    /// The child wrote a line longer than [`MAX_LINE`] bytes.
    TooLong,
}

/// How a child ended: its exit status (`None` when it had to be killed) and the last lines
/// it wrote on standard error.
#[derive(Debug)]
pub struct Ended {
    pub status: Option<ExitStatus>,
    pub stderr: Vec<String>,
}

/// A running child that reads commands and answers them in lines.
#[derive(Debug)]
pub struct LineChild {
    pgid: u32,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, Silence>>,
    exit: Receiver<std::io::Result<ExitStatus>>,
    /// Set once the exit status was received.
    status: Option<ExitStatus>,
    /// Set once the child was ended ([`LineChild::stop`]).
    stopped: bool,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Receiver<()>,
}

impl LineChild {
    /// Starts `sh -c command` with piped standard input, output and error.
    pub fn spawn(command: &str) -> std::io::Result<LineChild> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let pgid = child.id();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or_else(|| std::io::Error::other("no pipe to the child"))?;
        let stderr_pipe = child.stderr.take().ok_or_else(|| std::io::Error::other("no pipe to the child"))?;
        let (line_tx, lines) = mpsc::channel();
        std::thread::spawn(move || read_lines(stdout, &line_tx));
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let (done_tx, stderr_done) = mpsc::channel();
        let tail = Arc::clone(&stderr);
        std::thread::spawn(move || {
            keep_tail(stderr_pipe, &tail);
            let _ = done_tx.send(());
        });
        let (exit_tx, exit) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = exit_tx.send(child.wait());
        });
        Ok(LineChild { pgid, stdin, lines, exit, status: None, stopped: false, stderr, stderr_done })
    }

    /// Writes `line` and a line break to the child's input.
    pub fn send(&mut self, line: &str) -> std::io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or_else(|| std::io::Error::other("the input is closed"))?;
        stdin.write_all(format!("{line}\n").as_bytes())?;
        stdin.flush()
    }

    /// The next line the child writes (without its line break), if it comes within `limit`.
    pub fn answer(&mut self, limit: Duration) -> Result<String, Silence> {
        match self.lines.recv_timeout(limit) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => Err(Silence::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(Silence::Closed),
        }
    }

    /// Ends the child: closes its input, gives it until `wait` to exit by itself, then kills its
    /// group. Says how it ended.
    pub fn end(&mut self, wait: Duration) -> Ended {
        self.stop(wait);
        // Its standard error ends with the last process that held it.
        let _ = self.stderr_done.recv_timeout(GRACE);
        let stderr = self.stderr.lock().unwrap_or_else(PoisonError::into_inner).iter().cloned().collect();
        Ended { status: self.status, stderr }
    }

    /// Closes the input, waits up to `wait` for the exit, then kills whatever is left of the
    /// group (the processes a shell started may outlive it).
    fn stop(&mut self, wait: Duration) {
        self.stopped = true;
        self.stdin = None;
        if self.status.is_none()
            && let Ok(Ok(status)) = self.exit.recv_timeout(wait)
        {
            self.status = Some(status);
        }
        kill_group(self.pgid);
    }
}

impl Drop for LineChild {
    /// A child that is let go is told to stop by the end of its input, as a bot's protocol
    /// says, and killed if it does not.
    fn drop(&mut self) {
        if !self.stopped {
            self.stop(GRACE);
        }
    }
}

/// Hands each line of `from` to `to`, until the end, a read error, a line too long, or nobody
/// listening.
fn read_lines(from: impl Read, to: &mpsc::Sender<Result<String, Silence>>) {
    let mut reader = BufReader::new(from);
    loop {
        let mut line = Vec::new();
        match (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) if line.len() > MAX_LINE => {
                let _ = to.send(Err(Silence::TooLong));
                return;
            }
            Ok(_) => {
                let text = String::from_utf8_lossy(&line).trim_end_matches(['\n', '\r']).to_string();
                if to.send(Ok(text)).is_err() {
                    return;
                }
            }
        }
    }
}

/// Keeps the last [`STDERR_LINES`] non-blank lines of `from` in `tail`, each cut to a sensible
/// length.
fn keep_tail(from: impl Read, tail: &Mutex<VecDeque<String>>) {
    let mut reader = BufReader::new(from);
    loop {
        let mut line = Vec::new();
        match (&mut reader).take(MAX_LINE as u64).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let text = String::from_utf8_lossy(&line);
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                let mut kept = tail.lock().unwrap_or_else(PoisonError::into_inner);
                if kept.len() == STDERR_LINES {
                    kept.pop_front();
                }
                kept.push_back(text.chars().take(300).collect());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_answers_line_by_line_and_ends() {
        let mut child = LineChild::spawn("while read x; do echo \"got $x\"; done").unwrap();
        child.send("one").unwrap();
        assert_eq!(child.answer(Duration::from_secs(60)).unwrap(), "got one");
        child.send("two").unwrap();
        assert_eq!(child.answer(Duration::from_secs(60)).unwrap(), "got two");
        let ended = child.end(Duration::from_secs(60));
        assert!(ended.status.is_some_and(|s| s.success()), "{ended:?}");
    }

    #[test]
    fn a_silent_child_times_out_and_is_killed() {
        let mut child = LineChild::spawn("cat >/dev/null").unwrap();
        child.send("anything").unwrap();
        assert!(matches!(child.answer(Duration::ZERO), Err(Silence::TimedOut)));
        // Its input is closed first, and `cat` then exits by itself.
        let ended = child.end(Duration::from_secs(60));
        assert!(ended.status.is_some());
        let mut child = LineChild::spawn("exec sleep 1000").unwrap();
        let ended = child.end(Duration::ZERO);
        assert!(ended.status.is_none_or(|s| !s.success()), "killed: {ended:?}");
        // It is gone, by the signal (else `sleep` would outlast the wait).
        use std::os::unix::process::ExitStatusExt;
        let status = child.exit.recv_timeout(Duration::from_secs(60)).expect("the child ended").unwrap();
        assert_eq!(status.signal(), Some(9), "{status:?}");
    }

    #[test]
    fn a_crash_closes_the_output_and_keeps_the_last_words() {
        let mut child = LineChild::spawn("echo first >&2; echo 'it went wrong' >&2; exit 3").unwrap();
        assert!(matches!(child.answer(Duration::from_secs(60)), Err(Silence::Closed)));
        let ended = child.end(Duration::from_secs(60));
        assert_eq!(ended.status.and_then(|s| s.code()), Some(3));
        assert_eq!(ended.stderr, ["first", "it went wrong"]);
    }

    #[test]
    fn an_endless_line_is_cut_off() {
        let mut child = LineChild::spawn("head -c 100000 /dev/zero").unwrap();
        assert!(matches!(child.answer(Duration::from_secs(60)), Err(Silence::TooLong)));
    }
}
