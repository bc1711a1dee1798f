//! A perfect index of pit contents: every way of putting seeds in `P` pits gets its own
//! number, those with fewer seeds first.
//!
//! The configurations of `s` seeds in `k` pits number `N(k, s) = C(s + k - 1, k - 1)` ("stars
//! and bars"), and those with fewer than `s` seeds `C(s + k - 1, k)` (the hockey-stick
//! identity). Within one total, configurations are ordered lexicographically: the rank adds,
//! pit by pit, the number of configurations whose pit holds fewer seeds with the same seeds
//! before it, `sum_{x < c} N(k, r - x) = C(r + k, k) - C(r - c + k, k)` where `r` seeds are
//! left for the `k + 1` pits from this one on. The endgame table indexes its values by this
//! rank and the solver keys its transposition table with it.

/// Binomial coefficients for ranking configurations of up to `max_seeds` seeds in `pits`
/// pits.
#[derive(Clone, Debug)]
pub struct Ranker {
    pits: usize,
    max_seeds: u32,
    /// `binom[n * (pits + 1) + k] = C(n, k)` for `n <= max_seeds + pits`, `k <= pits`.
    binom: Vec<u64>,
}

impl Ranker {
    /// A ranker for `pits` pits and totals up to `max_seeds`, or `None` if the number of
    /// configurations does not fit in a `u64`.
    pub fn new(pits: usize, max_seeds: u32) -> Option<Ranker> {
        let rows = max_seeds as usize + pits + 1;
        let cols = pits + 1;
        let mut binom = vec![0u64; rows * cols];
        for n in 0..rows {
            binom[n * cols] = 1;
            for k in 1..cols.min(n + 1) {
                let above = binom[(n - 1) * cols + k - 1].checked_add(binom[(n - 1) * cols + k])?;
                binom[n * cols + k] = above;
            }
        }
        Some(Ranker {
            pits,
            max_seeds,
            binom,
        })
    }

    /// `C(n, k)` (0 when `k > n`).
    #[inline]
    fn c(&self, n: usize, k: usize) -> u64 {
        self.binom[n * (self.pits + 1) + k]
    }

    pub fn pits(&self) -> usize {
        self.pits
    }

    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Number of configurations with at most `seeds` seeds: `C(seeds + P, P)`.
    pub fn count_up_to(&self, seeds: u32) -> u64 {
        self.c(seeds as usize + self.pits, self.pits)
    }

    /// The rank of a configuration (`cells.len() == pits`, total at most `max_seeds`).
    #[inline]
    pub fn rank(&self, cells: impl Iterator<Item = u16>, total: u32) -> u64 {
        let p = self.pits;
        let total = total as usize;
        // Configurations with fewer seeds come first.
        let mut rank = if total == 0 {
            0
        } else {
            self.c(total - 1 + p, p)
        };
        let mut left = total;
        for (i, c) in cells.take(p - 1).enumerate() {
            let k = p - 1 - i;
            let c = c as usize;
            rank += self.c(left + k, k) - self.c(left - c + k, k);
            left -= c;
        }
        rank
    }

    /// Steps `cells` to the configuration of the next rank with the same total (the
    /// lexicographic successor, first cell most significant); false after the last one.
    pub fn next_same_total(cells: &mut [u16]) -> bool {
        let Some(j) = cells.iter().rposition(|&c| c > 0) else {
            return false;
        };
        if j == 0 {
            return false;
        }
        let t = cells[j];
        cells[j] = 0;
        cells[j - 1] += 1;
        let last = cells.len() - 1;
        cells[last] = t - 1;
        true
    }

    /// The configuration of a rank (the inverse of [`Ranker::rank`]), for tests and tools.
    pub fn unrank(&self, mut rank: u64) -> Vec<u16> {
        let p = self.pits;
        let mut total = 0;
        while self.count_up_to(total) <= rank {
            total += 1;
        }
        if total > 0 {
            rank -= self.count_up_to(total - 1);
        }
        let mut left = total as usize;
        let mut cells = Vec::with_capacity(p);
        for i in 0..p - 1 {
            let k = p - 1 - i;
            // The largest c whose count of smaller configurations is <= rank.
            let mut c = 0;
            while c < left && self.c(left + k, k) - self.c(left - (c + 1) + k, k) <= rank {
                c += 1;
            }
            rank -= self.c(left + k, k) - self.c(left - c + k, k);
            cells.push(c as u16);
            left -= c;
        }
        cells.push(left as u16);
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_0_to_count() {
        for pits in 1..=5 {
            let r = Ranker::new(pits, 7).unwrap();
            let n = r.count_up_to(7);
            for rank in 0..n {
                let cells = r.unrank(rank);
                let total: u32 = cells.iter().map(|&c| c as u32).sum();
                assert!(total <= 7);
                assert_eq!(r.rank(cells.iter().copied(), total), rank, "{cells:?}");
            }
        }
    }

    #[test]
    fn next_same_total_walks_the_ranks_in_order() {
        let r = Ranker::new(4, 6).unwrap();
        for total in 0..=6u32 {
            let first = if total == 0 {
                0
            } else {
                r.count_up_to(total - 1)
            };
            let mut cells = r.unrank(first);
            let mut rank = first;
            loop {
                assert_eq!(r.rank(cells.iter().copied(), total), rank);
                if !Ranker::next_same_total(&mut cells) {
                    break;
                }
                rank += 1;
            }
            assert_eq!(rank + 1, r.count_up_to(total));
        }
    }

    #[test]
    fn counts() {
        let r = Ranker::new(12, 48).unwrap();
        assert_eq!(r.count_up_to(0), 1);
        assert_eq!(r.count_up_to(1), 13);
        // C(60, 12).
        assert_eq!(r.count_up_to(48), 1_399_358_844_975);
        assert!(Ranker::new(24, 288).is_none());
    }
}
