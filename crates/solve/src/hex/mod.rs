//! A Hex solver for boards up to 11x11 (in practice: every opening of 6x6 in about three
//! seconds, of 7x7 in about four minutes, single 8x8 openings in minutes; see
//! `docs/benchmarks/hex.md` for measured sizes and times).
//!
//! - [`board`]: the solver's 128-bit position and masks.
//! - [`bits`]: cell sets (`u128`, three words); [`hsearch`]: virtual connections by
//!   H-search (bridges, edge templates and their combinations), seeded with the proven
//!   [`templates`] it cannot derive.
//! - [`ice`]: dead cells and captured pairs, filled in before a position is searched, and
//!   the moves left out as vulnerable or dominated.
//! - [`order`]: move ordering by the current through each cell (resistance networks).
//! - [`stealing`]: the moves a strategy-stealing argument proves lost.
//! - [`prover`]: depth-first proof-number search with must-play regions, proofs that prune
//!   siblings, and a table that keeps proofs.
//!
//! [`HexSolver::solve`] proves who wins a position; [`HexSolver::analyze`] proves every legal
//! move (the swap included when available). Scores are +1 (the side to move wins by playing
//! the move) and -1 (it loses).

pub mod bits;
pub mod board;
pub mod hsearch;
pub mod ice;
pub mod order;
pub mod prover;
pub mod stealing;
pub mod templates;

use board::{Board, MAX_SOLVER_SIZE};

use poda_core::{Game, Player};
use poda_games::hex::{Hex, HexMove};
pub use prover::Settings;
use prover::{Prover, Verdict, SWAP};
use std::time::{Duration, Instant};
use thiserror::Error;

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HexSolveError {
    #[error("the Hex solver takes boards up to {MAX_SOLVER_SIZE}x{MAX_SOLVER_SIZE} (this one is {0}x{0})")]
    TooLarge(u32),
}

/// The result of one solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The winner with perfect play.
    pub winner: Player,
    /// Proof-number search nodes and H-search expansions spent.
    pub nodes: u64,
    pub expansions: u64,
    pub time: Duration,
}

/// A solver; its table is kept between calls on the same board size.
pub struct HexSolver {
    dfpn: Option<Prover>,
    /// The prover's ordering and focus (read when a prover is made for a new size).
    pub settings: Settings,
}

impl Default for HexSolver {
    fn default() -> Self {
        HexSolver::new()
    }
}

impl HexSolver {
    pub fn new() -> HexSolver {
        HexSolver {
            dfpn: None,
            settings: Settings::default(),
        }
    }

    fn searcher(&mut self, size: u32) -> &mut Prover {
        if self.dfpn.as_ref().is_none_or(|d| d.masks().size != size) {
            let mut prover = Prover::new(size);
            prover.settings = self.settings;
            self.dfpn = Some(prover);
        }
        self.dfpn.as_mut().expect("just set")
    }

    /// Proves who wins `game`.
    pub fn solve(&mut self, game: &Hex) -> Result<Proof, HexSolveError> {
        Ok(self
            .solve_within(game, None)?
            .expect("a search without a time limit ends with a proof"))
    }

    /// Proves who wins `game` within `limit` (`Ok(None)` when the time runs out first; what
    /// the search proved stays in the table for the next call).
    pub fn solve_within(
        &mut self,
        game: &Hex,
        limit: Option<Duration>,
    ) -> Result<Option<Proof>, HexSolveError> {
        let board = Board::from_hex(game).ok_or(HexSolveError::TooLarge(game.size()))?;
        let began = Instant::now();
        if let Some(w) = game.winner() {
            return Ok(Some(Proof {
                winner: w,
                nodes: 0,
                expansions: 0,
                time: began.elapsed(),
            }));
        }
        let dfpn = self.searcher(game.size());
        let (n0, e0) = (dfpn.nodes, dfpn.expansions);
        let me = game.side_to_move();
        let winner = match dfpn.prove(&board, limit.map(|l| began + l)) {
            Verdict::Win => me,
            Verdict::Loss => me.opponent(),
            Verdict::Unknown => return Ok(None),
        };
        Ok(Some(Proof {
            winner,
            nodes: dfpn.nodes - n0,
            expansions: dfpn.expansions - e0,
            time: began.elapsed(),
        }))
    }

    /// Proves every legal move: `(move, +1)` if the side to move wins by playing it, `-1`
    /// otherwise, in the game's move order. Empty for a finished game.
    pub fn analyze(&mut self, game: &Hex) -> Result<Vec<(HexMove, i32)>, HexSolveError> {
        let board = Board::from_hex(game).ok_or(HexSolveError::TooLarge(game.size()))?;
        let me = game.side_to_move();
        let mut out = Vec::new();
        let moves = game.legal_move_list();
        let dfpn = self.searcher(game.size());
        // A position that the 180-degree rotation leaves unchanged (the empty board) has the
        // same value at a move and at its rotated twin: prove only one of each pair.
        let symmetric = board.rotated(dfpn.masks()) == board;
        let cells = game.cells() as u16;
        let mut proven: std::collections::HashMap<u16, bool> = std::collections::HashMap::new();
        for mv in moves {
            if let (true, HexMove::Cell(c)) = (symmetric, mv) {
                if let Some(&wins) = proven.get(&(cells - 1 - c)) {
                    out.push((mv, if wins { 1 } else { -1 }));
                    continue;
                }
            }
            let child = match mv {
                HexMove::Swap => dfpn.child(&board, SWAP),
                HexMove::Cell(c) => dfpn.child(&board, c as u8),
            };
            let after = game.after(mv);
            let wins = match after.winner() {
                Some(w) => w == me,
                None => dfpn.prove(&child, None) == Verdict::Loss,
            };
            if let HexMove::Cell(c) = mv {
                proven.insert(c, wins);
            }
            out.push((mv, if wins { 1 } else { -1 }));
        }
        Ok(out)
    }

    /// A move that wins `game` for the side to move, if the last solve of `game` proved it
    /// won and its table names the move (`None` also for a position already decided by its
    /// fill-in alone, where every move wins).
    pub fn winning_move(&mut self, game: &Hex) -> Option<HexMove> {
        let board = Board::from_hex(game)?;
        let dfpn = self
            .dfpn
            .as_mut()
            .filter(|d| d.masks().size == game.size())?;
        let (filled, _) = dfpn.normalize(&board);
        let mv = match dfpn.winning_move(&filled)? {
            SWAP => HexMove::Swap,
            c => HexMove::Cell(c as u16),
        };
        game.is_legal_move(mv).then_some(mv)
    }

    /// The moves of `game` that the table proves lose for the side to move (what earlier
    /// solves, finished or not, proved; the swap is never among them).
    pub fn losing_moves(&self, game: &Hex) -> Vec<HexMove> {
        let Some(board) = Board::from_hex(game) else {
            return Vec::new();
        };
        let Some(dfpn) = self.dfpn.as_ref().filter(|d| d.masks().size == game.size()) else {
            return Vec::new();
        };
        let (filled, _) = dfpn.normalize(&board);
        board::cells(dfpn.losing_moves(&filled))
            .map(|c| HexMove::Cell(c as u16))
            .collect()
    }

    /// Entries in the table of the current board size.
    pub fn table_len(&self) -> usize {
        self.dfpn.as_ref().map_or(0, |d| d.table_len())
    }

    /// Drops the table (and what it proved).
    pub fn forget(&mut self) {
        self.dfpn = None;
    }

    /// The mean number of moves of the open nodes expanded so far (the search's branching
    /// after must-play regions and inferior cells); 0 before any.
    pub fn mean_moves(&self) -> f64 {
        self.dfpn.as_ref().map_or(0.0, |d| {
            d.moves_given as f64 / d.open_expansions.max(1) as f64
        })
    }

    /// Search nodes spent so far on the current board size.
    pub fn nodes(&self) -> u64 {
        self.dfpn.as_ref().map_or(0, |d| d.nodes)
    }
}
