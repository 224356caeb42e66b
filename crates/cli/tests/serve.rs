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
