//! `hybrid(movetime=1s,eval=positional,solve=30,tt=64,extend=true)`: Kalah's `best` — the
//! perfect player's move where its opening book has the position or the exact solver
//! (`poda_solve::kalah`) finds it in time, else the engine.
//!
//! A position in the book (`perfect`'s, committed for Kalah(6,4) and both capture rules) is
//! played at once. Otherwise, once at most `solve` seeds are left in the pits (by default 30,
//! or every position when the endgame database of `poda endgame` is there), each move
//! first gives the solver [`SOLVER_SHARE`] of the move time: if it proves the final margin in
//! time, the agent plays the perfect player's move (keeping the margin; the length rule
//! within its budget); if not, the engine searches with the time that is left. The solver's
//! tables are kept for the whole match: its bounds are exact facts about pit configurations,
//! true in any game, so later positions are solved from what earlier ones proved. Its
//! endgame values are the perfect player's (the database `poda endgame` builds, if there is
//! one, else a lazily filled table).

use poda_core::{Agent, AgentError, Choice, Evaluator, Score, SearchInfo, Spec, SpecError, Turn};
use poda_games::kalah::{proven_value, Kalah};
use poda_search::{Engine, EngineConfig, Limits};
use poda_solve::kalah::book::KalahBook;
use poda_solve::kalah::perfect::{perfect_endgame, DEFAULT_LENGTH_NODES};
use poda_solve::kalah::{KalahSolver, SolverConfig};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Default move time.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);
/// Default seeds left in the pits from which the solver is tried without an endgame
/// database; with one (`poda endgame`), the solver is tried at every move, as it answers
/// most positions of up to 40 seeds within a fraction of a second (docs/benchmarks/kalah.md,
/// section 11).
pub const DEFAULT_SOLVE_SEEDS: u32 = 30;
/// Default solver table size (MiB).
pub const DEFAULT_SOLVER_TT_MIB: usize = 64;
/// Share of the move time the solver may take before the engine takes over.
pub const SOLVER_SHARE: f64 = 0.6;
/// Engine table size (MiB).
const ENGINE_TT_MIB: usize = 16;

/// The agent (see the module doc).
pub struct Hybrid {
    name: String,
    engine: Engine<Kalah>,
    solver: Option<KalahSolver>,
    book: KalahBook,
    memo: HashMap<(u64, bool), u32>,
    solver_tt_mib: usize,
    movetime: Duration,
    solve_seeds: u32,
}

impl Hybrid {
    /// Builds the agent from its spec; `eval` names an evaluator of `game`.
    pub fn from_spec(game: &Kalah, spec: &Spec) -> Result<Hybrid, SpecError> {
        spec.expect_keys(&["movetime", "time", "eval", "solve", "tt", "extend"])?;
        let movetime = spec.movetime_opt()?.unwrap_or(DEFAULT_MOVETIME);
        let eval: Arc<dyn Evaluator<Kalah>> = {
            use poda_core::Catalog;
            game.evaluator(spec.get("eval").unwrap_or(Kalah::default_evaluator()))?
        };
        let has_db = poda_solve::kalah::db::default_path(game.pits(), game.empty_capture())
            .is_some_and(|p| p.exists());
        let default_solve = if has_db { 127 } else { DEFAULT_SOLVE_SEEDS };
        let solve_seeds = spec.int_in("solve", default_solve as u64, 0, 127)? as u32;
        let solver_tt_mib = spec.int_in("tt", DEFAULT_SOLVER_TT_MIB as u64, 1, 1 << 14)? as usize;
        let config = EngineConfig {
            tt_mib: ENGINE_TT_MIB,
            // Extra turns cost no depth: the stronger engine (docs/benchmarks/kalah.md, 9).
            extend_extra_turns: spec.bool_or("extend", true)?,
            ..EngineConfig::default()
        };
        Ok(Hybrid {
            name: spec.to_string(),
            engine: Engine::new(eval, config),
            solver: None,
            book: KalahBook::embedded(game),
            memo: HashMap::new(),
            solver_tt_mib,
            movetime,
            solve_seeds,
        })
    }

    /// The perfect player's move within `budget`, with its proven margin.
    fn solve(&mut self, game: &Kalah, budget: Duration) -> Option<(u8, i32)> {
        if self.solver.is_none() {
            let config = SolverConfig {
                tt_mib: self.solver_tt_mib,
                ..SolverConfig::default()
            };
            let endgame = perfect_endgame(game.pits(), game.empty_capture(), true);
            // A game with too many seeds for the solver: the engine plays on its own.
            self.solver = KalahSolver::with(game, &config, endgame).ok();
        }
        let solver = self.solver.as_mut()?;
        if self.memo.len() > 1 << 20 {
            self.memo.clear();
        }
        let memo = &mut self.memo;
        let c = solver.within(None, Some(budget), |s| {
            s.choose(game, None, DEFAULT_LENGTH_NODES, memo)
        })?;
        Some((c.pit, c.margin))
    }
}

impl Agent<Kalah> for Hybrid {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.engine.new_game(seed);
    }

    fn choose(&mut self, game: &Kalah, turn: &mut Turn<u8>) -> Result<Choice<u8>, AgentError> {
        let began = Instant::now();
        let mut movetime = self.movetime;
        if let Some(left) = turn.time_left {
            movetime = movetime.min(left / 10);
        }
        let book = self
            .book
            .get(game)
            .map(|e| (e.pit, game.board().margin() + e.value));
        let solved = match book {
            Some(found) => Some(found),
            None if game.board().seeds_in_pits() <= self.solve_seeds => {
                self.solve(game, movetime.mul_f64(SOLVER_SHARE))
            }
            None => None,
        };
        if let Some((mv, margin)) = solved {
            let info = SearchInfo {
                depth: 0,
                score: Score::heuristic(proven_value(margin)),
                nodes: self.solver.as_ref().map_or(0, |s| s.nodes()),
                time: began.elapsed(),
                pv: vec![mv],
            };
            turn.report(&info);
            return Ok(Choice {
                mv,
                info: Some(info),
            });
        }
        let left = movetime
            .saturating_sub(began.elapsed())
            .max(Duration::from_millis(1));
        let stop = turn.stop;
        let result = self
            .engine
            .search(game, &Limits::movetime(left), stop, &mut |info| {
                turn.report(info)
            });
        let mv = result.best.ok_or(AgentError::NoMove)?;
        Ok(Choice {
            mv,
            info: Some(result.info()),
        })
    }
}
