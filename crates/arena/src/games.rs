//! The agents this crate adds to each concrete game (solver-backed ones live here because the
//! games crate cannot depend on the solvers).

use crate::factory::ArenaGame;
use poda_games::connect4::Connect4;
use poda_games::hex::Hex;

impl ArenaGame for Connect4 {}

impl ArenaGame for Hex {}
