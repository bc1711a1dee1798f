//! Cell sets for the virtual-connection engine: `u64` for boards up to 8x8, `u128` up to
//! 11x11 and [`Wide`] (three words) up to 13x13, behind one small trait so that the engine is
//! written once and the small boards the solver works on keep single-register sets.

use std::fmt::Debug;
use std::hash::Hash;

/// A set of cells `0..CAPACITY`.
pub trait Bits: Copy + Clone + Default + Eq + Hash + Debug + Send + Sync + 'static {
    /// Cells the type holds.
    const CAPACITY: usize;
    const EMPTY: Self;
    fn bit(i: usize) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn andnot(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// Every cell moved `k` places up (`k < 64`); cells past the capacity are lost.
    fn shl(self, k: u32) -> Self;
    /// Every cell moved `k` places down (`k < 64`).
    fn shr(self, k: u32) -> Self;
    fn is_empty(self) -> bool;
    fn count(self) -> u32;
    /// The lowest cell (the set must not be empty).
    fn lowest(self) -> usize;
    #[inline]
    fn has(self, i: usize) -> bool {
        !self.and(Self::bit(i)).is_empty()
    }
    #[inline]
    fn meets(self, o: Self) -> bool {
        !self.and(o).is_empty()
    }
    #[inline]
    fn within(self, o: Self) -> bool {
        self.andnot(o).is_empty()
    }
    #[inline]
    fn with(self, i: usize) -> Self {
        self.or(Self::bit(i))
    }
    #[inline]
    fn without(self, i: usize) -> Self {
        self.andnot(Self::bit(i))
    }
    /// The cells, lowest first.
    #[inline]
    fn cells(self) -> CellIter<Self> {
        CellIter(self)
    }
}

/// Iterator over the cells of a set.
pub struct CellIter<B>(B);

impl<B: Bits> Iterator for CellIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            None
        } else {
            let c = self.0.lowest();
            self.0 = self.0.without(c);
            Some(c)
        }
    }
}

/// A single machine word as a set: bit `i` is cell `i`.
macro_rules! word_bits {
    ($t:ty) => {
        impl Bits for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: $t = 0;
            #[inline]
            fn bit(i: usize) -> $t {
                1 << i
            }
            #[inline]
            fn and(self, o: $t) -> $t {
                self & o
            }
            #[inline]
            fn or(self, o: $t) -> $t {
                self | o
            }
            #[inline]
            fn andnot(self, o: $t) -> $t {
                self & !o
            }
            #[inline]
            fn xor(self, o: $t) -> $t {
                self ^ o
            }
            #[inline]
            fn shl(self, k: u32) -> $t {
                self << k
            }
            #[inline]
            fn shr(self, k: u32) -> $t {
                self >> k
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
        }
    };
}

word_bits!(u64);
word_bits!(u128);

/// Three words: boards up to 13x13 (169 cells).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wide(pub [u64; 3]);

impl Bits for Wide {
    const CAPACITY: usize = 192;
    const EMPTY: Wide = Wide([0; 3]);
    #[inline]
    fn bit(i: usize) -> Wide {
        let mut w = [0u64; 3];
        w[i >> 6] = 1 << (i & 63);
        Wide(w)
    }
    #[inline]
    fn and(self, o: Wide) -> Wide {
        Wide([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
    #[inline]
    fn or(self, o: Wide) -> Wide {
        Wide([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
    #[inline]
    fn andnot(self, o: Wide) -> Wide {
        Wide([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
        ])
    }
    #[inline]
    fn xor(self, o: Wide) -> Wide {
        Wide([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1], self.0[2] ^ o.0[2]])
    }
    #[inline]
    fn shl(self, k: u32) -> Wide {
        let [a, b, c] = self.0;
        if k == 0 {
            return self;
        }
        Wide([a << k, b << k | a >> (64 - k), c << k | b >> (64 - k)])
    }
    #[inline]
    fn shr(self, k: u32) -> Wide {
        let [a, b, c] = self.0;
        if k == 0 {
            return self;
        }
        Wide([a >> k | b << (64 - k), b >> k | c << (64 - k), c >> k])
    }
    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros() as usize
        } else {
            128 + self.0[2].trailing_zeros() as usize
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bits>(cells: &[usize]) {
        let s = cells.iter().fold(B::EMPTY, |s, &c| s.with(c));
        assert_eq!(s.count() as usize, cells.len());
        assert_eq!(s.cells().collect::<Vec<_>>(), cells);
        let t = B::bit(cells[1]);
        assert!(t.within(s) && s.meets(t) && !s.within(t));
        assert_eq!(s.andnot(t).count() as usize, cells.len() - 1);
        assert!(s
            .without(cells[0])
            .without(cells[1])
            .without(cells[2])
            .is_empty());
    }

    /// Shifts move every cell by `k` and drop the ones past either end, across word borders.
    fn check_shifts<B: Bits>(cells: &[usize]) {
        let s = cells.iter().fold(B::EMPTY, |s, &c| s.with(c));
        for k in [0u32, 1, 5, 12, 13, 63] {
            let up: Vec<usize> = cells
                .iter()
                .map(|&c| c + k as usize)
                .filter(|&c| c < B::CAPACITY)
                .collect();
            let down: Vec<usize> = cells
                .iter()
                .filter(|&&c| c >= k as usize)
                .map(|&c| c - k as usize)
                .collect();
            assert_eq!(s.shl(k).cells().collect::<Vec<_>>(), up, "shl {k}");
            assert_eq!(s.shr(k).cells().collect::<Vec<_>>(), down, "shr {k}");
        }
        let t = B::bit(cells[0]).with(cells[1]);
        assert_eq!(s.xor(t).count() as usize, cells.len() - 2);
    }

    #[test]
    fn shifts_cross_word_borders() {
        let cells = [0, 1, 50, 62, 63, 64, 65, 100, 120, 127];
        check_shifts::<u128>(&cells);
        check_shifts::<Wide>(&cells);
        check_shifts::<Wide>(&[0, 60, 63, 64, 127, 128, 130, 168, 191]);
        check_shifts::<u64>(&[0, 1, 13, 50, 63]);
    }

    #[test]
    fn both_kinds_agree() {
        check::<u64>(&[0, 31, 63]);
        check::<u128>(&[0, 63, 127]);
        check::<Wide>(&[0, 64, 168]);
    }
}
