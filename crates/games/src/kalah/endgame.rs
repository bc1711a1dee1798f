//! An endgame table: the exact value of every Kalah position with few seeds left in the pits,
//! filled lazily and shared between threads.
//!
//! What happens from a position on depends only on the pits (the stores just add up), so the
//! value kept is the *future margin*: how many more seeds the side to move will gain than the
//! opponent under perfect play, from the pits alone (Irving, Donkers and Uiterwijk, "Solving
//! Kalah", ICGA Journal 2000, use the same idea for their endgame databases). It is the
//! negamax of
//! `v(b) = max over moves of gain + (v(child) if the mover moves again, else -v(child))`,
//! where `gain` is what the move adds to the mover's store minus the opponent's (captures and
//! the final sweep included) and a finished game is worth 0.
//!
//! Every entry is computed on first use by that recursion over all moves (children never hold
//! more seeds, so they are in the table too), then stored; each position is solved once. The
//! entries are atomic bytes (`value + 128`, 0 for "not yet known"), so threads share the
//! table without locks: two threads solving the same entry write the same value.

use super::board::Board;
use super::rank::Ranker;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Marks an entry not computed yet.
const UNKNOWN: u8 = 0;
/// Stored values are offset by this to fit in a byte (|value| <= seeds in pits <= 127).
const OFFSET: i32 = 128;
/// Most seeds a table may cover (values must fit the byte encoding).
pub const MAX_TABLE_SEEDS: u32 = 127;

/// The lazily filled endgame table of one pit count and capture rule.
pub struct EndgameTable {
    pits: usize,
    empty_capture: bool,
    ranker: Ranker,
    values: Vec<AtomicU8>,
}

impl std::fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EndgameTable")
            .field("pits", &self.pits)
            .field("empty_capture", &self.empty_capture)
            .field("max_seeds", &self.ranker.max_seeds())
            .field("entries", &self.values.len())
            .finish()
    }
}

impl EndgameTable {
    /// A table for positions with up to `max_seeds` seeds in the pits, lowered as needed to
    /// keep at most `max_entries` entries (one byte each).
    pub fn new(pits: usize, empty_capture: bool, max_seeds: u32, max_entries: u64) -> Self {
        let mut seeds = max_seeds.min(MAX_TABLE_SEEDS);
        let ranker = loop {
            match Ranker::new(2 * pits, seeds) {
                Some(r) if r.count_up_to(seeds) <= max_entries || seeds == 0 => break r,
                _ => seeds -= 1,
            }
        };
        let entries = ranker.count_up_to(seeds) as usize;
        EndgameTable {
            pits,
            empty_capture,
            ranker,
            values: (0..entries).map(|_| AtomicU8::new(UNKNOWN)).collect(),
        }
    }

    /// Pits per side of the positions it covers.
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// The capture rule it was built for.
    pub fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// Most seeds in the pits of a position the table covers.
    pub fn max_seeds(&self) -> u32 {
        self.ranker.max_seeds()
    }

    /// Number of entries (computed or not).
    pub fn entries(&self) -> usize {
        self.values.len()
    }

    /// Number of entries computed so far.
    pub fn computed(&self) -> usize {
        self.values
            .iter()
            .filter(|v| v.load(Ordering::Relaxed) != UNKNOWN)
            .count()
    }

    /// The future margin of `board` for its side to move (see the module doc), if the table
    /// covers it (same pit count, at most [`max_seeds`](Self::max_seeds) seeds in the pits).
    #[inline]
    pub fn value(&self, board: &Board) -> Option<i32> {
        let seeds = board.seeds_in_pits();
        if seeds > self.max_seeds() || board.pits() != self.pits {
            return None;
        }
        Some(self.solve(board, seeds))
    }

    /// The exact final store difference (mover's view) of a covered position.
    pub fn final_margin(&self, board: &Board) -> Option<i32> {
        self.value(board).map(|v| v + board.margin())
    }

    fn solve(&self, board: &Board, seeds: u32) -> i32 {
        if seeds == 0 {
            return 0;
        }
        let index = self.ranker.rank(board.pit_cells(), seeds) as usize;
        let known = self.values[index].load(Ordering::Relaxed);
        if known != UNKNOWN {
            return known as i32 - OFFSET;
        }
        let mut best = i32::MIN;
        for k in 1..=self.pits {
            if board.own_pit(k) == 0 {
                continue;
            }
            let mut child = *board;
            let (sown, gain) = child.sow_gain(k, self.empty_capture);
            let value = if sown.over {
                gain
            } else {
                let rest = self.solve(&child, child.seeds_in_pits());
                if sown.extra_turn {
                    gain + rest
                } else {
                    gain - rest
                }
            };
            best = best.max(value);
        }
        self.values[index].store((best + OFFSET) as u8, Ordering::Relaxed);
        best
    }
}

/// Seeds covered by the tables the evaluators share (lowered for wide boards by the entry
/// cap). More seeds played better against `alphabeta(depth=10)` at 100 ms a move in one long
/// match process (16 seeds: 92.7% against 90.7% over 600 games), but the lazy filling then
/// runs inside the first moves of a fresh process: a 100 ms move took 0.9-1.5 s with 16 seeds
/// and 0.1-0.2 s more with 14 (docs/benchmarks/kalah.md, section 9).
pub const SHARED_TABLE_SEEDS: u32 = 12;
/// Most entries (bytes) of a shared table.
pub const SHARED_TABLE_ENTRIES: u64 = 1 << 24;

/// The endgame table of `pits` pits and a capture rule shared by every evaluator of the
/// process (built on first use, filled lazily), so agents, games and threads pool what they
/// have solved.
pub fn shared_table(pits: usize, empty_capture: bool) -> Arc<EndgameTable> {
    type Tables = Mutex<HashMap<(usize, bool), Arc<EndgameTable>>>;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let tables = TABLES.get_or_init(|| Mutex::new(HashMap::new()));
    // A poisoned lock only means another thread panicked while inserting: the map is fine.
    let mut map = tables.lock().unwrap_or_else(|e| e.into_inner());
    map.entry((pits, empty_capture))
        .or_insert_with(|| {
            Arc::new(EndgameTable::new(
                pits,
                empty_capture,
                SHARED_TABLE_SEEDS,
                SHARED_TABLE_ENTRIES,
            ))
        })
        .clone()
}
