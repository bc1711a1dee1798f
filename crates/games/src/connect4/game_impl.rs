//! Connect 4 as a [`Game`]: rules glue, Pons' column-digit notation, the board string and the
//! terminal drawing.

use super::bits;
use super::position::{Connect4, DEFAULT_HEIGHT, DEFAULT_WIDTH};
use poda_core::notation::{self, MoveParseError};
use poda_core::{Game, IllegalMove, Outcome, Player};

impl Game for Connect4 {
    /// The 0-based column index.
    type Move = u8;

    fn spec(&self) -> String {
        if self.width() == DEFAULT_WIDTH && self.height() == DEFAULT_HEIGHT {
            "connect4".to_string()
        } else {
            format!("connect4(width={},height={})", self.width(), self.height())
        }
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.side_to_move()
    }

    #[inline]
    fn outcome(&self) -> Outcome {
        self.result()
    }

    /// Columns in order 1..width.
    #[inline]
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.result().is_over() {
            return;
        }
        let open = self.possible();
        for col in 0..self.width() {
            if open & self.column_mask(col) != 0 {
                moves.push(col as u8);
            }
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: u8) {
        self.play_col(mv);
    }

    /// A bijective mix of the unique key: different positions (of one board size) never share
    /// a hash. The side to move is implied by the number of stones.
    #[inline]
    fn hash(&self) -> u64 {
        bits::mix64(self.key())
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.moves_played()
    }

    fn max_plies(&self) -> Option<u32> {
        Some(self.width() * self.height())
    }

    /// A column number, 1-based (`1`..`width`).
    fn parse_move(&self, text: &str) -> Result<u8, MoveParseError> {
        let token = text.trim();
        if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoveParseError::new(
                text,
                format!("not a column digit (1..{})", self.width()),
            ));
        }
        // A long run of digits cannot be a column: keep it from overflowing.
        let column = token
            .parse::<u32>()
            .ok()
            .filter(|c| (1..=self.width()).contains(c));
        match column {
            Some(c) => Ok((c - 1) as u8),
            None => Err(MoveParseError::new(
                text,
                format!("column {token} is off the board (1..{})", self.width()),
            )),
        }
    }

    fn format_move(&self, mv: u8) -> String {
        (mv as u32 + 1).to_string()
    }

    /// The compact form `4453` (one digit per move), or any form with spaces or commas.
    fn split_moves<'a>(&self, text: &'a str) -> Vec<&'a str> {
        notation::split_chars_or_separated(text)
    }

    /// The compact form: one digit per move, as in Pons' test sets.
    fn format_moves(&self, moves: &[u8]) -> String {
        moves.iter().map(|&m| self.format_move(m)).collect()
    }

    /// Rows from top to bottom joined by `/`: `.` empty, `x` first player, `o` second.
    fn board_string(&self) -> String {
        let rows: Vec<String> = (0..self.height())
            .rev()
            .map(|row| {
                (0..self.width())
                    .map(|col| cell_char(self.cell(col, row)))
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// ```text
    /// | . . . . . . . |
    /// | . . . x o . . |
    /// +---------------+
    ///   1 2 3 4 5 6 7
    /// ```
    fn render(&self) -> String {
        let mut out = String::new();
        for row in (0..self.height()).rev() {
            out.push('|');
            for col in 0..self.width() {
                out.push(' ');
                out.push(cell_char(self.cell(col, row)));
            }
            out.push_str(" |\n");
        }
        out.push('+');
        out.push_str(&"-".repeat(2 * self.width() as usize + 1));
        out.push_str("+\n ");
        for col in 1..=self.width() {
            out.push(' ');
            out.push_str(&col.to_string());
        }
        out.push('\n');
        out
    }

    #[inline]
    fn is_legal(&self, mv: u8) -> bool {
        self.can_play(mv) && !self.result().is_over()
    }

    fn play(&mut self, mv: u8) -> Result<(), IllegalMove> {
        if self.result().is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.can_play(mv) {
            return Err(IllegalMove::NotLegal(self.format_move(mv)));
        }
        self.play_col(mv);
        Ok(())
    }
}

/// The board-string character of a cell.
pub(super) fn cell_char(cell: Option<Player>) -> char {
    match cell {
        None => '.',
        Some(Player::First) => 'x',
        Some(Player::Second) => 'o',
    }
}
