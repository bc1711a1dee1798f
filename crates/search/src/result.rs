//! What a search returns.

use poda_core::{Score, SearchInfo};
use std::time::Duration;

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The chosen move; `None` only when the root position is over.
    pub best: Option<M>,
    /// Score of the root for its side to move.
    pub score: Score,
    /// Depth of the last completed iteration (the fixed depth for non-iterative searches).
    pub depth: u32,
    pub nodes: u64,
    /// Principal variation, starting with `best` (may be just `best`).
    pub pv: Vec<M>,
    pub time: Duration,
}

impl<M: Clone> SearchResult<M> {
    /// The same facts as the `SearchInfo` agents report.
    pub fn info(&self) -> SearchInfo<M> {
        SearchInfo {
            depth: self.depth,
            score: self.score,
            nodes: self.nodes,
            time: self.time,
            pv: self.pv.clone(),
        }
    }
}
