//! The transposition table.
//!
//! A power-of-two array of two-slot buckets, sized in MiB. An entry is two `u64` words: the
//! full position hash (verification) and a packed word holding the score (node-relative for
//! decisive scores, 32 bits), the depth (8 bits), the bound type (2 bits), the search
//! generation (6 bits) and the best move as its index in the game's legal-move order (16 bits,
//! so no move type needs to be stored). An all-zero entry is empty. A new table writes every
//! page once, so that the operating system's page faults happen when the table is made and
//! not inside a timed search; clearing refills the same pages.
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
    None = 0,
    /// The true value.
    Exact = 1,
    /// The true value is at least the score (a fail-high).
    Lower = 2,
    /// The true value is at most the score (a fail-low).
    Upper = 3,
}

impl Bound {
    /// In words: `exact`, `lower bound`, `upper bound` (as traces show it).
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower bound",
            Bound::Upper => "upper bound",
            Bound::None => "none",
        }
    }
}

/// One stored search result, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Node-relative score (see `Score::to_node_relative`).
    pub score: Score,
    pub depth: u32,
    pub bound: Bound,
    /// Index of the best move in the legal-move order of the position.
    pub move_index: Option<u16>,
}

const SLOTS: usize = 2;
/// Depths are stored in 8 bits.
const MAX_STORED_DEPTH: u32 = 255;
/// Generations are stored in 6 bits.
const GENERATION_MASK: u64 = 0x3f;
/// A move index of all ones means "no move".
const NO_MOVE: u64 = 0xffff;

type Slot = [u64; 2];

fn pack(score: Score, depth: u32, bound: Bound, generation: u8, move_index: Option<u16>) -> u64 {
    let mv = move_index.map_or(NO_MOVE, |m| m as u64);
    (score.0 as u32 as u64)
        | (depth.min(MAX_STORED_DEPTH) as u64) << 32
        | (bound as u64) << 40
        | (generation as u64 & GENERATION_MASK) << 42
        | mv << 48
}

fn bound_of(data: u64) -> Bound {
    match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => Bound::None,
    }
}

fn unpack(data: u64) -> Entry {
    let mv = data >> 48;
    Entry {
        score: Score(data as u32 as i32),
        depth: ((data >> 32) & 0xff) as u32,
        bound: bound_of(data),
        move_index: (mv != NO_MOVE).then_some(mv as u16),
    }
}

/// A transposition table.
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Vec<[Slot; SLOTS]>,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table using at most `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> Self {
        let bucket_bytes = std::mem::size_of::<[Slot; SLOTS]>();
        let wanted = (mib.saturating_mul(1 << 20) / bucket_bytes).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        // Not `vec![0; n]`: a zeroed allocation would leave the pages untouched until the
        // search writes them; `resize` writes every one now.
        let mut buckets = Vec::with_capacity(count);
        buckets.resize(count, [[0; 2]; SLOTS]);
        TranspositionTable {
            buckets,
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
        self.buckets.fill([[0; 2]; SLOTS]);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK as u8;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The low bits pick the bucket; the full key is verified on probe.
        (key as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|s| s[0] == key && bound_of(s[1]) != Bound::None)
            .map(|s| unpack(s[1]))
    }

    /// Stores a result (see the module doc for the replacement rule).
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        score: Score,
        depth: u32,
        bound: Bound,
        move_index: Option<u16>,
    ) {
        let generation = self.generation;
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let same = bucket
            .iter()
            .position(|s| s[0] == key && bound_of(s[1]) != Bound::None);
        let slot = match same {
            Some(i) => i,
            None => {
                let worth = |s: &Slot| -> i32 {
                    let e = unpack(s[1]);
                    match e.bound {
                        Bound::None => -1,
                        _ if (s[1] >> 42) & GENERATION_MASK != generation as u64 => {
                            e.depth as i32 - 100_000
                        }
                        _ => e.depth as i32,
                    }
                };
                (0..SLOTS).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0)
            }
        };
        let move_index = match (same, move_index) {
            (Some(i), None) => unpack(bucket[i][1]).move_index,
            (_, m) => m,
        };
        bucket[slot] = [key, pack(score, depth, bound, generation, move_index)];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        for (score, depth, bound, mv) in [
            (Score(-5), 3, Bound::Exact, Some(2)),
            (Score::win_in(7), 255, Bound::Lower, None),
            (Score::loss_in(1), 0, Bound::Upper, Some(360)),
        ] {
            let e = unpack(pack(score, depth, bound, 63, mv));
            assert_eq!(
                e,
                Entry {
                    score,
                    depth,
                    bound,
                    move_index: mv
                }
            );
        }
    }

    #[test]
    fn store_probe_and_replace() {
        let mut tt = TranspositionTable::new(1);
        assert!(tt.capacity().is_power_of_two());
        tt.store(42, Score(5), 3, Bound::Exact, Some(2));
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.move_index),
            (Score(5), 3, Bound::Exact, Some(2))
        );
        assert!(tt.probe(43).is_none());
        // Same key again without a move keeps the old move.
        tt.store(42, Score(7), 4, Bound::Lower, None);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.score, e.move_index), (Score(7), Some(2)));
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
