//! A game played from a start position: who drew each line, who owns each box, the score and
//! whose turn it is. The rule is the game's: a player who completes a box moves again, otherwise
//! the turn passes. The web page shows its games by this replay rather than by a rule of its own.
//!
//! ```
//! use pencilbox_dots::board::{Player, Position};
//! use pencilbox_dots::game::replay;
//! use pencilbox_grid::Edge;
//! // 1x1: three sides drawn by the players in turn, the fourth completes the box.
//! let start = Position::empty(1, 1).unwrap();
//! let game = replay(&start, &[Edge(0), Edge(1), Edge(2), Edge(3)]);
//! assert_eq!(game.movers, [Player::First, Player::Second, Player::First, Player::Second]);
//! assert_eq!((game.score(Player::Second), game.to_move), (1, None));
//! ```

use pencilbox_grid::Edge;

use crate::board::{MoveError, Player, Position};

/// Who drew a line, or who took a box: one of the players, or the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    /// Drawn (or completed) in the start position.
    Start,
    Player(Player),
}

/// A replayed game. [`Player::First`] moves first from the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The position after the moves that could be played.
    pub position: Position,
    /// Who drew each line, by line number (`None`: undrawn).
    pub lines: Vec<Option<Owner>>,
    /// Who took each box, row-major (`None`: unclaimed).
    pub boxes: Vec<Option<Owner>>,
    /// Who drew each move played, in order.
    pub movers: Vec<Player>,
    /// Whose turn it is; `None` once every line is drawn.
    pub to_move: Option<Player>,
    /// The first move that could not be played (its index among the moves, and why): the replay
    /// stops before it.
    pub stopped: Option<(usize, MoveError)>,
}

impl Game {
    /// The game about to start from `start`, [`Player::First`] to move.
    pub fn new(start: &Position) -> Game {
        let dims = start.dims();
        let lines = (0..dims.num_edges()).map(|e| start.is_drawn(Edge(e)).then_some(Owner::Start)).collect();
        let boxes = dims.cells().map(|cell| start.is_claimed(cell).then_some(Owner::Start)).collect();
        let to_move = (!start.is_over()).then_some(Player::First);
        Game { position: start.clone(), lines, boxes, movers: Vec::new(), to_move, stopped: None }
    }

    /// The player to move draws `edge`: the boxes it completes are theirs, and they move again
    /// if it completed any. Returns how many boxes it took. An edge off the board or already
    /// drawn (every edge, once the game is over) is refused, and the game is left as it was.
    pub fn play(&mut self, edge: Edge) -> Result<usize, MoveError> {
        let mover = self.to_move.unwrap_or(Player::First);
        let outcome = self.position.play_for(edge, mover)?;
        self.lines[edge.index()] = Some(Owner::Player(mover));
        let dims = self.position.dims();
        let mut taken = 0;
        for cell in outcome.boxes() {
            self.boxes[dims.cell_index(cell)] = Some(Owner::Player(mover));
            taken += 1;
        }
        self.movers.push(mover);
        let next = if outcome.keeps_turn() { mover } else { mover.opponent() };
        self.to_move = (!self.position.is_over()).then_some(next);
        Ok(taken)
    }

    /// The boxes `player` took.
    pub fn score(&self, player: Player) -> usize {
        self.boxes.iter().filter(|&&b| b == Some(Owner::Player(player))).count()
    }
}

/// Plays `moves` from `start`, [`Player::First`] first, stopping before the first move that is not
/// an undrawn line of the board (or that comes once the game is over).
pub fn replay(start: &Position, moves: &[Edge]) -> Game {
    let mut game = Game::new(start);
    for (i, &edge) in moves.iter().enumerate() {
        if let Err(error) = game.play(edge) {
            game.stopped = Some((i, error));
            break;
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use pencilbox_grid::Dims;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The rule said plainly: a box is taken by whoever draws its last side, counted from the
    /// four sides themselves, and a move that takes none passes the turn.
    fn reference(dims: Dims, start: &[usize], moves: &[usize]) -> (Vec<Option<Owner>>, Option<Player>) {
        let mut drawn = vec![false; dims.num_edges()];
        start.iter().for_each(|&e| drawn[e] = true);
        let empty = Position::empty_of(dims).unwrap();
        let sides: Vec<Vec<Edge>> = dims.cells().map(|cell| empty.undrawn_sides_of(cell).collect()).collect();
        let full = |drawn: &[bool], cell| sides[dims.cell_index(cell)].iter().all(|e| drawn[e.index()]);
        let mut boxes: Vec<Option<Owner>> =
            dims.cells().map(|c| full(&drawn, c).then_some(Owner::Start)).collect();
        let mut player = Player::First;
        for &e in moves {
            drawn[e] = true;
            let mut took = false;
            for (i, cell) in dims.cells().enumerate() {
                if boxes[i].is_none() && full(&drawn, cell) {
                    boxes[i] = Some(Owner::Player(player));
                    took = true;
                }
            }
            if !took {
                player = player.opponent();
            }
        }
        (boxes, drawn.iter().any(|d| !d).then_some(player))
    }

    #[test]
    fn replays_agree_with_the_rule_counted_from_the_sides() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..300 {
            let dims = Dims::new(rng.random_range(1..=4), rng.random_range(1..=4)).unwrap();
            let mut order: Vec<usize> = (0..dims.num_edges()).collect();
            order.shuffle(&mut rng);
            let split = rng.random_range(0..=order.len());
            let (start, moves) = order.split_at(split);
            let moves = &moves[..rng.random_range(0..=moves.len())];
            let position = Position::from_lines(dims, start.iter().map(|&e| Edge(e))).unwrap();
            let game = replay(&position, &moves.iter().map(|&e| Edge(e)).collect::<Vec<_>>());
            let (boxes, to_move) = reference(dims, start, moves);
            assert_eq!(
                (&game.boxes, game.to_move),
                (&boxes, to_move),
                "{dims} start {start:?} moves {moves:?}"
            );
            assert_eq!(game.stopped, None);
            assert_eq!(game.movers.len(), moves.len());
            for (&e, &p) in moves.iter().zip(&game.movers) {
                assert_eq!(game.lines[e], Some(Owner::Player(p)));
            }
            assert!(start.iter().all(|&e| game.lines[e] == Some(Owner::Start)));
        }
    }

    #[test]
    fn a_move_that_cannot_be_played_stops_the_replay_before_it() {
        let start = Position::empty(2, 2).unwrap();
        let game = replay(&start, &[Edge(0), Edge(5), Edge(0), Edge(1)]);
        assert_eq!(game.movers.len(), 2);
        assert!(matches!(game.stopped, Some((2, MoveError::AlreadyDrawn { .. }))));
        let game = replay(&start, &[Edge(12)]);
        assert!(matches!(game.stopped, Some((0, MoveError::OffBoard { .. }))));
        let all: Vec<Edge> = (0..12).map(Edge).collect();
        let over = replay(&start, &[all.as_slice(), &[Edge(0)]].concat());
        assert_eq!((over.to_move, over.stopped.map(|s| s.0)), (None, Some(12)));
    }
}
