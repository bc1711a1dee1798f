//! A slow, obviously correct Hex: a 2-D grid, and after every move a breadth-first search from
//! each player's first edge to see whether it reaches the second. Used only as an oracle.

use poda_core::Player;
use std::collections::VecDeque;

pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// `cells[y][x]`: 0 empty, 1 Black, 2 White.
#[derive(Clone, Debug)]
pub struct Naive {
    pub n: usize,
    pub cells: Vec<Vec<u8>>,
    pub to_move: u8,
    pub swap_rule: bool,
    pub plies: usize,
}

impl Naive {
    pub fn new(n: usize, swap_rule: bool) -> Naive {
        Naive {
            n,
            cells: vec![vec![0; n]; n],
            to_move: 1,
            swap_rule,
            plies: 0,
        }
    }

    /// True if `colour`'s stones join its edges (1: top to bottom, 2: left to right).
    pub fn connected(&self, colour: u8) -> bool {
        let n = self.n as i32;
        let mut seen = vec![vec![false; self.n]; self.n];
        let mut queue = VecDeque::new();
        for k in 0..n {
            let (x, y) = if colour == 1 { (k, 0) } else { (0, k) };
            if self.cells[y as usize][x as usize] == colour {
                seen[y as usize][x as usize] = true;
                queue.push_back((x, y));
            }
        }
        while let Some((x, y)) = queue.pop_front() {
            if (colour == 1 && y == n - 1) || (colour == 2 && x == n - 1) {
                return true;
            }
            for (dx, dy) in DIRECTIONS {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= n || ny >= n {
                    continue;
                }
                let (ux, uy) = (nx as usize, ny as usize);
                if !seen[uy][ux] && self.cells[uy][ux] == colour {
                    seen[uy][ux] = true;
                    queue.push_back((nx, ny));
                }
            }
        }
        false
    }

    pub fn winner(&self) -> Option<Player> {
        match (self.connected(1), self.connected(2)) {
            (true, false) => Some(Player::First),
            (false, true) => Some(Player::Second),
            (false, false) => None,
            (true, true) => panic!("naive: both players connected"),
        }
    }

    fn stones(&self) -> (usize, usize) {
        let mut b = 0;
        let mut w = 0;
        for row in &self.cells {
            for &c in row {
                match c {
                    1 => b += 1,
                    2 => w += 1,
                    _ => {}
                }
            }
        }
        (b, w)
    }

    pub fn swap_legal(&self) -> bool {
        self.swap_rule && self.to_move == 2 && self.stones() == (1, 0) && self.winner().is_none()
    }

    /// Legal moves as `Some((x, y))` in row order, then `None` for the swap.
    pub fn legal(&self) -> Vec<Option<(usize, usize)>> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for y in 0..self.n {
            for x in 0..self.n {
                if self.cells[y][x] == 0 {
                    out.push(Some((x, y)));
                }
            }
        }
        if self.swap_legal() {
            out.push(None);
        }
        out
    }

    pub fn play(&mut self, mv: Option<(usize, usize)>) {
        match mv {
            Some((x, y)) => {
                assert_eq!(self.cells[y][x], 0, "naive: occupied");
                self.cells[y][x] = self.to_move;
            }
            None => {
                assert!(self.swap_legal(), "naive: swap not legal");
                let mut found = None;
                for y in 0..self.n {
                    for x in 0..self.n {
                        if self.cells[y][x] == 1 {
                            found = Some((x, y));
                        }
                    }
                }
                let (x, y) = found.expect("one black stone");
                self.cells[y][x] = 0;
                self.cells[x][y] = 2;
            }
        }
        self.to_move = 3 - self.to_move;
        self.plies += 1;
    }

    pub fn board_string(&self) -> String {
        self.cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&c| match c {
                        0 => '.',
                        1 => 'x',
                        _ => 'o',
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
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}
