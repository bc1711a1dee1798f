//! Move patterns: the 12 cells around an empty cell (its six neighbours and the six cells
//! it forms a bridge with), each empty, own or the opponent's (an edge is its owner's
//! stone), read from the view of the player to move and weighted by a learned strength
//! `gamma` (a Bradley-Terry model fitted by minorization-maximization, Coulom, "Computing Elo
//! ratings of move patterns in the game of Go", 2007; MoHex 2.0 uses such weights for its
//! priors: Huang, Arneson, Hayward, Müller, Pawlewicz, "MoHex 2.0: a pattern-based MCTS Hex
//! player", CG 2013).
//!
//! A pattern seen by White is read on the transposed board (White's edges become top and
//! bottom), so one table serves both colours; a pattern and its 180-degree rotation are the
//! same (the rotation keeps both players' goals) and share the smaller index. A second
//! feature, the move's [`locality`] from the opponent's last move (adjacent, a bridge away,
//! elsewhere), multiplies the weight. Weights come from `data/hex-patterns.txt` (`index
//! gamma`, `adjacent gamma`, `bridge gamma` lines; `examples/hex_patterns_fit.rs` fits
//! them); a pattern missing from the file weighs 1.

use super::board::{Board, BLACK, EMPTY, OFF, WHITE};
use std::sync::OnceLock;

/// Cells in a pattern.
pub const CELLS: usize = 12;
/// Distinct indices before the rotation is folded: `3^12`.
pub const INDICES: usize = 531_441;

/// The fitted weights shipped with poda.
const SHIPPED: &str = include_str!("../../data/hex-patterns.txt");

/// Where a move stands from the opponent's last move: adjacent, a bridge away, elsewhere
/// (also when there is no last move).
pub const LOCALITIES: usize = 3;

/// Steps per doubling of a local-reply weight's byte (a step is 9%).
const NEAR_STEPS: f32 = 8.0;
/// The byte of weight 1.
const NEAR_ONE: u8 = 128;

/// A table of pattern weights.
pub struct Patterns {
    gamma: Gammas,
    /// Weights of the localities (elsewhere is 1).
    local: [f32; LOCALITIES],
    /// The local-reply weights of the playouts (`local index gamma` lines): a pattern's
    /// weight as an answer near the opponent's last move, against [`Patterns::near_base`]
    /// for every empty cell (`examples/hex_local_fit.rs`); empty when the file has none.
    near: Gammas,
    /// The same weights by folded index, each rounded to a step of [`NEAR_STEPS`] per
    /// doubling and stored as a byte (half a MiB, which stays in the cache where 2 MiB of
    /// `f32` did not), and the byte's weight.
    near_dense: Vec<u8>,
    near_lut: [f32; 256],
    /// The `base` line: the weight of a move elsewhere, per empty cell, that the local-reply
    /// weights were fitted against.
    near_base: Option<f32>,
}

/// The weights that are not 1, by folded index, in an open-addressing table: a few thousand
/// patterns are seen in the records, and a table of all `3^12` indices (2 MiB of `f32`) made
/// every read a cache miss in the playouts.
#[derive(Clone)]
struct Gammas {
    keys: Vec<u32>,
    values: Vec<f32>,
}

impl Gammas {
    const NO_KEY: u32 = u32::MAX;

    /// A table of `(index, weight)` entries (distinct indices), at most half full.
    fn new(entries: &[(u32, f32)]) -> Gammas {
        let slots = (2 * entries.len()).next_power_of_two().max(16);
        let mut table = Gammas {
            keys: vec![Self::NO_KEY; slots],
            values: vec![1.0; slots],
        };
        for &(k, g) in entries {
            let mut i = table.home(k);
            while table.keys[i] != Self::NO_KEY {
                i = (i + 1) & (slots - 1);
            }
            table.keys[i] = k;
            table.values[i] = g;
        }
        table
    }

    /// The first slot probed for `key` (Fibonacci hashing).
    #[inline]
    fn home(&self, key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B9) as usize * self.keys.len()) >> 32
    }

    #[inline]
    fn get(&self, key: u32) -> f32 {
        let mask = self.keys.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.keys[i] {
                k if k == key => return self.values[i],
                Self::NO_KEY => return 1.0,
                _ => i = (i + 1) & mask,
            }
        }
    }
}

/// The locality of the mailbox cell `p` from the last move `last`.
#[inline]
pub fn locality(board: &Board, p: usize, last: Option<usize>) -> u8 {
    let Some(l) = last else {
        return 2;
    };
    let d = p as isize - l as isize;
    let ring = &board.layout.ring;
    if ring.contains(&d) {
        0
    } else if (0..6).any(|i| ring[i] + ring[(i + 1) % 6] == d) {
        1
    } else {
        2
    }
}

/// The mailbox offsets of the 12 cells for a board width, in pattern order (ring cell `k`,
/// then bridge cell `k`), as Black reads them and as White reads them (transposed).
pub fn offsets(width: usize) -> ([isize; CELLS], [isize; CELLS]) {
    let w = width as isize;
    let ring = [1, 1 - w, -w, -1, w - 1, w];
    let bridge = |i: usize| ring[i % 6] + ring[(i + 1) % 6];
    let mut black = [0isize; CELLS];
    let mut white = [0isize; CELLS];
    for k in 0..6 {
        black[k] = ring[k];
        black[6 + k] = bridge(k);
        // The transpose maps ring direction i to 5 - i and bridge i to 4 - i.
        white[k] = ring[5 - k];
        white[6 + k] = bridge((4 + 6 - k) % 6);
    }
    (black, white)
}

/// The pattern index of ring/bridge states (0 empty, 1 own, 2 opponent's) and of its
/// 180-degree rotation, folded to the smaller.
#[inline]
pub fn fold(states: &[u8; CELLS]) -> usize {
    let mut a = 0usize;
    let mut b = 0usize;
    for k in (0..CELLS).rev() {
        a = a * 3 + states[k] as usize;
        // Rotation by 180 degrees: ring k <-> ring k+3, bridge k <-> bridge k+3.
        let r = if k < 6 {
            (k + 3) % 6
        } else {
            6 + (k - 6 + 3) % 6
        };
        b = b * 3 + states[r] as usize;
    }
    a.min(b)
}

/// [`fold`] of [`read`] in one pass: the six ring cells and the six bridge cells are two
/// base-3 numbers of six digits, and the rotation by 180 degrees turns each by three digits.
#[inline]
pub fn index(board: &Board, p: usize, to_move: u8) -> usize {
    // A cell's digit by its colour (empty, Black, White, off the board) for each player.
    const DIGIT: [[usize; 4]; 2] = [[0, 1, 2, 0], [0, 2, 1, 0]];
    let digit = &DIGIT[(to_move == WHITE) as usize];
    let offs = &board.layout.pattern_offsets[(to_move == WHITE) as usize];
    let (mut ring, mut bridge) = (0usize, 0usize);
    for k in (0..6).rev() {
        ring = ring * 3 + digit[board.colour[(p as isize + offs[k]) as usize] as usize & 3];
        bridge = bridge * 3 + digit[board.colour[(p as isize + offs[6 + k]) as usize] as usize & 3];
    }
    let turn = |six: usize| six / 27 + six % 27 * 27;
    (ring + 729 * bridge).min(turn(ring) + 729 * turn(bridge))
}

/// The states of the 12 cells around the mailbox cell `p` for the player `to_move`.
#[inline]
pub fn read(board: &Board, p: usize, to_move: u8) -> [u8; CELLS] {
    let (black, white) = offsets(board.layout.width);
    let offs = if to_move == BLACK { black } else { white };
    let mut s = [0u8; CELLS];
    for k in 0..CELLS {
        let c = board.colour[(p as isize + offs[k]) as usize];
        s[k] = match c {
            EMPTY | OFF => 0,
            c if c == to_move => 1,
            _ => 2,
        };
    }
    debug_assert!(to_move == BLACK || to_move == WHITE);
    s
}

impl Patterns {
    /// Every weight 1 (no knowledge).
    pub fn uniform() -> Patterns {
        Patterns {
            gamma: Gammas::new(&[]),
            local: [1.0; LOCALITIES],
            near: Gammas::new(&[]),
            near_dense: Vec::new(),
            near_lut: std::array::from_fn(|b| ((b as f32 - NEAR_ONE as f32) / NEAR_STEPS).exp2()),
            near_base: None,
        }
    }

    /// Weights from `index gamma` lines (`#` comments), the localities' `adjacent gamma` and
    /// `bridge gamma`, the local replies' `local index gamma` and their `base gamma`; a bad
    /// line is an error naming it.
    pub fn parse(text: &str) -> Result<Patterns, String> {
        let mut p = Patterns::uniform();
        let mut weights = std::collections::HashMap::new();
        let mut near = std::collections::HashMap::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut it = line.split_whitespace();
            let bad = || {
                format!(
                    "pattern file line {}: expected 'index gamma', 'adjacent gamma', 'bridge \
                     gamma', 'local index gamma' or 'base gamma'",
                    n + 1
                )
            };
            let mut key = it.next().ok_or_else(bad)?;
            let is_local = key == "local";
            if is_local {
                key = it.next().ok_or_else(bad)?;
            }
            let g: f32 = it.next().and_then(|t| t.parse().ok()).ok_or_else(bad)?;
            if !(g.is_finite() && g > 0.0) || it.next().is_some() {
                return Err(bad());
            }
            match key {
                "adjacent" if !is_local => p.local[0] = g,
                "bridge" if !is_local => p.local[1] = g,
                "base" if !is_local => p.near_base = Some(g),
                _ => {
                    let i: usize = key.parse().map_err(|_| bad())?;
                    if i >= INDICES {
                        return Err(bad());
                    }
                    if is_local {
                        near.insert(i as u32, g);
                    } else {
                        weights.insert(i as u32, g);
                    }
                }
            }
        }
        let entries: Vec<(u32, f32)> = weights.into_iter().filter(|&(_, g)| g != 1.0).collect();
        p.gamma = Gammas::new(&entries);
        let entries: Vec<(u32, f32)> = near.into_iter().filter(|&(_, g)| g != 1.0).collect();
        if !entries.is_empty() || p.near_base.is_some() {
            p.near_dense = vec![NEAR_ONE; INDICES];
            for &(i, g) in &entries {
                let step = (g.log2() * NEAR_STEPS).round() + NEAR_ONE as f32;
                p.near_dense[i as usize] = step.clamp(0.0, 255.0) as u8;
            }
        }
        p.near = Gammas::new(&entries);
        Ok(p)
    }

    /// The table shipped with poda.
    pub fn shipped() -> &'static Patterns {
        static TABLE: OnceLock<Patterns> = OnceLock::new();
        TABLE.get_or_init(|| Patterns::parse(SHIPPED).expect("the shipped pattern file parses"))
    }

    /// The weight of a move to the empty mailbox cell `p` by `to_move`, the opponent's last
    /// move being `last`.
    #[inline]
    pub fn gamma(&self, board: &Board, p: usize, to_move: u8, last: Option<usize>) -> f32 {
        self.gamma.get(index(board, p, to_move) as u32)
            * self.local[locality(board, p, last) as usize]
    }

    /// Whether the table holds local-reply weights (`local` lines).
    #[inline]
    pub fn has_near(&self) -> bool {
        self.near_base.is_some()
    }

    /// The `base` the local-reply weights were fitted against (1 without one).
    #[inline]
    pub fn near_base(&self) -> f32 {
        self.near_base.unwrap_or(1.0)
    }

    /// The local-reply weight of `to_move`'s move to the empty mailbox cell `p` near the
    /// opponent's last move.
    #[inline]
    pub fn near_gamma(&self, board: &Board, p: usize, to_move: u8) -> f32 {
        self.near.get(index(board, p, to_move) as u32)
    }

    /// The local-reply weight of a folded index, as the file gives it.
    #[inline]
    pub fn near_weight(&self, index: usize) -> f32 {
        self.near.get(index as u32)
    }

    /// [`Patterns::near_weight`] rounded to 9% (the playouts' fast read; 1 without local
    /// weights).
    #[inline]
    pub fn near_fast(&self, index: usize) -> f32 {
        match self.near_dense.get(index) {
            Some(&b) => self.near_lut[b as usize],
            None => 1.0,
        }
    }

    /// The weight of a folded index.
    #[inline]
    pub fn weight(&self, index: usize) -> f32 {
        self.gamma.get(index as u32)
    }

    /// The weight of a locality ([`locality`]).
    #[inline]
    pub fn locality_weight(&self, locality: u8) -> f32 {
        self.local[locality as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{colour_of, Board};
    use super::*;
    use poda_core::{Game, Player, Rng};
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

    /// The pattern Black sees at (x, y) is the one White sees at (y, x) on the transposed
    /// board with the colours exchanged, and the rotated board gives the same folded index;
    /// the one-pass [`index`] is the plain [`fold`] of [`read`].
    #[test]
    fn symmetries_share_an_index() {
        let mut rng = Rng::new(5);
        for _ in 0..40 {
            let size = 7u32;
            let mut game = Hex::with_size(size, false).unwrap();
            for _ in 0..rng.index(30) {
                let moves = game.legal_move_list();
                let next = game.after(moves[rng.index(moves.len())]);
                if next.outcome().is_over() {
                    break;
                }
                game = next;
            }
            let n = size as usize;
            let b = from_hex(&game);
            let mut t = Board::new(n);
            let mut r = Board::new(n);
            for p in Player::BOTH {
                for i in game.stones(p).iter() {
                    let (x, y) = (i % n, i / n);
                    t.play(t.layout.to_box[x * n + y] as usize, colour_of(p.opponent()));
                    r.play(r.layout.to_box[n * n - 1 - i] as usize, colour_of(p));
                }
            }
            for i in game.empty_cells().iter() {
                let (x, y) = (i % n, i / n);
                let p = b.layout.to_box[i] as usize;
                let pt = t.layout.to_box[x * n + y] as usize;
                let pr = r.layout.to_box[n * n - 1 - i] as usize;
                for c in [BLACK, WHITE] {
                    let own = fold(&read(&b, p, c));
                    assert_eq!(own, index(&b, p, c), "the one-pass index");
                    assert_eq!(own, fold(&read(&t, pt, 3 - c)));
                    assert_eq!(own, fold(&read(&r, pr, c)));
                }
            }
        }
    }

    #[test]
    fn the_file_format_is_checked() {
        let p = Patterns::parse("# comment\n17 2.5\nadjacent 3\nbridge 2\n").unwrap();
        assert_eq!(p.weight(17), 2.5);
        assert_eq!(p.local, [3.0, 2.0, 1.0]);
        assert!(Patterns::parse("near 2").is_err());
        assert!(Patterns::parse("17 2 3").is_err());
        assert_eq!(p.weight(18), 1.0);
        assert!(Patterns::parse("17").is_err_and(|e| e.contains("line 1")));
        assert!(Patterns::parse("999999999 1").is_err());
        assert!(Patterns::parse("3 -1").is_err());
        let near = Patterns::parse("base 0.5\nlocal 17 40\n17 3\n").unwrap();
        assert!(near.has_near() && !p.has_near());
        assert_eq!(
            (near.near_base(), near.near_weight(17), near.weight(17)),
            (0.5, 40.0, 3.0)
        );
        assert_eq!(near.near_weight(18), 1.0);
        assert_eq!(near.near_fast(18), 1.0);
        assert!(
            (near.near_fast(17) / 40.0 - 1.0).abs() < 0.05,
            "{}",
            near.near_fast(17)
        );
        assert!(Patterns::parse("local adjacent 2").is_err());
        assert!(Patterns::parse("local 17").is_err());
        assert!(Patterns::parse("local 999999999 1").is_err());
        Patterns::shipped();
    }
}
