//! The Universidad de Granada AI course's Mancala bot protocol (Práctica 3, 2017-18), both
//! sides: a poda agent as a course bot ([`bot`], `poda ugr-bot AGENT`) and poda as the
//! course's referee driving a bot built with the kit ([`driver`], the `ugr-bot(cmd=...)`
//! agent).
//!
//! The referee (`MancalaNoGUI.jar`) runs each bot as a child process without arguments and
//! writes messages as whitespace-separated tokens, some split over two lines; the kit's bots
//! (`SimulatorLink.cpp`) read them word by word with `cin >>`, so any split is legal, and
//! answer each with one line. Recorded transcripts of the real referee are in
//! `crates/proto/tests/data/ugr/`.
//!
//! | referee sends (as it splits it) | bot answers |
//! |---|---|
//! | `PING` | `PONG` |
//! | `GETNAME` | its name (one word) |
//! | `TIMEOUT` newline `<ms>` (the `-t` seconds; 0 without `-t`) | its previous answer again (the referee reads a line and ignores it) |
//! | `SETPLAYER` newline `0` or `1` (J1 or J2) | `OK` |
//! | `GETMOVE` newline `<n> <m1..mn> <turn> <G1> <J1_P1..P6> <G2> <J2_P1..P6>` | a pit `1..6` |
//! | `END` | `OK`, then exits |
//! | `BADNAME` (never sent by the referee) | `OK`, then exits |
//!
//! `m1..mn` are the opponent's moves since the bot last moved (several after extra turns,
//! none on the bot's own extra turn), `turn` is 0 or 1, `G` a store and `P1` the pit next to
//! it. The referee first starts each bot for `PING`, `GETNAME`, `END`, then again for the
//! game: `PING`, `TIMEOUT`, `SETPLAYER`, the `GETMOVE`s, `END`. It allows the limit plus
//! 500 ms per move; a bot that is silent, answers what is not a number, or dies loses the game
//! ("agotó el tiempo límite", "no devuelve la acción requerida"); an empty pit loses 0-48.
//!
//! - [`tokens`]: the token reader (bounded, lossy on bytes that are not UTF-8).
//! - [`command`]: the messages, read from tokens and written as the referee writes them.
//! - [`bot`]: the bot's side.
//! - [`driver`]: the referee's side.

pub mod bot;
pub mod command;
pub mod driver;
pub mod tokens;

pub use bot::{serve, Reply, Session};
pub use command::{read_command, Command, ParseError};
pub use driver::{BotClient, BotError};
