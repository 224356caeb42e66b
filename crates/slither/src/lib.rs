//! Slitherlink: puzzles, the standard formats, and a complete solver that proves uniqueness.
//!
//! ```
//! use pencilbox_slither::{format, solver::{self, Verdict}};
//! // A 3 in the corner of a 1×2 board: the loop must go round both cells.
//! let input = format::parse("1 2\n3 .\n").unwrap();
//! let Verdict::Unique(loop_) = solver::solve(&input.puzzles[0]) else { panic!() };
//! assert_eq!(loop_.len(), 6);
//! ```

pub mod analyze;
pub mod board;
pub mod check;
mod classes;
pub mod deduce;
pub mod explain;
pub mod format;
pub mod generate;
pub mod level;
pub mod limits;
pub mod loopy;
mod paths;
pub mod puzzle;
pub mod solver;

pub use board::{Board, Conflict, EdgeState};
pub use format::{FormatError, Input, InputFormat};
pub use puzzle::{Clue, Puzzle, Solution};
pub use solver::{Count, Verdict};
