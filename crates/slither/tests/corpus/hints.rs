//! Explanations with trials and hints on the corpus.

use std::collections::BTreeMap;

use pencilbox_slither::deduce::{Deducer, Outcome, Rule};

use crate::{corpus, play, unique_solution};

/// Every unique corpus puzzle, explained with trials, ends in its solution; every step and
/// every trial decides edges as the solution has them; the quiet run with trials needs the
/// same depth. Known answer: the 811 puzzles the rules solve need no trial, the other 364 need
/// trials of depth 1 only.
#[test]
fn explain_with_trials_reaches_every_corpus_solution() {
    let mut depths = BTreeMap::new();
    for e in corpus() {
        let Some(s) = unique_solution(e) else { continue };
        *depths.entry(play::explain_to_the_end(&e.name, &e.puzzle, &s)).or_insert(0) += 1;
    }
    assert_eq!(depths, BTreeMap::from([(0, 811), (1, 364)]));
}

/// Hint sequences from an empty board finish on corpus puzzles, the ones that need trials
/// among them (the first small ones of each kind, by name), and some hint builds on facts
/// learned first.
#[test]
fn hints_from_an_empty_board_reach_the_solution() {
    let (mut with_trials, mut without, mut facts_first) = (0, 0, 0);
    for e in corpus() {
        if e.puzzle.dims().num_cells() > 64 || (with_trials >= 4 && without >= 2) {
            continue;
        }
        let Some(s) = unique_solution(e) else { continue };
        let needs_trial = Deducer::new(&e.puzzle).run_quietly(Rule::ALL) != Outcome::Solved;
        if (needs_trial && with_trials >= 4) || (!needs_trial && without >= 2) {
            continue;
        }
        let hints = play::play_hints(&e.name, &e.puzzle, &s);
        assert_eq!(hints.iter().any(|h| h.depth() > 0), needs_trial, "{}", e.name);
        if needs_trial {
            with_trials += 1;
        } else {
            without += 1;
        }
        facts_first += play::facts_first(&hints);
    }
    assert_eq!((with_trials, without), (4, 2));
    assert!(facts_first > 0, "some hint builds on facts learned first");
}
