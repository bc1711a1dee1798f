//! Values of terminal positions and of the search horizon, shared by every algorithm.

use poda_core::{evaluate_for, Evaluator, Game, Outcome, Player, Score};

/// The score of a finished game for `viewer`, the end being `ply` plies below the root.
#[inline]
pub fn terminal_score(outcome: Outcome, viewer: Player, ply: u32) -> Score {
    match outcome {
        Outcome::Win(p) if p == viewer => Score::win_in(ply),
        Outcome::Win(_) => Score::loss_in(ply),
        Outcome::Draw | Outcome::Ongoing => Score::DRAW,
    }
}

/// The heuristic value of a horizon position for `viewer`, asking the evaluator for the root
/// player's view and negating it when `viewer` is the other player (textbook minimax).
#[inline]
pub fn leaf_value<G: Game, E: Evaluator<G> + ?Sized>(
    eval: &E,
    state: &G,
    root: Player,
    viewer: Player,
) -> Score {
    let v = evaluate_for(eval, state, root);
    if viewer == root {
        v
    } else {
        -v
    }
}
