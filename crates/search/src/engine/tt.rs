//! The transposition table.
//!
//! A power-of-two array of two-slot buckets, sized in MiB. Each entry keeps the full 64-bit
//! position hash (verification), the score (node-relative for decisive scores), the depth it
//! was searched to, the bound type, the best move and the search generation.
//!
//! Replacement rule: an entry for the same position is overwritten in place (keeping its old
//! best move if the new result has none). Otherwise the victim is the slot worth least, where
//! an entry from an earlier search (an older generation) is worth less than any entry of the
//! current one, and within a generation a shallower entry is worth less than a deeper one.
//! This is the classic depth-preferred scheme with ageing (Breuker, Uiterwijk and van den
//! Herik, "Replacement schemes for transposition tables", ICCA Journal 17(4), 1994), with the
//! second slot giving recent shallow results a place to live.

use poda_core::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Empty slot.
    None,
    /// The true value.
    Exact,
    /// The true value is at least the score (a fail-high).
    Lower,
    /// The true value is at most the score (a fail-low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub key: u64,
    /// Node-relative score (see `Score::to_node_relative`).
    pub score: Score,
    pub depth: u16,
    pub bound: Bound,
    pub generation: u8,
    pub mv: Option<M>,
}

impl<M> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        key: 0,
        score: Score::DRAW,
        depth: 0,
        bound: Bound::None,
        generation: 0,
        mv: None,
    };
}

const SLOTS: usize = 2;

/// A transposition table for moves of type `M`.
#[derive(Debug)]
pub struct TranspositionTable<M> {
    buckets: Vec<[Entry<M>; SLOTS]>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> Self {
        let bucket_bytes = std::mem::size_of::<[Entry<M>; SLOTS]>().max(1);
        let wanted = (mib.saturating_mul(1 << 20) / bucket_bytes).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            buckets: vec![[Entry::EMPTY; SLOTS]; count],
            mask: count - 1,
            generation: 0,
        }
    }

    /// Number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * SLOTS
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::EMPTY; SLOTS]);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The low bits pick the bucket; the full key is verified on probe.
        (key as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|e| e.bound != Bound::None && e.key == key)
    }

    /// Stores a result (see the module doc for the replacement rule).
    #[inline]
    pub fn store(&mut self, key: u64, score: Score, depth: u32, bound: Bound, mv: Option<M>) {
        let generation = self.generation;
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let slot = match bucket
            .iter()
            .position(|e| e.bound != Bound::None && e.key == key)
        {
            Some(i) => i,
            None => {
                let worth = |e: &Entry<M>| -> i32 {
                    match e.bound {
                        Bound::None => -1,
                        _ if e.generation != generation => e.depth as i32 - 100_000,
                        _ => e.depth as i32,
                    }
                };
                (0..SLOTS).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0)
            }
        };
        let old = bucket[slot];
        let keep_move = old.key == key && old.bound != Bound::None && mv.is_none();
        bucket[slot] = Entry {
            key,
            score,
            depth: depth.min(u16::MAX as u32) as u16,
            bound,
            generation,
            mv: if keep_move { old.mv } else { mv },
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_replace() {
        let mut tt: TranspositionTable<u8> = TranspositionTable::new(1);
        assert!(tt.capacity().is_power_of_two());
        tt.store(42, Score(5), 3, Bound::Exact, Some(2));
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.mv),
            (Score(5), 3, Bound::Exact, Some(2))
        );
        assert!(tt.probe(43).is_none());
        // Same key again without a move keeps the old move.
        tt.store(42, Score(7), 4, Bound::Lower, None);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.score, e.mv), (Score(7), Some(2)));
        // Three keys in one bucket: the shallowest current entry is replaced.
        let stride = (tt.mask as u64) + 1;
        tt.store(42 + stride, Score(1), 9, Bound::Exact, None);
        tt.store(42 + 2 * stride, Score(2), 6, Bound::Exact, None);
        assert!(
            tt.probe(42).is_none(),
            "depth 4 entry should have been replaced"
        );
        assert!(tt.probe(42 + stride).is_some());
        // After a new search, old entries go first even if deep.
        tt.new_search();
        tt.store(42 + 3 * stride, Score(3), 1, Bound::Exact, None);
        assert!(tt.probe(42 + 3 * stride).is_some());
        tt.clear();
        assert!(tt.probe(42 + stride).is_none());
    }
}
