//! Building Hex positions from stones rather than moves: [`Hex::place`] (a stone of either
//! colour, for protocol games where `play b a1` may come twice in a row), board strings, and
//! cell lists. Everything is recomputed from the stones, so these are the conformance kit's
//! `rebuild`.

use super::cellset::MAX_SIZE;
use super::notation::parse_cell;
use super::position::{Hex, SizeError, MIN_SIZE};
use poda_core::Player;
use thiserror::Error;

/// Why a stone cannot be placed, or a board cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("bad board string: {0}")]
    Syntax(String),
    #[error("cell {0} is off the board")]
    OffBoard(String),
    #[error("cell {0} already holds a stone")]
    Occupied(String),
    #[error(
        "Black has {black} stones and White {white}: no game reaches that (give the side to \
         move explicitly)"
    )]
    Counts { black: u32, white: u32 },
}

impl Hex {
    /// Puts a stone of `colour` on the empty cell `(x, y)` and gives the turn to the other
    /// colour, as if `colour` had just moved (the HTP `play` command). Several stones of one
    /// colour in a row are fine, and so is placing after the game is won (the winner stays:
    /// two winning chains cannot coexist). The ply counter counts placed stones too.
    pub fn place(&mut self, x: u32, y: u32, colour: Player) -> Result<(), BoardError> {
        let cell = self
            .geometry()
            .index(x, y)
            .ok_or_else(|| BoardError::OffBoard(format!("({x}, {y})")))?;
        if self.stone(cell).is_some() {
            return Err(BoardError::Occupied(super::notation::format_cell(x, y)));
        }
        self.put_stone(cell, colour);
        self.set_to_move(colour.opponent());
        self.ply += 1;
        Ok(())
    }

    /// [`place`](Hex::place) with the cell in notation (`c3`).
    pub fn place_named(&mut self, cell: &str, colour: Player) -> Result<(), BoardError> {
        let (x, y) =
            parse_cell(cell, self.size()).map_err(|e| BoardError::OffBoard(e.to_string()))?;
        self.place(x, y, colour)
    }

    /// The position with these stones (`(x, y)` cells) and side to move, on an empty board of
    /// `size` with or without swap. The ply counter is the number of stones, plus one if the
    /// stones look like a swapped game (White has one more stone than Black).
    pub fn from_stones(
        size: u32,
        swap: bool,
        black: &[(u32, u32)],
        white: &[(u32, u32)],
        to_move: Player,
    ) -> Result<Hex, BoardError> {
        let mut game = Hex::with_size(size, swap)?;
        for (cells, colour) in [(black, Player::First), (white, Player::Second)] {
            for &(x, y) in cells {
                game.place(x, y, colour)?;
            }
        }
        game.set_to_move(to_move);
        let swapped = white.len() == black.len() + 1;
        game.ply = (black.len() + white.len() + swapped as usize) as u16;
        Ok(game)
    }

    /// Reads a board string (rows 1..N top to bottom joined by `/`, `.` empty, `x` Black, `o`
    /// White; upper case too). The size comes from the string; the side to move from the
    /// counts: Black when they are equal, White when Black has one more, Black when White has
    /// one more (after a swap). Use [`Hex::from_board_string_to_move`] for any other count.
    pub fn from_board_string(text: &str, swap: bool) -> Result<Hex, BoardError> {
        let (size, black, white) = parse_board(text)?;
        let (b, w) = (black.len() as u32, white.len() as u32);
        let to_move = if b == w || w == b + 1 {
            Player::First
        } else if b == w + 1 {
            Player::Second
        } else {
            return Err(BoardError::Counts { black: b, white: w });
        };
        Hex::from_stones(size, swap, &black, &white, to_move)
    }

    /// Reads a board string with an explicit side to move (any stone counts).
    pub fn from_board_string_to_move(
        text: &str,
        swap: bool,
        to_move: Player,
    ) -> Result<Hex, BoardError> {
        let (size, black, white) = parse_board(text)?;
        Hex::from_stones(size, swap, &black, &white, to_move)
    }
}

type Cells = Vec<(u32, u32)>;

fn parse_board(text: &str) -> Result<(u32, Cells, Cells), BoardError> {
    let rows: Vec<&str> = text.trim().split('/').collect();
    let size = rows.len() as u32;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(SizeError(size).into());
    }
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() as u32 != size {
            return Err(BoardError::Syntax(format!(
                "row {} has {} cells, but there are {size} rows (a board is square)",
                y + 1,
                row.chars().count()
            )));
        }
        for (x, ch) in row.chars().enumerate() {
            let cell = (x as u32, y as u32);
            match ch.to_ascii_lowercase() {
                '.' => {}
                'x' => black.push(cell),
                'o' => white.push(cell),
                other => {
                    return Err(BoardError::Syntax(format!(
                        "'{other}' in row {} is not '.', 'x' or 'o'",
                        y + 1
                    )))
                }
            }
        }
    }
    Ok((size, black, white))
}
