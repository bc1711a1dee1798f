//! `perfect`: the Kalah player that never gives a seed away, backed by poda-solve.
//!
//! It plays a move that keeps the game's value, the largest final store margin under perfect
//! play, and among those the quickest win or the slowest loss
//! ([`KalahSolver::choose`](poda_solve::kalah::KalahSolver::choose)): from the committed
//! opening book where it has the position, else from the solver, with the endgame database
//! `poda endgame` builds if there is one (else a lazily filled table). Games up to six pits
//! and four seeds a pit (the course's Kalah(6,4) and smaller), both capture rules.

use poda_core::{Agent, AgentError, Choice, Game, Score, SearchInfo, Spec, SpecError, Turn};
use poda_games::kalah::{proven_value, Kalah};
use poda_solve::kalah::book::KalahBook;
use poda_solve::kalah::perfect::{perfect_endgame, DEFAULT_LENGTH_NODES};
use poda_solve::kalah::{KalahSolver, SolverConfig};
use std::collections::HashMap;
use std::time::Instant;

/// Default table size of the perfect player's solver (MiB).
pub const PERFECT_TT_MIB: usize = 64;
/// The largest games it plays.
pub const MAX_PITS: usize = 6;
pub const MAX_SEEDS: u16 = 4;
/// Lengths remembered between moves before the memo is cleared.
const MEMO_CAP: usize = 1 << 20;

/// The perfect Kalah player (see the module doc).
pub struct KalahPerfect {
    name: String,
    solver: KalahSolver,
    book: KalahBook,
    memo: HashMap<(u64, bool), u32>,
    budget: u64,
}

impl KalahPerfect {
    /// Builds `perfect(tt=64,book=true,db=true)` for a game of at most 6 pits and 4 seeds.
    pub fn from_spec(game: &Kalah, spec: &Spec) -> Result<KalahPerfect, SpecError> {
        spec.expect_keys(&["tt", "book", "db"])?;
        if game.pits() > MAX_PITS || game.initial_seeds() > MAX_SEEDS {
            return Err(spec.bad_value(
                "game",
                &game.spec(),
                "the perfect player knows Kalah up to 6 pits and 4 seeds a pit",
            ));
        }
        let tt = spec.int_in("tt", PERFECT_TT_MIB as u64, 1, 1 << 14)? as usize;
        let book = if spec.bool_or("book", true)? {
            KalahBook::embedded(game)
        } else {
            KalahBook::empty(game)
        };
        let endgame = perfect_endgame(game.pits(), game.empty_capture(), spec.bool_or("db", true)?);
        let config = SolverConfig {
            tt_mib: tt,
            ..SolverConfig::default()
        };
        let solver = KalahSolver::with(game, &config, endgame)
            .map_err(|e| spec.bad_value("game", &game.spec(), e.to_string()))?;
        Ok(KalahPerfect {
            name: spec.to_string(),
            solver,
            book,
            memo: HashMap::new(),
            budget: DEFAULT_LENGTH_NODES,
        })
    }

    /// The move and the final margin (for the side to move).
    fn decide(&mut self, game: &Kalah) -> (u8, i32) {
        if let Some(e) = self.book.get(game) {
            return (e.pit, game.board().margin() + e.value);
        }
        if self.memo.len() > MEMO_CAP {
            self.memo.clear();
        }
        let c = self.solver.choose(game, None, self.budget, &mut self.memo);
        (c.pit, c.margin)
    }
}

impl Agent<Kalah> for KalahPerfect {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Kalah, turn: &mut Turn<u8>) -> Result<Choice<u8>, AgentError> {
        if game.outcome().is_over() {
            return Err(AgentError::NoMove);
        }
        let began = Instant::now();
        let nodes = self.solver.nodes();
        let (mv, margin) = self.decide(game);
        let info = SearchInfo {
            depth: 0,
            score: Score::heuristic(proven_value(margin)),
            nodes: self.solver.nodes() - nodes,
            time: began.elapsed(),
            pv: vec![mv],
        };
        turn.report(&info);
        Ok(Choice {
            mv,
            info: Some(info),
        })
    }

    fn analyze(&mut self, game: &Kalah) -> Option<Vec<(u8, Score)>> {
        if game.outcome().is_over() {
            return None;
        }
        let mut out: Vec<(u8, Score)> = self
            .solver
            .analyze(game)
            .into_iter()
            .map(|(mv, margin)| (mv, Score::heuristic(proven_value(margin))))
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.1));
        Some(out)
    }
}
