//! Playing a puzzle by the engine's hints, and the checks every step must pass against a known
//! solution: shared by the default suite (on the owned fixture) and the corpus suite.
#![allow(dead_code)] // each test binary uses its own part

use std::collections::HashSet;

use pencilbox_grid::Edge;
use pencilbox_slither::deduce::{
    Advice, Deducer, HINT_DEPTH, Hint, Move, Outcome, Rule, TrialLimits, advise,
};
use pencilbox_slither::{EdgeState, Puzzle, Solution};

/// Whether every edge in `fixed` is decided as the solution has it.
pub fn agrees(s: &Solution, fixed: &[(Edge, EdgeState)]) -> bool {
    fixed.iter().all(|&(e, st)| (st == EdgeState::Line) == s.is_line(e))
}

/// Hints from an empty board, applied one after another, until `solved`. Every hint decides at
/// least one edge not decided before, as the solution has it, and no hint repeats another.
/// Steps that only learn facts are never a hint of their own: they come before the step they
/// lead to. Returns the hints.
pub fn play_hints(name: &str, p: &Puzzle, s: &Solution) -> Vec<Hint> {
    let d = p.dims();
    let mut marks = vec![EdgeState::Unknown; d.num_edges()];
    let mut hints = Vec::new();
    let mut texts = HashSet::new();
    loop {
        match advise(p, &marks, HINT_DEPTH, None).unwrap() {
            Advice::Hint(h) => {
                let fixed = h.fixed();
                assert!(!fixed.is_empty(), "{name}: a hint decides an edge");
                assert!(agrees(s, &fixed), "{name}: {}", h.describe(d));
                for (e, st) in fixed {
                    assert_eq!(marks[e.index()], EdgeState::Unknown, "{name}: {}", h.describe(d));
                    marks[e.index()] = st;
                }
                assert!(texts.insert(h.describe(d)), "{name}: a hint repeats: {}", h.describe(d));
                hints.push(h);
            }
            Advice::Solved => break,
            other => panic!("{name}: {other:?} after {} hints", hints.len()),
        }
    }
    let lines = Solution::from_edges(d, d.edges().filter(|&e| marks[e.index()] == EdgeState::Line));
    assert_eq!(&lines, s, "{name}");
    for h in &hints {
        let (_, before) = h.chain.split_last().unwrap();
        for m in before {
            // Everything before the last move learned a fact for it, and decided nothing.
            let Move::Step(step) = m else { panic!("{name}: a trial before the last move") };
            assert!(step.fixed.is_empty() && !step.learned.is_empty(), "{name}: {step:?}");
        }
    }
    hints
}

/// How many hints build on facts learned first (a fact-learning step, then the step it leads
/// to).
pub fn facts_first(hints: &[Hint]) -> usize {
    hints.iter().filter(|h| h.chain.len() > 1 && matches!(h.chain.last(), Some(Move::Step(_)))).count()
}

/// `p` explained with trials up to the hints' depth, the solution known: it must end in the
/// solution, every step and every trial deciding edges as the solution has them, and the quiet
/// run with trials must need the same depth. Returns that depth.
pub fn explain_to_the_end(name: &str, p: &Puzzle, s: &Solution) -> usize {
    let limits = TrialLimits { max_depth: HINT_DEPTH, solution: Some(s), deadline: None };
    let mut deducer = Deducer::new(p);
    let run = deducer
        .explain(Rule::ALL, &limits, |m| {
            assert!(agrees(s, &m.fixed()), "{name}: {}", m.describe(p.dims()));
        })
        .unwrap();
    assert_eq!((run.outcome, deducer.lines()), (Outcome::Solved, s.clone()), "{name}");
    let quiet = Deducer::new(p).run_with_trials(Rule::ALL, &limits).unwrap();
    assert_eq!((quiet.outcome, quiet.depth), (Outcome::Solved, run.depth), "{name}");
    run.depth
}

/// Every deduction step with all the rules, from an empty board, fixes edges as the solution
/// has them, and every pair state and colour relation learned holds in it (the rules are sound).
/// Returns how the rules alone ended.
pub fn deduce_soundly(name: &str, p: &Puzzle, s: &Solution) -> Outcome {
    let mut deducer = Deducer::new(p);
    let outcome = deducer.run(Rule::ALL, |st| {
        for &(e, state) in &st.fixed {
            assert_eq!(state == EdgeState::Line, s.is_line(e), "{name}: rule {} at {}", st.rule, st.at);
        }
    });
    assert!(deducer.knowledge_holds(s), "{name}: a pair state or colour relation fails");
    assert_ne!(outcome, Outcome::Contradiction, "{name}");
    if outcome == Outcome::Solved {
        assert_eq!(&deducer.lines(), s, "{name}");
    }
    outcome
}

/// The incremental deduction ends where the exhaustive-rescan reference ends.
pub fn incremental_matches_rescans(name: &str, p: &Puzzle) {
    let (mut fast, mut slow) = (Deducer::new(p), Deducer::new(p));
    assert_eq!(fast.run_quietly(Rule::ALL), slow.run_exhaustively(Rule::ALL), "{name}");
    assert!(p.dims().edges().all(|e| fast.state(e) == slow.state(e)), "{name}");
}
