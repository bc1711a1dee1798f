//! Incremental pattern keys: the folded 12-cell pattern index
//! ([`index`](super::patterns::index)) of every cell of a playout board for both players,
//! kept up to date move by move, so that a playout that weighs the cells around each move
//! by their patterns reads one number a cell instead of twelve colours (MoHex keeps such
//! keys on its playout board for the same reason: benzene's `MoHexBoard`).
//!
//! A cell's pattern for a player is two base-3 numbers of six digits, its ring cells and its
//! bridge cells, and [`index`](super::patterns::index) folds it with its 180-degree rotation
//! (each number turned by three digits) to the smaller. A key holds, for each player, the
//! plain and the turned number `ring + 729 bridge`; a stone on `q` changes one digit of each
//! of the 12 cells around `q` from 0 (empty) to the stone's digit for that player (1 own, 2
//! the opponent's), which adds that digit times the digit's place to each number: 48
//! additions a move. The frame's edge stones are read once, when the keys are built.

use super::board::{Board, MAX_BOX, WHITE};
use super::patterns::CELLS;

/// The place values of pattern position `k` (0-5 ring, 6-11 bridge) in the plain and in the
/// turned number.
const fn places() -> [[u32; 2]; CELLS] {
    let mut out = [[0u32; 2]; CELLS];
    let mut k = 0;
    while k < CELLS {
        let (digit, scale) = if k < 6 { (k, 1) } else { (k - 6, 729) };
        out[k][0] = scale * 3u32.pow(digit as u32);
        out[k][1] = scale * 3u32.pow(((digit + 3) % 6) as u32);
        k += 1;
    }
    out
}
const PLACES: [[u32; 2]; CELLS] = places();

/// A cell's digit by its colour (empty, Black, White, off the board), as Black and as White
/// read it.
const DIGIT: [[u32; 4]; 2] = [[0, 1, 2, 0], [0, 2, 1, 0]];

/// What a stone adds to the keys around it: for each of the 12 cells around it (their
/// offsets from the stone, in Black's pattern order), the four numbers' increments for a
/// Black stone and for a White one.
pub type Steps = [(isize, [[u32; 4]; 2]); CELLS];

/// The [`Steps`] of a board whose pattern offsets (as Black and as White read them) are
/// `offsets`.
pub fn steps(offsets: &[[isize; CELLS]; 2]) -> Steps {
    std::array::from_fn(|j| {
        let d = offsets[0][j];
        // The same neighbour's place in White's reading (the offsets are a permutation).
        let kw = offsets[1]
            .iter()
            .position(|&e| e == d)
            .expect("both readings cover the same cells");
        let add = |colour: usize| {
            let (b, w) = (DIGIT[0][colour], DIGIT[1][colour]);
            [
                b * PLACES[j][0],
                b * PLACES[j][1],
                w * PLACES[kw][0],
                w * PLACES[kw][1],
            ]
        };
        (d, [add(1), add(2)])
    })
}

/// The keys of one board: by mailbox cell, Black's plain and turned numbers, then White's.
#[derive(Clone)]
pub struct Keys {
    keys: Box<[[u32; 4]; MAX_BOX]>,
}

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            keys: Box::new([[0; 4]; MAX_BOX]),
        }
    }
}

impl Keys {
    /// Builds the keys of every empty cell of `board` (other cells' keys are left as they
    /// come: no one reads them).
    pub fn build(&mut self, board: &Board) {
        let offs = &board.layout.pattern_offsets;
        for &p in board.empties() {
            let p = p as usize;
            let mut key = [0u32; 4];
            for (view, offsets) in offs.iter().enumerate() {
                for (k, &d) in offsets.iter().enumerate() {
                    let colour = board.colour[(p as isize + d) as usize] as usize & 3;
                    let digit = DIGIT[view][colour];
                    key[2 * view] += digit * PLACES[k][0];
                    key[2 * view + 1] += digit * PLACES[k][1];
                }
            }
            self.keys[p] = key;
        }
    }

    /// Records a stone of `colour` (Black or White) on the mailbox cell `q` (the board plays
    /// it separately).
    #[inline]
    pub fn play(&mut self, board: &Board, q: usize, colour: u8) {
        let c = (colour == WHITE) as usize;
        for (d, add) in &board.layout.key_steps {
            let key = &mut self.keys[(q as isize - d) as usize];
            let add = &add[c];
            for i in 0..4 {
                key[i] += add[i];
            }
        }
    }

    /// The folded pattern index of the empty mailbox cell `p` for `to_move`.
    #[inline]
    pub fn index(&self, p: usize, to_move: u8) -> usize {
        let v = 2 * (to_move == WHITE) as usize;
        let key = &self.keys[p];
        key[v].min(key[v + 1]) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{other, FastRng, BLACK, EMPTY};
    use super::super::patterns::index;
    use super::*;

    /// Kept up to date move by move, the keys give every empty cell the index that reading
    /// its 12 cells gives, for both players, through whole random games on every size.
    #[test]
    fn kept_keys_agree_with_the_patterns_read_afresh() {
        let mut rng = FastRng::new(11);
        for size in [1usize, 2, 3, 5, 9, 11, 13, 19] {
            for _ in 0..6 {
                let mut board = Board::new(size);
                let mut keys = Keys::default();
                keys.build(&board);
                let mut colour = BLACK;
                while board.empty_count() > 0 {
                    let p = board.empties()[rng.below(board.empty_count())] as usize;
                    assert_eq!(board.colour[p], EMPTY);
                    keys.play(&board, p, colour);
                    board.play(p, colour);
                    colour = other(colour);
                    for &q in board.empties() {
                        for c in [BLACK, WHITE] {
                            assert_eq!(keys.index(q as usize, c), index(&board, q as usize, c));
                        }
                    }
                    // A fresh build agrees too.
                    let mut fresh = Keys::default();
                    fresh.build(&board);
                    for &q in board.empties() {
                        assert_eq!(
                            fresh.index(q as usize, colour),
                            keys.index(q as usize, colour)
                        );
                    }
                }
            }
        }
    }
}
