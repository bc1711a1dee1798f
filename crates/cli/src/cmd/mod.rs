//! One module per subcommand.

pub mod analyze;
pub mod bench;
pub mod list;
pub mod matches;
pub mod perft;
pub mod play;
pub mod show;
pub mod solve;
mod solve_connect4;
mod solve_kalah;
pub mod ugr_bot;
