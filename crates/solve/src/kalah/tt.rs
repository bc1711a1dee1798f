//! The Kalah solver's transposition table: bounds on the exact future margin of a pit
//! configuration, keyed by its perfect rank.
//!
//! - Key: the rank of the pits (`poda_games::kalah::rank`), unique per configuration, stored
//!   in full (plus one, so 0 marks an empty slot): no false hit is possible.
//! - Value: a lower and an upper bound on the exact value. The solver searches to the end of
//!   the game, so a bound never goes stale: storing again *merges* (the larger lower bound,
//!   the smaller upper bound), whatever window found it.
//! - Buckets of [`SLOTS`] slots filling one 64-byte cache line, at `mix64(rank) & mask`: a
//!   probe costs one memory access. Replacement: a new position takes an empty slot, else the
//!   slot whose search took the least work (log2 of its nodes), so expensive results stay and
//!   cheap ones come and go.

use poda_games::kalah::board::mix64;

/// Slots per bucket: 5 keys of 8 bytes and 5 data words of 4 bytes fill 60 of 64 bytes.
pub const SLOTS: usize = 5;

/// One cache line of slots.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket {
    /// rank + 1; 0 = empty.
    keys: [u64; SLOTS],
    /// lower + 128 (bits 0-7), upper + 128 (8-15), best pit (16-20), work (21-26).
    data: [u32; SLOTS],
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
    fn unpack(data: u32) -> Entry {
        Entry {
            lower: (data & 0xFF) as i32 - 128,
            upper: ((data >> 8) & 0xFF) as i32 - 128,
            best: ((data >> 16) & 0x1F) as u8,
            work: ((data >> 21) & 0x3F) as u8,
        }
    }

    fn pack(self) -> u32 {
        ((self.lower + 128) as u32)
            | (((self.upper + 128) as u32) << 8)
            | ((self.best as u32 & 0x1F) << 16)
            | ((self.work.min(63) as u32) << 21)
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
        Table {
            buckets: vec![Bucket::default(); buckets],
            mask: buckets as u64 - 1,
        }
    }

    #[inline]
    fn bucket(&self, rank: u64) -> usize {
        (mix64(rank) & self.mask) as usize
    }

    /// The bounds known for `rank`.
    #[inline]
    pub fn probe(&self, rank: u64) -> Option<Entry> {
        let key = rank + 1;
        let b = &self.buckets[self.bucket(rank)];
        b.keys
            .iter()
            .position(|&k| k == key)
            .map(|i| Entry::unpack(b.data[i]))
    }

    /// Records bounds for `rank`, merging with what is there (see the module doc).
    pub fn store(&mut self, rank: u64, mut e: Entry) {
        let key = rank + 1;
        let index = self.bucket(rank);
        let b = &mut self.buckets[index];
        if let Some(i) = b.keys.iter().position(|&k| k == key) {
            let old = Entry::unpack(b.data[i]);
            e.lower = e.lower.max(old.lower);
            e.upper = e.upper.min(old.upper);
            e.work = e.work.max(old.work);
            if e.best == 0 {
                e.best = old.best;
            }
            b.data[i] = e.pack();
            return;
        }
        // The least work goes; among equals, a slot that depends on the key, so that cheap
        // entries do not always fight over the same slot.
        let victim = (0..SLOTS)
            .min_by_key(|&i| {
                let work = if b.keys[i] == 0 {
                    -1
                } else {
                    Entry::unpack(b.data[i]).work as i32
                };
                (work, (i as u64 + key) % SLOTS as u64)
            })
            .unwrap_or(0);
        b.keys[victim] = key;
        b.data[victim] = e.pack();
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    /// Slots in use, per thousand (sampled over the first buckets).
    pub fn permille_used(&self) -> u32 {
        let sample = self.buckets.len().min(1000);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| b.keys.iter().filter(|&&k| k != 0).count())
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
    }

    #[test]
    fn expensive_entries_survive_cheap_ones() {
        // A one-bucket table: every rank collides.
        let mut t = Table {
            buckets: vec![Bucket::default(); 1],
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
}
