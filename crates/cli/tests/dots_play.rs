//! `pencilbox dots solve|play|bot|match` end to end.

mod common;

use common::{root, run, stdout};

#[test]
fn solve_the_statement_examples() {
    for n in [1, 2] {
        let input = format!("examples/dots/endgame-{n}.in");
        let expected =
            std::fs::read_to_string(root().join(format!("examples/dots/endgame-{n}.out"))).unwrap();
        let o = run(&["dots", "solve", &input], "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(stdout(&o).lines().next(), expected.lines().next(), "endgame-{n}");
    }
}

#[test]
fn solve_the_empty_2x2_board() {
    let o = run(&["dots", "solve", "--empty", "2x2"], "");
    assert!(o.status.success());
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("2"));
    assert!(lines.next().unwrap().starts_with("best "));
}

#[test]
fn solve_with_two_threads_gives_the_published_3x3_value() {
    let o = run(&["dots", "solve", "--empty", "3x3", "--threads", "2", "--tt-mib", "16"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).lines().next(), Some("-3"));
    let o = run(&["dots", "solve", "--board", "2x2", "--threads", "3"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn solve_moves_and_json_agree() {
    let o = run(&["dots", "solve", "--board", "2x2", "-", "--moves", "--json"], "111000000000\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let value = v["value"].as_i64().unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    assert_eq!(moves.iter().map(|m| m["value"].as_i64().unwrap()).max(), Some(value));
    let best = v["best"]["line"].as_u64().unwrap();
    let best_value = moves.iter().find(|m| m["line"].as_u64() == Some(best)).unwrap()["value"].as_i64();
    assert_eq!(best_value, Some(value));
}

#[test]
fn solve_reads_the_ascii_picture() {
    let picture = "+---+---+\n|       |\n+   +   +\n|       |\n+---+---+\n";
    let o = run(&["dots", "solve", "--format", "ascii"], picture);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let auto = run(&["dots", "solve"], picture);
    assert_eq!(stdout(&o), stdout(&auto));
}

#[test]
fn solve_bad_input_exits_2() {
    for (args, input) in [
        (vec!["dots", "solve"], "2 2\n00\n0x0\n"),
        (vec!["dots", "solve", "--board", "2x2", "-"], "0101"),
        (vec!["dots", "solve", "--empty", "9x9"], ""),
        (vec!["dots", "solve", "--board", "2x2", "--format", "olympiad", "-"], "1 1\n0\n0\n00\n"),
        (vec!["dots", "solve", "--empty", "2x2", "--time-limit", "1e19"], ""),
    ] {
        let o = run(&args, input);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty());
    }
    // A board too large for the solver: the engine's one message.
    let o = run(&["dots", "solve", "--empty", "9x9"], "");
    let message = "the 9x9 board has 180 lines; the exact solver takes at most 128; beyond it only an estimate by \
                   the strong engine's search, within a time limit: give --time-limit SECONDS";
    assert!(String::from_utf8_lossy(&o.stderr).contains(message), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Beyond the solver, with a time limit: the search's estimate, marked as one, with its standard
/// error (or, where the machine gave the search too few playouts, said to be too thin), its best
/// move and the moves it looked at (`--json`); on a board far beyond what the search samples in
/// the time, too thin to estimate; beyond the search too, exit 2.
#[test]
fn solve_beyond_the_solver_estimates_with_a_time_limit() {
    let o = run(&["dots", "solve", "--empty", "9x9", "--time-limit", "0.2"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let estimate = "(an estimate with its standard error: a board of 180 lines is beyond the exact searches \
                    (at most 128 lines); the search ran ";
    let thin = "too thin to estimate (a board of 180 lines is beyond the exact searches (at most 128 lines); \
                the search ran ";
    assert!(
        out.starts_with('~') && out.contains(" ±") && out.contains(estimate) || out.starts_with(thin),
        "{out}"
    );
    assert!(out.lines().nth(1).is_some_and(|l| l.starts_with("best ")), "{out}");
    let o = run(&["dots", "solve", "--empty", "9x9", "--time-limit", "0.2", "--moves", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!((v["exact"].as_bool(), v["bounds"].clone()), (Some(false), serde_json::json!([-81, 81])));
    assert_eq!(v["exact_solve"]["missing"], "too-large", "{v}");
    assert!(v["moves"].as_array().is_some_and(|m| m.iter().any(|m| m["line"] == v["best"]["line"])), "{v}");
    let sure = v["value"].is_number() && v["std_error"].is_number();
    assert!(sure || v["value"]["missing"] == "too-thin" && v["std_error"].is_null(), "{v}");
    assert!(v["playouts"].as_u64().is_some_and(|n| n >= 1), "{v}");
    // 32x32 with no time: the one playout the search always runs.
    let o = run(&["dots", "solve", "--empty", "32x32", "--time-limit", "0"], "");
    let out = stdout(&o);
    assert!(out.starts_with("too thin to estimate (a board of 2112 lines"), "{out}");
    assert!(out.contains("through the move it chose: too few playouts to estimate"), "{out}");
    assert!(out.lines().nth(1).is_some_and(|l| l.starts_with("best ")), "{out}");
    let o = run(&["dots", "solve", "--empty", "40x40", "--time-limit", "0.2"], "");
    assert_eq!(o.status.code(), Some(2));
    let message = "a board of 3280 lines is beyond the exact solver and the strong engine's search (at most 2112 lines)";
    assert!(String::from_utf8_lossy(&o.stderr).contains(message), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn bot_protocol_round_trip() {
    let script = "2x2 111000000000\nlevel greedy\nposition 2x2 101101101101\nnonsense\n2x2 01\nquit\n2x2 000000000000\n";
    let o = run(&["dots", "bot", "--level", "strong", "--seed", "1", "--time-ms", "200"], script);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("move "));
    assert_eq!(lines[1], "ok");
    assert!(lines[2].starts_with("move "));
    assert!(lines[3].starts_with("error "));
    assert!(lines[4].starts_with("error "));
    // The answer is a legal line: it was undrawn.
    let words: Vec<&str> = lines[0].split_whitespace().collect();
    let n: usize = words[1].parse().unwrap();
    assert_eq!(&"111000000000"[n..=n], "0");
}

#[test]
fn play_scripted_through_stdin() {
    // A 1x1 board: the human's illegal inputs are explained, then the game runs to its end.
    let script = "h 0 0\nh 0 0\nv 9 9\nh 1 0\nv 0 0\nv 0 1\n";
    let o = run(&["dots", "play", "--board", "1x1", "--level", "greedy", "--seed", "3"], script);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(
        out.contains("already drawn") || out.contains("off the board") || out.contains("not on"),
        "{out}"
    );
    assert!(out.contains("game over"), "{out}");
}

#[test]
fn play_ends_cleanly_at_end_of_input() {
    let o = run(&["dots", "play", "--board", "2x2", "--first", "human", "--seed", "1"], "h 0 0\n");
    assert!(o.status.success());
    assert!(stdout(&o).contains("end of input"));
}

/// The summary of `dots match --json` between levels `a` and `b`, checked to count `games`
/// games on `board`.
fn match_summary(a: &str, b: &str, board: &str, games: u64, time_ms: &str, seed: &str) -> serde_json::Value {
    let games_text = games.to_string();
    let args = [
        "dots",
        "match",
        "--a",
        a,
        "--b",
        b,
        "--board",
        board,
        "--games",
        &games_text,
        "--time-ms",
        time_ms,
        "--seed",
        seed,
        "--json",
    ];
    let o = run(&args, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!((v["games"].as_u64(), v["board"].as_str()), (Some(games), Some(board)));
    let total =
        v["a_wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap() + v["a_losses"].as_u64().unwrap();
    assert_eq!(total, games);
    v
}

#[test]
fn match_with_a_tiny_game_count() {
    let v = match_summary("strong", "random", "2x2", 4, "50", "5");
    // On 2x2 the strong engine plays perfectly: it never loses to random play.
    assert_eq!(v["a_losses"], 0);
}

#[test]
fn solve_answers_with_an_estimate_at_its_time_limit() {
    let o = run(
        &["dots", "solve", "--empty", "5x5", "--time-limit", "0.4", "--tt-mib", "16", "--json", "--moves"],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["exact"], false, "{v}");
    // An estimate with its standard error, or (on a machine too busy to give the search its
    // playouts) said to be too thin.
    match v["value"].as_f64() {
        Some(value) => {
            assert!(value.abs() <= 25.0 && v["std_error"].as_f64().is_some_and(|e| e >= 0.0), "{v}")
        }
        None => assert_eq!(v["value"]["missing"], "too-thin", "{v}"),
    }
    assert_eq!(v["exact_solve"]["missing"], "out-of-time", "{v}");
    let (lo, hi) = (v["bounds"][0].as_i64().unwrap(), v["bounds"][1].as_i64().unwrap());
    assert!(-25 <= lo && lo <= hi && hi <= 25, "{v}");
    assert!(v["playouts"].as_u64().unwrap() > 0);
    // The search lists the root moves it looked at (symmetric duplicates dropped), best first.
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert_eq!(moves[0]["line"], v["best"]["line"]);
    // A small position is still solved exactly within the same limit.
    let o = run(&["dots", "solve", "--empty", "2x2", "--time-limit", "0.4", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!((v["exact"].as_bool(), v["value"].as_i64()), (Some(true), Some(2)));
}

#[test]
fn solve_explains_the_fight_for_control() {
    let o = run(&["dots", "solve", "examples/dots/endgame-2.in", "--explain", "--moves", "--json"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let c = &v["chains"];
    // Chains 1, 3, 5, 7 and a loop of 8 (the statement's example); no safe line.
    assert_eq!((c["long_chains"].as_u64(), c["safe_lines"].as_u64()), (Some(3), Some(0)), "{c}");
    let mut sizes: Vec<(String, usize)> = c["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["kind"].as_str().unwrap().to_string(), x["boxes"].as_array().unwrap().len()))
        .collect();
    sizes.sort();
    let want: Vec<(String, usize)> = [("chain", 1), ("chain", 3), ("chain", 5), ("chain", 7), ("loop", 8)]
        .map(|(k, n)| (k.to_string(), n))
        .into();
    assert_eq!(sizes, want);
    assert_eq!(c["mover_wants"], "odd");
    assert!(v["moves"].as_array().unwrap().iter().all(|m| m["keeps_control"].is_boolean()));
    // Decided exactly: only opening the single box (either of its two border lines, the best
    // moves, worth 6) wins control; every other move hands out a long chain or the loop.
    assert_eq!(v["wins_control"], true, "{v}");
    let moves = v["moves"].as_array().unwrap();
    let winning: Vec<&str> =
        moves.iter().filter(|m| m["wins_control"] == true).map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(winning, ["h 0 0", "v 0 0"], "{v}");
    assert!(
        moves
            .iter()
            .all(|m| m["wins_control"].is_boolean() && (m["wins_control"] == true) == (m["value"] == 6))
    );
    // The text says the same, and where Nimstring is not decided in time it says so.
    let o = run(&["dots", "solve", "examples/dots/endgame-2.in", "--explain"], "");
    assert!(stdout(&o).ends_with(
        "exactly (Nimstring): the player to move can win control (make the other open the last chain or loop)\n"
    ));
    let o =
        run(&["dots", "solve", "--empty", "5x5", "--explain", "--time-limit", "0.4", "--tt-mib", "16"], "");
    assert!(stdout(&o).ends_with("exactly (Nimstring): not decided in the time given\n"), "{}", stdout(&o));
    // Each move: exact where decided, else the rule's guess, named as such.
    let o = run(&["dots", "solve", "examples/dots/endgame-2.in", "--explain", "--moves"], "");
    assert!(stdout(&o).contains("line 0   value 6   wins control\n"), "{}", stdout(&o));
    let args = ["dots", "solve", "--empty", "5x5", "--explain", "--moves", "--time-limit", "0.4"];
    let o = run(&[&args[..], &["--tt-mib", "16"]].concat(), "");
    assert!(stdout(&o).contains(" control (long chain rule)\n"), "{}", stdout(&o));
    let args = ["dots", "solve", "--empty", "5x5", "--explain", "--moves", "--json", "--time-limit", "0.4"];
    let o = run(&[&args[..], &["--tt-mib", "16"]].concat(), "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["wins_control"]["missing"], "out-of-time", "{v}");
    let moves = v["moves"].as_array().unwrap();
    let undecided = |m: &serde_json::Value| m["wins_control"]["missing"] == "out-of-time";
    assert!(moves.iter().all(|m| undecided(m) && m["keeps_control"].is_boolean()), "{v}");
}

#[test]
fn match_on_a_10x10_board_reports_the_slowest_moves() {
    let v = match_summary("strong", "greedy", "10x10", 2, "20", "4");
    assert!(v["average_margin"].as_f64().unwrap().abs() <= 100.0, "{v}");
    for side in ["a", "b"] {
        assert!(v["slowest_move_ms"][side].is_u64(), "{v}");
    }
    // Beyond 64 a side: refused before any game, exit 2.
    let o = run(&["dots", "match", "--board", "65x65", "--games", "1"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("between 1 and 64"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn bot_answers_on_a_10x10_board_and_refuses_65x65() {
    // Every third line of the 220 drawn: the answer is one of the others.
    let lines: String = (0..220).map(|e| if e % 3 == 0 { '1' } else { '0' }).collect();
    let script = format!("10x10 {lines}\nlevel basic\n10x10 {lines}\n65x65 {}\n", "0".repeat(65 * 66 * 2));
    let o = run(&["dots", "bot", "--level", "strong", "--seed", "2", "--time-ms", "50"], &script);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), 4, "{out}");
    for answer in [answers[0], answers[2]] {
        let words: Vec<&str> = answer.split_whitespace().collect();
        assert_eq!(words[0], "move", "{answer}");
        let n: usize = words[1].parse().unwrap();
        assert_eq!(&lines[n..=n], "0", "{answer}: an undrawn line");
    }
    assert_eq!(answers[1], "ok");
    assert_eq!(answers[3], "error board 65x65 is out of range: rows and columns must be between 1 and 64");
}

#[test]
fn play_starts_a_10x10_game() {
    let o = run(&["dots", "play", "--board", "10x10", "--first", "engine", "--seed", "1"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("engine plays "), "{out}");
    assert!(out.contains("end of input"), "{out}");
    // The picture is 10 boxes wide: 11 dots a row.
    assert!(out.lines().any(|l| l.trim_end().matches('+').count() == 11), "{out}");
}

/// `pencilbox dots bot` started without `GLIBC_TUNABLES`, with `PENCILBOX_HUGE_PAGES` set to
/// `mark` (or unset), once it has answered `level greedy`: the child, its input, its output and
/// its environment then (the restart, if any, is over: the bot reads nothing before it).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn bot_without_tunables(
    mark: Option<&str>,
) -> (std::process::Child, std::process::ChildStdin, std::io::BufReader<std::process::ChildStdout>, Vec<String>)
{
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut command = Command::new(env!("CARGO_BIN_EXE_pencilbox"));
    command
        .args(["dots", "bot", "--seed", "1"])
        .env_remove("GLIBC_TUNABLES")
        .env_remove("PENCILBOX_HUGE_PAGES");
    if let Some(mark) = mark {
        command.env("PENCILBOX_HUGE_PAGES", mark);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("pencilbox starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "level greedy").unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line.trim(), "ok");
    let environ = std::fs::read(format!("/proc/{}/environ", child.id())).unwrap();
    let vars = environ.split(|&b| b == 0).map(|v| String::from_utf8_lossy(v).into_owned()).collect();
    (child, stdin, stdout, vars)
}

/// The verbs that build big tables start again with glibc's huge pages
/// (crates/cli/src/huge_pages.rs): the same process, once, with its input and arguments intact.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_bot_restarts_itself_with_huge_pages_and_keeps_its_input() {
    use std::io::{BufRead, Write};
    let (mut child, mut stdin, mut stdout, vars) = bot_without_tunables(None);
    assert!(vars.iter().any(|v| v == "GLIBC_TUNABLES=glibc.malloc.hugetlb=1"), "{vars:?}");
    assert!(vars.iter().any(|v| v == "PENCILBOX_HUGE_PAGES=on"), "{vars:?}");
    writeln!(stdin, "2x2 111000000000").unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.starts_with("move "), "{line}");
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

/// `PENCILBOX_HUGE_PAGES=off` keeps the program as it was started.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn huge_pages_can_be_turned_off() {
    use std::io::Write;
    let (mut child, mut stdin, _, vars) = bot_without_tunables(Some("off"));
    assert!(!vars.iter().any(|v| v.starts_with("GLIBC_TUNABLES=")), "{vars:?}");
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

/// Regression: `time x` was answered "invalid digit found in string". Each `error` line says
/// what was wrong in the protocol's terms.
#[test]
fn bot_errors_say_what_was_wrong() {
    let script = "time x\ntime -1\ntime\nlevel\nlevel best\nposition 2x2\n3y3 000\n2x2 11x000000000\n2x2 1010\n2x2 111111111111\nmove 3\n";
    let o = run(&["dots", "bot", "--seed", "1"], script);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(
        answers,
        [
            "error time \"x\": expected a whole number of milliseconds, 0 or more",
            "error time \"-1\": expected a whole number of milliseconds, 0 or more",
            "error `time` takes one number: the thinking time in milliseconds",
            "error `level` takes one name: random, greedy, basic or strong",
            "error unknown level \"best\": expected random, greedy, basic or strong",
            "error `position` takes the board size and the line string: `position RxC LINES`",
            "error board size: expected a size like 3x4, got \"3y3\"",
            "error line string: character 3 is 'x'; give one 0 (undrawn) or 1 (drawn) per line",
            "error a 2x2 board has 12 lines, but 4 were given",
            "error every line is drawn: the game is over",
            "error unknown command \"move 3\": expected `RxC LINES`, `level L`, `time MS` or `quit`",
        ],
        "{out}"
    );
}
