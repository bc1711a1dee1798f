//! The solver's Hex board: two 128-bit bitboards (boards up to 11x11, cell `y * N + x`), the
//! side to move and the swap flag. Copy-make, no union-find: the solver asks for connections
//! far more than it plays moves, and a flood fill on one `u128` is a handful of shifts.

use poda_core::Player;
use poda_games::hex::Hex;

/// Largest board the solver takes.
pub const MAX_SOLVER_SIZE: u32 = 11;

/// Masks of one board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masks {
    pub size: u32,
    pub board: u128,
    pub top: u128,
    pub bottom: u128,
    pub left: u128,
    pub right: u128,
    not_first_col: u128,
    not_last_col: u128,
}

impl Masks {
    pub fn new(size: u32) -> Masks {
        let n = size;
        let mut m = Masks {
            size,
            board: 0,
            top: 0,
            bottom: 0,
            left: 0,
            right: 0,
            not_first_col: 0,
            not_last_col: 0,
        };
        for y in 0..n {
            for x in 0..n {
                let bit = 1u128 << (y * n + x);
                m.board |= bit;
                if y == 0 {
                    m.top |= bit;
                }
                if y == n - 1 {
                    m.bottom |= bit;
                }
                if x == 0 {
                    m.left |= bit;
                } else {
                    m.not_first_col |= bit;
                }
                if x == n - 1 {
                    m.right |= bit;
                } else {
                    m.not_last_col |= bit;
                }
            }
        }
        m
    }

    /// `set` and every cell next to it.
    #[inline]
    pub fn expand(&self, set: u128) -> u128 {
        let n = self.size;
        let mut out = set
            | ((set << 1) & self.not_first_col)
            | ((set >> 1) & self.not_last_col)
            | (set << n)
            | (set >> n);
        if n > 1 {
            out |= ((set >> (n - 1)) & self.not_first_col) | ((set << (n - 1)) & self.not_last_col);
        }
        out & self.board
    }

    /// Of the cells of `set`, those with at most two and those with at most three
    /// neighbours in `set` (a bit-sliced count over the six shifted copies of `set`).
    #[inline]
    pub fn sparse(&self, set: u128) -> (u128, u128) {
        let n = self.size;
        let mut shifted = [
            (set << 1) & self.not_first_col,
            (set >> 1) & self.not_last_col,
            set << n,
            set >> n,
            0,
            0,
        ];
        if n > 1 {
            shifted[4] = (set >> (n - 1)) & self.not_first_col;
            shifted[5] = (set << (n - 1)) & self.not_last_col;
        }
        // Three bit planes of a count that never exceeds six.
        let (mut ones, mut twos, mut fours) = (0u128, 0u128, 0u128);
        for x in shifted {
            let carry = ones & x;
            ones ^= x;
            fours |= twos & carry;
            twos ^= carry;
        }
        let at_most_three = set & !fours;
        (at_most_three & !(twos & ones), at_most_three)
    }

    /// The cells of `within` connected to `seed` through `within`.
    #[inline]
    pub fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut reached = seed & within;
        loop {
            let next = self.expand(reached) & within;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The first and second edge of a player.
    #[inline]
    pub fn edges(&self, player: Player) -> (u128, u128) {
        match player {
            Player::First => (self.top, self.bottom),
            Player::Second => (self.left, self.right),
        }
    }

    /// The transposed cell index.
    #[inline]
    pub fn transpose(&self, cell: u32) -> u32 {
        let (x, y) = (cell % self.size, cell / self.size);
        x * self.size + y
    }
}

/// A position for the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Stones of Black (index 0) and White (index 1).
    pub stones: [u128; 2],
    pub to_move: Player,
    pub swap_rule: bool,
}

impl Board {
    /// The solver's copy of a poda position (`None` if the board is larger than 11x11).
    pub fn from_hex(game: &Hex) -> Option<Board> {
        if game.size() > MAX_SOLVER_SIZE {
            return None;
        }
        let mut stones = [0u128; 2];
        for p in Player::BOTH {
            for i in game.stones(p).iter() {
                stones[p.index()] |= 1 << i;
            }
        }
        Some(Board {
            stones,
            to_move: game.side_to_move(),
            swap_rule: game.swap_rule(),
        })
    }

    #[inline]
    pub fn empty(&self, masks: &Masks) -> u128 {
        masks.board & !(self.stones[0] | self.stones[1])
    }

    /// True if `player`'s stones join their edges.
    #[inline]
    pub fn has_won(&self, masks: &Masks, player: Player) -> bool {
        let own = self.stones[player.index()];
        let (a, b) = masks.edges(player);
        masks.flood(a & own, own) & b != 0
    }

    /// The swap is legal: the rule is on, Black has one stone, White none, White to move.
    #[inline]
    pub fn swap_available(&self) -> bool {
        self.swap_rule
            && self.to_move == Player::Second
            && self.stones[1] == 0
            && self.stones[0].count_ones() == 1
    }

    /// The position after the side to move puts a stone on `cell`.
    #[inline]
    pub fn play(&self, cell: u32) -> Board {
        let mut next = *self;
        next.stones[self.to_move.index()] |= 1 << cell;
        next.to_move = self.to_move.opponent();
        next
    }

    /// The position turned by 180 degrees, `(x, y) -> (N-1-x, N-1-y)`: the same game (both
    /// goals are kept). With the dense layout this reverses the order of the cell bits.
    #[inline]
    pub fn rotated(&self, masks: &Masks) -> Board {
        let cells = masks.size * masks.size;
        let turn = |b: u128| b.reverse_bits() >> (128 - cells);
        Board {
            stones: [turn(self.stones[0]), turn(self.stones[1])],
            ..*self
        }
    }

    /// The position after the swap: Black's stone mirrored into a White stone, Black to move.
    pub fn play_swap(&self, masks: &Masks) -> Board {
        let cell = self.stones[0].trailing_zeros();
        Board {
            stones: [0, 1 << masks.transpose(cell)],
            to_move: Player::First,
            swap_rule: self.swap_rule,
        }
    }
}

/// The cells of a set, lowest first.
pub fn cells(mut set: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros();
            set &= set - 1;
            Some(c)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sparse` agrees with counting each cell's neighbours one by one through `expand`.
    #[test]
    fn sparse_counts_neighbours() {
        let mut rng = poda_core::Rng::new(1);
        let mut bits = move || (rng.next_u64() as u128) << 64 | rng.next_u64() as u128;
        for size in 1..=MAX_SOLVER_SIZE {
            let masks = Masks::new(size);
            for i in 0..200 {
                // Half the sets dense (half the cells), half sparse (a quarter).
                let set = if i % 2 == 0 { bits() } else { bits() & bits() } & masks.board;
                let (two, three) = masks.sparse(set);
                for c in cells(set) {
                    let bit = 1u128 << c;
                    let around = (masks.expand(bit) & !bit & set).count_ones();
                    assert_eq!(two >> c & 1 == 1, around <= 2, "size {size}, cell {c}");
                    assert_eq!(three >> c & 1 == 1, around <= 3, "size {size}, cell {c}");
                }
                assert_eq!((two | three) & !set, 0);
            }
        }
    }
}
