//! `pencilbox islands play`: a human against the engine in the terminal.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use pencilbox_islands::{Board, CONTEST_BUDGET, Level, Preset, RawMove, Status, choose_move, status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::read_board;
use crate::options::{Side, millis, named, seed_value};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board (standard input carries the moves).
    #[arg(value_name = "FILE", conflicts_with = "preset")]
    file: Option<PathBuf>,
    /// Play on a generated board of this preset instead.
    #[arg(long, value_parser = named::<Preset>())]
    preset: Option<Preset>,
    /// Seed for the generated board and the engine (default: a fresh one, printed).
    #[arg(long, value_parser = seed_value())]
    seed: Option<u64>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = Side::Human)]
    first: Side,
    /// The engine's strength.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Strong)]
    level: Level,
    /// The engine's time per move in milliseconds.
    #[arg(long, default_value_t = CONTEST_BUDGET.as_millis() as u64, value_name = "MS", value_parser = millis())]
    time_ms: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    /// Where the board comes from (the file is checked before a seed is drawn and printed).
    enum Source {
        File(PathBuf),
        Preset(Preset),
    }
    let source = match args.preset {
        Some(preset) => Source::Preset(preset),
        None => Source::File(crate::input::board_file(args.file.as_deref(), "--preset PRESET")?),
    };
    let seed = crate::options::seed(args.seed);
    let stdout = std::io::stdout();
    let board = match source {
        Source::File(file) => read_board(&file)?,
        Source::Preset(preset) => {
            // A person is offered a game worth playing: boards decided before the first move are
            // passed over (`islands generate` keeps the contest's boards as they are).
            let (used, board) =
                pencilbox_islands::playable(preset.params(), seed, ChaCha8Rng::seed_from_u64)?;
            let mut out = stdout.lock();
            write!(out, "Board: {preset}, seed {used}.")?;
            if used != seed {
                let passed = if used == seed + 1 {
                    format!(
                        "The board of seed {seed} is decided before the first move, so it was passed over."
                    )
                } else {
                    format!(
                        "The boards of seeds {seed} to {} are decided before the first move, so they were passed over.",
                        used - 1
                    )
                };
                write!(out, " {passed}")?;
            }
            writeln!(out)?;
            board
        }
    };
    let stdin = std::io::stdin();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let opts = (args.first, args.level, Duration::from_millis(args.time_ms));
    play(board, opts, &mut rng, stdin.lock(), stdout.lock())?;
    Ok(ExitCode::SUCCESS)
}

/// Reads typed `row col` pairs (`q` is handled by [`crate::input::ask_move`]).
fn parse_line(line: &str) -> Result<RawMove, String> {
    let nums: Result<Vec<i64>, _> =
        line.split([' ', ',', '\t']).filter(|s| !s.is_empty()).map(str::parse).collect();
    match nums {
        Ok(v) if !v.is_empty() && v.len() % 2 == 0 => {
            Ok(RawMove { cells: v.chunks(2).map(|p| (p[0], p[1])).collect() })
        }
        _ => {
            Err(format!("could not read {line:?}: type the cells as `row col` pairs, e.g. `3 3 3 4`, or `q`"))
        }
    }
}

/// The game loop: moves from `input`, transcript to `out`.
pub fn play(
    mut board: Board,
    (first, level, time): (Side, Level, Duration),
    rng: &mut ChaCha8Rng,
    mut input: impl BufRead,
    mut out: impl Write,
) -> anyhow::Result<()> {
    let mut to_move = first;
    writeln!(
        out,
        "Islands on {0}×{0}. Paint a connected region holding one number, of that many cells,",
        board.n()
    )?;
    writeln!(out, "touching no paint. `#` empty, `B` painted. Type cells as `row col` pairs; `q` gives up.")?;
    loop {
        write!(out, "\n{board}")?;
        match status(&board) {
            Status::Draw => {
                writeln!(out, "Every number is painted: a draw.")?;
                return Ok(());
            }
            Status::NoMove => {
                let msg = match to_move {
                    Side::Human => "You cannot move: the engine wins.",
                    Side::Engine => "The engine cannot move: you win!",
                };
                writeln!(out, "{msg}")?;
                return Ok(());
            }
            Status::Ongoing => {}
        }
        match to_move {
            Side::Engine => {
                let m =
                    choose_move(&board, level, Instant::now() + time, rng).context("the game is not over")?;
                let cells: Vec<String> = m.cells().iter().map(|c| format!("{} {}", c.row, c.col)).collect();
                writeln!(out, "Engine paints {}.", cells.join(", "))?;
                board.paint(m.cells());
                to_move = Side::Human;
            }
            Side::Human => loop {
                let Some(raw) = crate::input::ask_move(&mut input, &mut out, parse_line)? else {
                    return Ok(());
                };
                match raw.validate(&board) {
                    Ok(m) => {
                        writeln!(out, "You paint {} cells.", m.cells().len())?;
                        board.paint(m.cells());
                        to_move = Side::Engine;
                        break;
                    }
                    Err(e) => writeln!(out, "Illegal move: {e}. Try again.")?,
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transcript(board: &str, first: Side, moves: &str) -> String {
        let board: Board = board.parse().unwrap();
        let mut out = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let opts = (first, Level::Strong, Duration::from_millis(100));
        play(board, opts, &mut rng, moves.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_statement_game_played_by_a_human_against_a_human_script() {
        let board = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/islands/statement-1.in"
        ))
        .unwrap();
        // The human plays the statement's first move; the engine answers; bad lines are explained.
        let t = transcript(&board, Side::Human, "zz\n0 0\n3 3 3 4 4 2 4 3 4 4\nq\n");
        assert!(t.contains("could not read \"zz\""), "{t}");
        assert!(t.contains("Illegal move: the region holds no number. Try again."), "{t}");
        assert!(t.contains("You paint 5 cells."), "{t}");
        assert!(t.contains("Engine paints "), "{t}");
    }

    #[test]
    fn engine_wins_a_won_position() {
        // A lone 2 with room: the engine paints it and the human has nothing left... a draw.
        let t = transcript("3\n2 # #\n# # #\n# # 1\n", Side::Engine, "");
        assert!(t.contains("Engine paints"), "{t}");
        let t = transcript("3\n2 # #\n# # #\n# # 1\n", Side::Human, "0 0 0 1\n");
        assert!(t.ends_with("Every number is painted: a draw.\n") || t.contains("End of input"), "{t}");
    }

    #[test]
    fn end_of_input_abandons() {
        let t = transcript("3\n2 # #\n# # #\n# # 1\n", Side::Human, "");
        assert!(t.ends_with("End of input: game abandoned.\n"), "{t}");
    }
}
