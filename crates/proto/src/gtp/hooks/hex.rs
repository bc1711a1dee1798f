//! Hex's protocol hooks: HTP as HexGui and benzene speak it, and OpenSpiel's `hex`.
//!
//! - Colours `b`/`black` (the first player) and `w`/`white`; cells `a1`..; `boardsize N` or
//!   `boardsize N N` (square boards only); `play` for either colour (HexGui sets positions up
//!   stone by stone), through [`Hex::place`].
//! - The swap in poda's notation is benzene's `swap-pieces` (read and written in HTP):
//!   benzene's convention keeps the stone and exchanges the players' colours, poda's (and
//!   OpenSpiel's) replaces it by the mirrored stone of the other colour. After a swap played
//!   in HTP, every colour and cell is translated through the colour frame of
//!   `shared/rules/hex.md` (transpose the cell, exchange the colours), so the program on the
//!   other side sees benzene's convention and poda keeps its own. HexGui's own way (it
//!   re-sends the mirrored, recoloured stone with `clear_board` and `play`) needs nothing:
//!   the stone is placed out of turn and no swap is ever played.
//! - OpenSpiel: `hex(board_size=N)` (OpenSpiel 1.6 has no swap); action id `y*N + x`, action
//!   string the cell's name.

use super::{Dialect, ProtocolGame, ProtocolHooks};
use poda_core::{Game, MoveParseError, Outcome, Player};
use poda_games::hex::notation::{format_cell, is_swap_text, parse_cell, SWAP_PIECES_TEXT};
use poda_games::hex::swap::{action_id, ColourFrame};
use poda_games::hex::{Hex, HexMove};

/// See the module doc.
#[derive(Clone, Copy, Debug, Default)]
pub struct HexHooks;

impl ProtocolGame for Hex {
    fn protocol() -> &'static dyn ProtocolHooks<Self> {
        &HexHooks
    }
}

/// The frame of the program on the other side: flipped after a swap played in HTP (a swap
/// is the one ply that adds no stone).
fn frame(game: &Hex, dialect: Dialect) -> ColourFrame {
    let stones = game.stones(Player::First).len() + game.stones(Player::Second).len();
    if dialect == Dialect::Native && game.ply() == stones + 1 {
        ColourFrame::IDENTITY.after_benzene_swap()
    } else {
        ColourFrame::IDENTITY
    }
}

impl ProtocolHooks<Hex> for HexHooks {
    fn parse_colour(&self, game: &Hex, dialect: Dialect, text: &str) -> Option<Player> {
        let colour = match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Player::First,
            "w" | "white" => Player::Second,
            _ => return None,
        };
        // The program's colour in poda's position.
        Some(frame(game, dialect).colour_of(colour))
    }

    fn colour_name(&self, game: &Hex, dialect: Dialect, player: Player) -> String {
        match frame(game, dialect).colour_of(player) {
            Player::First => "b".into(),
            Player::Second => "w".into(),
        }
    }

    fn openspiel_game(&self, game: &Hex) -> Option<String> {
        (!game.swap_rule()).then(|| format!("hex(board_size={})", game.size()))
    }

    fn openspiel_action(&self, game: &Hex, mv: HexMove) -> Option<i64> {
        Some(action_id(game, mv) as i64)
    }

    fn openspiel_action_string(&self, game: &Hex, _player: Player, mv: HexMove) -> Option<String> {
        Some(game.format_move(mv))
    }

    fn read_move(
        &self,
        game: &Hex,
        dialect: Dialect,
        player: Player,
        text: &str,
    ) -> Result<HexMove, MoveParseError> {
        if dialect == Dialect::OpenSpiel {
            return super::read_openspiel_move(self, game, player, text);
        }
        if is_swap_text(text) {
            return Ok(HexMove::Swap);
        }
        let (x, y) = parse_cell(text, game.size())?;
        let (_, px, py) = frame(game, dialect).to_poda(player, x, y);
        game.cell_move(px, py)
            .ok_or_else(|| MoveParseError::new(text, "off the board"))
    }

    fn write_move(&self, game: &Hex, dialect: Dialect, player: Player, mv: HexMove) -> String {
        match (dialect, game.coords(mv)) {
            (Dialect::OpenSpiel, _) => game.format_move(mv),
            (Dialect::Native, None) => SWAP_PIECES_TEXT.to_string(),
            (Dialect::Native, Some((x, y))) => {
                let (_, tx, ty) = frame(game, dialect).from_poda(player, x, y);
                format_cell(tx, ty)
            }
        }
    }

    /// HTP's square form, `boardsize N N` (benzene and HexGui both read it).
    fn boardsize_command(&self, game: &Hex) -> Option<String> {
        Some(format!("boardsize {0} {0}", game.size()))
    }

    fn boardsize(&self, game: &Hex, dims: &[u32]) -> Result<Hex, String> {
        let size = match *dims {
            [n] => n,
            [w, h] if w == h => w,
            _ => return Err("Hex boards are square: boardsize N or boardsize N N".into()),
        };
        Hex::with_size(size, game.swap_rule()).map_err(|e| e.to_string())
    }

    fn place_out_of_turn(&self, game: &mut Hex, player: Player, mv: HexMove) -> Result<(), String> {
        let (x, y) = game
            .coords(mv)
            .ok_or_else(|| "a swap cannot be played out of turn".to_string())?;
        game.place(x, y, player).map_err(|e| e.to_string())
    }

    fn final_score(&self, game: &Hex, dialect: Dialect) -> Option<String> {
        match game.outcome() {
            Outcome::Win(p) => Some(match frame(game, dialect).colour_of(p) {
                Player::First => "B+".into(),
                Player::Second => "W+".into(),
            }),
            _ => None,
        }
    }
}
