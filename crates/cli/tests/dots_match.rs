//! `pencilbox dots match` between programs that speak the `dots bot` protocol: two copies of
//! pencilbox itself, and programs that go wrong in each way the protocol allows for, each of
//! which forfeits its games with the reason while the match goes on.

mod common;

use common::{run, stderr, stdout};

/// `pencilbox dots bot …` as a command for `sh -c`, with this test's binary.
fn bot(args: &str) -> String {
    format!("'{}' dots bot {args}", env!("CARGO_BIN_EXE_pencilbox"))
}

/// The JSON summary of `dots match ARGS --json`, which must succeed.
fn summary(args: &[&str]) -> serde_json::Value {
    let o = run(&[&["dots", "match"], args, &["--json"]].concat(), "");
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(&o)))
}

/// The JSON summary of greedy (A) against the program `b` on `board`, `games` games, with a
/// margin so wide that only the program's own failure ends a game early, whatever the load.
fn greedy_against(b: &str, board: &str, games: &str) -> serde_json::Value {
    summary(&[
        "--a",
        "greedy",
        "--engine-b",
        b,
        "--board",
        board,
        "--games",
        games,
        "--seed",
        "1",
        "--margin-ms",
        "60000",
    ])
}

/// Every game was forfeited by engine B, and each reason contains `reason`.
fn every_game_forfeited_by_b(v: &serde_json::Value, games: usize, reason: &str) {
    let forfeits = v["forfeits"].as_array().unwrap_or_else(|| panic!("no forfeits: {v}"));
    assert_eq!(forfeits.len(), games, "{v}");
    for (i, f) in forfeits.iter().enumerate() {
        assert_eq!((f["game"].as_u64(), f["engine"].as_str()), (Some(i as u64), Some("b")), "{v}");
        assert!(f["reason"].as_str().is_some_and(|r| r.contains(reason)), "{reason:?} in {f}");
    }
    // The match went on to the end, each forfeit a win of A.
    assert_eq!((v["games"].as_u64(), v["a_wins"].as_u64()), (Some(games as u64), Some(games as u64)), "{v}");
}

#[test]
fn two_programs_play_a_match() {
    let (strong, basic) = (bot("--level strong --seed 1"), bot("--level basic --seed 2"));
    // Time enough for both to solve 3x3 exactly on a busy machine (they answer as soon as they
    // have), and a margin that keeps them from forfeiting.
    let common =
        ["--board", "3x3", "--games", "4", "--time-ms", "60000", "--margin-ms", "60000", "--seed", "5"];
    let args = [&["--engine-a", &strong, "--engine-b", &basic][..], &common].concat();
    let v = summary(&args);
    assert_eq!(v["a"]["command"], strong.as_str(), "{v}");
    assert_eq!(v["forfeits"], serde_json::json!([]), "{v}");
    let results = ["a_wins", "draws", "a_losses"].map(|k| v[k].as_u64().unwrap());
    assert_eq!(results.iter().sum::<u64>(), 4, "{v}");
    // Both solve 3x3 exactly, and the second player wins it by 3: whoever moves second wins.
    assert_eq!(v["a_first"]["losses"], 2, "{v}");
    assert_eq!(v["a_second"]["wins"], 2, "{v}");
    // The text names the programs; --jobs 2 plays two games at a time with two of each.
    let o = run(&[&["dots", "match"], &args[..], &["--jobs", "2"]].concat(), "");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with(&format!("`{strong}` (A) vs `{basic}` (B) on 3x3, 4 games")), "{text}");
    assert!(text.contains("A: 2 wins, 0 draws, 2 losses (50.0% of the points)"), "{text}");
    // A program against a built-in level.
    let v = summary(&[&["--engine-a", &strong, "--b", "random"][..], &common].concat());
    assert_eq!((v["a_wins"].as_u64(), v["b"]["level"].as_str()), (Some(4), Some("random")), "{v}");
}

#[test]
fn a_program_that_crashes_forfeits_and_is_started_again() {
    // The first undrawn line, then an exit with status 3 at its second move, every time it
    // is started: each game is lost at that move, not at the first.
    let crash = r#"n=0; while read l; do case $l in time*) echo ok;; *) n=$((n+1)); [ $n -eq 2 ] && { echo dying >&2; exit 3; }; p=${l#* }; pre=${p%%0*}; echo "move ${#pre}";; esac; done"#;
    let v = greedy_against(crash, "3x3", "4");
    every_game_forfeited_by_b(&v, 4, "exited with status 3 (dying)");
    for f in v["forfeits"].as_array().unwrap() {
        // B moves second in even games (moves 2 and 4), first in odd ones (1 and 3).
        let b_second_move = if f["game"].as_u64().unwrap() % 2 == 0 { 4 } else { 3 };
        assert_eq!(f["move"], b_second_move, "{v}");
    }
    // The text lists each forfeit.
    let o = run(
        &[
            "dots",
            "match",
            "--a",
            "greedy",
            "--engine-b",
            crash,
            "--board",
            "3x3",
            "--games",
            "2",
            "--margin-ms",
            "60000",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("game 1: B forfeits at move 3: ended before answering the position `3x3 …`: it exited with status 3 (dying)\n"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("average margin for A: none (no game was played to the end)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_program_that_answers_garbage_forfeits() {
    let garbage = "while read l; do case $l in time*) echo ok;; *) echo hello;; esac; done";
    let v = greedy_against(garbage, "2x2", "2");
    every_game_forfeited_by_b(&v, 2, "answered \"hello\" to the position `2x2 …`");
    // `ok` is the only answer to `time`; `error …` is a refusal.
    let refuses = "while read l; do echo error no such command; done";
    let v = greedy_against(refuses, "2x2", "2");
    every_game_forfeited_by_b(&v, 2, "answered `time 1000` with `error no such command`");
}

/// The test must not depend on timing: the program never answers, whatever the limit, and a
/// tiny limit only keeps the test short.
#[test]
fn a_program_that_never_answers_forfeits() {
    for silent in ["sleep 1000", "cat >/dev/null"] {
        let v = summary(&[
            "--a",
            "random",
            "--engine-b",
            silent,
            "--board",
            "2x2",
            "--games",
            "2",
            "--time-ms",
            "1",
            "--margin-ms",
            "0",
            "--seed",
            "1",
        ]);
        every_game_forfeited_by_b(&v, 2, "no answer to `time 1` within 1 ms");
    }
}

#[test]
fn a_program_that_plays_an_illegal_move_forfeits() {
    let drawn = "while read l; do case $l in time*) echo ok;; *) echo move 0;; esac; done";
    let v = greedy_against(drawn, "2x2", "2");
    every_game_forfeited_by_b(&v, 2, "illegal move \"move 0\": line 0 (h 0 0) is already drawn");
    let off = "while read l; do case $l in time*) echo ok;; *) echo move 12;; esac; done";
    let v = greedy_against(off, "2x2", "2");
    every_game_forfeited_by_b(&v, 2, "illegal move \"move 12\": line 12 is not on a 2x2 board");
}

#[test]
fn a_program_that_does_not_exist_forfeits() {
    let v = greedy_against("/no/such/engine --fast", "2x2", "2");
    every_game_forfeited_by_b(&v, 2, "cannot start: ");
    assert!(v["forfeits"][0]["reason"].as_str().unwrap().contains("/no/such/engine"), "{v}");
}

#[test]
fn a_match_of_no_games_is_refused() {
    let o = run(&["dots", "match", "--games", "0"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("invalid value '0' for '--games <N>': expected a whole number of games, 1 or more"),
        "{}",
        stderr(&o)
    );
    // A level and a program for the same side cannot both be given.
    let o = run(&["dots", "match", "--a", "strong", "--engine-a", "true"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}

#[test]
fn an_opening_is_shared_by_each_pair_of_games() {
    // From the same random safe lines, a perfect player wins whichever side the position favours:
    // the two games of a pair are won by different seats when both solve exactly.
    let v = summary(&[
        "--a",
        "strong",
        "--b",
        "strong",
        "--board",
        "2x2",
        "--games",
        "6",
        "--opening",
        "3",
        "--seed",
        "4",
    ]);
    assert_eq!(v["opening"], 3, "{v}");
    assert_eq!(v["a_first"]["wins"], v["a_second"]["losses"], "{v}");
    assert_eq!(v["a_first"]["losses"], v["a_second"]["wins"], "{v}");
}
