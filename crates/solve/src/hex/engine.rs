//! The solver's connection builder: FastVC search ([`super::fastvc`], the default) or
//! H-search ([`super::hsearch`]), each on the smallest set type that holds the board.

use super::bits::Bits;
use super::fastvc::FastVc;
use super::hsearch::{HSearch, Lists, LongHSearch};
use super::points::{EdgeVcs, VcEnd};

/// A connection builder on the smallest set type that holds the board: 64-bit sets up to
/// 8x8 (half the memory traffic of 128-bit ones in the engine's lists), 128-bit ones up to
/// 11x11. Cells come and go as `u128`.
pub enum Engine {
    /// H-search ([`super::hsearch`]).
    Narrow(LongHSearch<u64>),
    Wide(LongHSearch<u128>),
    /// FastVC search ([`super::fastvc`]).
    FastNarrow(FastVc<u64>),
    FastWide(FastVc<u128>),
}

impl Engine {
    pub fn new(size: usize) -> Engine {
        if size * size <= u64::CAPACITY {
            Engine::Narrow(HSearch::new(size))
        } else {
            Engine::Wide(HSearch::new(size))
        }
    }

    /// FastVC search on the smallest set type that holds the board.
    pub fn fast(size: usize) -> Engine {
        if size * size <= u64::CAPACITY {
            Engine::FastNarrow(FastVc::new(size))
        } else {
            Engine::FastWide(FastVc::new(size))
        }
    }

    /// Whether this is FastVC search.
    pub fn is_fast(&self) -> bool {
        matches!(self, Engine::FastNarrow(_) | Engine::FastWide(_))
    }

    /// Sets [`HSearch::empty_pair_max`] for the builds to come.
    pub fn set_empty_pair_max(&mut self, max: u32) {
        match self {
            Engine::Narrow(hs) => hs.empty_pair_max = max,
            Engine::Wide(hs) => hs.empty_pair_max = max,
            Engine::FastNarrow(vc) => vc.empty_pair_max = max,
            Engine::FastWide(vc) => vc.empty_pair_max = max,
        }
    }

    /// [`HSearch::set_lists`] for the builds to come.
    pub fn set_lists(&mut self, lists: Lists) {
        match self {
            Engine::Narrow(hs) => hs.set_lists(lists),
            Engine::Wide(hs) => hs.set_lists(lists),
            Engine::FastNarrow(_) | Engine::FastWide(_) => {}
        }
    }

    /// [`HSearch::stone_fulls`] of the last build.
    pub fn stone_fulls(&self, out: &mut Vec<(VcEnd, VcEnd, u128)>) {
        match self {
            Engine::Narrow(hs) => hs.stone_fulls(out),
            Engine::Wide(hs) => hs.stone_fulls(out),
            Engine::FastNarrow(vc) => vc.stone_fulls(out),
            Engine::FastWide(vc) => vc.stone_fulls(out),
        }
    }

    /// [`HSearch::fulls`] of the last build.
    pub fn fulls(&self, out: &mut Vec<(VcEnd, VcEnd, u32)>) {
        match self {
            Engine::Narrow(hs) => hs.fulls(out),
            Engine::Wide(hs) => hs.fulls(out),
            Engine::FastNarrow(vc) => vc.fulls(out),
            Engine::FastWide(vc) => vc.fulls(out),
        }
    }

    /// A build (H-search's or FastVC's) with or without the edge templates.
    pub fn build(
        &mut self,
        own: u128,
        opp: u128,
        e1: u128,
        e2: u128,
        templates: bool,
    ) -> EdgeVcs<u128> {
        // Up to 64 cells the narrow sets lose nothing.
        let n = |s: u128| s as u64;
        match self {
            Engine::Narrow(hs) => {
                hs.templates = templates;
                hs.build(n(own), n(opp), n(e1), n(e2)).map(u128::from)
            }
            Engine::Wide(hs) => {
                hs.templates = templates;
                hs.build(own, opp, e1, e2)
            }
            Engine::FastNarrow(vc) => {
                vc.templates = templates;
                vc.build(n(own), n(opp), n(e1), n(e2)).map(u128::from)
            }
            Engine::FastWide(vc) => {
                vc.templates = templates;
                vc.build(own, opp, e1, e2)
            }
        }
    }
}
