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
//! ordering: children are searched in the game's move order, as the seed players did. A stop
//! flag ([`alphabeta_until`]) ends the search early as in [`crate::minimax`].

use crate::leaf::{leaf_value, terminal_score};
use crate::minimax::STOP_CHECK_NODES;
use crate::stack::PlyStack;
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
    alphabeta_until(game, depth, eval, variant, None)
}

/// [`alphabeta`] that gives up once `stop` is set: a child cut short is never counted.
pub fn alphabeta_until<G: Game, E: Evaluator<G> + ?Sized>(
    game: &G,
    depth: u32,
    eval: &E,
    variant: Variant,
    stop: Option<&AtomicBool>,
) -> SearchResult<G::Move> {
    let start = Instant::now();
    let mut search = AlphaBeta {
        eval,
        root: game.to_move(),
        nodes: 0,
        soft: variant == Variant::FailSoft,
        stack: PlyStack::new(),
        stop,
        stopped: false,
    };
    let score = search.node(game, depth, 0, -Score::INFINITY, Score::INFINITY);
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

struct AlphaBeta<'e, G: Game, E: ?Sized> {
    eval: &'e E,
    root: Player,
    nodes: u64,
    soft: bool,
    stack: PlyStack<G::Move>,
    stop: Option<&'e AtomicBool>,
    stopped: bool,
}

impl<G: Game, E: Evaluator<G> + ?Sized> AlphaBeta<'_, G, E> {
    /// The value of `game` for the root player within the window `[alpha, beta]`.
    fn node(&mut self, game: &G, depth: u32, ply: u32, mut alpha: Score, mut beta: Score) -> Score {
        self.nodes += 1;
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
            return self.clamp(terminal_score(outcome, self.root, ply), alpha, beta);
        }
        if depth == 0 {
            return self.clamp(
                leaf_value(self.eval, game, self.root, self.root),
                alpha,
                beta,
            );
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
            let value = self.node(&game.after(mv), depth - 1, ply + 1, alpha, beta);
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
                }
            } else {
                if value < best {
                    best = value;
                }
                if value < beta {
                    beta = value;
                    self.stack.update_pv(p, mv);
                }
            }
            if alpha >= beta {
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
