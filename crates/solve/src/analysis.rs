//! Scores of every move, the set of best moves, and the perfect player's choice.
//!
//! The best moves are found without solving every child exactly: the position's own score
//! `v` comes first (book or search), then each child only needs one null-window test
//! ("is this move worth `v`?"), which is much cheaper than an exact score.
//!
//! The perfect player picks, among the moves of the best score (quickest win, slowest loss),
//! the one that leaves the opponent the fewest replies that do not lose at once (the one a
//! person is most likely to get wrong), then the most central column, or a seeded random one.

use crate::book::columns_of;
use crate::position::{Position, SIZE, WIDTH};
use crate::solver::Solver;
use poda_core::Rng;

/// Columns from the centre outwards.
const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// How the perfect player breaks ties between equally scored moves that leave the opponent
/// equally many non-losing replies.
#[derive(Clone, Debug)]
pub enum TieBreak {
    /// The most central column (deterministic; the book's lines follow this rule).
    Centre,
    /// A uniformly random one.
    Random(Rng),
}

/// A chosen move: 0-based column and its exact score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub col: usize,
    pub score: i32,
}

impl Solver {
    /// The exact score of every playable column (0-based), side to move's view; full columns
    /// are absent. The position must not be over.
    pub fn analyze(&mut self, p: &Position) -> Vec<(usize, i32)> {
        let mut out = Vec::with_capacity(WIDTH);
        for col in 0..WIDTH {
            if !p.can_play(col) {
                continue;
            }
            let score = if p.is_winning_move(col) {
                (SIZE + 1 - p.moves()) / 2
            } else {
                let mut child = *p;
                child.play_col(col);
                -self.solve(&child)
            };
            out.push((col, score));
        }
        out
    }

    /// As [`Solver::analyze`] but with weak scores (1 win, 0 draw, -1 loss).
    pub fn analyze_weak(&mut self, p: &Position) -> Vec<(usize, i32)> {
        let mut out = Vec::with_capacity(WIDTH);
        for col in 0..WIDTH {
            if !p.can_play(col) {
                continue;
            }
            let score = if p.is_winning_move(col) {
                1
            } else {
                let mut child = *p;
                child.play_col(col);
                -self.solve_weak(&child)
            };
            out.push((col, score));
        }
        out
    }

    /// The position's score and every column (0-based, increasing) that keeps it.
    pub fn best_moves(&mut self, p: &Position) -> (i32, Vec<usize>) {
        if let Some((v, cols)) = self.book_best(p) {
            return (v, columns_of(cols));
        }
        let v = self.solve(p);
        let cols = (0..WIDTH)
            .filter(|&col| p.can_play(col) && self.keeps(p, col, v))
            .collect();
        (v, cols)
    }

    /// The columns (0-based, centre first) that keep a win (`weak` = 1) or a draw (`weak` =
    /// 0) of a position whose weak score is `weak`: the first one found for a win, every one
    /// for a draw. Each column costs one null-window test. Stops at the deadline (see
    /// [`Solver::set_deadline`]) with the columns proved so far.
    pub fn keeping_moves(&mut self, p: &Position, weak: i32) -> Vec<usize> {
        debug_assert!(weak == 0 || weak == 1);
        let mut cols = Vec::new();
        for col in CENTRE_FIRST {
            if !p.can_play(col) {
                continue;
            }
            let keeps = self.keeps(p, col, weak);
            if self.aborted() {
                break;
            }
            if keeps {
                cols.push(col);
                if weak > 0 {
                    break;
                }
            }
        }
        cols
    }

    /// Whether playing `col` leaves the side to move a score of at least `v`.
    fn keeps(&mut self, p: &Position, col: usize, v: i32) -> bool {
        if p.is_winning_move(col) {
            return true;
        }
        let child = p.after(p.move_in(col));
        match self.book_score(&child) {
            Some(s) => -s >= v,
            // Our move keeps `v` iff the child's score is at most -v.
            None => !self.score_at_least(&child, -v + 1),
        }
    }

    /// The perfect player's move in a position that is not over; `None` on a full board, or
    /// when a deadline (see [`Solver::set_deadline`]) stopped the search.
    pub fn choose(&mut self, p: &Position, tie: &mut TieBreak) -> Option<Chosen> {
        if p.moves() >= SIZE {
            return None;
        }
        let (score, cols) = self.best_moves(p);
        if self.aborted() {
            return None;
        }
        let hardest = hardest(p, &cols);
        if hardest.is_empty() {
            return None;
        }
        let col = match tie {
            TieBreak::Centre => hardest[0],
            TieBreak::Random(rng) => hardest[rng.index(hardest.len())],
        };
        Some(Chosen { col, score })
    }
}

/// Among equally good columns (non-empty), those leaving the opponent the fewest replies
/// that do not lose at once, most central first. Between two columns equally far from the
/// centre, the order is that of the position's canonical orientation (the one the book
/// stores: the smaller of the key and the mirrored key), so a position and its mirror image
/// get mirrored choices and the player stays on the book's lines whichever way it meets them.
pub fn hardest(p: &Position, cols: &[usize]) -> Vec<usize> {
    let replies = |col: usize| {
        let child = p.after(p.move_in(col));
        if child.can_win_next() {
            0
        } else {
            child.non_losing_moves().count_ones()
        }
    };
    let fewest = cols.iter().map(|&c| replies(c)).min().unwrap_or(0);
    let mirrored = p.mirror_key() < p.key();
    CENTRE_FIRST
        .iter()
        .map(|&c| if mirrored { WIDTH - 1 - c } else { c })
        .filter(|c| cols.contains(c) && replies(*c) == fewest)
        .collect()
}
