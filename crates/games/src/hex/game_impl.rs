//! Hex as a [`Game`]: rules glue, notation, the board string and the terminal drawing.

use super::notation::{self, format_cell, is_swap_text, parse_cell, HexMove, SWAP_TEXT};
use super::position::{Hex, DEFAULT_SIZE};
use poda_core::notation::MoveParseError;
use poda_core::{Game, IllegalMove, Outcome, Player};

impl Game for Hex {
    type Move = HexMove;

    fn spec(&self) -> String {
        match (self.size(), self.swap_rule()) {
            (DEFAULT_SIZE, false) => "hex".to_string(),
            (size, false) => format!("hex(size={size})"),
            (size, true) => format!("hex(size={size},swap=true)"),
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

    /// Empty cells in index order (a1, b1, ..., row by row), then `swap` if available.
    #[inline]
    fn legal_moves(&self, moves: &mut Vec<HexMove>) {
        moves.clear();
        if self.winner().is_some() {
            return;
        }
        moves.extend(self.empty_cells().iter().map(|i| HexMove::Cell(i as u16)));
        if self.swap_available() {
            moves.push(HexMove::Swap);
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: HexMove) {
        self.play_move(mv);
    }

    /// Zobrist over the stones and the side to move.
    #[inline]
    fn hash(&self) -> u64 {
        self.zobrist()
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.plies()
    }

    /// Every cell, plus one ply for the swap.
    fn max_plies(&self) -> Option<u32> {
        Some(self.cells() as u32 + self.swap_rule() as u32)
    }

    /// A cell (`a1`, `k11`) or `swap` (`swap-pieces` is read too).
    fn parse_move(&self, text: &str) -> Result<HexMove, MoveParseError> {
        if is_swap_text(text) {
            return Ok(HexMove::Swap);
        }
        let (x, y) = parse_cell(text, self.size())?;
        Ok(HexMove::Cell((y * self.size() + x) as u16))
    }

    fn format_move(&self, mv: HexMove) -> String {
        match mv {
            HexMove::Swap => SWAP_TEXT.to_string(),
            HexMove::Cell(i) => match self.coords(mv) {
                Some((x, y)) => format_cell(x, y),
                None => format!("#{i}"),
            },
        }
    }

    /// Separated (`a1 b2`, `a1,b2`) or compact (`a1b2c13`) forms, or a mix.
    fn split_moves<'a>(&self, text: &'a str) -> Vec<&'a str> {
        notation::split_moves(text)
    }

    /// The compact form `a1b2c13` (unambiguous: each cell is one letter and its digits).
    fn format_moves(&self, moves: &[HexMove]) -> String {
        moves.iter().map(|&m| self.format_move(m)).collect()
    }

    /// Rows 1..N from top to bottom joined by `/`: `.` empty, `x` Black, `o` White.
    fn board_string(&self) -> String {
        let n = self.size();
        (0..n)
            .map(|y| (0..n).map(|x| cell_char(self.stone_at(x, y))).collect())
            .collect::<Vec<String>>()
            .join("/")
    }

    /// The leaning rhombus of the rules file, Black (`x`) joining top and bottom, White (`o`)
    /// left and right:
    /// ```text
    ///    a  b  c
    ///  1\.  .  .\1
    ///   2\.  .  .\2
    ///    3\.  .  .\3
    ///       a  b  c
    /// ```
    fn render(&self) -> String {
        let n = self.size() as usize;
        let label = n.to_string().len() + 1;
        let letters: Vec<String> = (0..n)
            .map(|x| char::from(b'a' + x as u8).to_string())
            .collect();
        let letters = letters.join("  ");
        let mut out = format!("{}{letters}\n", " ".repeat(label + 1));
        for y in 0..n {
            let cells: Vec<String> = (0..n)
                .map(|x| cell_char(self.stone_at(x as u32, y as u32)).to_string())
                .collect();
            out.push_str(&format!(
                "{}{:>label$}\\{}\\{}\n",
                " ".repeat(y),
                y + 1,
                cells.join("  "),
                y + 1
            ));
        }
        out.push_str(&format!("{}{letters}\n", " ".repeat(n + label + 1)));
        out
    }

    #[inline]
    fn is_legal(&self, mv: HexMove) -> bool {
        self.is_legal_move(mv)
    }

    fn play(&mut self, mv: HexMove) -> Result<(), IllegalMove> {
        if self.winner().is_some() {
            return Err(IllegalMove::GameOver);
        }
        if !self.is_legal_move(mv) {
            return Err(IllegalMove::NotLegal(self.format_move(mv)));
        }
        self.play_move(mv);
        Ok(())
    }
}

/// The board-string character of a cell.
pub(super) fn cell_char(stone: Option<Player>) -> char {
    match stone {
        None => '.',
        Some(Player::First) => 'x',
        Some(Player::Second) => 'o',
    }
}
