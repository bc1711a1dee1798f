//! `perfect`: the Connect 4 player that never errs, backed by poda-solve.
//!
//! It plays the solver's choice: the best exact score (quickest win, slowest loss), then the
//! move that leaves the opponent the fewest replies that do not lose at once (the one a
//! person is most likely to get wrong), then the most central column — or, with
//! `random=true`, a seeded random one among those. Scores are reported in poda's
//! win/loss-in-N-plies form, converted from Pascal Pons' convention.

use crate::lazy::Lazy;
use poda_core::{Agent, AgentError, Choice, Game, Score, SearchInfo, Spec, SpecError, Turn};
use poda_games::connect4::Connect4;
use poda_solve::{Position, Solver, TieBreak};
use std::time::Instant;

/// Default table size of the perfect player's solver (MiB).
pub const PERFECT_TT_MIB: usize = 64;
/// Plies of a full 7x6 board.
const SIZE: i32 = 42;

/// Converts a score in Pons' convention for a position with `plies` stones into poda's
/// side-to-move score. A win with score `s` comes with the mover's `(22 - s)`-th stone, that
/// is `2 * ((22 - s) - plies / 2) - 1` plies from now; a loss with score `s < 0` comes with the
/// opponent's `(22 + s)`-th stone, `2 * ((22 + s) - (plies - plies / 2))` plies from now.
pub fn pons_to_score(pons: i32, plies: i32) -> Score {
    let half = (SIZE + 2) / 2;
    if pons > 0 {
        Score::win_in((2 * ((half - pons) - plies / 2) - 1) as u32)
    } else if pons < 0 {
        Score::loss_in((2 * ((half + pons) - (plies - plies / 2))) as u32)
    } else {
        Score::DRAW
    }
}

/// The perfect Connect 4 player.
pub struct PerfectAgent {
    name: String,
    solver: Lazy<Solver>,
    random: bool,
    tie: TieBreak,
}

impl PerfectAgent {
    /// Builds `perfect(random=false,tt=64)` for a game; only the 7x6 board is solved.
    pub fn from_spec(game: &Connect4, spec: &Spec) -> Result<PerfectAgent, SpecError> {
        spec.expect_keys(&["random", "tt"])?;
        if game.width() != 7 || game.height() != 6 {
            return Err(spec.bad_value(
                "game",
                &game.spec(),
                "the perfect player knows the 7x6 board only",
            ));
        }
        let random = spec.bool_or("random", false)?;
        let tt = spec.int_in("tt", PERFECT_TT_MIB as u64, 1, 1 << 16)? as usize;
        Ok(PerfectAgent {
            name: spec.to_string(),
            solver: Lazy::new(tt, Solver::with_book),
            random,
            tie: TieBreak::Centre,
        })
    }

    fn position(game: &Connect4) -> Position {
        Position::from_key(game.key())
    }
}

impl Agent<Connect4> for PerfectAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        // The table is kept from game to game.
        self.solver.get();
        self.tie = if self.random {
            TieBreak::Random(poda_core::Rng::new(seed))
        } else {
            TieBreak::Centre
        };
    }

    fn choose(&mut self, game: &Connect4, turn: &mut Turn<u8>) -> Result<Choice<u8>, AgentError> {
        let start = Instant::now();
        let p = Self::position(game);
        let solver = self.solver.get();
        solver.reset_nodes();
        let chosen = solver.choose(&p, &mut self.tie).ok_or(AgentError::NoMove)?;
        let info = SearchInfo {
            depth: (SIZE - p.moves()) as u32,
            score: pons_to_score(chosen.score, p.moves()),
            nodes: solver.nodes(),
            time: start.elapsed(),
            pv: vec![chosen.col as u8],
        };
        turn.report(&info);
        Ok(Choice {
            mv: chosen.col as u8,
            info: Some(info),
        })
    }

    fn analyze(&mut self, game: &Connect4) -> Option<Vec<(u8, Score)>> {
        let p = Self::position(game);
        let mut out: Vec<(u8, Score)> = self
            .solver
            .get()
            .analyze(&p)
            .into_iter()
            .map(|(col, s)| (col as u8, pons_to_score(s, p.moves())))
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.1));
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pons_scores_convert_to_plies() {
        // The empty board: the first player wins with its last stone, move 41.
        assert_eq!(pons_to_score(1, 0), Score::win_in(41));
        // A win at once from a position with n stones scores (43 - n) / 2.
        for n in 6..41 {
            assert_eq!(pons_to_score((43 - n) / 2, n), Score::win_in(1), "n = {n}");
        }
        // The opponent wins with its next stone: score -(42 - n) / 2 for the side to move.
        for n in 6..40 {
            assert_eq!(
                pons_to_score(-(42 - n) / 2, n),
                Score::loss_in(2),
                "n = {n}"
            );
        }
        assert_eq!(pons_to_score(0, 10), Score::DRAW);
    }
}
