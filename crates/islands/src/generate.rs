//! The statement's board generator.
//!
//! S centres at random integer positions; for every cell, d = Manhattan distance to the nearest
//! centre; p uniform in [0, 1); if p < f(d) the cell gets a random number from [A, B]. The printed
//! formula is garbled; we read it as the normal density the statement names, with µ = 0:
//!
//! f(d) = B₀ · exp(−d / (2·√(N²)·σ²)) / (√(2π)·σ), σ = 0.3, B₀ = 0.6,
//!
//! so f(0) ≈ 0.80 and the density decays with length 2·N·σ² = 0.18·N.

use rand::Rng;

use crate::board::{Board, MAX_N, MAX_NUMBER, Square};
use crate::field::Field;

/// The generator's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenParams {
    pub n: usize,
    pub centers: usize,
    pub min: u32,
    pub max: u32,
}

/// Parameters the generator refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    #[error("N must be between 1 and {MAX_N}, got {0}")]
    BadSize(usize),
    #[error("there must be at least one centre")]
    NoCenters,
    #[error("numbers must satisfy 1 <= min <= max <= {MAX_NUMBER}, got {0}..{1}")]
    BadRange(u32, u32),
    #[error("no board worth playing among the {tries} seeds from {first}")]
    NothingPlayable { first: u64, tries: u64 },
}

/// The contest's three test groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Small,
    Medium,
    Large,
}

pencilbox_grid::named!(Preset, "preset", { Small => "small", Medium => "medium", Large => "large" });

impl Preset {
    pub fn params(self) -> GenParams {
        match self {
            Preset::Small => GenParams { n: 5, centers: 1, min: 1, max: 5 },
            Preset::Medium => GenParams { n: 15, centers: 3, min: 5, max: 10 },
            Preset::Large => GenParams { n: 30, centers: 5, min: 10, max: 20 },
        }
    }
}

const SIGMA: f64 = 0.3;
const B0: f64 = 0.6;

/// The probability that a cell at distance `d` from the nearest centre gets a number.
pub fn density(n: usize, d: usize) -> f64 {
    let a = (n * n) as f64;
    B0 * (-(d as f64) / (2.0 * a.sqrt() * SIGMA * SIGMA)).exp()
        / ((2.0 * std::f64::consts::PI).sqrt() * SIGMA)
}

/// One board from `params`, drawing from `rng` in a fixed order (centres, then per cell p and
/// the number), so a seed reproduces the board.
pub fn generate(params: GenParams, rng: &mut impl Rng) -> Result<Board, GenError> {
    let GenParams { n, centers, min, max } = params;
    if !(1..=MAX_N).contains(&n) {
        return Err(GenError::BadSize(n));
    }
    if centers == 0 {
        return Err(GenError::NoCenters);
    }
    if min == 0 || min > max || max > MAX_NUMBER {
        return Err(GenError::BadRange(min, max));
    }
    let cs: Vec<(usize, usize)> =
        (0..centers).map(|_| (rng.random_range(0..n), rng.random_range(0..n))).collect();
    let mut squares = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            let d = cs.iter().map(|&(r, c)| i.abs_diff(r) + j.abs_diff(c)).min().unwrap_or(0);
            let p: f64 = rng.random();
            squares.push(if p < density(n, d) {
                Square::Number(rng.random_range(min..=max))
            } else {
                Square::Empty
            });
        }
    }
    Ok(Board::from_squares(n, squares).expect("checked parameters"))
}

/// A board worth offering to a person needs at least this many live numbers.
pub const MIN_LIVE: usize = 3;

/// How many seeds [`playable`] tries. Many `small` boards are not worth playing and hardly any
/// `medium` or `large` ones (docs/PERFORMANCE.md, "Islands"), so this many never all fail on a
/// preset in practice.
pub const PLAYABLE_TRIES: u64 = 1000;

/// Whether `board` is worth offering to a person as a new game: at least [`MIN_LIVE`] numbers
/// can still be painted, and the player to move has a real choice: two of their moves leave the
/// opponent different numbers of live numbers (one of them kills a number, or leaves one with
/// too little room). On a board without such a choice the result is fixed before anyone moves:
/// every move takes one number and the parity of the numbers decides.
///
/// Moves are looked at through [`Field::representative_regions`], one region per set of
/// numbers it touches, which covers every way a region can kill.
pub fn worth_playing(board: &Board) -> bool {
    let (field, _) = Field::from_board(board);
    let live: Vec<(usize, usize)> = field.numbers().collect();
    if live.len() < MIN_LIVE {
        return false;
    }
    let mut left_after = None;
    for &(root, k) in &live {
        for region in field.representative_regions(root, k) {
            let mut after = field.clone();
            after.play(&region);
            let left = after.numbers().count();
            match left_after {
                None => left_after = Some(left),
                Some(l) if l != left => return true,
                Some(_) => {}
            }
        }
    }
    false
}

/// The first board worth playing (see [`worth_playing`]) among the boards of the seeds
/// `first`, `first + 1`, …, with the seed that made it. `rng_of(seed)` gives the generator for a
/// seed, so the board is the one `generate` gives for that seed.
pub fn playable<R: Rng>(
    params: GenParams,
    first: u64,
    rng_of: impl Fn(u64) -> R,
) -> Result<(u64, Board), GenError> {
    for i in 0..PLAYABLE_TRIES {
        let seed = first.wrapping_add(i);
        let board = generate(params, &mut rng_of(seed))?;
        if worth_playing(&board) {
            return Ok((seed, board));
        }
    }
    Err(GenError::NothingPlayable { first, tries: PLAYABLE_TRIES })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn presets_are_reproducible_from_the_seed() {
        for preset in [Preset::Small, Preset::Medium, Preset::Large] {
            let p = preset.params();
            let a = generate(p, &mut ChaCha8Rng::seed_from_u64(42)).unwrap();
            let b = generate(p, &mut ChaCha8Rng::seed_from_u64(42)).unwrap();
            let c = generate(p, &mut ChaCha8Rng::seed_from_u64(43)).unwrap();
            assert_eq!(a, b);
            assert_ne!(a, c);
            assert_eq!(a.n(), p.n);
            assert!(a.numbers().all(|(_, k)| (p.min..=p.max).contains(&k)));
            assert!(a.numbers().next().is_some());
        }
    }

    #[test]
    fn boards_worth_playing() {
        let board = |text: &str| text.parse::<Board>().unwrap();
        // No number, one, two: decided before the first move.
        assert!(!worth_playing(&board("3\n# # #\n# # #\n# # #\n")));
        assert!(!worth_playing(&board("3\n2 # #\n# # #\n# # 1\n")));
        // Three 1s that cannot touch: every move takes one, the parity decides.
        assert!(!worth_playing(&board("5\n1 # # # 1\n# # # # #\n# # # # #\n# # # # #\n1 # # # #\n")));
        // A 2 that can reach a 1 (and kill it) or stay clear of it: a real choice.
        assert!(worth_playing(&board("5\n1 # # # 1\n# # # # #\n# # # # #\n# # # # #\n1 # 2 # #\n")));
        // A number that touches paint is dead and does not count.
        assert!(!worth_playing(&board("3\n1 # 1\n# # #\n3 B #\n")));
    }

    #[test]
    fn playable_boards_are_the_first_good_seed_and_are_reproducible() {
        let rng_of = ChaCha8Rng::seed_from_u64;
        let params = Preset::Small.params();
        for first in 0..40 {
            let (seed, board) = playable(params, first, rng_of).unwrap();
            assert!(seed >= first);
            assert_eq!(board, generate(params, &mut rng_of(seed)).unwrap());
            assert!(worth_playing(&board));
            for skipped in first..seed {
                assert!(!worth_playing(&generate(params, &mut rng_of(skipped)).unwrap()), "seed {skipped}");
            }
        }
        // The example: seed 18 of `small` has no number.
        let empty = generate(params, &mut rng_of(18)).unwrap();
        assert_eq!(empty.numbers().count(), 0);
        assert!(playable(params, 18, rng_of).unwrap().0 > 18);
        // Only 1s on a 1x1 board: never worth playing, and said so.
        let tiny = GenParams { n: 1, centers: 1, min: 1, max: 1 };
        assert_eq!(
            playable(tiny, 5, rng_of),
            Err(GenError::NothingPlayable { first: 5, tries: PLAYABLE_TRIES })
        );
    }

    #[test]
    fn density_reads_the_statement_formula() {
        assert!((density(30, 0) - 0.6 / ((2.0 * std::f64::consts::PI).sqrt() * 0.3)).abs() < 1e-12);
        // Decay length 2·N·σ² = 5.4 for N = 30.
        assert!((density(30, 54) / density(30, 0) - (-10.0f64).exp()).abs() < 1e-12);
    }

    #[test]
    fn bad_parameters_are_refused() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let p = GenParams { n: 5, centers: 1, min: 0, max: 3 };
        assert_eq!(generate(p, &mut rng), Err(GenError::BadRange(0, 3)));
        assert_eq!(generate(GenParams { centers: 0, min: 1, ..p }, &mut rng), Err(GenError::NoCenters));
        assert_eq!(generate(GenParams { n: 0, min: 1, ..p }, &mut rng), Err(GenError::BadSize(0)));
    }
}
