//! Building a Connect 4 position from its board rather than its moves: from a board string
//! (`poda show`'s format) or from lists of cells. Everything is computed from scratch, which
//! makes these the conformance kit's `rebuild`.
//!
//! A board is accepted only if some game could reach it: stones rest on stones, the first
//! player has as many stones as the second or one more, the side to move has no four, and a
//! four of the other side disappears when one of its top stones is lifted (it was made by the
//! last move).

use super::bits;
use super::position::{check_size, Connect4};
use poda_core::Player;
use thiserror::Error;

/// Why a board cannot be a Connect 4 position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("{0}")]
    Size(String),
    #[error("bad board string: {0}")]
    Syntax(String),
    #[error("cell (column {col}, row {row}) {reason}")]
    Cell { col: u32, row: u32, reason: String },
    #[error("column {col} has a stone floating above an empty cell at row {row}")]
    Floating { col: u32, row: u32 },
    #[error(
        "the first player has {first} stones and the second {second}: the first must have as \
         many as the second or one more"
    )]
    Counts { first: u32, second: u32 },
    #[error("impossible fours: {0}")]
    Fours(String),
}

impl Connect4 {
    /// Reads a board string: rows from top to bottom joined by `/`, `.` empty, `x` first
    /// player, `o` second (upper case accepted). The size is taken from the string. The side to
    /// move follows from the stone counts.
    pub fn from_board_string(text: &str) -> Result<Connect4, BoardError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        let height = rows.len() as u32;
        let width = rows[0].chars().count() as u32;
        check_size(width, height)?;
        let mut first = Vec::new();
        let mut second = Vec::new();
        for (i, line) in rows.iter().enumerate() {
            let row = height - 1 - i as u32;
            if line.chars().count() as u32 != width {
                return Err(BoardError::Syntax(format!(
                    "row {} from the top has {} cells, the first has {width}",
                    i + 1,
                    line.chars().count()
                )));
            }
            for (col, ch) in line.chars().enumerate() {
                let cell = (col as u8, row as u8);
                match ch.to_ascii_lowercase() {
                    '.' => {}
                    'x' => first.push(cell),
                    'o' => second.push(cell),
                    other => {
                        return Err(BoardError::Syntax(format!(
                            "'{other}' in row {} from the top is not '.', 'x' or 'o'",
                            i + 1
                        )))
                    }
                }
            }
        }
        Connect4::from_cells(width, height, &first, &second)
    }

    /// Builds a position from the cells `(column, row)` (0-based, row 0 at the bottom) of each
    /// player's stones.
    pub fn from_cells(
        width: u32,
        height: u32,
        first: &[(u8, u8)],
        second: &[(u8, u8)],
    ) -> Result<Connect4, BoardError> {
        check_size(width, height)?;
        let stones = |cells: &[(u8, u8)], taken: u64| -> Result<u64, BoardError> {
            let mut set = 0u64;
            for &(col, row) in cells {
                let (col, row) = (col as u32, row as u32);
                let error = |reason: &str| BoardError::Cell {
                    col: col + 1,
                    row: row + 1,
                    reason: reason.to_string(),
                };
                if col >= width || row >= height {
                    return Err(error("is off the board"));
                }
                let bit = bits::cell_bit(col, row, height);
                if (set | taken) & bit != 0 {
                    return Err(error("holds two stones"));
                }
                set |= bit;
            }
            Ok(set)
        };
        let first_bits = stones(first, 0)?;
        let second_bits = stones(second, first_bits)?;
        let mut game = Connect4::empty(width, height);
        game.mask = first_bits | second_bits;
        game.moves = game.mask.count_ones() as u8;
        game.current = if game.side_to_move() == Player::First {
            first_bits
        } else {
            second_bits
        };
        game.validate(first_bits.count_ones(), second_bits.count_ones())?;
        Ok(game)
    }

    /// The reachability checks of the module doc.
    fn validate(&self, first: u32, second: u32) -> Result<(), BoardError> {
        let (width, height) = (self.width(), self.height());
        for col in 0..width {
            let stones = self.column_height(col);
            let column = self.mask & self.column_mask(col);
            // The column's stones must be exactly its lowest `stones` cells.
            if column != (((1u64 << stones) - 1) << (col * (height + 1))) {
                let row = (0..height)
                    .find(|&r| column & bits::cell_bit(col, r, height) == 0)
                    .unwrap_or(0);
                return Err(BoardError::Floating {
                    col: col + 1,
                    row: row + 1,
                });
            }
        }
        if first != second && first != second + 1 {
            return Err(BoardError::Counts { first, second });
        }
        let to_move = self.side_to_move();
        if bits::has_four(self.current, height) {
            return Err(BoardError::Fours(format!(
                "{to_move} has a four but it is their turn: the game ended earlier"
            )));
        }
        let last = self.current ^ self.mask;
        if bits::has_four(last, height) {
            // Lifting one of the last mover's top stones must remove every four.
            let made_last = (0..width).any(|col| {
                let top = self.column_height(col);
                if top == 0 {
                    return false;
                }
                let bit = bits::cell_bit(col, top - 1, height);
                last & bit != 0 && !bits::has_four(last & !bit, height)
            });
            if !made_last {
                return Err(BoardError::Fours(format!(
                    "{} has a four that no single last move could have made",
                    to_move.opponent()
                )));
            }
        }
        Ok(())
    }
}
