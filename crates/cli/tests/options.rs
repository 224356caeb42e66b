//! What every verb shares: engine option names (refused with the list of accepted ones), the
//! random seed (a fresh one printed once, the same way everywhere), and bots that must exist.

mod common;

use common::{run, stderr, stdout};

/// The seed a run printed on standard error (`seed N`), checking that it printed exactly one.
fn printed_seed(o: &std::process::Output) -> String {
    let err = stderr(o);
    let seeds: Vec<&str> = err.lines().filter_map(|l| l.strip_prefix("seed ")).collect();
    assert_eq!(seeds.len(), 1, "expected one `seed N` line on stderr:\n{err}");
    assert!(seeds[0].parse::<u64>().is_ok(), "{err}");
    seeds[0].to_string()
}

#[test]
fn a_fresh_seed_is_printed_once_and_repeats_the_run() {
    let verbs: &[&[&str]] = &[
        &["slither", "generate", "--size", "5x5", "--difficulty", "easy"],
        &["islands", "generate", "--preset", "small"],
        &[
            "dots",
            "match",
            "--a",
            "random",
            "--b",
            "greedy",
            "--board",
            "2x2",
            "--games",
            "2",
            "--time-ms",
            "10",
        ],
    ];
    for args in verbs {
        let first = run(args, "");
        assert!(first.status.success(), "{args:?}: {}", stderr(&first));
        let seed = printed_seed(&first);
        let again = run(&[args, &["--seed", &seed][..]].concat(), "");
        assert!(again.status.success(), "{args:?}: {}", stderr(&again));
        assert!(!stderr(&again).contains("seed "), "a given seed is not printed again: {}", stderr(&again));
        // `dots match` names its seed in the summary; the rest must be the same output.
        assert_eq!(stdout(&again), stdout(&first), "{args:?} --seed {seed}");
    }
}

#[test]
fn the_terminal_games_print_their_fresh_seed_the_same_way() {
    let o = run(&["dots", "play", "--board", "1x1", "--level", "greedy"], "h 0 0\nh 1 0\nv 0 0\nv 0 1\n");
    assert!(o.status.success(), "{}", stderr(&o));
    printed_seed(&o);
    let o = run(&["islands", "play", "examples/islands/statement-1.in", "--time-ms", "50"], "q\n");
    assert!(o.status.success(), "{}", stderr(&o));
    printed_seed(&o);
}

#[test]
fn unknown_option_names_are_refused_with_the_accepted_ones() {
    let cases: &[(&[&str], &str)] = &[
        (&["dots", "play", "--level", "stong"], "random, greedy, basic, strong"),
        (&["dots", "match", "--b", "perfect"], "random, greedy, basic, strong"),
        (&["islands", "generate", "--preset", "huge"], "small, medium, large"),
        (&["islands", "move", "--level", "clever"], "random, greedy, strong"),
        (
            &["slither", "generate", "--size", "5x5", "--difficulty", "basic"],
            "easy, normal, tricky, hard, expert, trial-1, trial-2",
        ),
    ];
    for (args, names) in cases {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(names), "{args:?}: {}", stderr(&o));
    }
    // Names are matched without regard to case, like the web API.
    let o = run(&["islands", "generate", "--preset", "small", "--seed", "1"], "");
    assert!(o.status.success());
}

#[test]
fn a_bot_typo_is_refused_before_the_first_game() {
    let dir = std::env::temp_dir().join(format!("pencilbox-options-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    let results = results.to_str().unwrap();
    let tournament = |bots: &[&str]| {
        let mut args =
            vec!["islands", "tournament", "--generate", "small", "--count", "1", "--results", results];
        for b in bots {
            args.extend(["--bot", b]);
        }
        run(&args, "")
    };
    let o = tournament(&["strong", "stong"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("\"stong\" is not a built-in bot (random, greedy, strong)"),
        "{}",
        stderr(&o)
    );
    let o = tournament(&["strong", "mine=/no/such/bot --fast"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot find the program \"/no/such/bot\""), "{}", stderr(&o));
    assert!(!std::path::Path::new(results).exists(), "no game was played, no results file written");
    let o = run(
        &[
            "islands",
            "referee",
            "--first",
            "strong",
            "--second",
            "stong",
            "--board",
            "examples/islands/statement-1.in",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot find the program \"stong\""), "{}", stderr(&o));
    // A program that exists is accepted (the shell's own `true` never writes a move, so it
    // loses, but it is run).
    let o = tournament(&["strong", "t=true"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("t "), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Regression: `--time-limit -1` got clap's "to pass '-1' as a value, use '-- -1'" and `--time-ms
/// x` "invalid digit found in string": every count and time is refused with a message that
/// names the value and what is accepted, exit 2.
#[test]
fn negative_or_non_numeric_counts_and_times_are_refused_with_what_is_accepted() {
    let statement = "examples/islands/statement-1.in";
    let cases: &[(&[&str], &str, &str)] = &[
        (&["dots", "solve", "--empty", "2x2"], "--time-limit", "a number of seconds, 0 or more"),
        (&["dots", "solve", "--empty", "2x2"], "--tt-mib", "a whole number of MiB, 0 or more"),
        (&["dots", "play"], "--time-ms", "a whole number of milliseconds, 0 or more"),
        (&["dots", "play"], "--seed", "a whole number, 0 or more"),
        (&["dots", "bot"], "--time-ms", "a whole number of milliseconds, 0 or more"),
        (&["dots", "match"], "--games", "a whole number of games, 1 or more"),
        (&["dots", "match"], "--jobs", "a whole number of games, 1 or more"),
        (&["dots", "match"], "--margin-ms", "a whole number of milliseconds, 0 or more"),
        (&["dots", "match"], "--opening", "a whole number of lines, 0 or more"),
        (&["islands", "move"], "--time-ms", "a whole number of milliseconds, 0 or more"),
        (&["islands", "solve", statement], "--time-ms", "a whole number of milliseconds, 0 or more"),
        (
            &["islands", "referee", "--first", "strong", "--second", "strong", "--board", statement],
            "--time-ms",
            "a whole number of milliseconds, 0 or more",
        ),
        (
            &["islands", "tournament", "--bot", "strong", "--bot", "greedy", "--generate", "small"],
            "--count",
            "a whole number of boards, 1 or more",
        ),
        (
            &["islands", "tournament", "--bot", "strong", "--bot", "greedy", "--generate", "small"],
            "--jobs",
            "a whole number of games, 1 or more",
        ),
        (&["islands", "generate"], "--count", "a whole number of boards, 1 or more"),
        (&["islands", "generate"], "--n", "a whole number, 0 or more"),
        (&["islands", "play", statement], "--time-ms", "a whole number of milliseconds, 0 or more"),
        (&["serve"], "--port", "a port number, 0 or more"),
        (&["slither", "solve", "4x4t0:p"], "--timeout", "a number of seconds, 0 or more"),
        (&["slither", "count", "4x4t0:p"], "--limit", "a whole number of solutions, 1 or more"),
        (&["slither", "explain", "4x4t0:p"], "--trial-depth", "a whole number, 0 or more"),
        (&["slither", "generate", "--size", "4x4"], "--seed", "a whole number, 0 or more"),
        (&["slither", "generate", "--size", "4x4"], "--count", "a whole number of puzzles, 1 or more"),
        (&["slither", "generate", "--size", "4x4"], "--timeout", "a number of seconds, 0 or more"),
    ];
    for (verb, option, accepted) in cases {
        for value in ["-1", "x"] {
            let o = run(&[verb, &[option, value][..]].concat(), "");
            assert_eq!(o.status.code(), Some(2), "{verb:?} {option} {value}");
            let err = stderr(&o);
            assert!(err.contains(&format!("invalid value '{value}' for '{option}")), "{verb:?}: {err}");
            assert!(err.contains(&format!("expected {accepted}")), "{verb:?} {option}: {err}");
            assert!(!err.contains("tip:") && !err.contains("invalid digit"), "{verb:?}: {err}");
        }
    }
    // Too large for the type: the range is given.
    let o = run(&["serve", "--port", "70000"], "");
    assert!(stderr(&o).contains("expected a port number from 0 to 65535"), "{}", stderr(&o));
}

/// The CLI reads its names and limits from the engines: the help shows the engines' values.
#[test]
fn help_texts_give_the_engines_limits() {
    use pencilbox_dots::{board::MAX_BOARD_SIDE, compact, mcts};
    let help = stdout(&run(&["dots", "play", "--help"], ""));
    for limit in [
        format!("up to {MAX_BOARD_SIDE}x{MAX_BOARD_SIDE}"),
        format!("above {} lines", compact::SOLVER_MAX_LINES),
        format!("up to {} lines", mcts::large::SEARCH_MAX_LINES),
    ] {
        assert!(help.contains(&limit), "{limit:?} in {help}");
    }
    let help = stdout(&run(&["islands", "generate", "--help"], ""));
    assert!(help.contains(&format!("1 to {}", pencilbox_islands::board::MAX_BOARD_SIDE)), "{help}");
    let help = stdout(&run(&["dots", "bot", "--help"], ""));
    assert!(help.contains("switch to random, greedy, basic or strong"), "{help}");
}
