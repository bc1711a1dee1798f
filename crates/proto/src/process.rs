//! A child process spoken to line by line: spawn, send a line, read a line before a deadline,
//! kill, restart.
//!
//! This is the plumbing under every agent that runs another program (the engine protocol's
//! `external(cmd=...)`, course-protocol bots). Reading with a deadline needs no `unsafe` and no
//! non-blocking I/O: a reader thread owns the child's stdout and forwards whole lines through a
//! channel, and the caller waits on the channel with `recv_timeout`. The child's stderr is
//! appended to a log file (at most [`MAX_LOG_BYTES`] a process), discarded, kept as a tail of
//! its last [`STDERR_TAIL`] lines (the tail ends the message of [`ProcessError::Exited`]), or
//! passed through to ours ([`StderrSink`]); a thread drains it, so a chatty program never
//! blocks on a full pipe. At most [`LINE_QUEUE`] lines of stdout wait unread, each at most
//! [`MAX_LINE_BYTES`]: a flood costs bounded memory.
//!
//! On Unix the child leads its own process group, so [`ChildProcess::kill`] also ends the
//! programs it started (a shell script that runs an interpreter, say); the group is signalled
//! with `killpg(2)` through the `nix` crate's safe wrapper (no `unsafe` here, and no `kill`
//! command whose argument parsing could widen the target).
//!
//! Command lines follow POSIX shell word rules (the `shell-words` crate): quotes and backslash
//! escapes, no variables, globs or pipes. A command line that is, as a whole, the path of an
//! existing file is that program alone, so `/home/me/Practica 3/GreedyBot/GreedyBot` (the
//! course's kit lives in a folder named `Practica 3`) starts without quoting.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use thiserror::Error;

/// How long [`ChildProcess::shutdown`] waits for a polite exit before killing.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(500);
/// Poll interval while waiting for a child to exit.
const EXIT_POLL: Duration = Duration::from_millis(10);
/// How long a stopped child's log may take to receive the last of its stderr (a grandchild
/// that escaped the group could hold the pipe open for ever, so the wait is bounded).
const LOG_FLUSH_GRACE: Duration = Duration::from_secs(1);
/// Longest line accepted from a child (a runaway program must not exhaust memory).
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// Lines of stderr kept by [`StderrSink::Tail`] for error messages.
pub const STDERR_TAIL: usize = 20;
/// Lines read ahead from a child's stdout before its reader waits for us: a program that
/// floods its output blocks on its own pipe instead of filling our memory.
pub const LINE_QUEUE: usize = 64;
/// Bytes of a child's stderr written to its log file ([`StderrSink::Log`]); the rest is
/// dropped (with a note in the log), so a chatty program cannot fill the disk.
pub const MAX_LOG_BYTES: u64 = 16 << 20;

/// What can go wrong talking to a child.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProcessError {
    #[error("bad command line: {0}")]
    BadCommand(String),
    #[error("cannot start {command}: {message}")]
    Spawn { command: String, message: String },
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    #[error("the program exited ({0})")]
    Exited(String),
    #[error("i/o error: {0}")]
    Io(String),
    #[error("a line longer than {MAX_LINE_BYTES} bytes")]
    LineTooLong,
}

/// Where a child's stderr goes.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum StderrSink {
    /// Thrown away.
    #[default]
    Discard,
    /// Appended to this file.
    Log(PathBuf),
    /// The last [`STDERR_TAIL`] lines kept for error messages.
    Tail,
    /// Passed through to our stderr (to watch a program's debugging output).
    Inherit,
}

/// How to start a child: the argument vector, and where its stderr goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProcessSpec {
    pub argv: Vec<String>,
    /// Where the child's stderr goes.
    pub stderr: StderrSink,
    /// Working directory, if not ours.
    pub dir: Option<PathBuf>,
}

impl ProcessSpec {
    /// A spec from a command line in shell-like syntax (see [`split_command_line`]).
    pub fn from_command_line(line: &str) -> Result<ProcessSpec, ProcessError> {
        let argv = split_command_line(line)?;
        Ok(ProcessSpec {
            argv,
            stderr: StderrSink::Discard,
            dir: None,
        })
    }
}

/// A running child with line-based stdin and stdout.
pub struct ChildProcess {
    spec: ProcessSpec,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, ProcessError>>,
    /// The last lines of stderr with [`StderrSink::Tail`].
    stderr_tail: Arc<Mutex<StderrTail>>,
    /// With [`StderrSink::Log`]: disconnected once the log thread has copied all of stderr.
    log_written: Option<Receiver<()>>,
}

/// What the stderr thread of [`StderrSink::Tail`] has read.
#[derive(Default)]
struct StderrTail {
    lines: VecDeque<String>,
    /// The stream has ended.
    closed: bool,
}

impl std::fmt::Debug for ChildProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChildProcess")
            .field("argv", &self.spec.argv)
            .field("pid", &self.child.id())
            .finish()
    }
}

impl ChildProcess {
    /// Starts the program.
    pub fn spawn(spec: &ProcessSpec) -> Result<ChildProcess, ProcessError> {
        let program = spec
            .argv
            .first()
            .ok_or_else(|| ProcessError::BadCommand("empty command".into()))?;
        let mut command = Command::new(program);
        command
            .args(&spec.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(match &spec.stderr {
                StderrSink::Discard => Stdio::null(),
                StderrSink::Log(_) => Stdio::piped(),
                StderrSink::Tail => Stdio::piped(),
                StderrSink::Inherit => Stdio::inherit(),
            });
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn().map_err(|e| {
            let mut message = e.to_string();
            if e.kind() == std::io::ErrorKind::NotFound && spec.argv.len() > 1 {
                message =
                    format!("no program '{program}' ({message}); quote a path that has spaces");
            }
            ProcessError::Spawn {
                command: shell_words::join(&spec.argv),
                message,
            }
        })?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| ProcessError::Io("no stdout pipe".into()))?;
        let (sender, lines) = mpsc::sync_channel(LINE_QUEUE);
        std::thread::spawn(move || read_lines(BufReader::new(stdout), sender));
        let stderr_tail = Arc::new(Mutex::new(StderrTail {
            lines: VecDeque::new(),
            // Only a piped stderr has a thread to read it to its end.
            closed: spec.stderr != StderrSink::Tail,
        }));
        let mut log_written = None;
        if let Some(err) = child.stderr.take() {
            if let StderrSink::Log(path) = &spec.stderr {
                let log = open_log(path)?;
                let (written, done) = mpsc::channel::<()>();
                log_written = Some(done);
                std::thread::spawn(move || {
                    copy_to_log(err, log);
                    drop(written);
                });
            } else {
                let tail = stderr_tail.clone();
                std::thread::spawn(move || keep_tail(BufReader::new(err), &tail));
            }
        }
        Ok(ChildProcess {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            stderr_tail,
            log_written,
        })
    }

    /// The operating system's id of the child.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The spec it was started from.
    pub fn spec(&self) -> &ProcessSpec {
        &self.spec
    }

    /// Writes `line` and a newline, and flushes.
    pub fn send_line(&mut self, line: &str) -> Result<(), ProcessError> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.exited_error());
        };
        let written = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        written.map_err(|_| self.exited_error())
    }

    /// The next line of the child's stdout (without its line ending), waiting until
    /// `deadline` at most.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ProcessError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(e)) => Err(e),
            Err(RecvTimeoutError::Timeout) => Err(ProcessError::Timeout(wait)),
            Err(RecvTimeoutError::Disconnected) => Err(self.exited_error()),
        }
    }

    /// Sends `line` and waits at most `timeout` for the answer line.
    pub fn request(&mut self, line: &str, timeout: Duration) -> Result<String, ProcessError> {
        self.send_line(line)?;
        self.read_line(Instant::now() + timeout)
    }

    /// The last lines of the child's stderr (empty unless it goes to [`StderrSink::Tail`]).
    pub fn stderr_tail(&self) -> Vec<String> {
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        tail.lines.iter().cloned().collect()
    }

    fn stderr_closed(&self) -> bool {
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        tail.closed
    }

    /// True while the child runs.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The exit status, if the child has ended.
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Ends the child (and on Unix its process group) at once and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        if self.is_running() {
            #[cfg(unix)]
            kill_group(self.child.id());
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        self.finish_log();
    }

    /// Waits (boundedly) until the log holds everything the stopped child wrote to stderr.
    fn finish_log(&mut self) {
        if let Some(done) = self.log_written.take() {
            let _ = done.recv_timeout(LOG_FLUSH_GRACE);
        }
    }

    /// Closes the child's stdin (most programs exit on end of input), waits a moment, then
    /// kills it if it is still running.
    pub fn shutdown(&mut self) {
        self.stdin = None;
        let until = Instant::now() + SHUTDOWN_GRACE;
        while Instant::now() < until {
            if !self.is_running() {
                let _ = self.child.wait();
                self.finish_log();
                return;
            }
            std::thread::sleep(EXIT_POLL);
        }
        self.kill();
    }

    /// Kills the child and starts a fresh one from the same spec.
    pub fn restart(&mut self) -> Result<(), ProcessError> {
        self.kill();
        *self = ChildProcess::spawn(&self.spec)?;
        Ok(())
    }

    fn exited_error(&mut self) -> ProcessError {
        // The reader may see end of file a moment before the exit status is available.
        let until = Instant::now() + Duration::from_millis(100);
        let status = loop {
            if let Some(status) = self.exit_status() {
                break status.to_string();
            }
            if Instant::now() >= until {
                break "closed its output".to_string();
            }
            std::thread::sleep(EXIT_POLL);
        };
        // Likewise its last words on stderr may still be on their way.
        while !self.stderr_closed() && Instant::now() < until {
            std::thread::sleep(EXIT_POLL);
        }
        let tail = self.stderr_tail();
        if tail.is_empty() {
            ProcessError::Exited(status)
        } else {
            ProcessError::Exited(format!(
                "{status}; its stderr ends with: {}",
                tail.join(" | ")
            ))
        }
    }
}

impl Drop for ChildProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn open_log(path: &Path) -> Result<File, ProcessError> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| ProcessError::Io(format!("creating {}: {e}", parent.display())))?;
    }
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| ProcessError::Io(format!("opening log {}: {e}", path.display())))
}

/// The stderr thread of [`StderrSink::Log`]: copies up to [`MAX_LOG_BYTES`] into the log,
/// then notes the cut and drains the rest.
fn copy_to_log(mut err: impl Read, mut log: File) {
    let copied = std::io::copy(&mut err.by_ref().take(MAX_LOG_BYTES), &mut log).unwrap_or(0);
    if copied == MAX_LOG_BYTES {
        let _ = writeln!(
            log,
            "\n[poda: the rest of this program's stderr was dropped]"
        );
        let _ = std::io::copy(&mut err, &mut std::io::sink());
    }
}

/// The reader thread: forwards lines until end of file or a read error.
fn read_lines(mut reader: impl BufRead, sender: mpsc::SyncSender<Result<String, ProcessError>>) {
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = reader
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buffer);
        let message = match read {
            Ok(0) => return,
            Ok(_) if buffer.len() > MAX_LINE_BYTES => Err(ProcessError::LineTooLong),
            Ok(_) => {
                while buffer.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    buffer.pop();
                }
                Ok(String::from_utf8_lossy(&buffer).into_owned())
            }
            Err(e) => Err(ProcessError::Io(e.to_string())),
        };
        let stop = message.is_err();
        if sender.send(message).is_err() || stop {
            return;
        }
    }
}

/// The stderr thread of [`StderrSink::Tail`]: keeps the last [`STDERR_TAIL`] lines (each cut
/// at [`MAX_LINE_BYTES`]) until end of file.
fn keep_tail(mut reader: impl BufRead, tail: &Mutex<StderrTail>) {
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = reader
            .by_ref()
            .take(MAX_LINE_BYTES as u64)
            .read_until(b'\n', &mut buffer);
        let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
        match read {
            Ok(0) | Err(_) => {
                t.closed = true;
                return;
            }
            Ok(_) => {
                while buffer.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    buffer.pop();
                }
                if t.lines.len() == STDERR_TAIL {
                    t.lines.pop_front();
                }
                t.lines
                    .push_back(String::from_utf8_lossy(&buffer).into_owned());
            }
        }
    }
}

/// Signals the process group that the child `pid` leads (see `spawn`). A pid that does not
/// fit a positive `pid_t`, or is 1, is refused rather than signalled: `killpg` of 0 or 1 would
/// reach our own group or init's.
#[cfg(unix)]
fn kill_group(pid: u32) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    match i32::try_from(pid) {
        Ok(group) if group > 1 => {
            // The group may be gone already (the child exited and was reaped by no one else):
            // ESRCH is the expected answer then.
            let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
        }
        _ => {}
    }
}

/// Splits a command line into words with POSIX shell word rules (single and double quotes,
/// backslash escapes; no variables, globs, pipes or redirections: run `sh -c '...'` for
/// those), through the `shell-words` crate. A line that is, whole, the path of an existing
/// file is one word: the program, without arguments.
pub fn split_command_line(line: &str) -> Result<Vec<String>, ProcessError> {
    let whole = line.trim();
    if whole.contains(char::is_whitespace) && Path::new(whole).is_file() {
        return Ok(vec![whole.to_string()]);
    }
    let words = shell_words::split(line)
        .map_err(|e| ProcessError::BadCommand(format!("{e} in '{line}'")))?;
    if words.is_empty() {
        return Err(ProcessError::BadCommand("empty command".into()));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Instant {
        Instant::now() + Duration::from_secs_f64(s)
    }

    #[test]
    fn command_lines_split_like_a_shell() {
        let w = split_command_line(r#"python3 "my bot.py" --name 'a b' x\ y "q\"t""#).unwrap();
        assert_eq!(w, ["python3", "my bot.py", "--name", "a b", "x y", "q\"t"]);
        assert_eq!(split_command_line("  a   b ").unwrap(), ["a", "b"]);
        assert_eq!(split_command_line("''").unwrap(), [""]);
        // A trailing backslash escapes nothing: shell-words keeps it.
        assert_eq!(split_command_line("a\\").unwrap(), ["a\\"]);
        for bad in ["", "   ", "a 'b", "a \"b"] {
            assert!(split_command_line(bad).is_err(), "{bad:?}");
        }
        let err = split_command_line("./bot 'x").unwrap_err().to_string();
        assert!(err.contains("./bot 'x"), "{err}");
    }

    #[test]
    fn a_path_with_a_space_starts_quoted_or_whole_and_errors_name_the_whole_command() {
        let dir = std::env::temp_dir().join(format!("poda-process {}", std::process::id()));
        let folder = dir.join("Practica 3");
        std::fs::create_dir_all(&folder).unwrap();
        let bot = folder.join("echo bot");
        std::fs::write(&bot, "#!/bin/sh\nread line; echo \"got $line $1\"\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&bot, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let path = bot.display().to_string();
        let quoted = format!("'{path}' arg");
        let escaped = format!("{} arg", path.replace(' ', "\\ "));
        for (line, answer) in [
            (path.as_str(), "got hi "),
            (quoted.as_str(), "got hi arg"),
            (escaped.as_str(), "got hi arg"),
        ] {
            let spec = ProcessSpec::from_command_line(line).unwrap();
            let mut p = ChildProcess::spawn(&spec).unwrap();
            assert_eq!(
                p.request("hi", Duration::from_secs(5)).unwrap(),
                answer,
                "{line}"
            );
        }
        let missing = format!("'{}' --x", folder.join("no bot").display());
        let err = ChildProcess::spawn(&ProcessSpec::from_command_line(&missing).unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("Practica 3/no bot' --x"), "{err}");
        let unquoted = format!("{} --x", folder.join("no bot").display());
        let err = ChildProcess::spawn(&ProcessSpec::from_command_line(&unquoted).unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("Practica 3/no bot --x"), "{err}");
        assert!(err.contains("quote a path that has spaces"), "{err}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn echo_round_trip_and_end_of_file() {
        let spec = ProcessSpec::from_command_line("cat").unwrap();
        let mut p = ChildProcess::spawn(&spec).unwrap();
        p.send_line("hello").unwrap();
        assert_eq!(p.read_line(secs(5.0)).unwrap(), "hello");
        p.send_line("").unwrap();
        assert_eq!(p.read_line(secs(5.0)).unwrap(), "");
        p.shutdown();
        assert!(!p.is_running());
        assert!(matches!(
            p.read_line(secs(1.0)),
            Err(ProcessError::Exited(_))
        ));
        assert!(p.send_line("x").is_err());
    }

    #[test]
    fn deadline_kill_and_restart() {
        // A program that never answers.
        let spec = ProcessSpec::from_command_line("sleep 30").unwrap();
        let mut p = ChildProcess::spawn(&spec).unwrap();
        let began = Instant::now();
        assert!(matches!(
            p.read_line(secs(0.2)),
            Err(ProcessError::Timeout(_))
        ));
        assert!(began.elapsed() < Duration::from_secs(5));
        let first = p.id();
        p.restart().unwrap();
        assert_ne!(p.id(), first);
        assert!(p.is_running());
        p.kill();
        assert!(!p.is_running());
    }

    #[test]
    fn a_crash_is_reported_with_its_status_and_stderr_is_logged() {
        let dir = std::env::temp_dir().join(format!("poda-process-{}", std::process::id()));
        let log = dir.join("child.log");
        let mut spec =
            ProcessSpec::from_command_line("sh -c 'echo oops >&2; echo one; exit 3'").unwrap();
        spec.stderr = StderrSink::Log(log.clone());
        let mut p = ChildProcess::spawn(&spec).unwrap();
        assert_eq!(p.read_line(secs(5.0)).unwrap(), "one");
        match p.read_line(secs(5.0)) {
            Err(ProcessError::Exited(status)) => assert!(status.contains('3'), "{status}"),
            other => panic!("expected an exit, got {other:?}"),
        }
        drop(p);
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(text.contains("oops"), "{text}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_dead_child_reports_the_tail_of_its_stderr() {
        let mut spec = ProcessSpec::from_command_line(
            "sh -c 'for i in $(seq 30); do echo line$i >&2; done; echo oops >&2; exit 3'",
        )
        .unwrap();
        spec.stderr = StderrSink::Tail;
        let mut p = ChildProcess::spawn(&spec).unwrap();
        match p.request("anything", Duration::from_secs(5)) {
            Err(ProcessError::Exited(message)) => {
                assert!(message.contains('3'), "{message}");
                assert!(message.contains("line30 | oops"), "{message}");
            }
            other => panic!("expected an exit, got {other:?}"),
        }
        let tail = p.stderr_tail();
        assert_eq!(tail.len(), STDERR_TAIL);
        assert_eq!(tail.last().map(String::as_str), Some("oops"));
        assert!(!tail.iter().any(|l| l == "line10"), "{tail:?}");
    }

    /// True while `pid` is a live process (not gone, not a zombie waiting to be reaped).
    #[cfg(target_os = "linux")]
    fn alive(pid: u32) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => false,
            // The state follows the parenthesised command name.
            Ok(stat) => !stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn kill_ends_the_childs_group_and_nothing_else() {
        // A shell that starts a grandchild in its own group, and a bystander outside it.
        let spec = ProcessSpec::from_command_line("sh -c 'sleep 30 & echo $!; wait'").unwrap();
        let mut p = ChildProcess::spawn(&spec).unwrap();
        let grandchild: u32 = p.read_line(secs(5.0)).unwrap().trim().parse().unwrap();
        let mut bystander = Command::new("sleep").arg("30").spawn().unwrap();
        assert!(alive(grandchild) && alive(bystander.id()));
        p.kill();
        let until = Instant::now() + Duration::from_secs(5);
        while alive(grandchild) && Instant::now() < until {
            std::thread::sleep(EXIT_POLL);
        }
        assert!(!alive(grandchild), "the grandchild {grandchild} survived");
        assert!(
            alive(bystander.id()),
            "a process outside the group was signalled"
        );
        assert!(alive(std::process::id()));
        let _ = bystander.kill();
        let _ = bystander.wait();
    }

    #[test]
    fn missing_programs_fail_to_spawn() {
        let spec = ProcessSpec::from_command_line("/nonexistent/poda-bot --x").unwrap();
        let err = ChildProcess::spawn(&spec).unwrap_err();
        assert!(err.to_string().contains("cannot start"), "{err}");
    }
}
