//! Kalah(m,n), the course's Mancala (rules in `shared/rules/mancala.md`): `m` pits a side
//! (1..=12) with `n` seeds each (1..=24) at the start, standard captures or the empty-capture
//! option, extra turns (the same player moves again), the course's pit notation (`1..m`, P1
//! next to the mover's store) and the board string `s1,p1,...,pm/s2,p1,...,pm`.
//!
//! - [`board`]: the board from the side to move's view and the one sowing routine.
//! - `position`: [`Kalah`] (board, mover, rules) and its accessors.
//! - `game_impl`: the [`Game`](poda_core::Game) implementation, notation and drawing.
//! - `setup`: positions from a board string or the protocol's numbers ([`BoardError`]).
//! - [`rank`]: a perfect index of pit contents; [`endgame`]: the lazily filled endgame table
//!   of exact values.
//! - `eval`: the evaluators (`positional`, `store-diff`) and the catalog; `greedy`: the
//!   course's GreedyBot (`greedy-ugr`).

pub mod board;
pub mod endgame;
mod eval;
mod game_impl;
mod greedy;
mod position;
pub mod rank;
mod setup;

pub use board::{Board, Sown, MAX_PITS};
pub use endgame::{shared_table, EndgameTable};
pub use eval::{
    move_hint, proven_value, Positional, StoreDiff, Weights, DEFAULT_WEIGHTS, PROVEN, SEED,
};
pub use greedy::GreedyUgr;
pub use position::{Kalah, DEFAULT_PITS, DEFAULT_SEEDS, MAX_SEEDS};
pub use setup::BoardError;
