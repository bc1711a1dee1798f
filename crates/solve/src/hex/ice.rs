//! Inferior-cell fill-in (Henderson and Hayward, "Probing the 4-3-2 edge template in Hex",
//! and Henderson, "Playing and solving Hex", 2010, chapter 4): cells whose owner does not
//! change the value of the game are filled before the position is searched, which shrinks
//! the board and lets H-search see connections it would miss.
//!
//! - **Dead** cells: four consecutive neighbours of one colour (an edge counts as its
//!   owner's stones). A dead cell is in no minimal winning chain of either player, so it may
//!   be given to anybody; it is given to Black.
//! - **Captured pairs**: two adjacent empty cells `a`, `b` such that a stone of the opponent
//!   on either one is made dead by `X` answering on the other (with `X` on the other cell,
//!   the first has four consecutive neighbours of `X`). `X` loses nothing by owning both:
//!   the opponent gains nothing by playing there, and `X` answers if he does. The bridge
//!   carriers of a stone on the second row are the common case.
//!
//! Filling repeats until nothing changes (a filled cell may make others dead or captured).

use super::board::{cells, Board, Masks};
use poda_core::Player;

/// What surrounds a cell in one of the six ring directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Around {
    Cell(u8),
    /// Beyond the first or last row: Black's edge.
    BlackEdge,
    /// Beyond the first or last column: White's edge.
    WhiteEdge,
    /// Beyond a corner: nobody's.
    Nothing,
}

/// The ring of every cell for one board size (directions in cyclic order).
pub struct Rings {
    ring: Vec<[Around; 6]>,
}

/// Colours in a ring: 0 empty, 1 Black, 2 White, 3 nobody.
const NOBODY: u8 = 3;

impl Rings {
    pub fn new(size: u32) -> Rings {
        const RING: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
        let n = size as i32;
        let ring = (0..n * n)
            .map(|c| {
                let (x, y) = (c % n, c / n);
                RING.map(|(dx, dy)| {
                    let (nx, ny) = (x + dx, y + dy);
                    match ((0..n).contains(&nx), (0..n).contains(&ny)) {
                        (true, true) => Around::Cell((ny * n + nx) as u8),
                        (true, false) => Around::BlackEdge,
                        (false, true) => Around::WhiteEdge,
                        (false, false) => Around::Nothing,
                    }
                })
            })
            .collect();
        Rings { ring }
    }

    /// The six colours around `c`, with `extra` (a cell) counted as colour `as_colour`.
    #[inline]
    fn colours(&self, board: &Board, c: usize, extra: Option<(u8, u8)>) -> [u8; 6] {
        self.ring[c].map(|a| match a {
            Around::Cell(d) => {
                if let Some((e, col)) = extra {
                    if e == d {
                        return col;
                    }
                }
                let bit = 1u128 << d;
                if board.stones[0] & bit != 0 {
                    1
                } else if board.stones[1] & bit != 0 {
                    2
                } else {
                    0
                }
            }
            Around::BlackEdge => 1,
            Around::WhiteEdge => 2,
            Around::Nothing => NOBODY,
        })
    }

    /// True if some colour holds four consecutive places of the ring (`only`: that colour).
    #[inline]
    fn four_in_a_row(colours: &[u8; 6], only: Option<u8>) -> bool {
        (0..6).any(|s| {
            let c = colours[s];
            (c == 1 || c == 2)
                && only.is_none_or(|o| o == c)
                && (1..4).all(|k| colours[(s + k) % 6] == c)
        })
    }

    /// The dead empty cells.
    pub fn dead(&self, board: &Board, masks: &Masks) -> u128 {
        cells(board.empty(masks))
            .filter(|&c| Self::four_in_a_row(&self.colours(board, c as usize, None), None))
            .fold(0, |s, c| s | 1 << c)
    }

    /// The cells of `X`-captured pairs (`x` = 1 Black, 2 White), disjoint pairs only.
    pub fn captured(&self, board: &Board, masks: &Masks, x: u8) -> u128 {
        let empty = board.empty(masks);
        let mut out = 0u128;
        for a in cells(empty) {
            if out >> a & 1 == 1 {
                continue;
            }
            for around in self.ring[a as usize] {
                let Around::Cell(b) = around else { continue };
                let b = b as u32;
                if b < a || empty >> b & 1 == 0 || out >> b & 1 == 1 {
                    continue;
                }
                let a_dies = Self::four_in_a_row(
                    &self.colours(board, a as usize, Some((b as u8, x))),
                    Some(x),
                );
                if !a_dies {
                    continue;
                }
                let b_dies = Self::four_in_a_row(
                    &self.colours(board, b as usize, Some((a as u8, x))),
                    Some(x),
                );
                if b_dies {
                    out |= 1 << a | 1 << b;
                    break;
                }
            }
        }
        out
    }

    /// Fills dead cells (as Black) and captured pairs (as their owner) until nothing
    /// changes; returns the cells filled.
    pub fn fill_in(&self, board: &mut Board, masks: &Masks) -> u128 {
        let mut filled = 0u128;
        loop {
            let dead = self.dead(board, masks);
            if dead != 0 {
                board.stones[0] |= dead;
                filled |= dead;
                continue;
            }
            let black = self.captured(board, masks, 1);
            if black != 0 {
                board.stones[0] |= black;
                filled |= black;
                continue;
            }
            let white = self.captured(board, masks, 2);
            if white != 0 {
                board.stones[1] |= white;
                filled |= white;
                continue;
            }
            return filled;
        }
    }
}

/// The winner of a position whose stones already join a player's edges.
pub fn connected(board: &Board, masks: &Masks) -> Option<Player> {
    Player::BOTH.into_iter().find(|&p| board.has_won(masks, p))
}
