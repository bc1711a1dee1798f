//! An exact Kalah solver: the final store difference under perfect play.
//!
//! The techniques are those of Irving, Donkers and Uiterwijk, "Solving Kalah" (ICGA Journal
//! 23(3), 2000), who solved Kalah up to six pits and five seeds:
//! - MTD(f) (Plaat et al. 1996): a series of null-window searches `value >= g?` converging on
//!   the value, every one reusing the table's bounds;
//! - values relative to the stores (the future margin, see `search`), bounded by the seeds
//!   still in the pits (the futility bound: a window outside `[-s, s]` is cut at once, and a
//!   move whose gain already beats the window by more than the seeds left wins at once);
//! - a transposition table keyed by the exact rank of the pits ([`tt`]), shared lock-free by
//!   the threads;
//! - move ordering (the table's move, extra turns, captures, then the children's table
//!   bounds) and enhanced transposition cut-offs;
//! - endgame databases: every configuration with few seeds in the pits, exact ([`db`], built
//!   by [`db_build`] and read from a file), or else a lazily filled table
//!   (`poda_games::kalah::EndgameTable`);
//! - two or more threads on each null-window search ([`parallel`]: a simplified ABDADA).
//!
//! The solver works on the game's own sowing routine (`poda_games::kalah::Board`), so its
//! rules are the ones the naive-oracle tests check.

pub mod book;
pub mod book_build;
pub mod db;
pub mod db_build;
mod parallel;
pub mod perfect;
mod search;
pub mod tt;

use db::EndgameDb;
use poda_core::Game;
use poda_games::kalah::rank::Ranker;
use poda_games::kalah::{Board, EndgameTable, Kalah};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;
use tt::Table;

/// Default table size (MiB).
pub const DEFAULT_TT_MIB: usize = 512;
/// Default seeds covered by the lazy endgame table (when there is no database), and its cap
/// in entries (bytes). Filled lazily and full-width, a larger table costs more than it saves
/// (docs/benchmarks/kalah.md).
pub const DEFAULT_ENDGAME_SEEDS: u32 = 12;
pub const DEFAULT_ENDGAME_ENTRIES: u64 = 1 << 28;
/// Default [`SolverConfig::full_margin`].
pub const DEFAULT_FULL_MARGIN: u32 = 4;
/// Values must fit the table's byte encoding.
pub const MAX_TOTAL_SEEDS: u32 = 127;

/// How to build a solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    pub tt_mib: usize,
    /// Positions with at most this many seeds in the pits come from the lazy endgame table
    /// (lowered to fit `endgame_entries`); 0 turns it off. Not used with a database.
    pub endgame_seeds: u32,
    pub endgame_entries: u64,
    /// Enhanced transposition cut-offs (at nodes that get the full search).
    pub etc: bool,
    /// Nodes with at least this many seeds more than the endgame table or database covers
    /// get the full search (every move sown and looked up before any is searched); the
    /// others, whose subtrees are small, the light one.
    pub full_margin: u32,
    /// Threads of each null-window search of a large position.
    pub threads: usize,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            tt_mib: DEFAULT_TT_MIB,
            endgame_seeds: DEFAULT_ENDGAME_SEEDS,
            endgame_entries: DEFAULT_ENDGAME_ENTRIES,
            etc: true,
            full_margin: DEFAULT_FULL_MARGIN,
            threads: 1,
        }
    }
}

/// The smaller of two optional limits (none: no limit).
fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    }
}

/// A game the solver cannot take.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    #[error("the Kalah solver handles at most {MAX_TOTAL_SEEDS} seeds in all, this game has {0}")]
    TooManySeeds(u32),
}

/// Where exact values of positions with few seeds come from.
#[derive(Clone, Debug)]
pub enum Endgame {
    /// A complete database (read from a file or built in memory).
    Db(Arc<EndgameDb>),
    /// The lazily filled table.
    Lazy(Arc<EndgameTable>),
}

impl Endgame {
    /// Most seeds in the pits of a position it answers.
    pub fn max_seeds(&self) -> u32 {
        match self {
            Endgame::Db(d) => d.seeds(),
            Endgame::Lazy(t) => t.max_seeds(),
        }
    }

    /// The future margin of `b`, which has `seeds` seeds in its pits, if covered.
    #[inline]
    fn value(&self, b: &Board, seeds: u32) -> Option<i32> {
        match self {
            Endgame::Db(d) => (seeds <= d.seeds()).then(|| d.value_of(b, seeds)),
            Endgame::Lazy(t) => t.value(b),
        }
    }

    /// The future margin of the configuration of rank `rank` with `seeds` seeds, if a
    /// database covers it (the lazy table answers through [`Endgame::value`] only).
    #[inline]
    fn value_at(&self, rank: u64, seeds: u32) -> Option<i32> {
        match self {
            Endgame::Db(d) if seeds <= d.seeds() => Some(d.value_at(rank)),
            _ => None,
        }
    }

    /// Starts loading the entry of a rank into the cache.
    #[inline]
    fn prefetch(&self, rank: u64, seeds: u32) {
        if let Endgame::Db(d) = self {
            if seeds <= d.seeds() {
                d.prefetch(rank);
            }
        }
    }

    fn fits(&self, game: &Kalah) -> bool {
        match self {
            Endgame::Db(d) => d.pits() == game.pits() && d.empty_capture() == game.empty_capture(),
            Endgame::Lazy(t) => {
                t.pits() == game.pits() && t.empty_capture() == game.empty_capture()
            }
        }
    }
}

/// What every thread of a solver shares.
pub(crate) struct Shared {
    pits: usize,
    empty_capture: bool,
    ranker: Ranker,
    endgame: Endgame,
    tt: Table,
    etc: bool,
    /// Nodes with fewer seeds in the pits take the light search (see `search`).
    full_min_seeds: u32,
}

/// The solver of one game (pit count, capture rule): tables are kept between positions, so
/// solving many positions of a game reuses what was learnt.
pub struct KalahSolver {
    shared: Shared,
    threads: usize,
    nodes: u64,
    /// Budget of the current bounded call (see [`KalahSolver::within`]).
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    aborted: bool,
}

impl std::fmt::Debug for KalahSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KalahSolver")
            .field("pits", &self.shared.pits)
            .field("empty_capture", &self.shared.empty_capture)
            .field("endgame", &self.shared.endgame)
            .field("threads", &self.threads)
            .finish()
    }
}

impl KalahSolver {
    /// A solver with its own lazily filled endgame table.
    pub fn new(game: &Kalah, config: &SolverConfig) -> Result<KalahSolver, SolveError> {
        let table = EndgameTable::new(
            game.pits(),
            game.empty_capture(),
            config.endgame_seeds.min(game.total_seeds()),
            config.endgame_entries,
        );
        Self::with(game, config, Endgame::Lazy(Arc::new(table)))
    }

    /// A solver using an existing lazy endgame table (of the same pit count and capture
    /// rule), such as the one the evaluators share; `config`'s endgame settings are ignored.
    pub fn with_endgame(
        game: &Kalah,
        config: &SolverConfig,
        endgame: Arc<EndgameTable>,
    ) -> Result<KalahSolver, SolveError> {
        Self::with(game, config, Endgame::Lazy(endgame))
    }

    /// A solver using an endgame database (of the same pit count and capture rule).
    pub fn with_db(
        game: &Kalah,
        config: &SolverConfig,
        db: Arc<EndgameDb>,
    ) -> Result<KalahSolver, SolveError> {
        Self::with(game, config, Endgame::Db(db))
    }

    /// A solver with the given source of endgame values.
    pub fn with(
        game: &Kalah,
        config: &SolverConfig,
        endgame: Endgame,
    ) -> Result<KalahSolver, SolveError> {
        assert!(endgame.fits(game), "an endgame table of another game");
        let total = game.total_seeds();
        if total > MAX_TOTAL_SEEDS {
            return Err(SolveError::TooManySeeds(total));
        }
        let pits = game.pits();
        let ranker = Ranker::new(2 * pits, total).ok_or(SolveError::TooManySeeds(total))?;
        Ok(KalahSolver {
            shared: Shared {
                pits,
                empty_capture: game.empty_capture(),
                ranker,
                full_min_seeds: endgame.max_seeds() + config.full_margin,
                endgame,
                tt: Table::new(config.tt_mib),
                etc: config.etc,
            },
            threads: config.threads.max(1),
            nodes: 0,
            node_limit: None,
            deadline: None,
            aborted: false,
        })
    }

    /// Forgets what the table learnt (and the node count): a fresh solver on the same
    /// endgame values.
    pub fn clear(&mut self) {
        self.shared.tt.clear();
        self.nodes = 0;
    }

    /// Positions searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Seeds covered by the endgame table or database.
    pub fn endgame_seeds(&self) -> u32 {
        self.shared.endgame.max_seeds()
    }

    /// The source of endgame values.
    pub fn endgame(&self) -> &Endgame {
        &self.shared.endgame
    }

    /// Per thousand of the table's slots in use (sampled).
    pub fn table_permille(&self) -> u32 {
        self.shared.tt.permille_used()
    }

    /// Is the future margin of `b` at least `g`? One null-window search.
    pub fn future_at_least(&mut self, b: &Board, g: i32) -> bool {
        self.search(b, g - 1, g) >= g
    }

    /// The future margin of `b` (the final store difference for its side to move, minus
    /// `b.margin()`) searched in the window `(alpha, beta)`, fail-soft: a result `<= alpha`
    /// is an upper bound, `>= beta` a lower bound, anything between is exact. The unit of
    /// work for splitting a solve (any window, any position of the game); the bounds it
    /// proves stay in the table for later calls.
    pub fn future_window(&mut self, b: &Board, alpha: i32, beta: i32) -> i32 {
        self.search(b, alpha, beta)
    }

    /// The exact future margin of `b` by MTD(f) from the guess `guess`.
    pub fn future(&mut self, b: &Board, guess: i32) -> i32 {
        self.future_reporting(b, guess, &mut |_, _, _| {})
    }

    /// [`KalahSolver::future`], calling `report(lo, hi, nodes)` after each null-window search
    /// with the bounds proven so far on the future margin (for progress on long solves).
    fn future_reporting(
        &mut self,
        b: &Board,
        guess: i32,
        report: &mut dyn FnMut(i32, i32, u64),
    ) -> i32 {
        let seeds = b.seeds_in_pits() as i32;
        let (mut lo, mut hi) = (-seeds, seeds);
        let mut g = guess.clamp(lo, hi);
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            let v = self.search(b, beta - 1, beta);
            if v < beta {
                hi = v;
            } else {
                lo = v;
            }
            g = v;
            if !self.aborted {
                report(lo, hi, self.nodes);
            }
        }
        lo
    }

    /// The final store difference for the side to move under perfect play.
    pub fn solve(&mut self, game: &Kalah) -> i32 {
        let guess = game.board().margin();
        self.solve_reporting(game, guess, &mut |_, _, _| {})
    }

    /// [`KalahSolver::solve`] from the first guess `guess` (a final store difference; any
    /// guess gives the same value), calling `report(lo, hi, nodes)` with the bounds proven so
    /// far on the final store difference after each null-window search of the MTD(f)
    /// sequence.
    pub fn solve_reporting(
        &mut self,
        game: &Kalah,
        guess: i32,
        report: &mut dyn FnMut(i32, i32, u64),
    ) -> i32 {
        self.check_game(game);
        if game.outcome().is_over() {
            return game.store_difference(game.to_move());
        }
        let b = game.board();
        let margin = b.margin();
        let mut report = |lo, hi, n| report(margin + lo, margin + hi, n);
        margin + self.future_reporting(b, guess - margin, &mut report)
    }

    /// The final store difference (for the side to move here) after each legal move, in pit
    /// order.
    pub fn analyze(&mut self, game: &Kalah) -> Vec<(u8, i32)> {
        self.check_game(game);
        let me = game.to_move();
        game.legal_move_list()
            .into_iter()
            .map(|mv| {
                let child = game.after(mv);
                let v = self.solve(&child);
                (mv, if child.to_move() == me { v } else { -v })
            })
            .collect()
    }

    /// The value and every move that keeps it (in pit order), by one null-window test a move.
    pub fn best_moves(&mut self, game: &Kalah) -> (i32, Vec<u8>) {
        let score = self.solve(game);
        let me = game.to_move();
        let mut best = Vec::new();
        for mv in game.legal_move_list() {
            if self.move_keeps(game, mv, me, score) {
                best.push(mv);
            }
        }
        (score, best)
    }

    /// A principal variation: a best move at every ply to the end of the game (the first best
    /// in pit order).
    pub fn principal_variation(&mut self, game: &Kalah) -> Vec<u8> {
        let mut line = Vec::new();
        let mut pos = *game;
        while !pos.outcome().is_over() {
            let score = self.solve(&pos);
            let me = pos.to_move();
            // Some move keeps the value (none only if a budget ran out).
            let Some(mv) = pos
                .legal_move_list()
                .into_iter()
                .find(|&mv| self.move_keeps(&pos, mv, me, score))
            else {
                break;
            };
            line.push(mv);
            pos.play_unchecked(mv);
        }
        line
    }

    /// Does `mv` reach the final margin `score` (for `me`, to move in `game`)?
    fn move_keeps(&mut self, game: &Kalah, mv: u8, me: poda_core::Player, score: i32) -> bool {
        let child = game.after(mv);
        let b = child.board();
        if child.outcome().is_over() {
            return child.store_difference(me) >= score;
        }
        // The child's final margin for its mover is b.margin() + future.
        if child.to_move() == me {
            self.future_at_least(b, score - b.margin())
        } else {
            // -(b.margin() + future) >= score  <=>  future <= -score - b.margin()
            !self.future_at_least(b, -score - b.margin() + 1)
        }
    }

    /// Runs `f` with a budget of `nodes` more nodes and `time` (either may be absent): its
    /// answer, or `None` if the budget ran out first. An aborted search stores nothing, so
    /// the tables stay exact and a later call goes on from what was proven.
    pub fn within<T>(
        &mut self,
        nodes: Option<u64>,
        time: Option<Duration>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> Option<T> {
        // Calls nest: the inner budget is the tighter of both, and an outer budget spent
        // inside leaves the outer call aborted too.
        let (outer_nodes, outer_deadline, outer_aborted) =
            (self.node_limit, self.deadline, self.aborted);
        self.node_limit = tighter(outer_nodes, nodes.map(|n| self.nodes.saturating_add(n)));
        self.deadline = tighter(outer_deadline, time.map(|t| Instant::now() + t));
        let answer = f(self);
        let aborted = self.aborted;
        self.node_limit = outer_nodes;
        self.deadline = outer_deadline;
        let outer_spent = outer_nodes.is_some_and(|n| self.nodes > n)
            || outer_deadline.is_some_and(|d| Instant::now() >= d);
        self.aborted = outer_aborted || (aborted && outer_spent);
        (!aborted).then_some(answer)
    }

    /// Whether the current bounded call ran out of budget (its answers are meaningless).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn check_game(&self, game: &Kalah) {
        assert!(
            game.pits() == self.shared.pits && game.empty_capture() == self.shared.empty_capture,
            "a solver answers for the game it was made for"
        );
    }
}
