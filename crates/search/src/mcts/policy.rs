//! What a game may plug into MCTS: the moves a new node tries and the playout.
//!
//! The default, [`RandomPlayout`], tries every legal move and plays uniformly random moves
//! through [`Game`]. A game with a faster way to finish a random game (Hex fills the board
//! at random and looks for the winner once, which gives the same winner distribution as
//! stopping at the first chain) or with provably inferior moves to leave out of the tree
//! implements [`MctsPolicy`] itself.

use poda_core::{Game, Outcome, Player, Rng};

/// Plies after which a playout of a game without a length bound is scored a draw.
pub const PLAYOUT_CAP: u32 = 1000;

/// How MCTS grows its tree and finishes simulations.
pub trait MctsPolicy<G: Game>: Send + Sync {
    /// The moves a new tree node tries. Must be non-empty when the game is not over. The
    /// default is every legal move.
    fn tree_moves(&self, state: &G, moves: &mut Vec<G::Move>) {
        state.legal_moves(moves);
    }

    /// Plays `state` to the end and returns the outcome. When `trace` is given, every move
    /// played is pushed with its mover (RAVE needs them).
    fn playout(
        &self,
        state: &mut G,
        rng: &mut Rng,
        trace: Option<&mut Vec<(Player, G::Move)>>,
    ) -> Outcome;
}

/// Uniformly random legal moves to the end (or to [`PLAYOUT_CAP`] plies: a draw).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayout;

impl<G: Game> MctsPolicy<G> for RandomPlayout {
    fn playout(
        &self,
        state: &mut G,
        rng: &mut Rng,
        mut trace: Option<&mut Vec<(Player, G::Move)>>,
    ) -> Outcome {
        let mut moves = Vec::new();
        let mut plies = 0;
        loop {
            let outcome = state.outcome();
            if outcome.is_over() {
                return outcome;
            }
            if state.max_plies().is_none() && plies >= PLAYOUT_CAP {
                return Outcome::Draw;
            }
            state.legal_moves(&mut moves);
            let mv = moves[rng.index(moves.len())];
            if let Some(t) = trace.as_deref_mut() {
                t.push((state.to_move(), mv));
            }
            state.play_unchecked(mv);
            plies += 1;
        }
    }
}
