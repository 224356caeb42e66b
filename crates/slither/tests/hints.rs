//! Hints and trials against known answers: the corpus solutions (read from
//! `../shared/data/slitherlink/`, never copied), the solver's, and hand-checked small puzzles.

#[path = "support/corpus.rs"]
mod corpus;

use std::collections::{BTreeMap, HashSet};

use pencilbox_slither::deduce::{Advice, Deducer, HINT_DEPTH, Move, Outcome, Rule, TrialLimits, advise};
use pencilbox_slither::{EdgeState, Puzzle, Solution, Verdict, format, solver};

fn agrees(s: &Solution, fixed: &[(pencilbox_grid::Edge, EdgeState)]) -> bool {
    fixed.iter().all(|&(e, st)| (st == EdgeState::Line) == s.is_line(e))
}

/// Every unique corpus puzzle, explained with trials, ends in its solution; every step and
/// every trial decides edges as the solution has them; the quiet run with trials needs the
/// same depth. Known answer: the 811 puzzles the rules solve need no trial, the other 364 need
/// trials of depth 1 only.
#[test]
fn explain_with_trials_reaches_every_corpus_solution() {
    let json = corpus::load();
    let mut depths = BTreeMap::new();
    for (name, p, text) in corpus::entries(&json) {
        let Verdict::Unique(s) = solver::solve(&p) else {
            assert_eq!(name, "random_15x15", "the one corpus puzzle with several solutions");
            continue;
        };
        if let Some(expected) = text.and_then(|t| corpus::corpus_solution(&p, &t)) {
            assert_eq!(s, expected, "{name}");
        }
        let limits = TrialLimits { max_depth: HINT_DEPTH, solution: Some(&s), deadline: None };
        let mut deducer = Deducer::new(&p);
        let run = deducer
            .explain(Rule::ALL, &limits, |m| {
                assert!(agrees(&s, &m.fixed()), "{name}: {}", m.describe(p.dims()));
            })
            .unwrap();
        assert_eq!((run.outcome, deducer.lines()), (Outcome::Solved, s.clone()), "{name}");
        let quiet = Deducer::new(&p).run_with_trials(Rule::ALL, &limits).unwrap();
        assert_eq!((quiet.outcome, quiet.depth), (Outcome::Solved, run.depth), "{name}");
        *depths.entry(run.depth).or_insert(0) += 1;
    }
    assert_eq!(depths, BTreeMap::from([(0, 811), (1, 364)]));
}

/// Hints from an empty board, applied one after another, until `solved`. Every hint decides at
/// least one edge not decided before, as the solution has it, and no hint repeats another.
/// Returns the hints.
fn play_hints(name: &str, p: &Puzzle, s: &Solution) -> Vec<pencilbox_slither::deduce::Hint> {
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
    hints
}

/// Hint sequences from an empty board finish on corpus puzzles, the ones that need trials
/// among them (the first small ones of each kind, by name). Steps that only learn facts are
/// never a hint of their own: they come before the step they lead to.
#[test]
fn hints_from_an_empty_board_reach_the_solution() {
    let json = corpus::load();
    let (mut with_trials, mut without, mut facts_first) = (0, 0, 0);
    for (name, p, _) in corpus::entries(&json) {
        if p.dims().num_cells() > 64 || (with_trials >= 4 && without >= 2) {
            continue;
        }
        let Verdict::Unique(s) = solver::solve(&p) else { continue };
        let needs_trial = Deducer::new(&p).run_quietly(Rule::ALL) != Outcome::Solved;
        if (needs_trial && with_trials >= 4) || (!needs_trial && without >= 2) {
            continue;
        }
        let hints = play_hints(&name, &p, &s);
        let trials = hints.iter().filter(|h| h.depth() > 0).count();
        assert_eq!(trials > 0, needs_trial, "{name}");
        if needs_trial {
            with_trials += 1;
        } else {
            without += 1;
        }
        for h in &hints {
            let (last, before) = h.chain.split_last().unwrap();
            for m in before {
                // Everything before the last move learned a fact for it, and decided nothing.
                let Move::Step(step) = m else { panic!("{name}: a trial before the last move") };
                assert!(step.fixed.is_empty() && !step.learned.is_empty(), "{name}: {step:?}");
            }
            facts_first += usize::from(!before.is_empty() && matches!(last, Move::Step(_)));
        }
    }
    assert_eq!((with_trials, without), (4, 2));
    assert!(facts_first > 0, "some hint builds on facts learned first");
}

/// Where `next_step` (one rule application) only learns a fact, the hint goes on to an edge,
/// and names the fact-learning steps it needs.
#[test]
fn a_step_that_only_learns_facts_comes_with_the_edge_it_leads_to() {
    // A 5×5 puzzle made by the generator (seed 2, `search`): after the two 0s, the 3 and the
    // chain along the border, the next rule application is a corner-pair fact.
    let p = format::parse("https://puzz.link/p?slither/5/5/gbc51bg11ai3c").unwrap().puzzles.remove(0);
    let Verdict::Unique(s) = solver::solve(&p) else { panic!("unique") };
    let d = p.dims();
    let mut marks = vec![EdgeState::Unknown; d.num_edges()];
    let mut found = 0;
    loop {
        let deducer = Deducer::with_states(&p, &marks).unwrap();
        let step = deducer.next_step(Rule::ALL).unwrap();
        let Advice::Hint(h) = advise(&p, &marks, HINT_DEPTH, None).unwrap() else { break };
        if let Some(step) = step.filter(|st| st.fixed.is_empty()) {
            found += 1;
            assert!(!step.learned.is_empty());
            assert!(!h.fixed().is_empty() && agrees(&s, &h.fixed()));
        }
        for (e, st) in h.fixed() {
            marks[e.index()] = st;
        }
    }
    assert!(found >= 1, "the puzzle has a step that only learns facts");
}

/// A puzzle that the statement's rules 1–8 solve only with a trial inside a trial (depth 2):
/// made by the generator (5×5, seed 9, `search`) and checked by hand at the end.
#[test]
fn nested_trials_go_deeper_when_the_rules_are_weaker() {
    let p = format::parse("https://puzz.link/p?slither/5/5/g6170bkbg728c").unwrap().puzzles.remove(0);
    let Verdict::Unique(s) = solver::solve(&p) else { panic!("unique") };
    let limits = |max_depth| TrialLimits { max_depth, solution: None, deadline: None };
    // All the rules need one trial of depth 1; rules 1–8 need depth 2, and stop at depth 1.
    let all = Deducer::new(&p).run_with_trials(Rule::ALL, &limits(3)).unwrap();
    assert_eq!((all.outcome, all.depth), (Outcome::Solved, 1));
    let basic = Deducer::new(&p).run_with_trials(Rule::BASIC, &limits(3)).unwrap();
    assert_eq!((basic.outcome, basic.depth), (Outcome::Solved, 2));
    let shallow = Deducer::new(&p).run_with_trials(Rule::BASIC, &limits(1)).unwrap();
    assert_eq!((shallow.outcome, shallow.depth), (Outcome::Stuck, 1));
    // Told: a depth-2 trial holds a depth-1 trial in its chain, in brackets.
    let mut deep = Vec::new();
    let mut deducer = Deducer::new(&p);
    let run = deducer
        .explain(Rule::BASIC, &limits(3), |m| {
            assert!(agrees(&s, &m.fixed()));
            if let Move::Trial(t) = m
                && t.depth == 2
            {
                deep.push(t.clone());
            }
        })
        .unwrap();
    assert_eq!((run.outcome, run.depth), (Outcome::Solved, 2));
    assert!(!deep.is_empty());
    for t in &deep {
        assert!(t.chain.iter().any(|m| matches!(m, Move::Trial(inner) if inner.depth == 1)));
        assert!(
            t.describe(p.dims()).contains(", [suppose the edge between dots"),
            "{}",
            t.describe(p.dims())
        );
    }
}

/// With every edge marked, a hint says "solved" exactly when the lines are a solution, whether
/// the puzzle has one solution, several or none: every full marking of small boards (1×1, 1×2,
/// 2×1) with a few clue patterns (no solution, one, several), against `Puzzle::is_solution`.
#[test]
fn a_full_marking_is_solved_only_when_it_is_a_solution() {
    let puzzles = [
        "1 1\n.\n",
        "1 1\n0\n",
        "1 1\n3\n",
        "1 2\n..\n",
        "1 2\n3.\n",
        "1 2\n33\n",
        "2 1\n.\n2\n",
        "2 1\n1\n1\n",
    ];
    for text in puzzles {
        let (ps, _) = format::parse_text(text).expect("a puzzle");
        let p = &ps[0];
        let d = p.dims();
        let n = d.num_edges();
        for bits in 0u32..1 << n {
            let marks: Vec<EdgeState> =
                (0..n).map(|i| if bits >> i & 1 == 1 { EdgeState::Line } else { EdgeState::Cross }).collect();
            let lines = Solution::from_edges(d, d.edges().filter(|e| marks[e.index()] == EdgeState::Line));
            let advice = advise(p, &marks, HINT_DEPTH, None).expect("marks of the right length");
            assert_eq!(
                matches!(advice, Advice::Solved),
                p.is_solution(&lines),
                "{text:?} with lines {bits:b}: {advice:?}"
            );
        }
    }
}

/// The rules alone honour the deadline too: on a 64×64 board of 2s (tens of thousands of steps
/// before its contradiction) an explanation or a graded run with a deadline already past gives up.
#[test]
fn long_runs_of_rules_give_up_at_their_deadline() {
    let text = format!("64 64\n{}", format!("{}\n", "2".repeat(64)).repeat(64));
    let (ps, _) = format::parse_text(&text).expect("a puzzle");
    let p = &ps[0];
    let limits = |deadline| TrialLimits { max_depth: 1, solution: None, deadline };
    let mut steps = 0;
    let run = Deducer::new(p).explain(Rule::ALL, &limits(None), |_| steps += 1).expect("no deadline");
    assert_eq!(run.outcome, Outcome::Contradiction);
    assert!(steps > 4 * 4096, "only {steps} steps: too few to test the clock");
    let past = Some(std::time::Instant::now());
    assert!(Deducer::new(p).explain(Rule::ALL, &limits(past), |_| {}).is_err());
    assert!(Deducer::new(p).run_with_trials(Rule::ALL, &limits(past)).is_err());
}
