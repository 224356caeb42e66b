//! An Islands tournament as jobs: `islands tournament --split`, `jobs run` over every index and
//! `islands merge` print the standings the one-machine tournament prints, and a merge with a
//! result missing says which instead of guessing.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{arg, ok, run, scratch, stderr, stdout};

/// The tournament's options, shared by the one-machine run and the split: a few generated
/// boards of `preset`.
fn tournament<'a>(preset: &'a str, bots: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["islands", "tournament"];
    for bot in bots {
        args.extend(["--bot", bot]);
    }
    args.extend(["--generate", preset, "--count", "3", "--seed", "40"]);
    args.extend(more);
    args
}

/// Small boards: quick games.
const SMALL: &str = "small";

/// Splits the tournament into `dir/jobs.jsonl`, runs every job into `dir/results`; returns
/// the job count.
fn split_and_run(dir: &Path, preset: &str, bots: &[&str]) -> usize {
    let split = ok(run(&tournament(preset, bots, &["--split"]), ""));
    let jobs = dir.join("jobs.jsonl");
    std::fs::write(&jobs, &split.stdout).unwrap();
    let count = stdout(&split).lines().count();
    let results = dir.join("results");
    let all = format!("0-{}", count - 1);
    ok(run(&["jobs", "run", arg(&jobs), "--results", arg(&results), "--indices", &all], ""));
    count
}

fn merge(dir: &Path, json: bool) -> Output {
    let (jobs, results) = (dir.join("jobs.jsonl"), dir.join("results"));
    let mut args = vec!["islands", "merge", arg(&jobs), "--results", arg(&results)];
    if json {
        args.push("--json");
    }
    run(&args, "")
}

/// The results lines the jobs left, as the tournament's `--results` file holds them.
fn results_file(dir: &Path, count: usize) -> PathBuf {
    let mut text = String::new();
    for i in 0..count {
        let record = std::fs::read_to_string(dir.join("results").join(format!("{i}.json"))).unwrap();
        let record: serde_json::Value = serde_json::from_str(&record).unwrap();
        assert_eq!(record["outcome"], "done", "job {i}: {record}");
        text += &format!("{}\n", record["result"]);
    }
    let file = dir.join("tournament.jsonl");
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn the_merge_prints_the_standings_of_the_tournament_with_the_same_games() {
    // Bots that think against the clock play other games on another run; given the jobs'
    // games (its --resume) the tournament plays none and must print the merge's standings byte
    // for byte, the JSON's slowest moves included.
    let dir = scratch("islands-same-games");
    let bots = ["random", "greedy", "g2=greedy"];
    let count = split_and_run(&dir, SMALL, &bots);
    assert_eq!(count, 3 * 3 * 2, "three boards, three pairs of bots, each pair twice");
    let played = results_file(&dir, count);
    for json in [false, true] {
        let merged = ok(merge(&dir, json));
        let mut more = vec!["--results", arg(&played), "--resume"];
        if json {
            more.push("--json");
        }
        let one = ok(run(&tournament(SMALL, &bots, &more), ""));
        assert!(stderr(&one).contains(&format!("0 games played now, {count} resumed")), "{}", stderr(&one));
        assert_eq!(stdout(&merged), stdout(&one), "json: {json}");
    }
    assert!(stdout(&ok(merge(&dir, false))).starts_with("18 games; 54 points in play\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_merge_equals_a_one_machine_tournament_of_seeded_bots() {
    // Seeded bots play the same games wherever they run: the built-in `random` and `greedy`
    // from the tournament's --seed, and commands with seeds of their own. The split, run and
    // merged tournament and the one-machine one (two games at a time) agree on every game, so
    // their standings agree byte for byte. (On medium boards unseeded bots play other games
    // from run to run; small ones are often decided in a move or two.)
    let dir = scratch("islands-seeded");
    let exe = env!("CARGO_BIN_EXE_pencilbox");
    let greedy = format!("g1={exe} islands move --level greedy --seed 1");
    let bots = ["random", "greedy", greedy.as_str()];
    let count = split_and_run(&dir, "medium", &bots);
    let merged = ok(merge(&dir, false));
    let results = dir.join("one.jsonl");
    let one = ok(run(&tournament("medium", &bots, &["--results", arg(&results), "--jobs", "2"]), ""));
    assert_eq!(stdout(&merged), stdout(&one));
    assert!(stdout(&one).starts_with(&format!("{count} games;")), "{}", stdout(&one));
    // The slowest moves, wall-clock times, are on standard error after the table.
    for o in [&merged, &one] {
        assert!(stderr(o).contains("pencilbox: slowest move (wall clock): "), "{}", stderr(o));
    }
    // The JSON standings agree too; only the slowest moves beside them may differ.
    let json = |o: Output| {
        let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert!(v["slowest_ms"]["random"].is_u64(), "{v}");
        v["slowest_ms"] = serde_json::Value::Null;
        v
    };
    let again = dir.join("again.jsonl");
    let one_json = ok(run(&tournament("medium", &bots, &["--results", arg(&again), "--json"]), ""));
    assert_eq!(json(ok(merge(&dir, true))), json(one_json));
    // Game by game, in the one-machine results' order.
    let key = |l: &serde_json::Value| {
        let mut l = l.clone();
        l["slowest_ms"] = serde_json::Value::Null;
        l.to_string()
    };
    let mut a: Vec<String> = std::fs::read_to_string(results_file(&dir, count))
        .unwrap()
        .lines()
        .map(|l| key(&serde_json::from_str(l).unwrap()))
        .collect();
    let mut b: Vec<String> = std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .map(|l| key(&serde_json::from_str(l).unwrap()))
        .collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_incomplete_merge_names_what_is_missing() {
    let dir = scratch("islands-incomplete");
    let count = split_and_run(&dir, SMALL, &["random", "greedy"]);
    std::fs::remove_file(dir.join("results/4.json")).unwrap();
    let o = merge(&dir, false);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stdout(&o), "", "no standings from part of the games");
    assert!(stderr(&o).contains(&format!("1 of {count} games have no result")), "{}", stderr(&o));
    assert!(stderr(&o).contains("--indices 4\n"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_job_fails_with_its_message_and_a_foreign_job_file_is_refused() {
    let dir = scratch("islands-bad");
    split_and_run(&dir, SMALL, &["random", "greedy"]);
    let jobs = std::fs::read_to_string(dir.join("jobs.jsonl")).unwrap();
    let version = env!("CARGO_PKG_VERSION");

    // A job whose board is not a board, and one with no bots: each fails, named, no panic.
    let first = jobs.lines().next().unwrap();
    let mut job: serde_json::Value = serde_json::from_str(first).unwrap();
    job["input"]["board"] = "3\n# x #\n".into();
    let no_bots =
        format!(r#"{{"kind":"islands-game","version":"{version}","input":{{"board":"2\n# #\n# #\n"}}}}"#);
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, format!("{job}\n{no_bots}\n")).unwrap();
    let r = dir.join("bad-results");
    let o = run(&["jobs", "run", arg(&bad), "--results", arg(&r), "--indices", "0-1"], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("0 failed: board small-40: not an Islands board: line 2"), "{out}");
    assert!(out.contains("1 failed: not an islands-game job: missing field"), "{out}");

    // A job file of another kind given to the merge.
    let dots = dir.join("dots.jsonl");
    let line = format!(r#"{{"kind":"dots-solve","version":"{version}","input":{{}}}}"#);
    std::fs::write(&dots, line + "\n").unwrap();
    let o = run(&["islands", "merge", arg(&dots), "--results", arg(&dir.join("results"))], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("job 0 is of kind `dots-solve`, not `islands-game`"), "{}", stderr(&o));

    // A job file cut short is not a whole tournament.
    let cut = dir.join("cut.jsonl");
    std::fs::write(&cut, jobs.lines().take(3).map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let o = run(&["islands", "merge", arg(&cut), "--results", arg(&dir.join("results"))], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a whole `islands tournament --split`"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
