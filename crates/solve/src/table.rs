//! The solver's transposition table: buckets of eight 64-bit entries, one cache line each.
//!
//! - Index and verification: the 49-bit key is first scrambled by multiplication with an odd
//!   constant modulo 2^49, a bijection. The top `b` bits of the result pick the bucket, the
//!   other `49 - b` bits are stored as the check. Bucket and check together give back the key,
//!   so a hit is exact, never a collision (Pons uses the Chinese remainder theorem with a
//!   prime table size for the same purpose; the multiplication keeps a power-of-two size and
//!   spreads the poorly mixed low bits of the key over the index).
//! - Entry: a lower and an upper bound on the exact score (both kept, merged on update), the
//!   best move when one is known, a generation and the log2 of the nodes the search under
//!   it took ("work", as in Tromp's Fhourstones).
//! - Replacement: a matching entry is updated in place; otherwise an entry of an older
//!   generation (or empty) is taken, else the one with the least work. So big subtrees stay
//!   and the many small ones near the leaves recycle each other's slots.
//! - Clearing: [`Table::clear`] bumps the generation, O(1); entries of other generations
//!   read as empty. Every 127 generations the memory is zeroed for real.
//! - Growing: after a clear only the first [`START_INDEX_BITS`] worth of buckets (2 MiB) is
//!   used, so the many small searches (end-game positions, a table cleared before each one)
//!   stay in the CPU caches. Each time the active part has seen one and a half times as
//!   many stores as it has slots, it doubles in place (see [`Table::grow`]): bucket and
//!   check together give back the scrambled key, and one more bit of it goes to the index.
//!   The doublings stream through memory, so a search that needs the whole table pays
//!   about twice its size.

use crate::position::{KEY_BITS, SIZE};

/// Entries per bucket: 8 x 8 bytes = one 64-byte cache line.
const WAYS: usize = 8;
/// Index bits used right after a clear: 2^15 buckets = 2 MiB.
pub const START_INDEX_BITS: u32 = 15;
/// Stores since the last clear (per bucket of the active part) after which the active part
/// doubles: one and a half times its slots (many stores update an entry in place). Measured
/// on Test_L1_R2 and Test_L2_R2 (2026-11-23, time per position): doubling later keeps the
/// part in use smaller and so nearer the CPU; 2 per bucket was 10-15 % slower than 4, 6, 8
/// and 12 were 3-8 % faster than 4, with 0.1-0.8 % more nodes.
const GROW_STORES_PER_BUCKET: u64 = 12;
/// Smallest number of index bits, so the check fits its 37 bits.
const MIN_INDEX_BITS: u32 = KEY_BITS - CHECK_BITS;
const CHECK_BITS: u32 = 37;

const BOUND_BITS: u32 = 6;
const BOUND_OFFSET: i32 = 32;
const LOWER_SHIFT: u32 = 0;
const UPPER_SHIFT: u32 = 6;
const MOVE_SHIFT: u32 = 12;
const MOVE_BITS: u32 = 3;
const GEN_SHIFT: u32 = 15;
const GEN_BITS: u32 = 7;
const WORK_SHIFT: u32 = 22;
const WORK_BITS: u32 = 5;
const CHECK_SHIFT: u32 = 27;
/// Move field value meaning "no best move known".
const NO_MOVE: u64 = (1 << MOVE_BITS) - 1;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// Odd multiplier of the key scrambling (the 64-bit golden ratio constant).
const SCRAMBLE: u64 = 0x9E37_79B9_7F4A_7C15;

/// Lower bound meaning "nothing known" (below every score).
pub const NO_LOWER: i32 = -(SIZE / 2) - 1;
/// Upper bound meaning "nothing known" (above every score).
pub const NO_UPPER: i32 = SIZE / 2 + 1;

const _: () = assert!(BOUND_OFFSET + NO_UPPER < (1 << BOUND_BITS));
const _: () = assert!(BOUND_OFFSET + NO_LOWER >= 0);
const _: () = assert!(CHECK_SHIFT + CHECK_BITS == 64);
const _: () = assert!(WORK_SHIFT + WORK_BITS == CHECK_SHIFT);

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([u64; WAYS]);

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The exact score is at least this.
    pub lower: i32,
    /// The exact score is at most this.
    pub upper: i32,
    /// Column (0-based) of a move that reached the lower bound, if known.
    pub best: Option<usize>,
}

impl Hit {
    /// Narrows the window `(alpha, beta)` with the stored bounds; `Some(bound)` when they
    /// close it (the search is then over with that fail-soft bound).
    #[inline]
    pub fn narrow(&self, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        if self.lower > *alpha {
            *alpha = self.lower;
            if *alpha >= *beta {
                return Some(*alpha);
            }
        }
        if self.upper < *beta {
            *beta = self.upper;
            if *alpha >= *beta {
                return Some(*beta);
            }
        }
        None
    }
}

/// The transposition table.
pub struct Table {
    buckets: Vec<Bucket>,
    /// Index bits of the full table.
    index_bits: u32,
    /// Index bits in use now (grows from `START_INDEX_BITS` after a clear).
    active_bits: u32,
    /// Stores since the last clear or growth.
    stores: u64,
    generation: u64,
}

impl Table {
    /// A table of at most `mib` MiB (rounded down to a power of two buckets, at least 256 KiB).
    pub fn new(mib: usize) -> Table {
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let mut index_bits = MIN_INDEX_BITS;
        while (std::mem::size_of::<Bucket>() << (index_bits + 1)) <= bytes && index_bits < KEY_BITS
        {
            index_bits += 1;
        }
        let mut buckets = Vec::with_capacity(1 << index_bits);
        crate::mem::advise_huge_pages(&mut buckets);
        // Writing every bucket now (not a lazily mapped zeroed allocation) moves the page
        // faults out of the first searches.
        buckets.resize(1 << index_bits, Bucket::default());
        Table {
            buckets,
            index_bits,
            active_bits: START_INDEX_BITS.clamp(MIN_INDEX_BITS, index_bits),
            stores: 0,
            generation: 1,
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything (O(1) most of the time).
    pub fn clear(&mut self) {
        self.next_generation();
        self.active_bits = START_INDEX_BITS.clamp(MIN_INDEX_BITS, self.index_bits);
        self.stores = 0;
    }

    fn next_generation(&mut self) {
        self.generation += 1;
        if self.generation >= (1 << GEN_BITS) {
            self.buckets.fill(Bucket::default());
            self.generation = 1;
        }
    }

    /// Doubles the active part in place. With the bucket taken from the top bits of the
    /// scrambled key, the entries of bucket `i` go to buckets `2i` and `2i + 1` (the next
    /// bit of the check decides), so walking the buckets from the last to the first reads
    /// each old bucket before anything overwrites it, and every access is sequential: a
    /// growth from 2 to 64 MiB streams about 128 MiB instead of scattering writes over the
    /// whole table. Entries of older generations are dropped on the way.
    fn grow(&mut self) {
        let old_bits = self.active_bits;
        let old_check_bits = KEY_BITS - old_bits;
        let split_bit = 1u64 << (old_check_bits - 1);
        let generation = self.generation;
        for index in (0..1usize << old_bits).rev() {
            let old = self.buckets[index].0;
            let mut halves = [[0u64; WAYS]; 2];
            let mut filled = [0usize; 2];
            for e in old {
                if (e >> GEN_SHIFT) & ((1 << GEN_BITS) - 1) != generation {
                    continue;
                }
                let check = e >> CHECK_SHIFT;
                let half = usize::from(check & split_bit != 0);
                let data = e & ((1 << CHECK_SHIFT) - 1);
                halves[half][filled[half]] = ((check & (split_bit - 1)) << CHECK_SHIFT) | data;
                filled[half] += 1;
            }
            self.buckets[2 * index].0 = halves[0];
            self.buckets[2 * index + 1].0 = halves[1];
        }
        self.active_bits = old_bits + 1;
    }

    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        self.split(key.wrapping_mul(SCRAMBLE) & KEY_MASK)
    }

    #[inline]
    fn split(&self, h: u64) -> (usize, u64) {
        let check_bits = KEY_BITS - self.active_bits;
        ((h >> check_bits) as usize, h & ((1 << check_bits) - 1))
    }

    #[inline]
    fn tag(&self, check: u64) -> u64 {
        (check << CHECK_SHIFT) | (self.generation << GEN_SHIFT)
    }

    const TAG_MASK: u64 = !((1 << CHECK_SHIFT) - 1) | (((1 << GEN_BITS) - 1) << GEN_SHIFT);

    /// Asks the CPU to start loading the bucket of `key` into the cache (a prefetch hint:
    /// nothing waits for it, so the loads of several buckets overlap). A no-op off x86-64.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::mem::prefetch(&self.buckets[self.locate(key).0]);
    }

    /// Looks a key up.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Hit> {
        let (index, check) = self.locate(key);
        let tag = self.tag(check);
        let bucket = &self.buckets[index].0;
        for &e in bucket {
            if e & Self::TAG_MASK == tag {
                let field = |shift: u32| ((e >> shift) & ((1 << BOUND_BITS) - 1)) as i32;
                let mv = (e >> MOVE_SHIFT) & ((1 << MOVE_BITS) - 1);
                return Some(Hit {
                    lower: field(LOWER_SHIFT) - BOUND_OFFSET,
                    upper: field(UPPER_SHIFT) - BOUND_OFFSET,
                    best: (mv != NO_MOVE).then_some(mv as usize),
                });
            }
        }
        None
    }

    /// Records the fail-soft result `score` of a search with upper window bound `beta`: a
    /// lower bound when it cut (`score >= beta`), the exact score when `exact`, else an upper
    /// bound (no best move then).
    #[inline]
    pub fn put_result(
        &mut self,
        key: u64,
        score: i32,
        beta: i32,
        exact: bool,
        best: Option<usize>,
        work: u64,
    ) {
        if score >= beta {
            self.put(key, score, NO_UPPER, best, work);
        } else if exact {
            self.put(key, score, score, best, work);
        } else {
            self.put(key, NO_LOWER, score, None, work);
        }
    }

    /// Records bounds (merged with what is known), a best move (kept if `None`) and the
    /// number of nodes the search took.
    #[inline]
    pub fn put(&mut self, key: u64, lower: i32, upper: i32, best: Option<usize>, nodes: u64) {
        self.stores += 1;
        if self.active_bits < self.index_bits
            && self.stores > GROW_STORES_PER_BUCKET << self.active_bits
        {
            self.grow();
        }
        let (index, check) = self.locate(key);
        let tag = self.tag(check);
        let generation = self.generation;
        let bucket = &mut self.buckets[index].0;
        let work = (64 - nodes.leading_zeros()).min((1 << WORK_BITS) - 1) as u64;
        let mut victim = 0;
        let mut victim_work = u64::MAX;
        for (i, &e) in bucket.iter().enumerate() {
            if e & Self::TAG_MASK == tag {
                let old_lower =
                    ((e >> LOWER_SHIFT) & ((1 << BOUND_BITS) - 1)) as i32 - BOUND_OFFSET;
                let old_upper =
                    ((e >> UPPER_SHIFT) & ((1 << BOUND_BITS) - 1)) as i32 - BOUND_OFFSET;
                let old_move = (e >> MOVE_SHIFT) & ((1 << MOVE_BITS) - 1);
                let old_work = (e >> WORK_SHIFT) & ((1 << WORK_BITS) - 1);
                let mv = best.map_or(old_move, |m| m as u64);
                bucket[i] = Self::pack(
                    tag,
                    lower.max(old_lower),
                    upper.min(old_upper),
                    mv,
                    work.max(old_work),
                );
                return;
            }
            let w = if (e >> GEN_SHIFT) & ((1 << GEN_BITS) - 1) != generation {
                0
            } else {
                1 + ((e >> WORK_SHIFT) & ((1 << WORK_BITS) - 1))
            };
            if w < victim_work {
                victim_work = w;
                victim = i;
            }
        }
        let mv = best.map_or(NO_MOVE, |m| m as u64);
        bucket[victim] = Self::pack(tag, lower, upper, mv, work);
    }

    #[inline]
    fn pack(tag: u64, lower: i32, upper: i32, mv: u64, work: u64) -> u64 {
        tag | (((lower + BOUND_OFFSET) as u64) << LOWER_SHIFT)
            | (((upper + BOUND_OFFSET) as u64) << UPPER_SHIFT)
            | (mv << MOVE_SHIFT)
            | (work << WORK_SHIFT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_hits_merge_and_clear() {
        let mut t = Table::new(1);
        assert_eq!(t.bytes(), 1 << 20);
        assert_eq!(t.get(12345), None);
        t.put(12345, -3, 5, Some(2), 100);
        t.put(12345, 0, 9, None, 10);
        assert_eq!(
            t.get(12345),
            Some(Hit {
                lower: 0,
                upper: 5,
                best: Some(2)
            })
        );
        // Keys sharing a bucket never answer for each other.
        for k in 0..100_000u64 {
            if k != 12345 {
                assert!(t.get(k).is_none(), "false hit for {k}");
            }
        }
        t.clear();
        assert_eq!(t.get(12345), None);
        for _ in 0..300 {
            t.clear();
        }
        t.put(7, NO_LOWER, NO_UPPER, Some(6), u64::MAX);
        let h = t.get(7).unwrap();
        assert_eq!((h.lower, h.upper, h.best), (NO_LOWER, NO_UPPER, Some(6)));
    }

    #[test]
    fn growing_keeps_the_entries() {
        // 8 MiB = 2^17 buckets: the active part starts at 2^15 and doubles twice.
        let mut t = Table::new(8);
        assert_eq!(t.active_bits, START_INDEX_BITS);
        let key = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D) & KEY_MASK;
        let bounds = |i: u64| ((i % 20) as i32 - 10, (i % 20) as i32 - 5);
        let mut stored = 0u64;
        for doubling in 0..2 {
            let bits = t.active_bits;
            // Fill up to the store that triggers the doubling, then see what is there.
            while t.stores < GROW_STORES_PER_BUCKET << bits {
                let (lo, up) = bounds(stored);
                t.put(key(stored), lo, up, Some((stored % 7) as usize), stored);
                stored += 1;
            }
            let before: Vec<(u64, Hit)> = (0..stored)
                .filter_map(|i| t.get(key(i)).map(|h| (i, h)))
                .collect();
            // The table keeps most entries (several entries of a bucket are overwritten).
            assert!(
                before.len() as u64 > stored / 2,
                "{} of {stored}",
                before.len()
            );
            t.put(key(u64::MAX >> 20), 0, 0, None, 1);
            assert_eq!(t.active_bits, bits + 1, "doubling {doubling}");
            for (i, h) in before {
                assert_eq!(
                    t.get(key(i)),
                    Some(h),
                    "entry {i} after doubling {doubling}"
                );
                assert_eq!((h.lower, h.upper), bounds(i));
                assert_eq!(h.best, Some((i % 7) as usize));
            }
        }
        assert_eq!(t.active_bits, t.index_bits);
        t.clear();
        assert_eq!(t.active_bits, START_INDEX_BITS);
        assert!((0..1000).all(|i| t.get(key(i)).is_none()));
    }

    #[test]
    fn a_full_bucket_keeps_the_biggest_work() {
        let mut t = Table::new(1);
        // Find WAYS + 1 keys that land in one bucket.
        let (target, _) = t.locate(1);
        let keys: Vec<u64> = (1..u64::MAX)
            .filter(|&k| t.locate(k).0 == target)
            .take(WAYS + 1)
            .collect();
        for (i, &k) in keys.iter().enumerate().take(WAYS) {
            t.put(k, 0, 0, None, 1 << (i + 2));
        }
        t.put(keys[WAYS], 1, 1, None, 1 << 20);
        // The smallest-work entry (keys[0]) was replaced.
        assert!(t.get(keys[0]).is_none());
        for &k in &keys[1..] {
            assert!(t.get(k).is_some());
        }
    }
}
