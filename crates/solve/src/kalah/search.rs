//! The solver's recursive search: fail-soft negamax alpha-beta on the future margin, to the
//! end of the game.
//!
//! - Values are relative to the stores: `v(b)` is what the side to move will still gain over
//!   the opponent from the pits `b` under perfect play, so positions that differ only in their
//!   stores share one table entry, and `|v| <= s` for `s` seeds in the pits (every seed ends
//!   in one store or the other): the bounds `[-s, s]` cut a window outside them at once.
//! - A move's value is its gain plus the child's value when the mover moves again, minus it
//!   otherwise; the window is shifted (and flipped) accordingly.
//! - Positions with few seeds in the pits are answered by the endgame database or table.
//! - Before any recursion every move is sown once and looked at: a move that ends the game
//!   or leads into the endgame database has an exact value at no cost; a move whose gain
//!   minus the seeds left reaches `beta` wins at once (futility: the opponent cannot win more
//!   back than is left); and with enhanced transposition cut-offs (Plaat, Schaeffer, Pijls
//!   and de Bruin, "Nearly optimal minimax tree search?", 1994) a child's table bound that
//!   reaches `beta` ends the node too.
//! - Move order: moves with a known value first (they cost nothing and raise alpha), the
//!   table's best move, then extra turns (nearest the store first: sowing a farther pit first
//!   would add a seed to the nearer one and spoil its extra turn), then captures by size,
//!   then the rest from the store outwards.
//! - With several threads, a move another thread is searching is put off to the end of the
//!   node ([`Busy`], simplified ABDADA), so the threads spread over the siblings.

use super::parallel::Busy;
use super::tt::Entry;
use super::Shared;
use poda_games::kalah::Board;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Most pits per side (moves per node).
const MAX_MOVES: usize = poda_games::kalah::MAX_PITS;
/// Order keys: known values, the table's move, extra turns, captures and quiet moves.
const KEY_KNOWN: i32 = 1 << 24;
const KEY_TT: i32 = 1 << 20;
const KEY_EXTRA: i32 = 1 << 16;
const KEY_CAPTURE: i32 = 1 << 8;
/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// A move, sown once to order it (and sown again when searched: cheaper than keeping
/// twelve boards a node).
#[derive(Clone, Copy, Default)]
struct Child {
    key: i32,
    pit: u8,
    extra: bool,
    gain: i32,
    /// The child's exact future margin, when known without a search (the game ended, or
    /// the endgame database covers it), else [`UNKNOWN`].
    known: i32,
}

/// A move just sown: what it did and its child's rank.
#[derive(Clone, Copy, Default)]
struct Sown {
    pit: u8,
    gain: i32,
    extra: bool,
    capture: bool,
    over: bool,
    left: u32,
    rank: u64,
}

/// [`Child::known`] of a child that must be searched.
const UNKNOWN: i32 = i32::MIN;

/// One thread's search state over the shared tables.
pub(super) struct Worker<'a> {
    shared: &'a Shared,
    pub(super) nodes: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    busy: Option<&'a Busy>,
    pub(super) aborted: bool,
}

impl<'a> Worker<'a> {
    /// A worker with a budget of `node_limit` nodes and a deadline (either optional), that
    /// also stops when `stop` is raised and shares `busy` with other threads.
    pub(super) fn new(
        shared: &'a Shared,
        node_limit: Option<u64>,
        deadline: Option<Instant>,
        stop: Option<&'a AtomicBool>,
        busy: Option<&'a Busy>,
    ) -> Worker<'a> {
        Worker {
            shared,
            nodes: 0,
            node_limit,
            deadline,
            stop,
            busy,
            aborted: false,
        }
    }

    /// The future margin of `b` within `(alpha, beta)`, fail-soft: a result `<= alpha` is an
    /// upper bound, `>= beta` a lower bound, anything between is exact. Meaningless (and
    /// nothing stored) once `aborted` is set.
    pub(super) fn search(&mut self, b: &Board, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let sh = self.shared;
        let seeds = b.seeds_in_pits();
        if let Some(v) = sh.endgame.value(b, seeds) {
            return v;
        }
        let s = seeds as i32;
        let (mut lo, mut hi) = (-s, s);
        let rank = sh.ranker.rank(b.pit_cells(), seeds);
        let mut tt_best = 0;
        if let Some(e) = sh.tt.probe(rank) {
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
        if seeds < sh.full_min_seeds {
            return self.search_light(b, rank, seeds, alpha, beta, tt_best);
        }
        let alpha_start = alpha;
        let nodes_before = self.nodes;

        let mut children = [Child::default(); MAX_MOVES];
        let count = match self.expand(b, tt_best, beta, &mut children) {
            Ok(count) => count,
            Err((value, pit)) => {
                self.store(rank, value, s, beta, alpha_start, pit, nodes_before);
                return value;
            }
        };
        let children = &children[..count];

        let busy = self.busy.filter(|b| b.worth(seeds));
        if let Some(busy) = busy {
            busy.enter(rank);
        }
        let mut best = i32::MIN;
        let mut best_move = 0;
        let mut deferred = [0usize; MAX_MOVES];
        let mut n_deferred = 0;
        let mut pass = 0;
        let mut i = 0;
        // First pass over every move (putting off those another thread is on), then a
        // second over the ones put off.
        loop {
            let index = if pass == 0 {
                if i == count {
                    pass = 1;
                    i = 0;
                    continue;
                }
                i
            } else {
                if i == n_deferred {
                    break;
                }
                deferred[i]
            };
            i += 1;
            let c = children[index];
            let value = if c.known != UNKNOWN {
                if c.extra {
                    c.gain + c.known
                } else {
                    c.gain - c.known
                }
            } else {
                let mut child = *b;
                child.sow(c.pit as usize, sh.empty_capture);
                if pass == 0 && index > 0 {
                    if let Some(busy) = busy {
                        let r = sh.ranker.rank(child.pit_cells(), child.seeds_in_pits());
                        if busy.is_busy(r) {
                            deferred[n_deferred] = index;
                            n_deferred += 1;
                            continue;
                        }
                    }
                }
                if c.extra {
                    c.gain + self.search(&child, alpha - c.gain, beta - c.gain)
                } else {
                    c.gain - self.search(&child, c.gain - beta, c.gain - alpha)
                }
            };
            if self.aborted {
                // The child's value is meaningless: store nothing on the way up.
                if let Some(busy) = busy {
                    busy.leave(rank);
                }
                return 0;
            }
            if value > best {
                best = value;
                best_move = c.pit;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        if let Some(busy) = busy {
            busy.leave(rank);
        }
        self.store(rank, best, s, beta, alpha_start, best_move, nodes_before);
        best
    }

    /// The search of a node near the endgame database, where subtrees are small: moves
    /// ordered by what the board says without sowing them (the table's move, extra turns,
    /// captures), sown one by one until a cut-off, no look at the children's entries.
    fn search_light(
        &mut self,
        b: &Board,
        rank: u64,
        seeds: u32,
        mut alpha: i32,
        beta: i32,
        tt_best: u8,
    ) -> i32 {
        let sh = self.shared;
        let alpha_start = alpha;
        let nodes_before = self.nodes;
        let mut moves = [(0i32, 0u8); MAX_MOVES];
        let mut count = 0;
        for k in 1..=b.pits() {
            if b.own_pit(k) == 0 {
                continue;
            }
            let key = if k as u8 == tt_best {
                KEY_TT
            } else if b.gives_extra_turn(k) {
                KEY_EXTRA - k as i32
            } else {
                let captured = b.capture_size(k, sh.empty_capture) as i32;
                if captured > 0 {
                    KEY_CAPTURE + captured
                } else {
                    -(k as i32)
                }
            };
            let mut i = count;
            while i > 0 && moves[i - 1].0 < key {
                moves[i] = moves[i - 1];
                i -= 1;
            }
            moves[i] = (key, k as u8);
            count += 1;
        }
        let mut best = i32::MIN;
        let mut best_move = 0;
        for &(_, k) in &moves[..count] {
            let mut child = *b;
            let (sown, gain) = child.sow_gain(k as usize, sh.empty_capture);
            let value = if sown.over {
                gain
            } else if sown.extra_turn {
                gain + self.search(&child, alpha - gain, beta - gain)
            } else {
                gain - self.search(&child, gain - beta, gain - alpha)
            };
            if self.aborted {
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
        self.store(
            rank,
            best,
            seeds as i32,
            beta,
            alpha_start,
            best_move,
            nodes_before,
        );
        best
    }

    /// Records a node's result as bounds (fail-soft: above the window a lower bound, below
    /// it an upper bound, inside it exact).
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        rank: u64,
        best: i32,
        seeds: i32,
        beta: i32,
        alpha_start: i32,
        best_move: u8,
        nodes_before: u64,
    ) {
        let (lower, upper) = if best >= beta {
            (best, seeds)
        } else if best > alpha_start {
            (best, best)
        } else {
            (-seeds, best)
        };
        let work = 64 - (self.nodes - nodes_before).leading_zeros();
        self.shared.tt.store(
            rank,
            Entry {
                lower,
                upper,
                best: best_move,
                work: work as u8,
            },
        );
    }

    /// Sows every legal move of `b` into `out`, best first; the count, or a value `>= beta`
    /// (and its move) that one of them proves without a search.
    fn expand(
        &self,
        b: &Board,
        tt_best: u8,
        beta: i32,
        out: &mut [Child; MAX_MOVES],
    ) -> Result<usize, (i32, u8)> {
        let sh = self.shared;
        let db_seeds = sh.endgame.max_seeds();
        // First every move is sown and its child's entry prefetched, so that the memory
        // loads overlap; then the entries are read.
        let mut sown_moves = [Sown::default(); MAX_MOVES];
        let mut n = 0;
        for k in 1..=b.pits() {
            if b.own_pit(k) == 0 {
                continue;
            }
            let mut board = *b;
            let (sown, gain) = board.sow_gain(k, sh.empty_capture);
            let mut m = Sown {
                pit: k as u8,
                gain,
                extra: sown.extra_turn,
                capture: sown.capture,
                over: sown.over,
                left: 0,
                rank: 0,
            };
            if !sown.over {
                m.left = board.seeds_in_pits();
                m.rank = sh.ranker.rank(board.pit_cells(), m.left);
                if m.left <= db_seeds {
                    sh.endgame.prefetch(m.rank, m.left);
                } else if sh.etc {
                    sh.tt.prefetch(m.rank);
                }
            }
            sown_moves[n] = m;
            n += 1;
        }
        let mut count = 0;
        for m in &sown_moves[..n] {
            let (pit, gain) = (m.pit, m.gain);
            let k = pit as usize;
            let mut known = UNKNOWN;
            let key = if m.over {
                known = 0;
                KEY_KNOWN + gain
            } else {
                let left = m.left as i32;
                // Whatever follows, the opponent cannot win back more than is left.
                if gain - left >= beta {
                    return Err((gain - left, pit));
                }
                if let Some(v) = sh.endgame.value_at(m.rank, m.left) {
                    known = v;
                    KEY_KNOWN + if m.extra { gain + v } else { gain - v }
                } else {
                    if sh.etc {
                        if let Some(e) = sh.tt.probe(m.rank) {
                            let proven = if m.extra {
                                gain + e.lower
                            } else {
                                gain - e.upper
                            };
                            if proven >= beta {
                                return Err((proven, pit));
                            }
                        }
                    }
                    if pit == tt_best {
                        KEY_TT
                    } else if m.extra {
                        KEY_EXTRA - k as i32
                    } else if m.capture {
                        KEY_CAPTURE + gain
                    } else {
                        -(k as i32)
                    }
                }
            };
            if known != UNKNOWN {
                let value = if m.extra { gain + known } else { gain - known };
                if value >= beta {
                    return Err((value, pit));
                }
            }
            let child = Child {
                key,
                pit,
                extra: m.extra,
                gain,
                known,
            };
            // Insertion sort: at most 12 moves.
            let mut i = count;
            while i > 0 && out[i - 1].key < key {
                out[i] = out[i - 1];
                i -= 1;
            }
            out[i] = child;
            count += 1;
        }
        Ok(count)
    }

    /// True (and the search marked aborted) once the node budget, the deadline or another
    /// thread's finish says stop.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let over_nodes = self.node_limit.is_some_and(|n| self.nodes > n);
        let checked = self.nodes % CHECK_EVERY == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.is_some_and(|s| s.load(Ordering::Relaxed)));
        if over_nodes || checked {
            self.aborted = true;
        }
        self.aborted
    }
}
