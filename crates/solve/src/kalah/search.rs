//! The solver's recursive search: fail-soft negamax alpha-beta on the future margin, to the
//! end of the game.
//!
//! - Values are relative to the stores: `v(b)` is what the side to move will still gain over
//!   the opponent from the pits `b` under perfect play, so positions that differ only in their
//!   stores share one table entry, and `|v| <= s` for `s` seeds in the pits (every seed ends
//!   in one store or the other): the bounds `[-s, s]` cut a window outside them at once.
//! - A move's value is its gain plus the child's value when the mover moves again, minus it
//!   otherwise; the window is shifted (and flipped) accordingly.
//! - Positions with few seeds in the pits are answered by the endgame table.
//! - Move order: the table's best move, then extra turns (nearest the store first: sowing a
//!   farther pit first would add a seed to the nearer one and spoil its extra turn), then
//!   captures by size, then the rest from the store outwards.
//! - Enhanced transposition cut-off (Plaat, Schaeffer, Pijls and de Bruin, "Nearly optimal
//!   minimax tree search?", 1994): before searching, the children's table bounds are checked
//!   for a move that already reaches `beta`.

use super::tt::Entry;
use super::KalahSolver;
use poda_games::kalah::Board;
use std::time::Instant;

/// Most pits per side (moves per node).
const MAX_MOVES: usize = poda_games::kalah::MAX_PITS;
/// Order keys: the table's move, extra turns, captures and quiet moves.
const KEY_TT: i32 = 1 << 20;
const KEY_EXTRA: i32 = 1 << 16;
const KEY_CAPTURE: i32 = 1 << 8;
/// Nodes between two looks at the clock of a search with a deadline.
const DEADLINE_CHECK: u64 = 1024;

impl KalahSolver {
    /// The future margin of `b` within `(alpha, beta)`, fail-soft: a result `<= alpha` is an
    /// upper bound, `>= beta` a lower bound, anything between is exact.
    pub(super) fn search(&mut self, b: &Board, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let seeds = b.seeds_in_pits();
        if let Some(v) = self.endgame.value(b) {
            return v;
        }
        let (mut lo, mut hi) = (-(seeds as i32), seeds as i32);
        let rank = self.ranker.rank(b.pit_cells(), seeds);
        let mut tt_best = 0;
        if let Some(e) = self.tt.probe(rank) {
            lo = lo.max(e.lower);
            hi = hi.min(e.upper);
            tt_best = e.best;
        }
        if lo >= beta || lo == hi {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let alpha_start = alpha;
        let nodes_before = self.nodes;

        let mut moves = [(0i32, 0u8); MAX_MOVES];
        let count = self.order(b, tt_best, &mut moves);
        if self.etc {
            if let Some(v) = self.transposition_cutoff(b, &moves[..count], beta) {
                return v;
            }
        }
        let mut best = i32::MIN;
        let mut best_move = 0;
        for &(_, k) in &moves[..count] {
            let mut child = *b;
            let (sown, gain) = child.sow_gain(k as usize, self.empty_capture);
            let value = if sown.over {
                gain
            } else if sown.extra_turn {
                gain + self.search(&child, alpha - gain, beta - gain)
            } else {
                gain - self.search(&child, gain - beta, gain - alpha)
            };
            if self.aborted {
                // The child's value is meaningless: store nothing on the way up.
                return 0;
            }
            if value > best {
                best = value;
                best_move = k;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best >= beta {
            (best, seeds as i32)
        } else if best > alpha_start {
            (best, best)
        } else {
            (-(seeds as i32), best)
        };
        let work = 64 - (self.nodes - nodes_before).leading_zeros();
        self.tt.store(
            rank,
            Entry {
                lower,
                upper,
                best: best_move,
                work: work as u8,
            },
        );
        best
    }

    /// True (and the search marked aborted) once the node budget or the deadline is spent.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let over_nodes = self.node_limit.is_some_and(|n| self.nodes > n);
        let over_time =
            self.nodes % DEADLINE_CHECK == 0 && self.deadline.is_some_and(|d| Instant::now() >= d);
        if over_nodes || over_time {
            self.aborted = true;
        }
        self.aborted
    }

    /// The legal moves with their order keys, best first; returns how many.
    fn order(&self, b: &Board, tt_best: u8, moves: &mut [(i32, u8); MAX_MOVES]) -> usize {
        let m = b.pits();
        let mut count = 0;
        for k in 1..=m {
            if b.own_pit(k) == 0 {
                continue;
            }
            let key = if k as u8 == tt_best {
                KEY_TT
            } else if b.gives_extra_turn(k) {
                KEY_EXTRA - k as i32
            } else {
                let captured = b.capture_size(k, self.empty_capture) as i32;
                if captured > 0 {
                    KEY_CAPTURE + captured
                } else {
                    -(k as i32)
                }
            };
            // Insertion sort: at most 12 moves.
            let mut i = count;
            while i > 0 && moves[i - 1].0 < key {
                moves[i] = moves[i - 1];
                i -= 1;
            }
            moves[i] = (key, k as u8);
            count += 1;
        }
        count
    }

    /// A value `>= beta` proven by a child's table entry alone, if any.
    fn transposition_cutoff(&self, b: &Board, moves: &[(i32, u8)], beta: i32) -> Option<i32> {
        for &(_, k) in moves {
            let mut child = *b;
            let (sown, gain) = child.sow_gain(k as usize, self.empty_capture);
            if sown.over {
                continue;
            }
            let seeds = child.seeds_in_pits();
            if seeds <= self.endgame.max_seeds() {
                continue;
            }
            let Some(e) = self.tt.probe(self.ranker.rank(child.pit_cells(), seeds)) else {
                continue;
            };
            let value = if sown.extra_turn {
                gain + e.lower
            } else {
                gain - e.upper
            };
            if value >= beta {
                return Some(value);
            }
        }
        None
    }
}
