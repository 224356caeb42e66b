//! The solver and the deductions against the owned fixture (`tests/fixtures/generated.txt`):
//! puzzles made by the generator at every level and several sizes, with their solutions. The
//! corpus suite (tests/corpus) makes the same checks on the benchmark corpus.

#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/play.rs"]
mod play;

use pencilbox_slither::deduce::Outcome;
use pencilbox_slither::level::Level;
use pencilbox_slither::{Verdict, generate, solver};

/// The fixture holds what the default suite relies on: every level the generator makes, each at
/// more than one size, boards up to 15x15 and beyond, and boards that are not square.
#[test]
fn the_fixture_covers_every_level_and_several_sizes() {
    let all = fixtures::load();
    for level in generate::offered() {
        let sizes: Vec<_> = all.iter().filter(|f| f.level == level).map(|f| f.puzzle.dims()).collect();
        assert!(sizes.len() >= 2, "{level}: {sizes:?}");
    }
    assert!(all.iter().any(|f| f.puzzle.dims().num_cells() >= 15 * 15 && f.level >= Level::Trial(1)));
    assert!(all.iter().any(|f| f.puzzle.dims().num_cells() > 15 * 15));
    assert!(all.iter().any(|f| f.puzzle.dims().rows() != f.puzzle.dims().cols()));
}

/// The solver's answer is the stored solution, with uniqueness proven.
#[test]
fn every_fixture_puzzle_solves_to_its_stored_solution() {
    for f in fixtures::load() {
        let Verdict::Unique(s) = solver::solve(&f.puzzle) else { panic!("{}: not unique", f.name) };
        assert_eq!(s, f.solution, "{}", f.name);
        assert_eq!(solver::count(&f.puzzle, 2).found, 1, "{}", f.name);
    }
}

/// Every deduction step agrees with the stored solution and every fact learned holds in it (the
/// rules are sound); the rules alone finish exactly the puzzles of the levels without trials.
#[test]
fn deductions_agree_with_the_fixture_solutions() {
    for f in fixtures::load() {
        let outcome = play::deduce_soundly(&f.name, &f.puzzle, &f.solution);
        assert_eq!(outcome == Outcome::Solved, f.level <= Level::Expert, "{}: {outcome:?}", f.name);
    }
}

/// The incremental deduction ends where the exhaustive-rescan reference ends.
#[test]
fn incremental_deduction_matches_exhaustive_rescans_on_the_fixture() {
    for f in fixtures::load() {
        play::incremental_matches_rescans(&f.name, &f.puzzle);
    }
}
