//! poda-games: every game's rules, notation, evaluators and game-specific agents.
//!
//! One folder per game. [`AnyGame`] is the closed set of games the tools know, parsed from a
//! spec string (`connect4`, `connect4(width=8,height=7)`, `hex(size=9,swap=true)`, `kalah(pits=6,seeds=4)`, ...); [`with_game!`] dispatches it
//! once to generic, monomorphised code.
#![forbid(unsafe_code)]

pub mod connect4;
pub mod desconecta;
pub mod hex;
pub mod kalah;
pub mod misere;
mod registry;

pub use registry::{AnyGame, GameError, GAME_NAMES};
