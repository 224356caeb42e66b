//! The seed's board generator.
//!
//! S centres at random integer positions; for every cell, d = Manhattan distance to the nearest
//! centre; p uniform in [0, 1); if p < f(d) the cell gets a random number from [A, B]. The printed
//! formula is garbled; we read it as the normal density the seed names, with µ = 0:
//!
//! f(d) = B₀ · exp(−d / (2·√(N²)·σ²)) / (√(2π)·σ), σ = 0.3, B₀ = 0.6,
//!
//! so f(0) ≈ 0.80 and the density decays with length 2·N·σ² = 0.18·N.

use rand::Rng;

use crate::board::{Board, MAX_N, MAX_NUMBER, Square};

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
    fn density_reads_the_seed_formula() {
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
