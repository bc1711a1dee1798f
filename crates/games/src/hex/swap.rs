//! The swap rule and the conventions of other programs (see `shared/rules/hex.md`).
//!
//! **poda's `swap`** follows OpenSpiel and HexGui: Black's lone opening stone at (x, y) is
//! replaced by a *White* stone at (y, x), and Black moves next. Black stays the first player
//! and White the second for the whole game, so outcomes and evaluators never need to know
//! that a swap happened. This is the same game as "the second player takes over the first
//! stone": the transpose (x, y) -> (y, x) with colours exchanged maps every position to an
//! equivalent one (each player's goal is transposed onto the other's).
//!
//! The other conventions, and how to talk to them:
//! - **OpenSpiel** (`swap=true`): the same semantics; the swap is action id `N*N`. Use
//!   [`action_id`] and [`from_action_id`].
//! - **HexGui**: it mirrors and recolours the stone itself and re-sends the position with
//!   `clear_board` and `play w <(y,x)>`; the engine never sees a swap. Rebuild the position
//!   with [`Hex::place`], which gives the same stones, side to move and hash as poda's
//!   `swap` (only the ply counter differs).
//! - **MoHex/benzene** (`swap-pieces`): the board does not change and the *players* exchange
//!   colours; White moves next. Relative to poda's position every later stone is transposed
//!   and recoloured. [`ColourFrame`] does that mapping: start with
//!   [`ColourFrame::IDENTITY`], call [`ColourFrame::after_benzene_swap`] when the program
//!   swaps, and map every incoming `(colour, cell)` with [`ColourFrame::to_poda`] and every
//!   outgoing one with [`ColourFrame::from_poda`].

use super::notation::HexMove;
use super::position::Hex;
use poda_core::Player;

/// OpenSpiel's action id of a move: `y * N + x` for a cell, `N * N` for the swap.
pub fn action_id(game: &Hex, mv: HexMove) -> u32 {
    match mv {
        HexMove::Cell(i) => i as u32,
        HexMove::Swap => game.cells() as u32,
    }
}

/// The move of an OpenSpiel action id, if it is one on this board.
pub fn from_action_id(game: &Hex, id: u32) -> Option<HexMove> {
    let cells = game.cells() as u32;
    if id < cells {
        Some(HexMove::Cell(id as u16))
    } else if id == cells {
        Some(HexMove::Swap)
    } else {
        None
    }
}

/// The transposed cell `(x, y) -> (y, x)`.
pub fn transpose(x: u32, y: u32) -> (u32, u32) {
    (y, x)
}

/// How an outside program's colours and cells relate to poda's (identity until a
/// benzene-style swap, then transposed with colours exchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColourFrame {
    pub flipped: bool,
}

impl ColourFrame {
    /// No swap happened (or the program uses poda's convention).
    pub const IDENTITY: ColourFrame = ColourFrame { flipped: false };

    /// The frame after the program played benzene's `swap-pieces`; poda plays its own `swap`
    /// on its position at the same moment.
    pub fn after_benzene_swap(self) -> ColourFrame {
        ColourFrame {
            flipped: !self.flipped,
        }
    }

    /// The program's `(colour, x, y)` in poda's position.
    pub fn to_poda(self, colour: Player, x: u32, y: u32) -> (Player, u32, u32) {
        if self.flipped {
            let (tx, ty) = transpose(x, y);
            (colour.opponent(), tx, ty)
        } else {
            (colour, x, y)
        }
    }

    /// poda's `(colour, x, y)` in the program's view (the map is its own inverse).
    pub fn from_poda(self, colour: Player, x: u32, y: u32) -> (Player, u32, u32) {
        self.to_poda(colour, x, y)
    }

    /// The colour that poda's `player` has in the program's view.
    pub fn colour_of(self, player: Player) -> Player {
        if self.flipped {
            player.opponent()
        } else {
            player
        }
    }
}
