//! Alpha-beta pruning in the textbook MAX/MIN form, fail-hard and fail-soft.
//!
//! Knuth and Moore, "An analysis of alpha-beta pruning", Artificial Intelligence 6 (1975).
//! The value is the same as plain minimax at the same depth; only fewer nodes are visited.
//! - Fail-hard (the seed Hex report's form): a node's returned value is clamped into its
//!   window `[alpha, beta]`.
//! - Fail-soft: a node returns the best value it saw, which may lie outside the window; the
//!   extra information is what transposition tables and PVS build on.
//!
//! As in [`crate::minimax`], MAX is the root player (extra turns need no special case), leaves
//! are evaluated from the root player's view, and ties keep the first best move. No move
//! ordering: children are searched in the game's move order, as the seed players did.
//! [`alphabeta_traced`] reports every node to a [`Tracer`] (`poda explain`); [`alphabeta`]
//! runs with [`NoTrace`], which compiles away. A stop flag ([`alphabeta_until`]) ends the
//! search early as in [`crate::minimax`].

use crate::leaf::{leaf_value, terminal_score};
use crate::minimax::STOP_CHECK_NODES;
use crate::stack::PlyStack;
use crate::trace::{NoTrace, Tracer};
use crate::SearchResult;
use poda_core::{Evaluator, Game, Player, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Which alpha-beta variant to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    FailHard,
    FailSoft,
}

/// Searches `game` to exactly `depth` plies with alpha-beta pruning.
pub fn alphabeta<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    depth: u32,
    eval: &E,
    variant: Variant,
) -> SearchResult<G::Move> {
    alphabeta_traced(game, depth, eval, variant, &mut NoTrace)
}

/// [`alphabeta`], telling `trace` every node it visits.
pub fn alphabeta_traced<G: Game, E: Evaluator<G> + ?Sized, T: Tracer<G>>(
    game: &G,
    depth: u32,
    eval: &E,
    variant: Variant,
    trace: &mut T,
) -> SearchResult<G::Move> {
    run(game, depth, eval, variant, trace, None)
}

/// [`alphabeta`] that gives up once `stop` is set: a child cut short is never counted.
pub fn alphabeta_until<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    depth: u32,
    eval: &E,
    variant: Variant,
    stop: Option<&AtomicBool>,
) -> SearchResult<G::Move> {
    run(game, depth, eval, variant, &mut NoTrace, stop)
}

fn run<G: Game, E: Evaluator<G> + ?Sized, T: Tracer<G>>(
    game: &G,
    depth: u32,
    eval: &E,
    variant: Variant,
    trace: &mut T,
    stop: Option<&AtomicBool>,
) -> SearchResult<G::Move> {
    let start = Instant::now();
    let mut search = AlphaBeta {
        eval,
        root: game.to_move(),
        nodes: 0,
        soft: variant == Variant::FailSoft,
        stack: PlyStack::new(),
        trace,
        stop,
        stopped: false,
    };
    let score = search.node(game, depth, 0, -Score::INFINITY, Score::INFINITY);
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

struct AlphaBeta<'e, G: Game, E: ?Sized, T> {
    eval: &'e E,
    root: Player,
    nodes: u64,
    soft: bool,
    stack: PlyStack<G::Move>,
    trace: &'e mut T,
    stop: Option<&'e AtomicBool>,
    stopped: bool,
}

impl<G: Game, E: Evaluator<G> + ?Sized, T: Tracer<G>> AlphaBeta<'_, G, E, T> {
    /// The value of `game` for the root player within the window `[alpha, beta]` (the
    /// caller tells the tracer).
    fn node(&mut self, game: &G, depth: u32, ply: u32, mut alpha: Score, mut beta: Score) -> Score {
        self.nodes += 1;
        if !self.trace.enter(game, depth, alpha, beta) {
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
            return self.clamp(value, alpha, beta);
        }
        if depth == 0 {
            let value = leaf_value(self.eval, game, self.root, self.root);
            self.trace.leaf(value);
            return self.clamp(value, alpha, beta);
        }
        let maximizing = game.to_move() == self.root;
        let mut best = if maximizing {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        let mut moves = self.stack.take_moves(p);
        game.legal_moves(&mut moves);
        for (i, &mv) in moves.iter().enumerate() {
            self.trace.child(mv);
            let value = self.node(&game.after(mv), depth - 1, ply + 1, alpha, beta);
            self.trace.exit(value);
            if self.stopped {
                break;
            }
            if maximizing {
                if value > best {
                    best = value;
                }
                if value > alpha {
                    alpha = value;
                    self.stack.update_pv(p, mv);
                    self.trace.improved();
                }
            } else {
                if value < best {
                    best = value;
                }
                if value < beta {
                    beta = value;
                    self.stack.update_pv(p, mv);
                    self.trace.improved();
                }
            }
            if alpha >= beta {
                self.trace.cutoff(&moves, i);
                break;
            }
        }
        self.stack.put_moves(p, moves);
        match (self.soft, maximizing) {
            (true, _) => best,
            // Fail-hard: a cut-off returns the bound itself, never beyond it.
            (false, true) => alpha.min(beta),
            (false, false) => beta.max(alpha),
        }
    }

    /// Fail-hard clamps leaf values into the window; fail-soft returns them as they are.
    #[inline]
    fn clamp(&self, value: Score, alpha: Score, beta: Score) -> Score {
        if self.soft {
            value
        } else {
            value.clamp(alpha, beta)
        }
    }
}
