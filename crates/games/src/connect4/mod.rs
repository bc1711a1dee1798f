//! Connect 4 (rules in `shared/rules/connect4.md`): a bitboard position in the layout of
//! Pascal Pons' solver, 7x6 by default and any width and height in `4..=9` with
//! `width * (height + 1) <= 64` (so 8x7 and 9x6 fit), Pons' notation (1-based column digits,
//! `4453`), and the evaluators: `threats` (the default) and the three of the seed report
//! (`fill-empty`, `lines`, `open-lines`, alias `seed1`..`seed3`).
//!
//! - [`bits`]: the bitboard arithmetic (masks, four detection, winning cells, hash mixer).
//! - `position`: [`Connect4`] and its fast helpers (`can_play`, `is_winning_move`, ...).
//! - `game_impl`: the [`Game`](poda_core::Game) implementation, notation and drawings.
//! - `setup`: positions from a board string or cell lists ([`BoardError`]).
//! - `eval`, `eval_seed` (the seed evaluations as the report writes them), `eval_seed_fast`
//!   (the same values on bitboards, used by the catalog), `eval_threats`: the evaluators and
//!   the [`Catalog`](poda_core::Catalog).

pub mod bits;
mod eval;
mod eval_seed;
mod eval_seed_fast;
mod eval_threats;
mod game_impl;
mod position;
mod setup;

pub use eval::centre_hint;
pub use eval_seed::{FillEmpty, SeedLines, SEED_WIN};
pub use eval_seed_fast::{SeedFast, SeedKind};
pub use eval_threats::{Threats, THREATS_WIN};
pub use position::{
    check_size, Connect4, BOARD_BITS, DEFAULT_HEIGHT, DEFAULT_WIDTH, MAX_SIDE, MIN_SIDE,
};
pub use setup::BoardError;
