//! poda-proto: poda agents behind text protocols, one line in, one line out, on stdin and
//! stdout. Every protocol parses each line into a command first and runs it second; a line
//! that is not a command gets an error line and the session goes on.
//!
//! - [`ugr`]: the Universidad de Granada course's Mancala bot protocol (`poda ugr-bot`), so a
//!   poda agent can play in the course's simulator or against a student's bot.
#![forbid(unsafe_code)]

pub mod ugr;
