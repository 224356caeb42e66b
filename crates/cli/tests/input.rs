//! Every verb that reads a position or a puzzle reads FILE, or standard input when FILE is
//! omitted or `-`, as docs/usage.md promises: a piped input is never silently ignored. The
//! terminal games, whose standard input carries the moves, take their board from FILE or an
//! option and refuse `-`.

mod common;

use common::{example, run, stderr, stdout};

/// Regression: `echo 111000000000 | pencilbox dots solve --board 2x2` answered 2, the empty
/// board's value, and exit 0: `--board` alone meant the empty board and the pipe was not read.
#[test]
fn dots_solve_reads_a_piped_position_with_board() {
    let o = run(&["dots", "solve", "--board", "2x2"], "111000000000\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().next(), Some("-2"), "{}", stdout(&o));
    // The wrong number of lines for the size is refused, not replaced by the empty board.
    let o = run(&["dots", "solve", "--board", "2x2"], "1010\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("<stdin>: not a valid position: a 2x2 board has 12 lines, but 4 were given"),
        "{}",
        stderr(&o)
    );
    // Nothing piped: the message says how to ask for the empty board.
    let o = run(&["dots", "solve", "--board", "2x2"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("<stdin> is empty: give a position, or --empty 2x2 for the empty board"),
        "{}",
        stderr(&o)
    );
    // The empty board is asked for by name, and not together with an input.
    let o = run(&["dots", "solve", "--empty", "2x2"], "111000000000\n");
    assert_eq!(stdout(&o).lines().next(), Some("2"), "{}", stderr(&o));
    let o = run(&["dots", "solve", "--empty", "2x2", "examples/dots/endgame-1.in"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}

/// Each reading verb prints the same for FILE, for `-` with the file piped, and for the file
/// piped with FILE omitted.
#[test]
fn every_reading_verb_reads_standard_input_when_file_is_omitted() {
    let verbs: &[(&[&str], &str)] = &[
        (&["walls", "winner"], "walls/sample-1.in"),
        (&["walls", "analyze", "--json"], "walls/sample-2.in"),
        (&["dots", "endgame"], "dots/endgame-1.in"),
        (&["dots", "winner"], "dots/endgame-1.in"),
        (&["dots", "solve"], "dots/endgame-1.in"),
        (&["islands", "solve"], "islands/statement-1.in"),
        (&["slither", "solve"], "slither/thsl-1.in"),
    ];
    for (args, file) in verbs {
        let path = example(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let from_file = run(&[args, &[path.to_str().unwrap()][..]].concat(), "");
        let from_dash = run(&[args, &["-"][..]].concat(), &text);
        let from_pipe = run(args, &text);
        assert!(from_file.status.code().is_some_and(|c| c < 2), "{args:?}: {}", stderr(&from_file));
        for other in [&from_dash, &from_pipe] {
            assert_eq!(
                (stdout(other), other.status.code()),
                (stdout(&from_file), from_file.status.code()),
                "{args:?} {file}"
            );
        }
    }
}

/// `walls play` and `islands play` read the moves on standard input, so their board cannot be
/// piped: `-` is refused with the other way to name a board.
#[test]
fn terminal_games_refuse_a_board_on_standard_input() {
    let cases: &[(&[&str], &str)] = &[
        (&["walls", "play", "-"], "give the board as a FILE, or --empty RxC"),
        (&["islands", "play", "-"], "give the board as a FILE, or --preset PRESET"),
    ];
    for (args, message) in cases {
        let o = run(args, "3 3\n...\n...\n...\n");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
    // Without FILE or the option, the same.
    let o = run(&["walls", "play"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("give the board as a FILE, or --empty RxC"), "{}", stderr(&o));
}
