//! DesConecta-4 BOOM (rules in `shared/rules/desconecta4boom.md`): the misère Connect 4 with
//! bombs of the Universidad de Granada AI course ("Práctica 3"), reproduced from its
//! simulator.
//!
//! - 7x7 board, pieces fall; player 1 moves first. Actions PUT1..PUT7 and BOOM, generated in
//!   that order; written `1`..`7` and `b` (`4455667712b3`).
//! - A PUT in a round that is a multiple of 5 (the round counter starts at 1 and goes up after
//!   player 2's action) places the mover's bomb, if it has none on the board.
//! - BOOM removes every piece of the mover in its bomb's row (the bomb too; the opponent's
//!   pieces and bomb stay) and the columns above drop one cell.
//! - After every action the whole board is checked: a four of one colour makes that colour
//!   LOSE; fours of both colours (only after a BOOM) are decided by the simulator's scan order
//!   (row 0 first, left to right; a four is found at its start cell: leftmost, bottom,
//!   bottom-left, or top-left for a down-right diagonal). A full board without a four is a
//!   draw.
//!
//! What decides the future, and so what the state and its hash hold: the pieces, the bombs,
//! the side to move and the phase of the bomb schedule. The round number matters only through
//! `round mod 5` (whether a PUT places a bomb); with the side to move that is `ply mod 10`.
//! Nothing in the rules depends on the ply count itself: no move limit, no piece limit (the
//! course text says 25 pieces each, the simulator never enforces it).
//!
//! Games can cycle (a BOOM frees cells), so [`max_plies`](poda_core::Game::max_plies) is
//! `None`. Match play adjudicates an unfinished game as a draw after [`DEFAULT_MAX_PLIES`]
//! plies unless told otherwise (`poda match --max-plies`); the search engine scores a
//! position repeated on its path or earlier in the game as a draw, so it never mistakes
//! going round in circles for progress.
//!
//! - `position`: [`DesConecta`], the bitboards (Connect 4's layout with height 7: 7 columns of
//!   8 bits, 56 in all), the action and the whole-board check.
//! - `game_impl`: the [`Game`](poda_core::Game) implementation, notation and drawings.
//! - `setup`: positions from a board string plus side to move and round ([`BoardError`]).
//! - `eval_course`: the course's `test` evaluation and the seed reports' `seed-lines` and
//!   `seed-cells`; `eval_squeeze`: poda's own `squeeze` (the default).
//! - `catalog`: the [`Catalog`](poda_core::Catalog): evaluators and the ninjas.

mod catalog;
mod eval_course;
mod eval_squeeze;
mod game_impl;
mod position;
mod setup;

pub use catalog::{ninja_spec, NINJA_LEVELS};
pub use eval_course::{
    puntuacion, windows, CourseTest, SeedCells, SeedLines, CELLS_THREE, CELLS_TWO, COLUMN_WEIGHTS,
    COURSE_WIN, LINES_THREE, LINES_TWO,
};
pub use eval_squeeze::{Squeeze, LOST_NOW, PLAYABLE_POISON, SQUEEZE, WIN_NOW};
pub use game_impl::cell_char;
pub use position::{
    board_mask, bottom_mask, cell_bit, cell_of, column_mask, first_in_scan_order, four_cells,
    four_starts, has_four, row_mask, Action, Cell, DesConecta, BOMB_PERIOD, CELLS, HEIGHT,
    PHASE_PLIES, WIDTH,
};
pub use setup::BoardError;

/// Plies after which match play scores an unfinished game a draw by default (not a rule of
/// the game; see the module doc). Decisive games between strong players run long: against
/// ninja 3 the 200 ms engine won games of up to 809 plies, and an earlier cap of 300 scored
/// about one game in ten a draw that went on to be decided (`docs/benchmarks/desconecta.md`).
pub const DEFAULT_MAX_PLIES: u32 = 1000;
