//! The Connect 4 position: two bitboards in Pascal Pons' layout (see [`bits`](super::bits)).
//!
//! `current` holds the stones of the side to move and `mask` every stone. Playing a move
//! flips `current` to the other side's stones (`current ^= mask`) and adds the new stone to
//! `mask`, so a move is three integer operations. The pair is summarised by the key
//! `current + mask`, unique per position: in each column `mask` is a run of `k` low bits, and
//! `current + mask` lies in `[2^k - 1, 2^(k+1) - 2]`, which identifies both `k` and the
//! column's stones without carrying into the next column (the sentinel bit absorbs the top).

use super::bits;
use super::setup::BoardError;
use poda_core::notation::{play_line, SequenceError};
use poda_core::{Outcome, Player, Spec, SpecError};

/// Smallest and largest supported width and height.
pub const MIN_SIDE: u32 = 4;
pub const MAX_SIDE: u32 = 9;
/// The standard board.
pub const DEFAULT_WIDTH: u32 = 7;
pub const DEFAULT_HEIGHT: u32 = 6;
/// Bits in a bitboard: a board needs `width * (height + 1)` of them.
pub const BOARD_BITS: u32 = 64;

/// A Connect 4 position of any supported size (7x6 by default).
///
/// The move type of its [`Game`](poda_core::Game) implementation is a `u8`: the **0-based**
/// column index (`0..width`). Its notation is Pons' **1-based** column digit: move `3` is
/// written `4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Connect4 {
    /// Stones of the side to move.
    pub(super) current: u64,
    /// Every stone on the board.
    pub(super) mask: u64,
    /// One bit at the bottom of each column (kept to avoid recomputing it on every move).
    pub(super) bottom: u64,
    /// Every cell of the board.
    pub(super) board: u64,
    pub(super) moves: u8,
    pub(super) width: u8,
    pub(super) height: u8,
}

impl Default for Connect4 {
    fn default() -> Self {
        Connect4::new()
    }
}

impl Connect4 {
    /// The empty standard board, 7 columns by 6 rows.
    pub fn new() -> Connect4 {
        Connect4::empty(DEFAULT_WIDTH, DEFAULT_HEIGHT)
    }

    /// The empty board of a given size, if the bitboard can hold it: width and height in
    /// `4..=9` and `width * (height + 1) <= 64`.
    pub fn with_size(width: u32, height: u32) -> Result<Connect4, BoardError> {
        check_size(width, height)?;
        Ok(Connect4::empty(width, height))
    }

    /// Builds the start position from a spec: `connect4`, `connect4(width=8,height=7)`; the
    /// OpenSpiel name `connect_four` takes the same options.
    pub fn from_spec(spec: &Spec) -> Result<Connect4, SpecError> {
        spec.expect_keys(&["width", "height"])?;
        let width = spec.int_in(
            "width",
            DEFAULT_WIDTH as u64,
            MIN_SIDE as u64,
            MAX_SIDE as u64,
        )? as u32;
        let height = spec.int_in(
            "height",
            DEFAULT_HEIGHT as u64,
            MIN_SIDE as u64,
            MAX_SIDE as u64,
        )? as u32;
        Connect4::with_size(width, height)
            .map_err(|e| spec.bad_value("height", &height.to_string(), e.to_string()))
    }

    /// The position after a move sequence in Pons' notation (`4453`) on the 7x6 board.
    pub fn from_moves(moves: &str) -> Result<Connect4, SequenceError> {
        Connect4::new().play_moves(moves)
    }

    /// The position after playing a move sequence from this one (every move checked).
    pub fn play_moves(&self, moves: &str) -> Result<Connect4, SequenceError> {
        play_line(self, moves).map(|(game, _)| game)
    }

    pub(super) fn empty(width: u32, height: u32) -> Connect4 {
        Connect4 {
            current: 0,
            mask: 0,
            bottom: bits::bottom_mask(width, height),
            board: bits::board_mask(width, height),
            moves: 0,
            width: width as u8,
            height: height as u8,
        }
    }

    #[inline]
    pub fn width(&self) -> u32 {
        self.width as u32
    }

    #[inline]
    pub fn height(&self) -> u32 {
        self.height as u32
    }

    /// Number of stones on the board.
    #[inline]
    pub fn moves_played(&self) -> u32 {
        self.moves as u32
    }

    /// The stones of the side to move.
    #[inline]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// Every stone on the board.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// The stones of `player`.
    #[inline]
    pub fn stones(&self, player: Player) -> u64 {
        if player == self.side_to_move() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// One bit at the bottom of each column.
    #[inline]
    pub fn bottom_mask(&self) -> u64 {
        self.bottom
    }

    /// Every cell of the board.
    #[inline]
    pub fn board_mask(&self) -> u64 {
        self.board
    }

    /// Every cell of column `col` (0-based, `col < width`).
    #[inline]
    pub fn column_mask(&self, col: u32) -> u64 {
        bits::column_mask(col, self.height())
    }

    /// The unique key `current + mask` (see the module doc).
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The side to move, from the parity of the stone count.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        if self.moves & 1 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The cells where a stone can be dropped now (one per non-full column).
    #[inline]
    pub fn possible(&self) -> u64 {
        self.mask.wrapping_add(self.bottom) & self.board
    }

    /// True if column `col` (0-based) is on the board and not full.
    #[inline]
    pub fn can_play(&self, col: u8) -> bool {
        let col = col as u32;
        col < self.width() && self.mask & self.top_cell(col) == 0
    }

    /// The top cell of column `col`.
    #[inline]
    fn top_cell(&self, col: u32) -> u64 {
        bits::cell_bit(col, self.height() - 1, self.height())
    }

    /// The cell a stone dropped in column `col` lands on (0 if the column is full).
    #[inline]
    pub fn landing_cell(&self, col: u8) -> u64 {
        let col = col as u32;
        if col >= self.width() {
            return 0;
        }
        self.possible() & self.column_mask(col)
    }

    /// Number of stones in column `col` (`col < width`).
    pub fn column_height(&self, col: u32) -> u32 {
        (self.mask & self.column_mask(col)).count_ones()
    }

    /// True if dropping a stone in `col` makes four for the side to move. False for a full or
    /// off-board column.
    #[inline]
    pub fn is_winning_move(&self, col: u8) -> bool {
        bits::has_four(self.current | self.landing_cell(col), self.height())
    }

    /// The empty cells where `player` would complete a four (playable now or not).
    #[inline]
    pub fn winning_cells(&self, player: Player) -> u64 {
        bits::winning_cells(self.stones(player), self.height()) & self.board & !self.mask
    }

    /// True if the side to move can win at once.
    #[inline]
    pub fn can_win_now(&self) -> bool {
        self.winning_cells(self.side_to_move()) & self.possible() != 0
    }

    /// The stone at (`col`, `row`), row 0 at the bottom; `None` for an empty or off-board cell.
    pub fn cell(&self, col: u32, row: u32) -> Option<Player> {
        if col >= self.width() || row >= self.height() {
            return None;
        }
        let bit = bits::cell_bit(col, row, self.height());
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.side_to_move())
        } else {
            Some(self.side_to_move().opponent())
        }
    }

    /// Drops a stone of the side to move in column `col`, which must be playable.
    #[inline]
    pub fn play_col(&mut self, col: u8) {
        let column = bits::column_mask(col as u32, self.height());
        let stone = self.mask.wrapping_add(self.bottom) & self.board & column;
        self.current ^= self.mask;
        self.mask |= stone;
        self.moves = self.moves.wrapping_add(1);
    }

    /// The game's result: a four of the player who just moved ends it, a full board is a draw.
    #[inline]
    pub fn result(&self) -> Outcome {
        // The previous mover's stones are the ones that are not the side to move's.
        if bits::has_four(self.current ^ self.mask, self.height()) {
            Outcome::Win(self.side_to_move().opponent())
        } else if self.mask == self.board {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}

/// Checks that a board of this size fits the bitboard; the error names the limit.
pub fn check_size(width: u32, height: u32) -> Result<(), BoardError> {
    let range = MIN_SIDE..=MAX_SIDE;
    if !range.contains(&width) {
        return Err(BoardError::Size(format!(
            "width {width} is not supported (must be {MIN_SIDE}..={MAX_SIDE})"
        )));
    }
    if !range.contains(&height) {
        return Err(BoardError::Size(format!(
            "height {height} is not supported (must be {MIN_SIDE}..={MAX_SIDE})"
        )));
    }
    let bits_needed = width * (height + 1);
    if bits_needed > BOARD_BITS {
        return Err(BoardError::Size(format!(
            "a {width}x{height} board needs width*(height+1) = {bits_needed} bits, but the \
             bitboard has {BOARD_BITS} (width*(height+1) <= {BOARD_BITS}: 8x7 and 9x6 fit)"
        )));
    }
    Ok(())
}
