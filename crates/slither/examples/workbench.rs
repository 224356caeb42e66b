//! The setter's workbench per edit: [`analyze`] timed on corpus puzzles of one size, on the
//! puzzle itself and on three kinds of edit a setter makes (a clue removed, a clue changed, a
//! clue added on a blank cell), the clue chosen at random (seeded). Prints the median, the 90th
//! percentile and the largest time per kind of verdict and overall, and checks every verdict
//! against the solver's count (the bench asserts what it measures).
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example workbench -- [CORPUS] [SIZE] [EDITS_PER_PUZZLE] [MAX_PUZZLES] [THREADS]
//! cargo run --release -p pencilbox-slither --example workbench -- [CORPUS] 20x20
//! ```
//!
//! CORPUS is a path to the corpus folder (or its `janko-1176.json`); without it, the folder
//! `PENCILBOX_CORPUS` names.
//! `SIZE` picks the puzzles named `*_SIZE`; defaults: 10x10, 6 edits per puzzle, the first 20
//! puzzles (by name), 2 threads.

use std::time::{Duration, Instant};

use pencilbox_grid::Cell;
use pencilbox_slither::analyze::{Findings, analyze};
use pencilbox_slither::{Clue, Puzzle, format, solver};
use pencilbox_slither_corpus::{Location, or_exit};
use rand::{Rng, SeedableRng};

fn main() {
    let (corpus, args) = Location::from_args();
    let mut args = args.into_iter();
    let size = args.next().unwrap_or_else(|| "10x10".into());
    let edits: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(6);
    let max_puzzles: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let threads: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(2);
    let mut entries = or_exit(corpus.puzzles());
    entries.retain(|e| e.name.ends_with(&format!("_{size}")));
    entries.truncate(max_puzzles);
    assert!(!entries.is_empty(), "no corpus puzzle of size {size}");
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut times: Vec<(Duration, &'static str, bool)> = Vec::new();
    let mut conflicts: Vec<(usize, bool)> = Vec::new();
    for entry in &entries {
        let (name, p) = (&entry.name, &entry.puzzle);
        let mut cases = vec![p.clone()];
        let cells: Vec<Cell> = p.dims().cells().collect();
        for i in 0..edits {
            let cell = cells[rng.random_range(0..cells.len())];
            let mut q = p.clone();
            let clue = match (i % 3, p.clue(cell)) {
                (0, Clue::Number(_)) => Clue::Blank,
                (1, Clue::Number(n)) => Clue::Number((n + rng.random_range(1..4)) % 4),
                (_, Clue::Number(_)) => continue,
                (_, _) => Clue::Number(rng.random_range(0..4)),
            };
            q.set_clue(cell, clue);
            cases.push(q);
        }
        for q in cases {
            let start = Instant::now();
            let a = analyze(&q, Some(start + Duration::from_secs(30)), threads).expect("counted within 30 s");
            let took = start.elapsed();
            let count = solver::count(&q, 2).found;
            let kind = match &a.findings {
                Findings::NoSolution { conflict, minimal } => {
                    assert_eq!(count, 0, "{name}");
                    assert_eq!(
                        solver::count(&only(&q, conflict), 1).found,
                        0,
                        "{name}: the conflict has a solution"
                    );
                    conflicts.push((conflict.len(), *minimal));
                    if std::env::var_os("WORKBENCH_TRACE").is_some() {
                        let clues = only(&q, conflict);
                        eprintln!(
                            "{name}: {} ms, conflict of {} clues, minimal {minimal}:\n{}",
                            ms(took),
                            conflict.len(),
                            format::to_text(&clues)
                        );
                    }
                    "none"
                }
                Findings::Unique { redundant, .. } => {
                    assert_eq!(count, 1, "{name}");
                    if std::env::var_os("WORKBENCH_TRACE").is_some() {
                        let t = Instant::now();
                        let level = pencilbox_slither::level::grade_unique(&q, None)
                            .map_or("?".into(), |g| g.level.to_string());
                        let level_ms = ms(t.elapsed());
                        let t = Instant::now();
                        solver::count(&q, 2);
                        eprintln!(
                            "{name}: unique {} ms ({level} in {level_ms:.1} ms, count {:.1} ms), {} redundant",
                            ms(took),
                            ms(t.elapsed()),
                            redundant.len()
                        );
                    }
                    "unique"
                }
                Findings::Several { .. } => {
                    assert_eq!(count, 2, "{name}");
                    "several"
                }
                _ => unreachable!("a new kind of finding"),
            };
            times.push((took, kind, a.complete));
        }
    }
    for kind in ["unique", "several", "none", "all"] {
        let mut t: Vec<Duration> =
            times.iter().filter(|x| kind == "all" || x.1 == kind).map(|x| x.0).collect();
        if t.is_empty() {
            continue;
        }
        t.sort();
        let cut = times.iter().filter(|x| (kind == "all" || x.1 == kind) && !x.2).count();
        println!(
            "{size} {kind:>7}: {:>4} analyses, median {:>7.1} ms, p90 {:>7.1} ms, max {:>7.1} ms{}",
            t.len(),
            ms(t[t.len() / 2]),
            ms(t[t.len() * 9 / 10]),
            ms(*t.last().unwrap()),
            if cut > 0 { format!(" ({cut} cut by the deadline)") } else { String::new() }
        );
    }
    if !conflicts.is_empty() {
        let mut sizes: Vec<usize> = conflicts.iter().map(|c| c.0).collect();
        sizes.sort();
        println!(
            "{size} conflicts: median {} clues, max {}; {} of {} proven minimal",
            sizes[sizes.len() / 2],
            sizes.last().unwrap(),
            conflicts.iter().filter(|c| c.1).count(),
            conflicts.len()
        );
    }
}

fn only(p: &Puzzle, keep: &[Cell]) -> Puzzle {
    let mut q = Puzzle::blank(p.dims());
    for &c in keep {
        q.set_clue(c, p.clue(c));
    }
    q
}
