//! The exact misère Connect 4 solver (7x6): whoever completes a four loses; a full board
//! without a four is a draw (OpenSpiel's `misere(game=connect_four())`).
//!
//! The search is the normal-play solver's frame ([`crate::Solver`], after Pascal Pons,
//! "Solving Connect 4", parts 3-12): bitboards, negamax with alpha-beta and null windows,
//! a binary search on the score, the transposition table of [`crate::table`] (both bounds
//! and the best move) with mirror-canonical keys near the root. What the misère rule
//! changes:
//! - A cell that would complete one's own four is *poison* for its owner: playing it loses
//!   at once, and that is never better than any other move (a later loss scores higher), so
//!   the search only plays *safe* moves. A side to move with no safe move (but a non-full
//!   board) must complete a four: that is the only way to lose.
//! - So the quickest win is a safe move after which the opponent has no safe move; the
//!   search looks for one before anything else, and without one the bounds are "no loss
//!   before the opponent's next turn, no win before ours".
//! - Enhanced transposition cut-offs (Plaat et al.) at every node that uses the table.
//! - Move ordering: the table's move, then mobility: moves that leave the opponent few safe
//!   replies (an opponent's poison cell on top of a column is a cell only we may fill), then
//!   many safe cells for us and few poison cells of our own, centre first on ties.
//!
//! Scores follow Pons' convention adapted to the misère rule, from the side to move's view:
//! a side that must complete a four at `n` plies scores `-(SIZE + 1 - n) / 2` (so a loss
//! later in the game is a smaller loss), its opponent the opposite, a draw 0.

use crate::frame::{probe_point, table_key, Budget, MoveList};
use crate::position::{
    column_mask, column_of, winning_cells, Position, BOARD, BOTTOM, SIZE, WIDTH,
};
use crate::table::{Table, NO_LOWER, NO_UPPER};
use poda_core::Rng;
use std::time::{Duration, Instant};

/// Columns from the centre outwards: the tie-break of the move ordering.
const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];
/// Nodes with at least this many plies skip the table (small subtrees).
const NO_TABLE_PLIES: i32 = 38;
/// First time slice of each move in [`MisereSolver::race`] (then doubled each round).
const RACE_FIRST_SLICE: Duration = Duration::from_micros(500);

/// Score of the side to move at `plies` plies when it has no safe move: it must complete a
/// four (a loss; later is better).
#[inline]
pub fn forced_loss(plies: i32) -> i32 {
    -((SIZE + 1 - plies) / 2)
}

/// The safe moves of the side to move: playable cells that do not complete its own four.
#[inline]
pub fn safe_moves(p: &Position) -> u64 {
    p.possible() & !p.own_winning_cells()
}

/// Playing in 0-based column `col` (playable) of `p`: `Ok(score)` when that ends the game
/// (it completes one's own four, or fills the board: a draw), with the mover's score, else
/// `Err(child)`, the position to search.
#[inline]
pub fn after_move(p: &Position, col: usize) -> Result<i32, Position> {
    let mv = p.move_in(col);
    if p.own_winning_cells() & mv != 0 {
        return Ok(forced_loss(p.moves()));
    }
    let child = p.after(mv);
    if child.moves() == SIZE {
        return Ok(0);
    }
    Err(child)
}

/// The columns (0-based) of a game played from the empty board by uniformly random safe
/// moves, stopped with `empty` cells left; `None` if a side ran out of safe moves first.
/// Test and benchmark positions.
pub fn random_safe_line(rng: &mut Rng, empty: i32) -> Option<Vec<usize>> {
    let mut p = Position::new();
    let mut line = Vec::new();
    while p.moves() < SIZE - empty {
        let safe = safe_moves(&p);
        let cols: Vec<usize> = (0..WIDTH).filter(|&c| safe & column_mask(c) != 0).collect();
        if cols.is_empty() {
            return None;
        }
        let col = cols[rng.index(cols.len())];
        p.play_col(col);
        line.push(col);
    }
    Some(line)
}

/// A misère Connect 4 solver with its transposition table.
pub struct MisereSolver {
    table: Table,
    /// The node counter, the deadline and the node limit.
    budget: Budget,
}

impl MisereSolver {
    /// A solver with a table of about `table_mib` MiB.
    pub fn new(table_mib: usize) -> MisereSolver {
        MisereSolver {
            table: Table::new(table_mib),
            budget: Budget::default(),
        }
    }

    /// Makes later searches give up past `deadline`; see [`crate::Solver::set_deadline`]
    /// (the same contract: an aborted answer means nothing, the table stays exact).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.budget.set_deadline(deadline);
    }

    /// Makes later searches give up once the node counter reaches `limit`.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.budget.set_node_limit(limit);
    }

    /// Whether a search gave up since the deadline or the node limit was last set.
    pub fn aborted(&self) -> bool {
        self.budget.aborted
    }

    /// Nodes searched since the last reset.
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

    /// The exact score of a position that is not over (no four on the board, not full).
    pub fn solve(&mut self, p: &Position) -> i32 {
        let n = p.moves();
        self.search_window(p, forced_loss(n), -forced_loss(n + 1))
    }

    /// The sign of the score (1 win, 0 draw, -1 loss) of a position that is not over.
    pub fn solve_weak(&mut self, p: &Position) -> i32 {
        self.search_window(p, -1, 1).signum()
    }

    /// The exact score of playing in 0-based column `col` (playable), side to move's view.
    pub fn move_score(&mut self, p: &Position, col: usize) -> i32 {
        match after_move(p, col) {
            Ok(score) => score,
            Err(child) => -self.solve(&child),
        }
    }

    /// The playable columns (0-based, centre first) whose move scores at least `bound`.
    /// `bound` must not exceed the position's score for the answer to be non-empty. Empty
    /// if the search gave up.
    pub fn moves_scoring_at_least(&mut self, p: &Position, bound: i32) -> Vec<usize> {
        let mut out = Vec::new();
        for col in CENTRE_FIRST {
            let ok = self.move_scores_at_least(p, col, bound);
            if self.budget.aborted {
                return Vec::new();
            }
            if ok {
                out.push(col);
            }
        }
        out
    }

    /// Whether playing in `col` scores at least `bound` (false for a full column).
    fn move_scores_at_least(&mut self, p: &Position, col: usize, bound: i32) -> bool {
        if !p.can_play(col) {
            return false;
        }
        match after_move(p, col) {
            Ok(score) => score >= bound,
            // -child >= bound  <=>  child <= -bound
            Err(child) => self.negamax(&child, -bound, -bound + 1) <= -bound,
        }
    }

    /// The weak value (1 win, 0 draw, -1 loss, for the side to move) of each safe move of
    /// `p` (0-based columns, centre first; `None`: not found by `deadline`), searched as a
    /// race: every open move gets a slice of time in turn, the slices doubling each round,
    /// until a move wins, every value is known or the deadline passes. A move's value is
    /// often a small proof (a refutation, or one winning line) even when the position's is a
    /// large one, and the race finds the small ones first; the table keeps what every slice
    /// proved, so a move's next slice goes on where its last one stopped. Moves that complete
    /// one's own four are left out (they lose at once and are never better).
    pub fn race(&mut self, p: &Position, deadline: Instant) -> Vec<(usize, Option<i32>)> {
        let saved = self.budget.deadline;
        let safe = safe_moves(p);
        let mut moves: Vec<(usize, Option<i32>)> = CENTRE_FIRST
            .into_iter()
            .filter(|&c| safe & column_mask(c) != 0)
            .map(|c| (c, after_move(p, c).ok()))
            .collect();
        let mut slice = RACE_FIRST_SLICE;
        'rounds: while moves.iter().any(|m| m.1.is_none()) {
            for (col, value) in moves.iter_mut().filter(|m| m.1.is_none()) {
                let now = Instant::now();
                if now >= deadline {
                    break 'rounds;
                }
                self.budget.deadline = Some(deadline.min(now + slice));
                self.budget.aborted = false;
                let child_value = self.solve_weak(&p.after(p.move_in(*col)));
                if !self.budget.aborted {
                    *value = Some(-child_value);
                    if child_value < 0 {
                        break 'rounds;
                    }
                }
            }
            slice *= 2;
        }
        self.budget.deadline = saved;
        self.budget.aborted = false;
        moves
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

    /// Negamax with alpha-beta on a position that is not over; fail-soft on both sides.
    fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        self.budget.nodes += 1;
        if self.budget.out_of_time() {
            return 0;
        }
        let n = p.moves();
        let possible = p.possible();
        if possible == 0 {
            return 0;
        }
        let own = p.own_winning_cells();
        let safe = possible & !own;
        if safe == 0 {
            return forced_loss(n);
        }
        let opp = p.opponent_winning_cells();
        let mut rest = safe;
        while rest != 0 {
            let mv = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let next = (possible ^ mv) | ((mv << 1) & BOARD);
            if next != 0 && next & !opp == 0 {
                return -forced_loss(n + 1);
            }
        }
        // No loss before our next turn...
        let min = forced_loss(n + 2).min(0);
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // ... and no win before the opponent's next turn after that.
        let max = (-forced_loss(n + 3)).max(0);
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        if safe & (safe - 1) == 0 {
            return -self.negamax(&p.after(safe), -beta, -alpha);
        }
        if n >= NO_TABLE_PLIES {
            return self.search_children(p, safe, opp, alpha, beta, None).0;
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
        // Enhanced transposition cut-off: a child already known to be bad enough for the
        // opponent refutes the window without a search (-17% to -37% nodes, misere_bench).
        let mut rest = safe;
        while rest != 0 {
            let mv = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let child = p.after(mv);
            if let Some(hit) = self.table.get(table_key(&child).0) {
                if -hit.upper >= beta {
                    self.table
                        .put(key, -hit.upper, NO_UPPER, Some(flip(column_of(mv))), 1);
                    return -hit.upper;
                }
            }
        }
        let start_nodes = self.budget.nodes;
        let (score, best, exact) = self.search_children(p, safe, opp, alpha, beta, hint);
        if self.budget.aborted {
            return 0;
        }
        let work = self.budget.nodes - start_nodes;
        self.table
            .put_result(key, score, beta, exact, best.map(flip), work);
        score
    }

    /// Searches the safe moves (at least two), the hinted column first, then by
    /// [`order_score`]. Returns the fail-soft score, the column that reached it (if it beat
    /// alpha) and whether it is exact.
    #[inline]
    fn search_children(
        &mut self,
        p: &Position,
        safe: u64,
        opp: u64,
        mut alpha: i32,
        beta: i32,
        hint: Option<usize>,
    ) -> (i32, Option<usize>, bool) {
        let mut best_score = NO_LOWER;
        let mut best = None;
        let mut rest = safe;
        if let Some(col) = hint {
            let mv = safe & column_mask(col);
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
        for &col in &CENTRE_FIRST {
            let mv = rest & column_mask(col);
            if mv != 0 {
                list.push(mv, order_score(p, mv, opp));
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

/// Ordering hint for a safe move (higher is tried first), mobility first: fewer safe
/// replies for the opponent (weight 8), more safe cells on top of the columns for us next
/// time (2), fewer poison cells of our own (2). Measured with `misere_bench` (20 positions of
/// 26 empty cells): the poison count alone searched 5 to 9 times the nodes of this one.
#[inline]
fn order_score(p: &Position, mv: u64, opp: u64) -> u32 {
    let poison = winning_cells(p.current() | mv, p.mask() | mv);
    let next = ((p.mask() | mv) + BOTTOM) & BOARD;
    let opp_safe = (next & !opp).count_ones();
    let own_safe = (next & !poison).count_ones();
    64 + 8 * (7 - opp_safe) + 2 * own_safe - 2 * poison.count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_loss_is_later_smaller() {
        assert_eq!(forced_loss(41), -1);
        assert_eq!(forced_loss(40), -1);
        assert_eq!(forced_loss(39), -2);
        assert!(forced_loss(10) < forced_loss(20));
    }
}
