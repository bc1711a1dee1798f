//! The engine protocol: one text protocol for every game, in Go Text Protocol framing (GTP
//! v2); for Hex it is the Hex Text Protocol (HTP) of HexGui and benzene.
//!
//! `poda engine` serves GTP's framing and core commands (`name`, `version`,
//! `protocol_version`, `list_commands`, `known_command`, `boardsize`, `clear_board`, `play`,
//! `genmove`, `undo`, `showboard`, `final_score`, `time_settings`, `time_left`, `quit`), plus
//! `game SPEC` to switch games, `legal_moves`, `param_poda` for the agent and its move time,
//! and HexGui's `hexgui-analyze_commands`. OpenSpiel's game strings select OpenSpiel's action
//! strings, which lets OpenSpiel's GTP bot drive poda.
//!
//! - [`command`]: a line into a [`Command`](command::Command) (or why not), before anything
//!   runs.
//! - [`hooks`]: the per-game conventions ([`ProtocolHooks`](hooks::ProtocolHooks)), so one
//!   implementation serves every game; OpenSpiel's game names.
//! - [`session`]: the game, its history and the agent, generic over the game; the agent
//!   factory is injected ([`SessionFactory`](session::SessionFactory)).
//! - [`server`]: the loop and the framing.
//! - [`client`]: the other side: talking to a program that serves the protocol.

pub mod client;
pub mod command;
pub mod hooks;
pub mod server;
pub mod session;
