//! Hints and trials against known answers: the owned fixture's generated puzzles of every level
//! (the corpus suite makes the same checks on the benchmark corpus), the solver's answers, and
//! hand-checked small puzzles.

#[path = "support/fixtures.rs"]
mod fixtures;
#[path = "support/play.rs"]
mod play;

use pencilbox_slither::deduce::{Advice, Deducer, HINT_DEPTH, Move, Outcome, Rule, TrialLimits, advise};
use pencilbox_slither::{EdgeState, Solution, Verdict, format, solver};
use play::agrees;

/// Every fixture puzzle, explained with trials, ends in its solution, every step and every
/// trial deciding edges as the solution has them; the depth of trial it needs is its level's.
#[test]
fn explain_with_trials_reaches_every_fixture_solution() {
    for f in fixtures::load() {
        let depth = play::explain_to_the_end(&f.name, &f.puzzle, &f.solution);
        assert_eq!(depth, usize::from(f.level.trial_depth()), "{}", f.name);
    }
}

/// Hint sequences from an empty board finish on every fixture puzzle of up to 200 cells (a
/// hint on a larger board searches more, and a game has more hints: 15x15 takes seconds); the
/// trial levels' need a trial among their hints, the others none; some hint builds on facts
/// learned first.
#[test]
fn hints_from_an_empty_board_reach_the_fixture_solutions() {
    let mut facts_first = 0;
    for f in fixtures::load().into_iter().filter(|f| f.puzzle.dims().num_cells() <= 200) {
        let hints = play::play_hints(&f.name, &f.puzzle, &f.solution);
        let trials = hints.iter().any(|h| h.depth() > 0);
        assert_eq!(trials, f.level.trial_depth() > 0, "{}", f.name);
        facts_first += play::facts_first(&hints);
    }
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
