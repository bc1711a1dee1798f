//! The agents this crate adds to each concrete game (solver-backed ones live here because the
//! games crate cannot depend on the solvers).

use crate::factory::ArenaGame;
use crate::kalah_hybrid::Hybrid;
use crate::ugr_bot::UgrBot;
use poda_core::{AgentEntry, AgentRecipe, Spec};
use poda_games::connect4::Connect4;
use poda_games::kalah::Kalah;

impl ArenaGame for Connect4 {}

impl ArenaGame for Kalah {
    fn extra_agents() -> Vec<AgentEntry<Kalah>> {
        vec![
            AgentEntry {
                name: "hybrid",
                help: "hybrid(movetime=1s,eval=positional,solve=30,tt=64): the engine, then the \
                       exact solver once at most `solve` seeds are left in the pits",
                build: |g, spec| Ok(AgentRecipe::Agent(Box::new(Hybrid::from_spec(g, spec)?))),
            },
            AgentEntry {
                name: "ugr-bot",
                help:
                    "ugr-bot(cmd=\"./MyBot\",timeout=2s,startup=10s,stderr=tail|show): a bot built \
                   with the course's kit, run as a child process (crash, timeout or bad move: \
                   the game is lost)",
                build: |_, spec| Ok(AgentRecipe::Agent(Box::new(UgrBot::from_spec(spec)?))),
            },
        ]
    }

    /// The engine with the default evaluator (exact in the endgame); see
    /// notes/kalah-benchmarks.md for the measurements behind the choice.
    fn best_agent(&self, movetime: &str) -> Spec {
        Spec::parse(&format!("engine(movetime={movetime},eval=positional)")).expect("a valid spec")
    }
}
