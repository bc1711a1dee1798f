//! The engine: negamax alpha-beta with iterative deepening, a transposition table, move
//! ordering and principal variation search.
//!
//! - Negamax (Knuth and Moore 1975) over side-to-move scores; a child whose side to move did
//!   not change (an extra turn) keeps its sign and the window is passed down unchanged.
//! - Iterative deepening: depth 1, 2, ... until a limit; each finished iteration is reported
//!   and its best move is searched first in the next one. An iteration cut short by a limit
//!   keeps only what it proved: the last iteration's best move is searched first, so if
//!   another root move finished with a better value before the stop, that move is better at
//!   the new depth and is played (as chess engines do); otherwise the last iteration's result
//!   stands. A new iteration is not started once [`START_ITERATION_BEFORE`] of the move time
//!   is gone.
//! - Transposition table ([`tt`]) with mate scores stored node-relative. In
//!   `exact_depth_tt` mode only entries of exactly the depth asked may cut, so a fixed-depth
//!   value is the same as plain minimax's (used by the cross-check tests).
//! - Move ordering ([`ordering`]): TT move, killers, history, evaluator hints.
//! - Principal variation search (Marsland and Campbell, "Parallel search of strongly ordered
//!   game trees", 1982): after the first move, a null window proves the others worse and only
//!   a fail-high is searched again with the full window.
//! - Repetition: in games that can cycle (no `max_plies`), a position already on the search
//!   path or seen earlier in the game scores as a draw, so going round in circles is never
//!   mistaken for progress.
//! - Contempt: optionally a draw is worth a little less than 0 to the root player (and so a
//!   little more to its opponent), so that against a weaker opponent the engine keeps playing
//!   rather than settling for a repetition.
//! - Optional seeded random choice among equally good root moves, proven equal by null-window
//!   tests at the final depth.
//! - Optional extension of extra turns: a move after which the same player moves again does
//!   not count against the depth (a chain of Kalah extra turns is one turn; chains are finite
//!   in a game that cannot cycle).
//! - Tracing: [`Engine::search_traced`] reports every node to a [`Tracer`] (`poda explain`);
//!   [`Engine::search`] runs with [`NoTrace`], which compiles away.

mod node;
pub mod ordering;
pub mod tt;

use crate::clock::Clock;
use crate::stack::PlyStack;
use crate::trace::{NoTrace, Tracer};
use crate::{Limits, SearchResult};
use ordering::Ordering;
use poda_core::{Evaluator, Game, Player, Rng, Score, SearchInfo};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tt::TranspositionTable;

/// Deepest iteration the engine ever starts.
pub const MAX_DEPTH: u32 = 128;
/// Do not start a new iteration after this fraction of the move time. (An iteration cut
/// short still counts, see the module doc, so a late start is not wasted. Measured with
/// Connect 4's `hybrid` at 0.1 s against OpenSpiel's MCTS, `docs/benchmarks/connect4.md`.)
const START_ITERATION_BEFORE: f64 = 0.75;

/// The engine's switches. The default is the full engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Transposition table size in MiB (0 disables the table).
    pub tt_mib: usize,
    /// Only let table entries of exactly the depth asked cut off (for cross-checks).
    pub exact_depth_tt: bool,
    pub killers: bool,
    pub history: bool,
    pub pvs: bool,
    /// Iterative deepening; without it a fixed-depth search runs its one depth directly.
    pub iterative: bool,
    /// Seed for a random choice among equally good root moves; `None` keeps the first.
    pub random_ties: Option<u64>,
    /// How much worse than 0 a draw (by the rules or by repetition) is for the root player,
    /// in evaluation units; a positive value makes the engine avoid draws against a weaker
    /// opponent. 0 (the default) scores draws as 0.
    pub contempt: i32,
    /// A move after which the same player moves again (Kalah's extra turn) costs no depth.
    /// Off by default: fixed-depth values then differ from plain minimax's.
    pub extend_extra_turns: bool,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            tt_mib: 64,
            exact_depth_tt: false,
            killers: true,
            history: true,
            pvs: true,
            iterative: true,
            random_ties: None,
            contempt: 0,
            extend_extra_turns: false,
        }
    }
}

/// A reusable searcher: keeps its table, history and game history between moves.
pub struct Engine<G: Game> {
    config: EngineConfig,
    eval: Arc<dyn Evaluator<G>>,
    tt: Option<TranspositionTable>,
    ordering: Ordering<G::Move>,
    stack: PlyStack<G::Move>,
    keys: Vec<Vec<i64>>,
    /// Hashes of the current search path (only for games that can cycle).
    path: Vec<u64>,
    /// Hashes of positions seen earlier in the game (only for games that can cycle).
    seen: Vec<u64>,
    root_player: Option<Player>,
    rng: Rng,
    nodes: u64,
}

impl<G: Game> std::fmt::Debug for Engine<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("config", &self.config)
            .field("eval", &self.eval.name())
            .finish()
    }
}

/// Everything one search needs besides the engine's own state.
struct Context<'c, T> {
    clock: Clock<'c>,
    root: Player,
    cycles: bool,
    /// The value of the root's principal variation so far in the current iteration.
    root_best: Score,
    trace: &'c mut T,
}

/// How one root iteration ended.
enum Iteration<M> {
    /// Searched to the end: the root's value and principal variation.
    Complete(Score, Vec<M>),
    /// Cut short after some root moves were searched to the end: the best of those (a lower
    /// bound on the root's value at this depth) and its principal variation.
    Partial(Score, Vec<M>),
    /// Cut short before any root move was searched to the end.
    Stopped,
}

impl<G: Game> Engine<G> {
    pub fn new(eval: Arc<dyn Evaluator<G>>, config: EngineConfig) -> Self {
        let ordering = Ordering::new(config.killers, config.history);
        let rng = Rng::new(config.random_ties.unwrap_or(0));
        Engine {
            config,
            eval,
            // Made by the first `new_game` or search: building an engine (to check a spec, or
            // for a game it may never play) costs nothing.
            tt: None,
            ordering,
            stack: PlyStack::new(),
            keys: Vec::new(),
            path: Vec::new(),
            seen: Vec::new(),
            root_player: None,
            rng,
            nodes: 0,
        }
    }

    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Forgets everything learnt (table, history, game history); reseeds the tie-breaker.
    pub fn new_game(&mut self, seed: u64) {
        match &mut self.tt {
            Some(tt) => tt.clear(),
            None => self.make_table(),
        }
        self.ordering.clear();
        self.seen.clear();
        self.root_player = None;
        self.rng = Rng::new(self.config.random_ties.unwrap_or(0) ^ seed);
    }

    /// Makes the transposition table if the configuration asks for one and it is not made
    /// yet (writing every page, outside any timed search).
    fn make_table(&mut self) {
        if self.tt.is_none() && self.config.tt_mib > 0 {
            self.tt = Some(TranspositionTable::new(self.config.tt_mib));
        }
    }

    /// Whether the transposition table has been made (by `new_game` or a search).
    pub fn has_table(&self) -> bool {
        self.tt.is_some()
    }

    /// Remembers a position of the current game (for repetition detection).
    pub fn note_position(&mut self, game: &G) {
        if game.max_plies().is_none() {
            self.seen.push(game.hash());
        }
    }

    /// Searches `game` within `limits`; calls `progress` after each finished iteration.
    pub fn search(
        &mut self,
        game: &G,
        limits: &Limits,
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_traced(game, limits, stop, progress, &mut NoTrace)
    }

    /// [`Engine::search`], telling `trace` every node it visits (each iteration's root is a
    /// root of the trace).
    pub fn search_traced<T: Tracer<G>>(
        &mut self,
        game: &G,
        limits: &Limits,
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
        trace: &mut T,
    ) -> SearchResult<G::Move> {
        let mut ctx = self.begin(game, limits, stop, trace);
        let root_moves = game.legal_move_list();
        if root_moves.is_empty() {
            return self.finish(&ctx, None, terminal_root(game), 0, Vec::new());
        }
        let max_depth = self.max_depth(game, limits);
        let first_depth = if self.config.iterative { 1 } else { max_depth };
        let mut best: (G::Move, Score, u32, Vec<G::Move>) =
            (root_moves[0], Score::DRAW, 0, vec![root_moves[0]]);
        for depth in first_depth..=max_depth {
            match self.root_iteration(game, depth, &mut ctx, best.0) {
                Iteration::Complete(score, pv) => {
                    best = (pv[0], score, depth, pv);
                    progress(
                        &self
                            .finish(&ctx, Some(best.0), best.1, depth, best.3.clone())
                            .info(),
                    );
                }
                Iteration::Partial(score, pv) => {
                    // A root move other than the last best finished first with a better
                    // value at this depth; the depth reported stays the last one completed.
                    if pv[0] != best.0 {
                        best = (pv[0], score, best.2, pv);
                    }
                    break;
                }
                Iteration::Stopped => break,
            }
            let proven = best.1.plies_to_end().is_some_and(|n| n <= depth);
            if proven || ctx.clock.time_used_fraction() > START_ITERATION_BEFORE {
                break;
            }
        }
        if self.config.random_ties.is_some() && best.2 > 0 && !ctx.clock.stopped() {
            best.0 = self.pick_among_ties(game, &root_moves, best.0, best.1, best.2, &mut ctx);
            if best.3.first() != Some(&best.0) {
                best.3 = vec![best.0];
            }
        }
        self.finish(&ctx, Some(best.0), best.1, best.2, best.3)
    }

    /// The exact score of every legal move, each searched to `depth - 1` below it (full
    /// windows, so the values are exact), best first.
    pub fn analyze(
        &mut self,
        game: &G,
        depth: u32,
        stop: Option<&AtomicBool>,
    ) -> Vec<(G::Move, Score, Vec<G::Move>)> {
        let limits = Limits::depth(depth);
        let mut no_trace = NoTrace;
        let mut ctx = self.begin(game, &limits, stop, &mut no_trace);
        let depth = depth.max(1);
        let mut out = Vec::new();
        for mv in game.legal_move_list() {
            let child = game.after(mv);
            let score = self.child_value(
                game,
                &child,
                depth - 1,
                1,
                -Score::INFINITY,
                Score::INFINITY,
                &mut ctx,
            );
            if ctx.clock.stopped() {
                break;
            }
            let mut pv = vec![mv];
            pv.extend_from_slice(self.stack.pv(1));
            out.push((mv, score, pv));
        }
        out.sort_by_key(|e| std::cmp::Reverse(e.1));
        out
    }

    fn begin<'c, T>(
        &mut self,
        game: &G,
        limits: &Limits,
        stop: Option<&'c AtomicBool>,
        trace: &'c mut T,
    ) -> Context<'c, T> {
        // Before the clock starts.
        self.make_table();
        let root = game.to_move();
        if self.root_player.is_some_and(|p| p != root) {
            // Leaf values are stored from the root player's view: a new root player makes
            // old entries meaningless for non-zero-sum evaluators.
            if let Some(tt) = &mut self.tt {
                tt.clear();
            }
        }
        self.root_player = Some(root);
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        self.nodes = 0;
        self.path.clear();
        Context {
            clock: Clock::new(limits, stop),
            root,
            cycles: game.max_plies().is_none(),
            root_best: -Score::INFINITY,
            trace,
        }
    }

    fn finish<T>(
        &self,
        ctx: &Context<T>,
        best: Option<G::Move>,
        score: Score,
        depth: u32,
        pv: Vec<G::Move>,
    ) -> SearchResult<G::Move> {
        SearchResult {
            best,
            score,
            depth,
            nodes: self.nodes,
            pv,
            time: ctx.clock.elapsed(),
        }
    }

    fn max_depth(&self, game: &G, limits: &Limits) -> u32 {
        let mut depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        if let Some(max) = game.max_plies() {
            // Past the longest possible game, deeper iterations cannot change anything.
            depth = depth.min(max.saturating_sub(game.ply()).max(1));
        }
        depth
    }

    /// One iteration at the root: complete, cut short by a limit after at least one root
    /// move was searched to the end (see the module doc), or stopped before that.
    fn root_iteration<T: Tracer<G>>(
        &mut self,
        game: &G,
        depth: u32,
        ctx: &mut Context<T>,
        first: G::Move,
    ) -> Iteration<G::Move> {
        let score = self.node(
            game,
            depth,
            0,
            -Score::INFINITY,
            Score::INFINITY,
            ctx,
            Some(first),
        );
        ctx.trace.exit(score);
        let pv = self.stack.pv(0).to_vec();
        match (pv.is_empty(), ctx.clock.stopped()) {
            (true, _) => Iteration::Stopped,
            (false, false) => Iteration::Complete(score, pv),
            (false, true) => Iteration::Partial(ctx.root_best, pv),
        }
    }

    /// Among the root moves, those whose value is at least `score` at `depth` (by null-window
    /// tests), and a seeded random pick among them.
    fn pick_among_ties<T: Tracer<G>>(
        &mut self,
        game: &G,
        moves: &[G::Move],
        best: G::Move,
        score: Score,
        depth: u32,
        ctx: &mut Context<T>,
    ) -> G::Move {
        let mut ties = vec![best];
        for &mv in moves {
            if mv == best {
                continue;
            }
            let child = game.after(mv);
            let v = self.child_value(game, &child, depth - 1, 1, Score(score.0 - 1), score, ctx);
            if ctx.clock.stopped() {
                break;
            }
            if v >= score {
                ties.push(mv);
            }
        }
        ties[self.rng.index(ties.len())]
    }
}

/// The score of a finished root position for the player who would be to move.
fn terminal_root<G: Game>(game: &G) -> Score {
    crate::terminal_score(game.outcome(), game.to_move(), 0)
}
