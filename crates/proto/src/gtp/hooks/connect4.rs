//! Connect 4's protocol hooks: `boardsize W H` (width and height), and OpenSpiel's
//! `connect_four` mapping (7x6 only): action id = 0-based column, action string = the mover's
//! mark and that id (`x3` for the first player's fourth column, `o3` for the second's), as
//! OpenSpiel's `connect_four.cc` writes them.

use super::{ProtocolGame, ProtocolHooks};
use poda_core::Player;
use poda_games::connect4::{Connect4, DEFAULT_HEIGHT, DEFAULT_WIDTH};

/// See the module doc.
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4Hooks;

impl ProtocolGame for Connect4 {
    fn protocol() -> &'static dyn ProtocolHooks<Self> {
        &Connect4Hooks
    }
}

impl ProtocolHooks<Connect4> for Connect4Hooks {
    fn openspiel_game(&self, game: &Connect4) -> Option<String> {
        (game.width() == DEFAULT_WIDTH && game.height() == DEFAULT_HEIGHT)
            .then(|| "connect_four".to_string())
    }

    fn openspiel_action(&self, _game: &Connect4, mv: u8) -> Option<i64> {
        Some(mv as i64)
    }

    fn openspiel_action_string(&self, _game: &Connect4, player: Player, mv: u8) -> Option<String> {
        let mark = match player {
            Player::First => 'x',
            Player::Second => 'o',
        };
        Some(format!("{mark}{mv}"))
    }

    fn boardsize_command(&self, game: &Connect4) -> Option<String> {
        Some(format!("boardsize {} {}", game.width(), game.height()))
    }

    fn boardsize(&self, _game: &Connect4, dims: &[u32]) -> Result<Connect4, String> {
        match *dims {
            [width, height] => Connect4::with_size(width, height).map_err(|e| e.to_string()),
            _ => Err("Connect 4 takes two numbers: boardsize WIDTH HEIGHT".into()),
        }
    }
}
