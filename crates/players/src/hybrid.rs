//! `hybrid`: Connect 4's strongest timed player — the exact solver when it can finish in
//! time, the engine otherwise.
//!
//! Each move tries, within shares of the move time:
//! 1. the perfect player's move (`crate::perfect`: best exact score, hardest for the
//!    opponent, most central), if the exact search finishes within [`EXACT_SHARE`];
//! 2. else the position's weak value (win, draw or loss), within [`WEAK_SHARE`], then
//!    null-window tests of the columns, centre first, within [`KEEP_SHARE`]: the first
//!    column that keeps a win, or among those that keep a draw the one hardest for the
//!    opponent. A weak search is several times cheaper than an exact one (measured on
//!    middle-game positions in `docs/benchmarks/connect4.md`), so from about ply 8 at 1 s
//!    per move the hybrid no longer leaves a won or drawn position by a heuristic mistake;
//! 3. else (unknown, or lost) the engine searches with the time left: in a lost position
//!    its heuristic is the best practical try against a fallible opponent.
//!
//! The solver's table is kept between moves, so the work of an interrupted attempt speeds
//! up the next. Late in the game the exact search nearly always finishes, so the hybrid
//! plays the end perfectly (quickest win, slowest loss).

use crate::lazy::Lazy;
use crate::perfect::pons_to_score;
use poda_core::{Agent, AgentError, Choice, Game, Score, SearchInfo, Spec, SpecError, Turn};
use poda_games::connect4::Connect4;
use poda_search::agents::DEFAULT_MOVETIME;
use poda_search::{Engine, EngineConfig, Limits};
use poda_solve::{hardest, Position, Solver, TieBreak};
use std::time::{Duration, Instant};

/// The exact search stops at this share of the move time...
const EXACT_SHARE: f64 = 0.2;
/// ...the weak search of the position at this one...
const WEAK_SHARE: f64 = 0.6;
/// ...and the tests of the columns that keep its value at this one.
const KEEP_SHARE: f64 = 0.9;
/// Table size of the solver and of the engine (MiB each), unless `tt` says otherwise.
const DEFAULT_TT_MIB: usize = 64;

/// The solver-then-engine Connect 4 player.
pub struct HybridAgent {
    name: String,
    solver: Lazy<Solver>,
    engine: Engine<Connect4>,
    movetime: Duration,
}

impl HybridAgent {
    /// Builds `hybrid(movetime=1s,eval=NAME,tt=64)` (7x6 only).
    pub fn from_spec(game: &Connect4, spec: &Spec) -> Result<HybridAgent, SpecError> {
        use poda_core::Catalog;
        spec.expect_keys(&["movetime", "time", "eval", "tt"])?;
        if game.width() != 7 || game.height() != 6 {
            return Err(spec.bad_value(
                "game",
                &game.spec(),
                "the solver knows the 7x6 board only",
            ));
        }
        let movetime = spec.movetime_opt()?.unwrap_or(DEFAULT_MOVETIME);
        let tt = spec.int_in("tt", DEFAULT_TT_MIB as u64, 1, 1 << 16)? as usize;
        let eval = game.evaluator(spec.get("eval").unwrap_or(Connect4::default_evaluator()))?;
        let config = EngineConfig {
            tt_mib: tt,
            ..EngineConfig::default()
        };
        Ok(HybridAgent {
            name: spec.to_string(),
            solver: Lazy::new(tt, Solver::with_book),
            engine: Engine::new(eval, config),
            movetime,
        })
    }

    /// Step 2 of the module doc: a column that keeps the position's win or draw, with its
    /// score (a win is reported as the slowest one, a lower bound), or `None` if the position
    /// is lost or a deadline came first.
    fn keep_weak_value(
        &mut self,
        p: &Position,
        weak_deadline: Instant,
        keep_deadline: Instant,
    ) -> Option<(usize, Score)> {
        let solver = self.solver.get();
        solver.set_deadline(Some(weak_deadline));
        let weak = solver.solve_weak(p);
        if solver.aborted() || weak < 0 {
            return None;
        }
        solver.set_deadline(Some(keep_deadline));
        let keepers = solver.keeping_moves(p, weak);
        let col = *hardest(p, &keepers).first()?;
        Some((col, pons_to_score(weak, p.moves())))
    }
}

impl Agent<Connect4> for HybridAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.engine.new_game(seed);
        self.solver.fresh(Solver::reset);
    }

    fn choose(&mut self, game: &Connect4, turn: &mut Turn<u8>) -> Result<Choice<u8>, AgentError> {
        let start = Instant::now();
        let mut budget = self.movetime;
        if let Some(left) = turn.time_left {
            budget = budget.min(left / 10);
        }
        let p = Position::from_key(game.key());
        self.solver.get().reset_nodes();
        let at = |share: f64| start + budget.mul_f64(share);
        self.solver.get().set_deadline(Some(at(EXACT_SHARE)));
        let solved = match self.solver.get().choose(&p, &mut TieBreak::Centre) {
            Some(chosen) => Some((chosen.col, pons_to_score(chosen.score, p.moves()))),
            None => self.keep_weak_value(&p, at(WEAK_SHARE), at(KEEP_SHARE)),
        };
        let solver_nodes = self.solver.get().nodes();
        self.solver.get().set_deadline(None);
        if let Some((col, score)) = solved {
            let info = SearchInfo {
                depth: (42 - p.moves()) as u32,
                score,
                nodes: solver_nodes,
                time: start.elapsed(),
                pv: vec![col as u8],
            };
            turn.report(&info);
            return Ok(Choice {
                mv: col as u8,
                info: Some(info),
            });
        }
        self.engine.note_position(game);
        let limits = Limits::movetime(budget.saturating_sub(start.elapsed()));
        let stop = turn.stop;
        let mut result = self
            .engine
            .search(game, &limits, stop, &mut |i| turn.report(i));
        result.nodes += solver_nodes;
        result.time = start.elapsed();
        let mv = result.best.ok_or(AgentError::NoMove)?;
        Ok(Choice {
            mv,
            info: Some(result.info()),
        })
    }

    fn analyze(&mut self, game: &Connect4) -> Option<Vec<(u8, Score)>> {
        let p = Position::from_key(game.key());
        let solver = self.solver.get();
        solver.set_deadline(Some(Instant::now() + self.movetime));
        let scores = solver.analyze(&p);
        let aborted = solver.aborted();
        solver.set_deadline(None);
        if aborted {
            let depth = self
                .engine
                .search(game, &Limits::movetime(self.movetime), None, &mut |_| {})
                .depth;
            let out = self.engine.analyze(game, depth.max(1), None);
            return Some(out.into_iter().map(|(m, s, _)| (m, s)).collect());
        }
        let mut out: Vec<(u8, Score)> = scores
            .into_iter()
            .map(|(col, s)| (col as u8, pons_to_score(s, p.moves())))
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.1));
        Some(out)
    }
}
