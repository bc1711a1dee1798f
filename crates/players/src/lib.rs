//! poda-players: every agent, built from its spec string.
//!
//! - [`factory`]: [`build_agent`] for any game, and [`PlayerGame`], the agents and the `best`
//!   agent each game adds beyond its catalog; [`games`] implements it for each game.
//! - [`perfect`], [`hybrid`]: Connect 4's solver-backed players; [`misere_hybrid`]: misère
//!   Connect 4's (the misère solver, then MCTS); [`kalah_perfect`]: Kalah's perfect player
//!   (opening book, then the exact solver); [`kalah_hybrid`]: Kalah's `best` (the book and
//!   the solver when they answer in time, else the engine).
//! - [`hex_agents`]: Hex's pruned engine and MCTS policy; [`hexmc`]: the MCTS written for Hex
//!   (bridge-save playouts, pattern priors, RAVE, lock-free threads).
//! - [`external`]: `external(cmd=...)`, another program speaking the engine protocol;
//!   [`ugr_bot`]: `ugr-bot(cmd=...)`, a bot built with the course's Mancala kit. Both drive
//!   the clients of poda-proto.
//! - [`sessions`]: the factory wired into poda-proto's engine-protocol server.
#![forbid(unsafe_code)]

pub mod external;
pub mod factory;
mod games;
pub mod hex_agents;
pub mod hexmc;
pub mod hybrid;
pub mod kalah_hybrid;
pub mod kalah_perfect;
mod lazy;
pub mod misere_hybrid;
pub mod perfect;
pub mod sessions;
pub mod ugr_bot;

pub use factory::{agent_names, build_agent, PlayerGame};
pub use sessions::PlayerSessions;
