//! The "all moves as first" bookkeeping of RAVE: which player first played each move from a
//! given point of a simulation on.
//!
//! A small open-addressing table keyed by the move itself (so lookups are exact, never
//! blurred by a hash collision), cleared in O(1) by bumping an epoch number.

use poda_core::Player;
use std::hash::{Hash, Hasher};

/// Initial number of slots (a power of two); the table doubles when half full.
const INITIAL_SLOTS: usize = 1024;

/// A multiplicative hasher for small move values (FxHash style).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
}

/// Moves seen from some point of a simulation on, each with the player who played it first.
pub(super) struct AmafTable<M> {
    slots: Vec<(u32, M, Player)>,
    epoch: u32,
    len: usize,
}

impl<M: Copy + Eq + Hash> AmafTable<M> {
    pub fn new() -> Self {
        AmafTable {
            slots: Vec::new(),
            epoch: 1,
            len: 0,
        }
    }

    /// Forgets every move.
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // After 4 billion clears, really wipe the slots once.
            for s in &mut self.slots {
                s.0 = 0;
            }
            self.epoch = 1;
        }
        self.len = 0;
    }

    fn slot(&self, mv: &M) -> usize {
        let mut h = MoveHasher::default();
        mv.hash(&mut h);
        (h.finish() >> 32) as usize & (self.slots.len() - 1)
    }

    /// Records that `player` played `mv` earlier than anything recorded so far (the table is
    /// filled from the end of the simulation backwards, so a later call means earlier).
    pub fn set(&mut self, mv: M, player: Player) {
        if self.slots.is_empty() || 2 * (self.len + 1) > self.slots.len() {
            self.grow(mv, player);
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(&mv);
        loop {
            let s = &mut self.slots[i];
            if s.0 != self.epoch {
                *s = (self.epoch, mv, player);
                self.len += 1;
                return;
            }
            if s.1 == mv {
                s.2 = player;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// The player who first played `mv` (from the current point on), if anyone did.
    #[inline]
    pub fn get(&self, mv: &M) -> Option<Player> {
        if self.len == 0 {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(mv);
        loop {
            let s = &self.slots[i];
            if s.0 != self.epoch {
                return None;
            }
            if s.1 == *mv {
                return Some(s.2);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self, mv: M, player: Player) {
        let live: Vec<(M, Player)> = self
            .slots
            .iter()
            .filter(|s| s.0 == self.epoch)
            .map(|s| (s.1, s.2))
            .collect();
        let size = (self.slots.len() * 2).max(INITIAL_SLOTS);
        self.slots = vec![(0, mv, player); size];
        self.epoch = 1;
        self.len = 0;
        for (m, p) in live {
            self.set(m, p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_sets_win_and_clear_forgets() {
        let mut t = AmafTable::new();
        for m in 0..5000u32 {
            t.set(m, Player::First);
        }
        t.set(7u32, Player::Second);
        assert_eq!(t.get(&7), Some(Player::Second));
        assert_eq!(t.get(&4999), Some(Player::First));
        assert_eq!(t.get(&5000), None);
        t.clear();
        assert_eq!(t.get(&7), None);
        t.set(3, Player::Second);
        assert_eq!(t.get(&3), Some(Player::Second));
        assert_eq!(t.get(&4), None);
    }
}
