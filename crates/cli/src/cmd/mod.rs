//! One module per subcommand.

pub mod analyze;
pub mod bench;
pub mod engine;
pub mod htp;
pub mod list;
pub mod matches;
pub mod perft;
pub mod play;
pub mod show;
pub mod solve;
mod solve_connect4;
pub mod tournament;
