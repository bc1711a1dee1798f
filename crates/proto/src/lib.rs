//! poda-proto: how poda speaks to other programs.
//!
//! - [`gtp`]: the engine protocol, one text protocol for every game in GTP framing (HTP for
//!   Hex; OpenSpiel's action strings on request): command parsing, per-game conventions, the
//!   server loop (`poda engine`, `poda htp`) and the client (the `external(cmd=...)` agent).
//! - [`ugr`]: the Universidad de Granada course's Mancala bot protocol, read as
//!   whitespace-separated tokens like the course's own bots: the bot side (`poda ugr-bot`) and
//!   the referee side (the `ugr-bot(cmd=...)` agent).
//! - [`bounded`]: reading lines of bounded length from a peer that may send anything.
//! - [`process`]: child processes spoken to line by line, with deadlines, killed with their
//!   process group.
//!
//! This crate knows no agent factory: the front ends (crate poda-players) give the server the
//! function that builds an agent from its spec, and build the agents that drive outside
//! programs on top of the clients here.
#![forbid(unsafe_code)]

pub mod bounded;
pub mod gtp;
pub mod process;
pub mod ugr;

pub use gtp::command::{parse_line, Command, CommandError, Line};
pub use gtp::hooks::{Dialect, ProtocolGame, ProtocolHooks};
pub use gtp::server::{serve, Engine, EngineOptions, DEFAULT_AGENT};
pub use gtp::session::{BuildAgent, GameSession, SessionFactory};
