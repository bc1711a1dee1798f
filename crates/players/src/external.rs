//! `external(cmd="...")`: an agent that is another program speaking the engine protocol.
//!
//! | option | meaning | default |
//! |---|---|---|
//! | `cmd` | the command line (shell-like quoting, no shell) | required |
//! | `movetime` (or `time`) | time per move, told to the program (`time_settings 0 T 1`) and enforced | 5s |
//! | `grace` | extra time allowed per move for pipes and process start-up | 500ms |
//! | `startup` | time allowed for each set-up command (`game`, `clear_board`, `play`) | 10s |
//! | `log` | file the program's stderr is appended to | a file per command in the temp directory |
//! | `protocol` (or `dialect`) | `native` (poda's notation; `htp` and `gtp` name it too) or `openspiel` (OpenSpiel's action strings) | native |
//! | `setup` | commands sent once after each start of the program, separated by `;` (e.g. `param_mohex max_time 1`) | none |
//!
//! Per game: the program is (re)started if needed (and then sent the `setup` commands, each
//! of which must succeed), told the game (`game SPEC` if it knows the command, otherwise
//! `boardsize` where the game has a size), `time_settings 0 T 1` if it knows the command,
//! `clear_board`, every move of the game with `play COLOUR MOVE` (learned through
//! [`Agent::observe`]), and asked `genmove COLOUR` on its turns. A program that crashes,
//! overruns its time, answers `resign`, an error, an unparsable or illegal move, or rejects a
//! legal move fails the move; in a match that is a loss with the reason recorded. After any
//! failure the program is killed and a fresh one is started for the next game (MoHex, for
//! one, answers `genmove` with an error or crashes in some positions it sees as lost).
//!
//! MoHex 2.0 (benzene) as an opponent on 9x9, one second a move (it has no `time_settings`;
//! its own search stops at `max_time`, and takes up to about twice that, hence the limit):
//! `external(cmd="mohex --quiet --use-logfile=false",protocol=htp,movetime=10s,setup="param_mohex max_time 1; param_mohex num_threads 1")`,
//! plus `param_game allow_swap 1` in `setup` for `hex(swap=true)`.

use poda_proto::gtp::client::{ClientError, GtpClient, Reply};

use crate::factory::PlayerGame;
use poda_core::{Agent, AgentError, Choice, Game, Player, Spec, SpecError, Turn};
use poda_proto::process::{ProcessError, ProcessSpec, StderrSink};
use poda_proto::Dialect;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Default time per move.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(5);
/// Default extra time per move before the program is declared out of time.
pub const DEFAULT_GRACE: Duration = Duration::from_millis(500);
/// Default time for each set-up command (a Python program may take a while to start).
pub const DEFAULT_STARTUP: Duration = Duration::from_secs(10);
/// Time allowed for `quit` when the agent is dropped.
const QUIT_TIME: Duration = Duration::from_millis(300);
/// Plies searched to re-find the moves between the last observed position and the one to
/// move in, for callers that do not report moves through `observe`.
const RESYNC_PLIES: u32 = 2;

/// The options of an `external(...)` spec.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalConfig {
    pub process: ProcessSpec,
    pub movetime: Duration,
    pub grace: Duration,
    pub startup: Duration,
    pub dialect: Dialect,
    /// Commands sent after each start of the program.
    pub setup: Vec<String>,
}

impl ExternalConfig {
    /// Reads an `external(...)` spec.
    pub fn from_spec(spec: &Spec) -> Result<ExternalConfig, SpecError> {
        spec.expect_keys(&[
            "cmd", "movetime", "time", "grace", "startup", "log", "dialect", "protocol", "setup",
        ])?;
        let cmd = spec.get("cmd").ok_or_else(|| {
            spec.bad_value("cmd", "", "external needs cmd=\"program and arguments\"")
        })?;
        let mut process = ProcessSpec::from_command_line(cmd)
            .map_err(|e| spec.bad_value("cmd", cmd, e.to_string()))?;
        process.stderr = StderrSink::Log(match spec.get("log") {
            Some(path) => PathBuf::from(path),
            None => default_log(cmd),
        });
        let dialect = match (spec.get("protocol"), spec.get("dialect")) {
            (Some(_), Some(_)) => {
                return Err(spec.bad_value(
                    "dialect",
                    spec.get("dialect").unwrap_or_default(),
                    "give protocol or dialect, not both",
                ))
            }
            (None, None) => Dialect::Native,
            (Some(d), None) | (None, Some(d)) => {
                let key = if spec.get("protocol").is_some() {
                    "protocol"
                } else {
                    "dialect"
                };
                Dialect::parse(d).ok_or_else(|| {
                    spec.bad_value(key, d, "expected native, htp, gtp or openspiel")
                })?
            }
        };
        let setup = spec
            .get("setup")
            .map(|text| {
                text.split(';')
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        let movetime = spec.movetime_opt()?.unwrap_or(DEFAULT_MOVETIME);
        Ok(ExternalConfig {
            process,
            movetime,
            grace: spec.duration_opt("grace")?.unwrap_or(DEFAULT_GRACE),
            startup: spec.duration_opt("startup")?.unwrap_or(DEFAULT_STARTUP),
            dialect,
            setup,
        })
    }
}

/// The default stderr log of a command: one file per command in the temp directory.
fn default_log(cmd: &str) -> PathBuf {
    let tag: String = cmd
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(60)
        .collect();
    std::env::temp_dir()
        .join("poda-external")
        .join(format!("{tag}.log"))
}

/// Builds the agent an `external(...)` spec names.
pub fn build_external<G: PlayerGame>(spec: &Spec) -> Result<Box<dyn Agent<G>>, SpecError> {
    let config = ExternalConfig::from_spec(spec)?;
    Ok(Box::new(ExternalAgent::<G>::new(spec.to_string(), config)))
}

/// See the module doc.
pub struct ExternalAgent<G: Game> {
    name: String,
    config: ExternalConfig,
    client: Option<GtpClient>,
    /// Kill and restart before the next game (after a timeout or a garbled answer).
    restart: bool,
    /// The game's start and the moves since, as `observe` reported them.
    start: Option<G>,
    current: Option<G>,
    moves: Vec<(Player, G::Move)>,
    /// How many of `moves` the program knows; whether it has been told the game.
    sent: usize,
    set_up: bool,
    /// The move the program chose last, which it has already played on its board.
    chosen: Option<G::Move>,
}

impl<G: Game> ExternalAgent<G> {
    pub fn new(name: String, config: ExternalConfig) -> Self {
        ExternalAgent {
            name,
            config,
            client: None,
            restart: false,
            start: None,
            current: None,
            moves: Vec::new(),
            sent: 0,
            set_up: false,
            chosen: None,
        }
    }

    fn log_note(&self) -> String {
        match &self.config.process.stderr {
            StderrSink::Log(p) => format!(" (its stderr is in {})", p.display()),
            _ => String::new(),
        }
    }

    /// Turns a failed exchange into the agent's error, marking the program for a restart.
    fn fail(&mut self, what: &str, e: ClientError) -> AgentError {
        self.restart = true;
        match e {
            ClientError::Process(ProcessError::Timeout(_)) => {
                if let Some(c) = self.client.as_mut() {
                    c.process().kill();
                }
                AgentError::Timeout(self.config.movetime + self.config.grace)
            }
            ClientError::Process(p) => {
                AgentError::Crashed(format!("{what}: {p}{}", self.log_note()))
            }
            ClientError::Garbled(text) => AgentError::Other(format!(
                "{what}: not a protocol answer '{}'",
                truncate(&text)
            )),
        }
    }

    /// Sends one command with a deadline; a failure answer becomes an error.
    fn exchange(&mut self, line: &str, within: Duration) -> Result<String, AgentError> {
        let Some(client) = self.client.as_mut() else {
            return Err(AgentError::Crashed("not running".into()));
        };
        match client.command(line, Instant::now() + within) {
            Ok(Reply::Success(text)) => Ok(text),
            Ok(Reply::Failure(message)) => Err(AgentError::Other(format!(
                "answered '{line}' with an error: {}",
                truncate(&message)
            ))),
            Err(e) => Err(self.fail(&format!("'{line}'"), e)),
        }
    }

    fn ensure_running(&mut self) -> Result<(), AgentError> {
        let alive = self
            .client
            .as_mut()
            .is_some_and(|c| c.process().is_running());
        if alive && !self.restart {
            return Ok(());
        }
        if let Some(c) = self.client.as_mut() {
            c.process().kill();
        }
        self.client = None;
        self.restart = false;
        self.set_up = false;
        let log = self.log_note();
        let client = GtpClient::spawn(&self.config.process)
            .map_err(|e| AgentError::Crashed(format!("{e}{log}")))?;
        self.client = Some(client);
        for command in self.config.setup.clone() {
            if let Err(e) = self.exchange(&command, self.config.startup) {
                self.restart = true;
                return Err(e);
            }
        }
        Ok(())
    }
}

impl<G: PlayerGame> ExternalAgent<G> {
    /// Tells the program which game is played and how much time it has.
    fn set_up(&mut self, start: &G) -> Result<(), AgentError> {
        self.ensure_running()?;
        if self.set_up {
            return Ok(());
        }
        let hooks = G::protocol();
        let startup = self.config.startup;
        if self.exchange("known_command game", startup)? == "true" {
            let spec = match self.config.dialect {
                Dialect::Native => start.spec(),
                Dialect::OpenSpiel => hooks.openspiel_game(start).ok_or_else(|| {
                    AgentError::Other(format!("{} has no OpenSpiel name", start.spec()))
                })?,
            };
            self.exchange(&format!("game {spec}"), startup)?;
        } else if let Some(command) = hooks.boardsize_command(start) {
            self.exchange(&command, startup)?;
        }
        if self.exchange("known_command time_settings", startup)? == "true" {
            let secs = self.config.movetime.as_secs_f64();
            // A program that only takes whole seconds may refuse; the limit is enforced anyway.
            let _ = self.exchange(&format!("time_settings 0 {secs} 1"), startup);
        }
        self.exchange("clear_board", startup)?;
        self.set_up = true;
        Ok(())
    }

    /// Makes `game` the position the agent follows, finding the moves that lead to it if
    /// they were not observed (a short search from the last known position).
    fn follow(&mut self, game: &G) -> Result<(), AgentError> {
        if self.current.is_none() {
            if game.ply() != 0 {
                return Err(AgentError::Other(
                    "an external program must see the game from its start".into(),
                ));
            }
            self.start = Some(game.clone());
            self.current = Some(game.clone());
        }
        let current = self.current.clone().expect("set above");
        if current.hash() == game.hash() && current.ply() == game.ply() {
            return Ok(());
        }
        let path = find_path(&current, game, RESYNC_PLIES).ok_or_else(|| {
            AgentError::Other("lost track of the game (moves were not reported)".into())
        })?;
        for mv in path {
            let before = self.current.clone().expect("set above");
            self.observe(&before, mv);
        }
        Ok(())
    }
}

impl<G: PlayerGame> Agent<G> for ExternalAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _seed: u64) {
        self.start = None;
        self.current = None;
        self.moves.clear();
        self.sent = 0;
        self.chosen = None;
        // The board is cleared at the next set-up; a dead program is restarted there.
        self.set_up = false;
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        if self.current.is_none() {
            self.start = Some(before.clone());
            self.current = Some(before.clone());
        }
        let Some(current) = self.current.as_mut() else {
            return;
        };
        let mover = current.to_move();
        current.play_unchecked(mv);
        self.moves.push((mover, mv));
        if self.chosen.take() == Some(mv) && self.sent + 1 == self.moves.len() {
            // The program played this move on its own board when it chose it.
            self.sent += 1;
        }
    }

    fn choose(
        &mut self,
        game: &G,
        turn: &mut Turn<G::Move>,
    ) -> Result<Choice<G::Move>, AgentError> {
        let _ = turn;
        self.follow(game)?;
        let start = self.start.clone().expect("follow sets the start");
        self.set_up(&start)?;
        let hooks = G::protocol();
        let dialect = self.config.dialect;
        // Tell the program the moves it has not heard yet.
        let mut position = start;
        for (i, &(mover, mv)) in self.moves.clone().iter().enumerate() {
            if i >= self.sent {
                let line = format!(
                    "play {} {}",
                    hooks.colour_name(&position, dialect, mover),
                    hooks.write_move(&position, dialect, mover, mv)
                );
                self.exchange(&line, self.config.startup)?;
                self.sent = i + 1;
            }
            position.play_unchecked(mv);
        }
        let me = game.to_move();
        let line = format!("genmove {}", hooks.colour_name(game, dialect, me));
        let answer = self.exchange(&line, self.config.movetime + self.config.grace);
        let text = match answer {
            Ok(text) => text,
            Err(e) => {
                // A program that failed a move starts afresh for the next game.
                self.restart = true;
                return Err(e);
            }
        };
        let text = text.trim();
        if text.eq_ignore_ascii_case("resign") {
            return Err(AgentError::Other("resigned".into()));
        }
        let mv = hooks.read_move(game, dialect, me, text).map_err(|e| {
            AgentError::Other(format!(
                "unparsable move '{}': {}",
                truncate(text),
                e.reason
            ))
        })?;
        if !game.is_legal(mv) {
            return Err(AgentError::Illegal(text.to_string()));
        }
        self.chosen = Some(mv);
        Ok(Choice::plain(mv))
    }
}

impl<G: Game> Drop for ExternalAgent<G> {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            client.quit(Instant::now() + QUIT_TIME);
        }
    }
}

/// A sequence of at most `plies` moves from `from` to a position equal to `to` (same hash and
/// ply), found by depth-first search.
fn find_path<G: Game>(from: &G, to: &G, plies: u32) -> Option<Vec<G::Move>> {
    if to.ply() < from.ply() || to.ply() - from.ply() > plies {
        return None;
    }
    fn go<G: Game>(at: &G, to: &G, path: &mut Vec<G::Move>) -> bool {
        if at.ply() == to.ply() {
            return at.hash() == to.hash();
        }
        for mv in at.legal_move_list() {
            path.push(mv);
            if go(&at.after(mv), to, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::new();
    go(from, to, &mut path).then_some(path)
}

/// At most 80 characters of a program's text, for messages.
fn truncate(text: &str) -> String {
    const LIMIT: usize = 80;
    if text.chars().count() <= LIMIT {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(LIMIT).collect::<String>())
    }
}
