//! Child processes that talk in lines over stdin and stdout, with timeouts: the plumbing of
//! every agent that drives an external program (the course's bots through `ugr-bot`, and any
//! generic `external(cmd=...)` agent).
//!
//! - [`split_command`] turns a command line into a program and its arguments, with shell-like
//!   quoting (`'...'`, `"..."`, `\`), but runs no shell: nothing is expanded or redirected.
//! - [`ChildProcess::spawn`] starts the program with piped stdin and stdout. A thread reads
//!   stdout line by line into a channel (a line longer than [`MAX_LINE`] bytes is cut, bytes
//!   that are not UTF-8 are replaced), so [`ChildProcess::receive`] can wait for the next line
//!   with a timeout and tell a silent program ([`ChildError::Timeout`]) from a dead one
//!   ([`ChildError::Closed`], with the exit status and the end of its stderr).
//! - stderr is drained by another thread, so a chatty program never blocks on a full pipe: its
//!   last [`STDERR_TAIL`] lines are kept for error messages, or it is passed through to the
//!   terminal ([`StderrMode::Inherit`]).
//! - Dropping a [`ChildProcess`] kills the program and reaps it; [`ChildProcess::shutdown`]
//!   first says goodbye and gives it a moment to exit by itself.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use thiserror::Error;

/// Longest line read from a child (longer ones are cut there).
pub const MAX_LINE: u64 = 64 * 1024;
/// Lines of stderr kept for error messages.
pub const STDERR_TAIL: usize = 20;
/// How often `shutdown` checks whether the child has exited.
const EXIT_POLL: Duration = Duration::from_millis(10);

/// What to do with the child's stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StderrMode {
    /// Keep its last lines for error messages (the default).
    #[default]
    Tail,
    /// Let it through to our stderr (for watching a bot's debugging output).
    Inherit,
}

/// What went wrong with a child process.
#[derive(Debug, Error)]
pub enum ChildError {
    #[error("bad command '{command}': {reason}")]
    BadCommand { command: String, reason: String },
    #[error("cannot start '{command}': {source}")]
    Spawn {
        command: String,
        source: std::io::Error,
    },
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    #[error("the program exited ({status}){stderr}")]
    Closed { status: String, stderr: String },
    #[error("cannot write to the program: {0}")]
    Write(std::io::Error),
}

/// A running child process spoken to in lines (see the module doc).
pub struct ChildProcess {
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl std::fmt::Debug for ChildProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChildProcess")
            .field("command", &self.command)
            .field("pid", &self.child.id())
            .finish()
    }
}

impl ChildProcess {
    /// Starts `command_line` (split by [`split_command`]).
    pub fn spawn(command_line: &str, stderr: StderrMode) -> Result<ChildProcess, ChildError> {
        let argv = split_command(command_line).map_err(|reason| ChildError::BadCommand {
            command: command_line.to_string(),
            reason,
        })?;
        Self::spawn_argv(&argv, stderr)
    }

    /// Starts the program `argv[0]` with the arguments `argv[1..]`.
    pub fn spawn_argv(argv: &[String], stderr: StderrMode) -> Result<ChildProcess, ChildError> {
        let command = argv.join(" ");
        let Some((program, args)) = argv.split_first() else {
            return Err(ChildError::BadCommand {
                command,
                reason: "empty command".into(),
            });
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(match stderr {
                StderrMode::Tail => Stdio::piped(),
                StderrMode::Inherit => Stdio::inherit(),
            })
            .spawn()
            .map_err(|source| ChildError::Spawn {
                command: command.clone(),
                source,
            })?;
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        if let Some(out) = child.stdout.take() {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(out);
                while let Some(line) = read_line(&mut reader) {
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let tail = tail.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(err);
                while let Some(line) = read_line(&mut reader) {
                    let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                    if t.len() == STDERR_TAIL {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
            });
        }
        Ok(ChildProcess {
            command,
            child,
            stdin,
            lines,
            stderr: tail,
        })
    }

    /// The command line the child was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line (a newline is added) and flushes.
    pub fn send(&mut self, line: &str) -> Result<(), ChildError> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.closed());
        };
        let written = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        match written {
            Ok(()) => Ok(()),
            // A closed pipe means the child is gone: say how it ended.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(self.closed()),
            Err(e) => Err(ChildError::Write(e)),
        }
    }

    /// The next line the child writes (without its line ending), waiting at most `timeout`.
    pub fn receive(&mut self, timeout: Duration) -> Result<String, ChildError> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ChildError::Timeout(timeout)),
            Err(RecvTimeoutError::Disconnected) => Err(self.closed()),
        }
    }

    /// Sends a line and waits for the answer.
    pub fn request(&mut self, line: &str, timeout: Duration) -> Result<String, ChildError> {
        self.send(line)?;
        self.receive(timeout)
    }

    /// Throws away any lines already written and not read (after a timeout, say).
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// The last lines of the child's stderr (empty with [`StderrMode::Inherit`]).
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect()
    }

    /// The exit status if the child has exited.
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Says `farewell` (if any), closes stdin and waits up to `grace` for the child to exit
    /// by itself; kills it after that.
    pub fn shutdown(mut self, farewell: Option<&str>, grace: Duration) {
        if let Some(line) = farewell {
            let _ = self.send(line);
        }
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if self.exit_status().is_some() {
                return;
            }
            std::thread::sleep(EXIT_POLL);
        }
        // Drop kills and reaps.
    }

    /// The error for a child that stopped talking: its exit status and the end of stderr.
    fn closed(&mut self) -> ChildError {
        // The pipe may close a moment before the exit status is known.
        let deadline = Instant::now() + Duration::from_millis(200);
        let mut status = self.exit_status();
        while status.is_none() && Instant::now() < deadline {
            std::thread::sleep(EXIT_POLL);
            status = self.exit_status();
        }
        let tail = self.stderr_tail();
        ChildError::Closed {
            status: status.map_or("still running, output closed".into(), |s| s.to_string()),
            stderr: if tail.is_empty() {
                String::new()
            } else {
                format!("; its stderr ends with: {}", tail.join(" | "))
            },
        }
    }
}

impl Drop for ChildProcess {
    fn drop(&mut self) {
        self.stdin = None;
        if self.exit_status().is_none() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// One line from `reader` without its line ending, cut at [`MAX_LINE`] bytes; `None` at the
/// end of the stream or on a read error.
fn read_line(reader: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    match reader.by_ref().take(MAX_LINE).read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            if bytes.last() == Some(&b'\n') {
                bytes.pop();
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
            } else if bytes.len() as u64 == MAX_LINE {
                // Skip the rest of an over-long line.
                let mut rest = Vec::new();
                let _ = reader.read_until(b'\n', &mut rest);
            }
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

/// Splits a command line into words: blanks separate words; `'...'` keeps everything
/// literally; `"..."` keeps everything but `\"` and `\\`; a `\` outside quotes escapes the
/// next character. No variables, globs or redirections.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("unclosed single quote".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("unclosed double quote".into()),
                        },
                        Some(c) => word.push(c),
                        None => return Err("unclosed double quote".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err("a backslash at the end".into()),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("empty command".into());
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting_commands() {
        let ok = |t: &str| split_command(t).unwrap();
        assert_eq!(ok("python3 bot.py"), ["python3", "bot.py"]);
        assert_eq!(ok("  a   b  "), ["a", "b"]);
        assert_eq!(
            ok("sh -c 'echo \"hi there\"'"),
            ["sh", "-c", "echo \"hi there\""]
        );
        assert_eq!(ok(r#"say "a \"b\" \\ c" d"#), ["say", r#"a "b" \ c"#, "d"]);
        assert_eq!(ok(r"one\ word x''y"), ["one word", "xy"]);
        assert_eq!(ok("''"), [""]);
        assert!(split_command("").is_err());
        assert!(split_command("   ").is_err());
        assert!(split_command("a 'b").is_err());
        assert!(split_command("a \"b").is_err());
        assert!(split_command("a\\").is_err());
    }

    #[test]
    fn talking_to_cat_and_noticing_its_end() {
        let mut cat = ChildProcess::spawn("cat", StderrMode::Tail).unwrap();
        assert_eq!(
            cat.request("hello", Duration::from_secs(5)).unwrap(),
            "hello"
        );
        assert_eq!(cat.request("", Duration::from_secs(5)).unwrap(), "");
        assert!(matches!(
            cat.receive(Duration::from_millis(50)),
            Err(ChildError::Timeout(_))
        ));
        cat.shutdown(None, Duration::from_secs(5));
    }

    #[test]
    fn a_dead_child_reports_its_status_and_stderr() {
        let mut child =
            ChildProcess::spawn("sh -c 'echo oops >&2; exit 3'", StderrMode::Tail).unwrap();
        match child.receive(Duration::from_secs(5)) {
            Err(ChildError::Closed { status, stderr }) => {
                assert!(status.contains('3'), "{status}");
                assert!(stderr.contains("oops"), "{stderr}");
            }
            other => panic!("{other:?}"),
        }
        assert!(child.send("anything").is_err());
    }

    #[test]
    fn missing_programs_and_long_lines() {
        assert!(matches!(
            ChildProcess::spawn("/nonexistent/program", StderrMode::Tail),
            Err(ChildError::Spawn { .. })
        ));
        let mut child = ChildProcess::spawn(
            "sh -c 'head -c 70000 /dev/zero | tr \"\\0\" x; echo; echo next'",
            StderrMode::Tail,
        )
        .unwrap();
        let long = child.receive(Duration::from_secs(5)).unwrap();
        assert_eq!(long.len() as u64, MAX_LINE);
        assert_eq!(child.receive(Duration::from_secs(5)).unwrap(), "next");
    }
}
