//! A slow DesConecta-4 BOOM that follows the rules file literally, the way the course's
//! simulator stores the board: a 7x7 array of small numbers (0 empty, 1 and 2 the players'
//! pieces, 4 and 5 their bombs, so `cell % 3` is the colour), a round counter, and after every
//! action the scan of the whole board, row 0 first, each row left to right, each cell looking
//! right, up, up-right and down-right. Used only as the oracle of the bitboard implementation.

use poda_core::{Outcome, Player};
use poda_games::desconecta::Action;

pub const SIDE: usize = 7;
/// The bomb schedule: bombs in rounds that are multiples of this.
const BOMB_ROUNDS: u32 = 5;

#[derive(Clone, Debug)]
pub struct Naive {
    /// `cells[row][col]`, row 0 at the bottom.
    cells: [[u8; SIDE]; SIDE],
    /// 1 or 2.
    to_move: u8,
    round: u32,
    outcome: Outcome,
    /// How many times a whole-board check found fours of both colours, by the colour found
    /// first (index 0 for colour 1), for the tests.
    pub double_fours: [u32; 2],
}

impl Naive {
    pub fn new() -> Naive {
        Naive {
            cells: [[0; SIDE]; SIDE],
            to_move: 1,
            round: 1,
            outcome: Outcome::Ongoing,
            double_fours: [0, 0],
        }
    }

    /// A position from a board string (top row first, `.xoXO`), side to move and round.
    pub fn from_board(board: &str, to_move: Player, round: u32) -> Naive {
        let mut game = Naive::new();
        for (i, line) in board.split('/').enumerate() {
            let row = SIDE - 1 - i;
            for (col, ch) in line.chars().enumerate() {
                game.cells[row][col] = match ch {
                    'x' => 1,
                    'o' => 2,
                    'X' => 4,
                    'O' => 5,
                    _ => 0,
                };
            }
        }
        game.to_move = to_move.number();
        game.round = round;
        game.outcome = game.check_board();
        game
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    pub fn to_move(&self) -> Player {
        if self.to_move == 1 {
            Player::First
        } else {
            Player::Second
        }
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    /// Does `player` (1 or 2) have a bomb on the board? (Scanning the board for it.)
    fn has_bomb(&self, player: u8) -> bool {
        self.cells.iter().flatten().any(|&c| c == player + 3)
    }

    /// PUT1..PUT7 for the columns whose top cell is empty, then BOOM if the mover has a bomb.
    pub fn legal_moves(&self) -> Vec<Action> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        let mut moves: Vec<Action> = (0..SIDE)
            .filter(|&c| self.cells[SIDE - 1][c] == 0)
            .map(|c| Action::Put(c as u8))
            .collect();
        if self.has_bomb(self.to_move) {
            moves.push(Action::Boom);
        }
        moves
    }

    pub fn play(&mut self, action: Action) {
        let me = self.to_move;
        match action {
            Action::Put(col) => {
                let col = col as usize;
                let row = (0..SIDE)
                    .find(|&r| self.cells[r][col] == 0)
                    .expect("naive: the column is full");
                let bomb = self.round % BOMB_ROUNDS == 0 && !self.has_bomb(me);
                self.cells[row][col] = if bomb { me + 3 } else { me };
            }
            Action::Boom => self.boom(me),
        }
        if me == 2 {
            self.round += 1;
        }
        self.to_move = 3 - me;
        self.outcome = self.check_board();
    }

    /// Every piece of `me` in its bomb's row goes; what is above drops one cell.
    fn boom(&mut self, me: u8) {
        let mut bomb_row = None;
        for row in 0..SIDE {
            for col in 0..SIDE {
                if self.cells[row][col] == me + 3 {
                    bomb_row = Some(row);
                }
            }
        }
        let row = bomb_row.expect("naive: BOOM without a bomb");
        for col in 0..SIDE {
            let cell = self.cells[row][col];
            if cell == me || cell == me + 3 {
                for r in row..SIDE - 1 {
                    self.cells[r][col] = self.cells[r + 1][col];
                }
                self.cells[SIDE - 1][col] = 0;
            }
        }
    }

    /// The colour (1 or 2) of a four starting at (row, col) in one of the four directions, if
    /// any: right, up, up-right, down-right.
    fn four_at(&self, row: usize, col: usize) -> Option<u8> {
        let colour = self.cells[row][col] % 3;
        if colour == 0 {
            return None;
        }
        let directions: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];
        for (dr, dc) in directions {
            let all = (1..4).all(|k| {
                let r = row as i32 + k * dr;
                let c = col as i32 + k * dc;
                (0..SIDE as i32).contains(&r)
                    && (0..SIDE as i32).contains(&c)
                    && self.cells[r as usize][c as usize] % 3 == colour
            });
            if all {
                return Some(colour);
            }
        }
        None
    }

    /// The whole-board check: the colour of the first four found loses; a full board with no
    /// four is a draw.
    fn check_board(&mut self) -> Outcome {
        let mut found = Vec::new();
        for row in 0..SIDE {
            for col in 0..SIDE {
                if let Some(colour) = self.four_at(row, col) {
                    found.push(colour);
                }
            }
        }
        if found.contains(&1) && found.contains(&2) {
            self.double_fours[found[0] as usize - 1] += 1;
        }
        match found.first() {
            Some(1) => Outcome::Win(Player::Second),
            Some(_) => Outcome::Win(Player::First),
            None if self.cells.iter().flatten().all(|&c| c != 0) => Outcome::Draw,
            None => Outcome::Ongoing,
        }
    }

    pub fn board_string(&self) -> String {
        (0..SIDE)
            .rev()
            .map(|r| {
                self.cells[r]
                    .iter()
                    .map(|&v| match v {
                        0 => '.',
                        1 => 'x',
                        2 => 'o',
                        4 => 'X',
                        _ => 'O',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}
