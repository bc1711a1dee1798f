//! Hex (rules in `shared/rules/hex.md`) on N x N boards, `1 <= N <= 19` (11 by default), with
//! an optional swap rule.
//!
//! - [`cellset`]: [`CellSet`], the six-word bitboard; [`geometry`]: neighbour lists, edges
//!   and shift masks per board size.
//! - `position`: [`Hex`], bitboards plus a union-find win test and a Zobrist hash.
//! - `game_impl`: the [`Game`](poda_core::Game) implementation, board string and drawing.
//! - [`notation`]: `a1` cells, `swap`, compact and separated move sequences.
//! - `setup`: positions from stones ([`Hex::place`], board strings) for protocols and tests.
//! - [`swap`]: the swap conventions of OpenSpiel, HexGui and benzene, with conversions.
//! - `eval*`: the evaluators (`two-distance`, `resistance`, `shortest-path`) and the
//!   [`Catalog`](poda_core::Catalog).
//! - [`prune`]: dead cells and the must-play region, for engines and the solver.

pub mod cellset;
mod eval;
mod eval_distance;
mod eval_groups;
mod eval_resistance;
mod game_impl;
pub mod geometry;
pub mod notation;
mod position;
pub mod prune;
mod setup;
pub mod swap;

pub use cellset::{CellSet, MAX_CELLS, MAX_SIZE};
pub use eval::centre_hint;
pub use eval_distance::{
    potential as two_distance_potential, shortest_distance, ShortestPath, TwoDistance, UNREACHABLE,
};
pub use eval_resistance::{resistance, Resistance};
pub use geometry::Geometry;
pub use notation::HexMove;
pub use position::{Hex, SizeError, DEFAULT_SIZE, MIN_SIZE};
pub use setup::BoardError;
