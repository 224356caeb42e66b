//! Solves every puzzle of a corpus file, checks each answer against the corpus solution, decides
//! uniqueness, and prints counts and timings.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example corpus-bench -- [CORPUS] [STEP]
//! ```
//!
//! CORPUS is a path to the corpus folder (or its `janko-1176.json`); without it, the folder
//! `PENCILBOX_CORPUS` names.
//! STEP: only every STEP-th puzzle (a quick sample). Exits non-zero when any answer is wrong or
//! a puzzle with a corpus solution is unsolved (the bench asserts what it measures).

use std::time::{Duration, Instant};

use pencilbox_slither::{Verdict, solver};
use pencilbox_slither_corpus::{Location, or_exit};

fn main() {
    let (corpus, args) = Location::from_args();
    let step: usize = args.first().map_or(1, |s| s.parse().expect("STEP: a number"));
    let entries = or_exit(corpus.puzzles());
    let entries: Vec<_> = entries.iter().step_by(step.max(1)).collect();
    let (mut solved, mut unique, mut multiple, mut none, mut wrong, mut unchecked) = (0, 0, 0, 0, 0, 0);
    let mut times: Vec<(Duration, &str)> = Vec::new();
    for entry in entries {
        let (name, puzzle) = (entry.name.as_str(), &entry.puzzle);
        if std::env::var_os("BENCH_TRACE").is_some() {
            eprintln!("{name} ...");
        }
        let start = Instant::now();
        let verdict = solver::solve(puzzle);
        let took = start.elapsed();
        times.push((took, name));
        if took > Duration::from_millis(200) {
            eprintln!("{name}: slow, {:.0} ms", took.as_secs_f64() * 1e3);
        }
        let expected = &entry.solution;
        let found = match &verdict {
            Verdict::NoSolution => {
                none += 1;
                eprintln!("{name}: no solution");
                None
            }
            Verdict::Unique(s) => {
                unique += 1;
                Some(s)
            }
            Verdict::Multiple(s) => {
                multiple += 1;
                eprintln!("{name}: multiple solutions");
                Some(s)
            }
        };
        if let Some(s) = found {
            assert!(puzzle.is_solution(s), "{name}: the solver returned a non-solution");
            solved += 1;
            match &expected {
                Some(e) if matches!(verdict, Verdict::Unique(_)) && e != s => {
                    wrong += 1;
                    eprintln!("{name}: differs from the corpus solution");
                }
                Some(_) => {}
                None => unchecked += 1,
            }
        } else if expected.is_some() {
            wrong += 1;
        }
    }
    times.sort();
    let n = times.len();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let total: Duration = times.iter().map(|t| t.0).sum();
    println!(
        "puzzles {n}: solved {solved}, unique {unique}, not unique {multiple}, no solution {none}, wrong {wrong}"
    );
    println!("(answers without a usable corpus solution, checked against the clues only: {unchecked})");
    println!(
        "time per puzzle: median {:.2} ms, mean {:.2} ms, p99 {:.2} ms, max {:.2} ms ({}), total {:.2} s",
        ms(times[n / 2].0),
        ms(total) / n as f64,
        ms(times[(n * 99).div_ceil(100) - 1].0),
        ms(times[n - 1].0),
        times[n - 1].1,
        total.as_secs_f64()
    );
    for (t, name) in times.iter().rev().take(5) {
        println!("  slowest: {name} {:.2} ms", ms(*t));
    }
    assert_eq!(wrong, 0, "wrong answers");
    assert_eq!(solved, n, "unsolved puzzles");
}
