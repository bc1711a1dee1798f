//! Bitboard arithmetic for Connect 4, in the layout of Pascal Pons' solver ("Solving Connect
//! 4: how to build a perfect AI", 2017, and his `Position` class).
//!
//! Cells are numbered column by column: bit `col * (height + 1) + row` is column `col`, row
//! `row`, with row 0 at the bottom. Each column owns one extra bit above its top cell, the
//! *sentinel*, which is never set in a set of stones. A shifted copy of a set of stones that
//! leaves a column therefore lands on a sentinel (or off the 64 bits) and cannot fake a line
//! that wraps from one column into the next; this is why a board needs `width * (height + 1)`
//! bits.
//!
//! The four line directions are shifts: 1 (vertical), `height + 1` (horizontal), `height`
//! (diagonal going down to the right) and `height + 2` (diagonal going up to the right).
//! Everything here is a free function of the board's height (and width for the masks), so
//! evaluators and solvers can use it without a position.

/// The four shift amounts of the line directions for a board of this height:
/// vertical, horizontal, down-right diagonal, up-right diagonal.
#[inline]
pub fn directions(height: u32) -> [u32; 4] {
    [1, height + 1, height, height + 2]
}

/// One bit at the bottom cell of every column.
#[inline]
pub fn bottom_mask(width: u32, height: u32) -> u64 {
    (0..width).fold(0, |acc, col| acc | 1 << (col * (height + 1)))
}

/// Every cell of a column (without its sentinel).
#[inline]
pub fn column_mask(col: u32, height: u32) -> u64 {
    ((1u64 << height) - 1) << (col * (height + 1))
}

/// Every cell of the board (no sentinels).
#[inline]
pub fn board_mask(width: u32, height: u32) -> u64 {
    bottom_mask(width, height) * ((1u64 << height) - 1)
}

/// The single bit of a cell.
#[inline]
pub fn cell_bit(col: u32, row: u32, height: u32) -> u64 {
    1u64 << (col * (height + 1) + row)
}

/// The cells of the given rows (a bit set over `0..height`, bit `r` = row `r`) in every column.
#[inline]
pub fn rows_mask(width: u32, height: u32, rows: u64) -> u64 {
    bottom_mask(width, height) * (rows & ((1u64 << height) - 1))
}

/// True if `stones` (one player's stones) contain four in a row in any direction.
/// Branch-free: the four direction tests are OR-ed together.
#[inline]
pub fn has_four(stones: u64, height: u32) -> bool {
    let four = |s: u32| {
        let pairs = stones & (stones >> s);
        pairs & (pairs >> (2 * s))
    };
    (four(1) | four(height + 1) | four(height) | four(height + 2)) != 0
}

/// The cells that would complete a four of `stones` if a stone of the same player stood
/// there: for each direction, a cell with three own stones on one side, or two on one side
/// and one on the other. The result is not masked: the caller keeps the empty cells of the
/// board it cares about (`& board_mask & !mask`).
#[inline]
pub fn winning_cells(stones: u64, height: u32) -> u64 {
    // Vertical: only three stones below can complete a four.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    for s in [height + 1, height, height + 2] {
        let below = (stones << s) & (stones << (2 * s));
        r |= below & (stones << (3 * s));
        r |= below & (stones >> s);
        let above = (stones >> s) & (stones >> (2 * s));
        r |= above & (stones << s);
        r |= above & (stones >> (3 * s));
    }
    r
}

/// A bijective 64-bit mixer (the SplitMix64 finaliser of Steele, Lea and Flood, 2014, with
/// Stafford's "variant 13" constants), offset so that the empty board does not hash to 0.
/// Bijective, so distinct keys give distinct hashes.
#[inline]
pub fn mix64(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_of_the_standard_board() {
        assert_eq!(bottom_mask(7, 6).count_ones(), 7);
        assert_eq!(board_mask(7, 6).count_ones(), 42);
        assert_eq!(board_mask(8, 7).count_ones(), 56);
        assert_eq!(board_mask(8, 7) >> 63, 0, "the top sentinel stays clear");
        assert_eq!(column_mask(2, 6), 0b111111 << 14);
        assert_eq!(cell_bit(1, 0, 6), 1 << 7);
        assert_eq!(rows_mask(7, 6, 0b1).count_ones(), 7);
    }

    #[test]
    fn fours_in_every_direction() {
        let h = 6;
        let line =
            |cells: [(u32, u32); 4]| cells.iter().fold(0, |a, &(c, r)| a | cell_bit(c, r, h));
        assert!(has_four(line([(0, 0), (0, 1), (0, 2), (0, 3)]), h));
        assert!(has_four(line([(3, 2), (4, 2), (5, 2), (6, 2)]), h));
        assert!(has_four(line([(0, 0), (1, 1), (2, 2), (3, 3)]), h));
        assert!(has_four(line([(3, 0), (2, 1), (1, 2), (0, 3)]), h));
        // Three at the top of one column and one at the bottom of the next: no four.
        assert!(!has_four(line([(0, 3), (0, 4), (0, 5), (1, 0)]), h));
        // A broken diagonal.
        assert!(!has_four(line([(0, 0), (1, 1), (2, 2), (4, 4)]), h));
    }

    #[test]
    fn winning_cells_fill_gaps_and_ends() {
        let h = 6;
        let three = cell_bit(1, 0, h) | cell_bit(2, 0, h) | cell_bit(4, 0, h);
        let cells = winning_cells(three, h) & board_mask(7, h);
        assert_eq!(cells, cell_bit(3, 0, h));
        let tower = cell_bit(5, 0, h) | cell_bit(5, 1, h) | cell_bit(5, 2, h);
        assert_eq!(
            winning_cells(tower, h) & board_mask(7, h),
            cell_bit(5, 3, h)
        );
    }
}
