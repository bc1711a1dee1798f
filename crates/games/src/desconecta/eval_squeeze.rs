//! `squeeze`, poda's own DesConecta-4 BOOM evaluation (the default).
//!
//! Three parts, in the units of the second seed report's heuristic:
//! - Structure (zero-sum): the `seed-cells` count ([`SeedCells`]): a piece at the end of a
//!   three of its colour costs its owner [`CELLS_THREE`], else a piece with a neighbour of its
//!   colour costs [`CELLS_TWO`]. Pieces that touch pieces of their colour make lines, and lines
//!   make the cells their owner must never fill.
//! - Tactics of the side to move (zero-sum): if its BOOM wins at once it is as good as won
//!   ([`WIN_NOW`]); if every action loses at once (each PUT completes its four, and it has no
//!   bomb or its BOOM loses too) it is as good as lost ([`LOST_NOW`]). These are one ply
//!   beyond the horizon, where a fixed-depth search is blind.
//! - Poison cells within reach (zero-sum): a playable cell (the lowest empty cell of a column)
//!   where a player's piece would complete that player's own four is a move it can never
//!   make; each such cell costs its owner [`PLAYABLE_POISON`]. Running out of safe moves is
//!   how this misère game is lost. Measured at 200 ms per move against ninja 3: without
//!   this term the engine won 11, drew 1 and lost 8 of 20 games; with it 80 wins, 14 draws
//!   (ply cap) and 8 losses of 102 (`docs/benchmarks/desconecta.md`).
//! - Squeeze (NOT zero-sum): each piece of the asking player's opponent on the board is worth
//!   [`SQUEEZE`] to the asking player; its own pieces count nothing. Search asks the root
//!   player's view (see `poda_core::Evaluator`), so the engine steers towards positions where
//!   the opponent's pieces pile up (its BOOMs clear little, its safe cells run out) and
//!   models the opponent as trying to clear them. Between good players the game otherwise
//!   settles into both sides exploding a bomb every five rounds on a nearly empty board, a
//!   draw in practice; a zero-sum piece count (own pieces a cost) made that worse, rewarding
//!   only the opponent's pieces made the games decisive. The measurements behind these
//!   choices are in `docs/benchmarks/desconecta.md`.
//!
//! Move-ordering hint: a BOOM first (it is often the critical move), a PUT that completes the
//! mover's own four last (it loses at once).

use super::eval_course::{SeedCells, CELLS_THREE, CELLS_TWO};
use super::position::{column_mask, four_cells, Action, DesConecta};
use poda_core::{Evaluator, Game, Outcome, Player};

/// Value of a finished game (search handles those; kept for completeness).
pub const SQUEEZE_WIN: i64 = 1_000_000;
/// The side to move can win at once with its BOOM.
pub const WIN_NOW: i64 = 3_000;
/// The side to move has only losing actions.
pub const LOST_NOW: i64 = 3_000;
/// Value, to the asking player, of each of its opponent's pieces on the board.
pub const SQUEEZE: i64 = 10;
/// Cost to a player of each playable cell where its own piece would complete its four.
pub const PLAYABLE_POISON: i64 = 40;
/// Move-ordering hints.
pub const HINT_BOOM: i32 = 100;
pub const HINT_SUICIDE: i32 = -10_000;

/// The `squeeze` evaluator (stateless).
#[derive(Clone, Copy, Debug, Default)]
pub struct Squeeze;

impl Squeeze {
    /// The structure part for `player` (zero-sum).
    fn structure(state: &DesConecta, player: Player) -> i64 {
        let (own3, own2) = SeedCells::counts(state.pieces(player));
        let (opp3, opp2) = SeedCells::counts(state.pieces(player.opponent()));
        CELLS_THREE * (opp3 - own3) + CELLS_TWO * (opp2 - own2)
    }

    /// The playable poison cells (zero-sum): `PLAYABLE_POISON` per playable cell of the
    /// opponent's that would complete its four, minus the same for `player`.
    fn poison(state: &DesConecta, player: Player) -> i64 {
        let empty = state.empty();
        let open = state.possible();
        let cells = |p: Player| (four_cells(state.pieces(p), empty) & open).count_ones() as i64;
        PLAYABLE_POISON * (cells(player.opponent()) - cells(player))
    }

    /// The tactics of the side to move, from its view (zero-sum).
    fn tactics(state: &DesConecta) -> i64 {
        let mover = state.side_to_move();
        let boom = state.boom_outcome(mover);
        if boom == Some(Outcome::Win(mover)) {
            return WIN_NOW;
        }
        let poison = four_cells(state.pieces(mover), state.empty());
        let safe_puts = state.possible() & !poison;
        let boom_loses = match boom {
            None => true,
            Some(Outcome::Win(winner)) => winner != mover,
            Some(_) => false,
        };
        if safe_puts == 0 && boom_loses {
            -LOST_NOW
        } else {
            0
        }
    }
}

impl Evaluator<DesConecta> for Squeeze {
    fn name(&self) -> &str {
        "squeeze"
    }

    fn evaluate(&self, state: &DesConecta, player: Player) -> i64 {
        match state.outcome() {
            Outcome::Win(w) if w == player => return SQUEEZE_WIN,
            Outcome::Win(_) => return -SQUEEZE_WIN,
            Outcome::Draw => return 0,
            Outcome::Ongoing => {}
        }
        let tactics = Self::tactics(state);
        let tactics = if player == state.side_to_move() {
            tactics
        } else {
            -tactics
        };
        let squeeze = SQUEEZE * state.pieces(player.opponent()).count_ones() as i64;
        Self::structure(state, player) + Self::poison(state, player) + tactics + squeeze
    }

    fn move_hint(&self, state: &DesConecta, mv: Action) -> i32 {
        match mv {
            Action::Boom => HINT_BOOM,
            Action::Put(col) => {
                let cell = state.possible() & column_mask(col as u32);
                let mover = state.side_to_move();
                if four_cells(state.pieces(mover), state.empty()) & cell != 0 {
                    HINT_SUICIDE
                } else {
                    0
                }
            }
        }
    }
}
