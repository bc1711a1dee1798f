//! The shape of an N x N Hex board, computed once per size and shared: neighbour lists,
//! coordinates, edge sets and the masks that keep bitboard shifts inside a row.
//!
//! Neighbours of (x, y) follow the rules file: (x±1, y), (x, y±1), (x+1, y-1), (x-1, y+1).

use super::cellset::{CellSet, MAX_CELLS, MAX_SIZE};
use std::sync::OnceLock;

/// "No neighbour" in a neighbour list.
pub const NO_CELL: u16 = u16::MAX;

/// Everything about one board size that does not depend on the stones.
#[derive(Debug)]
pub struct Geometry {
    pub size: u32,
    pub cells: usize,
    /// The up to six neighbours of each cell, padded with [`NO_CELL`].
    pub neighbours: Vec<[u16; 6]>,
    /// Number of neighbours of each cell.
    pub degree: Vec<u8>,
    /// `(x, y)` of each cell.
    pub xy: Vec<(u8, u8)>,
    pub board: CellSet,
    /// Row 1 (y = 0) and row N: Black's edges.
    pub top: CellSet,
    pub bottom: CellSet,
    /// Column a (x = 0) and the last column: White's edges.
    pub left: CellSet,
    pub right: CellSet,
    /// Cells with x > 0 and x < N-1: shifts that move along a row are masked with these.
    not_first_col: CellSet,
    not_last_col: CellSet,
}

impl Geometry {
    /// The geometry of the `size` x `size` board (`1..=MAX_SIZE`), built on first use.
    pub fn of(size: u32) -> &'static Geometry {
        static ALL: OnceLock<Vec<Geometry>> = OnceLock::new();
        assert!(
            (1..=MAX_SIZE).contains(&size),
            "board size {size} out of range"
        );
        &ALL.get_or_init(|| (1..=MAX_SIZE).map(Geometry::build).collect())[size as usize - 1]
    }

    fn build(size: u32) -> Geometry {
        let n = size as i32;
        let cells = (size * size) as usize;
        debug_assert!(cells <= MAX_CELLS);
        let mut neighbours = vec![[NO_CELL; 6]; cells];
        let mut degree = vec![0u8; cells];
        let mut xy = Vec::with_capacity(cells);
        let sets = |pred: &dyn Fn(i32, i32) -> bool| -> CellSet {
            (0..cells)
                .filter(|&i| pred(i as i32 % n, i as i32 / n))
                .collect()
        };
        for i in 0..cells {
            let (x, y) = (i as i32 % n, i as i32 / n);
            xy.push((x as u8, y as u8));
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                let (nx, ny) = (x + dx, y + dy);
                if (0..n).contains(&nx) && (0..n).contains(&ny) {
                    neighbours[i][degree[i] as usize] = (ny * n + nx) as u16;
                    degree[i] += 1;
                }
            }
        }
        Geometry {
            size,
            cells,
            neighbours,
            degree,
            xy,
            board: CellSet::first(cells),
            top: sets(&|_, y| y == 0),
            bottom: sets(&|_, y| y == n - 1),
            left: sets(&|x, _| x == 0),
            right: sets(&|x, _| x == n - 1),
            not_first_col: sets(&|x, _| x > 0),
            not_last_col: sets(&|x, _| x < n - 1),
        }
    }

    /// The neighbours of cell `i`.
    #[inline]
    pub fn neighbours_of(&self, i: usize) -> &[u16] {
        &self.neighbours[i][..self.degree[i] as usize]
    }

    /// The cell at `(x, y)`, if on the board.
    #[inline]
    pub fn index(&self, x: u32, y: u32) -> Option<usize> {
        (x < self.size && y < self.size).then(|| (y * self.size + x) as usize)
    }

    /// The transpose `(x, y) -> (y, x)`, which swaps the colours' roles (used by the swap
    /// rule).
    #[inline]
    pub fn transpose(&self, i: usize) -> usize {
        let (x, y) = self.xy[i];
        x as usize * self.size as usize + y as usize
    }

    /// The 180-degree rotation `(x, y) -> (N-1-x, N-1-y)`, which keeps both players' goals.
    #[inline]
    pub fn rotate(&self, i: usize) -> usize {
        self.cells - 1 - i
    }

    /// Every cell adjacent to a cell of `set` (the set itself included), on the board.
    #[inline]
    pub fn expand(&self, set: &CellSet) -> CellSet {
        let n = self.size;
        let mut out = *set;
        out = out.or(&set.shl(1).and(&self.not_first_col));
        out = out.or(&set.shr(1).and(&self.not_last_col));
        out = out.or(&set.shl(n));
        out = out.or(&set.shr(n));
        if n > 1 {
            out = out.or(&set.shr(n - 1).and(&self.not_first_col));
            out = out.or(&set.shl(n - 1).and(&self.not_last_col));
        }
        out.and(&self.board)
    }

    /// The cells of `within` connected to `seed` through cells of `within` (seed cells outside
    /// `within` only start the fill).
    pub fn flood(&self, seed: &CellSet, within: &CellSet) -> CellSet {
        let mut reached = seed.and(within);
        loop {
            let next = self.expand(&reached).and(within);
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_follow_the_rules_file() {
        let g = Geometry::of(3);
        // b1 = (1,0) touches a1, c1, a2, b2.
        let mut b1: Vec<u16> = g.neighbours_of(1).to_vec();
        b1.sort();
        assert_eq!(b1, vec![0, 2, 3, 4]);
        // a1 and b2 are not adjacent; b1 and a2 are.
        assert!(!g.neighbours_of(0).contains(&4));
        assert!(g.neighbours_of(1).contains(&3));
        // The centre has six neighbours.
        assert_eq!(g.degree[4], 6);
        assert_eq!(g.transpose(1), 3);
        assert_eq!(g.rotate(0), 8);
    }

    #[test]
    fn expand_agrees_with_the_lists() {
        for size in 1..=MAX_SIZE {
            let g = Geometry::of(size);
            for i in 0..g.cells {
                let one: CellSet = [i].into_iter().collect();
                let mut want: CellSet = g.neighbours_of(i).iter().map(|&c| c as usize).collect();
                want.insert(i);
                assert_eq!(g.expand(&one), want, "size {size} cell {i}");
            }
        }
    }
}
