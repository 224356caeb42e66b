//! Every generated puzzle has exactly one solution (by the solver and by the independent
//! colouring search) and the requested grade, and generation is reproducible from its seed.

#[path = "support/colouring.rs"]
mod colouring;

use pencilbox_grid::Dims;
use pencilbox_slither::deduce::{Grade, grade};
use pencilbox_slither::{generate, solver};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn grade_of(i: u8) -> Grade {
    [Grade::Basic, Grade::Standard, Grade::Advanced, Grade::Search][usize::from(i)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_puzzles_are_unique_with_the_requested_grade(
        r in 4usize..=7, c in 4usize..=7, g in 0u8..4, seed in any::<u64>()
    ) {
        let d = Dims::new(r, c).unwrap();
        let target = grade_of(g);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Small boards may have no puzzle of a hard grade: only what is produced is checked.
        if let Ok(p) = generate::generate(d, target, 50, &mut rng) {
            let count = solver::count(&p, 2);
            prop_assert_eq!(count.found, 1);
            prop_assert_eq!(grade(&p), target);
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
    let make = || generate::generate(d, Grade::Standard, 50, &mut ChaCha8Rng::seed_from_u64(42));
    assert_eq!(make(), make());
    assert!(make().is_ok());
}

#[test]
fn ten_by_ten_puzzles_of_every_grade() {
    let d = Dims::new(10, 10).unwrap();
    for g in 0..4 {
        let target = grade_of(g);
        let p = generate::generate(d, target, 50, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
        assert_eq!(solver::count(&p, 2).found, 1, "{target}");
        assert_eq!(grade(&p), target);
    }
}

#[test]
fn generate_until_a_past_deadline_gives_up_and_none_is_unbounded() {
    use pencilbox_grid::OutOfTime;
    use pencilbox_slither::generate::{GenerateError, generate_until};
    use std::time::{Duration, Instant};
    let d = Dims::new(5, 5).unwrap();
    let g = Grade::Basic;
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
    use pencilbox_slither::generate::GenerateError;
    // A 2x2 board has no puzzle that needs trial and error: every attempt is discarded.
    let d = Dims::new(2, 2).unwrap();
    let got = generate::generate(d, Grade::Search, 3, &mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(got, Err(GenerateError::NoPuzzle { target: Grade::Search, attempts: 3 }));
}
