//! Solves every puzzle of a corpus file, checks each answer against the corpus solution, decides
//! uniqueness, and prints counts and timings.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example corpus-bench -- ../shared/data/slitherlink/janko-1176.json
//! ```
//!
//! Exits non-zero when any answer is wrong or a puzzle with a corpus solution is unsolved (the
//! bench asserts what it measures).

use std::time::{Duration, Instant};

use pencilbox_slither::{Puzzle, Solution, Verdict, format, solver};

/// The corpus solution (`x` inside, `-` outside cells), when it is well formed.
fn corpus_solution(p: &Puzzle, text: &str) -> Option<Solution> {
    let d = p.dims();
    let mut lines = text.lines();
    lines.next()?;
    let mut inside = Vec::with_capacity(d.num_cells());
    for _ in 0..d.rows() {
        let row: Vec<&str> = lines.next()?.split_whitespace().collect();
        if row.len() != d.cols() {
            return None;
        }
        for t in row {
            inside.push(match t {
                "x" => true,
                "-" => false,
                _ => return None,
            });
        }
    }
    Some(Solution::from_inside(d, &inside))
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "../shared/data/slitherlink/janko-1176.json".into());
    let text = std::fs::read_to_string(&path).expect("read the corpus");
    let json: serde_json::Value = serde_json::from_str(&text).expect("corpus JSON");
    let data = json["data"].as_object().expect("`data` object");
    let mut names: Vec<&String> = data.keys().collect();
    names.sort();
    // Optional: only every k-th puzzle (a quick sample).
    let step: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let names: Vec<&String> = names.into_iter().step_by(step.max(1)).collect();
    let (mut solved, mut unique, mut multiple, mut none, mut wrong, mut unchecked) = (0, 0, 0, 0, 0, 0);
    let mut times: Vec<(Duration, &str)> = Vec::new();
    for name in names {
        let entry = &data[name.as_str()];
        let puzzle = &format::parse(entry["problem"].as_str().expect("problem")).expect("parse").puzzles[0];
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
        let expected = entry["solution"].as_str().and_then(|s| corpus_solution(puzzle, s));
        let expected = expected.filter(|s| puzzle.is_solution(s));
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
