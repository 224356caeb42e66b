//! `pencilbox walls …`: the Wall Making Game.

use crate::output::{out, outln};
use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::Context;
use pencilbox_grid::{Cell, Dims};
use pencilbox_walls::{Board, GrundyTable, LongestTable, Position, analyze};

use crate::input::InputArg;
use crate::options::Side;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Print `First` or `Second`: who wins from the start with perfect play.
    #[command(after_help = "Example:\n  $ pencilbox walls winner examples/walls/sample-1.in\n  Second")]
    Winner(InputArg),
    /// Print the Grundy value of the board, the winner and every winning first move.
    #[command(after_help = "\
Moves are `(row, col)`, 0-based. Example:
  $ pencilbox walls analyze examples/walls/sample-2.in
  grundy 2
  winner First
  winning moves (row, col): (1, 1)
  $ pencilbox walls analyze --json examples/walls/sample-2.in
  {\"cols\":2,\"grundy\":2,\"rows\":2,\"winner\":\"First\",\"winning_moves\":[[1,1]]}")]
    Analyze {
        #[command(flatten)]
        input: InputArg,
        /// Print one JSON object: rows, cols, grundy, winner, winning_moves ([row, col] pairs).
        #[arg(long)]
        json: bool,
    },
    /// Play against the perfect engine in the terminal; moves are read from standard input.
    #[command(after_help = "\
Type a move as `row col` (0-based), `q` to give up. The engine always wins a won position; in a
lost one it plays the move after which the most moves remain possible. End of input ends the game.
Example:
  $ pencilbox walls play --first engine examples/walls/sample-3.in
  $ pencilbox walls play --empty 5x5")]
    Play {
        /// The board file (standard input carries the moves, so the board must come from here
        /// or from --empty).
        #[arg(value_name = "FILE", conflicts_with = "empty")]
        file: Option<std::path::PathBuf>,
        /// Play on an empty board of this size instead of a file, e.g. `6x7`.
        #[arg(long, value_name = "RxC")]
        empty: Option<Dims>,
        /// Who moves first.
        #[arg(long, value_enum, default_value_t = Side::Human)]
        first: Side,
    },
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Winner(input) => {
            let board = read_board(&input)?;
            outln!("{}", analyze(&board).winner)?;
        }
        Command::Analyze { input, json } => {
            let board = read_board(&input)?;
            out!("{}", analysis_text(&board, json))?;
        }
        Command::Play { file, empty, first } => {
            let board = match (file, empty) {
                (_, Some(dims)) => Board::empty(dims.rows(), dims.cols()).with_context(|| {
                    format!("--empty {dims}: sides must be 1 to {}", pencilbox_walls::MAX_SIDE)
                })?,
                (file, None) => {
                    let file = crate::input::board_file(file.as_deref(), "--empty RxC")?;
                    read_board(&InputArg { file: Some(file) })?
                }
            };
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            play(&board, first, stdin.lock(), stdout.lock())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn read_board(input: &InputArg) -> anyhow::Result<Board> {
    let text = input.read()?;
    text.parse().with_context(|| format!("{}: not a Wall Making Game board", input.name()))
}

fn analysis_text(board: &Board, json: bool) -> String {
    let a = analyze(board);
    if json {
        let moves: Vec<[usize; 2]> = a.winning_moves.iter().map(|c| [c.row, c.col]).collect();
        let value = serde_json::json!({
            "rows": board.rows(),
            "cols": board.cols(),
            "grundy": a.grundy,
            "winner": a.winner.to_string(),
            "winning_moves": moves,
        });
        return format!("{value}\n");
    }
    let moves = if a.winning_moves.is_empty() {
        "none".to_string()
    } else {
        a.winning_moves.iter().map(|c| format!("({}, {})", c.row, c.col)).collect::<Vec<_>>().join(" ")
    };
    format!("grundy {}\nwinner {}\nwinning moves (row, col): {moves}\n", a.grundy, a.winner)
}

/// Reads a typed `row col` (`q` is handled by [`crate::input::ask_move`]).
fn parse_move(line: &str) -> Result<Cell, String> {
    let bad = || format!("could not read {line:?}: type a move as `row col`, e.g. `0 2`, or `q` to give up");
    let parts: Vec<&str> = line.split([' ', ',', '\t']).filter(|s| !s.is_empty()).collect();
    match parts[..] {
        [r, c] => Ok(Cell::new(r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?)),
        _ => Err(bad()),
    }
}

/// The interactive game: moves are read line by line from `input`, the transcript is written to
/// `output`. Ends when someone cannot move, when the human types `q`, or at end of input.
fn play(board: &Board, first: Side, mut input: impl BufRead, mut out: impl Write) -> anyhow::Result<()> {
    let grundy = GrundyTable::new(board);
    let longest = LongestTable::new(board);
    let mut position = Position::start(board);
    let mut to_move = first;
    writeln!(
        out,
        "Wall Making Game on {}×{}. {} first. Moves are `row col`, 0-based; `q` gives up.",
        board.rows(),
        board.cols(),
        if first == Side::Human { "You move" } else { "The engine moves" }
    )?;
    writeln!(out, "Legend: `.` free, `X` marked (cannot be chosen), `#` wall.")?;
    loop {
        write!(out, "\n{}", position.render(board))?;
        if position.is_over(board) {
            let message = match to_move {
                Side::Human => "You cannot move: the engine wins.",
                Side::Engine => "The engine cannot move: you win!",
            };
            writeln!(out, "{message}")?;
            return Ok(());
        }
        match to_move {
            Side::Engine => {
                let cell = position.engine_move(board, &grundy, &longest).expect("the game is not over");
                position.play(board, cell).expect("the engine plays legal moves");
                writeln!(out, "Engine plays {} {}.", cell.row, cell.col)?;
            }
            Side::Human => loop {
                let Some(cell) = crate::input::ask_move(&mut input, &mut out, parse_move)? else {
                    return Ok(());
                };
                match position.play(board, cell) {
                    Ok(()) => {
                        // Echoed so that a transcript of piped input reads like a game.
                        writeln!(out, "You play {} {}.", cell.row, cell.col)?;
                        break;
                    }
                    Err(err) => writeln!(out, "Illegal move: {err}. Try again.")?,
                }
            },
        }
        to_move = to_move.other();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transcript(board: &str, first: Side, moves: &str) -> String {
        let board: Board = board.parse().unwrap();
        let mut out = Vec::new();
        play(&board, first, moves.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn engine_wins_a_won_game_and_explains_bad_input() {
        let t = transcript("2 2\n..\n..\n", Side::Human, "zz\n5 5\n0 0\n");
        assert!(t.contains("could not read \"zz\""), "{t}");
        assert!(t.contains("Illegal move: cell (5, 5) is off the 2x2 board. Try again."), "{t}");
        assert!(t.contains("Engine plays 1 1."), "{t}");
        assert!(t.ends_with("You cannot move: the engine wins.\n"), "{t}");
    }

    #[test]
    fn human_can_win_a_lost_position_of_the_engine() {
        let t = transcript("3 3\n...\n...\n...\n", Side::Human, "1 1\n1 1\n0 0\n0 2\n2 2\n");
        assert!(t.contains("Engine plays 0 0."), "{t}");
        assert!(t.contains("Illegal move: cell (1, 1) is already a wall. Try again."), "{t}");
        assert!(t.contains("Engine plays 2 0."), "{t}");
        assert!(t.ends_with("The engine cannot move: you win!\n"), "{t}");
    }

    #[test]
    fn end_of_input_abandons() {
        let t = transcript("2 2\n..\n..\n", Side::Human, "");
        assert!(t.ends_with("End of input: game abandoned.\n"), "{t}");
    }

    #[test]
    fn analysis_lists_winning_moves() {
        let board: Board = "2 2\nX.\n..\n".parse().unwrap();
        assert_eq!(
            analysis_text(&board, false),
            "grundy 2\nwinner First\nwinning moves (row, col): (1, 1)\n"
        );
    }
}
