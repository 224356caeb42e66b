//! The README's examples run, and print what the README says they print; so do the examples in
//! docs/*.md (docs/usage.md has every verb's), except docs/API.md, whose sessions talk to a
//! running server on port 8080.
//!
//! The convention, for whoever edits README.md or docs/*.md:
//!
//! - Only ```` ```console ```` blocks are run, and their fence must start its line (not
//!   indented in a list). Blocks that need a running server or a terminal (`pencilbox serve`
//!   with `curl`, a long solve) are written ```` ```text ```` and are not run.
//! - In a console block, a line starting with `$ ` is a command (a line ending with `\` goes on
//!   to the next line); the lines after it, up to the next `$ ` line or the end of the block, are
//!   what it prints: standard output and standard error together, as a terminal shows them.
//! - Each command runs with `sh -c`, its standard error sent to standard output, standard input
//!   empty and `pencilbox` on the PATH (the binary built for this test). All blocks run in order
//!   in one scratch directory where `examples` and `crates` are the repository's, so paths
//!   resolve as from the repository root and the files a command writes (`game.in`, `boards/`)
//!   land in the scratch directory.
//! - Every command must exit 0 as a whole. A command meant to fail shows its exit code itself,
//!   with `; echo "exit $?"`, which then is part of the output compared.
//! - Lines are compared without trailing spaces, and blank lines at the end are ignored.
//! - Where output cannot be compared exactly: a line that is just `...` stands for any number of
//!   lines (a block ending in `...` compares only the lines before it, as a prefix), and `...`
//!   inside a line stands for any text within that line (a time in milliseconds: `[... ms]`).
//!   Everything else must be exact, so commands that draw random numbers pass `--seed`.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::root;

/// One `$ ` command of a console block and the output the document shows for it.
#[derive(Debug)]
struct Example {
    /// The document, relative to the repository root.
    file: String,
    /// 1-based line of the `$ ` line in the document.
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The commands of every ```console block of `text` (the document `file`), in order.
fn examples(file: &str, text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other_block = false;
    let mut continued = false;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        if in_console {
            if fence {
                in_console = false;
            } else if continued {
                let last = out.last_mut().expect("a continued command");
                last.command.push('\n');
                last.command.push_str(line);
                continued = line.ends_with('\\');
            } else if let Some(command) = line.strip_prefix("$ ") {
                out.push(Example {
                    file: file.to_string(),
                    line: i + 1,
                    command: command.to_string(),
                    expected: Vec::new(),
                });
                continued = line.ends_with('\\');
            } else {
                let last = out.last_mut().unwrap_or_else(|| {
                    panic!("{file} line {}: a console block must start with a `$ ` command", i + 1)
                });
                last.expected.push(line.to_string());
            }
        } else if in_other_block {
            in_other_block = !fence;
        } else if fence {
            in_console = line.trim() == "```console";
            assert!(
                !in_console || line == "```console",
                "{file} line {}: an indented ```console block would not be run; start the fence at the start of the line",
                i + 1
            );
            in_other_block = !in_console;
        }
    }
    assert!(!in_console && !in_other_block, "{file} ends inside a code block");
    out
}

/// `text` without trailing spaces on each line and without blank lines at the end.
fn normalise(lines: &[String]) -> Vec<String> {
    let mut v: Vec<String> = lines.iter().map(|l| l.trim_end().to_string()).collect();
    while v.last().is_some_and(String::is_empty) {
        v.pop();
    }
    v
}

/// Whether `got` matches the pattern line `want`, where `...` stands for any text.
fn line_matches(want: &str, got: &str) -> bool {
    let mut pieces = want.split("...");
    let first = pieces.next().unwrap_or("");
    let Some(mut rest) = got.strip_prefix(first) else { return false };
    let pieces: Vec<&str> = pieces.collect();
    let Some((last, middle)) = pieces.split_last() else { return rest.is_empty() };
    for piece in middle {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Whether the output lines `got` match the pattern lines `want`, where a line `...` stands for
/// any number of lines.
fn lines_match(want: &[String], got: &[String]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => (0..=got.len()).any(|skip| lines_match(rest, &got[skip..])),
        Some((w, rest)) => {
            got.split_first().is_some_and(|(g, got_rest)| line_matches(w, g) && lines_match(rest, got_rest))
        }
    }
}

/// A scratch directory in which `examples` and `crates` are the repository's.
fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-{}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("remove an old scratch directory");
    }
    std::fs::create_dir_all(&dir).expect("create the scratch directory");
    for name in ["examples", "crates"] {
        let target = root().join(name).canonicalize().expect("the repository has examples/ and crates/");
        std::os::unix::fs::symlink(target, dir.join(name)).expect("link into the scratch directory");
    }
    dir
}

/// Runs one example; `None` when it prints what its document says, else a report of the
/// difference.
fn check(example: &Example, dir: &Path) -> Option<String> {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_pencilbox")).parent().expect("the binary's directory");
    let path = std::env::join_paths(
        std::iter::once(bin_dir.to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("a valid PATH");
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{}", example.command))
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .output()
        .expect("sh starts");
    let got: Vec<String> = String::from_utf8_lossy(&output.stdout).lines().map(str::to_string).collect();
    let got = normalise(&got);
    let want = normalise(&example.expected);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.success() && stderr.is_empty() && lines_match(&want, &got) {
        return None;
    }
    let mut report = format!("{} line {}: $ {}\n", example.file, example.line, example.command);
    if !output.status.success() {
        report.push_str(&format!(
            "  exit status: {} (a failing command shows `; echo \"exit $?\"`)\n",
            output.status
        ));
    }
    if !stderr.is_empty() {
        report.push_str(&format!("  stderr not captured with the output:\n{stderr}\n"));
    }
    // Line by line, as long as no `...` line shifts the output against the pattern.
    let mut aligned = want.iter().take_while(|w| *w != "...").zip(&got);
    if let Some(i) = aligned.position(|(w, g)| !line_matches(w, g)) {
        report.push_str(&format!("  first difference at output line {}\n", i + 1));
    }
    report.push_str("  expected:\n");
    for l in &want {
        report.push_str(&format!("    |{l}\n"));
    }
    report.push_str("  got:\n");
    for l in &got {
        report.push_str(&format!("    |{l}\n"));
    }
    Some(report)
}

/// README.md, then docs/*.md in name order (without API.md: its examples need a server on port
/// 8080), each with its path relative to the repository root.
fn documents() -> Vec<(String, String)> {
    let read = |rel: String| {
        let text =
            std::fs::read_to_string(root().join(&rel)).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"));
        (rel, text)
    };
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("the repository has docs/")
        .map(|entry| entry.expect("a docs/ entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md") && name != "API.md")
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    std::iter::once("README.md".to_string()).chain(docs).map(read).collect()
}

#[test]
fn readme_and_docs_console_examples_print_what_they_show() {
    let documents = documents();
    let examples: Vec<Example> = documents.iter().flat_map(|(file, text)| examples(file, text)).collect();
    // A block that lost its ```console tag would silently stop being checked.
    for (file, least) in [("README.md", 8), ("docs/usage.md", 30)] {
        let found = examples.iter().filter(|e| e.file == file).count();
        assert!(
            found >= least,
            "{file} has only {found} console commands; did its blocks lose their ```console tag?"
        );
    }
    let dir = scratch();
    let failures: Vec<String> = examples.iter().filter_map(|e| check(e, &dir)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} examples differ (the convention is at the top of crates/cli/tests/readme.rs):\n\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
    std::fs::remove_dir_all(&dir).expect("remove the scratch directory");
}

#[test]
fn patterns_match_as_the_convention_says() {
    let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(line_matches("slowest [... ms]", "slowest [712 ms]"));
    assert!(line_matches("a...b...c", "a1b2c"));
    assert!(!line_matches("a...b...c", "a1c2b"));
    assert!(!line_matches("ab...ba", "aba"));
    assert!(!line_matches("exact", "exact but longer"));
    assert!(lines_match(&lines(&["one", "..."]), &lines(&["one", "two", "three"])));
    assert!(lines_match(&lines(&["one", "...", "three"]), &lines(&["one", "two", "three"])));
    assert!(lines_match(&lines(&["one", "...", "two"]), &lines(&["one", "two"])));
    assert!(!lines_match(&lines(&["one", "two"]), &lines(&["one", "two", "three"])));
    assert!(!lines_match(&lines(&["one", "..."]), &lines(&["two"])));
}

#[test]
fn console_blocks_are_split_into_commands_and_outputs() {
    let text = "intro\n```console\n$ pencilbox a \\\n    --b\nout 1\n\nout 2\n$ false; echo \"exit $?\"\nexit 1\n```\n```text\n$ not run\n```\n";
    let ex = examples("doc.md", text);
    assert_eq!(ex.len(), 2, "{ex:?}");
    assert_eq!((ex[0].line, ex[0].command.as_str()), (3, "pencilbox a \\\n    --b"));
    assert_eq!(ex[0].expected, ["out 1", "", "out 2"]);
    assert_eq!((ex[1].line, ex[1].expected.as_slice()), (8, &["exit 1".to_string()][..]));
}

#[test]
#[should_panic(expected = "indented ```console block")]
fn an_indented_console_block_is_refused_rather_than_skipped() {
    examples("doc.md", "- a list item:\n\n  ```console\n  $ pencilbox walls winner\n  ```\n");
}
