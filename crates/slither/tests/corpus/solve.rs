//! The solver, the formats and the deductions on the corpus.

use pencilbox_slither::deduce::Outcome;
use pencilbox_slither::format;

use crate::{corpus, play, unique_solution};

/// A sample of the small puzzles: every answer is the corpus solution, with uniqueness proven
/// (the whole corpus runs in `whole_corpus` and in the `corpus-bench` example).
#[test]
fn sample_of_small_corpus_puzzles() {
    let small: Vec<_> = corpus().iter().filter(|e| e.puzzle.dims().num_cells() <= 150).collect();
    let step = (small.len() / 30).max(1);
    let mut checked = 0;
    for e in small.iter().step_by(step).take(30) {
        assert!(unique_solution(e).is_some(), "{}: expected a unique solution", e.name);
        checked += 1;
    }
    assert_eq!(checked, 30);
}

#[test]
fn every_corpus_puzzle_round_trips_through_every_format() {
    for e in corpus() {
        let p = &e.puzzle;
        for text in [format::to_text(p), format::to_url(p), format::to_loopy(p)] {
            assert_eq!(&format::parse(&text).unwrap().puzzles[0], p, "{} via {text}", e.name);
        }
    }
}

/// The whole corpus (also what `corpus-bench` does, with timings).
#[test]
#[ignore = "slow: the whole corpus; run the corpus-bench example instead"]
fn whole_corpus() {
    for e in corpus() {
        unique_solution(e);
    }
}

/// Every deduction step on every unique corpus puzzle agrees with its solution, and every fact
/// learned holds in it (the rules are sound). Known answer: the rules alone solve 811 of the
/// 1175 unique puzzles.
#[test]
fn deductions_agree_with_the_corpus_solutions() {
    let mut solved = 0;
    for e in corpus() {
        let Some(s) = unique_solution(e) else { continue };
        solved += usize::from(play::deduce_soundly(&e.name, &e.puzzle, &s) == Outcome::Solved);
    }
    assert_eq!(solved, 811);
}

/// The incremental deduction ends where the exhaustive-rescan reference ends, on every corpus
/// puzzle up to 10×10 (hand-made puzzles exercise the stronger rules far more than random ones).
#[test]
fn incremental_deduction_matches_exhaustive_rescans_on_the_corpus() {
    for e in corpus().iter().filter(|e| e.puzzle.dims().num_cells() <= 100) {
        play::incremental_matches_rescans(&e.name, &e.puzzle);
    }
}
