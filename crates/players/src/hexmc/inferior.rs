//! The inferior-cell analysis a knowledge node gets (boards up to 13x13), after MoHex's
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
use poda_solve::hex::bits::{Bits, Wide};
use poda_solve::hex::board::{BoardOf, MasksOf};
use poda_solve::hex::ice::Rings;

/// Largest board the analysis runs on (13x13 cells fit [`Wide`] sets).
pub const MAX_SIZE: usize = 13;

/// The analysis for one board size: 128-bit cell sets up to 11x11, three words above.
pub enum Inferior {
    Narrow(Analysis<u128>),
    Wide(Analysis<Wide>),
}

impl Inferior {
    /// The analysis for boards of side `size`, if it is at most [`MAX_SIZE`].
    pub fn new(size: usize) -> Option<Inferior> {
        match size {
            0..=11 => Some(Inferior::Narrow(Analysis::new(size))),
            12..=MAX_SIZE => Some(Inferior::Wide(Analysis::new(size))),
            _ => None,
        }
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
        match self {
            Inferior::Narrow(a) => a.inferior(board, to_move, candidates, out),
            Inferior::Wide(a) => a.inferior(board, to_move, candidates, out),
        }
    }

    /// The stones of the fill-in of `board` (dead cells, captured pairs, permanently inferior
    /// cells, dead regions) as `(mailbox cell, colour)` in `out` (cleared first): the filled
    /// position has the same winner, and its playouts waste no move there.
    pub fn fill_in(&self, board: &Board, out: &mut Vec<(u16, u8)>) {
        match self {
            Inferior::Narrow(a) => a.fill_in(board, out),
            Inferior::Wide(a) => a.fill_in(board, out),
        }
    }
}

/// The analysis with cell sets of type `B`.
pub struct Analysis<B> {
    rings: Rings,
    masks: MasksOf<B>,
}

impl<B: Bits> Analysis<B> {
    fn new(size: usize) -> Analysis<B> {
        Analysis {
            rings: Rings::new(size as u32),
            masks: MasksOf::new(size as u32),
        }
    }

    /// [`Inferior::inferior`].
    fn inferior(
        &self,
        board: &Board,
        to_move: u8,
        candidates: &[usize],
        out: &mut [bool; MAX_BOX],
    ) -> usize {
        out.fill(false);
        let l = board.layout;
        let sets = BoardOf::<B> {
            stones: stone_sets(board),
            to_move: if to_move == 1 {
                Player::First
            } else {
                Player::Second
            },
            swap_rule: false,
        };
        let dense: Vec<u32> = candidates.iter().map(|&c| l.to_dense[c] as u32).collect();
        let all = dense.iter().fold(B::EMPTY, |s, &d| s.with(d as usize));
        let mut filled = sets;
        self.rings.fill_in(&mut filled, &self.masks);
        let mut left = all.and(filled.empty(&self.masks));
        let (vulnerable, _) = self.rings.vulnerable(&filled, &self.masks, left);
        if !left.andnot(vulnerable).is_empty() {
            left = left.andnot(vulnerable);
        }
        let order: Vec<u32> = dense
            .iter()
            .copied()
            .filter(|&d| left.has(d as usize))
            .collect();
        let (dominated, _) = self.rings.dominated(&filled, &self.masks, &order);
        if !left.andnot(dominated).is_empty() {
            left = left.andnot(dominated);
        }
        if left.is_empty() {
            // Every candidate is filled: nothing to prefer among them.
            return 0;
        }
        let mut count = 0;
        for (&c, &d) in candidates.iter().zip(&dense) {
            if !left.has(d as usize) {
                out[c] = true;
                count += 1;
            }
        }
        count
    }

    /// [`Inferior::fill_in`].
    fn fill_in(&self, board: &Board, out: &mut Vec<(u16, u8)>) {
        out.clear();
        let before: [B; 2] = stone_sets(board);
        let mut filled = BoardOf::<B> {
            stones: before,
            to_move: Player::First,
            swap_rule: false,
        };
        self.rings.fill_in(&mut filled, &self.masks);
        for (colour, side) in [(1u8, 0usize), (2, 1)] {
            for d in filled.stones[side].andnot(before[side]).cells() {
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

    /// The three-word cell sets give what the 128-bit ones give: on random 9x9 to 11x11
    /// positions (cells past the first and second word), the same fill-in stones and the
    /// same inferior candidates, in the same order.
    #[test]
    fn wide_sets_agree_with_narrow_ones() {
        let mut rng = Rng::new(53);
        let (mut stones, mut marked) = (0, 0);
        for size in [9u32, 10, 11] {
            let narrow = Analysis::<u128>::new(size as usize);
            let wide = Analysis::<Wide>::new(size as usize);
            for _ in 0..60 {
                let plies = 10 + rng.index((size * size) as usize / 2);
                let game = random_position(size, plies, &mut rng);
                let board = from_hex(&game);
                let (mut a, mut b) = (Vec::new(), Vec::new());
                narrow.fill_in(&board, &mut a);
                wide.fill_in(&board, &mut b);
                assert_eq!(a, b, "{}", game.board_string());
                stones += a.len();
                let candidates: Vec<usize> = board.empties().iter().map(|&c| c as usize).collect();
                let me = colour_of(game.side_to_move());
                let (mut x, mut y) = ([false; MAX_BOX], [false; MAX_BOX]);
                let n = narrow.inferior(&board, me, &candidates, &mut x);
                assert_eq!(n, wide.inferior(&board, me, &candidates, &mut y));
                assert!(x == y, "{}", game.board_string());
                marked += n;
            }
        }
        assert!(
            stones > 300 && marked > 300,
            "{stones} stones, {marked} marked"
        );
    }

    /// On 13x13 (cells in the third word) the analysis fills every empty cell with four
    /// consecutive neighbours of one colour (an edge counting as its owner's stones: the
    /// common dead cell), and its stones go on distinct empty cells.
    #[test]
    fn on_13x13_the_fill_in_takes_the_common_dead_cells() {
        let mut rng = Rng::new(59);
        let inferior = Inferior::new(13).unwrap();
        assert!(matches!(inferior, Inferior::Wide(_)));
        let (mut dead, mut high) = (0, 0);
        for _ in 0..60 {
            let plies = 20 + rng.index(80);
            let game = random_position(13, plies, &mut rng);
            let board = from_hex(&game);
            let mut fill = Vec::new();
            inferior.fill_in(&board, &mut fill);
            let mut cells: Vec<u16> = fill.iter().map(|&(c, _)| c).collect();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), fill.len());
            assert!(cells.iter().all(|&c| board.colour[c as usize] == 0));
            for &p in board.empties() {
                let ring = board.layout.ring;
                let around: [u8; 6] =
                    std::array::from_fn(|i| board.colour[(p as isize + ring[i]) as usize]);
                let four = (0..6).any(|s| {
                    let c = around[s];
                    (c == 1 || c == 2) && (1..4).all(|k| around[(s + k) % 6] == c)
                });
                if four {
                    assert!(cells.contains(&p), "cell {p}: {}", game.board_string());
                    dead += 1;
                    high += (board.layout.to_dense[p as usize] >= 128) as usize;
                }
            }
        }
        assert!(dead > 50 && high > 5, "{dead} dead, {high} past cell 128");
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
