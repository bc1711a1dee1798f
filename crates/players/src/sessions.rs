//! The agent factory as the engine protocol's server sees it: `poda engine`, `poda htp` and
//! their tests open sessions through [`PlayerSessions`].

use crate::factory::{build_agent, PlayerGame};
use poda_core::Agent;
use poda_games::{with_game, AnyGame};
use poda_proto::gtp::session::{GameSession, Session, SessionFactory};
use poda_proto::Dialect;

/// Opens engine-protocol sessions whose agents come from [`build_agent`].
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayerSessions;

fn build<G: PlayerGame>(game: &G, spec: &str) -> Result<Box<dyn Agent<G>>, String> {
    build_agent(game, spec).map_err(|e| e.to_string())
}

impl SessionFactory for PlayerSessions {
    fn open(
        &self,
        game: AnyGame,
        dialect: Dialect,
        agent: &str,
        seed: u64,
    ) -> Result<Box<dyn Session>, String> {
        with_game!(game, start => {
            GameSession::new(start, dialect, agent, seed, build)
                .map(|s| Box::new(s) as Box<dyn Session>)
        })
    }
}
