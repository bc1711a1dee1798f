//! Several threads on one null-window search: every thread searches the same root over the
//! shared lock-free table, and a move that another thread is searching is put off to the
//! end of its node, so that at nodes where every move must be searched the threads take
//! different ones and share the results through the table (simplified ABDADA: Weill, "The
//! ABDADA distributed minimax search algorithm", 1996, in the form Tom Kerrigan described
//! for his chess program). The first thread to finish gives the answer and stops the others,
//! whose unfinished searches store nothing.

use super::search::Worker;
use super::KalahSolver;
use poda_games::kalah::board::mix64;
use poda_games::kalah::Board;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Slots of the table of positions being searched.
const BUSY_SLOTS: usize = 1 << 16;
/// Only positions with at least this many seeds above the endgame database are marked:
/// below, a subtree is too small to be worth the bookkeeping.
const BUSY_MARGIN: u32 = 6;
/// The parallel search is used from this many seeds above the endgame database on.
pub const PARALLEL_MARGIN: u32 = 10;

/// The positions being searched now, by rank (a hashed table; a slot taken by another
/// position just loses a mark, which costs some duplicated work, never a wrong answer).
pub(super) struct Busy {
    slots: Vec<AtomicU64>,
    min_seeds: u32,
}

impl Busy {
    fn new(endgame_seeds: u32) -> Busy {
        Busy {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            min_seeds: endgame_seeds + BUSY_MARGIN,
        }
    }

    /// Is a node with this many seeds worth marking?
    #[inline]
    pub(super) fn worth(&self, seeds: u32) -> bool {
        seeds >= self.min_seeds
    }

    #[inline]
    fn slot(&self, rank: u64) -> &AtomicU64 {
        &self.slots[(mix64(rank) as usize) & (BUSY_SLOTS - 1)]
    }

    pub(super) fn enter(&self, rank: u64) {
        self.slot(rank).store(rank + 1, Ordering::Relaxed);
    }

    pub(super) fn leave(&self, rank: u64) {
        let _ = self
            .slot(rank)
            .compare_exchange(rank + 1, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    #[inline]
    pub(super) fn is_busy(&self, rank: u64) -> bool {
        self.slot(rank).load(Ordering::Relaxed) == rank + 1
    }
}

impl KalahSolver {
    /// The future margin of `b` within `(alpha, beta)` (fail-soft), on one thread or, for a
    /// position far enough above the endgame database, on all of them.
    pub(super) fn search(&mut self, b: &Board, alpha: i32, beta: i32) -> i32 {
        if self.aborted {
            return 0;
        }
        let limit = self.node_limit.map(|n| n.saturating_sub(self.nodes));
        let seeds = b.seeds_in_pits();
        let big = seeds >= self.shared.endgame.max_seeds() + PARALLEL_MARGIN;
        if self.threads == 1 || !big {
            let mut w = Worker::new(&self.shared, limit, self.deadline, None, None);
            let v = w.search(b, alpha, beta);
            self.nodes += w.nodes;
            self.aborted = w.aborted;
            return v;
        }
        let stop = AtomicBool::new(false);
        let busy = Busy::new(self.shared.endgame.max_seeds());
        let answer: Mutex<Option<i32>> = Mutex::new(None);
        let nodes = AtomicU64::new(0);
        let deadline: Option<Instant> = self.deadline;
        let shared = &self.shared;
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    let mut w = Worker::new(shared, limit, deadline, Some(&stop), Some(&busy));
                    let v = w.search(b, alpha, beta);
                    if !w.aborted {
                        let mut a = answer.lock().unwrap_or_else(|e| e.into_inner());
                        a.get_or_insert(v);
                        stop.store(true, Ordering::Relaxed);
                    }
                    nodes.fetch_add(w.nodes, Ordering::Relaxed);
                });
            }
        });
        self.nodes += nodes.into_inner();
        let answer = answer.into_inner().unwrap_or_else(|e| e.into_inner());
        self.aborted = answer.is_none();
        answer.unwrap_or(0)
    }
}
