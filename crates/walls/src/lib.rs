//! The Wall Making Game (JAG Spring Contest 2015): an impartial game on an `H × W` board of
//! empty (`.`) and marked (`X`) cells. A move chooses a cell that is neither a wall nor marked;
//! that cell and, in each of the four directions, every cell up to the first wall or the board
//! edge become walls. Marked cells do not stop the spreading (they become walls too). A player
//! who cannot move loses.
//!
//! From the wall-free start every position is a set of independent rectangles, so the game is
//! solved by Sprague–Grundy values over rectangles: [`GrundyTable`] computes the value of every
//! sub-rectangle at once, [`Position`] plays the game on the rectangles, and
//! [`reference::slow_grundy`] is the straightforward recursion it is checked against.
//!
//! For the playing engine, [`LongestTable`] holds the exact longest possible play (the most moves
//! that can still be made, both players cooperating) of every sub-rectangle; it is additive over
//! the parts. A lost engine maximises it, which keeps the game long and leaves the winner the most
//! room for mistakes (the length under best play by both sides does not split over the parts).
//!
//! ```
//! use pencilbox_walls::{Board, GrundyTable, Position};
//! let board: Board = "1 3\n.X.\n".parse().unwrap();
//! let table = GrundyTable::new(&board);
//! let start = Position::start(&board);
//! assert_ne!(start.grundy(&table), 0); // First wins ...
//! assert_eq!(start.winning_moves(&board, &table).len(), 2); // ... by either end cell
//! ```

pub mod board;
pub mod position;
pub mod rect;
pub mod reference;
pub mod table;

pub use board::{Board, MAX_BOARD_SIDE, PAGE_MAX_SIDE, ParseError};
pub use position::{MoveError, Position};
pub use rect::Rect;
pub use table::{GrundyTable, LongestTable};

use pencilbox_cgt::Outcome;
pub use pencilbox_grid::Player;

/// The player who wins a game whose first player faces `outcome`.
pub const fn winner(outcome: Outcome) -> Player {
    match outcome {
        Outcome::Win => Player::First,
        _ => Player::Second,
    }
}

/// The contest problem's answer for the winner: `First` or `Second`.
pub const fn contest_answer(winner: Player) -> &'static str {
    match winner {
        Player::First => "First",
        Player::Second => "Second",
    }
}

/// The analysis of a board's start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub grundy: pencilbox_cgt::Nimber,
    /// Who wins from the start with perfect play.
    pub winner: Player,
    /// Every winning first move, row by row.
    pub winning_moves: Vec<pencilbox_grid::Cell>,
}

/// Solves a board: its Grundy value, the winner and every winning first move.
pub fn analyze(board: &Board) -> Analysis {
    let table = GrundyTable::new(board);
    let start = Position::start(board);
    let grundy = start.grundy(&table);
    Analysis {
        grundy,
        winner: winner(Outcome::from_grundy(grundy)),
        winning_moves: start.winning_moves(board, &table),
    }
}
