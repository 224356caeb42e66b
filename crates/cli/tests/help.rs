//! `pencilbox --help` and `pencilbox <game> --help` list every verb and show examples; the
//! examples shown at the top level actually run.

mod common;

fn pencilbox(args: &[&str]) -> std::process::Output {
    common::run(args, "")
}

fn help(args: &[&str]) -> String {
    let out = pencilbox(args);
    assert!(out.status.success(), "{args:?} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_game_help_lists_its_verbs_with_examples() {
    let games: &[(&str, &[&str])] = &[
        ("walls", &["winner", "analyze", "play"]),
        ("dots", &["endgame", "winner", "solve", "play", "bot", "match"]),
        (
            "slither",
            &["solve", "count", "explain", "grade", "generate", "convert", "analyze", "split", "merge"],
        ),
        ("islands", &["move", "solve", "referee", "tournament", "generate", "play", "merge"]),
    ];
    let top = help(&["--help"]);
    assert!(top.contains("Examples:"), "{top}");
    for (game, verbs) in games {
        assert!(top.contains(game), "top-level help lacks {game}");
        let text = help(&[game, "--help"]);
        assert!(text.contains("Examples:"), "{game} help has no examples:\n{text}");
        for verb in *verbs {
            assert!(
                text.contains(&format!("pencilbox {game} {verb}")),
                "{game} help has no example of {verb}"
            );
            let verb_help = help(&[game, verb, "--help"]);
            assert!(verb_help.to_lowercase().contains("example"), "{game} {verb} --help has no example");
        }
    }
}

#[test]
fn top_level_examples_run() {
    assert_eq!(pencilbox(&["walls", "winner", "examples/walls/sample-1.in"]).stdout, b"Second\n");
    assert_eq!(pencilbox(&["dots", "endgame", "examples/dots/endgame-1.in"]).stdout, b"-5\n");
    let out = pencilbox(&["slither", "solve", "examples/slither/thsl-1.in"]);
    assert_eq!(
        out.stdout,
        std::fs::read("examples/slither/thsl-1.out").unwrap_or_else(|_| {
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/slither/thsl-1.out")).unwrap()
        })
    );
}
