//! The closed set of games, chosen at run time from a spec string.
//!
//! To add a game: give it a folder, add a variant to [`AnyGame`], a branch to
//! [`AnyGame::from_spec`], an arm to [`with_game!`](crate::with_game) and its name to
//! [`GAME_NAMES`].

use crate::connect4::Connect4;
use crate::desconecta::DesConecta;
use crate::hex::Hex;
use crate::kalah::Kalah;
use crate::misere::{inner_spec, Misere};
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
        "hex",
        "Hex: hex(size=11,swap=false); size 1..=19, swap = the pie rule (OpenSpiel's \
         convention: the first stone is mirrored and becomes White's)",
    ),
    (
        "desconecta4boom",
        "DesConecta-4 BOOM, the UGR course's misère Connect 4 on 7x7 with bombs; moves 1..7 \
         and b (BOOM)",
    ),
    (
        "misere",
        "the misère version of a game (making the winning line loses): misere(connect4), \
         misere(game=connect_four()); wraps: connect4",
    ),
    (
        "kalah",
        "Kalah, the course's Mancala (alias and OpenSpiel name mancala): \
         kalah(pits=6,seeds=4,empty_capture=false); pits 1..=12, seeds 1..=24",
    ),
];

/// The games `misere(...)` can wrap.
const MISERE_INNER: &[&str] = &["connect4"];

/// A game given by the user that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    #[error(transparent)]
    Spec(#[from] SpecError),
}

/// One start position of any known game.
// Built once per command and then dispatched: the size of the largest variant (a 19x19 Hex
// union-find) does not matter, and boxing it would complicate `with_game!`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    Connect4(Connect4),
    Hex(Hex),
    DesConecta(DesConecta),
    MisereConnect4(Misere<Connect4>),
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
            "hex" => Ok(AnyGame::Hex(Hex::from_spec(spec)?)),
            "desconecta4boom" => {
                spec.expect_keys(&[])?;
                Ok(AnyGame::DesConecta(DesConecta::new()))
            }
            "misere" => {
                let inner = inner_spec(spec)?;
                let wrappable = matches!(inner.name.as_str(), "connect4" | "connect_four");
                match wrappable.then(|| AnyGame::from_spec(&inner)).transpose()? {
                    Some(AnyGame::Connect4(game)) => Ok(AnyGame::MisereConnect4(Misere::new(game))),
                    _ => Err(SpecError::UnknownName {
                        kind: "game for misere".into(),
                        name: inner.name.clone(),
                        valid: MISERE_INNER.iter().map(|s| s.to_string()).collect(),
                    }
                    .into()),
                }
            }
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
            $crate::AnyGame::Hex($g) => $body,
            $crate::AnyGame::DesConecta($g) => $body,
            $crate::AnyGame::MisereConnect4($g) => $body,
            $crate::AnyGame::Kalah($g) => $body,
        }
    };
}
