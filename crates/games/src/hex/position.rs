//! The Hex position: one bitboard per colour, a union-find over the stones for the win test,
//! and an incremental Zobrist hash.
//!
//! Union-find (Tarjan 1975) with path halving: every stone is a node, and four extra nodes
//! stand for the edges (top, bottom for Black; left, right for White). A stone is joined to
//! its same-coloured neighbours and to the edges it touches, and its colour has won when its
//! two edge nodes share a root: a move costs at most six unions, amortised near O(1), and the
//! outcome is cached. Copy-make stays cheap enough (a 19x19 forest is 730 bytes).
//!
//! Black is always [`Player::First`] and White [`Player::Second`]; `swap` follows OpenSpiel's
//! and HexGui's convention (see [`swap`](super::swap)), so colours never change hands.

use super::cellset::{CellSet, MAX_CELLS, MAX_SIZE};
use super::geometry::Geometry;
use super::notation::HexMove;
use poda_core::notation::{play_line, SequenceError};
use poda_core::{Outcome, Player, Spec, SpecError};

/// The standard board side.
pub const DEFAULT_SIZE: u32 = 11;
/// Smallest supported board side.
pub const MIN_SIZE: u32 = 1;

/// Union-find nodes of the four edges, after the cells.
pub(super) const TOP: usize = MAX_CELLS;
pub(super) const BOTTOM: usize = MAX_CELLS + 1;
pub(super) const LEFT: usize = MAX_CELLS + 2;
pub(super) const RIGHT: usize = MAX_CELLS + 3;
const NODES: usize = MAX_CELLS + 4;

/// Zobrist keys: one per (colour, cell), and one for White to move.
const fn zobrist_keys() -> [[u64; MAX_CELLS]; 2] {
    let mut keys = [[0u64; MAX_CELLS]; 2];
    let mut state: u64 = 0x4845_585f_5a4f_4252; // "HEX_ZOBR"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            // SplitMix64, inlined for const evaluation.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            keys[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    keys
}
static ZOBRIST: [[u64; MAX_CELLS]; 2] = zobrist_keys();
const WHITE_TO_MOVE_KEY: u64 = 0x9d1c_73a5_e2b4_6f07;

/// A Hex position on an N x N board (`1 <= N <= 19`), with or without the swap rule.
///
/// The move type of its [`Game`](poda_core::Game) implementation is [`HexMove`]: a cell index
/// `y * N + x` (also OpenSpiel's action id) or [`HexMove::Swap`].
#[derive(Clone, Debug)]
pub struct Hex {
    pub(super) geo: &'static Geometry,
    /// Stones of Black (index 0) and White (index 1).
    pub(super) stones: [CellSet; 2],
    pub(super) parent: [u16; NODES],
    pub(super) hash: u64,
    pub(super) to_move: Player,
    pub(super) winner: Option<Player>,
    pub(super) ply: u16,
    pub(super) swap_rule: bool,
}

impl PartialEq for Hex {
    /// Same size, rule, stones and side to move (the union-find forest and the ply counter
    /// are bookkeeping).
    fn eq(&self, other: &Hex) -> bool {
        self.geo.size == other.geo.size
            && self.swap_rule == other.swap_rule
            && self.stones == other.stones
            && self.to_move == other.to_move
    }
}

impl Eq for Hex {}

impl Default for Hex {
    fn default() -> Self {
        Hex::new()
    }
}

/// A board size outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board size {0} is not supported (must be {MIN_SIZE}..={MAX_SIZE})")]
pub struct SizeError(pub u32);

impl Hex {
    /// The empty 11x11 board without swap.
    pub fn new() -> Hex {
        Hex::empty(DEFAULT_SIZE, false)
    }

    /// The empty `size` x `size` board, with the swap rule if `swap`.
    pub fn with_size(size: u32, swap: bool) -> Result<Hex, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        Ok(Hex::empty(size, swap))
    }

    /// The start position of a spec: `hex`, `hex(size=9)`, `hex(size=13,swap=true)`.
    pub fn from_spec(spec: &Spec) -> Result<Hex, SpecError> {
        spec.expect_keys(&["size", "swap"])?;
        let size = spec.int_in(
            "size",
            DEFAULT_SIZE as u64,
            MIN_SIZE as u64,
            MAX_SIZE as u64,
        )? as u32;
        let swap = spec.bool_or("swap", false)?;
        Ok(Hex::empty(size, swap))
    }

    /// The position after a move sequence from the empty board of this one's size and rule.
    pub fn play_moves(&self, moves: &str) -> Result<Hex, SequenceError> {
        play_line(self, moves).map(|(game, _)| game)
    }

    pub(super) fn empty(size: u32, swap: bool) -> Hex {
        let mut parent = [0u16; NODES];
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u16;
        }
        Hex {
            geo: Geometry::of(size),
            stones: [CellSet::EMPTY; 2],
            parent,
            hash: 0,
            to_move: Player::First,
            winner: None,
            ply: 0,
            swap_rule: swap,
        }
    }

    /// The side of the board.
    #[inline]
    pub fn size(&self) -> u32 {
        self.geo.size
    }

    /// Number of cells, `size * size`.
    #[inline]
    pub fn cells(&self) -> usize {
        self.geo.cells
    }

    /// The shared geometry of this board size.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// Whether the swap rule is on.
    #[inline]
    pub fn swap_rule(&self) -> bool {
        self.swap_rule
    }

    /// The stones of `player` (Black is `First`).
    #[inline]
    pub fn stones(&self, player: Player) -> &CellSet {
        &self.stones[player.index()]
    }

    /// Every empty cell.
    #[inline]
    pub fn empty_cells(&self) -> CellSet {
        self.geo.board.minus(&self.stones[0].or(&self.stones[1]))
    }

    /// The stone on cell `i`, if any.
    #[inline]
    pub fn stone(&self, i: usize) -> Option<Player> {
        if self.stones[0].contains(i) {
            Some(Player::First)
        } else if self.stones[1].contains(i) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The stone at `(x, y)`; `None` for an empty or off-board cell.
    pub fn stone_at(&self, x: u32, y: u32) -> Option<Player> {
        self.geo.index(x, y).and_then(|i| self.stone(i))
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// The winner, if a chain joins a player's edges.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// True if `swap` is legal now: the rule is on, Black has exactly one stone, White none,
    /// and White is to move (the position after Black's opening move).
    #[inline]
    pub fn swap_available(&self) -> bool {
        self.swap_rule
            && self.winner.is_none()
            && self.to_move == Player::Second
            && self.stones[1].is_empty()
            && self.stones[0].len() == 1
    }

    /// True if `mv` is legal: an empty cell or an available swap, the game not being over.
    #[inline]
    pub fn is_legal_move(&self, mv: HexMove) -> bool {
        if self.winner.is_some() {
            return false;
        }
        match mv {
            HexMove::Cell(i) => {
                let i = i as usize;
                i < self.geo.cells && self.stone(i).is_none()
            }
            HexMove::Swap => self.swap_available(),
        }
    }

    /// Plays a legal move for the side to move.
    #[inline]
    pub fn play_move(&mut self, mv: HexMove) {
        match mv {
            HexMove::Cell(i) => {
                let me = self.to_move;
                self.put_stone(i as usize, me);
            }
            HexMove::Swap => self.play_swap(),
        }
        self.set_to_move(self.to_move.opponent());
        self.ply += 1;
    }

    /// The swap (OpenSpiel's convention): Black's lone stone at (x, y) becomes a White stone
    /// at (y, x). The caller then passes the turn to Black.
    fn play_swap(&mut self) {
        let Some(cell) = self.stones[0].lowest() else {
            return;
        };
        let mirrored = self.geo.transpose(cell);
        self.stones[0].remove(cell);
        self.hash ^= ZOBRIST[0][cell];
        self.parent[cell] = cell as u16;
        for edge in [TOP, BOTTOM] {
            self.parent[edge] = edge as u16;
        }
        self.put_stone(mirrored, Player::Second);
    }

    /// Sets the side to move (updating the hash).
    #[inline]
    pub fn set_to_move(&mut self, player: Player) {
        if player != self.to_move {
            self.hash ^= WHITE_TO_MOVE_KEY;
            self.to_move = player;
        }
    }

    /// Puts a stone of `colour` on the empty cell `i`, joining it to its chains and edges.
    pub(super) fn put_stone(&mut self, i: usize, colour: Player) {
        let c = colour.index();
        self.stones[c].insert(i);
        self.hash ^= ZOBRIST[c][i];
        self.parent[i] = i as u16;
        let geo = self.geo;
        for &nb in geo.neighbours_of(i) {
            if self.stones[c].contains(nb as usize) {
                self.union(i, nb as usize);
            }
        }
        let (x, y) = geo.xy[i];
        let last = (geo.size - 1) as u8;
        let (a, b) = if colour == Player::First {
            if y == 0 {
                self.union(i, TOP);
            }
            if y == last {
                self.union(i, BOTTOM);
            }
            (TOP, BOTTOM)
        } else {
            if x == 0 {
                self.union(i, LEFT);
            }
            if x == last {
                self.union(i, RIGHT);
            }
            (LEFT, RIGHT)
        };
        if self.winner.is_none() && self.find(a) == self.find(b) {
            self.winner = Some(colour);
        }
    }

    #[inline]
    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] as usize != i {
            let grand = self.parent[self.parent[i] as usize];
            self.parent[i] = grand;
            i = grand as usize;
        }
        i
    }

    #[inline]
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // Edge nodes stay roots: their indices are the largest, so link small under large.
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[lo] = hi as u16;
        }
    }

    /// The Zobrist hash of the stones and the side to move.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// Plies played (stones placed, the swap counting as one).
    #[inline]
    pub fn plies(&self) -> u32 {
        self.ply as u32
    }

    /// The outcome.
    #[inline]
    pub fn result(&self) -> Outcome {
        match self.winner {
            Some(p) => Outcome::Win(p),
            None => Outcome::Ongoing,
        }
    }

    /// The cell `(x, y)` as a move, if on the board.
    pub fn cell_move(&self, x: u32, y: u32) -> Option<HexMove> {
        self.geo.index(x, y).map(|i| HexMove::Cell(i as u16))
    }

    /// The `(x, y)` of a cell move; `None` for the swap or an off-board index.
    pub fn coords(&self, mv: HexMove) -> Option<(u32, u32)> {
        match mv {
            HexMove::Cell(i) if (i as usize) < self.geo.cells => {
                let (x, y) = self.geo.xy[i as usize];
                Some((x as u32, y as u32))
            }
            _ => None,
        }
    }
}
