//! One module per subcommand.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod engine;
pub mod explain;
pub mod htp;
pub mod list;
pub mod matches;
pub mod perft;
pub mod play;
pub mod serve;
pub mod show;
pub mod solve;
mod solve_connect4;
mod solve_hex;
mod solve_kalah;
mod solve_misere;
pub mod tournament;
pub mod ugr_bot;
pub mod units;
