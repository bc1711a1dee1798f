//! The referee's side: poda driving a bot built with the course's kit (the `ugr-bot(cmd=...)`
//! agent of poda-players sits on top of [`BotClient`]).
//!
//! poda speaks as the course's referee does, so that a bot that plays in the referee plays
//! here, and one that would break there breaks here: one process per game, started and told
//! `PING`, `TIMEOUT <ms>` and `SETPLAYER <0|1>`, then `GETMOVE` at each of its turns and
//! `END` at the end, each message split over lines as the referee splits it
//! ([`Command::wire`]). Answers are read as the referee reads them, one line each (spaces
//! around them are forgiven): `PONG` to `PING`, any line to `TIMEOUT` (the kit repeats its
//! previous answer), `OK` to `SETPLAYER`, a pit number to `GETMOVE`. During the set-up each
//! answer has the start-up time; a move has the per-move limit.

use super::command::Command;
use crate::process::{ChildProcess, ProcessError, ProcessSpec};
use poda_core::{Game, Player};
use poda_games::kalah::Kalah;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The longest run of opponent moves [`recover_moves`] searches for (the search is
/// exponential in it; real chains of extra turns are far shorter).
const MAX_RECOVERED_PLIES: usize = 12;
/// Time allowed for the answer to `END` before the bot is shut down anyway.
const END_GRACE: Duration = Duration::from_millis(300);

/// What went wrong with a bot.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotError {
    #[error("{0}")]
    Process(#[from] ProcessError),
    #[error("answered '{answer}' to {command}, not {expected}")]
    Unexpected {
        command: &'static str,
        answer: String,
        expected: &'static str,
    },
}

/// A course bot running for one game.
#[derive(Debug)]
pub struct BotClient {
    process: ChildProcess,
    player: Player,
}

impl BotClient {
    /// Starts the bot for a game in which it plays `player`, with a per-move limit of
    /// `move_limit`; each set-up answer may take `startup`.
    pub fn start(
        spec: &ProcessSpec,
        player: Player,
        move_limit: Duration,
        startup: Duration,
    ) -> Result<BotClient, BotError> {
        let mut client = BotClient {
            process: ChildProcess::spawn(spec)?,
            player,
        };
        client.expect(&Command::Ping, startup, "PONG")?;
        client.ask(&Command::Timeout(move_limit), startup)?;
        client.expect(&Command::SetPlayer(player), startup, "OK")?;
        Ok(client)
    }

    /// The side the bot plays.
    pub fn player(&self) -> Player {
        self.player
    }

    /// The process (for its stderr and status).
    pub fn process(&mut self) -> &mut ChildProcess {
        &mut self.process
    }

    /// Sends `command` and reads the answer line, trimmed.
    pub fn ask(&mut self, command: &Command, limit: Duration) -> Result<String, BotError> {
        self.process.send_line(&command.wire())?;
        let line = self.process.read_line(Instant::now() + limit)?;
        Ok(line.trim().to_string())
    }

    fn expect(
        &mut self,
        command: &Command,
        limit: Duration,
        expected: &'static str,
    ) -> Result<(), BotError> {
        let answer = self.ask(command, limit)?;
        if answer.eq_ignore_ascii_case(expected) {
            Ok(())
        } else {
            Err(BotError::Unexpected {
                command: command.word(),
                answer,
                expected,
            })
        }
    }

    /// Asks for a move in `game` after the opponent's `moves`; the answer as the bot wrote
    /// it (the caller checks that it is a legal pit).
    pub fn get_move(
        &mut self,
        game: &Kalah,
        moves: &[u8],
        limit: Duration,
    ) -> Result<String, BotError> {
        self.ask(&Command::get_move(game, moves), limit)
    }

    /// Sends `END`, reads the answer briefly, and makes sure the bot is gone.
    pub fn end(mut self) {
        // A bot that is already gone cannot hear it; `shutdown` still reaps it.
        if self.process.send_line(&Command::End.wire()).is_ok() {
            let _ = self.process.read_line(Instant::now() + END_GRACE);
        }
        self.process.shutdown();
    }
}

/// The opponent's moves that lead from `from` (opponent to move) to `to` (where the opponent
/// has just passed the turn back), if some sequence of exactly `to.ply() - from.ply()` moves
/// does: every move but the last must give an extra turn.
pub fn recover_moves(from: &Kalah, to: &Kalah) -> Option<Vec<u8>> {
    let plies = to.ply().checked_sub(from.ply())? as usize;
    if plies > MAX_RECOVERED_PLIES {
        return None;
    }
    if plies == 0 || from.to_move() == to.to_move() {
        return (plies == 0 && from == to).then(Vec::new);
    }
    let mut line = Vec::with_capacity(plies);
    search_line(from, to, plies, &mut line).then_some(line)
}

fn search_line(pos: &Kalah, target: &Kalah, left: usize, line: &mut Vec<u8>) -> bool {
    for mv in pos.legal_move_list() {
        let next = pos.after(mv);
        let extra = next.to_move() == pos.to_move() && !next.outcome().is_over();
        line.push(mv);
        let found = if left == 1 {
            !extra && next.board() == target.board() && next.to_move() == target.to_move()
        } else {
            extra && search_line(&next, target, left - 1, line)
        };
        if found {
            return true;
        }
        line.pop();
    }
    false
}
