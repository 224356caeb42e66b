//! `pencilbox walls …` end to end: the binary run on the shipped examples and on stdin.

mod common;

use common::{run, stderr, stdout};

fn examples() -> std::path::PathBuf {
    common::example("walls")
}

#[test]
fn winner_matches_the_contest_samples() {
    for n in 1..=3 {
        let input = examples().join(format!("sample-{n}.in"));
        let expected = std::fs::read_to_string(examples().join(format!("sample-{n}.out"))).unwrap();
        let o = run(&["walls", "winner", input.to_str().unwrap()], "");
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), expected, "sample {n}");
    }
}

#[test]
fn winner_reads_stdin_and_marks_do_not_stop_walls() {
    assert_eq!(stdout(&run(&["walls", "winner"], "1 3\n.X.\n")), "First\n");
    assert_eq!(stdout(&run(&["walls", "winner", "-"], "3 2\n..\nXX\n.X\n")), "First\n");
}

#[test]
fn analyze_prints_value_and_winning_moves() {
    let o = run(&["walls", "analyze"], "2 2\nX.\n..\n");
    assert_eq!(stdout(&o), "grundy 2\nwinner first\nwinning moves (row, col): (1, 1)\n");
    let o = run(&["walls", "analyze"], "2 2\n..\n..\n");
    assert_eq!(stdout(&o), "grundy 0\nwinner second\nwinning moves (row, col): none\n");
}

#[test]
fn analyze_json_has_grundy_and_winning_moves() {
    let sample = examples().join("sample-3.in");
    let o = run(&["walls", "analyze", "--json", sample.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["grundy"].as_u64().unwrap() > 0);
    assert_eq!(v["winner"], "first");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.as_array().unwrap().len() == 2));
}

#[test]
fn bad_input_exits_2_with_line_and_column() {
    for (input, message) in [
        ("2 2\n.a\n..\n", "line 2, column 2: row 1 has 'a'"),
        ("2 3\n..\n...\n", "line 2, column 1: row 1 has 2 characters, expected 3"),
        ("3 2\n..\n..\n", "line 4, column 1: expected row 3 of 3, but the input ended"),
        ("1 1\n.\nextra\n", "line 3, column 1: unexpected text after the end of the input"),
        ("65 3\n", "line 1, column 1: the number of rows H must be between 1 and 64, got 65"),
        ("", "expected the number of rows H, but the input ended"),
    ] {
        let o = run(&["walls", "winner"], input);
        assert_eq!(o.status.code(), Some(2), "{input:?}");
        assert!(stderr(&o).contains(message), "{input:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn play_follows_a_scripted_game() {
    let o = run(&["walls", "play", "--empty", "3x3"], "1 1\nx y\n1 1\n0 2\n2 2\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let t = stdout(&o);
    let expected_boards =
        ["  012\n0 ...\n1 ...\n2 ...\n", "  012\n0 .#.\n1 ###\n2 .#.\n", "  012\n0 ###\n1 ###\n2 ###\n"];
    for b in expected_boards {
        assert!(t.contains(b), "missing\n{b}in\n{t}");
    }
    assert!(t.contains("Engine plays 0 0."), "{t}");
    assert!(t.contains("could not read \"x y\""), "{t}");
    assert!(t.contains("Illegal move: cell (1, 1) is already a wall. Try again."), "{t}");
    assert!(t.trim_end().ends_with("The engine cannot move: you win!"), "{t}");
}

#[test]
fn play_engine_first_wins_and_eof_ends_cleanly() {
    let sample = examples().join("sample-3.in");
    let o = run(&["walls", "play", "--first", "engine", sample.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let t = stdout(&o);
    assert!(t.contains("Engine plays"), "{t}");
    assert!(t.trim_end().ends_with("End of input: game abandoned."), "{t}");

    // Against any replies, the engine (first, on a won board) wins: reply with every cell in turn.
    let replies: String = (0..4).flat_map(|r| (0..5).map(move |c| format!("{r} {c}\n"))).collect();
    let o = run(&["walls", "play", "--first", "engine", sample.to_str().unwrap()], &replies.repeat(3));
    assert!(stdout(&o).trim_end().ends_with("You cannot move: the engine wins."), "{}", stdout(&o));
}

#[test]
fn play_needs_a_board_file_or_empty() {
    let o = run(&["walls", "play"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["walls", "play", "--empty", "65x2"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("sides must be 1 to 64"), "{}", stderr(&o));
}

#[test]
fn every_verb_has_an_example_in_its_help() {
    for verb in ["winner", "analyze", "play"] {
        let o = run(&["walls", verb, "--help"], "");
        assert!(stdout(&o).contains("Example"), "{verb}");
    }
}
