//! Dots-and-Boxes: positions and their formats, exact chain-and-loop endgames, an exact solver
//! for any position, and a playing engine.

// Positions, moves and the text formats (olympiad, OpenSpiel line string, ASCII picture).
pub mod board;
// Reading a position in whichever text form a user gives.
pub mod format;
// A game replayed from a start position: owners, score and whose turn.
pub mod game;
// Chains and loops: the one decomposition of a position into the groups a move hands out.
pub mod chains;
// Exact values of simple loony endgames made of independent chains and loops.
pub mod endgame;
// The compact line-set representation the solver and the bots search on.
pub mod compact;
// The exact solver for any position (alpha-beta with a transposition table).
pub mod solver;
// The fight for control by the long chain rule, in a player's words.
pub mod control;
// The chain-theory rules the engines play by, on either form of a position.
pub mod play;
// Exact play of simple loony endgames on boards of any size.
mod endgame_play;
// Playing engines: random, greedy, basic, strong.
pub mod bot;
// The strong engine's Monte Carlo tree search for positions too large to solve.
pub mod mcts;
// Nimstring: exact wins of the fight for control.
pub mod nimstring;
// Exact when the solver finishes in time, else the search's estimate.
pub mod analysis;
// Test sets: positions with the exact value of every move, to measure a player on.
pub mod test_set;
