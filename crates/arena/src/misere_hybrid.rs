//! `hybrid` for misère Connect 4 (`misere(connect4)`, 7x6): the misère solver when it can
//! prove the position in time, MCTS otherwise.
//!
//! Misère Connect 4 is a second-player win (Steele and Larremore, "Misère Connect Four is
//! solved", arXiv:2410.05551, 2024), so the side that can win must not let go, and the side
//! that cannot must keep the game hard for a fallible opponent. Each move:
//! 1. the weak value (win, draw or loss, [`MisereSolver::solve_weak`]) within
//!    [`WEAK_SHARE`] of the move time, then the moves that keep it within [`KEEP_SHARE`]:
//!    a win is played at once (the winning move the proof found); a draw with several
//!    keepers goes to MCTS restricted to them;
//! 2. else, if the value is unknown, each safe move gets an equal share of the time up to
//!    [`FILTER_SHARE`] for the solver to prove that it loses
//!    ([`MisereSolver::losing_moves_within`]: a refutation is often a small tree even when
//!    the position is too big to solve), and MCTS chooses among the others with the time
//!    left; in a proven loss MCTS chooses among all moves (its playouts are the best
//!    practical try against a fallible opponent). The MCTS tree never holds a move that
//!    completes one's own four while another move exists (such a move loses at once and is
//!    never better); playouts stay uniformly random.
//!
//! The solver's table is kept between the moves of a game. The weak solve reaches about
//! 26 empty cells in 0.1 s and 28-30 in 1 s (random positions, `misere_bench`,
//! BENCHMARKS.md), so the last 25 or so plies of a game are played perfectly.

use crate::perfect::PERFECT_TT_MIB;
use poda_core::{Agent, AgentError, Choice, Game, Outcome, Player, Rng, Score, SearchInfo};
use poda_core::{Spec, SpecError, Turn};
use poda_games::connect4::Connect4;
use poda_games::misere::Misere;
use poda_search::agents::DEFAULT_MOVETIME;
use poda_search::mcts::{mcts_with, MctsConfig, MctsPolicy, RandomPlayout};
use poda_search::Limits;
use poda_solve::misere::safe_moves;
use poda_solve::{MisereSolver, Position};
use std::time::{Duration, Instant};

/// The weak search of the position stops at this share of the move time...
const WEAK_SHARE: f64 = 0.45;
/// ...the tests of the moves that keep its value at this one...
const KEEP_SHARE: f64 = 0.65;
/// ...and, when the value is unknown, the search for moves that lose at this one.
const FILTER_SHARE: f64 = 0.7;
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
    solver: MisereSolver,
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
        let movetime = spec
            .duration_opt("movetime")?
            .or(spec.duration_opt("time")?)
            .unwrap_or(DEFAULT_MOVETIME);
        let exploration: f64 = spec.parse_or("c", poda_search::mcts::DEFAULT_EXPLORATION)?;
        if !(exploration.is_finite() && exploration >= 0.0) {
            return Err(spec.bad_value("c", &exploration.to_string(), "must be a number >= 0"));
        }
        let tt = spec.int_in("tt", PERFECT_TT_MIB as u64, 1, 1 << 16)? as usize;
        Ok(MisereHybrid {
            name: spec.to_string(),
            solver: MisereSolver::new(tt),
            config: MctsConfig {
                exploration,
                ..MctsConfig::default()
            },
            movetime,
            rng: Rng::new(0),
        })
    }

    /// Step 1 of the module doc: what the solver proves about `p` in time.
    fn prove(&mut self, p: &Position, at: impl Fn(f64) -> Instant) -> Proof {
        self.solver.set_deadline(Some(at(WEAK_SHARE)));
        let weak = self.solver.solve_weak(p);
        if self.solver.aborted() {
            return Proof::Unknown;
        }
        if weak < 0 {
            return Proof::Lost;
        }
        self.solver.set_deadline(Some(at(KEEP_SHARE)));
        if weak > 0 {
            // Any winning move keeps the win; the one the proof found comes first.
            return match self.solver.a_move_scoring_at_least(p, 1) {
                Some(col) => Proof::Keep(vec![col as u8], 1),
                None => Proof::Unknown,
            };
        }
        let keep = self.solver.moves_scoring_at_least(p, weak);
        if self.solver.aborted() || keep.is_empty() {
            return Proof::Unknown;
        }
        Proof::Keep(keep.into_iter().map(|c| c as u8).collect(), weak)
    }

    /// Step 2's filter: the safe moves not proven to lose, each tested within an equal
    /// share of the time up to [`FILTER_SHARE`]; all legal moves if that leaves none.
    fn not_losing(&mut self, p: &Position, start: Instant, budget: Duration) -> Vec<u8> {
        let safe: Vec<u8> = (0..7u8)
            .filter(|&c| p.can_play(c as usize) && safe_moves(p) & p.move_in(c as usize) != 0)
            .collect();
        let end = start + budget.mul_f64(FILTER_SHARE);
        let left = end.saturating_duration_since(Instant::now());
        if safe.len() < 2 || left.is_zero() {
            return Vec::new();
        }
        self.solver.set_deadline(Some(end));
        let losing = self.solver.losing_moves_within(p, left / safe.len() as u32);
        let keep: Vec<u8> = safe
            .into_iter()
            .filter(|&c| !losing.contains(&(c as usize)))
            .collect();
        keep
    }
}

/// What the solver proved about a position within the time given.
enum Proof {
    /// These moves keep the weak value (1 win, 0 draw).
    Keep(Vec<u8>, i32),
    /// Every move loses.
    Lost,
    Unknown,
}

/// Of `cols`, the one after which the opponent has the fewest safe replies (first on ties).
fn hardest(p: &Position, cols: &[u8]) -> u8 {
    let replies = |&c: &u8| safe_moves(&p.after(p.move_in(c as usize))).count_ones();
    *cols
        .iter()
        .min_by_key(|c| replies(c))
        .expect("a non-empty list")
}

impl Agent<Misere<Connect4>> for MisereHybrid {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
        self.solver.reset();
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
        self.solver.reset_nodes();
        let proof = self.prove(&p, |share| start + budget.mul_f64(share));
        let root_moves = match proof {
            Proof::Keep(keep, value) if value > 0 || keep.len() == 1 => {
                self.solver.set_deadline(None);
                let mv = hardest(&p, &keep);
                let info = SearchInfo {
                    depth: (SIZE - p.moves()) as u32,
                    // On the MCTS's scale: +1000 wins every simulation (here: proven).
                    score: Score::heuristic(value as i64 * 1000),
                    nodes: self.solver.nodes(),
                    time: start.elapsed(),
                    pv: vec![mv],
                };
                turn.report(&info);
                return Ok(Choice {
                    mv,
                    info: Some(info),
                });
            }
            Proof::Keep(keep, _) => keep,
            Proof::Lost => Vec::new(),
            Proof::Unknown => self.not_losing(&p, start, budget),
        };
        self.solver.set_deadline(None);
        let solver_nodes = self.solver.nodes();
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
