//! `poda serve`: starts, prints the address to open, answers the API over a real socket;
//! bad options are one-line errors. And `poda play` plays the game's `best` by default.

mod common;

use common::{assert_user_error, poda, stdout};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// One HTTP/1.1 GET with `Connection: close`; the status line and the body.
fn http_get(addr: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let status = text.lines().next().unwrap_or("").to_string();
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

#[test]
fn serve_prints_its_address_and_answers() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_poda"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(
        addr.starts_with("127.0.0.1:"),
        "listens on 127.0.0.1 by default: {addr}"
    );
    let (status, body) = http_get(&addr, "/api/position?game=connect4&moves=4453");
    assert!(status.contains("200"), "{status}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    // The same JSON as `poda show --json` where they overlap.
    let show = common::json(&poda(&["show", "connect4", "4453", "--json"]));
    for (key, value) in show.as_object().unwrap() {
        assert_eq!(&json[key], value, "{key}");
    }
    let (status, page) = http_get(&addr, "/");
    assert!(status.contains("200") && page.contains("/assets/main.js"));
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn serve_refuses_bad_options() {
    let o = poda(&["serve", "--tournament", "/no/such/dir", "--port", "0"]);
    assert_user_error(&o, "not a directory");
    let o = poda(&["serve", "--max-time", "0s", "--port", "0"]);
    assert_user_error(&o, "--max-time");
    // An address of no interface here (TEST-NET-3): binding fails with a clear line.
    let o = poda(&["serve", "--host", "203.0.113.7", "--port", "0"]);
    assert_user_error(&o, "cannot serve on 203.0.113.7");
}

#[test]
fn play_defaults_to_best() {
    let o = poda(&["play", "--help"]);
    assert!(stdout(&o).contains("[default: best]"), "{}", stdout(&o));
}
