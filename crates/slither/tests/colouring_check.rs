//! The independent colouring counter (`support/colouring.rs`) against the solver: it settles
//! uniqueness with no code shared with the solver (the corpus suite runs it over the corpus and
//! on the entries that raised the corpus's uniqueness doubt), so it is itself cross-checked here
//! on many random small puzzles and on every puzzle of the owned fixture.

#[path = "support/colouring.rs"]
mod colouring;
#[path = "support/fixtures.rs"]
mod fixtures;

use pencilbox_grid::Dims;
use pencilbox_slither::{Clue, Puzzle, format, generate, solver};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random loop's clues, each kept with probability `keep`.
fn puzzle(d: Dims, keep: f64, seed: u64) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let s = generate::random_loop(d, &mut rng);
    generate::clues_of_loop(&s, |_| rng.random_bool(keep))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Counts up to 3 agree with the solver's.
    #[test]
    fn colouring_counts_match_the_solver(r in 1usize..=6, c in 1usize..=6, keep in 0.2f64..0.9, seed in any::<u64>()) {
        let p = puzzle(Dims::new(r, c).unwrap(), keep, seed);
        let ours = colouring::count_by_colouring(&p, 3, u64::MAX);
        prop_assert_eq!(ours.found, solver::count(&p, 3).found, "{}", format::to_text(&p));
    }

    /// Also on clues that need not come from one loop (often no solution at all).
    #[test]
    fn colouring_counts_match_on_arbitrary_clues(r in 1usize..=4, c in 1usize..=4, clues in proptest::collection::vec(0u8..6, 16)) {
        let d = Dims::new(r, c).unwrap();
        let clues = (0..d.num_cells()).map(|i| if clues[i] <= 3 { Clue::Number(clues[i]) } else { Clue::Blank }).collect();
        let p = Puzzle::new(d, clues);
        prop_assert_eq!(colouring::count_by_colouring(&p, 3, u64::MAX).found, solver::count(&p, 3).found);
    }
}

/// Every fixture puzzle up to 15×15 has exactly one solution by the colouring count too (the
/// search is a reference, not a fast solver: larger boards need far more nodes).
#[test]
fn colouring_finds_one_solution_on_the_fixture_puzzles() {
    for f in fixtures::load().into_iter().filter(|f| f.puzzle.dims().num_cells() <= 15 * 15) {
        let c = colouring::count_by_colouring(&f.puzzle, 2, 50_000_000);
        assert!(!c.aborted, "{}: over the node budget", f.name);
        assert_eq!(c.found, 1, "{}", f.name);
    }
}
