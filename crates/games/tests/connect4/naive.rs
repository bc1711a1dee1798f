//! A slow, obviously correct Connect 4: a 2-D array of cells, and after every move a scan of
//! the whole board, from every cell in four directions, for four equal stones. Used only as
//! the oracle of the bitboard implementation.

use poda_core::{Outcome, Player};

/// 0 = empty, 1 = first player, 2 = second player; `cells[row][col]`, row 0 at the bottom.
#[derive(Clone, Debug)]
pub struct Naive {
    pub width: usize,
    pub height: usize,
    cells: Vec<Vec<u8>>,
    moves: usize,
}

impl Naive {
    pub fn new(width: usize, height: usize) -> Naive {
        Naive {
            width,
            height,
            cells: vec![vec![0; width]; height],
            moves: 0,
        }
    }

    /// Plays a sequence of 0-based columns, each assumed legal.
    pub fn after_columns(width: usize, height: usize, columns: &[u8]) -> Naive {
        let mut game = Naive::new(width, height);
        for &c in columns {
            assert!(game.legal_moves().contains(&c), "naive: illegal {c}");
            game.play(c);
        }
        game
    }

    fn mover(&self) -> u8 {
        if self.moves % 2 == 0 {
            1
        } else {
            2
        }
    }

    /// The player owning a four anywhere on the board, if any.
    pub fn four_owner(&self) -> Option<u8> {
        let directions: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
        for row in 0..self.height as i64 {
            for col in 0..self.width as i64 {
                let who = self.cells[row as usize][col as usize];
                if who == 0 {
                    continue;
                }
                for (dr, dc) in directions {
                    let all = (1..4).all(|k| {
                        let (r, c) = (row + k * dr, col + k * dc);
                        r >= 0
                            && c >= 0
                            && r < self.height as i64
                            && c < self.width as i64
                            && self.cells[r as usize][c as usize] == who
                    });
                    if all {
                        return Some(who);
                    }
                }
            }
        }
        None
    }

    pub fn outcome(&self) -> Outcome {
        match self.four_owner() {
            Some(1) => Outcome::Win(Player::First),
            Some(_) => Outcome::Win(Player::Second),
            None if self.moves == self.width * self.height => Outcome::Draw,
            None => Outcome::Ongoing,
        }
    }

    /// The columns whose top cell is empty, while the game goes on.
    pub fn legal_moves(&self) -> Vec<u8> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        (0..self.width)
            .filter(|&c| self.cells[self.height - 1][c] == 0)
            .map(|c| c as u8)
            .collect()
    }

    /// Drops a stone in the lowest empty cell of `col`.
    pub fn play(&mut self, col: u8) {
        let col = col as usize;
        let row = (0..self.height)
            .find(|&r| self.cells[r][col] == 0)
            .expect("naive: column full");
        self.cells[row][col] = self.mover();
        self.moves += 1;
    }

    pub fn board_string(&self) -> String {
        (0..self.height)
            .rev()
            .map(|r| {
                self.cells[r]
                    .iter()
                    .map(|&v| ['.', 'x', 'o'][v as usize])
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        moves
            .iter()
            .map(|&m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}
