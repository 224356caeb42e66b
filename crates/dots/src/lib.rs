//! Dots-and-Boxes: positions and their formats, chain theory, exact chain-and-loop endgames, an
//! exact solver for any position, and playing engines.
//!
//! The modules form layers; each uses only the layers before it:
//!
//! 1. **Board**: [`board`] (positions, moves, formats), [`format`](mod@format), [`game`], and [`compact`] (the
//!    compact form the solver and the search run on).
//! 2. **Chain theory**: [`theory`] (each fact once, for both forms: long chains, safe lines,
//!    captures, chains and loops), and what is built on it alone: `play` (the playing
//!    heuristics) and [`control`] (the fight for control in a player's words).
//! 3. **Exact values**: [`endgame`] (simple loony endgames) with `endgame_play` (playing them
//!    exactly on any board), [`solver`] (any position), [`nimstring`] (who wins control), and
//!    [`split`] (a solve split into parts to run anywhere, and their minimax).
//! 4. **Search**: [`mcts`], ending in the exact values where they can be afforded.
//! 5. **Bots and analysis**: [`bot`] (the playing engines), [`analysis`] (exact when the solver
//!    finishes in time, else the search's estimate) and [`test_set`] (positions to measure a
//!    player on).

// Positions, moves and the text formats (olympiad, OpenSpiel line string, ASCII picture).
pub mod board;
// Reading a position in whichever text form a user gives.
pub mod format;
// A game replayed from a start position: owners, score and whose turn.
pub mod game;
// The compact line-set representation the solver and the bots search on.
pub mod compact;
// Chain theory: the one view of a position on both forms, and each fact of chain theory once.
pub mod theory;
// The playing heuristics built on chain theory, on either form of a position.
mod play;
// The fight for control by the long chain rule, in a player's words.
pub mod control;
// Exact values of simple loony endgames made of independent chains and loops.
pub mod endgame;
// Exact play of simple loony endgames on boards of any size.
mod endgame_play;
// The exact solver for any position (alpha-beta with a transposition table).
pub mod solver;
// Nimstring: exact wins of the fight for control.
pub mod nimstring;
// A solve split into independent parts at a frontier, and the minimax over their values.
pub mod split;
// The strong engine's Monte Carlo tree search for positions too large to solve.
pub mod mcts;
// Playing engines: random, greedy, basic, strong.
pub mod bot;
// Exact when the solver finishes in time, else the search's estimate.
pub mod analysis;
// Test sets: positions with the exact value of every move, to measure a player on.
pub mod test_set;
