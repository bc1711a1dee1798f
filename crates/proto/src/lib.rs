//! poda-proto: one text protocol for every game, in Go Text Protocol framing.
//!
//! `poda engine` serves it on stdin/stdout: GTP v2's framing and core commands (`name`,
//! `version`, `protocol_version`, `list_commands`, `known_command`, `boardsize`,
//! `clear_board`, `play`, `genmove`, `undo`, `showboard`, `final_score`, `time_settings`,
//! `time_left`, `quit`), plus `game SPEC` to switch games, `legal_moves`, `param_poda` for the
//! agent and its move time, and HexGui's `hexgui-analyze_commands`. For Hex this is the Hex
//! Text Protocol; the per-game conventions come from
//! [`poda_arena::protocol::ProtocolHooks`], so one implementation serves every game.
//! OpenSpiel's game strings select OpenSpiel's action strings, which lets OpenSpiel's GTP bot
//! drive poda.
//!
//! - [`command`]: a line into a [`Command`] (or why not), before anything runs.
//! - [`session`]: the game, its history and the agent, generic over the game.
//! - [`server`]: the loop and the framing.
//! - [`ugr`]: the Universidad de Granada course's Mancala bot protocol (`poda ugr-bot`), so a
//!   poda agent can play in the course's simulator or against a student's bot.
#![forbid(unsafe_code)]

pub mod command;
pub mod server;
pub mod session;
pub mod ugr;

pub use command::{parse_line, Command, CommandError, Line};
pub use server::{serve, Engine, EngineOptions, DEFAULT_AGENT};
