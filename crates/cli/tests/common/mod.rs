//! Helpers shared by the CLI integration tests: run the `pencilbox` binary as a user would.
// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The repository root (commands run there, so `examples/...` paths work as in the README).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file under the repository's `examples/`.
pub fn example(path: &str) -> PathBuf {
    root().join("examples").join(path)
}

/// Runs `pencilbox args…` in the repository root with `stdin` as standard input.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilbox"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pencilbox starts");
    // A verb may exit before reading all of its input; a closed pipe is not a test failure.
    let _ = child.stdin.take().expect("stdin is piped").write_all(stdin.as_bytes());
    child.wait_with_output().expect("pencilbox finishes")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh, empty folder for one test (`tag` names it), under the system's temporary folder.
pub fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pencilbox-test-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A path as a command-line argument.
pub fn arg(p: &std::path::Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// `o`, which must have succeeded (else the test fails with its output).
pub fn ok(o: Output) -> Output {
    assert!(o.status.success(), "exit {:?}\n{}{}", o.status.code(), stdout(&o), stderr(&o));
    o
}
