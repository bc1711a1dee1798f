//! A Hex solver for boards up to 11x11 (in practice: every opening of 6x6 in about a second,
//! of 7x7 in about a minute on one thread, single 8x8 openings in tens of seconds to minutes;
//! see `docs/benchmarks/hex.md` for measured sizes and times).
//!
//! - [`board`]: the solver's 128-bit position and masks.
//! - [`bits`]: cell sets (`u128`, three words); [`fastvc`]: virtual connections by FastVC
//!   search (the prover's), [`hsearch`]: by H-search; [`points`]: what the two share (the
//!   points of a build, the edge report, the proven [`templates`] that seed both);
//!   [`engine`]: the prover's choice of the two.
//! - [`ice`]: dead cells and captured pairs, filled in before a position is searched, and
//!   the moves left out as vulnerable or dominated; [`decompose`]: the pockets of empty
//!   cells a player may fill because a full connection already spans them.
//! - [`order`]: move ordering by the current through each cell (resistance networks).
//! - [`stealing`]: the moves a strategy-stealing argument proves lost.
//! - [`prover`]: depth-first proof-number search with must-play regions, proofs that prune
//!   siblings, and a table that keeps proofs.
//! - [`parallel`]: the moves of a map (or one position's replies) proved on several threads,
//!   each prover publishing what it proves in [`shared`] proofs the others consult.
//!
//! [`HexSolver::solve`] proves who wins a position ([`HexSolver::solve_with`] on several
//! threads); [`HexSolver::analyze`] proves every legal move (the swap included when
//! available; [`HexSolver::analyze_with`] on several threads). Scores are +1 (the side to
//! move wins by playing the move) and -1 (it loses).

pub mod bits;
pub mod board;
pub mod decompose;
pub mod engine;
pub mod fastvc;
pub mod hsearch;
pub mod ice;
pub mod order;
pub mod parallel;
pub mod points;
pub mod prover;
pub mod shared;
pub mod stealing;
pub mod templates;

use board::{Board, MAX_SOLVER_SIZE};

use poda_core::{Game, Player};
use poda_games::hex::{Hex, HexMove};
pub use prover::Settings;
use prover::{Prover, Verdict, SWAP};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
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
    /// Nodes spent by the helper provers of [`HexSolver::analyze_with`].
    helper_nodes: u64,
    /// The prover's ordering and focus (read when a prover is made for a new size).
    pub settings: Settings,
    /// Ends the proof under way when set ([`HexSolver::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
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
            helper_nodes: 0,
            settings: Settings::default(),
            stop: None,
        }
    }

    fn searcher(&mut self, size: u32) -> &mut Prover {
        if self.dfpn.as_ref().is_none_or(|d| d.masks().size != size) {
            let mut prover = Prover::new(size);
            prover.settings = self.settings;
            prover.set_stop(self.stop.clone());
            self.dfpn = Some(prover);
        }
        self.dfpn.as_mut().expect("just set")
    }

    /// A flag that ends a solve under way when another thread sets it, as its time limit
    /// would (`None`: no such flag).
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        if let Some(d) = self.dfpn.as_mut() {
            d.set_stop(stop.clone());
        }
        self.stop = stop;
    }

    /// Proves who wins `game`.
    pub fn solve(&mut self, game: &Hex) -> Result<Proof, HexSolveError> {
        Ok(self
            .solve_within(game, None)?
            .expect("a search without a time limit ends with a proof"))
    }

    /// Proves who wins `game` on `threads` threads: past the first, each proves the
    /// position's replies from the back of the prover's list and shares its proofs
    /// ([`parallel`]); the same answer as [`HexSolver::solve`].
    pub fn solve_with(&mut self, game: &Hex, threads: usize) -> Result<Proof, HexSolveError> {
        if threads <= 1 || game.winner().is_some() {
            return self.solve(game);
        }
        let board = Board::from_hex(game).ok_or(HexSolveError::TooLarge(game.size()))?;
        let began = Instant::now();
        let settings = self.settings;
        let dfpn = self.searcher(game.size());
        let (n0, e0) = (dfpn.nodes, dfpn.expansions);
        let found = parallel::prove_all(dfpn, &[board], threads, settings, &|_, _| {});
        let (nodes, expansions) = (dfpn.nodes - n0, dfpn.expansions - e0);
        self.helper_nodes += found.helper_nodes;
        let me = game.side_to_move();
        Ok(Proof {
            winner: if found.lost[0] { me.opponent() } else { me },
            nodes: nodes + found.helper_nodes,
            expansions,
            time: began.elapsed(),
        })
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
        self.analyze_with(game, 1, &|_, _| {})
    }

    /// A move that wins `game` for the side to move, if the last solve of `game` proved it
    /// won and its table names the move (`None` also for a position already decided by its
    /// fill-in alone, where every move wins).
    pub fn winning_move(&self, game: &Hex) -> Option<HexMove> {
        let (dfpn, filled) = self.table_root(game)?;
        let mv = match dfpn.winning_move(&filled)? {
            SWAP => HexMove::Swap,
            c => HexMove::Cell(c as u16),
        };
        game.is_legal_move(mv).then_some(mv)
    }

    /// The moves of `game` that the table proves lose for the side to move (what earlier
    /// solves, finished or not, proved; the swap is never among them).
    pub fn losing_moves(&self, game: &Hex) -> Vec<HexMove> {
        let Some((dfpn, filled)) = self.table_root(game) else {
            return Vec::new();
        };
        board::cells(dfpn.losing_moves(&filled))
            .map(|c| HexMove::Cell(c as u16))
            .collect()
    }

    /// The prover whose table holds `game`'s board size, and `game` with its fill-in done
    /// (the form the table keeps positions in).
    fn table_root(&self, game: &Hex) -> Option<(&Prover, Board)> {
        let board = Board::from_hex(game)?;
        let dfpn = self
            .dfpn
            .as_ref()
            .filter(|d| d.masks().size == game.size())?;
        Some((dfpn, dfpn.normalize(&board).0))
    }

    /// Entries in the table of the current board size.
    pub fn table_len(&self) -> usize {
        self.dfpn.as_ref().map_or(0, |d| d.table_len())
    }

    /// Drops the table (and what it proved).
    pub fn forget(&mut self) {
        self.dfpn = None;
    }

    /// [`HexSolver::analyze`] on `threads` threads: each proves whole moves with a prover and
    /// table of its own, taking the next move not yet taken, and when none is left helps the
    /// moves still being proved ([`parallel`]; proofs hold whoever finds them, so the answers
    /// are the same as with one thread). `progress` is called after each move proved with
    /// the count done and the count to do.
    pub fn analyze_with(
        &mut self,
        game: &Hex,
        threads: usize,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Vec<(HexMove, i32)>, HexSolveError> {
        let board = Board::from_hex(game).ok_or(HexSolveError::TooLarge(game.size()))?;
        let me = game.side_to_move();
        let moves = game.legal_move_list();
        let settings = self.settings;
        let size = game.size();
        let own = self.searcher(size);
        let symmetric = board.rotated(own.masks()) == board;
        let cells = game.cells() as u16;
        // Moves that end the game (their winner), proved by the rules.
        let ended: Vec<Option<Player>> = moves.iter().map(|&mv| game.after(mv).winner()).collect();
        // The moves to prove: a finished game needs no proof, and in a position that the
        // 180-degree rotation leaves unchanged (the empty board) a move has the value of its
        // rotated twin.
        let mut todo: Vec<usize> = Vec::new();
        let mut twin_of: Vec<Option<usize>> = vec![None; moves.len()];
        let mut first_at: std::collections::HashMap<u16, usize> = Default::default();
        for (i, &mv) in moves.iter().enumerate() {
            if ended[i].is_some() {
                continue;
            }
            if let (true, HexMove::Cell(c)) = (symmetric, mv) {
                if let Some(&j) = first_at.get(&(cells - 1 - c)) {
                    twin_of[i] = Some(j);
                    continue;
                }
                first_at.insert(c, i);
            }
            todo.push(i);
        }
        let positions: Vec<Board> = todo
            .iter()
            .map(|&i| match moves[i] {
                HexMove::Swap => own.child(&board, SWAP),
                HexMove::Cell(c) => own.child(&board, c as u8),
            })
            .collect();
        let found = parallel::prove_all(own, &positions, threads, settings, progress);
        self.helper_nodes += found.helper_nodes;
        let mut wins: Vec<Option<bool>> = vec![None; moves.len()];
        for (k, &i) in todo.iter().enumerate() {
            wins[i] = Some(found.lost[k]);
        }
        Ok(moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let w = match (ended[i], twin_of[i]) {
                    (Some(winner), _) => winner == me,
                    (None, Some(j)) => wins[j].expect("a twin's move is proved"),
                    (None, None) => wins[i].expect("every move is proved"),
                };
                (mv, if w { 1 } else { -1 })
            })
            .collect())
    }

    /// The mean number of moves of the open nodes expanded so far (the search's branching
    /// after must-play regions and inferior cells); 0 before any.
    pub fn mean_moves(&self) -> f64 {
        self.dfpn.as_ref().map_or(0.0, |d| {
            d.moves_given as f64 / d.open_expansions.max(1) as f64
        })
    }

    /// Search nodes spent so far on the current board size (the helper provers' too).
    pub fn nodes(&self) -> u64 {
        self.dfpn.as_ref().map_or(0, |d| d.nodes) + self.helper_nodes
    }
}
