//! `hexmc(...)`: a Monte Carlo tree search written for Hex alone, after MoHex (Arneson,
//! Hayward, Henderson, "Monte Carlo tree search in Hex", IEEE TCIAIG 2010; Huang et al.,
//! "MoHex 2.0: a pattern-based MCTS Hex player", CG 2013).
//!
//! - [`board`]: the mailbox playout board, bridge-save playouts, no allocation per playout.
//! - [`tree`]: the lock-free node arena shared by the search threads.
//! - `mirror`: `movetime=mirror`, thinking as long as the opponent, game by game.
//! - [`keys`]: every cell's 12-cell pattern index, kept up to date move by move.
//! - [`knowledge`]: what an expansion knows (wins, must-play, dead cells, priors).
//! - [`inferior`]: what a knowledge node may leave out (fill-in, vulnerable, dominated cells).
//! - [`net`]: a small convolutional policy net for the priors of well-visited nodes.
//! - [`patterns`]: the 12-cell move patterns and their learned weights.
//! - [`playout`]: the pattern-weighted playout (MoHex 2.0's softmax policy, by rejection).
//! - [`proving`]: the solver at the root, a share of each move's time.
//! - [`search`]: UCT + RAVE + progressive bias, MCTS-solver marks, threads.
//! - [`value`]: a small value net, the side to move's chance, for the nodes of the search.
//! - [`vcs`]: virtual-connection verdicts from poda-solve's H-search (at the root).
//! - `options`: the spec's options, checked, and the tree sized to the budget.
//! - `agent`: the [`Agent`](poda_core::Agent): the swap, forced moves, the search's report.

mod agent;
pub mod board;
pub mod inferior;
pub mod keys;
pub mod knowledge;
mod mirror;
pub mod net;
pub mod options;
pub mod patterns;
pub mod playout;
pub mod proving;
pub mod search;
pub mod tree;
pub mod value;
pub mod vcs;

pub use agent::{board_of, HexMc};
