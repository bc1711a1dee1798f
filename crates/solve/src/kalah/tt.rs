//! The Kalah solver's transposition table: bounds on the exact future margin of a pit
//! configuration, keyed by its perfect rank, shared by the solver's threads without locks.
//!
//! - Key: the rank of the pits (`poda_games::kalah::rank`), unique per configuration, stored
//!   in full (plus one, so 0 marks an empty slot): no false hit is possible.
//! - Value: a lower and an upper bound on the exact value. The solver searches to the end of
//!   the game, so a bound never goes stale: storing again *merges* (the larger lower bound,
//!   the smaller upper bound), whatever window found it.
//! - Threads: a slot is two atomic words, the data and the key XOR the data (Hyatt and Mann,
//!   "A lockless transposition table implementation for parallel search", ICGA Journal
//!   2002); a slot torn by two writers fails the check and reads as empty, so a probe sees
//!   either a whole entry or none. Two threads may lose one of two racing stores: that
//!   loses knowledge, never correctness.
//! - Buckets of [`SLOTS`] slots filling one 64-byte cache line, at `mix64(rank) & mask`: a
//!   probe costs one memory access. Replacement: a new position takes an empty slot, else the
//!   slot whose search took the least work (log2 of its nodes), so expensive results stay and
//!   cheap ones come and go.

use poda_games::kalah::board::mix64;
use std::sync::atomic::{AtomicU64, Ordering};

/// Slots per bucket: 4 slots of two 8-byte words fill 64 bytes.
pub const SLOTS: usize = 4;

/// One cache line of slots: `words[2 i]` = key ^ data, `words[2 i + 1]` = data.
#[derive(Debug, Default)]
#[repr(C, align(64))]
struct Bucket {
    words: [AtomicU64; 2 * SLOTS],
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub lower: i32,
    pub upper: i32,
    /// The best pit found (1..=m), 0 if none.
    pub best: u8,
    pub work: u8,
}

impl Entry {
    fn unpack(data: u64) -> Entry {
        Entry {
            lower: (data & 0xFF) as i32 - 128,
            upper: ((data >> 8) & 0xFF) as i32 - 128,
            best: ((data >> 16) & 0x1F) as u8,
            work: ((data >> 21) & 0x3F) as u8,
        }
    }

    fn pack(self) -> u64 {
        ((self.lower + 128) as u64)
            | (((self.upper + 128) as u64) << 8)
            | ((self.best as u64 & 0x1F) << 16)
            | ((self.work.min(63) as u64) << 21)
    }
}

/// The table (see the module doc).
pub struct Table {
    buckets: Vec<Bucket>,
    mask: u64,
}

impl Table {
    /// A table of about `mib` MiB (a power of two of buckets, at least one).
    pub fn new(mib: usize) -> Table {
        let wanted = ((mib.max(1) << 20) / std::mem::size_of::<Bucket>()).max(1);
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let mut v = Vec::with_capacity(buckets);
        crate::mem::advise_huge_pages(&mut v);
        v.extend((0..buckets).map(|_| Bucket::default()));
        Table {
            buckets: v,
            mask: buckets as u64 - 1,
        }
    }

    #[inline]
    fn bucket(&self, rank: u64) -> &Bucket {
        &self.buckets[(mix64(rank) & self.mask) as usize]
    }

    /// The slot of `key` in `b` and its data, if there.
    #[inline]
    fn find(b: &Bucket, key: u64) -> Option<(usize, u64)> {
        (0..SLOTS).find_map(|i| {
            let check = b.words[2 * i].load(Ordering::Relaxed);
            let data = b.words[2 * i + 1].load(Ordering::Relaxed);
            (check ^ data == key && data != 0).then_some((i, data))
        })
    }

    /// Starts loading the bucket of `rank` into the cache.
    #[inline]
    pub fn prefetch(&self, rank: u64) {
        crate::mem::prefetch(self.bucket(rank));
    }

    /// The bounds known for `rank`.
    #[inline]
    pub fn probe(&self, rank: u64) -> Option<Entry> {
        Self::find(self.bucket(rank), rank + 1).map(|(_, d)| Entry::unpack(d))
    }

    /// Records bounds for `rank`, merging with what is there (see the module doc).
    pub fn store(&self, rank: u64, mut e: Entry) {
        let key = rank + 1;
        let b = self.bucket(rank);
        let write = |i: usize, data: u64| {
            b.words[2 * i].store(key ^ data, Ordering::Relaxed);
            b.words[2 * i + 1].store(data, Ordering::Relaxed);
        };
        if let Some((i, data)) = Self::find(b, key) {
            let old = Entry::unpack(data);
            e.lower = e.lower.max(old.lower);
            e.upper = e.upper.min(old.upper);
            e.work = e.work.max(old.work);
            if e.best == 0 {
                e.best = old.best;
            }
            write(i, e.pack());
            return;
        }
        // The least work goes (an empty slot first); among equals, a slot that
        // depends on the key, so that cheap entries do not always fight over the same slot.
        let victim = (0..SLOTS)
            .min_by_key(|&i| {
                let data = b.words[2 * i + 1].load(Ordering::Relaxed);
                let work = if data == 0 {
                    -1
                } else {
                    Entry::unpack(data).work as i32
                };
                (work, (i as u64 + key) % SLOTS as u64)
            })
            .unwrap_or(0);
        write(victim, e.pack());
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            for w in &mut b.words {
                *w.get_mut() = 0;
            }
        }
    }

    /// Slots in use, per thousand (sampled over the first buckets).
    pub fn permille_used(&self) -> u32 {
        let sample = self.buckets.len().min(1000);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| {
                (0..SLOTS)
                    .filter(|&i| b.words[2 * i + 1].load(Ordering::Relaxed) != 0)
                    .count()
            })
            .sum();
        (used * 1000 / (SLOTS * sample)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_merge_and_entries_round_trip() {
        let mut t = Table::new(1);
        assert_eq!(t.probe(5), None);
        let e = Entry {
            lower: -10,
            upper: 40,
            best: 3,
            work: 7,
        };
        t.store(5, e);
        assert_eq!(t.probe(5), Some(e));
        t.store(
            5,
            Entry {
                lower: -20,
                upper: 12,
                best: 0,
                work: 2,
            },
        );
        assert_eq!(
            t.probe(5),
            Some(Entry {
                lower: -10,
                upper: 12,
                best: 3,
                work: 7
            })
        );
        assert_eq!(t.probe(6), None);
        t.clear();
        assert_eq!(t.probe(5), None);
        // Rank 0 and the lowest value are stored like any other (data is never 0).
        let zero = Entry {
            lower: -127,
            upper: -127,
            best: 0,
            work: 0,
        };
        t.store(0, zero);
        assert_eq!(t.probe(0), Some(zero));
    }

    #[test]
    fn expensive_entries_survive_cheap_ones() {
        // A one-bucket table: every rank collides.
        let t = Table {
            buckets: vec![Bucket::default()],
            mask: 0,
        };
        let e = |work| Entry {
            lower: 0,
            upper: 1,
            best: 1,
            work,
        };
        t.store(1, e(20));
        for r in 2..50 {
            t.store(r, e(1));
        }
        assert!(t.probe(1).is_some());
        assert!(t.probe(49).is_some());
        assert_eq!((2..50).filter(|&r| t.probe(r).is_some()).count(), SLOTS - 1);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }

    #[test]
    fn threads_share_the_table() {
        let t = Table::new(1);
        std::thread::scope(|s| {
            for id in 0..2u64 {
                let t = &t;
                s.spawn(move || {
                    for r in 0..2000u64 {
                        let lower = ((r + id) % 50) as i32;
                        t.store(
                            r,
                            Entry {
                                lower,
                                upper: 60,
                                best: 1,
                                work: 1,
                            },
                        );
                    }
                });
            }
        });
        // Every entry found is one a thread wrote (or their merge).
        for r in 0..2000u64 {
            if let Some(e) = t.probe(r) {
                assert_eq!(e.upper, 60);
                assert!(e.lower == (r % 50) as i32 || e.lower == ((r + 1) % 50) as i32);
            }
        }
    }
}
