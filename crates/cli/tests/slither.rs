//! `pencilbox slither …` end to end: outputs, verdict exit codes and bad-input errors.

mod common;

use common::{stderr, stdout};

/// Runs `pencilbox slither args…`.
fn run(args: &[&str], stdin: &str) -> std::process::Output {
    common::run(&[&["slither"], args].concat(), stdin)
}

fn example(name: &str) -> String {
    std::fs::read_to_string(common::example(&format!("slither/{name}"))).unwrap()
}

#[test]
fn solve_prints_the_statement_picture_byte_for_byte() {
    let path = format!("{}/../../examples/slither/thsl-1.in", env!("CARGO_MANIFEST_DIR"));
    let o = run(&["solve", &path], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), example("thsl-1.out"));
    // The same from standard input.
    let o = run(&["solve"], &example("thsl-1.in"));
    assert_eq!(stdout(&o), example("thsl-1.out"));
}

#[test]
fn verdicts_exit_one_with_a_message() {
    let o = run(&["solve"], "1 1\n0\n");
    assert_eq!((o.status.code(), stderr(&o).as_str(), stdout(&o).as_str()), (Some(1), "no solution\n", ""));
    let o = run(&["solve"], "2 2\n. .\n. .\n");
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(1), "multiple solutions\n"));
    let o = run(&["solve", "--any", "--output", "grid"], "1 2\n. .\n");
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains('+'));
}

#[test]
fn slink_input_numbers_its_outputs() {
    let o = run(&["solve"], "1 1\n0\n1 2\n3 .\n2 2\n. .\n. .\n0 0\n");
    assert_eq!(o.status.code(), Some(0));
    let want = "1\nno solution\n2\n\
                #############\n\
                #           #\n\
                # +-------+ #\n\
                # | 3     | #\n\
                # +-------+ #\n\
                #           #\n\
                #############\n\
                3\nmultiple solutions\n";
    assert_eq!(stdout(&o), want);
}

#[test]
fn count_with_a_limit() {
    assert_eq!(stdout(&run(&["count"], &example("thsl-1.in"))), "1\n");
    assert_eq!(stdout(&run(&["count", "--limit", "20"], "2 2\n. .\n. .\n")), "13\n");
    assert_eq!(stdout(&run(&["count"], "2 2\n. .\n. .\n")), "2+\n");
    assert_eq!(stdout(&run(&["count", "--json"], "1 1\n0\n")), "{\"count\":0,\"complete\":true}\n");
}

#[test]
fn outputs_in_every_format() {
    let url = "https://puzz.link/p?slither/5/5/dcabi7di1d";
    assert_eq!(stdout(&run(&["convert", "--output", "loopy"], url)), "5x5t0:3b2b0b1e2a3e13\n");
    assert_eq!(stdout(&run(&["convert", "--output", "url"], "5x5t0:3b2b0b1e2a3e13")), format!("{url}\n"));
    let text = stdout(&run(&["convert"], url));
    assert!(text.starts_with("5 5\n3 . . 2 .\n"));
    let seed = example("thsl-1.in");
    let json = stdout(&run(&["solve", "--output", "json"], &seed));
    assert!(json.starts_with("{\"rows\":8,\"cols\":8,") && json.contains("\"loop_edges\":["));
    assert!(stdout(&run(&["solve", "--output", "svg"], &seed)).starts_with("<svg"));
    let grid = stdout(&run(&["solve", "--output", "grid"], &seed));
    assert_eq!(grid.lines().count(), 17);
}

#[test]
fn bad_input_exits_two_with_the_position() {
    for (input, needle) in [
        ("2 2\n1 4\n. .\n", "line 2, column 3: clue 4 is above 3"),
        ("2 3\n1 . .\n. .\n", "line 3, column 1: row 2 has 2 clues, expected 3"),
        ("p?nurikabe/3/3/abc", "not slither"),
        ("", "empty"),
        ("2 2\n1 x\n. .\n", "line 2, column 3"),
    ] {
        let o = run(&["solve"], input);
        assert_eq!(o.status.code(), Some(2), "{input:?}");
        assert!(stderr(&o).contains(needle), "{input:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn explain_prints_named_steps_and_the_picture() {
    let o = run(&["explain"], &example("thsl-1.in"));
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.starts_with("step 1: 1 zero at cell (0, 1): cross h(0,1) h(1,1) v(0,1) v(0,2)\n"));
    assert!(out.contains("solved in "));
    assert!(out.ends_with(&example("thsl-1.out")));
    // A puzzle the rules cannot finish: stuck, exit 1, partial picture.
    let o = run(&["explain"], "2 2\n. .\n. .\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("stuck after 0 steps: no rule and no trial up to depth 1 decides an edge"));
    assert!(stdout(&o).contains("the puzzle has more than one solution)"));
}

#[test]
fn explain_tells_a_trial_when_no_rule_applies() {
    // A generated 5×5 `search` puzzle: the rules stop after 38 steps, a trial of depth 1 goes on.
    let url = "https://puzz.link/p?slither/5/5/gbc51bg11ai3c";
    let o = run(&["explain", url], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let trial = "step 39: trial (depth 1): suppose the edge between dots (4, 1) and (5, 1) (v(4,1)) is a line; \
        then by “6 only way out” (1 step), the edge between dots (4, 0) and (4, 1) would close a loop that \
        leaves the rest out: so it is a cross\n";
    assert!(out.contains(trial), "{out}");
    assert!(out.contains("\nstep 40: 6 only way out at dot (5, 1): line h(5,1)\n"), "{out}");
    assert!(out.contains("\nsolved in 56 steps (1 trial, depth 1)\n"), "{out}");
    // Without trials the rules alone get stuck there.
    let o = run(&["explain", "--trial-depth", "0", url], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("\nstuck after 38 steps: no rule applies (41 of 60 edges decided)\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn grade_names_the_level() {
    assert_eq!(stdout(&run(&["grade"], &example("thsl-1.in"))), "easy\n");
    assert_eq!(
        stdout(&run(&["grade", "--json"], &example("thsl-1.in"))),
        "{\"level\":\"easy\",\"score\":6,\"steps\":6}\n"
    );
    // A puzzle that needs Loopy's Tricky deductions (its Normal ones are stuck).
    assert_eq!(stdout(&run(&["grade", "4x4t0:3a3d3a0c2a0"], "")), "tricky\n");
    let o = run(&["grade"], "2 2\n. .\n. .\n");
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(1), "multiple solutions\n"));
}

#[test]
fn analyze_unique_prints_the_level_and_the_clues_that_can_go_each_checked_by_count() {
    let url = "https://puzz.link/p?slither/6/5/g11bga18060216bc21c";
    let o = run(&["analyze", url], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let level = stdout(&run(&["grade", url], ""));
    assert!(out.starts_with(&format!("solutions: 1\nlevel: {level}redundant clues (")), "{out}");
    // Every clue listed can go (the count stays 1), every other cannot.
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&run(&["analyze", "--json", url], ""))).unwrap();
    assert_eq!((json["verdict"].as_str(), json["complete"].as_bool()), (Some("unique"), Some(true)));
    let redundant: Vec<(u64, u64)> = json["redundant"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap(), c[1].as_u64().unwrap()))
        .collect();
    assert!(!redundant.is_empty());
    let text = stdout(&run(&["convert"], url));
    let mut rows: Vec<Vec<String>> =
        text.lines().skip(1).map(|l| l.split(' ').map(String::from).collect()).collect();
    let mut checked = 0;
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            if rows[r][c] == "." {
                continue;
            }
            let keep = std::mem::replace(&mut rows[r][c], ".".into());
            let puzzle =
                format!("5 6\n{}\n", rows.iter().map(|row| row.join(" ")).collect::<Vec<_>>().join("\n"));
            let count = stdout(&run(&["count"], &puzzle));
            assert_eq!(count == "1\n", redundant.contains(&(r as u64, c as u64)), "({r}, {c}): {count}");
            rows[r][c] = keep;
            checked += 1;
        }
    }
    assert_eq!(checked, 17);
}

#[test]
fn analyze_several_names_the_differing_edges_and_a_clue_that_settles_them_exit_one() {
    let o = run(&["analyze"], "1 2\n. .\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "solutions: 2+\ndiffering edges (4): h(0,1) h(1,1) v(0,1) v(0,2)\na clue that tells them apart: 3 at (0, 1)\n"
    );
    let o = run(&["analyze", "--json", "2x2t0:3b3"], "");
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!((v["verdict"].as_str(), v["add"].is_null()), (Some("multiple"), true));
    let loops = v["loops"].as_array().unwrap();
    let edges = |i: usize| -> std::collections::BTreeSet<u64> {
        loops[i].as_array().unwrap().iter().map(|e| e.as_u64().unwrap()).collect()
    };
    let differing: Vec<u64> = edges(0).symmetric_difference(&edges(1)).copied().collect();
    assert_eq!(v["differing"], serde_json::json!(differing));
}

#[test]
fn analyze_no_solution_names_the_clues_in_conflict_exit_one() {
    let o = run(&["analyze"], "3 3\n3 0 .\n. . .\n. . 1\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "solutions: 0\nclues in conflict (2, minimal): 3 at (0, 0), 0 at (0, 1)\n");
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&run(&["analyze", "--json"], "1 1\n0\n"))).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"rows": 1, "cols": 1, "complete": true, "verdict": "none", "conflict": [[0, 0]], "minimal": true})
    );
    // Bad input is exit 2, as for every verb.
    let o = run(&["analyze"], "2 2\n1 4\n. .\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("clue 4 is above 3"));
}

/// A reader that stops early (`… | head -1`) ends the verb quietly and successfully: `generate`
/// stops generating (a million puzzles would otherwise take many minutes; the test would hang),
/// and `explain`, with megabytes of steps to print, stops printing; neither panics.
#[test]
fn a_closed_output_ends_the_verb_quietly() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let all_twos = format!("64 64\n{}", format!("{}\n", "2".repeat(64)).repeat(64));
    let cases: [(&[&str], &str); 2] = [
        (
            &[
                "slither",
                "generate",
                "--size",
                "4x4",
                "--difficulty",
                "easy",
                "--count",
                "1000000",
                "--seed",
                "1",
            ],
            "",
        ),
        (&["slither", "explain"], &all_twos),
    ];
    for (args, input) in cases {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pencilbox"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("pencilbox starts");
        child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("the input is written");
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let mut first = String::new();
        out.read_line(&mut first).expect("a first line");
        assert!(!first.is_empty(), "{args:?} printed nothing");
        drop(out);
        let o = child.wait_with_output().expect("pencilbox ends");
        assert!(o.status.success(), "{args:?}: {:?}, {}", o.status, stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
    }
}

/// `generate --timeout` bounds each puzzle: with no time at all it gives up (exit 2) and says
/// so; with the default limit the same puzzle is made.
#[test]
fn generate_gives_up_at_its_timeout() {
    let o = run(&["generate", "--size", "5x5", "--difficulty", "easy", "--seed", "3", "--timeout", "0"], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("made within 0 s"), "{}", stderr(&o));
    let o = run(&["generate", "--size", "5x5", "--difficulty", "easy", "--seed", "3"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("5 5\n"), "{}", stdout(&o));
}

/// The generator's sizes are the engine's (the web app's too): a side above 100 or below 2 is
/// refused at once, naming the range, before any work.
#[test]
fn generate_refuses_sizes_the_engine_does_not_make() {
    for size in ["101x101", "5x101", "1x5"] {
        let o = run(&["generate", "--size", size, "--seed", "1"], "");
        assert_eq!(o.status.code(), Some(2), "{size}: {}", stderr(&o));
        let want = format!("the generator makes boards with rows and columns between 2 and 100, not {size}");
        assert!(stderr(&o).contains(&want), "{size}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

/// Each puzzle has a time limit by default (60 s, in the help), which `--no-timeout` lifts;
/// the two cannot be given together.
#[test]
fn generate_has_a_default_time_limit_that_can_be_lifted() {
    let help = stdout(&run(&["generate", "--help"], ""));
    assert!(help.contains("[default: 60]") && help.contains("--no-timeout"), "{help}");
    let o = run(&["generate", "--size", "5x5", "--difficulty", "easy", "--seed", "3", "--no-timeout"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        stdout(&run(&["generate", "--size", "5x5", "--difficulty", "easy", "--seed", "3"], ""))
    );
    let o = run(&["generate", "--size", "5x5", "--timeout", "5", "--no-timeout"], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // Out of time, the message names both options.
    let o = run(&["generate", "--size", "5x5", "--difficulty", "easy", "--seed", "3", "--timeout", "0"], "");
    assert!(
        stderr(&o)
            .contains("no easy puzzle of 5x5 made within 0 s (see --timeout; --no-timeout lifts the limit)")
    );
}

/// On a terminal, `generate` shows a progress line on stderr (what it makes and the random
/// loops tried), cleared when the puzzle is printed. Run under `script`, which gives the
/// command a terminal.
#[test]
fn generate_shows_progress_on_a_terminal() {
    let command =
        format!("{} slither generate --size 6x6 --difficulty easy --seed 1", env!("CARGO_BIN_EXE_pencilbox"));
    let o = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("`script` (util-linux) runs the command on a terminal");
    let screen = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{screen}");
    assert!(screen.contains("generate 6x6 easy: random loop 1 of 200"), "{screen:?}");
    assert!(screen.contains("6 6\r\n"), "the puzzle is printed: {screen:?}");
    // Not on a terminal: no progress line, only the puzzle.
    let o = run(&["generate", "--size", "6x6", "--difficulty", "easy", "--seed", "1"], "");
    assert!(!stderr(&o).contains("random loop"), "{}", stderr(&o));
}

/// A file of another game says what was expected and what was found, and names the text
/// formats, instead of reading the rest as a puzzle of absurd size.
#[test]
fn another_games_file_is_named_as_not_a_slitherlink_puzzle() {
    let o = run(&["solve", "examples/dots/endgame-1.in"], "");
    assert_eq!(o.status.code(), Some(2));
    let want = "examples/dots/endgame-1.in: not a valid Slitherlink puzzle: line 5, column 1: found \"110\" \
                after the 3x3 puzzle on lines 1-4, expected the end of the input or the next puzzle's \
                `ROWS COLS` line (THSL text holds one puzzle, Slink text several and then `0 0`)\n";
    assert!(stderr(&o).ends_with(want), "{}", stderr(&o));
    let o = run(&["solve", "examples/islands/statement-1.in"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1, column 1: expected `ROWS COLS` on one line"), "{}", stderr(&o));
}

/// Loopy game IDs give the width (columns) first, pencilbox sizes the rows: a board of 2 rows
/// and 3 columns is `3x2` in Loopy and in puzz.link (columns, then rows), `2 3` in THSL text.
#[test]
fn loopy_ids_are_width_by_height() {
    let text = "2 3\n3 . .\n. . 1\n";
    assert_eq!(stdout(&run(&["convert", "--output", "loopy"], text)), "3x2t0:3d1\n");
    assert_eq!(stdout(&run(&["convert", "--output", "url"], text)), "https://puzz.link/p?slither/3/2/dhb\n");
    assert_eq!(stdout(&run(&["convert"], "3x2t0:3d1")), "2 3\n3 . .\n. . 1\n");
}
