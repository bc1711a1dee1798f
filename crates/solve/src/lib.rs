//! poda-solve: exact solvers. For now, Connect 4 on the standard 7x6 board.
//!
//! - [`Position`]: a bitboard position specialised for solving, parsed from Pons' move
//!   strings with typed errors ([`PositionError`]).
//! - [`Solver`]: strong (exact score, Pons' convention) and weak (win/draw/loss) solving.
#![forbid(unsafe_code)]

pub mod position;
pub mod solver;
mod table;

pub use position::{Position, PositionError};
pub use solver::Solver;
