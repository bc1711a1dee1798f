//! The DesConecta-4 BOOM position: two bitboards of pieces, one of bombs, the ply counter and
//! the cached result.
//!
//! The 7x7 board uses the Connect 4 layout of [`connect4::bits`](crate::connect4::bits) with
//! height 7: bit `col * 8 + row`, row 0 at the bottom, one always-empty sentinel bit on top of
//! each column, 56 bits in all. A bomb is also a piece of its owner (it counts in every line),
//! so `pieces` holds bombs too and `bombs` only marks which pieces are bombs; a bomb's owner is
//! the player whose pieces contain it.

use crate::connect4::bits;
use poda_core::{Outcome, Player};

/// Columns and rows of the board.
pub const WIDTH: u32 = 7;
pub const HEIGHT: u32 = 7;
/// Cells of the board.
pub const CELLS: u32 = WIDTH * HEIGHT;
/// Bombs are handed out in rounds that are multiples of this (`n_veces` in the simulator).
pub const BOMB_PERIOD: u32 = 5;
/// The bomb schedule repeats every this many plies (one round is two plies).
pub const PHASE_PLIES: u32 = 2 * BOMB_PERIOD;

/// Bit stride of one column (the column's cells and its sentinel).
const STRIDE: u32 = HEIGHT + 1;
/// The seven cells of column 0; shifted by `col * STRIDE` it gives any column.
const COLUMN_CELLS: u64 = (1 << HEIGHT) - 1;

/// One action: drop a piece in a column (0-based), or explode the mover's bomb.
///
/// Written `1`..`7` and `b` (see [`Game::format_move`](poda_core::Game::format_move)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// `PUT c+1`: a piece in column `c` (0-based, `c < 7`).
    Put(u8),
    /// `BOOM`: explode the mover's bomb.
    Boom,
}

impl Action {
    /// The eight actions in the course's order: PUT1..PUT7, BOOM.
    pub const ALL: [Action; 8] = [
        Action::Put(0),
        Action::Put(1),
        Action::Put(2),
        Action::Put(3),
        Action::Put(4),
        Action::Put(5),
        Action::Put(6),
        Action::Boom,
    ];
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Piece(Player),
    Bomb(Player),
}

/// A DesConecta-4 BOOM position (the start position is [`DesConecta::new`]).
///
/// What decides the future (and so what [`hash`](poda_core::Game::hash) covers): the pieces
/// of each player, which of them are bombs, the side to move and the phase of the bomb
/// schedule. A PUT places a bomb when the round number is a multiple of 5, so of the round
/// counter only `round mod 5` matters; with the side to move that is `ply mod 10`. The ply
/// count itself matters for nothing in the rules (no move limit, no piece limit): it is kept
/// for [`ply`](poda_core::Game::ply) and match adjudication only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DesConecta {
    /// Pieces of each player (bombs included), indexed by [`Player::index`].
    pub(super) pieces: [u64; 2],
    /// The bombs on the board, at most one per player.
    pub(super) bombs: u64,
    /// Actions played since the start.
    pub(super) ply: u32,
    /// The result of the whole-board check made after the last action.
    pub(super) outcome: Outcome,
}

impl Default for DesConecta {
    fn default() -> Self {
        DesConecta::new()
    }
}

/// Every cell of the board.
#[inline]
pub fn board_mask() -> u64 {
    bits::board_mask(WIDTH, HEIGHT)
}

/// The bottom cell of every column.
#[inline]
pub fn bottom_mask() -> u64 {
    bits::bottom_mask(WIDTH, HEIGHT)
}

/// Every cell of row `row` (0 = bottom).
#[inline]
pub fn row_mask(row: u32) -> u64 {
    bottom_mask() << row
}

/// Every cell of column `col` (0-based).
#[inline]
pub fn column_mask(col: u32) -> u64 {
    COLUMN_CELLS << (col * STRIDE)
}

/// The bit of cell (`col`, `row`).
#[inline]
pub fn cell_bit(col: u32, row: u32) -> u64 {
    1u64 << (col * STRIDE + row)
}

/// The column and row of a single-bit cell.
#[inline]
pub fn cell_of(bit: u64) -> (u32, u32) {
    let index = bit.trailing_zeros();
    (index / STRIDE, index % STRIDE)
}

/// True if `stones` hold four in a line (a bomb counts as its owner's piece).
#[inline]
pub fn has_four(stones: u64) -> bool {
    bits::has_four(stones, HEIGHT)
}

/// The start cells of every four in `stones`, as the simulator's scan finds them: the
/// leftmost cell of a horizontal four, the bottom one of a vertical four, the bottom-left one
/// of an up-right diagonal and the TOP-left one of a down-right diagonal. In each case the
/// start is the cell with the smallest bit index, so `stones & stones >> d & ...` keeps it.
#[inline]
pub fn four_starts(stones: u64) -> u64 {
    let line = |d: u32| {
        let pairs = stones & (stones >> d);
        pairs & (pairs >> (2 * d))
    };
    // Horizontal, vertical, up-right, down-right.
    line(STRIDE) | line(1) | line(STRIDE + 1) | line(STRIDE - 1)
}

/// The first start cell in the simulator's scan order (row 0 first, each row left to right),
/// of a non-empty set of start cells; `None` if the set is empty.
#[inline]
pub fn first_in_scan_order(starts: u64) -> Option<u64> {
    (0..HEIGHT).find_map(|row| {
        let in_row = starts & row_mask(row);
        (in_row != 0).then(|| in_row & in_row.wrapping_neg())
    })
}

/// The empty cells where `stones` would complete a four (`winning_cells` of Connect 4, which
/// here are the cells its owner must not fill).
#[inline]
pub fn four_cells(stones: u64, empty: u64) -> u64 {
    bits::winning_cells(stones, HEIGHT) & empty
}

impl DesConecta {
    /// The empty board, round 1, player 1 to move.
    pub fn new() -> DesConecta {
        DesConecta {
            pieces: [0, 0],
            bombs: 0,
            ply: 0,
            outcome: Outcome::Ongoing,
        }
    }

    /// The side to move: player 1 after an even number of actions.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The round counter of the simulator: 1 at the start, one more after each action of
    /// player 2.
    #[inline]
    pub fn round(&self) -> u32 {
        self.ply / 2 + 1
    }

    /// True in rounds whose number is a multiple of 5.
    #[inline]
    pub fn is_bomb_round(&self) -> bool {
        self.round() % BOMB_PERIOD == 0
    }

    /// The phase of the bomb schedule, `ply mod 10` (it fixes the side to move and
    /// `round mod 5`).
    #[inline]
    pub fn phase(&self) -> u32 {
        self.ply % PHASE_PLIES
    }

    /// True if a PUT by the side to move places its bomb.
    #[inline]
    pub fn put_places_bomb(&self) -> bool {
        self.is_bomb_round() && self.bomb(self.side_to_move()) == 0
    }

    /// The pieces of `player`, its bomb included.
    #[inline]
    pub fn pieces(&self, player: Player) -> u64 {
        self.pieces[player.index()]
    }

    /// The bomb of `player` (one bit), or 0 if it has none.
    #[inline]
    pub fn bomb(&self, player: Player) -> u64 {
        self.bombs & self.pieces[player.index()]
    }

    /// Every bomb on the board.
    #[inline]
    pub fn bombs(&self) -> u64 {
        self.bombs
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty cell.
    #[inline]
    pub fn empty(&self) -> u64 {
        board_mask() & !self.occupied()
    }

    /// The cells a PUT can fill now: the lowest empty cell of each column that is not full.
    #[inline]
    pub fn possible(&self) -> u64 {
        self.occupied().wrapping_add(bottom_mask()) & board_mask()
    }

    /// True if column `col` (0-based) is on the board and not full.
    #[inline]
    pub fn can_put(&self, col: u8) -> bool {
        (col as u32) < WIDTH && self.possible() & column_mask(col as u32) != 0
    }

    /// True if the side to move can BOOM.
    #[inline]
    pub fn can_boom(&self) -> bool {
        self.bomb(self.side_to_move()) != 0
    }

    /// What cell (`col`, `row`) holds; `Empty` off the board.
    pub fn cell(&self, col: u32, row: u32) -> Cell {
        if col >= WIDTH || row >= HEIGHT {
            return Cell::Empty;
        }
        let bit = cell_bit(col, row);
        for player in Player::BOTH {
            if self.pieces[player.index()] & bit != 0 {
                return if self.bombs & bit != 0 {
                    Cell::Bomb(player)
                } else {
                    Cell::Piece(player)
                };
            }
        }
        Cell::Empty
    }

    /// The result after the last action (cached).
    #[inline]
    pub fn result(&self) -> Outcome {
        self.outcome
    }

    /// True if `action` is legal: the game goes on and the column has room, or the mover has a
    /// bomb.
    #[inline]
    pub fn is_legal_action(&self, action: Action) -> bool {
        !self.outcome.is_over()
            && match action {
                Action::Put(col) => self.can_put(col),
                Action::Boom => self.can_boom(),
            }
    }

    /// Plays a legal action: the piece or the explosion, the ply counter, then the
    /// whole-board check.
    #[inline]
    pub fn act(&mut self, action: Action) {
        let me = self.side_to_move().index();
        match action {
            Action::Put(col) => {
                let cell = self.possible() & column_mask(col as u32);
                if self.put_places_bomb() {
                    self.bombs |= cell;
                }
                self.pieces[me] |= cell;
            }
            Action::Boom => self.explode(me),
        }
        self.ply += 1;
        self.outcome = self.judge();
    }

    /// The position after `player` explodes its bomb now, as if it were its turn (the ply
    /// counter moves on by one or two so that `player` made the last action); `None` if
    /// `player` has no bomb. Evaluators use it to look at BOOM threats of either side.
    pub fn after_boom_by(&self, player: Player) -> Option<DesConecta> {
        if self.bomb(player) == 0 {
            return None;
        }
        let mut copy = *self;
        if copy.side_to_move() != player {
            copy.ply += 1;
        }
        copy.explode(player.index());
        copy.ply += 1;
        copy.outcome = copy.judge();
        Some(copy)
    }

    /// What the whole-board check would say if `player` exploded its bomb now, whoever is to
    /// move; `None` if `player` has no bomb.
    pub fn boom_outcome(&self, player: Player) -> Option<Outcome> {
        self.after_boom_by(player).map(|g| g.outcome)
    }

    /// BOOM for player `me`: every piece of `me` in the bomb's row goes, bomb included, and in
    /// each column that lost a piece everything above drops one cell.
    #[inline]
    fn explode(&mut self, me: usize) {
        let bomb = self.bombs & self.pieces[me];
        if bomb == 0 {
            return;
        }
        let (_, row) = cell_of(bomb);
        let removed = self.pieces[me] & row_mask(row);
        // The whole of each column that lost its cell in `row` (at most one per column).
        let columns = (removed >> row) * COLUMN_CELLS;
        let below = bottom_mask() * ((1u64 << row) - 1);
        let fall = |set: u64| {
            let set = set & !removed;
            (set & !columns) | (set & columns & below) | ((set & columns & !below) >> 1)
        };
        self.pieces = [fall(self.pieces[0]), fall(self.pieces[1])];
        self.bombs = fall(self.bombs);
    }

    /// The whole-board check: a four of one colour makes that colour lose; fours of both
    /// colours (only after a BOOM) are decided by the simulator's scan order; a full board
    /// without a four is a draw.
    #[inline]
    pub(super) fn judge(&self) -> Outcome {
        let fours = [has_four(self.pieces[0]), has_four(self.pieces[1])];
        let loser = match fours {
            [false, false] => {
                return if self.occupied() == board_mask() {
                    Outcome::Draw
                } else {
                    Outcome::Ongoing
                };
            }
            [true, false] => Player::First,
            [false, true] => Player::Second,
            [true, true] => self.first_four_owner(),
        };
        Outcome::Win(loser.opponent())
    }

    /// The owner of the first four in scan order (both players have one).
    fn first_four_owner(&self) -> Player {
        let starts = [four_starts(self.pieces[0]), four_starts(self.pieces[1])];
        let first = first_in_scan_order(starts[0] | starts[1]).unwrap_or(0);
        if first & starts[0] != 0 {
            Player::First
        } else {
            Player::Second
        }
    }
}
