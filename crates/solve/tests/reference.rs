//! The solver against a plain, obviously correct negamax on deep positions: a 2-D array
//! board, a four-in-a-row check by walking the four directions from the last stone, and a
//! full-width alpha-beta search to the end of the game (no table, no pruned moves).

mod common;

use common::data;
use poda_core::Rng;
use poda_solve::{Position, Solver};

const W: usize = 7;
const H: usize = 6;

#[derive(Clone)]
struct Board {
    cells: [[u8; H]; W],
    heights: [usize; W],
    moves: usize,
}

impl Board {
    fn new() -> Board {
        Board {
            cells: [[0; H]; W],
            heights: [0; W],
            moves: 0,
        }
    }

    fn from_line(line: &str) -> Board {
        let mut b = Board::new();
        for ch in line.chars() {
            b.play(ch.to_digit(10).unwrap() as usize - 1);
        }
        b
    }

    /// Plays for the side to move; returns whether that stone made four in a row.
    fn play(&mut self, col: usize) -> bool {
        let player = 1 + (self.moves % 2) as u8;
        let row = self.heights[col];
        self.cells[col][row] = player;
        self.heights[col] += 1;
        self.moves += 1;
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let mut count = 1;
            for sign in [1, -1] {
                let (mut c, mut r) = (col as i32 + sign * dc, row as i32 + sign * dr);
                while (0..W as i32).contains(&c)
                    && (0..H as i32).contains(&r)
                    && self.cells[c as usize][r as usize] == player
                {
                    count += 1;
                    c += sign * dc;
                    r += sign * dr;
                }
            }
            if count >= 4 {
                return true;
            }
        }
        false
    }

    /// Exact score by the definition: a win with the stone that brings the move count to
    /// `k` is worth `(W*H + 2 - k) / 2`; alpha-beta only cuts, never guesses.
    fn negamax(&self, mut alpha: i32, beta: i32) -> i32 {
        if self.moves == W * H {
            return 0;
        }
        let mut best = i32::MIN;
        for col in 0..W {
            if self.heights[col] == H {
                continue;
            }
            let mut child = self.clone();
            let score = if child.play(col) {
                ((W * H + 2 - child.moves) / 2) as i32
            } else {
                -child.negamax(-beta, -alpha)
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn score(&self) -> i32 {
        self.negamax(-100, 100)
    }
}

#[test]
fn deep_test_set_positions_match_plain_negamax() {
    let text = data("Test_L3_R1");
    let mut solver = Solver::new(4);
    let mut checked = 0;
    for line in text.lines() {
        let moves = line.split(' ').next().unwrap();
        // Positions with at most 10 empty cells keep the plain search quick.
        if moves.len() < 32 {
            continue;
        }
        let p = Position::parse(moves).unwrap();
        let plain = Board::from_line(moves).score();
        solver.reset();
        assert_eq!(solver.solve(&p), plain, "{moves}");
        checked += 1;
    }
    assert!(checked > 300, "only {checked} positions");
}

/// Random positions with few empty cells, reached by random play that never completes a
/// four: every score, every analysis and every best-move set agree with the plain search.
#[test]
fn random_deep_positions_match_plain_negamax() {
    let mut rng = Rng::new(2024);
    let mut solver = Solver::new(4);
    let mut checked = 0;
    while checked < 300 {
        let empties = 7 + rng.below(5) as usize;
        let mut line = String::new();
        let mut board = Board::new();
        let mut ok = true;
        while board.moves < W * H - empties {
            let cols: Vec<usize> = (0..W).filter(|&c| board.heights[c] < H).collect();
            let col = cols[rng.index(cols.len())];
            if board.clone().play(col) {
                ok = false;
                break;
            }
            board.play(col);
            line.push((b'1' + col as u8) as char);
        }
        if !ok {
            continue;
        }
        let p = Position::parse(&line).unwrap();
        let plain = board.score();
        solver.reset();
        assert_eq!(solver.solve(&p), plain, "{line}");
        solver.reset();
        assert_eq!(solver.solve_weak(&p), plain.signum(), "{line}");
        // Analysis: each column's score is minus the plain score of the child.
        for (col, score) in solver.analyze(&p) {
            let mut child = board.clone();
            let expect = if child.play(col) {
                ((W * H + 2 - child.moves) / 2) as i32
            } else {
                -child.score()
            };
            assert_eq!(score, expect, "{line} column {}", col + 1);
        }
        let (best, cols) = solver.best_moves(&p);
        assert_eq!(best, plain, "{line}");
        for col in 0..W {
            if board.heights[col] == H {
                assert!(!cols.contains(&col));
                continue;
            }
            let mut child = board.clone();
            let s = if child.play(col) {
                ((W * H + 2 - child.moves) / 2) as i32
            } else {
                -child.score()
            };
            assert_eq!(cols.contains(&col), s == plain, "{line} column {}", col + 1);
        }
        checked += 1;
    }
}
