//! `ugr-bot(cmd="...",timeout=2s)`: a Kalah agent that drives a bot built with the
//! Universidad de Granada course's kit (Práctica 3, Mancala) as a child process, speaking
//! the course simulator's protocol.
//!
//! The protocol (the kit's `SimulatorLink`): one message per line, one answer line each.
//!
//! | simulator sends | bot answers |
//! |---|---|
//! | `GETNAME` | its name |
//! | `SETPLAYER 0` or `SETPLAYER 1` (J1 or J2) | `OK` |
//! | `TIMEOUT <ms>` | a line the simulator ignores |
//! | `PING` | `PONG` |
//! | `GETMOVE <n> <m1> .. <mn> <turn> <G1> <J1_P1> .. <J1_P6> <G2> <J2_P1> .. <J2_P6>` | a pit `1..6` |
//! | `END` | `OK`, then exits |
//!
//! `m1..mn` are the opponent's moves since the bot last moved (none on an extra turn), `turn`
//! is 0 or 1, `G` a store and `P1` the pit next to it. Boards of other sizes send `m` pits a
//! side (the course's bots only know six).
//!
//! One process per game, as in the course: it is started at the bot's first move (`GETNAME`,
//! `SETPLAYER`, `TIMEOUT`), asked `GETMOVE` at each of its turns, and sent `END` when the next
//! game starts or the agent is dropped. As in the course's referee, a bot that crashes, stays
//! silent past the per-move limit, or answers anything but a non-empty pit loses the game: the
//! agent returns an error, the game is recorded as a loss with the reason (the course scored
//! it 48-0), the process is ended, and the next game starts a fresh one.
//!
//! The opponent's moves are not in the position an agent is given; they are recovered by
//! searching the opponent's move sequences (each but the last an extra turn) that lead from
//! the position the bot left to the one it now faces. Before the bot's first move of a game
//! the same search starts from the initial position; when that fails (a random opening was
//! played) the list is sent empty. The course's bots read the board, not the moves.

use poda_core::{Agent, AgentError, Choice, Game, Player, Spec, SpecError, Turn};
use poda_games::kalah::Kalah;
use poda_proto::process::{ChildProcess, ProcessError, ProcessSpec, StderrSink};
use poda_proto::ugr::driver::{getmove_line, recover_moves};
use std::time::Duration;

/// The course's per-move limit.
pub const DEFAULT_MOVE_TIMEOUT: Duration = Duration::from_secs(2);
/// Time allowed for starting the program and the first answers.
pub const DEFAULT_STARTUP: Duration = Duration::from_secs(10);

/// The agent (see the module doc).
pub struct UgrBot {
    name: String,
    process: ProcessSpec,
    move_timeout: Duration,
    startup: Duration,
    session: Option<Session>,
}

/// One game's process.
struct Session {
    process: ChildProcess,
    player: Player,
    /// The position after the bot's last move.
    left: Option<Kalah>,
}

impl UgrBot {
    /// Builds the agent from `ugr-bot(cmd="...",timeout=2s,startup=10s,stderr=tail|show)`.
    pub fn from_spec(spec: &Spec) -> Result<UgrBot, SpecError> {
        spec.expect_keys(&["cmd", "timeout", "startup", "stderr"])?;
        let command = spec
            .get("cmd")
            .ok_or_else(|| spec.bad_value("cmd", "", "the bot's command line is required"))?;
        let mut process = ProcessSpec::from_command_line(command)
            .map_err(|e| spec.bad_value("cmd", command, e.to_string()))?;
        let move_timeout = spec
            .duration_opt("timeout")?
            .unwrap_or(DEFAULT_MOVE_TIMEOUT);
        let startup = spec.duration_opt("startup")?.unwrap_or(DEFAULT_STARTUP);
        process.stderr = match spec.get("stderr").unwrap_or("tail") {
            "tail" => StderrSink::Tail,
            "show" => StderrSink::Inherit,
            other => return Err(spec.bad_value("stderr", other, "expected tail or show")),
        };
        Ok(UgrBot {
            name: spec.to_string(),
            process,
            move_timeout,
            startup,
            session: None,
        })
    }

    fn end_session(&mut self) {
        if let Some(mut s) = self.session.take() {
            // A bot that is already gone cannot hear it; `shutdown` still reaps it.
            let _ = s.process.send_line("END");
            s.process.shutdown();
        }
    }

    /// Starts the bot for a game in which it plays `player`.
    fn start(&self, player: Player) -> Result<Session, AgentError> {
        let mut process =
            ChildProcess::spawn(&self.process).map_err(|e| AgentError::Crashed(e.to_string()))?;
        let handshake = |p: &mut ChildProcess| -> Result<(), ProcessError> {
            p.request("GETNAME", self.startup)?;
            p.request(&format!("SETPLAYER {}", player.index()), self.startup)?;
            p.request(
                &format!("TIMEOUT {}", self.move_timeout.as_millis()),
                self.startup,
            )?;
            Ok(())
        };
        handshake(&mut process).map_err(|e| failure("while starting", e))?;
        Ok(Session {
            process,
            player,
            left: None,
        })
    }
}

impl Drop for UgrBot {
    fn drop(&mut self) {
        self.end_session();
    }
}

/// The agent error for a child failure: a forfeit in the course.
fn failure(when: &str, e: ProcessError) -> AgentError {
    match e {
        ProcessError::Timeout(d) => AgentError::Timeout(d),
        other => AgentError::Crashed(format!("{when}: {other}")),
    }
}

impl Agent<Kalah> for UgrBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _seed: u64) {
        self.end_session();
    }

    fn choose(&mut self, game: &Kalah, _turn: &mut Turn<u8>) -> Result<Choice<u8>, AgentError> {
        let me = game.to_move();
        if self.session.as_ref().is_some_and(|s| s.player != me) {
            // Asked to play the other side within one game: a new game for the bot.
            self.end_session();
        }
        if self.session.is_none() {
            self.session = Some(self.start(me)?);
        }
        let session = self.session.as_mut().expect("started above");
        let moves = match &session.left {
            Some(left) if left.to_move() == me => Vec::new(),
            Some(left) => recover_moves(left, game).unwrap_or_default(),
            None => {
                let start = Kalah::new(game.pits(), game.initial_seeds(), game.empty_capture())
                    .expect("the game's own size");
                if start.to_move() == me {
                    Vec::new()
                } else {
                    recover_moves(&start, game).unwrap_or_default()
                }
            }
        };
        let line = getmove_line(game, &moves);
        let answer = session.process.request(&line, self.move_timeout);
        let answer = match answer {
            Ok(a) => a,
            Err(e) => {
                self.end_session();
                return Err(failure("asked for a move", e));
            }
        };
        let pit = answer
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|&k| game.is_legal(k));
        match pit {
            Some(k) => {
                session.left = Some(game.after(k));
                Ok(Choice::plain(k))
            }
            None => {
                self.end_session();
                let why = match answer.trim().parse::<usize>() {
                    Ok(k) if (1..=game.pits()).contains(&k) => "an empty pit",
                    _ => "not a pit",
                };
                Err(AgentError::Illegal(format!("{} ({why})", answer.trim())))
            }
        }
    }
}
