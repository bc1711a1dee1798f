//! The course's test evaluation and the two seed reports' heuristics, on bitboards.
//!
//! - `test` ([`CourseTest`]): the simulator's `ValoracionTest(p)`: +99999999 if `p` has
//!   won, -99999999 if it has lost, 0 on a full board, otherwise `Puntuacion(p)`, the sum over
//!   `p`'s NORMAL pieces (bombs excluded: the simulator compares the cell with the player's
//!   number, and bombs are stored as player + 3) of the column weight 0,1,2,3,2,1,0. It counts
//!   only `p`'s pieces, so it is not zero-sum: search asks it for the root player's view (see
//!   `poda_core::Evaluator`), which is what the course's players did.
//! - `seed-lines` ([`SeedLines`]): the first seed report (`shared/seeds/000_*.txt`): the
//!   lines of three and of two of each player (every window of three or two cells in a row,
//!   column or diagonal that the player fills; bombs count, the report compares `cell % 3`),
//!   with `twos -= 2 * threes`; value = `100 * (opponent threes - own threes) + 10 *
//!   (opponent twos - own twos)`.
//! - `seed-cells` ([`SeedCells`]): the second seed report (`shared/seeds/001_*.txt`): for
//!   each occupied cell, looking in the eight directions, -30 if it is the end of a three of
//!   the asking player (+30 if of the opponent), else -5 / +5 if it has a neighbour of its own
//!   colour; the first rule that applies decides the cell, as in the report's `evaluarCasilla`
//!   which returns at the first match. (The report's code writes the three-cell test as a
//!   chained `a == b == c`, which C++ reads as `(a == b) == c`; we follow the report's prose,
//!   "three in a row", not that slip.)
//!
//! All three give ±[`COURSE_WIN`] on a finished game, like the course's code; search never
//! asks for one. The tests check each against a literal array version of the report's loops.

use super::position::{board_mask, column_mask, DesConecta, HEIGHT};
use poda_core::{Evaluator, Outcome, Player};

/// The course's value of a won game (`99999999.0` in `ValoracionTest`).
pub const COURSE_WIN: i64 = 99_999_999;
/// Column weights of `Puntuacion`, columns 1..7.
pub const COLUMN_WEIGHTS: [i64; 7] = [0, 1, 2, 3, 2, 1, 0];
/// seed-lines: weight of a three and of a two.
pub const LINES_THREE: i64 = 100;
pub const LINES_TWO: i64 = 10;
/// seed-cells: value of a cell at the end of a three, and of a cell with a neighbour.
pub const CELLS_THREE: i64 = 30;
pub const CELLS_TWO: i64 = 5;

/// The shifts of the four line directions: vertical, horizontal, down-right, up-right.
const DIRECTIONS: [u32; 4] = [1, HEIGHT + 1, HEIGHT, HEIGHT + 2];

/// ±COURSE_WIN for a finished game with a winner, 0 for a full board, from `player`'s view.
fn decided(state: &DesConecta, player: Player) -> Option<i64> {
    match state.result() {
        Outcome::Win(w) if w == player => Some(COURSE_WIN),
        Outcome::Win(_) => Some(-COURSE_WIN),
        Outcome::Draw => Some(0),
        Outcome::Ongoing => None,
    }
}

/// `Puntuacion(p)`: column weights of `p`'s normal pieces.
pub fn puntuacion(state: &DesConecta, player: Player) -> i64 {
    let normal = state.pieces(player) & !state.bombs();
    (0..7)
        .map(|col| COLUMN_WEIGHTS[col] * (normal & column_mask(col as u32)).count_ones() as i64)
        .sum()
}

/// The course's `ValoracionTest`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CourseTest;

impl Evaluator<DesConecta> for CourseTest {
    fn name(&self) -> &str {
        "test"
    }

    fn evaluate(&self, state: &DesConecta, player: Player) -> i64 {
        decided(state, player).unwrap_or_else(|| puntuacion(state, player))
    }
}

/// Windows of `n` (2 or 3) cells in a line all held by `stones`, over the four directions.
/// A window that would leave the board crosses a sentinel bit or the top of the word, which
/// `stones` never holds, so only windows inside the board are counted.
#[inline]
pub fn windows(stones: u64, n: u32) -> i64 {
    DIRECTIONS
        .iter()
        .map(|&d| {
            let mut run = stones;
            for k in 1..n {
                run &= stones >> (k * d);
            }
            run.count_ones() as i64
        })
        .sum()
}

/// The first seed report's heuristic.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeedLines;

impl SeedLines {
    /// (threes, twos) of `stones`, with `twos -= 2 * threes` as in the report.
    pub fn counts(stones: u64) -> (i64, i64) {
        let threes = windows(stones, 3);
        (threes, windows(stones, 2) - 2 * threes)
    }
}

impl Evaluator<DesConecta> for SeedLines {
    fn name(&self) -> &str {
        "seed-lines"
    }

    fn evaluate(&self, state: &DesConecta, player: Player) -> i64 {
        if let Some(v) = decided(state, player) {
            return v;
        }
        let (own3, own2) = Self::counts(state.pieces(player));
        let (opp3, opp2) = Self::counts(state.pieces(player.opponent()));
        LINES_THREE * (opp3 - own3) + LINES_TWO * (opp2 - own2)
    }
}

/// The second seed report's heuristic.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeedCells;

impl SeedCells {
    /// (cells at the end of a three, other cells with a neighbour of the same colour).
    pub fn counts(stones: u64) -> (i64, i64) {
        let mut ends = 0u64;
        let mut paired = 0u64;
        for d in DIRECTIONS {
            // A cell is the low end of a three if the next two cells up the line are its own,
            // the high end if the two before it are.
            ends |= stones & (stones >> d) & (stones >> (2 * d));
            ends |= stones & (stones << d) & (stones << (2 * d));
            paired |= stones & ((stones >> d) | (stones << d));
        }
        let ends = ends & board_mask();
        let paired = paired & board_mask() & !ends;
        (ends.count_ones() as i64, paired.count_ones() as i64)
    }
}

impl Evaluator<DesConecta> for SeedCells {
    fn name(&self) -> &str {
        "seed-cells"
    }

    fn evaluate(&self, state: &DesConecta, player: Player) -> i64 {
        if let Some(v) = decided(state, player) {
            return v;
        }
        let (own3, own2) = Self::counts(state.pieces(player));
        let (opp3, opp2) = Self::counts(state.pieces(player.opponent()));
        CELLS_THREE * (opp3 - own3) + CELLS_TWO * (opp2 - own2)
    }
}
