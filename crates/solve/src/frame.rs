//! What the two Connect 4 solvers (normal play, [`crate::Solver`]; misère,
//! [`crate::MisereSolver`]) share around their different node functions: the search budget
//! (a deadline or a node limit), the table keys canonical under mirroring near the root, the
//! probe point of the binary search on the score (Pons, part 7) and the sorted move list.

use crate::position::{Position, WIDTH};
use std::time::Instant;

/// With a deadline set, the clock is read once every this many nodes (a power of two).
const DEADLINE_CHECK_NODES: u64 = 4096;
/// Positions with fewer plies than this are stored under their canonical (mirror-min) key.
/// (Mirror images meet mostly near the root; deeper, the mirror key costs more than it
/// finds.)
const SYMMETRY_PLIES: i32 = 12;

/// The node counter and when a search gives up. After a search gave up, `aborted` is true
/// and its answer means nothing; the table only ever receives results of sub-searches that
/// finished, so it stays exact.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Budget {
    pub nodes: u64,
    /// A search running past this instant gives up...
    pub deadline: Option<Instant>,
    /// ... or past this many nodes.
    pub node_limit: Option<u64>,
    pub aborted: bool,
}

impl Budget {
    /// Sets the deadline and clears the aborted flag.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.aborted = false;
    }

    /// Sets the node limit and clears the aborted flag.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
        self.aborted = false;
    }

    /// True when the deadline has passed or the node limit is reached (both are checked
    /// every few thousand nodes).
    #[inline]
    pub fn out_of_time(&mut self) -> bool {
        if !self.aborted && self.nodes % DEADLINE_CHECK_NODES == 0 {
            if let Some(d) = self.deadline {
                self.aborted = Instant::now() >= d;
            }
            if let Some(limit) = self.node_limit {
                self.aborted |= self.nodes >= limit;
            }
        }
        self.aborted
    }
}

/// The table key of a position, and whether it is its mirror image's: canonical under
/// mirroring near the root.
#[inline]
pub(crate) fn table_key(p: &Position) -> (u64, bool) {
    let key = p.key();
    if p.moves() < SYMMETRY_PLIES {
        let m = p.mirror_key();
        if m < key {
            return (m, true);
        }
    }
    (key, false)
}

/// Where to test next when the score lies in `[min, max]` (`min < max`): half-way, leaning
/// toward the ends as in Pons' solver (windows far from the true score are refuted cheaply,
/// and most scores are small).
#[inline]
pub(crate) fn probe_point(min: i32, max: i32) -> i32 {
    let med = min + (max - min) / 2;
    if med <= 0 && min / 2 < med {
        min / 2
    } else if med >= 0 && max / 2 > med {
        max / 2
    } else {
        med
    }
}

/// Up to seven moves sorted by decreasing score, ties keeping insertion order.
pub(crate) struct MoveList {
    items: [(u64, u32); WIDTH],
    len: usize,
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            items: [(0, 0); WIDTH],
            len: 0,
        }
    }

    #[inline]
    pub fn push(&mut self, mv: u64, score: u32) {
        let mut i = self.len;
        while i > 0 && self.items[i - 1].1 < score {
            self.items[i] = self.items[i - 1];
            i -= 1;
        }
        self.items[i] = (mv, score);
        self.len += 1;
    }

    #[inline]
    pub fn as_slice(&self) -> &[(u64, u32)] {
        &self.items[..self.len]
    }
}
