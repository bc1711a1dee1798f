//! The exact Connect 4 solver: negamax alpha-beta with null windows, iterated on the score.
//!
//! The base is Pascal Pons' solver ("Solving Connect 4: how to build a perfect AI", parts
//! 3-12): bitboards, a binary search on the score with null-window searches, the bounds that
//! follow from "the side to move cannot win at once and the opponent cannot win next move",
//! a transposition table, ordering by the number of winning cells a move creates, and pruning
//! of the moves that lose at once. Added here, each measured (docs/benchmarks/solve.md):
//! - the table keeps both bounds and the best move, in 8-way buckets with work-based
//!   replacement, and starts small after each clear (`table.rs`); the stored best move
//!   is searched first, and the other moves are only scored if it does not cut;
//! - fail-soft on both sides, so the bounds stored and returned are as tight as the search
//!   found them;
//! - a node with a single non-losing move is passed through without touching the table, and
//!   nodes with few empty cells skip it too;
//! - near the root, positions are stored under the smaller of their key and their mirror's
//!   key, so mirror images share their entries;
//! - enhanced transposition cut-offs near the root: the children are looked up before any is
//!   searched, and a child whose stored upper bound already refutes the window ends the node;
//! - end-game roots (score range at most 8 wide) get one full-window search; weak solving
//!   first probes half-way to each end of the score range (quick wins are cheap to prove);
//! - an opening book ([`crate::book`]) answers positions near the start.
//!
//! Scores follow Pons' convention: from the side to move's view, `(SIZE + 1 - n) / 2` for a
//! win by the stone that makes `n` plies (so 1 = a win with one's last stone), the negative
//! for a loss, 0 for a draw. Only the standard 7x6 board is supported.

use crate::book::Book;
use crate::frame::{probe_point, table_key, Budget, MoveList};
use crate::position::{column_mask, column_of, Position, SIZE, WIDTH};
use crate::table::{Table, NO_LOWER, NO_UPPER};
use std::time::Instant;

/// Columns from the centre outwards: the tie-break of the move ordering.
const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];
/// Enhanced transposition cut-offs are tried at nodes with fewer plies than this: deeper,
/// the extra table probes cost more time than the nodes they save (measured).
const ETC_PLIES: i32 = 21;
/// Nodes with at least this many plies skip the table: their subtrees are smaller than the
/// cost of a probe.
const NO_TABLE_PLIES: i32 = 38;
/// A root whose score interval is at most this wide is solved with one full-window search
/// instead of a sequence of null windows (end-game positions, measured on Test_L3_R1).
const FULL_WINDOW_RANGE: i32 = 8;
/// Null-window probes toward the ends before the weak search settles the sign.
const WEAK_EDGE_PROBES: usize = 2;
/// ... only in positions with more empty cells than this (measured: end games lose).
const WEAK_EDGE_MIN_EMPTY: i32 = 13;
/// Default table size.
pub const DEFAULT_TABLE_MIB: usize = 64;

/// A Connect 4 solver with its transposition table.
pub struct Solver {
    table: Table,
    book: Book,
    /// Deepest book position: below it the search does not look the book up.
    book_plies: i32,
    /// The node counter, and the deadline or node limit of [`Solver::set_deadline`] and
    /// [`Solver::set_node_limit`].
    budget: Budget,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(DEFAULT_TABLE_MIB)
    }
}

impl Solver {
    /// A solver with a table of `table_mib` MiB.
    pub fn new(table_mib: usize) -> Solver {
        Solver {
            table: Table::new(table_mib),
            book: Book::empty(),
            book_plies: -1,
            budget: Budget::default(),
        }
    }

    /// A solver with a table of `table_mib` MiB and the book committed with the crate.
    pub fn with_book(table_mib: usize) -> Solver {
        let mut s = Solver::new(table_mib);
        s.set_book(Book::embedded());
        s
    }

    /// Replaces the opening book (an empty book turns it off).
    pub fn set_book(&mut self, book: Book) {
        self.book_plies = book.max_plies();
        self.book = book;
    }

    /// The book in use.
    pub fn book(&self) -> &Book {
        &self.book
    }

    /// The exact score from the book, if the position is in it.
    #[inline]
    pub fn book_score(&self, p: &Position) -> Option<i32> {
        if p.moves() <= self.book_plies {
            self.book.get(p)
        } else {
            None
        }
    }

    /// The score and the best columns (bit `c` for column `c`) from the book, if it
    /// records them for this position (the perfect player's decision nodes).
    #[inline]
    pub fn book_best(&self, p: &Position) -> Option<(i32, u8)> {
        if p.moves() <= self.book_plies {
            self.book.best(p)
        } else {
            None
        }
    }

    /// Makes every later search give up once `deadline` has passed (`None`: never). After a
    /// search gave up, [`Solver::aborted`] is true and its answer means nothing; the table
    /// only ever receives results of sub-searches that finished, so it stays exact.
    /// Setting a deadline clears the aborted flag.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.budget.set_deadline(deadline);
    }

    /// Makes every later search give up once the node counter (see [`Solver::nodes`])
    /// reaches `limit` (`None`: never), as [`Solver::set_deadline`] does for time: a
    /// deterministic budget. Setting it clears the aborted flag.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.budget.set_node_limit(limit);
    }

    /// Whether a search gave up at the deadline or the node limit since either was last set.
    pub fn aborted(&self) -> bool {
        self.budget.aborted
    }

    /// Nodes searched since the last [`Solver::reset`] or [`Solver::reset_nodes`].
    pub fn nodes(&self) -> u64 {
        self.budget.nodes
    }

    pub fn reset_nodes(&mut self) {
        self.budget.nodes = 0;
    }

    /// Clears the table and the node counter.
    pub fn reset(&mut self) {
        self.table.clear();
        self.budget.nodes = 0;
    }

    /// Size of the table in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The exact score of a position that is not over.
    pub fn solve(&mut self, p: &Position) -> i32 {
        if p.can_win_next() {
            return (SIZE + 1 - p.moves()) / 2;
        }
        if let Some(s) = self.book_score(p) {
            return s;
        }
        let min = -(SIZE - p.moves()) / 2;
        let max = (SIZE + 1 - p.moves()) / 2;
        if max - min <= FULL_WINDOW_RANGE {
            return self.negamax(p, min - 1, max + 1);
        }
        self.search_window(p, min, max)
    }

    /// The sign of the score (1 win, 0 draw, -1 loss) of a position that is not over.
    pub fn solve_weak(&mut self, p: &Position) -> i32 {
        if p.can_win_next() {
            return 1;
        }
        if let Some(s) = self.book_score(p) {
            return s.signum();
        }
        let mut min = -(SIZE - p.moves()) / 2;
        let mut max = (SIZE + 1 - p.moves()) / 2;
        if SIZE - p.moves() > WEAK_EDGE_MIN_EMPTY {
            // Quick wins and quick losses are cheap to prove with a window near the ends (as
            // the strong search does first), while the window at 0 alone may wander through
            // long wins. So probe half-way to each end first, then settle the sign.
            for _ in 0..WEAK_EDGE_PROBES {
                let med = if max > -min { max / 2 } else { min / 2 };
                if med == 0 || min >= max {
                    break;
                }
                let r = self.negamax(p, med, med + 1);
                if r <= med {
                    max = r
                } else {
                    min = r
                }
                if min > 0 {
                    return 1;
                }
                if max < 0 {
                    return -1;
                }
            }
        }
        self.search_window(p, min.max(-1), max.min(1)).signum()
    }

    /// Whether the score of `p` (not over) is at least `bound`.
    pub fn score_at_least(&mut self, p: &Position, bound: i32) -> bool {
        if p.can_win_next() {
            return (SIZE + 1 - p.moves()) / 2 >= bound;
        }
        self.negamax(p, bound - 1, bound) >= bound
    }

    /// Narrows `[min, max]` (which holds the score) with null-window searches until it is a
    /// single value, probing at [`probe_point`].
    fn search_window(&mut self, p: &Position, mut min: i32, mut max: i32) -> i32 {
        while min < max && !self.budget.aborted {
            let med = probe_point(min, max);
            let r = self.negamax(p, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        min
    }

    /// Negamax with alpha-beta on a position where the side to move cannot win at once.
    /// Returns the exact score if it lies in `(alpha, beta)`, else a bound on the right side
    /// (fail-soft on both sides: a lower bound `>= beta` or an upper bound `<= alpha`).
    fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!p.can_win_next());
        self.budget.nodes += 1;
        if self.budget.out_of_time() {
            return 0;
        }
        let moves = p.moves();
        let threats = p.opponent_winning_cells();
        let next = p.non_losing_moves_given(threats);
        let dead = threats << 1;
        if next == 0 {
            return -(SIZE - moves) / 2;
        }
        if moves >= SIZE - 2 {
            return 0;
        }
        // The opponent cannot win with its next stone (we only play non-losing moves).
        let min = -(SIZE - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with this stone.
        let max = (SIZE - 1 - moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        if next & (next - 1) == 0 {
            // A single sensible move: its value is ours, the table would only repeat it.
            return -self.negamax(&p.after(next), -beta, -alpha);
        }
        if moves >= NO_TABLE_PLIES {
            return self.search_children(p, next, dead, alpha, beta, None).0;
        }
        if let Some(s) = self.book_score(p) {
            return s;
        }

        let (key, mirrored) = table_key(p);
        let flip = |c: usize| if mirrored { WIDTH - 1 - c } else { c };
        let mut hint = None;
        if let Some(hit) = self.table.get(key) {
            if let Some(bound) = hit.narrow(&mut alpha, &mut beta) {
                return bound;
            }
            hint = hit.best.map(flip);
        }

        if moves < ETC_PLIES {
            // Enhanced transposition cut-off: a child already known to be bad enough for
            // the opponent refutes the window without a search.
            // The children's buckets are requested from memory all at once first: the
            // probes then overlap their cache misses instead of waiting one by one.
            let mut children = [(0u64, 0u64); WIDTH];
            let mut count = 0;
            let mut rest = next;
            while rest != 0 {
                let mv = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let child_key = table_key(&p.after(mv)).0;
                self.table.prefetch(child_key);
                children[count] = (mv, child_key);
                count += 1;
            }
            for &(mv, child_key) in &children[..count] {
                if let Some(hit) = self.table.get(child_key) {
                    if -hit.upper >= beta {
                        self.table
                            .put(key, -hit.upper, NO_UPPER, Some(flip(column_of(mv))), 1);
                        return -hit.upper;
                    }
                    alpha = alpha.max(-hit.upper);
                }
            }
        }

        let start_nodes = self.budget.nodes;
        let (score, best, exact) = self.search_children(p, next, dead, alpha, beta, hint);
        if self.budget.aborted {
            return 0;
        }
        let work = self.budget.nodes - start_nodes;
        self.table
            .put_result(key, score, beta, exact, best.map(flip), work);
        score
    }

    /// Searches the moves of `next` (at least two), the hinted column first, then by the
    /// number of winning cells they create, centre first on ties. Returns the fail-soft
    /// score, the column that reached it (if it beat alpha) and whether it is exact.
    #[inline]
    fn search_children(
        &mut self,
        p: &Position,
        next: u64,
        dead: u64,
        mut alpha: i32,
        beta: i32,
        hint: Option<usize>,
    ) -> (i32, Option<usize>, bool) {
        let mut best_score = NO_LOWER;
        let mut best = None;
        let mut rest = next;
        if let Some(col) = hint {
            let mv = next & column_mask(col);
            if mv != 0 {
                rest ^= mv;
                let score = -self.negamax(&p.after(mv), -beta, -alpha);
                if score >= beta {
                    return (score, Some(col), false);
                }
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best = Some(col);
                }
            }
        }
        let mut list = MoveList::new();
        // A window that asks for a quick win (more than half the best score still possible)
        // favours the moves that force the reply.
        let attack = beta > (SIZE - 1 - p.moves()) / 4;
        // The children's buckets are requested now, so each is in the cache when its turn
        // comes (nearer the root, the enhanced transposition cut-offs already probed them).
        let prefetch = p.moves() >= ETC_PLIES && p.moves() + 1 < NO_TABLE_PLIES;
        for &col in &CENTRE_FIRST {
            let mv = rest & column_mask(col);
            if mv != 0 {
                if prefetch {
                    self.table.prefetch(table_key(&p.after(mv)).0);
                }
                list.push(mv, p.move_score(mv, dead, attack));
            }
        }
        for &(mv, _) in list.as_slice() {
            let score = -self.negamax(&p.after(mv), -beta, -alpha);
            if score >= beta {
                return (score, Some(column_of(mv)), false);
            }
            if score > best_score {
                best_score = score;
            }
            if score > alpha {
                alpha = score;
                best = Some(column_of(mv));
            }
        }
        (best_score, best, best.is_some())
    }
}
