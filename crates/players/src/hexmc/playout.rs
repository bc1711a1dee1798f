//! Pattern-weighted playouts: each move is drawn with a chance that grows with the learned
//! weight of its 12-cell pattern (and its place from the opponent's last move), as in MoHex
//! 2.0, whose simulation policy is a softmax over learned pattern weights (Huang, Arneson,
//! Hayward, Müller, Pawlewicz, "MoHex 2.0: a pattern-based MCTS Hex player", CG 2013).
//!
//! MoHex keeps a weight for every empty cell and updates the cells around each move. Here
//! the draw is by rejection instead (von Neumann's method), which needs no state per cell:
//! a uniformly random empty cell is accepted with probability `min(gamma, cap) / cap`, and
//! after [`TRIES`] refusals the last candidate is played. The result is the softmax of the
//! capped weights, cut short where every candidate is weak; the cost is a few pattern reads a
//! move. The bridge-save reply comes first, as in the plain playout.
//!
//! [`local_playout`] is the other half of MoHex 2.0's policy: most moves answer the last one.
//! The 12 cells around the opponent's last move (its ring and bridge cells) compete with the
//! whole board: one of them is drawn with the chance of its weight (pattern times locality)
//! against `base` for every empty cell of the board, which is drawn otherwise uniformly or,
//! with a cap, by [`draw`] on the pattern weights alone, as MoHex draws its global moves by
//! their capped global pattern weights (benzene's `MoHexPlayoutPolicy`).

use super::board::{other, Board, FastRng, EMPTY};
use super::keys::Keys;
use super::patterns::{offsets, Patterns, CELLS};

/// Candidates read before the last one is played regardless of its weight.
pub const TRIES: usize = 8;

/// Fills the board from `to_move` (the previous move was `last`), drawing moves by their
/// pattern weights capped at `cap` (> 0). Returns the winner's colour.
pub fn weighted_playout(
    board: &mut Board,
    patterns: &Patterns,
    cap: f32,
    mut to_move: u8,
    mut last: Option<usize>,
    rng: &mut FastRng,
) -> u8 {
    while board.empty_count() > 0 {
        let p = match last.and_then(|l| board.bridge_reply(l, to_move, rng)) {
            Some(p) => p,
            None => draw(board, patterns, cap, to_move, last, rng),
        };
        board.play(p, to_move);
        last = Some(p);
        to_move = other(to_move);
    }
    board.full_board_winner()
}

/// One move of `to_move` drawn by rejection from the empty cells (there must be one).
#[inline]
pub fn draw(
    board: &Board,
    patterns: &Patterns,
    cap: f32,
    to_move: u8,
    last: Option<usize>,
    rng: &mut FastRng,
) -> usize {
    debug_assert!(cap > 0.0 && board.empty_count() > 0);
    // Acceptance: a 32-bit random number below `gamma / cap` of its range.
    let scale = (u32::MAX as f32) / cap;
    let mut candidate = 0usize;
    for _ in 0..TRIES {
        candidate = board.empties()[rng.below(board.empty_count())] as usize;
        let gamma = patterns.gamma(board, candidate, to_move, last);
        if ((rng.next_u64() >> 32) as f32) < gamma * scale {
            break;
        }
    }
    candidate
}

/// A playout policy, as hexmc's options `plocal` and `pcap` give it.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayoutPolicy {
    /// With [`local_playout`]: the weight of each empty cell of the board against the cells
    /// around the last move (`plocal`); 0: no local answers.
    pub base: f32,
    /// The cap of the pattern weights ([`draw`]): for every move, or with `base` for the
    /// moves away from the last one, drawn without locality (`pcap`); 0: uniform moves.
    pub cap: f32,
}

impl PlayoutPolicy {
    /// Fills the board from `to_move` (the previous move was `last`) by this policy: the
    /// local playout with a base, else the weighted one with a cap, else the uniform one
    /// (each with the bridge-save reply first). Returns the winner's colour.
    ///
    /// With local-reply weights in `patterns` ([`PlayoutPolicy::keyed`]) the local playout
    /// draws its replies by them, reading the cells' patterns from `keys` (built here).
    #[inline]
    pub fn fill(
        self,
        board: &mut Board,
        patterns: &Patterns,
        to_move: u8,
        last: Option<usize>,
        rng: &mut FastRng,
        keys: &mut Keys,
    ) -> u8 {
        if self.keyed(patterns) {
            keys.build(board);
        }
        self.fill_keyed(board, patterns, to_move, last, rng, keys)
    }

    /// Whether this policy reads the pattern keys: local playouts with local-reply weights.
    #[inline]
    pub fn keyed(self, patterns: &Patterns) -> bool {
        self.base > 0.0 && patterns.has_near()
    }

    /// [`PlayoutPolicy::fill`] with `keys` that already match the board when the policy is
    /// [`PlayoutPolicy::keyed`] (a search keeps them along its descent).
    #[inline]
    pub fn fill_keyed(
        self,
        board: &mut Board,
        patterns: &Patterns,
        to_move: u8,
        last: Option<usize>,
        rng: &mut FastRng,
        keys: &mut Keys,
    ) -> u8 {
        if self.keyed(patterns) {
            keyed_local_playout(board, keys, patterns, self.base, to_move, last, rng)
        } else if self.base > 0.0 {
            local_playout(board, patterns, self, to_move, last, rng)
        } else if self.cap > 0.0 {
            weighted_playout(board, patterns, self.cap, to_move, last, rng)
        } else {
            board.playout(to_move, last, rng)
        }
    }
}

/// Fills the board from `to_move` (the previous move was `last`), answering the last move
/// near it by the pattern weights against the policy's base (> 0) for each empty cell. Returns the
/// winner's colour.
pub fn local_playout(
    board: &mut Board,
    patterns: &Patterns,
    policy: PlayoutPolicy,
    mut to_move: u8,
    mut last: Option<usize>,
    rng: &mut FastRng,
) -> u8 {
    let (around, _) = offsets(board.layout.width);
    while board.empty_count() > 0 {
        let p = match last {
            Some(l) => match board.bridge_reply(l, to_move, rng) {
                Some(p) => p,
                None => local_draw(board, patterns, &around, policy.base, to_move, l, rng)
                    .unwrap_or_else(|| global_draw(board, patterns, policy.cap, to_move, rng)),
            },
            None => global_draw(board, patterns, policy.cap, to_move, rng),
        };
        board.play(p, to_move);
        last = Some(p);
        to_move = other(to_move);
    }
    board.full_board_winner()
}

/// The local playout with local-reply weights ([`Patterns::near_gamma`]): after the
/// bridge-save reply, one of the empty cells among the 12 around the opponent's last move is
/// drawn by its weight against `base` for every empty cell of the board, which is drawn
/// uniformly otherwise. The cells' patterns come from `keys`, which must match the board
/// and are kept up to date. Returns the winner's colour.
pub fn keyed_local_playout(
    board: &mut Board,
    keys: &mut Keys,
    patterns: &Patterns,
    base: f32,
    mut to_move: u8,
    mut last: Option<usize>,
    rng: &mut FastRng,
) -> u8 {
    let around = board.layout.pattern_offsets[0];
    while board.empty_count() > 0 {
        let reply = last.and_then(|l| {
            board
                .bridge_reply(l, to_move, rng)
                .or_else(|| keyed_draw(board, keys, patterns, &around, base, to_move, l, rng))
        });
        let p = reply.unwrap_or_else(|| board.empties()[rng.below(board.empty_count())] as usize);
        keys.play(board, p, to_move);
        board.play(p, to_move);
        last = Some(p);
        to_move = other(to_move);
    }
    board.full_board_winner()
}

/// One reply of `to_move` near `last` by the local-reply weights read through `keys`, or
/// `None` for a move drawn from the whole board.
#[allow(clippy::too_many_arguments)]
#[inline]
fn keyed_draw(
    board: &Board,
    keys: &Keys,
    patterns: &Patterns,
    around: &[isize; CELLS],
    base: f32,
    to_move: u8,
    last: usize,
    rng: &mut FastRng,
) -> Option<usize> {
    let mut cells = [0usize; CELLS];
    let mut upto = [0f32; CELLS];
    let mut n = 0;
    let mut total = 0f32;
    for &d in around {
        let q = (last as isize + d) as usize;
        if board.colour[q] == EMPTY {
            total += patterns.near_fast(keys.index(q, to_move));
            cells[n] = q;
            upto[n] = total;
            n += 1;
        }
    }
    let global = base * board.empty_count() as f32;
    // A uniform number in [0, total + global) from 24 random bits.
    let r = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * (total + global);
    if r < total {
        return upto[..n].iter().position(|&u| r < u).map(|i| cells[i]);
    }
    None
}

/// A move away from the last one: by the capped pattern weights, or uniform without a cap.
#[inline]
fn global_draw(
    board: &Board,
    patterns: &Patterns,
    cap: f32,
    to_move: u8,
    rng: &mut FastRng,
) -> usize {
    if cap > 0.0 {
        draw(board, patterns, cap, to_move, None, rng)
    } else {
        board.empties()[rng.below(board.empty_count())] as usize
    }
}

/// One move of `to_move` after the opponent's `last`: one of the empty cells `around` it by
/// weight, or `None` for a move drawn from the whole board.
#[inline]
fn local_draw(
    board: &Board,
    patterns: &Patterns,
    around: &[isize; CELLS],
    base: f32,
    to_move: u8,
    last: usize,
    rng: &mut FastRng,
) -> Option<usize> {
    let mut cells = [0usize; CELLS];
    let mut upto = [0f32; CELLS];
    let mut n = 0;
    let mut total = 0f32;
    let near = patterns.has_near();
    for &d in around {
        let q = (last as isize + d) as usize;
        if board.colour[q] == EMPTY {
            total += if near {
                patterns.near_gamma(board, q, to_move)
            } else {
                patterns.gamma(board, q, to_move, Some(last))
            };
            cells[n] = q;
            upto[n] = total;
            n += 1;
        }
    }
    let global = base * board.empty_count() as f32;
    // A uniform number in [0, total + global) from 24 random bits.
    let r = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * (total + global);
    if r < total {
        if let Some(i) = upto[..n].iter().position(|&u| r < u) {
            return Some(cells[i]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hexmc::board::{BLACK, WHITE};

    /// With uniform weights the weighted playout fills the board and its winner is the one
    /// the full board says, for every size (Black's one stone wins 1x1).
    #[test]
    fn fills_the_board_and_names_its_winner() {
        let uniform = Patterns::uniform();
        let mut rng = FastRng::new(3);
        for size in [1usize, 2, 5, 9, 13] {
            let mut black = 0;
            for _ in 0..200 {
                let mut b = Board::new(size);
                let w = weighted_playout(&mut b, &uniform, 1.0, BLACK, None, &mut rng);
                assert_eq!(b.empty_count(), 0);
                assert_eq!(w, b.full_board_winner());
                assert!(w == BLACK || w == WHITE);
                black += (w == BLACK) as usize;
            }
            if size == 1 {
                assert_eq!(black, 200, "Black's one stone wins 1x1");
            }
        }
    }

    /// The local playout fills the board and names its winner; with a tiny base nearly every
    /// move after the first is one of the 12 cells around the last move while one is empty.
    #[test]
    fn local_playouts_fill_the_board_and_answer_near_the_last_move() {
        let uniform = Patterns::uniform();
        let mut rng = FastRng::new(5);
        for size in [1usize, 2, 5, 9, 13] {
            for cap in [0.0, 1.0] {
                for _ in 0..100 {
                    let mut b = Board::new(size);
                    let policy = PlayoutPolicy { base: 1.0, cap };
                    let w = local_playout(&mut b, &uniform, policy, BLACK, None, &mut rng);
                    assert_eq!(b.empty_count(), 0);
                    assert_eq!(w, b.full_board_winner());
                }
            }
        }
        let mut b = Board::new(11);
        let (around, _) = offsets(b.layout.width);
        let last = b.layout.to_box[60] as usize;
        b.play(last, WHITE);
        let (mut near, mut trials) = (0, 0);
        for _ in 0..2000 {
            trials += 1;
            if let Some(p) = local_draw(&b, &uniform, &around, 1e-4, BLACK, last, &mut rng) {
                assert_eq!(b.colour[p], EMPTY);
                assert!(around.iter().any(|&d| (last as isize + d) as usize == p));
                near += 1;
            }
        }
        assert!(near * 100 >= trials * 99, "{near} of {trials}");
        // With a large base the local cells are drawn 12 times against 120 * 10^4: almost
        // every move comes from the whole board.
        let near = (0..2000)
            .filter(|_| local_draw(&b, &uniform, &around, 1e4, BLACK, last, &mut rng).is_some())
            .count();
        assert!(near < 10, "{near} of 2000");
    }

    /// Weights steer the draw: on the empty 5x5 board, with the centre's pattern weighted 1
    /// and every other 0.01, the cells reading the centre's pattern are drawn far more often
    /// than their share (which the uniform table gives): with one such cell, `1 - (24/25)^8`
    /// of the draws against `1/25`.
    #[test]
    fn weights_steer_the_draw() {
        use crate::hexmc::patterns::{fold, read, INDICES};
        let b = Board::new(5);
        let centre = b.layout.to_box[12] as usize;
        let index = fold(&read(&b, centre, BLACK));
        let text: String = (0..INDICES)
            .filter(|&i| i != index)
            .map(|i| format!("{i} 0.01\n"))
            .collect();
        let weighted = Patterns::parse(&text).unwrap();
        let uniform = Patterns::uniform();
        let mut rng = FastRng::new(9);
        let trials = 4000;
        let mut hits = |table: &Patterns| {
            (0..trials)
                .filter(|_| {
                    let p = draw(&b, table, 1.0, BLACK, None, &mut rng);
                    fold(&read(&b, p, BLACK)) == index
                })
                .count()
        };
        let (steered, plain) = (hits(&weighted), hits(&uniform));
        assert!(plain > 0 && plain * 4 < trials, "{plain} of {trials}");
        assert!(steered > 4 * plain, "{steered} against {plain} of {trials}");
    }
}
