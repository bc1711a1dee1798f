//! poda-solve: exact solvers: Connect 4 on the standard 7x6 board (at the top level), Hex
//! up to 11x11 ([`hex`]: proof-number search with virtual connections) and Kalah ([`kalah`]).
//!
//! - [`Position`]: a bitboard position specialised for solving, parsed from Pons' move
//!   strings with typed errors ([`PositionError`]).
//! - [`Solver`]: strong (exact score, Pons' convention) and weak (win/draw/loss) solving,
//!   analysis of every move, and the perfect player's choice ([`Solver::choose`]).
//! - [`MisereSolver`]: misère Connect 4 (completing a four loses), exact and weak.
//! - [`Book`]: the opening book committed with the crate; [`build_book`] builds or resumes one.
//! - [`run_lines`]: Pons' test protocol (positions in, scores out), the body of
//!   `poda solve connect4` and of the `c4bench` example.
// Three `unsafe` blocks, allowed where they stand: memory hints (huge pages, cache prefetch)
// for the large tables, in `mem.rs`, and the memory map of a Kalah endgame database file,
// in `kalah/db.rs`.
#![deny(unsafe_code)]

pub mod analysis;
pub mod book;
pub mod build;
mod frame;
pub mod hex;
pub mod kalah;
mod mem;
pub mod misere;
pub mod position;
pub mod run;
pub mod solver;
mod table;

pub use analysis::{hardest, Chosen, TieBreak};
pub use book::Book;
pub use build::{
    book_from_partial, build_book, work_level, BuildOptions, BuildProgress, BuildReport, Level,
    Levels,
};
pub use misere::MisereSolver;
pub use position::{Position, PositionError, HEIGHT, WIDTH};
pub use run::{format_analysis, parse_line, run_lines, LineError, RunOptions, RunSummary};
pub use solver::Solver;
