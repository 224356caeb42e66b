//! Every generated puzzle has exactly one solution (by the solver and by the independent
//! colouring search) and exactly the requested level, and generation is reproducible from its
//! seed.

#[path = "support/colouring.rs"]
mod colouring;

use pencilbox_grid::Dims;
use pencilbox_slither::generate::{self, GenerateError};
use pencilbox_slither::level::{self, Level};
use pencilbox_slither::solver;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The level of a generated puzzle, re-graded from scratch.
fn level_of(p: &pencilbox_slither::Puzzle) -> Level {
    level::grade(p, None).unwrap().level
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_puzzles_are_unique_with_the_requested_level(
        r in 4usize..=7, c in 4usize..=7, l in 0usize..6, seed in any::<u64>()
    ) {
        let d = Dims::new(r, c).unwrap();
        let target = Level::ALL[l];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Small boards may have no puzzle of a hard level: only what is produced is checked.
        if let Ok(p) = generate::generate(d, target, 50, &mut rng) {
            let count = solver::count(&p, 2);
            prop_assert_eq!(count.found, 1);
            prop_assert_eq!(level_of(&p), target);
            // Uniqueness once more by the independent colouring search.
            prop_assert_eq!(colouring::count_by_colouring(&p, 2, u64::MAX).found, 1);
        }
    }

    #[test]
    fn random_loops_are_single_loops(r in 1usize..=12, c in 1usize..=12, seed in any::<u64>()) {
        let d = Dims::new(r, c).unwrap();
        let s = generate::random_loop(d, &mut ChaCha8Rng::seed_from_u64(seed));
        prop_assert!(s.is_single_loop());
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let d = Dims::new(8, 8).unwrap();
    let make = || generate::generate(d, Level::Normal, 50, &mut ChaCha8Rng::seed_from_u64(42));
    assert_eq!(make(), make());
    assert!(make().is_ok());
}

#[test]
fn ten_by_ten_puzzles_of_every_level() {
    let d = Dims::new(10, 10).unwrap();
    let offered: Vec<Level> = generate::offered().collect();
    assert_eq!(offered, Level::ALL, "every listed level is generated");
    for &target in &offered {
        let p = generate::generate(d, target, 50, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
        assert_eq!(solver::count(&p, 2).found, 1, "{target}");
        assert_eq!(level_of(&p), target);
    }
}

#[test]
fn generate_until_a_past_deadline_gives_up_and_none_is_unbounded() {
    use pencilbox_grid::OutOfTime;
    use pencilbox_slither::generate::generate_until;
    use std::time::{Duration, Instant};
    let d = Dims::new(5, 5).unwrap();
    let g = Level::Easy;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    assert_eq!(
        generate_until(d, g, 50, Some(Instant::now()), &mut rng),
        Err(GenerateError::OutOfTime(OutOfTime))
    );
    let mut a = ChaCha8Rng::seed_from_u64(3);
    let mut b = ChaCha8Rng::seed_from_u64(3);
    let far = Some(Instant::now() + Duration::from_secs(3600));
    assert_eq!(
        generate_until(d, g, 50, far, &mut a),
        generate::generate(d, g, 50, &mut b),
        "a deadline that is never reached changes nothing"
    );
}

#[test]
fn running_out_of_attempts_is_not_running_out_of_time() {
    // A 2x2 board has no puzzle that needs trial and error: every attempt is discarded.
    let d = Dims::new(2, 2).unwrap();
    let got = generate::generate(d, Level::Trial(1), 3, &mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(got, Err(GenerateError::NoPuzzle { target: Level::Trial(1), attempts: 3 }));
}

#[test]
fn deeper_trial_levels_are_not_generated() {
    let d = Dims::new(5, 5).unwrap();
    let got = generate::generate(d, Level::Trial(3), 3, &mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(got, Err(GenerateError::NotOffered { target: Level::Trial(3) }));
    assert_eq!(
        got.unwrap_err().to_string(),
        "the generator does not make trial-3 puzzles (it makes easy, normal, tricky, hard, expert, trial-1 or trial-2)"
    );
}
