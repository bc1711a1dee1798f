//! The closed set of games, chosen at run time from a spec string.
//!
//! To add a game: give it a folder, add a variant to [`AnyGame`], a branch to
//! [`AnyGame::from_spec`], an arm to [`with_game!`](crate::with_game) and its name to
//! [`GAME_NAMES`].

use crate::connect4::Connect4;
use crate::kalah::Kalah;
use poda_core::{Spec, SpecError};
use thiserror::Error;

/// Names accepted by [`AnyGame::parse`], with their options.
pub const GAME_NAMES: &[(&str, &str)] = &[
    (
        "connect4",
        "Connect 4 (OpenSpiel name connect_four): connect4(width=7,height=6); width 4..=9, \
         height 4..=9, width*(height+1) <= 64",
    ),
    (
        "kalah",
        "Kalah, the course's Mancala (alias and OpenSpiel name mancala): \
         kalah(pits=6,seeds=4,empty_capture=false); pits 1..=12, seeds 1..=24",
    ),
];

/// A game given by the user that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    #[error(transparent)]
    Spec(#[from] SpecError),
}

/// One start position of any known game.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Connect4(Connect4),
    Kalah(Kalah),
}

impl AnyGame {
    /// Parses a game spec such as `connect4(width=8,height=7)`.
    pub fn parse(text: &str) -> Result<AnyGame, GameError> {
        Self::from_spec(&Spec::parse(text)?)
    }

    /// Builds the start position of the game a spec names.
    pub fn from_spec(spec: &Spec) -> Result<AnyGame, GameError> {
        match spec.name.as_str() {
            "connect4" | "connect_four" => Ok(AnyGame::Connect4(Connect4::from_spec(spec)?)),
            "kalah" | "mancala" => Ok(AnyGame::Kalah(Kalah::from_spec(spec)?)),
            other => Err(SpecError::UnknownName {
                kind: "game".into(),
                name: other.to_string(),
                valid: GAME_NAMES.iter().map(|(n, _)| n.to_string()).collect(),
            }
            .into()),
        }
    }
}

/// Runs `$body` with `$g` bound to the concrete start position inside an [`AnyGame`]; the body
/// is compiled once per game type.
///
/// ```ignore
/// let text = with_game!(game, g => g.render());
/// ```
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::AnyGame::Connect4($g) => $body,
            $crate::AnyGame::Kalah($g) => $body,
        }
    };
}
