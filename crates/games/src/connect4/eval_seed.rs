//! The three evaluations of the seed report "Conecta 4" (M. Barrenetxea and A. Lobato,
//! Diseño de Algoritmos, práctica 3; `shared/seeds/004_*.txt`), written plainly, the way the
//! report describes them: a grid of cells, and from every piece a look in four directions.
//!
//! The report's helpers `der`, `arr`, `diag_der`, `diag_izq` (`nodo, i, j, n`) answer "are
//! there `n` pieces of the colour of cell (i, j) in a row, starting at (i, j), going right /
//! up / up-right / up-left?". A run is counted once from each of its pieces that starts such
//! a look, so three in a row count as two twos and one three, exactly as the report counts.
//!
//! - `evaluar1` ([`FillEmpty`], `fill-empty`, alias `seed1`): fill every empty cell with the
//!   computer's pieces (tab1) and count, from each of the computer's pieces *of the real
//!   board*, the fours it starts in tab1; the same for the opponent in a board filled with
//!   its pieces (tab2); value = computer's count - opponent's count. So a window of four free
//!   of the opponent is counted when its first cell (left end, bottom end, or bottom end of a
//!   diagonal) holds one of the computer's pieces — the pseudo-code's reading, slightly
//!   narrower than the prose's "every open line".
//! - `evaluar2` ([`SeedLines::lines`], `lines`, alias `seed2`):
//!   `100*own threes + own twos - 100*opponent threes - opponent twos`.
//! - `evaluar3` ([`SeedLines::open_lines`], `open-lines`, alias `seed3`): as `evaluar2`, but a
//!   run counts only if some window of four on the board that contains it holds no opponent
//!   piece (it can still grow into a four: not blocked by the opponent or the edge).
//!
//! In every version a four on the board decides: `+SEED_WIN` (999999) if the computer has it,
//! `-SEED_WIN` if the opponent has it (the report's evaluar1 writes -9999999, a typo for the
//! symmetric value). Search never asks for a finished position, but the value is kept.
//!
//! Deviations, both forced by the report's text: its loops read `i ∈ [1,6)`, `j ∈ [1,7)`,
//! which we take as "every cell" (the prose counts from each piece); and its evaluar1 lists
//! `diag_der` twice where the text names `diag_izq` as the fourth direction. The "computer"
//! is the `player` asked for, so every version is zero-sum:
//! `evaluate(s, p) == -evaluate(s, p.opponent())`.

use super::eval::centre_hint;
use super::{Connect4, MAX_SIDE};
use poda_core::{Evaluator, Game, Outcome, Player};

/// The value of a four on the board in the seed report.
pub const SEED_WIN: i64 = 999_999;
/// The weight of a three in `evaluar2` and `evaluar3` (a two weighs 1).
pub const SEED_THREE_WEIGHT: i64 = 100;

/// Right, up, up-right, up-left, as (row step, column step), row 0 at the bottom.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Off-board cells kept around the grid, so a look of four cells never leaves the array.
const MARGIN: i32 = 3;
const SIDE: usize = MAX_SIDE as usize + 2 * MARGIN as usize;

/// The cells of the grid, as the report's programs write them: `'x'` (first player), `'o'`
/// (second player), `' '` (empty); and `'#'` for the margin outside the board.
const EMPTY: u8 = b' ';
const OFF: u8 = b'#';

/// The character of `who`'s pieces.
#[inline]
fn piece(who: Player) -> u8 {
    match who {
        Player::First => b'x',
        Player::Second => b'o',
    }
}

/// The board as the report's programs hold it, `cells[row][col]` with row 0 at the bottom,
/// inside a margin of off-board cells.
#[derive(Clone)]
struct Grid {
    width: i32,
    height: i32,
    cells: [[u8; SIDE]; SIDE],
}

impl Grid {
    fn new(state: &Connect4) -> Grid {
        let mut grid = Grid {
            width: state.width() as i32,
            height: state.height() as i32,
            cells: [[OFF; SIDE]; SIDE],
        };
        let first = state.stones(Player::First);
        let mut bit = 1u64; // walks the bitboard column by column, skipping the sentinels
        for col in 0..grid.width {
            for row in 0..grid.height {
                let cell = if state.mask() & bit == 0 {
                    EMPTY
                } else if first & bit != 0 {
                    piece(Player::First)
                } else {
                    piece(Player::Second)
                };
                grid.set(row, col, cell);
                bit <<= 1;
            }
            bit <<= 1;
        }
        grid
    }

    /// The cell at (row, col); `OFF` outside the board (up to `MARGIN` cells away).
    #[inline]
    fn at(&self, row: i32, col: i32) -> u8 {
        self.cells[(row + MARGIN) as usize][(col + MARGIN) as usize]
    }

    fn set(&mut self, row: i32, col: i32, cell: u8) {
        self.cells[(row + MARGIN) as usize][(col + MARGIN) as usize] = cell;
    }

    /// `llenar`: the board with every empty cell given to `who`.
    fn filled(&self, who: Player) -> Grid {
        let mut grid = self.clone();
        for row in 0..self.height {
            for col in 0..self.width {
                if grid.at(row, col) == EMPTY {
                    grid.set(row, col, piece(who));
                }
            }
        }
        grid
    }

    /// `der` / `arr` / `diag_der` / `diag_izq`: `n` pieces of `who` in a row from (row, col).
    #[inline]
    fn run(&self, row: i32, col: i32, (dr, dc): (i32, i32), n: i32, who: Player) -> bool {
        let mine = piece(who);
        (0..n).all(|k| self.at(row + k * dr, col + k * dc) == mine)
    }

    /// evaluar3's test: the run of `n` from (row, col) lies in some window of four on the
    /// board with no piece of `who`'s opponent.
    fn extendable(&self, row: i32, col: i32, (dr, dc): (i32, i32), n: i32, who: Player) -> bool {
        (0..=4 - n).any(|back| {
            let (r0, c0) = (row - back * dr, col - back * dc);
            (0..4).all(|k| {
                let cell = self.at(r0 + k * dr, c0 + k * dc);
                cell != OFF && cell != piece(who.opponent())
            })
        })
    }

    /// Every cell holding a piece of `who`, row by row.
    fn pieces(&self, who: Player) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.height)
            .flat_map(move |r| (0..self.width).map(move |c| (r, c)))
            .filter(move |&(r, c)| self.at(r, c) == piece(who))
    }
}

/// ±`SEED_WIN` if the game is won (the report's first two cases), from `player`'s view.
fn decided(state: &Connect4, player: Player) -> Option<i64> {
    match state.outcome() {
        Outcome::Win(winner) if winner == player => Some(SEED_WIN),
        Outcome::Win(_) => Some(-SEED_WIN),
        _ => None,
    }
}

/// The seed report's `evaluar1`: open fours by filling the empty cells (see the module doc).
#[derive(Clone, Debug)]
pub struct FillEmpty {
    name: &'static str,
}

impl FillEmpty {
    /// The evaluator under the name that selected it (`fill-empty` or `seed1`).
    pub fn named(name: &'static str) -> FillEmpty {
        FillEmpty { name }
    }

    /// The fours that `who`'s real pieces start on the board filled with `who`'s pieces.
    fn open_fours(grid: &Grid, who: Player) -> i64 {
        let filled = grid.filled(who);
        let mut count = 0;
        for (row, col) in grid.pieces(who) {
            for dir in DIRECTIONS {
                count += filled.run(row, col, dir, 4, who) as i64;
            }
        }
        count
    }
}

impl Evaluator<Connect4> for FillEmpty {
    fn name(&self) -> &str {
        self.name
    }

    fn evaluate(&self, state: &Connect4, player: Player) -> i64 {
        if let Some(value) = decided(state, player) {
            return value;
        }
        let grid = Grid::new(state);
        Self::open_fours(&grid, player) - Self::open_fours(&grid, player.opponent())
    }

    fn move_hint(&self, state: &Connect4, mv: u8) -> i32 {
        centre_hint(state, mv)
    }
}

/// The seed report's `evaluar2` (`lines`) and `evaluar3` (`open-lines`).
#[derive(Clone, Debug)]
pub struct SeedLines {
    name: &'static str,
    /// evaluar3: count only runs that can still grow into a four.
    open_only: bool,
}

impl SeedLines {
    /// evaluar2, under the name that selected it (`lines` or `seed2`).
    pub fn lines(name: &'static str) -> SeedLines {
        SeedLines {
            name,
            open_only: false,
        }
    }

    /// evaluar3, under the name that selected it (`open-lines` or `seed3`).
    pub fn open_lines(name: &'static str) -> SeedLines {
        SeedLines {
            name,
            open_only: true,
        }
    }

    /// `100 * threes + twos` of `who`, counted from each of its pieces in four directions.
    fn side(&self, grid: &Grid, who: Player) -> i64 {
        let (mut twos, mut threes) = (0, 0);
        let counts = |row, col, dir, n| {
            grid.run(row, col, dir, n, who)
                && (!self.open_only || grid.extendable(row, col, dir, n, who))
        };
        for (row, col) in grid.pieces(who) {
            for dir in DIRECTIONS {
                twos += counts(row, col, dir, 2) as i64;
                threes += counts(row, col, dir, 3) as i64;
            }
        }
        SEED_THREE_WEIGHT * threes + twos
    }
}

impl Evaluator<Connect4> for SeedLines {
    fn name(&self) -> &str {
        self.name
    }

    fn evaluate(&self, state: &Connect4, player: Player) -> i64 {
        if let Some(value) = decided(state, player) {
            return value;
        }
        let grid = Grid::new(state);
        self.side(&grid, player) - self.side(&grid, player.opponent())
    }

    fn move_hint(&self, state: &Connect4, mv: u8) -> i32 {
        centre_hint(state, mv)
    }
}
