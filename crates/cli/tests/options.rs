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
