//! The inferior-cell analysis a knowledge node gets (boards up to 11x11), after MoHex's
//! (Arneson, Hayward, Henderson, "Monte Carlo tree search in Hex", IEEE TCIAIG 2010; the
//! cell classes of Henderson, "Playing and solving Hex", PhD thesis, 2010, chapter 4), from
//! poda-solve's engine ([`Rings`]), the one its prover rests on:
//!
//! - the fill-in: dead cells, captured pairs, permanently inferior cells and dead regions
//!   are filled; no move into them is needed (the filled position has the same winner);
//! - vulnerable cells of the filled position: a cell one opponent stone would kill;
//! - dominated cells: a cell that the mover's stone on a better-visited candidate would put
//!   in the fill-in.
//!
//! Every won position keeps a winning move among the cells left (the prover's oracle tests
//! in poda-solve's `tests/hex_ice.rs` check each class against plain search), so marking the
//! others lost changes no proven value and only narrows the search.

use super::board::{Board, MAX_BOX};
use super::vcs::stone_sets;
use poda_core::Player;
use poda_solve::hex::board::{Board as Bits, Masks};
use poda_solve::hex::ice::Rings;

/// Largest board the analysis runs on (its cell sets are 128 bits wide).
pub const MAX_SIZE: usize = 11;

/// The analysis for one board size.
pub struct Inferior {
    rings: Rings,
    masks: Masks,
}

impl Inferior {
    /// The analysis for boards of side `size`, if it is at most [`MAX_SIZE`].
    pub fn new(size: usize) -> Option<Inferior> {
        (size <= MAX_SIZE).then(|| Inferior {
            rings: Rings::new(size as u32),
            masks: Masks::new(size as u32),
        })
    }

    /// Marks in `out` (cleared first) the mailbox cells of `candidates` that the player of
    /// colour `to_move` need not search, and returns how many. `candidates` come best first:
    /// of two moves that dominate each other, the earlier one stays. At least one candidate
    /// is always left unmarked.
    pub fn inferior(
        &self,
        board: &Board,
        to_move: u8,
        candidates: &[usize],
        out: &mut [bool; MAX_BOX],
    ) -> usize {
        out.fill(false);
        let l = board.layout;
        let bits = Bits {
            stones: stone_sets(board),
            to_move: if to_move == 1 {
                Player::First
            } else {
                Player::Second
            },
            swap_rule: false,
        };
        let dense: Vec<u32> = candidates.iter().map(|&c| l.to_dense[c] as u32).collect();
        let all = dense.iter().fold(0u128, |s, &d| s | 1 << d);
        let mut filled = bits;
        self.rings.fill_in(&mut filled, &self.masks);
        let mut left = all & filled.empty(&self.masks);
        let (vulnerable, _) = self.rings.vulnerable(&filled, &self.masks, left);
        if left & !vulnerable != 0 {
            left &= !vulnerable;
        }
        let order: Vec<u32> = dense
            .iter()
            .copied()
            .filter(|&d| left >> d & 1 == 1)
            .collect();
        let (dominated, _) = self.rings.dominated(&filled, &self.masks, &order);
        if left & !dominated != 0 {
            left &= !dominated;
        }
        if left == 0 {
            // Every candidate is filled: nothing to prefer among them.
            return 0;
        }
        let mut count = 0;
        for (&c, &d) in candidates.iter().zip(&dense) {
            if left >> d & 1 == 0 {
                out[c] = true;
                count += 1;
            }
        }
        count
    }

    /// The stones of the fill-in of `board` (dead cells, captured pairs, permanently inferior
    /// cells, dead regions) as `(mailbox cell, colour)` in `out` (cleared first): the filled
    /// position has the same winner, and its playouts waste no move there.
    pub fn fill_in(&self, board: &Board, out: &mut Vec<(u16, u8)>) {
        out.clear();
        let before: [u128; 2] = stone_sets(board);
        let mut filled = Bits {
            stones: before,
            to_move: Player::First,
            swap_rule: false,
        };
        self.rings.fill_in(&mut filled, &self.masks);
        for (colour, side) in [(1u8, 0usize), (2, 1)] {
            let mut new = filled.stones[side] & !before[side];
            while new != 0 {
                let d = new.trailing_zeros() as usize;
                new &= new - 1;
                out.push((board.layout.to_box[d], colour));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::colour_of;
    use super::super::knowledge::tests::{from_hex, move_wins, random_position};
    use super::*;
    use poda_core::{Game, Rng};

    /// In random 4x4 and 5x5 positions the player to move wins, the cells left hold a
    /// winning move (poda-solve's prover as the oracle), whatever order the candidates come
    /// in.
    #[test]
    fn a_winning_move_is_always_left() {
        let mut solver = poda_solve::hex::HexSolver::new();
        let mut rng = Rng::new(31);
        let (mut marked, mut checked) = (0, 0);
        for size in [4u32, 5] {
            let inferior = Inferior::new(size as usize).unwrap();
            for _ in 0..300 {
                let plies = 2 + rng.index((size * size) as usize / 2);
                let game = random_position(size, plies, &mut rng);
                let board = from_hex(&game);
                let me = game.side_to_move();
                let mut candidates: Vec<usize> =
                    board.empties().iter().map(|&c| c as usize).collect();
                for i in (1..candidates.len()).rev() {
                    candidates.swap(i, rng.index(i + 1));
                }
                let mut out = [false; MAX_BOX];
                let n = inferior.inferior(&board, colour_of(me), &candidates, &mut out);
                assert_eq!(n, out.iter().filter(|&&m| m).count());
                assert!(n < candidates.len());
                marked += n;
                if solver.solve(&game).unwrap().winner != me {
                    continue;
                }
                checked += 1;
                let wins = candidates
                    .iter()
                    .filter(|&&c| !out[c])
                    .any(|&c| move_wins(&game, board.layout.to_dense[c], &mut solver));
                assert!(wins, "no winning move left: {}", game.board_string());
            }
        }
        assert!(
            marked > 500 && checked > 200,
            "{marked} marked, {checked} won positions"
        );
    }

    /// The fill-in keeps the winner: in random 4x4 and 5x5 positions, the position with the
    /// fill-in stones played has the winner of the position without them (the prover as the
    /// oracle), and the stones go on distinct empty cells.
    #[test]
    fn the_fill_in_keeps_the_winner() {
        use super::super::knowledge::tests::assert_fill_keeps_winner;
        use poda_solve::hex::prover::Prover;
        let mut solver = poda_solve::hex::HexSolver::new();
        let mut rng = Rng::new(47);
        let (mut stones, mut positions) = (0, 0);
        for size in [4u32, 5] {
            let inferior = Inferior::new(size as usize).unwrap();
            let mut prover = Prover::new(size);
            let mut fill = Vec::new();
            for _ in 0..300 {
                let plies = 2 + rng.index((size * size) as usize / 2);
                let game = random_position(size, plies, &mut rng);
                let board = from_hex(&game);
                inferior.fill_in(&board, &mut fill);
                if fill.is_empty() {
                    continue;
                }
                positions += 1;
                stones += fill.len();
                assert_fill_keeps_winner(&game, &board, &fill, &mut solver, &mut prover);
            }
        }
        assert!(
            positions > 100 && stones > positions,
            "{positions} positions, {stones} stones"
        );
    }
}
