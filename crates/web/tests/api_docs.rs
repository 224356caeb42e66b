//! docs/API.md's examples are true: every `curl` command of its ```` ```console ```` blocks is
//! sent to the router in process, and the answer must be what the document shows.
//!
//! The convention, for whoever edits docs/API.md:
//!
//! - A command is one line `$ curl -s [-X POST] [-H 'Name: value'] http://127.0.0.1:8080/PATH
//!   [-d 'BODY']` (the body in single quotes, as a shell passes it on).
//! - The lines after it are the response body, then a line `(HTTP 200)` or `(HTTP 200,
//!   X-Error-Status: 400)` with the status and, for soft errors, that header.
//! - In the body, `...` stands for any text within its line (a node count, playouts, a time).

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use pencilbox_web::{Config, router};
use tower::ServiceExt;

/// One documented request and its answer.
#[derive(Debug)]
struct Example {
    line: usize,
    method: &'static str,
    path: String,
    headers: Vec<(String, String)>,
    body: Option<String>,
    expected_body: Vec<String>,
    expected_status: String,
}

/// The words of a shell command line, with single quotes removed (no other quoting is used).
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut in_word) = (false, false);
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                in_word = true;
            }
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                }
                in_word = false;
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(word);
    }
    out
}

fn parse_curl(line: usize, command: &str) -> Example {
    let mut example = Example {
        line,
        method: "GET",
        path: String::new(),
        headers: Vec::new(),
        body: None,
        expected_body: Vec::new(),
        expected_status: String::new(),
    };
    let words = words(command);
    assert_eq!(
        words.first().map(String::as_str),
        Some("curl"),
        "docs/API.md line {line}: not a curl command"
    );
    let mut rest = words[1..].iter();
    while let Some(w) = rest.next() {
        match w.as_str() {
            "-s" => {}
            "-X" => {
                let m = rest.next().expect("a method after -X");
                assert_eq!(m, "POST", "docs/API.md line {line}: only POST is written out");
                example.method = "POST";
            }
            "-H" => {
                let h = rest.next().expect("a header after -H");
                let (name, value) = h.split_once(':').expect("a header `Name: value`");
                example.headers.push((name.trim().to_string(), value.trim().to_string()));
            }
            "-d" => {
                example.body = Some(rest.next().expect("a body after -d").clone());
                example.method = "POST";
            }
            url => {
                let path = url.strip_prefix("http://127.0.0.1:8080").unwrap_or_else(|| {
                    panic!("docs/API.md line {line}: `{url}` is not an address of the local server")
                });
                example.path = path.to_string();
            }
        }
    }
    example
}

/// Every example of the document's console blocks.
fn examples(text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.push(parse_curl(i + 1, command));
        } else if line.starts_with("(HTTP ") {
            let last = out.last_mut().expect("a status after a command");
            last.expected_status = line.to_string();
        } else {
            let last =
                out.last_mut().unwrap_or_else(|| panic!("docs/API.md line {}: text before a command", i + 1));
            last.expected_body.push(line.to_string());
        }
    }
    out
}

/// Whether `got` matches the documented `pattern`, where `...` stands for any text.
fn matches(pattern: &str, got: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern == got;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !got.starts_with(first) || !got[first.len()..].ends_with(last) || got.len() < first.len() + last.len()
    {
        return false;
    }
    let mut rest = &got[first.len()..got.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

async fn answer(app: &Router, e: &Example) -> (String, String) {
    let mut req = Request::builder().method(e.method).uri(&e.path);
    for (name, value) in &e.headers {
        req = req.header(name, value);
    }
    let req = req.body(e.body.clone().map_or_else(Body::empty, Body::from)).unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let mut status = format!("(HTTP {}", resp.status().as_u16());
    if let Some(real) = resp.headers().get("x-error-status") {
        status += &format!(", X-Error-Status: {}", real.to_str().unwrap());
    }
    status.push(')');
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test]
async fn api_md_examples_answer_what_they_show() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/API.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let examples = examples(&text);
    assert!(examples.len() >= 30, "docs/API.md has only {} examples", examples.len());
    let app = router(Config::default());
    let mut failures = Vec::new();
    for e in &examples {
        let (status, body) = answer(&app, e).await;
        let got: Vec<&str> = body.lines().collect();
        let same_body = got.len() == e.expected_body.len()
            && got.iter().zip(&e.expected_body).all(|(g, want)| matches(want.trim_end(), g.trim_end()));
        if status != e.expected_status || !same_body {
            failures.push(format!(
                "docs/API.md line {}: {} {}\n  expected: {}\n    {}\n  got: {status}\n    {}",
                e.line,
                e.method,
                e.path,
                e.expected_status,
                e.expected_body.join("\n    "),
                got.join("\n    ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples differ:\n\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n\n")
    );
}

#[test]
fn wildcards_match_any_text_within_a_line() {
    assert!(matches("{\"nodes\":...,\"value\":2}", "{\"nodes\":255,\"value\":2}"));
    assert!(!matches("{\"nodes\":...,\"value\":2}", "{\"nodes\":255,\"value\":3}"));
    assert!(matches("a...b...c", "a1b2c"));
    assert!(!matches("a...b...c", "a1c"));
    assert!(matches("exact", "exact"));
    assert!(!matches("ab...ba", "aba"));
}

#[test]
fn curl_commands_are_read_as_a_shell_would() {
    let e = parse_curl(
        1,
        "curl -s -X POST http://127.0.0.1:8080/api/x -H 'X-Soft-Errors: 1' -d '{\"a\": \"b c\"}'",
    );
    assert_eq!((e.method, e.path.as_str()), ("POST", "/api/x"));
    assert_eq!(e.headers, vec![("X-Soft-Errors".to_string(), "1".to_string())]);
    assert_eq!(e.body.as_deref(), Some("{\"a\": \"b c\"}"));
}
