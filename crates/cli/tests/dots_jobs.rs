//! A Dots-and-Boxes solve as jobs: `dots split`, `jobs run`, `dots merge` give the direct
//! solve's value, exactly or by proving a conjecture in rounds; `jobs status` says what is
//! left; a merge with results missing, a wrong conjecture, a foreign or cut result file and a job
//! file of another kind are verdicts or errors that name what is wrong, and lose nothing.

mod common;

use std::path::Path;

use common::{arg, ok, run, scratch, stderr, stdout};

/// Runs every job of `jobs` into `results`.
fn run_all(jobs: &Path, results: &Path) -> String {
    let count = std::fs::read_to_string(jobs).unwrap().lines().count();
    let all = format!("0-{}", count - 1);
    stdout(&ok(run(&["jobs", "run", arg(jobs), "--results", arg(results), "--indices", &all], "")))
}

/// The direct solve's value and every move's value, from `dots solve --moves`.
fn direct(board: &str) -> (i32, Vec<(String, i32)>) {
    let out = stdout(&ok(run(&["dots", "solve", "--empty", board, "--moves"], "")));
    let mut lines = out.lines();
    let value = lines.next().unwrap().parse().unwrap();
    let moves = lines
        .skip(1)
        .map(|l| {
            let name = l[..10].trim().to_string();
            let value = l.split("value ").nth(1).unwrap().split_whitespace().next().unwrap().parse().unwrap();
            (name, value)
        })
        .collect();
    (value, moves)
}

/// The merge's value and best move, checked against the direct solve: the same value, and a
/// best move whose value is it.
fn check_merge(out: &str, board: &str) {
    let (value, moves) = direct(board);
    let mut lines = out.lines();
    assert_eq!(lines.next().unwrap().parse::<i32>().unwrap(), value, "{out}");
    let best = lines.next().unwrap();
    let name = best.strip_prefix("best ").unwrap().split(" (line").next().unwrap();
    let of_best = moves.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("{name} in {moves:?}"));
    assert_eq!(of_best.1, value, "the merged best move {name} is worth {}", of_best.1);
}

#[test]
fn an_exact_split_merges_to_the_direct_solve_and_reruns_nothing() {
    let dir = scratch("dots-jobs-exact");
    let jobs = dir.join("jobs.jsonl");
    let results = dir.join("results");
    let split = ok(run(&["dots", "split", "--empty", "3x3", "--depth", "2"], ""));
    std::fs::write(&jobs, &split.stdout).unwrap();
    let count = stdout(&split).lines().count();
    assert!(
        stderr(&split)
            .contains(&format!("{count} jobs for the {count} distinct positions 2 lines into the 3x3")),
        "{}",
        stderr(&split)
    );
    // Before any job: all missing, merge incomplete.
    let status = run(&["jobs", "status", arg(&jobs), "--results", arg(&results)], "");
    assert_eq!(status.status.code(), Some(2), "no results folder yet: {}", stderr(&status));
    let first = format!("0-{}", count / 2);
    ok(run(&["jobs", "run", arg(&jobs), "--results", arg(&results), "--indices", &first], ""));
    let status = run(&["jobs", "status", arg(&jobs), "--results", arg(&results), "--resubmit"], "");
    assert_eq!(status.status.code(), Some(1));
    assert_eq!(stdout(&status), format!("{}-{}\n", count / 2 + 1, count - 1));
    let merge = run(&["dots", "merge", arg(&jobs), "--results", arg(&results)], "");
    assert_eq!(merge.status.code(), Some(1), "{}", stderr(&merge));
    assert!(
        stderr(&merge).contains(&format!("--indices {}-{}", count / 2 + 1, count - 1)),
        "{}",
        stderr(&merge)
    );
    // The rest; then every job is done, and running them again does nothing.
    run_all(&jobs, &results);
    let again = run_all(&jobs, &results);
    assert!(again.lines().all(|l| l.ends_with(" already done")), "{again}");
    let status = ok(run(&["jobs", "status", arg(&jobs), "--results", arg(&results)], ""));
    assert_eq!(stdout(&status), format!("{}: {count} jobs: {count} done, 0 missing, 0 failed\n", arg(&jobs)));
    let merge = ok(run(&["dots", "merge", arg(&jobs), "--results", arg(&results)], ""));
    check_merge(&stdout(&merge), "3x3");
    let json = ok(run(&["dots", "merge", arg(&jobs), "--results", arg(&results), "--json"], ""));
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["value"], -3);
    assert_eq!(json["jobs"].as_u64().unwrap() as usize, count);
}

#[test]
fn a_job_file_can_come_from_standard_input() {
    let dir = scratch("dots-jobs-stdin");
    let results = dir.join("results");
    let jobs = stdout(&ok(run(&["dots", "split", "--empty", "2x3", "--depth", "1"], "")));
    let count = jobs.lines().count();
    let all = format!("0-{}", count - 1);
    let ran = ok(run(&["jobs", "run", "-", "--results", arg(&results), "--indices", &all], &jobs));
    assert_eq!(stdout(&ran).lines().filter(|l| l.ends_with(" done")).count(), count, "{}", stdout(&ran));
    let status = ok(run(&["jobs", "status", "-", "--results", arg(&results)], &jobs));
    assert_eq!(stdout(&status), format!("<stdin>: {count} jobs: {count} done, 0 missing, 0 failed\n"));
    let merge = ok(run(&["dots", "merge", "-", "--results", arg(&results)], &jobs));
    check_merge(&stdout(&merge), "2x3");
    // The same jobs read from a file agree with those read from standard input.
    let file = dir.join("jobs.jsonl");
    std::fs::write(&file, &jobs).unwrap();
    assert_eq!(
        stdout(&ok(run(&["dots", "merge", arg(&file), "--results", arg(&results)], ""))),
        stdout(&merge)
    );
    let empty = run(&["jobs", "status", "-", "--results", arg(&results)], "");
    assert_eq!(empty.status.code(), Some(2));
    assert!(stderr(&empty).contains("<stdin> holds no jobs"), "{}", stderr(&empty));
}

/// Proves `--value guess` for the empty `board` in rounds of `dots split --more`; the merge's
/// last output.
fn prove(dir: &Path, board: &str, depth: &str, guess: &str) -> std::process::Output {
    let jobs = dir.join("jobs.jsonl");
    let results = dir.join("results");
    let split = ok(run(&["dots", "split", "--empty", board, "--depth", depth, "--value", guess], ""));
    std::fs::write(&jobs, &split.stdout).unwrap();
    for _round in 0..50 {
        run_all(&jobs, &results);
        let merge = run(&["dots", "merge", arg(&jobs), "--results", arg(&results)], "");
        if !stderr(&merge).contains("more jobs are needed") {
            return merge;
        }
        let more = ok(run(&["dots", "split", "--more", arg(&jobs), "--results", arg(&results)], ""));
        assert!(!more.stdout.is_empty(), "a merge that needs more jobs gets them");
        let mut all = std::fs::read(&jobs).unwrap();
        all.extend_from_slice(&more.stdout);
        std::fs::write(&jobs, all).unwrap();
    }
    panic!("no answer after 50 rounds");
}

#[test]
fn a_conjecture_is_proved_in_rounds_or_refuted() {
    let dir = scratch("dots-jobs-prove");
    let merge = prove(&dir, "3x4", "2", "0");
    check_merge(&stdout(&ok(merge)), "3x4");
    // Wrong conjectures, on either side: the merge says which, and the next value to try (the
    // value has the parity of the 9 boxes).
    let dir = scratch("dots-jobs-refute");
    let merge = prove(&dir, "3x3", "2", "-1");
    assert_eq!(merge.status.code(), Some(1));
    assert!(stderr(&merge).contains("the value is less than -1, the conjecture"), "{}", stderr(&merge));
    assert!(stderr(&merge).contains("(the next to try: -3)"), "{}", stderr(&merge));
    let more = run(
        &["dots", "split", "--more", arg(&dir.join("jobs.jsonl")), "--results", arg(&dir.join("results"))],
        "",
    );
    assert_eq!(more.status.code(), Some(1), "no more jobs for a refuted conjecture: {}", stderr(&more));
    let dir = scratch("dots-jobs-refute-high");
    let merge = prove(&dir, "3x3", "2", "-5");
    assert!(stderr(&merge).contains("the value is more than -5, the conjecture"), "{}", stderr(&merge));
    // Values it cannot have, and a split with nothing to split, are refused.
    for (value, why) in [("-2", "parity of the 9 unclaimed boxes"), ("11", "between -9 and 9")] {
        let r = run(&["dots", "split", "--empty", "3x3", "--depth", "2", "--value", value], "");
        assert_eq!(r.status.code(), Some(2), "--value {value}");
        assert!(stderr(&r).contains(why), "--value {value}: {}", stderr(&r));
    }
    let r = run(&["dots", "split", "--board", "1x1", "--depth", "4"], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("the game ends within 4 lines"), "{}", stderr(&r));
}

#[test]
fn foreign_cut_and_mixed_files_are_named_and_kept() {
    let dir = scratch("dots-jobs-bad");
    let jobs = dir.join("jobs.jsonl");
    let results = dir.join("results");
    std::fs::write(&jobs, &ok(run(&["dots", "split", "--empty", "2x2", "--depth", "1"], "")).stdout).unwrap();
    std::fs::create_dir_all(&results).unwrap();
    // A cut result file is never overwritten.
    std::fs::write(results.join("0.json"), "{\"index\": 0, \"jo").unwrap();
    let r = run(&["jobs", "run", arg(&jobs), "--results", arg(&results), "--indices", "0"], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("not a result file"), "{}", stderr(&r));
    assert_eq!(std::fs::read_to_string(results.join("0.json")).unwrap(), "{\"index\": 0, \"jo");
    let s = run(&["jobs", "status", arg(&jobs), "--results", arg(&results)], "");
    assert_eq!(s.status.code(), Some(2), "{}", stderr(&s));
    // Another job file's result is not this one's.
    let other = dir.join("other.jsonl");
    std::fs::write(&other, &ok(run(&["dots", "split", "--empty", "2x2", "--depth", "2"], "")).stdout)
        .unwrap();
    std::fs::remove_file(results.join("0.json")).unwrap();
    ok(run(&["jobs", "run", arg(&other), "--results", arg(&results), "--indices", "0"], ""));
    let r = run(&["dots", "merge", arg(&jobs), "--results", arg(&results)], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("the result of another job"), "{}", stderr(&r));
    // Indices beyond the file, a malformed line, a job of another version.
    let r = run(&["jobs", "run", arg(&jobs), "--results", arg(&results), "--indices", "0-999"], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("does not exist"), "{}", stderr(&r));
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "{\"kind\": \"dots-solve\"}\n").unwrap();
    let r = run(&["jobs", "run", arg(&bad), "--results", arg(&results), "--indices", "0"], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("bad.jsonl, line 1: not a job"), "{}", stderr(&r));
    let old = dir.join("old.jsonl");
    let text = std::fs::read_to_string(&jobs)
        .unwrap()
        .replace(concat!("\"version\":\"", env!("CARGO_PKG_VERSION"), "\""), "\"version\":\"0.0.1\"");
    std::fs::write(&old, text).unwrap();
    let r = run(&["jobs", "run", arg(&old), "--results", arg(&results), "--indices", "0"], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("was written by pencilbox 0.0.1"), "{}", stderr(&r));
    // A job file of another kind.
    let islands = dir.join("islands.jsonl");
    let t = ok(run(
        &[
            "islands",
            "tournament",
            "--split",
            "--bot",
            "greedy",
            "--bot",
            "random",
            "--generate",
            "small",
            "--count",
            "1",
        ],
        "",
    ));
    std::fs::write(&islands, &t.stdout).unwrap();
    let r = run(&["dots", "merge", arg(&islands), "--results", arg(&results)], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("is of kind `islands-game`, not `dots-solve`"), "{}", stderr(&r));
}
