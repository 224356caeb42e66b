//! `pencilbox serve --port 0` prints its address first, then answers HTTP on it.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_address_and_answers_health() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilbox"))
        .args(["serve", "--port", "0"])
        .current_dir(common::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("pencilbox starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let result = std::panic::catch_unwind(|| {
        let url = line.trim();
        let host_port = url.strip_prefix("http://").and_then(|s| s.strip_suffix('/')).expect("an http URL");
        assert!(host_port.starts_with("127.0.0.1:"), "{url}");
        assert_ne!(host_port, "127.0.0.1:0", "the real port is printed");
        let mut stream = TcpStream::connect(host_port).unwrap();
        write!(stream, "GET /api/health HTTP/1.1\r\nHost: {host_port}\r\nConnection: close\r\n\r\n").unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        assert!(response.contains("\"status\":\"ok\""), "{response}");
    });
    // This test started the child and ends it by its handle.
    let _ = child.kill();
    let _ = child.wait();
    result.unwrap();
}

#[test]
fn serve_help_has_an_example() {
    let out = common::run(&["serve", "--help"], "");
    let text = common::stdout(&out);
    assert!(text.contains("pencilbox serve --port 0"), "{text}");
}

/// `pencilbox serve --port 0 --open` with `DISPLAY` set to `display` (or unset) and `PATH`
/// searched first in `bin`: the line it writes on standard error about `--open`, its address
/// replaced by `URL`, and whether the server then still takes connections.
#[cfg(target_os = "linux")]
fn serve_open(bin: &std::path::Path, display: Option<&str>) -> (String, bool) {
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_pencilbox"));
    command.args(["serve", "--port", "0", "--open"]).env("PATH", path).env_remove("WAYLAND_DISPLAY");
    match display {
        Some(d) => command.env("DISPLAY", d),
        None => command.env_remove("DISPLAY"),
    };
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("pencilbox starts");
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut url).unwrap();
    // Read until the line about --open: it comes whatever the timing, the server goes on.
    let said = BufReader::new(child.stderr.take().unwrap())
        .lines()
        .map_while(Result::ok)
        .find(|l| l.contains("--open"))
        .unwrap_or_default();
    let host_port = url.trim().trim_start_matches("http://").trim_end_matches('/').to_string();
    let answers = TcpStream::connect(&host_port).is_ok();
    // This test started the child and ends it by its handle.
    let _ = child.kill();
    let _ = child.wait();
    (said.replace(url.trim(), "URL"), answers)
}

/// Regression: `serve --open` opened nothing and said nothing where no browser could start.
#[cfg(target_os = "linux")]
#[test]
fn serve_open_says_when_no_browser_can_be_opened() {
    let bin =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-open-{}", std::process::id()));
    std::fs::create_dir_all(&bin).unwrap();
    let (said, answers) = serve_open(&bin, None);
    assert_eq!(
        said,
        "pencilbox: --open: no graphical display to open a browser on (DISPLAY and WAYLAND_DISPLAY are unset); open URL in a browser"
    );
    assert!(answers, "the server runs on");
    // A display, but the opener fails (as `xdg-open` does when it finds no browser).
    let opener = bin.join("xdg-open");
    std::fs::write(&opener, "#!/bin/sh\nexit 3\n").unwrap();
    std::fs::set_permissions(&opener, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let (said, answers) = serve_open(&bin, Some(":99"));
    assert_eq!(
        said,
        "pencilbox: --open: xdg-open could not start a browser (exit status: 3); open URL in a browser"
    );
    assert!(answers, "the server runs on");
    std::fs::remove_dir_all(&bin).unwrap();
}

/// One HTTP request to `host_port`: the status line and the body.
fn post(host_port: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(host_port).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {host_port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a header and a body");
    (head.lines().next().unwrap_or_default().to_string(), body.to_string())
}

/// `dots solve --json` and the web analysis print one report: for the same positions and the
/// same options, the same fields with the same values, exact or missing alike.
#[test]
fn dots_solve_json_is_the_web_analysis_report() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pencilbox"))
        .args(["serve", "--port", "0"])
        .current_dir(common::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("pencilbox starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let result = std::panic::catch_unwind(|| {
        let host_port =
            line.trim().strip_prefix("http://").and_then(|s| s.strip_suffix('/')).unwrap().to_string();
        let endgame = std::fs::read_to_string(common::root().join("examples/dots/endgame-2.in")).unwrap();
        // Empty, one box handed out, a 3x3 midgame, a finished board, the statement's endgame.
        let positions = [
            ("2x2", "000000000000"),
            ("2x2", "111000000000"),
            ("3x3", "100100110000100010010000"),
            ("1x2", "1111111"),
            ("", endgame.as_str()),
        ];
        for (board, text) in positions {
            for flags in [&[][..], &["--moves"], &["--explain"], &["--moves", "--explain"]] {
                let mut args = vec!["dots", "solve", "-", "--json", "--tt-mib", "32"];
                if !board.is_empty() {
                    args.extend(["--board", board]);
                }
                args.extend(flags);
                let o = common::run(&args, text);
                assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
                let cli: serde_json::Value = serde_json::from_str(&common::stdout(&o)).unwrap();
                let mut request = serde_json::json!({
                    "position": text,
                    "moves": flags.contains(&"--moves"),
                    "explain": flags.contains(&"--explain"),
                    "time_ms": 60_000,
                });
                if let Some((rows, cols)) = board.split_once('x') {
                    request["rows"] = rows.parse::<usize>().unwrap().into();
                    request["cols"] = cols.parse::<usize>().unwrap().into();
                }
                let (status, body) = post(&host_port, "/api/dots/solve", &request.to_string());
                assert!(status.contains(" 200 "), "{status}: {body}");
                let web: serde_json::Value = serde_json::from_str(&body).unwrap();
                assert_eq!(cli, web, "{board} {text:?} {flags:?}");
            }
        }
    });
    let _ = child.kill();
    let _ = child.wait();
    result.unwrap();
}
