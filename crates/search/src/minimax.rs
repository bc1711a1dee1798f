//! Plain minimax: the teaching baseline of the seed reports.
//!
//! Depth-limited minimax in its textbook MAX/MIN form (von Neumann 1928; Russell and Norvig,
//! "Artificial Intelligence: A Modern Approach", ch. 5): the root player is MAX, every other
//! node is MAX when the root player is to move there (so extra turns need no special case) and
//! MIN otherwise. Leaves are scored by the evaluator from the root player's view; finished
//! games by win/loss-in-N-plies scores. Every child of every node is visited: no pruning.
//! Ties keep the first best move in the game's move order. [`minimax_traced`] reports every
//! node to a [`Tracer`] (`poda explain`); [`minimax`] runs with [`NoTrace`], which compiles
//! away. A stop flag ([`minimax_until`]) ends the search early: a child cut short is never
//! counted, so the move returned is the best of the root moves searched to the end (none: no
//! move).

use crate::leaf::{leaf_value, terminal_score};
use crate::stack::PlyStack;
use crate::trace::{NoTrace, Tracer};
use crate::SearchResult;
use poda_core::{Evaluator, Game, Player, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Nodes between two looks at the stop flag.
pub(crate) const STOP_CHECK_NODES: u64 = 1024;

/// Searches `game` to exactly `depth` plies with plain minimax.
pub fn minimax<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    depth: u32,
    eval: &E,
) -> SearchResult<G::Move> {
    minimax_traced(game, depth, eval, &mut NoTrace)
}

/// [`minimax`], telling `trace` every node it visits.
pub fn minimax_traced<G: Game, E: Evaluator<G> + ?Sized, T: Tracer<G>>(
    game: &G,
    depth: u32,
    eval: &E,
    trace: &mut T,
) -> SearchResult<G::Move> {
    run(game, depth, eval, trace, None)
}

/// [`minimax`] that gives up once `stop` is set (see the module doc).
pub fn minimax_until<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    depth: u32,
    eval: &E,
    stop: Option<&AtomicBool>,
) -> SearchResult<G::Move> {
    run(game, depth, eval, &mut NoTrace, stop)
}

fn run<G: Game, E: Evaluator<G> + ?Sized, T: Tracer<G>>(
    game: &G,
    depth: u32,
    eval: &E,
    trace: &mut T,
    stop: Option<&AtomicBool>,
) -> SearchResult<G::Move> {
    let start = Instant::now();
    let mut search = Minimax {
        eval,
        root: game.to_move(),
        nodes: 0,
        stack: PlyStack::new(),
        trace,
        stop,
        stopped: false,
    };
    let score = search.node(game, depth, 0);
    search.trace.exit(score);
    let pv = search.stack.pv(0).to_vec();
    SearchResult {
        best: pv.first().copied(),
        score,
        depth,
        nodes: search.nodes,
        pv,
        time: start.elapsed(),
    }
}

struct Minimax<'e, G: Game, E: ?Sized, T> {
    eval: &'e E,
    root: Player,
    nodes: u64,
    stack: PlyStack<G::Move>,
    trace: &'e mut T,
    stop: Option<&'e AtomicBool>,
    stopped: bool,
}

impl<G: Game, E: Evaluator<G> + ?Sized, T: Tracer<G>> Minimax<'_, G, E, T> {
    /// The minimax value of `game` for the root player (the caller tells the tracer).
    fn node(&mut self, game: &G, depth: u32, ply: u32) -> Score {
        self.nodes += 1;
        if !self
            .trace
            .enter(game, depth, -Score::INFINITY, Score::INFINITY)
        {
            return Score::DRAW;
        }
        let p = ply as usize;
        self.stack.clear_pv(p);
        if self.nodes % STOP_CHECK_NODES == 0 {
            self.stopped |= self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        }
        if self.stopped {
            return Score::DRAW;
        }
        let outcome = game.outcome();
        if outcome.is_over() {
            let value = terminal_score(outcome, self.root, ply);
            self.trace.leaf(value);
            return value;
        }
        if depth == 0 {
            let value = leaf_value(self.eval, game, self.root, self.root);
            self.trace.leaf(value);
            return value;
        }
        let maximizing = game.to_move() == self.root;
        let mut best = if maximizing {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        let mut moves = self.stack.take_moves(p);
        game.legal_moves(&mut moves);
        for &mv in &moves {
            self.trace.child(mv);
            let value = self.node(&game.after(mv), depth - 1, ply + 1);
            self.trace.exit(value);
            if self.stopped {
                break;
            }
            let better = if maximizing {
                value > best
            } else {
                value < best
            };
            if better {
                best = value;
                self.stack.update_pv(p, mv);
                self.trace.improved();
            }
        }
        self.stack.put_moves(p, moves);
        best
    }
}
