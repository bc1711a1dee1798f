//! The agents this crate adds to each concrete game (solver-backed ones live here because the
//! games crate cannot depend on the solvers).

use crate::factory::ArenaGame;
use poda_core::{Catalog, Spec};
use poda_games::connect4::Connect4;
use poda_games::desconecta::{DesConecta, DEFAULT_MAX_PLIES};
use poda_games::misere::Misere;

impl ArenaGame for Connect4 {}

/// The strongest DesConecta-4 BOOM player is the engine with the default evaluation `squeeze`
/// (measured against the ninjas and the seed players in `notes/desconecta-benchmarks.md`).
impl ArenaGame for DesConecta {
    fn best_agent(&self, movetime: &str) -> Spec {
        Spec::parse(&format!("engine(movetime={movetime},eval=squeeze)")).expect("a valid spec")
    }

    fn default_max_plies(&self) -> Option<u32> {
        Some(DEFAULT_MAX_PLIES)
    }
}

/// A misère game plays with the generic agents and the inner game's evaluators negated.
impl<G: Catalog> ArenaGame for Misere<G> {}
