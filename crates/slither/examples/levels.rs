//! Grades every corpus puzzle: the level histogram, the agreement with Loopy's own levels
//! (loopy-levels.tsv: a confusion table, exact and within-one rates), and the time taken.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example levels -- ../shared/data/slitherlink [THREADS]
//! ```
//!
//! Puzzles are spread over THREADS threads (default 2); the time is the wall-clock time of the
//! whole grading, uniqueness checks included. It asserts what it measures: every unique puzzle
//! gets a level, and the agreement meets the targets (80% equal, 97% within one).

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pencilbox_slither::level::{self, Grade, GradeError, Level};
use pencilbox_slither::{Puzzle, format};

/// A puzzle's name, its grade and the time grading took.
type Graded = (String, Result<Grade, GradeError>, Duration);

/// Loopy's name for a level, the way loopy-levels.tsv writes it.
fn loopy_name(l: Level) -> &'static str {
    match l {
        Level::Easy => "easy",
        Level::Normal => "normal",
        Level::Tricky => "tricky",
        Level::Hard => "hard",
        _ => "beyond-hard",
    }
}

/// The rank of a Loopy level name (beyond-hard is above hard).
fn rank(name: &str) -> usize {
    ["easy", "normal", "tricky", "hard", "beyond-hard"]
        .iter()
        .position(|&n| n == name)
        .expect("a Loopy level")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "../shared/data/slitherlink".into());
    let threads: usize = args.next().map_or(2, |t| t.parse().expect("THREADS is a number"));
    let read = |f: &str| {
        std::fs::read_to_string(format!("{dir}/{f}")).unwrap_or_else(|e| panic!("cannot read {dir}/{f}: {e}"))
    };
    let json: serde_json::Value = serde_json::from_str(&read("janko-1176.json")).expect("corpus JSON");
    let puzzles: Vec<(String, Puzzle)> = json["data"]
        .as_object()
        .expect("a `data` object")
        .iter()
        .map(|(name, e)| {
            let text = e["problem"].as_str().expect("a problem text");
            (name.clone(), format::parse(text).expect("a corpus puzzle").puzzles.remove(0))
        })
        .collect();

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
    for line in read("loopy-levels.tsv").lines().skip(1) {
        let (name, theirs) = line.split_once('\t').expect("two columns");
        let ours = loopy_name(*levels.get(name).unwrap_or_else(|| panic!("{name} has no level")));
        let (t, o) = (rank(theirs), rank(ours));
        *table.entry((t, o)).or_default() += 1;
        total += 1;
        equal += usize::from(t == o);
        within += usize::from(t.abs_diff(o) <= 1);
        if t != o {
            println!("differs: {name}: Loopy {theirs}, here {ours}");
        }
    }
    let names = ["easy", "normal", "tricky", "hard", "beyond-hard"];
    println!("agreement with Loopy on {total} puzzles (rows: Loopy, columns: here):");
    println!("  {:>11} {}", "", names.map(|n| format!("{n:>12}")).join(""));
    for (t, theirs) in names.iter().enumerate() {
        let row: String =
            (0..5).map(|o| format!("{:>12}", table.get(&(t, o)).copied().unwrap_or(0))).collect();
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
