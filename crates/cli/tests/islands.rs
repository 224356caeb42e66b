//! `pencilbox islands …` end to end: the binary on the shipped example, generated boards and
//! fixture bots that crash, sleep, write garbage or paint a touching region.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use pencilbox_islands::{Board, RawMove};

fn example() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/islands/statement-1.in")
}
fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/islands").join(name)
}
fn bot(name: &str) -> String {
    format!("sh '{}'", fixture(name).display())
}

/// A fresh directory for one test.
fn temp_dir(tag: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let d = std::env::temp_dir().join(format!("pencilbox-islands-test-{tag}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilbox"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}
fn run(args: &[&str]) -> Output {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, "")
}
fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}
fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn move_writes_a_legal_move_for_every_level() {
    let board: Board = std::fs::read_to_string(example()).unwrap().parse().unwrap();
    for level in ["random", "greedy", "strong"] {
        let dir = temp_dir("move");
        std::fs::copy(example(), dir.join("game.in")).unwrap();
        let o = run_in(&dir, &["islands", "move", "--level", level, "--seed", "3"], "");
        assert!(o.status.success(), "{}", stderr(&o));
        let out = std::fs::read_to_string(dir.join("game.out")).unwrap();
        out.parse::<RawMove>().unwrap().validate(&board).unwrap();
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn move_without_a_legal_move_writes_zero_and_exits_3() {
    let dir = temp_dir("nomove");
    std::fs::write(dir.join("game.in"), "2\nB 1\n# #\n").unwrap();
    let o = run_in(&dir, &["islands", "move"], "");
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(std::fs::read_to_string(dir.join("game.out")).unwrap(), "0\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_input_names_the_line_and_writes_no_game_out() {
    let cases = [
        ("3\n# # #\n# #\n# # #\n", "line 3"),
        ("2\n# #\n# x\n", "line 3, column 3: unknown token"),
        ("2\n# 0\n# #\n", "at least 1"),
        ("3\n# # #\n", "input ended"),
    ];
    for (text, needle) in cases {
        let dir = temp_dir("bad");
        std::fs::write(dir.join("game.in"), text).unwrap();
        let o = run_in(&dir, &["islands", "move"], "");
        assert_eq!(o.status.code(), Some(2), "{text}");
        assert!(stderr(&o).contains(needle), "{text}: {}", stderr(&o));
        assert!(!dir.join("game.out").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
    let dir = temp_dir("missing");
    let o = run_in(&dir, &["islands", "move"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read game.in"), "{}", stderr(&o));
    assert!(!dir.join("game.out").exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn solve_gives_the_outcome_and_a_move() {
    let o = run(&["islands", "solve", example().to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let (first, rest) = out.split_once('\n').unwrap();
    assert_eq!(first, "Win");
    let board: Board = std::fs::read_to_string(example()).unwrap().parse().unwrap();
    rest.parse::<RawMove>().unwrap().validate(&board).unwrap();
    let o = run(&["islands", "solve", "--json", example().to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["outcome"], "Win");
}

fn referee(first: &str, second: &str, board: &Path, time_ms: &str) -> serde_json::Value {
    let o = run(&[
        "islands",
        "referee",
        "--first",
        first,
        "--second",
        second,
        "--board",
        board.to_str().unwrap(),
        "--time-ms",
        time_ms,
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn referee_punishes_each_kind_of_bad_bot() {
    // The bots that answer at once get a limit no loaded machine reaches; the sleeping one a short
    // limit that it always overruns: "timed out" is only reported by a referee that stopped it.
    let cases = [
        ("crash.sh", "crashed", example(), "60000"),
        ("sleep.sh", "timed out (limit 300 ms)", example(), "300"),
        ("garbage.sh", "unreadable game.out", example(), "60000"),
        (
            "touching.sh",
            "illegal move: cell (1, 0) touches an earlier painted region",
            fixture("touching.in"),
            "60000",
        ),
    ];
    for (name, reason, board, time_ms) in cases {
        let v = referee(&bot(name), "random", &board, time_ms);
        assert_eq!(v["result"], "second", "{name}: {v}");
        assert_eq!(v["invalid"], "first", "{name}: {v}");
        assert!(v["reason"].as_str().unwrap().contains(reason), "{name}: {v}");
    }
}

#[test]
fn referee_plays_the_statement_board_to_the_end() {
    let v = referee("strong", "random", &example(), "60000");
    // The start is a win for the first player, and strong plays it exactly.
    assert_eq!(v["result"], "first", "{v}");
    assert!(v["invalid"].is_null());
    let o = run(&[
        "islands",
        "referee",
        "--first",
        "greedy",
        "--second",
        "random",
        "--board",
        example().to_str().unwrap(),
    ]);
    let text = stdout(&o);
    assert!(text.starts_with("1. first: "), "{text}");
    assert!(text.lines().last().unwrap().starts_with("result: "), "{text}");
}

#[test]
fn generate_is_reproducible_from_the_seed() {
    let a = run(&["islands", "generate", "--preset", "medium", "--seed", "9", "--count", "2"]);
    let b = run(&["islands", "generate", "--preset", "medium", "--seed", "9", "--count", "2"]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
    let boards: Vec<Board> = stdout(&a).split("\n\n").map(|t| t.parse().unwrap()).collect();
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0].n(), 15);
    assert_ne!(boards[0], boards[1]);
    let c = run(&[
        "islands",
        "generate",
        "--n",
        "7",
        "--centers",
        "2",
        "--min",
        "2",
        "--max",
        "3",
        "--seed",
        "1",
    ]);
    let board: Board = stdout(&c).parse().unwrap();
    assert_eq!(board.n(), 7);
    let bad = run(&["islands", "generate", "--min", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn tournament_writes_results_and_resumes() {
    let dir = temp_dir("tour");
    let results = dir.join("r.jsonl");
    let args = [
        "islands",
        "tournament",
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--generate",
        "small",
        "--count",
        "2",
        "--jobs",
        "2",
        "--results",
        results.to_str().unwrap(),
        "--json",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games"], 4);
    let points: f64 = v["standings"].as_array().unwrap().iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert_eq!(points, 12.0);
    assert_eq!(std::fs::read_to_string(&results).unwrap().lines().count(), 4);
    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let o = run(&resumed);
    assert!(o.status.success(), "{}", stderr(&o));
    let w: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(w, v, "resuming replays nothing and gives the same standings");
    assert_eq!(std::fs::read_to_string(&results).unwrap().lines().count(), 4);
    let o = run(&[
        "islands",
        "tournament",
        "--bot",
        "bad=sh -c 'exit 1'",
        "--bot",
        "random",
        "--boards",
        fixture("").to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("invalid"), "{}", stdout(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn play_reads_moves_from_stdin() {
    let o = run_in(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &["islands", "play", example().to_str().unwrap(), "--seed", "1", "--time-ms", "200"],
        "3 3 3 4 4 2 4 3 4 4\nq\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let t = stdout(&o);
    assert!(t.contains("You paint 5 cells."), "{t}");
    assert!(t.contains("Engine paints"), "{t}");
}

#[test]
fn generate_keeps_the_contest_boards_and_play_passes_over_the_decided_ones() {
    // Seed 18 of `small` has no number: `generate` prints it all the same (contest users rely on
    // the formula), while `play` offers the next board worth playing and says which seed made it.
    let g = run(&["islands", "generate", "--preset", "small", "--seed", "18"]);
    assert_eq!(stdout(&g).parse::<Board>().unwrap().numbers().count(), 0);
    let dir = temp_dir("play-preset");
    let p = run_in(&dir, &["islands", "play", "--preset", "small", "--seed", "18", "--time-ms", "50"], "q\n");
    assert!(p.status.success(), "{}", stderr(&p));
    let text = stdout(&p);
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        "Board: small, seed 21. The boards of seeds 18 to 20 are decided before the first move, so they were passed over."
    );
    let shown = run(&["islands", "generate", "--preset", "small", "--seed", "21"]);
    assert!(text.contains(&stdout(&shown)), "the board of seed 21 is played:\n{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
