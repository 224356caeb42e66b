//! Levels on the corpus: Loopy's own (loopy-levels.tsv, made by running Loopy's solver) against
//! the port of its solver, and the depth every corpus puzzle needs.

use pencilbox_slither::level::{self, GradeError, Level};
use pencilbox_slither::loopy::{self, LoopyLevel, LoopyOutcome};
use pencilbox_slither::{EdgeState, Puzzle};

use pencilbox_slither_corpus::loopy_rank;

use crate::{corpus, location, unique_solution};

/// The puzzles of loopy-levels.tsv with Loopy's level for each.
fn loopy_levels() -> Vec<(String, &'static Puzzle, Option<LoopyLevel>)> {
    let location = location();
    let rows: Vec<_> = location
        .loopy_levels()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|(name, level)| {
            let e = corpus()
                .iter()
                .find(|e| e.name == name)
                .unwrap_or_else(|| panic!("{name} not in the corpus"));
            (name, &e.puzzle, level)
        })
        .collect();
    assert_eq!(rows.len(), 577, "{}", location.loopy_levels.display());
    rows
}

/// The port of Loopy's solver gives Loopy's own level: at least 80% equal and 97% within one
/// level (the targets; the record on this half of the corpus is in docs/PERFORMANCE.md).
#[test]
fn levels_agree_with_loopy_on_the_corpus() {
    let rows = loopy_levels();
    let (mut equal, mut within) = (0, 0);
    let mut differ = Vec::new();
    for (name, p, theirs) in &rows {
        let (ours, theirs) = (loopy_rank(loopy::grade(p)), loopy_rank(*theirs));
        equal += usize::from(ours == theirs);
        within += usize::from(ours.abs_diff(theirs) <= 1);
        if ours != theirs {
            differ.push(format!("{name}: Loopy {theirs}, here {ours}"));
        }
    }
    let n = rows.len();
    assert!(equal * 100 >= n * 80, "only {equal} of {n} equal: {differ:?}");
    assert!(within * 100 >= n * 97, "only {within} of {n} within one level: {differ:?}");
}

/// Every edge Loopy's solver decides at Hard is the solution's, on a sample.
#[test]
fn loopy_deductions_agree_with_the_solutions() {
    for (name, p, _) in loopy_levels().iter().step_by(10) {
        let e = corpus().iter().find(|e| &e.name == name).unwrap();
        let s = unique_solution(e).unwrap_or_else(|| panic!("{name}: not unique"));
        let hard = loopy::solve(p, LoopyLevel::Hard);
        assert_ne!(hard.outcome, LoopyOutcome::Contradiction, "{name}");
        for (e, &st) in p.dims().edges().zip(&hard.states) {
            assert!(st == EdgeState::Unknown || (st == EdgeState::Line) == s.is_line(e), "{name}: {e:?}");
        }
    }
}

/// The target: every unique corpus puzzle is solved by trial-2 at the deepest. The `levels`
/// example gives the histogram and the time.
#[test]
fn every_unique_corpus_puzzle_needs_at_most_trial_2() {
    let mut graded = 0;
    for e in corpus() {
        match level::grade(&e.puzzle, None) {
            Ok(g) => assert!(g.level <= Level::Trial(2), "{}: {}", e.name, g.level),
            Err(GradeError::NotUnique) => assert_eq!(e.name, pencilbox_slither_corpus::NOT_UNIQUE),
            Err(err) => panic!("{}: {err}", e.name),
        }
        graded += 1;
    }
    assert_eq!(graded, 1176);
}
