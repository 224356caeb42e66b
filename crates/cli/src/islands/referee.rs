//! Running bots by the contest protocol: one process per move, in a fresh directory.

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use pencilbox_grid::{Named, Player};
use pencilbox_islands::{Board, Level, Move, RawMove, Status, status};

/// The shell command of a bot: a built-in level name (`random`, `greedy`, `strong`) runs this
/// very executable's `islands move --level NAME` (with `--seed` when `seed` is given, so that
/// `random` and `greedy` play the same moves wherever they run); anything else is a shell command, refused
/// when its program cannot be found where the referee runs it (a fresh temporary directory), so
/// that a typo fails at once instead of losing every game.
pub fn bot_command(spec: &str, seed: Option<u64>) -> anyhow::Result<String> {
    if let Ok(level) = spec.parse::<Level>() {
        let exe = std::env::current_exe().context("cannot find the pencilbox executable")?;
        let seed = seed.map(|s| format!(" --seed {s}")).unwrap_or_default();
        return Ok(format!(
            "'{}' islands move --level {level}{seed}",
            exe.display().to_string().replace('\'', r"'\''")
        ));
    }
    let program = program_of(spec)
        .with_context(|| format!("{spec:?} is neither a built-in bot ({}) nor a command", builtin_names()))?;
    let dir = fresh_dir()?;
    let found = Command::new("sh")
        .args(["-c", r#"command -v -- "$1" >/dev/null 2>&1"#, "sh", program])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .status()
        .map(|st| st.success());
    let _ = std::fs::remove_dir_all(&dir);
    match found {
        Ok(true) => Ok(spec.to_string()),
        Ok(false) => anyhow::bail!(
            "cannot find the program {program:?} of the bot {spec:?}: it is not a built-in bot ({}), and \
             `sh` finds no such command in a fresh directory (give an absolute path)",
            builtin_names()
        ),
        Err(e) => Err(e).context("cannot run sh to look for the bot's program"),
    }
}

/// The built-in bots' names, for messages.
pub fn builtin_names() -> String {
    Level::names().collect::<Vec<_>>().join(", ")
}

/// The program a shell command starts: its first word after any `NAME=value` assignments, without
/// quotes.
fn program_of(cmd: &str) -> Option<&str> {
    let is_assignment = |w: &str| {
        w.split_once('=').is_some_and(|(name, _)| {
            name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    let word = cmd.split_whitespace().find(|w| !is_assignment(w))?;
    Some(word.trim_matches(['\'', '"']))
}

/// One move played.
#[derive(Clone, Debug)]
pub struct Played {
    pub player: Player,
    pub mv: Move,
    pub ms: u128,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Player),
    Draw,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub moves: Vec<Played>,
    pub result: GameResult,
    pub reason: String,
    /// The player who lost by an invalid move (crash, timeout, garbage, illegal move).
    pub invalid: Option<Player>,
    /// The slowest move of each player, in milliseconds (first, second).
    pub slowest_ms: [u128; 2],
}

static RUN_COUNTER: AtomicU64 = AtomicU64::new(0);

/// A fresh, empty directory under the system temp directory.
fn fresh_dir() -> anyhow::Result<PathBuf> {
    let n = RUN_COUNTER.fetch_add(1, Ordering::Relaxed);
    // The random part keeps a directory left behind by an earlier process with the same id
    // (and its stale game.out) from being reused.
    let tag: u64 = rand::random();
    let dir = std::env::temp_dir().join(format!("pencilbox-islands-{}-{n}-{tag:x}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    Ok(dir)
}

/// What a bot did with its move.
enum Answer {
    Move(Move, u128),
    Fault(String, u128),
}

/// Runs `cmd` on `board` in a fresh directory with a wall-clock `limit`.
fn ask(cmd: &str, board: &Board, limit: Duration, stops: Stops) -> anyhow::Result<Answer> {
    let dir = fresh_dir()?;
    std::fs::write(dir.join("game.in"), board.to_string()).context("cannot write game.in")?;
    let started = Instant::now();
    // Its own process group, so that a timeout kills everything the shell started.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .with_context(|| format!("cannot start `sh -c {cmd}`"))?;
    let exit = loop {
        if let Some(st) = child.try_wait()? {
            break Some(st);
        }
        if started.elapsed() > limit {
            crate::process::kill_group(child.id());
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let ms = started.elapsed().as_millis();
    if let Some(st) = exit
        && stops == Stops::Undecided
        && stopped_from_outside(st)
    {
        let _ = std::fs::remove_dir_all(&dir);
        anyhow::bail!(
            "the bot was stopped by a signal from outside the referee ({st}), as when a job is cancelled: the game is not decided"
        );
    }
    let answer = match exit {
        None => Answer::Fault(format!("timed out (limit {} ms)", limit.as_millis()), ms),
        Some(st) if !st.success() => Answer::Fault(format!("crashed ({st})"), ms),
        Some(_) => match std::fs::read_to_string(dir.join("game.out")) {
            Err(_) => Answer::Fault("wrote no readable game.out".to_string(), ms),
            Ok(text) => match text.parse::<RawMove>() {
                Err(e) => Answer::Fault(format!("unreadable game.out: {e}"), ms),
                Ok(raw) => match raw.validate(board) {
                    Err(e) => Answer::Fault(format!("illegal move: {e}"), ms),
                    Ok(m) => Answer::Move(m, ms),
                },
            },
        },
    };
    let _ = std::fs::remove_dir_all(&dir);
    Ok(answer)
}

/// What a bot's end by SIGTERM, SIGINT or SIGHUP means for its game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stops {
    /// A fault of the bot's, as any crash: where the referee is the process that a stop from
    /// outside ends too (a tournament, a game played here).
    Fault,
    /// The game is not decided: in a job, which a scheduler cancels by signalling every process
    /// of it in no set order, so that the bot may die before the referee. The job then fails
    /// and is run again. (A bot that stops itself so every time keeps its game undecided: the
    /// job's failure names why.)
    Undecided,
}

/// Whether a bot's end looks like a stop from outside (a scheduler cancelling the job,
/// Ctrl-C): it ended by SIGTERM, SIGINT or SIGHUP, itself or as the shell's exit code for it.
/// The referee sends only SIGKILL, on a timeout.
fn stopped_from_outside(st: std::process::ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;
    const OUTSIDE: [i32; 3] = [1, 2, 15];
    st.signal().is_some_and(|s| OUTSIDE.contains(&s))
        || st.code().is_some_and(|c| OUTSIDE.iter().any(|s| c == 128 + s))
}

/// Plays one game from `board`: `cmds[0]` moves first.
pub fn play_game(
    board: &Board,
    cmds: &[String; 2],
    limit: Duration,
    stops: Stops,
) -> anyhow::Result<GameRecord> {
    let mut board = board.clone();
    let mut to_move = Player::First;
    let mut moves = Vec::new();
    let mut slowest_ms = [0u128; 2];
    let (result, reason, invalid) = loop {
        match status(&board) {
            Status::Draw => break (GameResult::Draw, "every number is painted".to_string(), None),
            Status::NoMove => {
                break (
                    GameResult::Win(to_move.opponent()),
                    format!("{} has no legal move", to_move.name()),
                    None,
                );
            }
            Status::Ongoing => {}
        }
        match ask(&cmds[to_move.index()], &board, limit, stops)? {
            Answer::Move(mv, ms) => {
                slowest_ms[to_move.index()] = slowest_ms[to_move.index()].max(ms);
                board.paint(mv.cells());
                moves.push(Played { player: to_move, mv, ms });
            }
            Answer::Fault(why, ms) => {
                slowest_ms[to_move.index()] = slowest_ms[to_move.index()].max(ms);
                break (
                    GameResult::Win(to_move.opponent()),
                    format!("{} {why}", to_move.name()),
                    Some(to_move),
                );
            }
        }
        to_move = to_move.opponent();
    };
    Ok(GameRecord { moves, result, reason, invalid, slowest_ms })
}

impl GameRecord {
    pub fn result_name(&self) -> &'static str {
        match self.result {
            GameResult::Win(p) => p.name(),
            GameResult::Draw => "draw",
        }
    }

    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.moves.iter().enumerate() {
            let cells: Vec<String> = p.mv.cells().iter().map(|c| format!("({},{})", c.row, c.col)).collect();
            out += &format!(
                "{}. {}: {} cells {} [{} ms]\n",
                i + 1,
                p.player.name(),
                p.mv.cells().len(),
                cells.join(" "),
                p.ms
            );
        }
        let head = match self.result {
            GameResult::Win(p) => format!("{} wins", p.name()),
            GameResult::Draw => "draw".to_string(),
        };
        out += &format!("result: {head} ({})\n", self.reason);
        out
    }

    pub fn to_json(&self) -> serde_json::Value {
        let moves: Vec<serde_json::Value> = self
            .moves
            .iter()
            .map(|p| {
                let cells: Vec<[usize; 2]> = p.mv.cells().iter().map(|c| [c.row, c.col]).collect();
                serde_json::json!({ "player": p.player.name(), "cells": cells, "ms": p.ms as u64 })
            })
            .collect();
        serde_json::json!({
            "moves": moves,
            "result": self.result_name(),
            "reason": self.reason,
            "invalid": self.invalid.map(Player::name),
            "slowest_ms": { "first": self.slowest_ms[0] as u64, "second": self.slowest_ms[1] as u64 },
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_program_of_a_command_is_its_first_word_after_assignments() {
        assert_eq!(super::program_of("./bot --fast"), Some("./bot"));
        assert_eq!(super::program_of("A=1 B_2=x python3 bot.py"), Some("python3"));
        assert_eq!(super::program_of("\"python3\" bot.py"), Some("python3"));
        assert_eq!(super::program_of("   "), None);
    }

    #[test]
    fn a_bot_stopped_from_outside_leaves_the_game_undecided_and_a_crash_is_a_fault() {
        let board: pencilbox_islands::Board = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/islands/statement-1.in"
        ))
        .unwrap()
        .parse()
        .unwrap();
        let limit = std::time::Duration::from_secs(60);
        for stop in ["kill -TERM $$", "kill -INT $$", "kill -HUP $$", "exit 143"] {
            let e = super::ask(stop, &board, limit, super::Stops::Undecided)
                .err()
                .unwrap_or_else(|| panic!("`{stop}` decided a game"));
            assert!(e.to_string().contains("the game is not decided"), "{stop}: {e}");
        }
        // Outside a job a stop is a crash like any other; a crash is one everywhere.
        let faults = ["kill -TERM $$", "exit 143"].map(|c| (c, super::Stops::Fault));
        let crashes = ["kill -SEGV $$", "exit 1"].map(|c| (c, super::Stops::Undecided));
        for (cmd, stops) in faults.into_iter().chain(crashes) {
            match super::ask(cmd, &board, limit, stops).unwrap() {
                super::Answer::Fault(why, _) => assert!(why.starts_with("crashed"), "{cmd}: {why}"),
                super::Answer::Move(..) => panic!("`{cmd}` moved"),
            }
        }
    }
}
