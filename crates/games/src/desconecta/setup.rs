//! Building a position from its board rather than its moves: a board string (`poda show`'s
//! format, with `X`/`O` bombs) plus the side to move and the round number, which a board
//! alone does not show. Everything is computed from scratch, which makes this the
//! conformance kit's `rebuild`.
//!
//! A board is accepted if pieces rest on pieces and each player has at most one bomb. Piece
//! counts are not checked (a BOOM removes any number of the mover's pieces), and a board with
//! a four is accepted: its result is whatever the whole-board check says.

use super::position::{cell_bit, DesConecta, HEIGHT, WIDTH};
use poda_core::Player;
use thiserror::Error;

/// Why a board cannot be a DesConecta-4 BOOM position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("bad board string: {0}")]
    Syntax(String),
    #[error("column {col} has a piece floating above an empty cell at row {row}")]
    Floating { col: u32, row: u32 },
    #[error("{0} has more than one bomb")]
    Bombs(Player),
    #[error("the round must be at least 1")]
    Round,
}

impl DesConecta {
    /// Reads a board string (rows from top to bottom joined by `/`; `.` empty, `x`/`o`
    /// pieces of player 1/2, `X`/`O` their bombs) for the given side to move and round
    /// (1-based, as the simulator counts).
    pub fn from_board_string(
        text: &str,
        to_move: Player,
        round: u32,
    ) -> Result<DesConecta, BoardError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != HEIGHT as usize {
            return Err(BoardError::Syntax(format!(
                "{} rows, expected {HEIGHT}",
                rows.len()
            )));
        }
        if round == 0 {
            return Err(BoardError::Round);
        }
        let mut game = DesConecta::new();
        for (i, line) in rows.iter().enumerate() {
            let row = HEIGHT - 1 - i as u32;
            if line.chars().count() != WIDTH as usize {
                return Err(BoardError::Syntax(format!(
                    "row {} from the top has {} cells, expected {WIDTH}",
                    i + 1,
                    line.chars().count()
                )));
            }
            for (col, ch) in line.chars().enumerate() {
                let bit = cell_bit(col as u32, row);
                let (owner, bomb) = match ch {
                    '.' => continue,
                    'x' => (Player::First, false),
                    'o' => (Player::Second, false),
                    'X' => (Player::First, true),
                    'O' => (Player::Second, true),
                    other => {
                        return Err(BoardError::Syntax(format!(
                            "'{other}' in row {} from the top is not one of . x o X O",
                            i + 1
                        )))
                    }
                };
                game.pieces[owner.index()] |= bit;
                if bomb {
                    if game.bomb(owner) != 0 {
                        return Err(BoardError::Bombs(owner));
                    }
                    game.bombs |= bit;
                }
            }
        }
        for col in 0..WIDTH {
            let mut seen_empty = None;
            for row in 0..HEIGHT {
                let filled = game.occupied() & cell_bit(col, row) != 0;
                match (filled, seen_empty) {
                    (false, None) => seen_empty = Some(row),
                    (true, Some(empty)) => {
                        return Err(BoardError::Floating {
                            col: col + 1,
                            row: empty + 1,
                        })
                    }
                    _ => {}
                }
            }
        }
        game.ply = 2 * (round - 1) + to_move.index() as u32;
        game.outcome = game.judge();
        Ok(game)
    }

    /// The position as a board string, side to move and round (what
    /// [`from_board_string`](DesConecta::from_board_string) reads back).
    pub fn to_setup(&self) -> (String, Player, u32) {
        use poda_core::Game;
        (self.board_string(), self.side_to_move(), self.round())
    }
}
