//! `hybrid` for misère Connect 4 (`misere(connect4)`, 7x6): the misère solver when it can
//! prove the position in time, MCTS otherwise.
//!
//! Misère Connect 4 is a second-player win (Steele and Larremore, "Misère Connect Four is
//! solved", arXiv:2410.05551, 2024), so the side that can win must not let go, and the side
//! that cannot must keep the game hard for a fallible opponent. Each move:
//! 1. the solver races the safe moves ([`MisereSolver::race`]: each open move gets a time
//!    slice in turn, doubling each round) until [`RACE_SHARE`] of the move time: a move
//!    proven to win is played at once;
//! 2. else MCTS, with the time left, chooses among the moves not proven to lose (all moves
//!    when every one loses: in a lost position its playouts are the best practical try
//!    against a fallible opponent). Its tree never holds a move that completes one's own
//!    four while another move exists (such a move loses at once and is never better);
//!    playouts stay uniformly random.
//!
//! The solver's table is kept between the moves of a game. A weak solve of a random
//! position of 28 empty cells takes about 20 ms, of 30 about 130 ms (medians,
//! docs/benchmarks/solve.md; positions from real games are harder), so roughly the last 26
//! plies of a game at 0.1 s a move, and more at 1 s, are played perfectly.

use crate::lazy::Lazy;
use crate::perfect::PERFECT_TT_MIB;
use poda_core::{Agent, AgentError, Choice, Game, Outcome, Player, Rng, Score, SearchInfo};
use poda_core::{Spec, SpecError, Turn};
use poda_games::connect4::Connect4;
use poda_games::misere::Misere;
use poda_search::agents::DEFAULT_MOVETIME;
use poda_search::mcts::{mcts_with, MctsConfig, MctsPolicy, RandomPlayout};
use poda_search::Limits;
use poda_solve::{MisereSolver, Position};
use std::time::{Duration, Instant};

/// The solver's race over the moves stops at this share of the move time; MCTS has the rest.
const RACE_SHARE: f64 = 0.6;
/// Plies of a full 7x6 board.
const SIZE: i32 = 42;

/// MCTS policy for misère Connect 4: tree nodes try the safe moves only (all moves when
/// none is safe), the root only `root_moves` when given; random playouts.
struct SafeTree {
    root_ply: u32,
    root_moves: Vec<u8>,
}

impl MctsPolicy<Misere<Connect4>> for SafeTree {
    fn tree_moves(&self, state: &Misere<Connect4>, moves: &mut Vec<u8>) {
        state.legal_moves(moves);
        let inner = state.inner();
        if moves.iter().any(|&m| !inner.is_winning_move(m)) {
            moves.retain(|&m| !inner.is_winning_move(m));
        }
        if state.ply() == self.root_ply && !self.root_moves.is_empty() {
            moves.retain(|m| self.root_moves.contains(m));
        }
    }

    fn playout(
        &self,
        state: &mut Misere<Connect4>,
        rng: &mut Rng,
        trace: Option<&mut Vec<(Player, u8)>>,
    ) -> Outcome {
        RandomPlayout.playout(state, rng, trace)
    }
}

/// The solver-then-MCTS misère Connect 4 player.
pub struct MisereHybrid {
    name: String,
    solver: Lazy<MisereSolver>,
    config: MctsConfig,
    movetime: Duration,
    rng: Rng,
}

impl MisereHybrid {
    /// Builds `hybrid(movetime=1s,c=1.41,tt=64)` (7x6 only).
    pub fn from_spec(game: &Misere<Connect4>, spec: &Spec) -> Result<MisereHybrid, SpecError> {
        spec.expect_keys(&["movetime", "time", "c", "tt"])?;
        let inner = game.inner();
        if inner.width() != 7 || inner.height() != 6 {
            return Err(spec.bad_value(
                "game",
                &game.spec(),
                "the misère solver knows the 7x6 board only",
            ));
        }
        let movetime = spec.movetime_opt()?.unwrap_or(DEFAULT_MOVETIME);
        let exploration = poda_search::agents::exploration(spec)?;
        let tt = spec.int_in("tt", PERFECT_TT_MIB as u64, 1, 1 << 16)? as usize;
        Ok(MisereHybrid {
            name: spec.to_string(),
            solver: Lazy::new(tt, MisereSolver::new),
            config: MctsConfig {
                exploration,
                ..MctsConfig::default()
            },
            movetime,
            rng: Rng::new(0),
        })
    }
}

impl Agent<Misere<Connect4>> for MisereHybrid {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
        self.solver.fresh(MisereSolver::reset);
    }

    fn choose(
        &mut self,
        game: &Misere<Connect4>,
        turn: &mut Turn<u8>,
    ) -> Result<Choice<u8>, AgentError> {
        let start = Instant::now();
        let mut budget = self.movetime;
        if let Some(left) = turn.time_left {
            budget = budget.min(left / 10);
        }
        let p = Position::from_key(game.inner().key());
        self.solver.get().reset_nodes();
        let race = self
            .solver
            .get()
            .race(&p, start + budget.mul_f64(RACE_SHARE));
        if let Some(&(col, _)) = race.iter().find(|m| m.1 == Some(1)) {
            let mv = col as u8;
            let info = SearchInfo {
                depth: (SIZE - p.moves()) as u32,
                // On the MCTS's scale: +1000 wins every simulation (here: proven).
                score: Score::heuristic(1000),
                nodes: self.solver.get().nodes(),
                time: start.elapsed(),
                pv: vec![mv],
            };
            turn.report(&info);
            return Ok(Choice {
                mv,
                info: Some(info),
            });
        }
        // The moves not proven to lose; none: the position is lost (or has no safe move),
        // and MCTS chooses among all.
        let root_moves: Vec<u8> = race
            .iter()
            .filter(|m| m.1 != Some(-1))
            .map(|m| m.0 as u8)
            .collect();
        self.solver.get().set_deadline(None);
        let solver_nodes = self.solver.get().nodes();
        if let [mv] = root_moves[..] {
            // One candidate left: no search needed.
            return Ok(Choice { mv, info: None });
        }
        let policy = SafeTree {
            root_ply: game.ply(),
            root_moves,
        };
        let limits = Limits::movetime(budget.saturating_sub(start.elapsed()));
        let mut result = mcts_with(
            game,
            &self.config,
            &policy,
            &limits,
            &mut self.rng,
            turn.stop,
            &mut |i| turn.report(i),
        );
        result.nodes += solver_nodes;
        result.time = start.elapsed();
        let mv = result.best.ok_or(AgentError::NoMove)?;
        Ok(Choice {
            mv,
            info: Some(result.info()),
        })
    }
}
