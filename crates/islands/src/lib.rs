//! The Islands game: on an N×N board of empty and numbered cells, players in turn paint a
//! connected region holding exactly one number, of exactly that many cells, touching no earlier
//! paint. Who cannot move loses, unless every number has been painted: then it is a draw.
//!
//! ```
//! use pencilbox_islands::{Board, solve};
//! use pencilbox_cgt::Outcome;
//! let board: Board = "3\n1 # 1\n# # #\n# # #\n".parse().unwrap();
//! // Two 1s that do not touch: each player paints one and every number ends up painted.
//! assert_eq!(solve(&board, None).unwrap().outcome, Outcome::Draw);
//! ```

pub mod board;
pub mod bots;
pub mod field;
pub mod generate;
pub mod moves;
pub mod partial;
pub mod solve;

pub use board::{Board, ParseError, Square};
pub use bots::{CONTEST_BUDGET, Level, MOVE_LIMIT, choose_move};
pub use field::{Bias, Field, Sq};
pub use generate::{GenError, GenParams, Preset, generate, playable, worth_playing};
pub use moves::{IllegalMove, Move, RawMove, for_each_legal_move};
pub use partial::{PaintError, PartialMove};
pub use solve::{Moves, SOLVE_TIME_LIMIT, Solution, Solver, Status, solve, status};
