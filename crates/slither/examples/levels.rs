//! Grades every corpus puzzle: the level histogram, the agreement with Loopy's own levels
//! (loopy-levels.tsv: a confusion table, exact and within-one rates), and the time taken.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example levels -- [CORPUS] [THREADS]
//! ```
//!
//! CORPUS is a path to the corpus folder, holding `janko-1176.json` and `loopy-levels.tsv`;
//! without it, the folder `PENCILBOX_CORPUS` names. Puzzles are spread over THREADS threads
//! (default 2); the time is the wall-clock time of the whole grading, uniqueness checks
//! included. It asserts what it measures: every unique puzzle gets a level, and the agreement
//! meets the targets (80% equal, 97% within one).

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pencilbox_slither::Puzzle;
use pencilbox_slither::level::{self, Grade, GradeError, Level};
use pencilbox_slither::loopy::LoopyLevel;
use pencilbox_slither_corpus::{Location, loopy_rank, loopy_rank_name, or_exit};

/// A puzzle's name, its grade and the time grading took.
type Graded = (String, Result<Grade, GradeError>, Duration);

fn main() {
    let (corpus, args) = Location::from_args();
    let threads: usize = args.first().map_or(2, |t| t.parse().expect("THREADS is a number"));
    let puzzles: Vec<(String, Puzzle)> =
        or_exit(corpus.puzzles()).into_iter().map(|e| (e.name, e.puzzle)).collect();
    let loopy_levels = or_exit(corpus.loopy_levels());

    let start = Instant::now();
    let next = Mutex::new(0);
    let results: Mutex<Vec<Graded>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some((name, p)) = puzzles.get(i) else { break };
                    let t = Instant::now();
                    let g = level::grade(p, None);
                    results.lock().unwrap().push((name.clone(), g, t.elapsed()));
                }
            });
        }
    });
    let elapsed = start.elapsed();
    let results = results.into_inner().unwrap();

    let mut histogram: BTreeMap<Level, usize> = BTreeMap::new();
    let mut levels = BTreeMap::new();
    let mut slowest = (Duration::ZERO, String::new());
    for (name, g, t) in &results {
        match g {
            Ok(g) => {
                *histogram.entry(g.level).or_default() += 1;
                levels.insert(name.as_str(), g.level);
            }
            Err(GradeError::NotUnique | GradeError::NoSolution) => println!("{name}: not unique, no level"),
            Err(e) => panic!("{name}: {e}"),
        }
        slowest = slowest.max((*t, name.clone()));
    }
    println!("levels of the {} unique corpus puzzles:", levels.len());
    for (l, n) in &histogram {
        println!("  {:>8} {n:>5}", l.to_string());
    }

    let mut table: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let (mut total, mut equal, mut within) = (0, 0, 0);
    for (name, theirs) in &loopy_levels {
        let ours = levels.get(name.as_str()).unwrap_or_else(|| panic!("{name} has no level")).loopy();
        let (t, o) = (loopy_rank(*theirs), loopy_rank(ours));
        *table.entry((t, o)).or_default() += 1;
        total += 1;
        equal += usize::from(t == o);
        within += usize::from(t.abs_diff(o) <= 1);
        if t != o {
            println!("differs: {name}: Loopy {}, here {}", loopy_rank_name(t), loopy_rank_name(o));
        }
    }
    let names: Vec<&str> = (0..=LoopyLevel::ALL.len()).map(loopy_rank_name).collect();
    println!("agreement with Loopy on {total} puzzles (rows: Loopy, columns: here):");
    println!("  {:>11} {}", "", names.iter().map(|n| format!("{n:>12}")).collect::<String>());
    for (t, theirs) in names.iter().enumerate() {
        let row: String =
            (0..names.len()).map(|o| format!("{:>12}", table.get(&(t, o)).copied().unwrap_or(0))).collect();
        println!("  {theirs:>11} {row}");
    }
    let pct = |n: usize| 100.0 * n as f64 / total as f64;
    println!("equal {equal} ({:.1}%), within one level {within} ({:.1}%)", pct(equal), pct(within));
    println!(
        "graded {} puzzles in {:.2} s on {threads} threads; slowest {} in {:.0} ms",
        results.len(),
        elapsed.as_secs_f64(),
        slowest.1,
        slowest.0.as_secs_f64() * 1000.0
    );
    assert!(pct(equal) >= 80.0 && pct(within) >= 97.0, "agreement below the targets");
    assert!(histogram.keys().all(|&l| l <= Level::Trial(2)), "a puzzle deeper than trial-2");
}
