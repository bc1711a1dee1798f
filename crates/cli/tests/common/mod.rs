//! Helpers shared by the end-to-end tests of the `poda` binary: run it, read its output, and
//! check the one-line user errors.
// Each test file uses its own subset of these.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `poda ARGS` and waits for it.
pub fn poda(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_poda"))
        .args(args)
        .output()
        .expect("poda runs")
}

/// Runs `poda ARGS` with `input` on its stdin.
pub fn poda_with_input(args: &[&str], input: &str) -> Output {
    poda_with_input_env(args, input, &[])
}

/// Runs `poda ARGS` with `input` on its stdin and these environment variables set.
pub fn poda_with_input_env(args: &[&str], input: &str, env: &[(&str, &std::path::Path)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_poda"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("poda runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The standard output parsed as one JSON value.
pub fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(o).trim())
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

/// A user error: exit code 2, one line on stderr containing `needle`, no panic.
pub fn assert_user_error(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "'{needle}' not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}
