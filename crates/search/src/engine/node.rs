//! The engine's recursive negamax node with TT, ordering and PVS (see the module doc of
//! [`crate::engine`]).

use super::ordering::generated_index;
use super::tt::Bound;
use super::{Context, Engine};
use crate::leaf::{leaf_value, terminal_score};
use crate::trace::Tracer;
use poda_core::{Game, Outcome, Player, Score};

impl<G: Game> Engine<G> {
    /// The value of `child` (reached from `parent`) for `parent`'s side to move: negated when
    /// the turn passes, kept when the same player moves again. `depth` is the child's depth
    /// for an ordinary move.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child_value<T: Tracer<G>>(
        &mut self,
        parent: &G,
        child: &G,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
        ctx: &mut Context<T>,
    ) -> Score {
        if child.to_move() == parent.to_move() {
            // An extra turn: the same player moves again; with the extension on, that move
            // does not use up depth (a chain of extra turns is one turn).
            let depth = depth + u32::from(self.config.extend_extra_turns);
            let value = self.node(child, depth, ply, alpha, beta, ctx, None);
            ctx.trace.exit(value);
            value
        } else {
            let value = self.node(child, depth, ply, -beta, -alpha, ctx, None);
            ctx.trace.exit(value);
            -value
        }
    }

    /// The value of a draw for `me`: `-contempt` for the root player, `+contempt` for its
    /// opponent (0 by default).
    #[inline]
    fn draw_score<T>(&self, ctx: &Context<T>, me: Player) -> Score {
        let c = self.config.contempt;
        if me == ctx.root {
            Score(-c)
        } else {
            Score(c)
        }
    }

    /// Negamax value of `game` for its side to move, fail-soft within `(alpha, beta)`.
    /// `root_first` forces a move to the front at the root (the last iteration's best). The
    /// caller tells the tracer the value returned.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn node<T: Tracer<G>>(
        &mut self,
        game: &G,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
        ctx: &mut Context<T>,
        root_first: Option<G::Move>,
    ) -> Score {
        self.nodes += 1;
        if !ctx.trace.enter(game, depth, alpha, beta) {
            return Score::DRAW;
        }
        let p = ply as usize;
        self.stack.clear_pv(p);
        if ctx.clock.should_stop(self.nodes) {
            return Score::DRAW;
        }
        let me = game.to_move();
        let outcome = game.outcome();
        if outcome == Outcome::Draw {
            let value = self.draw_score(ctx, me);
            ctx.trace.leaf(value);
            return value;
        }
        if outcome.is_over() {
            let value = terminal_score(outcome, me, ply);
            ctx.trace.leaf(value);
            return value;
        }
        // Leaves of games that cannot cycle need no hash.
        let hash = if depth > 0 || ctx.cycles {
            game.hash()
        } else {
            0
        };
        if ctx.cycles && ply > 0 && (self.path.contains(&hash) || self.seen.contains(&hash)) {
            // Going round in circles is no progress: a repeated position is a draw.
            let value = self.draw_score(ctx, me);
            ctx.trace.repetition();
            ctx.trace.leaf(value);
            return value;
        }
        if depth == 0 {
            let value = leaf_value(&*self.eval, game, ctx.root, me);
            ctx.trace.leaf(value);
            return value;
        }

        let alpha_orig = alpha;
        let entry = self.tt.as_ref().and_then(|tt| tt.probe(hash));
        if let Some(e) = entry {
            let usable = if self.config.exact_depth_tt {
                e.depth == depth
            } else {
                e.depth >= depth
            };
            if usable && ply > 0 {
                let s = e.score.from_node_relative(ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if cut {
                    ctx.trace.table_hit(e.bound);
                    return s;
                }
            }
        }

        let mut moves = self.stack.take_moves(p);
        game.legal_moves(&mut moves);
        let tt_move = root_first.or_else(|| {
            entry
                .and_then(|e| e.move_index)
                .and_then(|i| moves.get(i as usize).copied())
        });
        if self.keys.len() <= p {
            self.keys.resize_with(p + 1, Vec::new);
        }
        let mut keys = std::mem::take(&mut self.keys[p]);
        self.ordering
            .order(game, &mut moves, tt_move, p, &*self.eval, &mut keys);

        if ctx.cycles {
            self.path.push(hash);
        }
        let mut best = -Score::INFINITY;
        let mut best_index = None;
        for (i, &mv) in moves.iter().enumerate() {
            let child = game.after(mv);
            ctx.trace.child(mv);
            let value = if i == 0 || !self.config.pvs {
                self.child_value(game, &child, depth - 1, ply + 1, alpha, beta, ctx)
            } else {
                let probe = self.child_value(
                    game,
                    &child,
                    depth - 1,
                    ply + 1,
                    alpha,
                    Score(alpha.0 + 1),
                    ctx,
                );
                if probe > alpha && probe < beta {
                    self.child_value(game, &child, depth - 1, ply + 1, alpha, beta, ctx)
                } else {
                    probe
                }
            };
            if ctx.clock.stopped() {
                break;
            }
            if value > best {
                best = value;
                best_index = Some(generated_index(keys[i]));
                if value > alpha {
                    alpha = value;
                    self.stack.update_pv(p, mv);
                    ctx.trace.improved();
                    if p == 0 {
                        ctx.root_best = value;
                    }
                    if alpha >= beta {
                        self.ordering.record_cutoff(me, mv, p, depth);
                        ctx.trace.cutoff(&moves, i);
                        break;
                    }
                }
            }
        }
        if ctx.cycles {
            self.path.pop();
        }
        self.stack.put_moves(p, moves);
        self.keys[p] = keys;
        if ctx.clock.stopped() {
            return Score::DRAW;
        }

        if let Some(tt) = &mut self.tt {
            let bound = if best <= alpha_orig {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            tt.store(hash, best.to_node_relative(ply), depth, bound, best_index);
        }
        best
    }
}
