//! poda-arena: where agents meet.
//!
//! - [`factory`]: building any agent for any game from a spec string.
//! - [`game`]: one game between two agents (openings, adjudication, forfeits, records).
//! - [`matches`]: matches of N games on parallel threads, with paired openings.
//! - [`openings`]: opening files (one opening a line) for matches and tournaments.
//! - [`stats`]: tallies and Elo differences with 95% intervals.
//! - [`games`]: which agents this crate adds to each concrete game; [`hex_agents`]: Hex's
//!   pruned engine and MCTS policy.
//! - [`ratings`]: maximum-likelihood (Bradley-Terry) ratings of many players.
//! - [`tournament`]: round robins with paired openings, resumable, with reports.
//! - [`process`]: child processes spoken to line by line, with deadlines (under `external`
//!   and `ugr-bot`); [`ugr_bot`]: the course's Mancala bots as agents (`ugr-bot`).
//! - [`misere_hybrid`]: misère Connect 4's strongest agent, the misère solver then MCTS.
//! - [`kalah_hybrid`]: Kalah's strongest agent, the engine then the exact solver (`hybrid`).
//! - [`protocol`]: the engine protocol's per-game hooks and OpenSpiel's game names.
//! - [`external`]: `external(cmd=...)`, an agent that is another program.
#![forbid(unsafe_code)]

pub mod bench;
pub mod external;
pub mod factory;
pub mod game;
mod games;
pub mod hex_agents;
pub mod hybrid;
pub mod kalah_hybrid;
pub mod matches;
pub mod misere_hybrid;
pub mod openings;
pub mod perfect;
pub mod process;
pub mod protocol;
pub mod ratings;
pub mod stats;
pub mod tournament;
pub mod ugr_bot;

pub use factory::{agent_names, build_agent, ArenaGame};
pub use game::{play_game, random_opening, GameRecord, GameSetup};
pub use matches::{run_match, MatchConfig, MatchSummary};
pub use openings::{load_openings, parse_openings, OpeningsError};
