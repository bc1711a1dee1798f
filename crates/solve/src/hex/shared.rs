//! Proofs shared between provers that run side by side (the opening map on several
//! threads, [`super::parallel`]).
//!
//! Each prover keeps its own table; a position its search proves (a win or a loss, with
//! its proof set) is also published here, and a prover that finds a position open or
//! absent in its own table looks here before searching it. A proof holds whoever found
//! it, so sharing never changes an answer, only the work. A node costs a prover about
//! 200 microseconds (two H-search builds), so one lock per lookup is noise: a plain
//! mutex over a hash map does the job without a concurrent map crate.

use std::collections::HashMap;
use std::sync::Mutex;

/// A table key of [`super::prover::Prover`] (the position in its stored orientation).
pub type Key = (u128, u128);

/// Proven positions: whether the player to move wins, and the proof (in the key's
/// orientation).
#[derive(Default, Debug)]
pub struct SharedProofs {
    map: Mutex<HashMap<Key, (bool, u128)>>,
}

impl SharedProofs {
    pub fn new() -> SharedProofs {
        SharedProofs::default()
    }

    /// The verdict and proof published for `key`, if any.
    pub fn get(&self, key: &Key) -> Option<(bool, u128)> {
        self.lock().get(key).copied()
    }

    /// Publishes a proven position.
    pub fn publish(&self, key: Key, win: bool, proof: u128) {
        self.lock().insert(key, (win, proof));
    }

    /// Positions published so far.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, (bool, u128)>> {
        // A prover that panicked mid-insert leaves a map that is still valid (an insert
        // either happened or not), so a poisoned lock is taken over.
        self.map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_proofs_are_found_and_others_are_not() {
        let shared = SharedProofs::new();
        assert!(shared.is_empty());
        shared.publish((1, 2), true, 0b101);
        shared.publish((3, 4), false, 0b010);
        assert_eq!(shared.get(&(1, 2)), Some((true, 0b101)));
        assert_eq!(shared.get(&(3, 4)), Some((false, 0b010)));
        assert_eq!(shared.get(&(2, 1)), None);
        assert_eq!(shared.len(), 2);
    }
}
