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
use super::Connect4;
use poda_core::{Evaluator, Game, Outcome, Player};

/// The value of a four on the board in the seed report.
pub const SEED_WIN: i64 = 999_999;
/// The weight of a three in `evaluar2` and `evaluar3` (a two weighs 1).
pub const SEED_THREE_WEIGHT: i64 = 100;

/// Right, up, up-right, up-left, as (row step, column step), row 0 at the bottom.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// The board as the report's programs hold it: `cells[row][col]`, row 0 at the bottom.
#[derive(Clone)]
struct Grid {
    width: i32,
    height: i32,
    cells: [[Option<Player>; 9]; 9],
}

impl Grid {
    fn new(state: &Connect4) -> Grid {
        let mut cells = [[None; 9]; 9];
        for row in 0..state.height() {
            for col in 0..state.width() {
                cells[row as usize][col as usize] = state.cell(col, row);
            }
        }
        Grid {
            width: state.width() as i32,
            height: state.height() as i32,
            cells,
        }
    }

    /// The cell at (row, col), or `None` off the board.
    fn get(&self, row: i32, col: i32) -> Option<Option<Player>> {
        if row < 0 || col < 0 || row >= self.height || col >= self.width {
            None
        } else {
            Some(self.cells[row as usize][col as usize])
        }
    }

    /// `llenar`: the board with every empty cell given to `who`.
    fn filled(&self, who: Player) -> Grid {
        let mut grid = self.clone();
        for row in grid.cells.iter_mut() {
            for cell in row.iter_mut() {
                cell.get_or_insert(who);
            }
        }
        grid
    }

    /// `der` / `arr` / `diag_der` / `diag_izq`: `n` pieces of `who` in a row from (row, col).
    fn run(&self, row: i32, col: i32, (dr, dc): (i32, i32), n: i32, who: Player) -> bool {
        (0..n).all(|k| self.get(row + k * dr, col + k * dc) == Some(Some(who)))
    }

    /// evaluar3's test: the run of `n` from (row, col) lies in some window of four on the
    /// board with no piece of `who`'s opponent.
    fn extendable(&self, row: i32, col: i32, (dr, dc): (i32, i32), n: i32, who: Player) -> bool {
        (0..=4 - n).any(|back| {
            let (r0, c0) = (row - back * dr, col - back * dc);
            (0..4).all(|k| match self.get(r0 + k * dr, c0 + k * dc) {
                None => false,
                Some(cell) => cell != Some(who.opponent()),
            })
        })
    }

    /// Every cell holding a piece of `who`.
    fn pieces(&self, who: Player) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.height)
            .flat_map(move |r| (0..self.width).map(move |c| (r, c)))
            .filter(move |&(r, c)| self.cells[r as usize][c as usize] == Some(who))
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
        for (row, col) in grid.pieces(who) {
            for dir in DIRECTIONS {
                let counts = |n| {
                    grid.run(row, col, dir, n, who)
                        && (!self.open_only || grid.extendable(row, col, dir, n, who))
                };
                twos += counts(2) as i64;
                threes += counts(3) as i64;
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
