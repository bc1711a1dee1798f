//! Reading and writing moves and move sequences.
//!
//! Each game parses single moves ([`Game::parse_move`]) and splits sequences
//! ([`Game::split_moves`]); [`play_line`] turns a whole sequence into a position and reports
//! the first bad token with its 1-based index.

use crate::{Game, IllegalMove};
use thiserror::Error;

/// A move string that does not follow the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad move '{token}': {reason}")]
pub struct MoveParseError {
    pub token: String,
    pub reason: String,
}

impl MoveParseError {
    pub fn new(token: &str, reason: impl Into<String>) -> Self {
        MoveParseError {
            token: token.to_string(),
            reason: reason.into(),
        }
    }
}

/// A move sequence that cannot be played: which move (1-based), its text, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SequenceError {
    #[error("move {index} '{token}': {reason}")]
    Malformed {
        index: usize,
        token: String,
        reason: String,
    },
    #[error("move {index} '{token}' is illegal: {reason}")]
    Illegal {
        index: usize,
        token: String,
        reason: IllegalMove,
    },
}

impl SequenceError {
    /// The 1-based index of the offending move.
    pub fn index(&self) -> usize {
        match self {
            SequenceError::Malformed { index, .. } | SequenceError::Illegal { index, .. } => *index,
        }
    }
}

/// Splits on whitespace and commas, dropping empty pieces.
pub fn split_separated(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect()
}

/// Splits a compact sequence into one token per character (`4453` -> `4`,`4`,`5`,`3`), unless
/// it contains separators, in which case it splits on them.
pub fn split_chars_or_separated(text: &str) -> Vec<&str> {
    if text.contains(|c: char| c.is_whitespace() || c == ',') {
        return split_separated(text);
    }
    text.char_indices()
        .map(|(i, c)| &text[i..i + c.len_utf8()])
        .collect()
}

/// Plays the move sequence `text` from `start`, checking every move.
/// Returns the final position and the moves played.
pub fn play_line<G: Game>(start: &G, text: &str) -> Result<(G, Vec<G::Move>), SequenceError> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for (i, token) in start.split_moves(text).into_iter().enumerate() {
        let index = i + 1;
        let mv = game
            .parse_move(token)
            .map_err(|e| SequenceError::Malformed {
                index,
                token: token.to_string(),
                reason: e.reason,
            })?;
        game.play(mv).map_err(|reason| SequenceError::Illegal {
            index,
            token: token.to_string(),
            reason,
        })?;
        moves.push(mv);
    }
    Ok((game, moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting() {
        assert_eq!(split_separated(" a1, b2  c3 "), vec!["a1", "b2", "c3"]);
        assert_eq!(split_separated(""), Vec::<&str>::new());
        assert_eq!(split_chars_or_separated("4453"), vec!["4", "4", "5", "3"]);
        assert_eq!(split_chars_or_separated("10,11 3"), vec!["10", "11", "3"]);
    }
}
