//! The playout board: a padded mailbox of colours with the empty cells in a list, so that a
//! playout is a copy of a few kilobytes, then one array write and one swap-remove a move.
//!
//! The board is framed by two rows and two columns of "edge stones" on each side (Black's
//! above and below, White's left and right, nobody's in the corners), so that the pattern of
//! radius two around any cell reads only the array and an edge counts as its owner's stone,
//! as Hex's rules make it. Cell `(x, y)` lives at `(y + 2) * W + x + 2` with `W = N + 4`.
//!
//! The playout fills the whole board (MoHex's simulations do the same; a filled Hex board has
//! exactly one winner, and the first chain completed survives the filling) with uniformly
//! random moves, except the **bridge-save reply** (Arneson, Hayward, Henderson, "Monte Carlo
//! tree search in Hex", IEEE TCIAIG 2010): when the opponent has just played into the carrier
//! of one of our bridges (two of our stones, or a stone and our edge, with two empty common
//! neighbours), we answer in the other carrier cell.

use poda_core::Player;

/// Colours of the mailbox.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
/// A corner of the frame: touches both edges, belongs to nobody.
pub const OFF: u8 = 3;

/// Largest side (poda's Hex goes to 19).
pub const MAX_SIDE: usize = 19;
/// Largest mailbox: `(19 + 4)^2`.
pub const MAX_BOX: usize = (MAX_SIDE + 4) * (MAX_SIDE + 4);
const MAX_EMPTY: usize = MAX_SIDE * MAX_SIDE;
/// "No cell" in the empty-cell index.
const NONE: u16 = u16::MAX;

/// The colour of a player.
#[inline]
pub fn colour_of(p: Player) -> u8 {
    match p {
        Player::First => BLACK,
        Player::Second => WHITE,
    }
}

/// The other colour (Black <-> White).
#[inline]
pub fn other(c: u8) -> u8 {
    3 - c
}

/// A small fast generator for playouts (xorshift64*, Vigna 2014): playouts need speed, not
/// the reproducible stream across versions that `poda_core::Rng` promises; it is seeded from
/// that one, so a search stays deterministic for a seed.
#[derive(Clone, Debug)]
pub struct FastRng(u64);

impl FastRng {
    pub fn new(seed: u64) -> FastRng {
        FastRng(seed | 1)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (multiply-shift; the bias is below 2^-32, harmless in a playout).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// The geometry of one board size in mailbox form.
#[derive(Debug)]
pub struct Layout {
    pub size: usize,
    /// Mailbox width `N + 4`.
    pub width: usize,
    /// The six neighbour offsets in cyclic order (each adjacent to the next).
    pub ring: [isize; 6],
    /// Mailbox index of each dense cell `y * N + x`, and back ([`NONE`] off the board).
    pub to_box: Vec<u16>,
    pub to_dense: Vec<u16>,
    /// The mailbox with the frame set and the board empty.
    pub frame: Vec<u8>,
    /// The 12 pattern cells' offsets as Black and as White reads them
    /// ([`offsets`](super::patterns::offsets)).
    pub pattern_offsets: [[isize; 12]; 2],
    /// What a stone adds to the pattern keys around it ([`keys`](super::keys)).
    pub key_steps: super::keys::Steps,
}

impl Layout {
    pub fn new(size: usize) -> Layout {
        assert!((1..=MAX_SIDE).contains(&size), "board side {size}");
        let n = size as isize;
        let w = n + 4;
        let ring = [1, 1 - w, -w, -1, w - 1, w];
        let cells = (w * w) as usize;
        let mut frame = vec![OFF; cells];
        let mut to_box = Vec::with_capacity(size * size);
        let mut to_dense = vec![NONE; cells];
        for by in 0..w {
            for bx in 0..w {
                let (x, y) = (bx - 2, by - 2);
                let x_in = (0..n).contains(&x);
                let y_in = (0..n).contains(&y);
                frame[(by * w + bx) as usize] = match (x_in, y_in) {
                    (true, true) => EMPTY,
                    (true, false) => BLACK,
                    (false, true) => WHITE,
                    (false, false) => OFF,
                };
            }
        }
        for y in 0..n {
            for x in 0..n {
                let b = ((y + 2) * w + x + 2) as usize;
                to_dense[b] = (y * n + x) as u16;
                to_box.push(b as u16);
            }
        }
        Layout {
            size,
            width: w as usize,
            ring,
            to_box,
            to_dense,
            frame,
            pattern_offsets: {
                let (black, white) = super::patterns::offsets(w as usize);
                [black, white]
            },
            key_steps: {
                let (black, white) = super::patterns::offsets(w as usize);
                super::keys::steps(&[black, white])
            },
        }
    }

    /// The shared layout of a size, built on first use.
    pub fn of(size: usize) -> &'static Layout {
        use std::sync::OnceLock;
        static ALL: OnceLock<Vec<Layout>> = OnceLock::new();
        &ALL.get_or_init(|| (1..=MAX_SIDE).map(Layout::new).collect())[size - 1]
    }
}

/// A position in mailbox form with its empty cells listed.
#[derive(Clone)]
pub struct Board {
    pub layout: &'static Layout,
    pub colour: [u8; MAX_BOX],
    /// The empty cells (mailbox indices) in `empties[..count]`.
    empties: [u16; MAX_EMPTY],
    count: usize,
    /// Where each empty cell sits in `empties`.
    slot: [u16; MAX_BOX],
}

impl Board {
    /// The empty board of a size.
    pub fn new(size: usize) -> Board {
        let layout = Layout::of(size);
        let mut b = Board {
            layout,
            colour: [OFF; MAX_BOX],
            empties: [0; MAX_EMPTY],
            count: 0,
            slot: [NONE; MAX_BOX],
        };
        b.colour[..layout.frame.len()].copy_from_slice(&layout.frame);
        for &c in &layout.to_box {
            b.slot[c as usize] = b.count as u16;
            b.empties[b.count] = c;
            b.count += 1;
        }
        b
    }

    /// Number of empty cells.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.count
    }

    /// The empty cells (mailbox indices), in no particular order.
    #[inline]
    pub fn empties(&self) -> &[u16] {
        &self.empties[..self.count]
    }

    /// Puts a stone of colour `c` on the empty mailbox cell `p`.
    #[inline]
    pub fn play(&mut self, p: usize, c: u8) {
        debug_assert_eq!(self.colour[p], EMPTY);
        self.colour[p] = c;
        let s = self.slot[p] as usize;
        self.count -= 1;
        let moved = self.empties[self.count];
        self.empties[s] = moved;
        self.slot[moved as usize] = s as u16;
        self.slot[p] = NONE;
    }

    /// The empty cells where `c` would answer an intrusion at `p` into one of its bridges.
    #[inline]
    fn bridge_replies(&self, p: usize, c: u8, out: &mut [usize; 6]) -> usize {
        let ring = &self.layout.ring;
        let mut n = 0;
        for i in 0..6 {
            let a = (p as isize + ring[i]) as usize;
            if self.colour[a] != c {
                continue;
            }
            let d = (p as isize + ring[(i + 1) % 6]) as usize;
            let b = (p as isize + ring[(i + 2) % 6]) as usize;
            if self.colour[d] == EMPTY && self.colour[b] == c {
                out[n] = d;
                n += 1;
            }
        }
        n
    }

    /// The bridge-save reply of `c` to an intrusion at `p`, if there is one (drawn at random
    /// among several).
    #[inline]
    pub fn bridge_reply(&self, p: usize, c: u8, rng: &mut FastRng) -> Option<usize> {
        let mut replies = [0usize; 6];
        match self.bridge_replies(p, c, &mut replies) {
            0 => None,
            1 => Some(replies[0]),
            n => Some(replies[rng.below(n)]),
        }
    }

    /// Fills the board: `to_move` plays first, `last` is the previous move's mailbox cell
    /// (for the bridge-save reply), if any. Returns the winner's colour.
    pub fn playout(&mut self, mut to_move: u8, mut last: Option<usize>, rng: &mut FastRng) -> u8 {
        while self.count > 0 {
            let p = match last.and_then(|l| self.bridge_reply(l, to_move, rng)) {
                Some(p) => p,
                None => self.empties[rng.below(self.count)] as usize,
            };
            self.play(p, to_move);
            last = Some(p);
            to_move = other(to_move);
        }
        self.full_board_winner()
    }

    /// The winner of a full board: Black if its stones join the top and bottom rows.
    pub fn full_board_winner(&self) -> u8 {
        if self.black_connects() {
            BLACK
        } else {
            WHITE
        }
    }

    /// True if Black's stones join row 1 and row N (empty cells do not carry).
    pub fn black_connects(&self) -> bool {
        let l = self.layout;
        let (n, w) = (l.size, l.width);
        let mut seen = [false; MAX_BOX];
        let mut stack = [0u16; MAX_BOX];
        let mut top = 0;
        for x in 0..n {
            let p = 2 * w + x + 2;
            if self.colour[p] == BLACK {
                seen[p] = true;
                stack[top] = p as u16;
                top += 1;
            }
        }
        let last_row = n + 1;
        while top > 0 {
            top -= 1;
            let p = stack[top] as usize;
            if p / w == last_row {
                return true;
            }
            for &d in &l.ring {
                let q = (p as isize + d) as usize;
                if !seen[q] && self.colour[q] == BLACK && self.layout.to_dense[q] != NONE {
                    seen[q] = true;
                    stack[top] = q as u16;
                    top += 1;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poda_core::Game;
    use poda_games::hex::Hex;

    fn from_hex(game: &Hex) -> Board {
        let mut b = Board::new(game.size() as usize);
        for p in Player::BOTH {
            for i in game.stones(p).iter() {
                b.play(b.layout.to_box[i] as usize, colour_of(p));
            }
        }
        b
    }

    #[test]
    fn frame_and_neighbours_follow_the_rules() {
        let l = Layout::of(3);
        // b1 = (1, 0): its neighbours above are Black's edge.
        let b1 = l.to_box[1] as usize;
        let cols: Vec<u8> = l
            .ring
            .iter()
            .map(|&d| l.frame[(b1 as isize + d) as usize])
            .collect();
        assert_eq!(cols, vec![EMPTY, BLACK, BLACK, EMPTY, EMPTY, EMPTY]);
        // Consecutive ring offsets are adjacent to each other.
        for i in 0..6 {
            let (a, b) = (l.ring[i], l.ring[(i + 1) % 6]);
            assert!(l.ring.contains(&(b - a)), "{a} {b}");
        }
    }

    #[test]
    fn full_board_winner_agrees_with_the_rules() {
        let mut rng = FastRng::new(7);
        let mut prng = poda_core::Rng::new(3);
        for size in [1usize, 2, 5, 9, 11] {
            for _ in 0..50 {
                let mut game = Hex::with_size(size as u32, false).unwrap();
                let mut b = Board::new(size);
                // Random full fill through poda's rules (which stop at the win), the rest
                // filled alternately: the winner is the first chain's owner either way.
                while !game.outcome().is_over() {
                    let moves = game.legal_move_list();
                    let mv = moves[prng.index(moves.len())];
                    game.play(mv).unwrap();
                }
                let mut filled = from_hex(&game);
                let winner = game.winner().unwrap();
                let mut colour = colour_of(game.side_to_move());
                while filled.empty_count() > 0 {
                    let p = filled.empties()[rng.below(filled.empty_count())] as usize;
                    filled.play(p, colour);
                    colour = other(colour);
                }
                assert_eq!(filled.full_board_winner(), colour_of(winner));
                b.playout(BLACK, None, &mut rng);
                assert_eq!(b.empty_count(), 0);
            }
        }
    }

    #[test]
    fn bridge_intrusions_are_answered() {
        // 5x5: Black b2 and c3... use a bridge b2-c3? (1,1) and (2,2) are not a bridge;
        // (1,1) and (2,2) share neighbours (2,1) and (1,2): that is a bridge in this geometry.
        let game = Hex::with_size(5, false)
            .unwrap()
            .play_moves("b2 e5 c3")
            .unwrap();
        let mut b = from_hex(&game);
        let l = b.layout;
        // White intrudes at c2 = (2, 1); Black must answer b3 = (1, 2).
        let c2 = l.to_box[5 + 2] as usize;
        let b3 = l.to_box[2 * 5 + 1] as usize;
        b.play(c2, WHITE);
        let mut out = [0; 6];
        let n = b.bridge_replies(c2, BLACK, &mut out);
        assert_eq!(&out[..n], &[b3]);
        // An intrusion into Black's edge template: b2 with a2 / b1 ... b2 = (1,1) touches
        // (1,0) and (2,0); White at b1 = (1,0) is answered at c1 = (2,0).
        let b1 = l.to_box[1] as usize;
        let c1 = l.to_box[2] as usize;
        let mut e = from_hex(&game);
        e.play(b1, WHITE);
        let n = e.bridge_replies(b1, BLACK, &mut out);
        assert!(out[..n].contains(&c1), "{:?}", &out[..n]);
    }
}
