//! DesConecta-4 BOOM as a [`Game`]: the course's move order, the notation (`1`..`7`, `b`),
//! the board string and the terminal drawing.

use super::position::{Action, Cell, DesConecta, BOMB_PERIOD, HEIGHT, WIDTH};
use crate::connect4::bits::mix64;
use poda_core::notation::{self, MoveParseError};
use poda_core::{Game, IllegalMove, Outcome, Player};

/// A bomb's cell index in the hash key, or this for "no bomb".
const NO_BOMB: u64 = 63;

impl Game for DesConecta {
    type Move = Action;

    fn spec(&self) -> String {
        "desconecta4boom".to_string()
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.side_to_move()
    }

    #[inline]
    fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// PUT1..PUT7 (the columns with room), then BOOM if the mover has a bomb: the order of the
    /// simulator's `GenerateAllMoves`.
    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Action>) {
        moves.clear();
        if self.outcome.is_over() {
            return;
        }
        let open = self.possible();
        for col in 0..WIDTH {
            if open & super::position::column_mask(col) != 0 {
                moves.push(Action::Put(col as u8));
            }
        }
        if self.can_boom() {
            moves.push(Action::Boom);
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Action) {
        self.act(mv);
    }

    /// The pieces (Pons' unique key `first + occupied`), each player's bomb cell and the phase
    /// of the bomb schedule (`ply mod 10`), mixed. Two positions that differ only in the ply
    /// count but not in its phase have the same future and the same hash.
    #[inline]
    fn hash(&self) -> u64 {
        let key = self.pieces[0] + self.occupied();
        let bomb_index = |p: Player| {
            let b = self.bomb(p);
            if b == 0 {
                NO_BOMB
            } else {
                b.trailing_zeros() as u64
            }
        };
        let extra = (bomb_index(Player::First) << 10)
            | (bomb_index(Player::Second) << 4)
            | self.phase() as u64;
        mix64(key ^ mix64(extra))
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.ply
    }

    /// None: a BOOM frees cells, so games can go on for ever (match play adjudicates).
    fn max_plies(&self) -> Option<u32> {
        None
    }

    /// A column `1`..`7` (PUT) or `b` (BOOM; `B` and `boom` are read too).
    fn parse_move(&self, text: &str) -> Result<Action, MoveParseError> {
        let token = text.trim();
        if token.eq_ignore_ascii_case("b") || token.eq_ignore_ascii_case("boom") {
            return Ok(Action::Boom);
        }
        if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoveParseError::new(
                text,
                format!("not a column (1..{WIDTH}) or b (BOOM)"),
            ));
        }
        match token
            .parse::<u32>()
            .ok()
            .filter(|c| (1..=WIDTH).contains(c))
        {
            Some(c) => Ok(Action::Put((c - 1) as u8)),
            None => Err(MoveParseError::new(
                text,
                format!("column {token} is off the board (1..{WIDTH})"),
            )),
        }
    }

    fn format_move(&self, mv: Action) -> String {
        match mv {
            Action::Put(col) => (col as u32 + 1).to_string(),
            Action::Boom => "b".to_string(),
        }
    }

    /// The compact form `4455667712b3` (one character per move), or any form with spaces or
    /// commas.
    fn split_moves<'a>(&self, text: &'a str) -> Vec<&'a str> {
        notation::split_chars_or_separated(text)
    }

    fn format_moves(&self, moves: &[Action]) -> String {
        moves.iter().map(|&m| self.format_move(m)).collect()
    }

    /// Rows from top to bottom joined by `/`: `.` empty, `x`/`o` pieces of player 1/2, `X`/`O`
    /// their bombs.
    fn board_string(&self) -> String {
        (0..HEIGHT)
            .rev()
            .map(|row| {
                (0..WIDTH)
                    .map(|col| cell_char(self.cell(col, row)))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// ```text
    /// | . . . . . . . |
    /// | . . x X o . . |
    /// +---------------+
    ///   1 2 3 4 5 6 7   round 3; X O are bombs, b explodes yours
    /// ```
    fn render(&self) -> String {
        let mut out = String::new();
        for row in (0..HEIGHT).rev() {
            out.push('|');
            for col in 0..WIDTH {
                out.push(' ');
                out.push(cell_char(self.cell(col, row)));
            }
            out.push_str(" |\n");
        }
        out.push('+');
        out.push_str(&"-".repeat(2 * WIDTH as usize + 1));
        out.push_str("+\n ");
        for col in 1..=WIDTH {
            out.push_str(&format!(" {col}"));
        }
        out.push_str(&format!("   {}\n", self.status_line()));
        out
    }

    #[inline]
    fn is_legal(&self, mv: Action) -> bool {
        self.is_legal_action(mv)
    }

    fn play(&mut self, mv: Action) -> Result<(), IllegalMove> {
        if self.outcome.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.is_legal_action(mv) {
            return Err(IllegalMove::NotLegal(self.format_move(mv)));
        }
        self.act(mv);
        Ok(())
    }
}

impl DesConecta {
    /// The round and the bomb schedule, for the drawing: `round 5 (bomb round): a PUT by
    /// player 1 places its bomb X`.
    fn status_line(&self) -> String {
        let round = self.round();
        let mover = self.side_to_move();
        let mut line = format!("round {round}");
        if self.outcome.is_over() {
            return line;
        }
        if self.put_places_bomb() {
            line += &format!(
                " (bomb round): a PUT by {mover} places its bomb {}",
                cell_char(Cell::Bomb(mover))
            );
        } else {
            let next = (round / BOMB_PERIOD + 1) * BOMB_PERIOD;
            line += &format!("; bombs in rounds {next}, {}, ...", next + BOMB_PERIOD);
        }
        if self.can_boom() {
            line += "; b = BOOM";
        }
        line
    }
}

/// The board-string character of a cell.
pub fn cell_char(cell: Cell) -> char {
    match cell {
        Cell::Empty => '.',
        Cell::Piece(Player::First) => 'x',
        Cell::Piece(Player::Second) => 'o',
        Cell::Bomb(Player::First) => 'X',
        Cell::Bomb(Player::Second) => 'O',
    }
}
