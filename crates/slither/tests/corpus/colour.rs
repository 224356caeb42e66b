//! The independent colouring counter (`tests/support/colouring.rs`) against the solver on the
//! corpus: it settles the corpus's uniqueness doubt.

use pencilbox_slither::{Verdict, solver};
use pencilbox_slither_corpus::NOT_UNIQUE;

use crate::{colouring, corpus};

/// The solver's count, up to 2.
fn solver_count(p: &pencilbox_slither::Puzzle) -> usize {
    match solver::solve(p) {
        Verdict::Unique(_) => 1,
        Verdict::Multiple(_) => 2,
        Verdict::NoSolution => 0,
    }
}

/// The corpus README reports a SAT-based reference finding 2 puzzles not unique; the solver
/// finds only `random_15x15`. The colouring count agrees with the solver on it and on the two
/// entries with malformed corpus solutions.
#[test]
fn colouring_settles_the_corpus_doubt() {
    for (name, expected) in [(NOT_UNIQUE, 2), ("839_14x24", 1), ("99_20x30", 1)] {
        let e =
            corpus().iter().find(|e| e.name == name).unwrap_or_else(|| panic!("{name} not in the corpus"));
        let c = colouring::count_by_colouring(&e.puzzle, 2, 50_000_000);
        assert!(!c.aborted, "{name}");
        assert_eq!(c.found, expected, "{name}");
        assert_eq!(solver_count(&e.puzzle), expected, "{name}");
    }
}

/// On every corpus puzzle of up to 200 cells, the colouring count is the solver's wherever it
/// finishes within its node budget, as it does on nearly all of them (the larger and the harder
/// ones need far more nodes: the colouring search is a reference, not a fast solver).
#[test]
fn colouring_counts_agree_with_the_solver_on_the_corpus() {
    let (mut settled, mut open) = (0, Vec::new());
    for e in corpus().iter().filter(|e| e.puzzle.dims().num_cells() <= 200) {
        let c = colouring::count_by_colouring(&e.puzzle, 2, 500_000);
        if c.aborted {
            open.push(e.name.as_str());
            continue;
        }
        assert_eq!(c.found, solver_count(&e.puzzle), "{}", e.name);
        settled += 1;
    }
    assert!(open.len() * 20 <= settled, "{settled} settled, over budget: {open:?}");
}

/// The whole corpus with a large node budget (2·10^7 per puzzle): the colouring count agrees with
/// the solver on every puzzle it finishes, which is 1086 of the 1176 (the others, the largest,
/// run out of budget).
#[test]
#[ignore = "slow: about 8 minutes in a release build; run with --ignored"]
fn colouring_counts_agree_with_the_solver_on_the_whole_corpus() {
    let mut settled = 0;
    for e in corpus() {
        let c = colouring::count_by_colouring(&e.puzzle, 2, 20_000_000);
        if !c.aborted {
            assert_eq!(c.found, solver_count(&e.puzzle), "{}", e.name);
            settled += 1;
        }
    }
    assert!(settled >= 1086, "only {settled} settled");
}
