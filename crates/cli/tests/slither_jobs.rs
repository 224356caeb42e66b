//! Slitherlink batches as jobs: `slither split --generate` / `--grade`, `jobs run` over every
//! index and `slither merge` write the collection the one-machine verbs make with the same
//! seeds (`slither generate`, `slither grade`), in job order; what is missing or foreign is
//! named.

mod common;

use std::path::{Path, PathBuf};

use common::{arg, ok, run, scratch, stderr, stdout};

/// Writes the split's jobs to `dir/jobs.jsonl` and runs them all into `dir/results`; returns
/// the job file.
fn split_and_run(dir: &Path, split: &[&str]) -> PathBuf {
    let o = ok(run(&[&["slither", "split"], split].concat(), ""));
    let jobs = dir.join("jobs.jsonl");
    std::fs::write(&jobs, &o.stdout).unwrap();
    let all = format!("0-{}", stdout(&o).lines().count() - 1);
    ok(run(&["jobs", "run", arg(&jobs), "--results", arg(&dir.join("results")), "--indices", &all], ""));
    jobs
}

fn merge(dir: &Path, format: &str) -> std::process::Output {
    let (jobs, results) = (dir.join("jobs.jsonl"), dir.join("results"));
    run(&["slither", "merge", arg(&jobs), "--results", arg(&results), "--format", format], "")
}

/// What `slither generate` prints for one puzzle.
fn generate(size: &str, level: &str, seed: u64, output: &str) -> String {
    let seed = seed.to_string();
    let args =
        ["slither", "generate", "--size", size, "--difficulty", level, "--seed", &seed, "--output", output];
    stdout(&ok(run(&args, "")))
}

#[test]
fn a_generated_batch_is_the_one_machine_generation_with_the_same_seeds() {
    let dir = scratch("slither-generate");
    split_and_run(
        &dir,
        &[
            "--generate",
            "2",
            "--size",
            "5x5,6x5",
            "--difficulty",
            "easy",
            "--difficulty",
            "normal",
            "--seed",
            "30",
        ],
    );
    // Size by size, level by level, two puzzles each; job i with seed 30 + i.
    let order = [("5x5", "easy"), ("5x5", "normal"), ("6x5", "easy"), ("6x5", "normal")];
    let jobs: Vec<(&str, &str, u64)> = order
        .iter()
        .flat_map(|&(s, l)| [(s, l), (s, l)])
        .zip(30..)
        .map(|((s, l), seed)| (s, l, seed))
        .collect();
    for format in ["url", "loopy", "json", "thsl"] {
        let mut want: String = jobs.iter().map(|&(s, l, seed)| generate(s, l, seed, format)).collect();
        if format == "thsl" {
            want += "0 0\n";
        }
        assert_eq!(stdout(&ok(merge(&dir, format))), want, "--format {format}");
    }
    // The Slink collection reads back as every puzzle, in order.
    let slink = dir.join("book.slink");
    std::fs::write(&slink, stdout(&ok(merge(&dir, "thsl")))).unwrap();
    let urls = stdout(&ok(run(&["slither", "convert", "--output", "url", arg(&slink)], "")));
    assert_eq!(urls, stdout(&ok(merge(&dir, "url"))));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `slither grade` says of one puzzle: its level, or its verdict as the merge writes it.
fn grade(puzzle: &str, json: bool) -> String {
    let args =
        if json { vec!["slither", "grade", "--json", puzzle] } else { vec!["slither", "grade", puzzle] };
    let o = run(&args, "");
    match o.status.code() {
        Some(0) => stdout(&o).trim_end().to_string(),
        Some(1) => stderr(&o).trim_end().replace(' ', "-"),
        _ => panic!("grade {puzzle}: {}", stderr(&o)),
    }
}

#[test]
fn a_graded_corpus_has_the_levels_the_one_machine_grade_gives() {
    let dir = scratch("slither-grade");
    // A corpus of one URL a line: generated puzzles of two levels, one with several solutions,
    // the statement's example.
    let mut corpus: Vec<String> = (0..3).map(|i| generate("5x5", "normal", 70 + i, "url")).collect();
    corpus.extend((0..2).map(|i| generate("6x6", "easy", 80 + i, "url")));
    corpus.push("https://puzz.link/p?slither/2/2/j\n".into());
    let example = common::example("slither/thsl-1.in");
    corpus.push(stdout(&ok(run(&["slither", "convert", "--output", "url", arg(&example)], ""))));
    let file = dir.join("corpus.txt");
    std::fs::write(&file, corpus.concat()).unwrap();
    split_and_run(&dir, &["--grade", arg(&file)]);

    let want: String =
        corpus.iter().map(|u| format!("{} {}\n", u.trim_end(), grade(u.trim_end(), false))).collect();
    assert!(want.contains(" multiple-solutions\n") && want.contains(" normal\n"), "{want}");
    assert_eq!(stdout(&ok(merge(&dir, "url"))), want);
    // In JSON, the grade's own fields follow the puzzle's.
    let json = stdout(&ok(merge(&dir, "json")));
    for (line, url) in json.lines().zip(&corpus) {
        let got: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(got["url"], url.trim_end());
        let graded = grade(url.trim_end(), true);
        match serde_json::from_str::<serde_json::Value>(&graded) {
            Ok(g) => {
                for field in ["level", "score", "steps"] {
                    assert_eq!(got[field], g[field], "{line}");
                }
            }
            Err(_) => assert_eq!(got["level"], graded.as_str()),
        }
    }
    // Slink text has no place for a level.
    let o = merge(&dir, "thsl");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no place for a puzzle's level"), "{}", stderr(&o));

    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_corpus_in_slink_text_is_read_whole() {
    let dir = scratch("slither-slink");
    let text = "1 2\n3 .\n2 2\n. .\n. .\n0 0\n";
    let file = dir.join("corpus.slink");
    std::fs::write(&file, text).unwrap();
    split_and_run(&dir, &["--grade", arg(&file)]);
    let got = stdout(&ok(merge(&dir, "loopy")));
    assert_eq!(got, "2x1t0:3a tricky\n2x2t0:d multiple-solutions\n");
    // A corpus line that is not a puzzle is named.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "https://puzz.link/p?slither/2/2/j\n 2x2t0:9\n").unwrap();
    let o = run(&["slither", "split", "--grade", arg(&bad)], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.txt, line 2, column 8: clue 9 is above 3"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn missing_bad_and_foreign_jobs_are_named() {
    let dir = scratch("slither-bad");
    let jobs =
        split_and_run(&dir, &["--generate", "3", "--size", "5x5", "--difficulty", "easy", "--seed", "1"]);
    std::fs::remove_file(dir.join("results/1.json")).unwrap();
    let o = merge(&dir, "url");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("1 of 3 puzzles have no result"), "{}", stderr(&o));
    assert!(stderr(&o).contains("--indices 1\n"), "{}", stderr(&o));

    // Malformed inputs: each job fails with its reason, and nothing panics.
    let version = env!("CARGO_PKG_VERSION");
    let line =
        |kind: &str, input: &str| format!(r#"{{"kind":"{kind}","version":"{version}","input":{input}}}"#);
    let bad = [
        line(
            "slither-generate",
            r#"{"puzzle":0,"puzzles":4,"size":"5y5","level":"easy","seed":1,"timeout":null}"#,
        ),
        line(
            "slither-generate",
            r#"{"puzzle":1,"puzzles":4,"size":"5x5","level":"dull","seed":1,"timeout":null}"#,
        ),
        line("slither-grade", r#"{"puzzle":2,"puzzles":4,"text":"2 2\n. 4\n","timeout":1.0}"#),
        line("slither-grade", r#"{"text":7}"#),
    ];
    let file = dir.join("bad.jsonl");
    std::fs::write(&file, bad.join("\n") + "\n").unwrap();
    let o = run(&["jobs", "run", arg(&file), "--results", arg(&dir.join("bad")), "--indices", "0-3"], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("0 failed: size 5y5: "), "{out}");
    assert!(out.contains("1 failed: level dull: "), "{out}");
    assert!(out.contains("2 failed: not a Slitherlink puzzle: "), "{out}");
    assert!(out.contains("3 failed: not a slither-grade job: "), "{out}");

    // A job file of another kind given to the merge.
    let foreign = dir.join("islands.jsonl");
    std::fs::write(&foreign, line("islands-game", "{}") + "\n").unwrap();
    let o = run(&["slither", "merge", arg(&foreign), "--results", arg(&dir.join("results"))], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("job 0 is of kind `islands-game`, not `slither-generate`"), "{}", stderr(&o));
    // A batch cut short.
    let cut = dir.join("cut.jsonl");
    let first = std::fs::read_to_string(&jobs).unwrap().lines().next().unwrap().to_string();
    std::fs::write(&cut, first + "\n").unwrap();
    let o = run(&["slither", "merge", arg(&cut), "--results", arg(&dir.join("results"))], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a whole `slither split`"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
