//! The named evaluators of Hex (the [`Catalog`]) and the move-ordering hint they share.

use super::eval_distance::{ShortestPath, TwoDistance};
use super::eval_resistance::Resistance;
use super::{Hex, HexMove};
use poda_core::{Catalog, EvaluatorEntry};
use std::sync::Arc;

impl Catalog for Hex {
    fn evaluators() -> Vec<EvaluatorEntry<Hex>> {
        vec![
            EvaluatorEntry {
                name: "two-distance",
                help: "default: Queenbee's two-distance: second-best neighbour distance + 1, potential \
                       (distance to both edges) and mobility",
                build: |_| Arc::new(TwoDistance),
            },
            EvaluatorEntry {
                name: "resistance",
                help: "electrical resistance between each player's edges (Hexy), \
                       ln(R_opponent / R_own), solved by conjugate gradients",
                build: |_| Arc::new(Resistance),
            },
            EvaluatorEntry {
                name: "shortest-path",
                help: "the seed report's heuristic: opponent's shortest path minus own (own \
                       stone 0, empty 1, opponent blocked; 0-1 BFS)",
                build: |_| Arc::new(ShortestPath),
            },
        ]
    }
}

/// Centre-first move ordering: minus the hex distance of the cell to the board's centre
/// (the swap gets the centre's value).
#[inline]
pub fn centre_hint(game: &Hex, mv: HexMove) -> i32 {
    let Some((x, y)) = game.coords(mv) else {
        return 0;
    };
    // Doubled coordinates relative to the centre, so odd and even sizes are exact.
    let c = game.size() as i32 - 1;
    let (dx, dy) = (2 * x as i32 - c, 2 * y as i32 - c);
    // Hex distance in axial coordinates: max(|dx|, |dy|, |dx + dy|).
    -(dx.abs().max(dy.abs()).max((dx + dy).abs()))
}
