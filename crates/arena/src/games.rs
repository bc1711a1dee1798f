//! The agents this crate adds to each concrete game (solver-backed ones live here because the
//! games crate cannot depend on the solvers).

use crate::factory::ArenaGame;
use crate::protocol::connect4::Connect4Hooks;
use crate::protocol::ProtocolHooks;
use poda_games::connect4::Connect4;

impl ArenaGame for Connect4 {
    fn protocol() -> &'static dyn ProtocolHooks<Self> {
        &Connect4Hooks
    }
}
