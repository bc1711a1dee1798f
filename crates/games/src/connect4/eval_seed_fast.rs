//! The seed report's three evaluations again, computed on bitboards.
//!
//! Same values as the plain versions in `eval_seed` (the report's algorithm as written, kept
//! as the documented reference and checked against this one on thousands of random
//! positions by the tests), at a fraction of the cost, so that search benchmarks measure
//! search and not a slow heuristic. This is what the catalog names `fill-empty`, `lines`,
//! `open-lines` (and `seed1`..`seed3`) use.
//!
//! With `d` the shift of a direction (see [`bits::directions`]): `own & own>>d` marks the
//! first cell of every pair in that direction, `& own>>2d` every triple; a window of four
//! free cells (no opponent stone) starts where `free & free>>d & free>>2d & free>>3d`. A run
//! is "open" (evaluar3) if a free window covers it. For the up-left diagonal, whose shift
//! runs toward the bottom-right, the report starts its fours at the other end, hence the
//! `start` shift for fill-empty.

use super::bits;
use super::eval::centre_hint;
use super::eval_seed::{SEED_THREE_WEIGHT, SEED_WIN};
use super::Connect4;
use poda_core::{Evaluator, Game, Outcome, Player};

/// Which of the three seed evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedKind {
    /// evaluar1: open fours started by a real piece, on the board filled with own pieces.
    FillEmpty,
    /// evaluar2: 100 * threes + twos.
    Lines,
    /// evaluar3: as evaluar2, counting only runs a free window of four still covers.
    OpenLines,
}

/// A seed evaluation on bitboards, under the name that selected it.
#[derive(Clone, Debug)]
pub struct SeedFast {
    name: &'static str,
    kind: SeedKind,
}

impl SeedFast {
    pub fn new(name: &'static str, kind: SeedKind) -> SeedFast {
        SeedFast { name, kind }
    }

    /// The count of one side (before subtracting the opponent's).
    #[inline]
    fn side(&self, game: &Connect4, who: Player) -> i64 {
        let h = game.height();
        let own = game.stones(who);
        let free = game.board_mask() & !game.stones(who.opponent());
        let mut total = 0i64;
        for d in bits::directions(h) {
            let windows = free & (free >> d) & (free >> (2 * d)) & (free >> (3 * d));
            let run2 = own & (own >> d);
            let run3 = run2 & (own >> (2 * d));
            total += match self.kind {
                SeedKind::FillEmpty => {
                    let start = if d == h { own >> (3 * d) } else { own };
                    (windows & start).count_ones() as i64
                }
                SeedKind::Lines => {
                    SEED_THREE_WEIGHT * run3.count_ones() as i64 + run2.count_ones() as i64
                }
                SeedKind::OpenLines => {
                    let covers_pair = windows | (windows << d) | (windows << (2 * d));
                    let covers_triple = windows | (windows << d);
                    SEED_THREE_WEIGHT * (run3 & covers_triple).count_ones() as i64
                        + (run2 & covers_pair).count_ones() as i64
                }
            };
        }
        total
    }
}

impl Evaluator<Connect4> for SeedFast {
    fn name(&self) -> &str {
        self.name
    }

    fn evaluate(&self, state: &Connect4, player: Player) -> i64 {
        match state.outcome() {
            Outcome::Win(w) if w == player => SEED_WIN,
            Outcome::Win(_) => -SEED_WIN,
            _ => self.side(state, player) - self.side(state, player.opponent()),
        }
    }

    fn move_hint(&self, state: &Connect4, mv: u8) -> i32 {
        centre_hint(state, mv)
    }
}
