//! `ugr-bot(cmd="...",timeout=2s)`: a Kalah agent that drives a bot built with the
//! Universidad de Granada course's kit (Práctica 3, Mancala) as a child process, speaking to
//! it exactly as the course's referee does (poda-proto's `ugr` module has the protocol and
//! [`BotClient`]).
//!
//! One process per game, as in the course: it is started at the bot's first move (`PING`,
//! `TIMEOUT`, `SETPLAYER`), asked `GETMOVE` at each of its turns, and sent `END` when the
//! next game starts or the agent is dropped. As in the course's referee, a bot that crashes,
//! stays silent past the per-move limit, or answers anything but a non-empty pit loses the
//! game: the agent returns an error, the game is recorded as a loss with the reason (the
//! course scored it 48-0), the process is ended, and the next game starts a fresh one.
//!
//! `GETMOVE` lists the opponent's moves since the bot last moved. They are the moves the
//! agent was told through [`Agent::observe`] (a match tells every move, opening moves too);
//! when it was not told, they are recovered by searching the opponent's move sequences (each
//! but the last an extra turn) that lead from the position the bot left to the one it faces,
//! and sent empty if none does. The course's bots read the board, not the moves.
//!
//! `timeout=0` is the referee without `-t`: the bot is told 0 and may take up to an hour.
//!
//! `cmd` follows shell word rules (quote a path with spaces, or give the path alone: the
//! kit's folder is named `Practica 3`).

use poda_core::{Agent, AgentError, Choice, Game, Player, Spec, SpecError, Turn};
use poda_games::kalah::Kalah;
use poda_proto::process::{ProcessError, ProcessSpec, StderrSink};
use poda_proto::ugr::driver::recover_moves;
use poda_proto::ugr::{BotClient, BotError};
use std::time::Duration;

/// The course's per-move limit.
pub const DEFAULT_MOVE_TIMEOUT: Duration = Duration::from_secs(2);
/// Time allowed for starting the program and each set-up answer (the referee's is 10 s).
pub const DEFAULT_STARTUP: Duration = Duration::from_secs(10);
/// How long a move may take with `timeout=0`: the referee without `-t` tells the bots 0 and
/// waits up to an hour.
pub const UNLIMITED_MOVE_WAIT: Duration = Duration::from_secs(3600);

/// The agent (see the module doc).
pub struct UgrBot {
    name: String,
    process: ProcessSpec,
    move_timeout: Duration,
    startup: Duration,
    bot: Option<BotClient>,
    /// The moves of this game as `observe` reported them, by whom, and the position after
    /// the last of them.
    observed: Vec<(Player, u8)>,
    observed_after: Option<Kalah>,
    /// The position after the bot's last move (for recovering moves not observed).
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
            bot: None,
            observed: Vec::new(),
            observed_after: None,
            left: None,
        })
    }

    /// How long a move may take.
    fn move_wait(&self) -> Duration {
        if self.move_timeout.is_zero() {
            UNLIMITED_MOVE_WAIT
        } else {
            self.move_timeout
        }
    }

    fn end_bot(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.end();
        }
        self.left = None;
    }

    /// The opponent's moves since the bot last moved, for a `GETMOVE` in `game` where the
    /// bot plays `me`.
    fn opponent_moves(&self, game: &Kalah, me: Player) -> Vec<u8> {
        if self.observed_after.as_ref() == Some(game) {
            let run = self
                .observed
                .iter()
                .rev()
                .take_while(|(by, _)| *by != me)
                .map(|&(_, mv)| mv);
            let mut moves: Vec<u8> = run.collect();
            moves.reverse();
            return moves;
        }
        let from = match &self.left {
            Some(left) => *left,
            None => Kalah::new(game.pits(), game.initial_seeds(), game.empty_capture())
                .expect("the game's own size"),
        };
        if from.to_move() == me {
            return Vec::new();
        }
        recover_moves(&from, game).unwrap_or_default()
    }
}

impl Drop for UgrBot {
    fn drop(&mut self) {
        self.end_bot();
    }
}

/// The agent error for a bot's failure: a forfeit in the course.
fn failure(when: &str, e: BotError) -> AgentError {
    match e {
        BotError::Process(ProcessError::Timeout(d)) => AgentError::Timeout(d),
        other => AgentError::Crashed(format!("{when}: {other}")),
    }
}

impl Agent<Kalah> for UgrBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _seed: u64) {
        self.end_bot();
        self.observed.clear();
        self.observed_after = None;
    }

    fn observe(&mut self, before: &Kalah, mv: u8) {
        self.observed.push((before.to_move(), mv));
        self.observed_after = Some(before.after(mv));
    }

    fn choose(&mut self, game: &Kalah, _turn: &mut Turn<u8>) -> Result<Choice<u8>, AgentError> {
        let me = game.to_move();
        if self.bot.as_ref().is_some_and(|b| b.player() != me) {
            // Asked to play the other side within one game: a new game for the bot.
            self.end_bot();
        }
        if self.bot.is_none() {
            let bot = BotClient::start(&self.process, me, self.move_timeout, self.startup)
                .map_err(|e| failure("while starting", e))?;
            self.bot = Some(bot);
        }
        let moves = self.opponent_moves(game, me);
        let wait = self.move_wait();
        let bot = self.bot.as_mut().expect("started above");
        let answer = match bot.get_move(game, &moves, wait) {
            Ok(a) => a,
            Err(e) => {
                self.end_bot();
                return Err(failure("asked for a move", e));
            }
        };
        match answer.parse::<u8>().ok().filter(|&k| game.is_legal(k)) {
            Some(k) => {
                self.left = Some(game.after(k));
                Ok(Choice::plain(k))
            }
            None => {
                self.end_bot();
                let why = match answer.parse::<usize>() {
                    Ok(k) if (1..=game.pits()).contains(&k) => "an empty pit",
                    _ => "not a pit",
                };
                Err(AgentError::Illegal(format!("{answer} ({why})")))
            }
        }
    }
}
