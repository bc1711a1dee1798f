//! poda-arena: where agents meet.
//!
//! - [`factory`]: building any agent for any game from a spec string.
//! - [`game`]: one game between two agents (openings, adjudication, forfeits, records).
//! - [`matches`]: matches of N games on parallel threads, with paired openings.
//! - [`stats`]: tallies and Elo differences with 95% intervals.
//! - [`games`]: which agents this crate adds to each concrete game.
//! - [`child`]: child processes spoken to in lines, with timeouts (for agents that drive
//!   external programs); [`ugr_bot`]: the course's Mancala bots as agents (`ugr-bot`).
//! - [`kalah_hybrid`]: Kalah's strongest agent, the engine then the exact solver (`hybrid`).
#![forbid(unsafe_code)]

pub mod bench;
pub mod child;
pub mod factory;
pub mod game;
mod games;
pub mod kalah_hybrid;
pub mod matches;
pub mod stats;
pub mod ugr_bot;

pub use factory::{agent_names, build_agent, ArenaGame};
pub use game::{play_game, random_opening, GameRecord, GameSetup};
pub use matches::{run_match, MatchConfig, MatchSummary};
