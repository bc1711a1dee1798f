//! The client side of the engine protocol's framing (GTP v2): send one command line, read the
//! answer up to its empty line.
//!
//! An answer is `=` (success) or `?` (failure), an optional numeric id, then the text, which
//! may go on over further lines; an empty line ends it. Blank lines before an answer are
//! skipped (some engines emit an extra one); anything else where an answer should start is a
//! protocol violation.

use crate::process::{ChildProcess, ProcessError, ProcessSpec};

/// The longest answer read, in lines: a program that floods its output without ever ending
/// an answer is cut off there (a protocol violation), not read until its deadline.
pub const MAX_ANSWER_LINES: usize = 1000;
use std::time::Instant;
use thiserror::Error;

/// What went wrong in one exchange.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClientError {
    #[error(transparent)]
    Process(#[from] ProcessError),
    #[error("not a protocol answer: '{0}'")]
    Garbled(String),
}

/// An answer: success (`=`) or failure (`?`), with its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Success(String),
    Failure(String),
}

impl Reply {
    /// The text of a success, or the failure's message as an error string.
    pub fn into_result(self) -> Result<String, String> {
        match self {
            Reply::Success(t) => Ok(t),
            Reply::Failure(m) => Err(m),
        }
    }
}

/// A program spoken to over the protocol.
#[derive(Debug)]
pub struct GtpClient {
    process: ChildProcess,
}

impl GtpClient {
    pub fn spawn(spec: &ProcessSpec) -> Result<GtpClient, ProcessError> {
        Ok(GtpClient {
            process: ChildProcess::spawn(spec)?,
        })
    }

    pub fn process(&mut self) -> &mut ChildProcess {
        &mut self.process
    }

    /// Sends `line` and reads its answer, all before `deadline`.
    pub fn command(&mut self, line: &str, deadline: Instant) -> Result<Reply, ClientError> {
        self.process.send_line(line)?;
        let first = loop {
            let l = self.process.read_line(deadline)?;
            if !l.trim().is_empty() {
                break l;
            }
        };
        let mut lines = vec![first];
        loop {
            let l = self.process.read_line(deadline)?;
            if l.trim().is_empty() {
                break;
            }
            if lines.len() == MAX_ANSWER_LINES {
                return Err(ClientError::Garbled(format!(
                    "an answer of more than {MAX_ANSWER_LINES} lines, starting '{}'",
                    lines[0].chars().take(80).collect::<String>()
                )));
            }
            lines.push(l);
        }
        parse_reply(&lines)
    }

    /// Asks politely to quit, then makes sure the program is gone.
    pub fn quit(mut self, deadline: Instant) {
        let _ = self.command("quit", deadline);
        self.process.shutdown();
    }
}

/// Reads an answer from its lines (the first non-empty one and those after it).
pub fn parse_reply(lines: &[String]) -> Result<Reply, ClientError> {
    let first = lines.first().map(|l| l.trim_start()).unwrap_or_default();
    let (ok, rest) = match first.chars().next() {
        Some('=') => (true, &first[1..]),
        Some('?') => (false, &first[1..]),
        _ => return Err(ClientError::Garbled(first.to_string())),
    };
    // An optional numeric id right after the sign.
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let mut text = rest.trim().to_string();
    for l in &lines[1..] {
        text.push('\n');
        text.push_str(l.trim_end());
    }
    Ok(if ok {
        Reply::Success(text)
    } else {
        Reply::Failure(text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn replies() {
        assert_eq!(
            parse_reply(&lines(&["= x3"])).unwrap(),
            Reply::Success("x3".into())
        );
        assert_eq!(
            parse_reply(&lines(&["=12 d4"])).unwrap(),
            Reply::Success("d4".into())
        );
        assert_eq!(
            parse_reply(&lines(&["= "])).unwrap(),
            Reply::Success(String::new())
        );
        assert_eq!(
            parse_reply(&lines(&["? unknown command"])).unwrap(),
            Reply::Failure("unknown command".into())
        );
        assert_eq!(
            parse_reply(&lines(&["= ", "a b", "c"])).unwrap(),
            Reply::Success("\na b\nc".into())
        );
        assert!(matches!(
            parse_reply(&lines(&["hello"])),
            Err(ClientError::Garbled(_))
        ));
    }

    #[test]
    fn talks_to_a_scripted_program() {
        // A "program" that answers two commands and then stops answering.
        let script = "read a; printf '= one\\n\\n'; read b; printf '\\n?7 nope\\n\\n'; sleep 30";
        let spec = ProcessSpec {
            argv: vec!["sh".into(), "-c".into(), script.into()],
            stderr: crate::process::StderrSink::Discard,
            dir: None,
        };
        let mut c = GtpClient::spawn(&spec).unwrap();
        let soon = || Instant::now() + std::time::Duration::from_secs(5);
        assert_eq!(
            c.command("x", soon()).unwrap(),
            Reply::Success("one".into())
        );
        assert_eq!(
            c.command("y", soon()).unwrap(),
            Reply::Failure("nope".into())
        );
        let late = Instant::now() + std::time::Duration::from_millis(200);
        assert!(matches!(
            c.command("z", late),
            Err(ClientError::Process(ProcessError::Timeout(_)))
        ));
    }
}
