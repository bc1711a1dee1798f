//! Exact scores from poda's solvers, per game, within a deadline.
//!
//! - Connect 4 on 7x6: the opening book, then Pascal Pons' scores from the solver (positive:
//!   the side to move wins, the larger the sooner; 0: a draw), as `poda solve connect4
//!   --analyze` prints them.
//! - misère Connect 4 on 7x6: the misère solver's scores, as `poda solve "misere(connect4)"
//!   --analyze`.
//! - Hex up to [`HEX_EXACT_MAX_SIZE`]: proof-number search, +1 (the move wins) or -1. The
//!   Hex solver takes no deadline, so only boards it proves within about a second are given
//!   to it (the empty 5x5 board, its slowest, 0.9 s in a release build; 4x4 20 ms).
//! - Kalah once at most [`KALAH_EXACT_SEEDS`] seeds are left in the pits: the final store
//!   difference for the side to move, as `poda solve kalah --analyze`.
//!
//! Each move's score is `None` when the solver did not finish it before the deadline. Solvers
//! are kept in small pools between requests: their tables hold only finished results, so a
//! table from an earlier request stays exact and makes later ones quicker.

use poda_core::{Catalog, Game};
use poda_games::connect4::Connect4;
use poda_games::desconecta::DesConecta;
use poda_games::hex::Hex;
use poda_games::kalah::{shared_table, Kalah};
use poda_games::misere::Misere;
use poda_players::PlayerGame;
use poda_search::EngineConfig;
use poda_solve::hex::HexSolver;
use poda_solve::kalah::{KalahSolver, SolverConfig};
use poda_solve::misere::after_move;
use poda_solve::{MisereSolver, Position, Solver, TieBreak};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The largest Hex board given to the solver.
pub const HEX_EXACT_MAX_SIZE: u32 = 5;
/// Kalah positions with at most this many seeds in the pits are given to the solver.
pub const KALAH_EXACT_SEEDS: u32 = 32;
/// Table size of the pooled Connect 4 and misère solvers (MiB).
const SOLVER_TT_MIB: usize = 32;
/// Solvers kept between requests, per kind (a request that finds none builds one).
const POOL_SIZE: usize = 4;
/// The longest principal variation the Connect 4 solver plays out.
const PV_PLIES: usize = 16;

/// What a solver's numbers mean, for the page's legend and the text of each score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// Pascal Pons' Connect 4 scores.
    Pons,
    /// The misère Connect 4 solver's scores.
    Misere,
    /// +1 win, -1 loss.
    WinLoss,
    /// The final store difference (Kalah).
    StoreDifference,
}

impl Units {
    /// The text shown for a score.
    pub fn text(self, score: i32) -> String {
        match self {
            Units::WinLoss if score > 0 => "win".into(),
            Units::WinLoss => "loss".into(),
            _ if score > 0 => format!("+{score}"),
            _ => score.to_string(),
        }
    }

    /// A sentence for the legend.
    pub fn describe(self) -> &'static str {
        match self {
            Units::Pons => {
                "exact (Pascal Pons' scores): positive wins, the larger the sooner; 0 draws; \
                 negative loses"
            }
            Units::Misere => {
                "exact misère scores: positive wins (the opponent must make four), the larger \
                 the sooner; 0 draws; negative loses"
            }
            Units::WinLoss => "exact: win or loss with perfect play",
            Units::StoreDifference => {
                "exact: the final store difference for the side to move with perfect play"
            }
        }
    }
}

/// The solver's answer for one position.
pub struct Exact<M> {
    /// Every legal move, with its exact score if it was proven in time.
    pub scores: Vec<(M, Option<i32>)>,
    pub units: Units,
    /// Which solver, for the page.
    pub method: String,
    /// The solver's principal variation, if it gives one (empty otherwise).
    pub pv: Vec<M>,
    pub nodes: u64,
}

/// A game the analysis knows: its exact solver, if any, and the engine it estimates with.
pub trait ExactGame: PlayerGame + Catalog {
    /// Exact scores of `self`'s legal moves (`moves` led here from the start), proven before `deadline` (checking `stop`
    /// between moves); `None` when no solver takes this position.
    fn exact(
        &self,
        _moves: &[Self::Move],
        _deadline: Instant,
        _stop: &AtomicBool,
    ) -> Option<Exact<Self::Move>> {
        None
    }

    /// The engine that estimates the scores the solver leaves open.
    fn engine_config() -> EngineConfig {
        EngineConfig {
            tt_mib: 32,
            ..EngineConfig::default()
        }
    }
}

/// A solver from the pool, or a new one.
fn take<T>(pool: &Mutex<Vec<T>>, make: impl FnOnce() -> T) -> T {
    pool.lock()
        .ok()
        .and_then(|mut p| p.pop())
        .unwrap_or_else(make)
}

/// Back to the pool, unless it is full.
fn give<T>(pool: &Mutex<Vec<T>>, solver: T) {
    if let Ok(mut p) = pool.lock() {
        if p.len() < POOL_SIZE {
            p.push(solver);
        }
    }
}

static CONNECT4: Mutex<Vec<Solver>> = Mutex::new(Vec::new());
static MISERE: Mutex<Vec<MisereSolver>> = Mutex::new(Vec::new());

fn standard(game: &Connect4) -> bool {
    game.width() == 7 && game.height() == 6
}

impl ExactGame for Connect4 {
    fn exact(&self, moves: &[u8], deadline: Instant, stop: &AtomicBool) -> Option<Exact<u8>> {
        if !standard(self) {
            return None;
        }
        let p = Position::parse(&self.format_moves(moves)).ok()?;
        let mut solver = take(&CONNECT4, || Solver::with_book(SOLVER_TT_MIB));
        solver.reset_nodes();
        solver.set_deadline(Some(deadline));
        let mut scores = Vec::new();
        for mv in self.legal_move_list() {
            let col = mv as usize;
            if stop.load(Ordering::Relaxed) {
                scores.push((mv, None));
                continue;
            }
            let score = if p.is_winning_move(col) {
                Some((poda_solve::position::SIZE + 1 - p.moves()) / 2)
            } else {
                let mut child = p;
                child.play_col(col);
                let s = -solver.solve(&child);
                (!solver.aborted()).then_some(s)
            };
            scores.push((mv, score));
        }
        let pv = connect4_line(&mut solver, p, stop);
        let nodes = solver.nodes();
        solver.set_deadline(None);
        give(&CONNECT4, solver);
        Some(Exact {
            scores,
            units: Units::Pons,
            method: "the Connect 4 solver (opening book and Pascal Pons' scores)".into(),
            pv,
            nodes,
        })
    }
}

/// The perfect player's line from `p`, as far as the deadline allows.
fn connect4_line(solver: &mut Solver, mut p: Position, stop: &AtomicBool) -> Vec<u8> {
    let mut line = Vec::new();
    let mut tie = TieBreak::Centre;
    while line.len() < PV_PLIES && p.possible() != 0 && !stop.load(Ordering::Relaxed) {
        if let Some(col) = (0..7).find(|&c| p.can_play(c) && p.is_winning_move(c)) {
            line.push(col as u8);
            break;
        }
        let Some(chosen) = solver.choose(&p, &mut tie) else {
            break;
        };
        if solver.aborted() {
            break;
        }
        line.push(chosen.col as u8);
        p.play_col(chosen.col);
    }
    line
}

impl ExactGame for Misere<Connect4> {
    fn exact(&self, moves: &[u8], deadline: Instant, stop: &AtomicBool) -> Option<Exact<u8>> {
        if !standard(self.inner()) {
            return None;
        }
        let p = Position::parse(&self.inner().format_moves(moves)).ok()?;
        let mut solver = take(&MISERE, || MisereSolver::new(SOLVER_TT_MIB));
        solver.reset_nodes();
        solver.set_deadline(Some(deadline));
        let mut scores = Vec::new();
        for mv in self.legal_move_list() {
            let score = if stop.load(Ordering::Relaxed) {
                None
            } else {
                match after_move(&p, mv as usize) {
                    Ok(over) => Some(over),
                    Err(child) => {
                        let s = -solver.solve(&child);
                        (!solver.aborted()).then_some(s)
                    }
                }
            };
            scores.push((mv, score));
        }
        let nodes = solver.nodes();
        solver.set_deadline(None);
        give(&MISERE, solver);
        Some(Exact {
            scores,
            units: Units::Misere,
            method: "the misère Connect 4 solver".into(),
            pv: Vec::new(),
            nodes,
        })
    }
}

impl ExactGame for Hex {
    fn exact(
        &self,
        _moves: &[Self::Move],
        _deadline: Instant,
        stop: &AtomicBool,
    ) -> Option<Exact<Self::Move>> {
        if self.size() > HEX_EXACT_MAX_SIZE || stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut solver = HexSolver::new();
        let proven = solver.analyze(self).ok()?;
        Some(Exact {
            scores: proven.into_iter().map(|(m, s)| (m, Some(s))).collect(),
            units: Units::WinLoss,
            method: "the Hex solver (proof-number search)".into(),
            pv: Vec::new(),
            nodes: solver.nodes(),
        })
    }
}

impl ExactGame for Kalah {
    fn exact(&self, _moves: &[u8], deadline: Instant, stop: &AtomicBool) -> Option<Exact<u8>> {
        if self.board().seeds_in_pits() > KALAH_EXACT_SEEDS || stop.load(Ordering::Relaxed) {
            return None;
        }
        let config = SolverConfig {
            tt_mib: SOLVER_TT_MIB,
            ..SolverConfig::default()
        };
        let table = shared_table(self.pits(), self.empty_capture());
        let mut solver = KalahSolver::with_endgame(self, &config, table).ok()?;
        let time = deadline.saturating_duration_since(Instant::now());
        let proven = solver.within(None, Some(time), |s| s.analyze(self));
        let scores = match proven {
            Some(list) => list.into_iter().map(|(m, s)| (m, Some(s))).collect(),
            None => self
                .legal_move_list()
                .into_iter()
                .map(|m| (m, None))
                .collect(),
        };
        let time = deadline.saturating_duration_since(Instant::now());
        let pv = solver
            .within(None, Some(time), |s| s.principal_variation(self))
            .unwrap_or_default();
        Some(Exact {
            scores,
            units: Units::StoreDifference,
            method: "the Kalah solver (MTD(f) with an endgame table)".into(),
            pv,
            nodes: solver.nodes(),
        })
    }

    /// As Kalah's `best`: a chain of extra turns costs one ply of depth.
    fn engine_config() -> EngineConfig {
        EngineConfig {
            tt_mib: 32,
            extend_extra_turns: true,
            ..EngineConfig::default()
        }
    }
}

impl ExactGame for DesConecta {}
