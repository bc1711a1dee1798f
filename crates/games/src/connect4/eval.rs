//! The named evaluators of Connect 4 (the [`Catalog`]) and the move-ordering hint they share.
//! The seed evaluations are served by their bitboard form (`eval_seed_fast`), which the tests
//! check against the plain form written as the report describes it (`eval_seed`).

use super::eval_seed_fast::{SeedFast, SeedKind};
use super::eval_threats::Threats;
use super::Connect4;
use poda_core::{Catalog, EvaluatorEntry};
use std::sync::Arc;

impl Catalog for Connect4 {
    fn evaluators() -> Vec<EvaluatorEntry<Connect4>> {
        vec![
            EvaluatorEntry {
                name: "threats",
                help: "default: open lines weighted by their stones, threats (extra when \
                       playable or on the owner's row parity, Allis' zugzwang rule), centre",
                build: |_| Arc::new(Threats),
            },
            EvaluatorEntry {
                name: "fill-empty",
                help: "seed report evaluar1 (alias seed1): open fours of each side, counted \
                       by filling the empty cells with that side's stones",
                build: |_| Arc::new(SeedFast::new("fill-empty", SeedKind::FillEmpty)),
            },
            EvaluatorEntry {
                name: "lines",
                help: "seed report evaluar2 (alias seed2): 100*threes + twos of own stones in \
                       a row, minus the opponent's",
                build: |_| Arc::new(SeedFast::new("lines", SeedKind::Lines)),
            },
            EvaluatorEntry {
                name: "open-lines",
                help: "seed report evaluar3 (alias seed3): as lines, counting only lines that \
                       can still become a four",
                build: |_| Arc::new(SeedFast::new("open-lines", SeedKind::OpenLines)),
            },
            EvaluatorEntry {
                name: "seed1",
                help: "the seed report's evaluar1, same as fill-empty",
                build: |_| Arc::new(SeedFast::new("seed1", SeedKind::FillEmpty)),
            },
            EvaluatorEntry {
                name: "seed2",
                help: "the seed report's evaluar2, same as lines",
                build: |_| Arc::new(SeedFast::new("seed2", SeedKind::Lines)),
            },
            EvaluatorEntry {
                name: "seed3",
                help: "the seed report's evaluar3, same as open-lines",
                build: |_| Arc::new(SeedFast::new("seed3", SeedKind::OpenLines)),
            },
        ]
    }
}

/// Centre-first move ordering: the centre column gets the largest hint, the edges the
/// smallest (`-|2*col - (width-1)|`).
#[inline]
pub fn centre_hint(state: &Connect4, col: u8) -> i32 {
    -(2 * col as i32 - (state.width() as i32 - 1)).abs()
}
