//! A sample of the benchmark corpus (the whole corpus runs in the `corpus-bench` example):
//! every answer must be the corpus solution, with uniqueness proven. The corpus is read from
//! `../shared/data/slitherlink/` and never copied into the repository; the tests fail, naming
//! the path, when it is absent.

#[path = "support/corpus.rs"]
mod corpus;

use corpus::{corpus_solution, entries};
use pencilbox_slither::{Puzzle, Verdict, format, solver};

fn check(name: &str, p: &Puzzle, solution: Option<&String>) {
    let Verdict::Unique(s) = solver::solve(p) else { panic!("{name}: expected a unique solution") };
    assert!(p.is_solution(&s), "{name}");
    if let Some(expected) = solution.and_then(|t| corpus_solution(p, t)) {
        assert_eq!(s, expected, "{name}: differs from the corpus solution");
    }
}

#[test]
fn sample_of_small_corpus_puzzles() {
    let json = corpus::load();
    let small: Vec<_> = entries(&json).into_iter().filter(|(_, p, _)| p.dims().num_cells() <= 150).collect();
    let step = (small.len() / 30).max(1);
    let mut checked = 0;
    for (name, p, sol) in small.iter().step_by(step).take(30) {
        check(name, p, sol.as_ref());
        checked += 1;
    }
    assert_eq!(checked, 30);
}

#[test]
fn every_corpus_puzzle_round_trips_through_every_format() {
    let json = corpus::load();
    for (name, p, _) in entries(&json) {
        for text in [format::to_text(&p), format::to_url(&p), format::to_loopy(&p)] {
            assert_eq!(format::parse(&text).unwrap().puzzles[0], p, "{name} via {text}");
        }
    }
}

/// The whole corpus (also what `corpus-bench` does, with timings).
#[test]
#[ignore = "slow: the whole corpus; run the corpus-bench example instead"]
fn whole_corpus() {
    let json = corpus::load();
    for (name, p, sol) in entries(&json) {
        if name == "random_15x15" {
            // The one corpus entry with several solutions.
            assert!(matches!(solver::solve(&p), Verdict::Multiple(_)));
            continue;
        }
        check(&name, &p, sol.as_ref());
    }
}

/// Every deduction step on a corpus sample agrees with the corpus solution (the rules are
/// sound), and the grades are recorded.
#[test]
fn deductions_agree_with_the_corpus_solutions() {
    use pencilbox_slither::EdgeState;
    use pencilbox_slither::deduce::{Deducer, Outcome, Rule};
    let json = corpus::load();
    let all = entries(&json);
    let step = all.len() / 60;
    for (name, p, sol) in all.iter().step_by(step) {
        let Some(s) = sol.as_ref().and_then(|t| corpus_solution(p, t)) else { continue };
        let mut deducer = Deducer::new(p);
        let outcome = deducer.run(Rule::ALL, |st| {
            for &(e, state) in &st.fixed {
                assert_eq!(state == EdgeState::Line, s.is_line(e), "{name}: rule {} at {}", st.rule, st.at);
            }
        });
        assert_ne!(outcome, Outcome::Contradiction, "{name}");
        if outcome == Outcome::Solved {
            assert_eq!(deducer.lines(), s, "{name}");
        }
    }
}

/// The incremental deduction ends where the exhaustive-rescan reference ends, on a sample of
/// small corpus puzzles, all of them up to 10×10 (hand-made puzzles exercise the stronger rules far more than random
/// ones; the `rescan-check` example runs all of them).
#[test]
fn incremental_deduction_matches_exhaustive_rescans_on_the_corpus() {
    use pencilbox_slither::deduce::{Deducer, Rule};
    let json = corpus::load();
    let small: Vec<_> = entries(&json).into_iter().filter(|(_, p, _)| p.dims().num_cells() <= 100).collect();
    for (name, p, _) in &small {
        let (mut fast, mut slow) = (Deducer::new(p), Deducer::new(p));
        assert_eq!(fast.run_quietly(Rule::ALL), slow.run_exhaustively(Rule::ALL), "{name}");
        assert!(p.dims().edges().all(|e| fast.state(e) == slow.state(e)), "{name}");
    }
}
