//! `pencilbox dots endgame` and `pencilbox dots winner`, run as a user would.

mod common;

use common::{run, stderr, stdout};

fn example(name: &str) -> String {
    common::example(&format!("dots/{name}")).display().to_string()
}

/// Exit 2 with a message containing `needle`.
macro_rules! assert_bad_input {
    ($out:expr, $needle:expr) => {{
        let out = $out;
        assert_eq!(out.status.code(), Some(2), "stdout: {}\nstderr: {}", stdout(&out), stderr(&out));
        assert!(stderr(&out).contains($needle), "stderr {:?} lacks {:?}", stderr(&out), $needle);
        assert!(stdout(&out).is_empty());
    }};
}

#[test]
fn statement_examples_give_the_published_answers() {
    for name in ["endgame-1", "endgame-2"] {
        let out = run(&["dots", "endgame", &example(&format!("{name}.in"))], "");
        assert!(out.status.success(), "{}", stderr(&out));
        let want = std::fs::read_to_string(example(&format!("{name}.out"))).unwrap();
        assert_eq!(stdout(&out).trim(), want.trim(), "{name}");
    }
}

#[test]
fn reads_standard_input_and_dash() {
    let text = std::fs::read_to_string(example("endgame-1.in")).unwrap();
    assert_eq!(stdout(&run(&["dots", "endgame"], &text)), "-5\n");
    assert_eq!(stdout(&run(&["dots", "endgame", "-"], &text)), "-5\n");
}

#[test]
fn json_shows_the_decomposition() {
    let out = run(&["dots", "endgame", "--json", &example("endgame-2.in")], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["value"], 6);
    assert_eq!(v["chains"], serde_json::json!([1, 3, 5, 7]));
    assert_eq!(v["loops"], serde_json::json!([8]));
}

#[test]
fn explain_lists_chains_and_loops() {
    let out = run(&["dots", "endgame", "--explain", &example("endgame-1.in")], "");
    assert_eq!(stdout(&out), "chains: 1 2 6; loops: -\nvalue for the player to move: -5\n");
}

#[test]
fn claimed_boxes_count_for_nothing() {
    // 1×2: the left box is claimed, the right one is a 1-chain (top and bottom undrawn).
    let out = run(&["dots", "endgame"], "1 2\n10\n10\n111\n");
    assert_eq!(stdout(&out), "-1\n");
}

#[test]
fn a_64x64_board_is_accepted() {
    // Every line drawn except the horizontal lines of the first column: one chain of 64 boxes.
    let mut text = String::from("64 64\n");
    for _ in 0..=64 {
        text.push_str(&format!("0{}\n", "1".repeat(63)));
    }
    for _ in 0..64 {
        text.push_str(&format!("{}\n", "1".repeat(65)));
    }
    let out = run(&["dots", "endgame"], &text);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "-64\n");
}

#[test]
fn bad_inputs_exit_2_naming_the_problem() {
    let endgame = ["dots", "endgame"];
    assert_bad_input!(
        run(&endgame, "2 2\n00\n00\n00\n000\n0a0\n"),
        "line 6, column 2: expected 0 or 1, found 'a'"
    );
    assert_bad_input!(
        run(&endgame, "2 2\n00\n000\n00\n000\n000\n"),
        "line 3, column 1: row 2 of horizontal lines must have 2 digits, found 3"
    );
    assert_bad_input!(
        run(&endgame, "2 2\n00\n00\n00\n000\n"),
        "line 6, column 1: expected row 2 of vertical lines, but the input ended"
    );
    assert_bad_input!(run(&endgame, "0 2\n"), "between 1 and 64");
    assert_bad_input!(run(&endgame, "65 2\n"), "between 1 and 64");
    assert_bad_input!(run(&endgame, "2 x\n"), "expected the number of columns M");
    assert_bad_input!(run(&endgame, "1 1\n1\n1\n11\n1\n"), "line 5, column 1: unexpected text");
    assert_bad_input!(run(&endgame, ""), "expected the number of rows N, but the input ended");
    // The empty 2×2 board: box (0, 0) has 4 undrawn sides.
    assert_bad_input!(
        run(&endgame, "2 2\n00\n00\n00\n000\n000\n"),
        "box (0, 0) (0-based row, column) has 4 undrawn sides"
    );
    // One box with 3 undrawn sides (row-major first offender is box (0, 1)).
    assert_bad_input!(run(&endgame, "1 2\n11\n10\n111\n"), "box (0, 1)");
    assert_bad_input!(run(&["dots", "endgame", "/no/such/file"], ""), "cannot read /no/such/file");
}

#[test]
fn winner_examples() {
    // Three 1-chains, 4 lines drawn: Alice opens and loses 1–2.
    assert_eq!(stdout(&run(&["dots", "winner"], "1 3\n000\n000\n1111\n")), "Bob\n");
    // Two 1-chains, 3 lines drawn: Bob to move, the value is 0.
    assert_eq!(stdout(&run(&["dots", "winner"], "1 2\n00\n00\n111\n")), "Draw\n");
    // A single 4-loop on 2×2 (8 border lines drawn): Alice opens and loses all four.
    assert_eq!(stdout(&run(&["dots", "winner"], "2 2\n11\n00\n11\n101\n101\n")), "Bob\n");
    // One 2-chain on 1×2 (4 lines drawn): Alice opens, Bob takes both.
    assert_eq!(stdout(&run(&["dots", "winner"], "1 2\n11\n11\n000\n")), "Bob\n");
    // A corner 1-chain and a 3-chain on 2×2 (6 lines drawn): Alice to move wins by 2.
    assert_eq!(stdout(&run(&["dots", "winner"], "2 2\n00\n10\n11\n011\n001\n")), "Alice\n");
    let out = run(&["dots", "winner", "--json"], "1 3\n000\n000\n1111\n");
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v, serde_json::json!({"winner": "Bob", "to_move": "Alice", "value": -1}));
}

#[test]
fn winner_rejects_claimed_and_open_boxes() {
    assert_bad_input!(
        run(&["dots", "winner"], "1 2\n10\n10\n111\n"),
        "box (0, 0) (0-based row, column) has 0 undrawn sides; every box must have exactly 2"
    );
    assert_bad_input!(run(&["dots", "winner"], "1 1\n0\n0\n00\n"), "has 4 undrawn sides");
    assert_bad_input!(run(&["dots", "winner"], "1 1\n0\n0\n0\n"), "must have 2 digits");
}

#[test]
fn help_has_an_example() {
    for verb in ["endgame", "winner"] {
        let out = run(&["dots", verb, "--help"], "");
        assert!(stdout(&out).contains("Example:"), "{verb}");
    }
}
