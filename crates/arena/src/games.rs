//! The agents this crate adds to each concrete game (solver-backed ones live here because the
//! games crate cannot depend on the solvers).

use crate::factory::ArenaGame;
use poda_core::Spec;
use poda_games::connect4::Connect4;
use poda_games::kalah::Kalah;

impl ArenaGame for Connect4 {}

impl ArenaGame for Kalah {
    /// The engine with the default evaluator (exact in the endgame); see
    /// notes/kalah-benchmarks.md for the measurements behind the choice.
    fn best_agent(&self, movetime: &str) -> Spec {
        Spec::parse(&format!("engine(movetime={movetime},eval=positional)")).expect("a valid spec")
    }
}
