//! The two players of a two-player game, in every engine's one vocabulary.

/// One of the two players: the one who moved first from the start position, and the other.
///
/// Every engine names players this way and prints them with `Display` (`first`, `second`).
/// Formats that spell them otherwise do so at their own edge: the Dots-and-Boxes ASCII picture
/// marks boxes `A` and `B`, the GAMEDOTS problem answers `Alice` or `Bob`, the Wall Making Game
/// problem `First` or `Second`.
///
/// ```
/// use pencilbox_grid::{Named, Player};
/// assert_eq!(Player::First.opponent(), Player::Second);
/// assert_eq!(Player::Second.to_string(), "second");
/// assert_eq!("first".parse::<Player>(), Ok(Player::First));
/// assert_eq!([Player::First.index(), Player::Second.index()], [0, 1]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    First,
    Second,
}

crate::named!(Player, "player", { First => "first", Second => "second" });

impl Player {
    /// The other player.
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into a pair such as a score.
    pub const fn index(self) -> usize {
        self as usize
    }
}
