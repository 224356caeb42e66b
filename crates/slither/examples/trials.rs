//! Every unique corpus puzzle through the deductions with trials: the depth of trial each one
//! needs, and the time. `explain` (the default) tells every step and picks the cheapest trial,
//! as `pencilbox slither explain` does; `quiet` takes the first trial of the least depth, as
//! grading does; `hints` plays hints from an empty board to the end, each from the marks alone
//! as the web page asks for them (every `STRIDE`-th puzzle; the time per hint). Every edge
//! decided is checked against the solution, and every puzzle must end solved (the example
//! asserts what it measures).
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example trials -- [CORPUS] [explain|quiet] [MAX_DEPTH] [blind]
//! cargo run --release -p pencilbox-slither --example trials -- [CORPUS] hints [STRIDE]
//! ```
//!
//! CORPUS is a path to the corpus folder (or its `janko-1176.json`, or a file of some of its
//! puzzles in the same format); without it, the folder `PENCILBOX_CORPUS` names. `blind` tries both states of every edge,
//! as when the solution is not known (same results, more work).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use pencilbox_slither::deduce::{Advice, Deducer, HINT_DEPTH, Move, Outcome, Rule, TrialLimits, advise};
use pencilbox_slither::{EdgeState, Verdict, solver};
use pencilbox_slither_corpus::{Entry, Location, or_exit};

fn main() {
    let (corpus, args) = Location::from_args();
    let entries = or_exit(corpus.puzzles());
    let mut args = args.into_iter();
    let mode = args.next().unwrap_or_else(|| "explain".into());
    if mode == "hints" {
        let stride = args.next().map_or(10, |a| a.parse().expect("STRIDE: a number"));
        return hints(&entries, stride);
    }
    let max_depth: usize = args.next().map_or(4, |a| a.parse().expect("MAX_DEPTH: a number"));
    let blind = args.next().is_some_and(|a| a == "blind");
    let (mut depths, mut trials, mut times) = (BTreeMap::new(), 0, Vec::new());
    let mut failed = Vec::new();
    let start = Instant::now();
    for Entry { name, puzzle: p, .. } in &entries {
        let Verdict::Unique(s) = solver::solve(p) else { continue };
        let limits = TrialLimits { max_depth, solution: (!blind).then_some(&s), deadline: None };
        let t0 = Instant::now();
        let mut deducer = Deducer::new(p);
        let agrees = |fixed: &[(pencilbox_grid::Edge, EdgeState)]| {
            fixed.iter().all(|&(e, st)| (st == EdgeState::Line) == s.is_line(e))
        };
        let run = if mode == "quiet" {
            deducer.run_with_trials(Rule::ALL, &limits).unwrap()
        } else {
            deducer
                .explain(Rule::ALL, &limits, |m| {
                    assert!(agrees(&m.fixed()), "{name}: a move fixed an edge against the solution");
                    if let Move::Trial(t) = m {
                        assert!(!t.describe(p.dims()).is_empty());
                    }
                })
                .unwrap()
        };
        times.push((t0.elapsed(), name.clone()));
        if run.outcome != Outcome::Solved || deducer.lines() != s {
            failed.push(name.clone());
        }
        *depths.entry(run.depth).or_insert(0) += 1;
        trials += run.trials;
    }
    let total = start.elapsed();
    times.sort();
    let n = times.len();
    let median = times[n / 2].0;
    let mean = times.iter().map(|t| t.0).sum::<Duration>() / n as u32;
    let how = if blind { ", blind" } else { "" };
    println!(
        "{n} unique puzzles, mode {mode}{how}, max depth {max_depth}: depth histogram {depths:?}, {trials} trials"
    );
    println!(
        "time: total {total:.2?} (with the solver's uniqueness proofs), per puzzle median {median:.2?}, mean {mean:.2?}, max {:.2?} ({})",
        times[n - 1].0,
        times[n - 1].1
    );
    for (t, name) in times.iter().rev().take(5) {
        println!("  slowest: {name} {t:.2?}");
    }
    assert!(failed.is_empty(), "not solved: {failed:?}");
}

/// Hints from an empty board to the end on every `stride`-th unique puzzle.
fn hints(entries: &[Entry], stride: usize) {
    let (mut times, mut puzzles, mut trials) = (Vec::new(), 0, 0);
    let start = Instant::now();
    for Entry { name, puzzle: p, .. } in entries.iter().step_by(stride) {
        let Verdict::Unique(s) = solver::solve(p) else { continue };
        let d = p.dims();
        let mut marks = vec![EdgeState::Unknown; d.num_edges()];
        loop {
            let t0 = Instant::now();
            let advice = advise(p, &marks, HINT_DEPTH, None).unwrap();
            times.push((t0.elapsed(), name.clone()));
            let Advice::Hint(h) = advice else {
                assert_eq!(advice, Advice::Solved, "{name}");
                break;
            };
            trials += usize::from(h.depth() > 0);
            for (e, st) in h.fixed() {
                assert!(
                    marks[e.index()] == EdgeState::Unknown && (st == EdgeState::Line) == s.is_line(e),
                    "{name}"
                );
                marks[e.index()] = st;
            }
        }
        puzzles += 1;
    }
    times.sort();
    let n = times.len();
    let mean = times.iter().map(|t| t.0).sum::<Duration>() / n as u32;
    println!("{puzzles} puzzles (every {stride}th), {n} hints ({trials} trials) in {:.2?}", start.elapsed());
    println!(
        "time per hint: median {:.2?}, mean {mean:.2?}, p99 {:.2?}, max {:.2?} ({})",
        times[n / 2].0,
        times[n * 99 / 100].0,
        times[n - 1].0,
        times[n - 1].1
    );
}
