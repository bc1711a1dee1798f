//! [`CellSet`]: a bitboard of up to [`MAX_CELLS`] cells in six 64-bit words.
//!
//! Bit `i` is the cell of index `i = y * size + x` (the dense layout, which is also
//! OpenSpiel's action id). A 19x19 board needs 361 bits, so a set is six words; smaller
//! boards leave the high words empty, and the loops stop at the last word in use where it
//! pays. Shifts move bits across word boundaries, so neighbour sets and flood fills are a few
//! word operations per step (the masks that stop a shift from wrapping round a row edge live
//! in [`Geometry`](super::geometry::Geometry)).

/// Largest supported board side.
pub const MAX_SIZE: u32 = 19;
/// Cells of the largest board.
pub const MAX_CELLS: usize = (MAX_SIZE * MAX_SIZE) as usize;
/// Words in a [`CellSet`].
pub const WORDS: usize = MAX_CELLS.div_ceil(64);

/// A set of cells of one board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet(pub [u64; WORDS]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    /// The cells `0..n`.
    pub fn first(n: usize) -> CellSet {
        let mut s = CellSet::EMPTY;
        for i in 0..n {
            s.insert(i);
        }
        s
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    pub fn and(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }

    #[inline]
    pub fn or(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        out
    }

    /// The cells of `self` that are not in `other`.
    #[inline]
    pub fn minus(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= !b;
        }
        out
    }

    #[inline]
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    /// Every index moved up by `k` bits (towards larger indices), `k < 64`.
    #[inline]
    pub fn shl(&self, k: u32) -> CellSet {
        if k == 0 {
            return *self;
        }
        let mut out = [0u64; WORDS];
        let mut carry = 0u64;
        for (o, &w) in out.iter_mut().zip(self.0.iter()) {
            *o = (w << k) | carry;
            carry = w >> (64 - k);
        }
        CellSet(out)
    }

    /// Every index moved down by `k` bits (towards smaller indices), `k < 64`.
    #[inline]
    pub fn shr(&self, k: u32) -> CellSet {
        if k == 0 {
            return *self;
        }
        let mut out = [0u64; WORDS];
        let mut carry = 0u64;
        for (o, &w) in out.iter_mut().zip(self.0.iter()).rev() {
            *o = (w >> k) | carry;
            carry = w << (64 - k);
        }
        CellSet(out)
    }

    /// The lowest cell, if any.
    #[inline]
    pub fn lowest(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The cells in increasing order.
    #[inline]
    pub fn iter(&self) -> CellSetIter {
        CellSetIter {
            words: self.0,
            word: 0,
        }
    }
}

/// Iterator over the cells of a [`CellSet`], lowest first.
pub struct CellSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for CellSetIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for i in iter {
            s.insert(i);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_word_boundaries() {
        let s: CellSet = [0, 63, 64, 200, 360].into_iter().collect();
        assert_eq!(s.len(), 5);
        let up: Vec<usize> = s.shl(1).iter().collect();
        assert_eq!(up, vec![1, 64, 65, 201, 361]);
        let down: Vec<usize> = s.shr(19).iter().collect();
        assert_eq!(down, vec![44, 45, 181, 341]);
        assert_eq!(s.shl(0), s);
        assert_eq!(s.lowest(), Some(0));
        assert!(CellSet::EMPTY.lowest().is_none());
        let t = CellSet::first(70);
        assert_eq!(t.len(), 70);
        assert_eq!(t.and(&s).iter().collect::<Vec<_>>(), vec![0, 63, 64]);
        assert_eq!(s.minus(&t).iter().collect::<Vec<_>>(), vec![200, 360]);
        assert!(s.intersects(&t));
    }
}
