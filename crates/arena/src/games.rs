//! The agents this crate adds to each concrete game (solver-backed ones live here because the
//! games crate cannot depend on the solvers).

use crate::factory::ArenaGame;
use crate::perfect::PerfectAgent;
use poda_core::{AgentEntry, AgentRecipe};
use poda_games::connect4::Connect4;

impl ArenaGame for Connect4 {
    fn extra_agents() -> Vec<AgentEntry<Self>> {
        vec![AgentEntry {
            name: "perfect",
            help: "perfect(random=false,tt=64): the exact solver's best move (7x6 only)",
            build: |game, spec| {
                Ok(AgentRecipe::Agent(Box::new(PerfectAgent::from_spec(
                    game, spec,
                )?)))
            },
        }]
    }
}
