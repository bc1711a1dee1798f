//! Heuristic evaluation, kept apart from the rules.

use crate::{Game, Player};

/// A heuristic evaluation of non-terminal positions, plus optional move-ordering hints.
///
/// `evaluate(state, player)` is the value of `state` for `player` (larger is better for
/// `player`). Search code asks for the root player's view and negates it at the opponent's
/// nodes, exactly like a textbook minimax whose MAX player is the root player. For a zero-sum
/// heuristic (`evaluate(s, p) == -evaluate(s, p.opponent())`) that is the same as evaluating
/// for the side to move; for the course heuristics that are not zero-sum (DesConecta-4's
/// `ValoracionTest` counts only one side) it reproduces the course's players exactly.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The name that selects this evaluator in agent specs (`eval=NAME`).
    fn name(&self) -> &str;

    /// Value of a non-terminal position for `player`. Should stay well inside
    /// `±Score::MAX_HEURISTIC`; search clamps it.
    fn evaluate(&self, state: &G, player: Player) -> i64;

    /// A cheap hint for move ordering: larger means "try earlier". Only the order matters.
    fn move_hint(&self, _state: &G, _mv: G::Move) -> i32 {
        0
    }
}

/// `evaluator`'s value of `state` for `player`, clamped into the heuristic range.
pub fn evaluate_for<G: Game, E: Evaluator<G> + ?Sized>(
    evaluator: &E,
    state: &G,
    player: Player,
) -> crate::Score {
    crate::Score::heuristic(evaluator.evaluate(state, player))
}
