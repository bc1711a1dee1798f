//! The solver's Hex board: two 128-bit bitboards (boards up to 11x11, cell `y * N + x`), the
//! side to move and the swap flag. Copy-make, no union-find: the solver asks for connections
//! far more than it plays moves, and a flood fill on one `u128` is a handful of shifts. The
//! masks and the board are generic over the cell set ([`Bits`]) so that the inferior-cell
//! engine also runs on 13x13 with [`super::bits::Wide`].

use super::bits::Bits;
use poda_core::Player;
use poda_games::hex::Hex;

/// Largest board the solver takes.
pub const MAX_SOLVER_SIZE: u32 = 11;

/// Masks of one board size, as cell sets of type `B` ([`Masks`]: the solver's `u128`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MasksOf<B> {
    pub size: u32,
    pub board: B,
    pub top: B,
    pub bottom: B,
    pub left: B,
    pub right: B,
    not_first_col: B,
    not_last_col: B,
}

/// The solver's masks (boards up to 11x11).
pub type Masks = MasksOf<u128>;

impl<B: Bits> MasksOf<B> {
    /// The masks of a board of side `size` (its cells must fit in `B`).
    pub fn new(size: u32) -> MasksOf<B> {
        let n = size;
        assert!((n * n) as usize <= B::CAPACITY, "{n}x{n} does not fit");
        let mut m = MasksOf {
            size,
            board: B::EMPTY,
            top: B::EMPTY,
            bottom: B::EMPTY,
            left: B::EMPTY,
            right: B::EMPTY,
            not_first_col: B::EMPTY,
            not_last_col: B::EMPTY,
        };
        for y in 0..n {
            for x in 0..n {
                let bit = B::bit((y * n + x) as usize);
                m.board = m.board.or(bit);
                if y == 0 {
                    m.top = m.top.or(bit);
                }
                if y == n - 1 {
                    m.bottom = m.bottom.or(bit);
                }
                if x == 0 {
                    m.left = m.left.or(bit);
                } else {
                    m.not_first_col = m.not_first_col.or(bit);
                }
                if x == n - 1 {
                    m.right = m.right.or(bit);
                } else {
                    m.not_last_col = m.not_last_col.or(bit);
                }
            }
        }
        m
    }

    /// `set` and every cell next to it.
    #[inline]
    pub fn expand(&self, set: B) -> B {
        let n = self.size;
        let mut out = set
            .or(set.shl(1).and(self.not_first_col))
            .or(set.shr(1).and(self.not_last_col))
            .or(set.shl(n))
            .or(set.shr(n));
        if n > 1 {
            out = out
                .or(set.shr(n - 1).and(self.not_first_col))
                .or(set.shl(n - 1).and(self.not_last_col));
        }
        out.and(self.board)
    }

    /// Of the cells of `set`, those with at most two and those with at most three
    /// neighbours in `set` (a bit-sliced count over the six shifted copies of `set`).
    #[inline]
    pub fn sparse(&self, set: B) -> (B, B) {
        let n = self.size;
        let mut shifted = [
            set.shl(1).and(self.not_first_col),
            set.shr(1).and(self.not_last_col),
            set.shl(n),
            set.shr(n),
            B::EMPTY,
            B::EMPTY,
        ];
        if n > 1 {
            shifted[4] = set.shr(n - 1).and(self.not_first_col);
            shifted[5] = set.shl(n - 1).and(self.not_last_col);
        }
        // Three bit planes of a count that never exceeds six.
        let (mut ones, mut twos, mut fours) = (B::EMPTY, B::EMPTY, B::EMPTY);
        for x in shifted {
            let carry = ones.and(x);
            ones = ones.xor(x);
            fours = fours.or(twos.and(carry));
            twos = twos.xor(carry);
        }
        let at_most_three = set.andnot(fours);
        (at_most_three.andnot(twos.and(ones)), at_most_three)
    }

    /// The cells of `within` connected to `seed` through `within`.
    #[inline]
    pub fn flood(&self, seed: B, within: B) -> B {
        let mut reached = seed.and(within);
        loop {
            let next = self.expand(reached).and(within);
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The first and second edge of a player.
    #[inline]
    pub fn edges(&self, player: Player) -> (B, B) {
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

/// A position, as cell sets of type `B` ([`Board`]: the solver's `u128`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardOf<B> {
    /// Stones of Black (index 0) and White (index 1).
    pub stones: [B; 2],
    pub to_move: Player,
    pub swap_rule: bool,
}

/// A position for the solver (boards up to 11x11).
pub type Board = BoardOf<u128>;

impl<B: Bits> BoardOf<B> {
    #[inline]
    pub fn empty(&self, masks: &MasksOf<B>) -> B {
        masks.board.andnot(self.stones[0].or(self.stones[1]))
    }

    /// True if `player`'s stones join their edges.
    #[inline]
    pub fn has_won(&self, masks: &MasksOf<B>, player: Player) -> bool {
        let own = self.stones[player.index()];
        let (a, b) = masks.edges(player);
        masks.flood(a.and(own), own).meets(b)
    }

    /// The position after the side to move puts a stone on `cell`.
    #[inline]
    pub fn play(&self, cell: u32) -> BoardOf<B> {
        let mut next = *self;
        let me = self.to_move.index();
        next.stones[me] = next.stones[me].with(cell as usize);
        next.to_move = self.to_move.opponent();
        next
    }
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

    /// The swap is legal: the rule is on, Black has one stone, White none, White to move.
    #[inline]
    pub fn swap_available(&self) -> bool {
        self.swap_rule
            && self.to_move == Player::Second
            && self.stones[1] == 0
            && self.stones[0].count_ones() == 1
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
    use super::super::bits::Wide;
    use super::*;

    /// `sparse` and `expand` agree with counting each cell's neighbours one by one from
    /// its coordinates, for every size the cell set holds.
    fn check_neighbours<B: Bits>(sizes: std::ops::RangeInclusive<u32>) {
        let mut rng = poda_core::Rng::new(1);
        let mut random = move || {
            (0..B::CAPACITY)
                .filter(|_| rng.next_u64() & 1 == 1)
                .fold(B::EMPTY, |s, c| s.with(c))
        };
        for size in sizes {
            let masks = MasksOf::<B>::new(size);
            let n = size as i32;
            let near = |c: usize, d: usize| {
                let (cx, cy, dx, dy) = (c as i32 % n, c as i32 / n, d as i32 % n, d as i32 / n);
                let (x, y) = (dx - cx, dy - cy);
                matches!(
                    (x, y),
                    (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1)
                )
            };
            for i in 0..200 {
                // Half the sets dense (half the cells), half sparse (a quarter).
                let set = if i % 2 == 0 {
                    random()
                } else {
                    random().and(random())
                }
                .and(masks.board);
                let (two, three) = masks.sparse(set);
                for c in 0..(size * size) as usize {
                    let around = set.cells().filter(|&d| near(c, d)).count();
                    let grown = (0..(size * size) as usize)
                        .filter(|&d| d == c || near(c, d))
                        .fold(B::EMPTY, |s, d| s.with(d));
                    assert_eq!(masks.expand(B::bit(c)), grown, "size {size}, cell {c}");
                    if set.has(c) {
                        assert_eq!(two.has(c), around <= 2, "size {size}, cell {c}");
                        assert_eq!(three.has(c), around <= 3, "size {size}, cell {c}");
                    }
                }
                assert!(two.or(three).within(set));
            }
        }
    }

    #[test]
    fn sparse_counts_neighbours() {
        check_neighbours::<u128>(1..=MAX_SOLVER_SIZE);
        check_neighbours::<Wide>(9..=13);
    }
}
