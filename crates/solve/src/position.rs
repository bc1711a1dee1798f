//! A 7x6 Connect 4 position as two bitboards, specialised for the solver.
//!
//! Layout (after Pascal Pons, "Solving Connect 4", part 6 "Bitboard", and John Tromp's
//! Fhourstones): bit `col * (HEIGHT + 1) + row`, row 0 at the bottom. Each column has one
//! spare bit on top that is never set, so shifted lines never wrap into the next column.
//! The state is `current` (stones of the side to move) and `mask` (all stones); the key
//! `current + mask` identifies the position uniquely in `WIDTH * (HEIGHT + 1)` = 49 bits
//! (within a column the sum sets the bit just above the top stone and copies the side to
//! move's stones below it).
//!
//! Move strings follow Pons' convention: one digit `1`..`7` per ply, leftmost column `1`.

use thiserror::Error;

/// Columns of the board.
pub const WIDTH: usize = 7;
/// Rows of the board.
pub const HEIGHT: usize = 6;
/// Cells of the board: the most plies a game can last.
pub const SIZE: i32 = (WIDTH * HEIGHT) as i32;
/// Bits used by a key.
pub const KEY_BITS: u32 = (WIDTH * (HEIGHT + 1)) as u32;
/// Best score possible (a win with one's 4th stone).
pub const MAX_SCORE: i32 = (SIZE + 1) / 2 - 3;
/// Worst score possible.
pub const MIN_SCORE: i32 = -(SIZE / 2) + 3;

const H1: usize = HEIGHT + 1;

/// One bit at the bottom of each column.
pub const BOTTOM: u64 = bottom_mask();
/// Every playable cell.
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * H1);
        c += 1;
    }
    m
}

/// The cells of column `col` (0-based).
#[inline]
pub const fn column_mask(col: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (col * H1)
}

#[inline]
const fn top_cell(col: usize) -> u64 {
    1 << (HEIGHT - 1 + col * H1)
}

/// The column (0-based) of a single-bit move.
#[inline]
pub fn column_of(mv: u64) -> usize {
    mv.trailing_zeros() as usize / H1
}

/// The empty cells that would complete a four for the owner of `stones`.
///
/// Every four is found from its missing cell: three stones in a row on one side (`xxx_`),
/// split around it (`xx_x`, `x_xx`) or vertically below it. Shifting by `H1` moves one column,
/// by `H1 - 1` and `H1 + 1` along the two diagonals; the spare top bit stops wrap-around.
#[inline]
pub fn winning_cells(stones: u64, mask: u64) -> u64 {
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    for d in [H1, H1 - 1, H1 + 1] {
        let behind = (stones << d) & (stones << (2 * d));
        r |= behind & (stones << (3 * d));
        r |= behind & (stones >> d);
        let ahead = (stones >> d) & (stones >> (2 * d));
        r |= ahead & (stones >> (3 * d));
        r |= ahead & (stones << d);
    }
    r & (BOARD ^ mask)
}

/// Why a move string does not give a position to solve. `index` is the 1-based move number.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("move {index}: '{found}' is not a column digit 1-7")]
    NotAColumn { index: usize, found: char },
    #[error("move {index}: column {column} is full (illegal move)")]
    ColumnFull { index: usize, column: usize },
    #[error("move {index}: the game is already won (move {won_at} made four in a row)")]
    AlreadyWon { index: usize, won_at: usize },
    #[error("move {index}: the board is full (the game is over)")]
    BoardFull { index: usize },
}

/// A position: the side to move's stones, all stones, and the number of plies played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    current: u64,
    mask: u64,
    moves: i32,
}

impl Position {
    /// The empty board.
    pub fn new() -> Position {
        Position::default()
    }

    /// Plays a Pons move string (`"4453"`, `""` for the empty board) and checks every move.
    /// The result is a position that is not over: no four on the board and not full.
    pub fn parse(line: &str) -> Result<Position, PositionError> {
        let mut p = Position::new();
        let mut won_at = None;
        for (i, ch) in line.chars().enumerate() {
            let index = i + 1;
            let col = match ch.to_digit(10) {
                Some(d) if (1..=WIDTH as u32).contains(&d) => d as usize - 1,
                _ => return Err(PositionError::NotAColumn { index, found: ch }),
            };
            if let Some(won_at) = won_at {
                return Err(PositionError::AlreadyWon { index, won_at });
            }
            if p.moves == SIZE {
                return Err(PositionError::BoardFull { index });
            }
            if !p.can_play(col) {
                return Err(PositionError::ColumnFull {
                    index,
                    column: col + 1,
                });
            }
            if p.is_winning_move(col) {
                won_at = Some(index);
            }
            p.play_col(col);
        }
        if let Some(won_at) = won_at {
            return Err(PositionError::AlreadyWon {
                index: won_at,
                won_at,
            });
        }
        if p.moves == SIZE {
            return Err(PositionError::BoardFull {
                index: SIZE as usize,
            });
        }
        Ok(p)
    }

    /// Plies played.
    #[inline]
    pub fn moves(&self) -> i32 {
        self.moves
    }

    /// Unique 49-bit key of the position.
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// Plies of the position a key belongs to: within a column the key lies in
    /// `[2^h - 1, 2^(h+1) - 2]` for `h` stones.
    pub fn plies_of_key(key: u64) -> i32 {
        (0..WIDTH)
            .map(|c| {
                let col = (key >> (c * H1)) & ((1 << H1) - 1);
                63 - (col + 1).leading_zeros() as i32
            })
            .sum()
    }

    /// The position a key belongs to (the inverse of [`Position::key`]).
    pub fn from_key(key: u64) -> Position {
        let mut p = Position::new();
        for c in 0..WIDTH {
            let col = (key >> (c * H1)) & ((1 << H1) - 1);
            let h = 63 - (col + 1).leading_zeros();
            let mask_col = (1u64 << h) - 1;
            p.mask |= mask_col << (c * H1);
            p.current |= (col - mask_col) << (c * H1);
            p.moves += h as i32;
        }
        p
    }

    /// The key of the left-right mirror image. Columns of the key never carry into each
    /// other (a column's sum stays below `2^H1`), so mirroring the key mirrors the position.
    #[inline]
    pub fn mirror_key(&self) -> u64 {
        let k = self.key();
        let mut m = 0;
        for c in 0..WIDTH {
            m |= ((k >> (c * H1)) & ((1 << H1) - 1)) << ((WIDTH - 1 - c) * H1);
        }
        m
    }

    /// Stones of the side to move.
    #[inline]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// All stones.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    #[inline]
    pub fn can_play(&self, col: usize) -> bool {
        self.mask & top_cell(col) == 0
    }

    /// Plays a single-bit move from [`Position::possible`].
    #[inline]
    pub fn play(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// The single-bit move into a 0-based column that is not full.
    #[inline]
    pub fn move_in(&self, col: usize) -> u64 {
        (self.mask + (1 << (col * H1))) & column_mask(col)
    }

    /// Plays in a 0-based column that is not full.
    #[inline]
    pub fn play_col(&mut self, col: usize) {
        self.play(self.move_in(col));
    }

    /// The position after a single-bit move.
    #[inline]
    pub fn after(&self, mv: u64) -> Position {
        let mut p = *self;
        p.play(mv);
        p
    }

    /// The lowest empty cell of every column that is not full.
    #[inline]
    pub fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Cells where the side to move would make four.
    #[inline]
    pub fn own_winning_cells(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// Cells where the opponent would make four.
    #[inline]
    pub fn opponent_winning_cells(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Whether the side to move can make four at once.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.own_winning_cells() & self.possible() != 0
    }

    /// Whether playing in 0-based column `col` makes four.
    #[inline]
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.own_winning_cells() & self.possible() & column_mask(col) != 0
    }

    /// The moves that do not lose at once: if the opponent threatens to win, only the block
    /// (none if there are two threats); never a cell just below an opponent's winning cell.
    /// Assumes the side to move cannot win at once (Pons, part 10).
    #[inline]
    pub fn non_losing_moves(&self) -> u64 {
        self.non_losing_moves_given(self.opponent_winning_cells())
    }

    /// [`Position::non_losing_moves`] when the opponent's winning cells (`threats`) are
    /// already known (the search also uses them to order moves).
    #[inline]
    pub fn non_losing_moves_given(&self, threats: u64) -> u64 {
        let mut possible = self.possible();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// Ordering hint for a move (higher is tried first): twice the number of winning cells
    /// the side to move owns after it, leaving out the cells right above one of the
    /// opponent's (`dead`: the opponent's winning cells shifted up one row; whoever fills
    /// the cell below either wins there or hands over the one above, so such a threat
    /// rarely counts),
    /// plus one with `attack` when the move threatens to win at once (the opponent's reply
    /// is then forced). Pons orders by the plain count (part 9); the two refinements cut
    /// the nodes of his test sets by 5-20% (docs/benchmarks/solve.md).
    #[inline]
    pub fn move_score(&self, mv: u64, dead: u64, attack: bool) -> u32 {
        let cells = winning_cells(self.current | mv, self.mask);
        let forcing = attack && cells & ((self.mask | mv) + BOTTOM) & BOARD != 0;
        2 * (cells & !dead).count_ones() + u32::from(forcing)
    }

    /// The move string of an equivalent position is not kept; this renders the board
    /// (`X` first player, `O` second, top row first) for messages and tests.
    pub fn render(&self) -> String {
        let first_to_move = self.moves % 2 == 0;
        let mut s = String::new();
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                let bit = 1u64 << (col * H1 + row);
                let ch = if self.mask & bit == 0 {
                    '.'
                } else if (self.current & bit != 0) == first_to_move {
                    'X'
                } else {
                    'O'
                };
                s.push(ch);
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_the_problem() {
        assert_eq!(
            Position::parse("44a"),
            Err(PositionError::NotAColumn {
                index: 3,
                found: 'a'
            })
        );
        assert_eq!(
            Position::parse("8"),
            Err(PositionError::NotAColumn {
                index: 1,
                found: '8'
            })
        );
        assert_eq!(
            Position::parse("0"),
            Err(PositionError::NotAColumn {
                index: 1,
                found: '0'
            })
        );
        assert_eq!(
            Position::parse("1111111"),
            Err(PositionError::ColumnFull {
                index: 7,
                column: 1
            })
        );
        // First player stacks four in column 1 at move 7.
        assert_eq!(
            Position::parse("1212121"),
            Err(PositionError::AlreadyWon {
                index: 7,
                won_at: 7
            })
        );
        assert_eq!(
            Position::parse("12121213"),
            Err(PositionError::AlreadyWon {
                index: 8,
                won_at: 7
            })
        );
        assert!(Position::parse("").is_ok());
        assert_eq!(Position::parse("4453").unwrap().moves(), 4);
    }

    #[test]
    fn full_board_is_rejected() {
        // A drawn full board: columns filled in pairs so no four ever appears.
        let line = "121212343434212121434343565656656565777777";
        let mut p = Position::new();
        for (i, ch) in line.chars().enumerate() {
            let col = ch.to_digit(10).unwrap() as usize - 1;
            assert!(!p.is_winning_move(col), "move {} wins", i + 1);
            p.play_col(col);
        }
        assert_eq!(
            Position::parse(line),
            Err(PositionError::BoardFull { index: 42 })
        );
        assert_eq!(
            Position::parse(&format!("{line}1")),
            Err(PositionError::BoardFull { index: 43 })
        );
    }

    #[test]
    fn winning_cells_all_directions() {
        // Horizontal: X on 1,2,3 bottom row -> cell in column 4 wins.
        let p = Position::parse("11223").unwrap();
        assert!(!p.can_win_next());
        assert_eq!(p.opponent_winning_cells() & p.possible(), 1 << (3 * H1));
        let p = Position::parse("112233").unwrap();
        assert!(p.is_winning_move(3));
        assert!(!p.is_winning_move(4));
        // Vertical.
        let p = Position::parse("121212").unwrap();
        assert!(p.is_winning_move(0));
        // Diagonal: X at (0,0),(1,1),(2,2) -> (3,3) wins once reachable.
        let p = Position::parse("12233434").unwrap();
        assert_ne!(p.own_winning_cells() & (1 << (3 * H1 + 3)), 0);
    }

    #[test]
    fn mirror_key_matches_mirrored_moves() {
        let a = Position::parse("4453126").unwrap();
        let b = Position::parse("4435762").unwrap();
        assert_eq!(a.mirror_key(), b.key());
        assert_eq!(Position::plies_of_key(a.key()), 7);
        assert_eq!(Position::plies_of_key(Position::new().key()), 0);
        assert_eq!(Position::from_key(a.key()), a);
        assert_eq!(Position::from_key(a.mirror_key()), b);
        assert_eq!(b.mirror_key(), a.key());
    }
}
