//! Turning user input into games, positions and agents, with errors that say what and where.

use anyhow::{anyhow, Error};
use poda_core::{notation::play_line, Agent, Game};
use poda_games::AnyGame;
use poda_players::{build_agent, PlayerGame};

/// Bad input from the user (exit code 2), as opposed to a failure of the machine (1).
#[derive(Debug)]
pub struct UserError(pub String);

impl std::fmt::Display for UserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UserError {}

/// A user error with this message.
pub fn user(message: impl Into<String>) -> Error {
    Error::new(UserError(message.into()))
}

/// The exit code for an error: 2 for bad input, 1 otherwise.
pub fn exit_code(e: &Error) -> u8 {
    if e.downcast_ref::<UserError>().is_some() {
        2
    } else {
        1
    }
}

/// The error and its causes on one line.
pub fn one_line(e: &Error) -> String {
    let mut text = e.to_string();
    for cause in e.chain().skip(1) {
        text.push_str(": ");
        text.push_str(&cause.to_string());
    }
    text.replace('\n', " ")
}

/// Parses a game spec.
pub fn game(text: &str) -> Result<AnyGame, Error> {
    AnyGame::parse(text).map_err(|e| user(format!("game '{text}': {e}")))
}

/// Plays a move sequence from the start position.
pub fn position<G: Game>(start: &G, moves: &str) -> Result<(G, Vec<G::Move>), Error> {
    play_line(start, moves).map_err(|e| user(format!("moves '{moves}': {e}")))
}

/// Builds an agent for the game.
pub fn agent<G: PlayerGame>(game: &G, spec: &str) -> Result<Box<dyn Agent<G>>, Error> {
    build_agent(game, spec).map_err(|e| user(format!("agent '{spec}': {e}")))
}

/// Wraps any error as a user error with a prefix.
pub fn bad(prefix: &str, e: impl std::fmt::Display) -> Error {
    anyhow!(UserError(format!("{prefix}: {e}")))
}
