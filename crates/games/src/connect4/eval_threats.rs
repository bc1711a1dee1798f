//! `threats`, poda's own Connect 4 evaluation (the default), on bitboards.
//!
//! For each player, with only the windows of four cells that hold none of the opponent's
//! stones (the lines that player can still complete):
//! - each window scores by how many of the player's stones it holds ([`WINDOW_WEIGHT`]);
//! - each *threat* (an empty cell that would complete a four) scores [`THREAT`], plus
//!   [`GOOD_PARITY`] on the owner's favourable rows. Allis ("A knowledge-based approach of
//!   Connect-Four", 1988) showed that with the board filling up column by column the first
//!   player profits from threats on odd rows (1, 3, 5 counted from the bottom) and the second
//!   from threats on even rows: that is who gets to play the cell in zugzwang;
//! - two threats of the same player one above the other ([`STACKED`]) cannot both be blocked;
//! - stones in the centre column(s) ([`CENTRE`]) take part in the most lines.
//!
//! Then the immediate tactics, from the side to move's view: a threat it can play now is a win
//! ([`WIN_NOW`]); two playable threats of the opponent cannot both be blocked
//! ([`DOUBLE_THREAT`]). The value for `player` is its total minus the opponent's, so the
//! evaluation is zero-sum. Windows are counted with a bit-sliced adder over four shifted
//! copies of the player's stones, a few dozen integer operations per direction.

use super::bits::{self, directions};
use super::eval::centre_hint;
use super::Connect4;
use poda_core::{Evaluator, Game, Outcome, Player};

/// Value of a finished game (search handles those; kept for completeness).
pub const THREATS_WIN: i64 = 1_000_000;
/// A window free of opponent stones, by the number of own stones in it (0..=3).
pub const WINDOW_WEIGHT: [i64; 4] = [0, 1, 4, 12];
/// An empty cell that would complete a four.
pub const THREAT: i64 = 30;
/// Extra for a threat on the owner's favourable row parity.
pub const GOOD_PARITY: i64 = 30;
/// Extra for a threat directly above another threat of the same player.
pub const STACKED: i64 = 60;
/// Per own stone in the centre column(s).
pub const CENTRE: i64 = 25;
/// The side to move has a playable threat: it wins on this move.
pub const WIN_NOW: i64 = 100_000;
/// The side not to move has two playable threats: only one can be blocked.
pub const DOUBLE_THREAT: i64 = 50_000;

/// Move-ordering hints: winning move, then blocking the opponent's, then making threats.
pub const HINT_WIN: i32 = 10_000;
pub const HINT_BLOCK: i32 = 5_000;
pub const HINT_THREAT: i32 = 100;
/// A move right below an opponent's threat hands them that cell.
pub const HINT_GIFT: i32 = -1_000;

/// The `threats` evaluator (stateless).
#[derive(Clone, Copy, Debug, Default)]
pub struct Threats;

impl Threats {
    /// The positional part for `who`: windows, threats, parity, stacks, centre.
    fn side(state: &Connect4, who: Player) -> i64 {
        let height = state.height();
        let own = state.stones(who);
        let free = state.board_mask() & !state.stones(who.opponent());
        let mut value = window_score(own, free, height);

        let threats = state.winning_cells(who);
        let good = good_rows(state, who);
        value += THREAT * threats.count_ones() as i64;
        value += GOOD_PARITY * (threats & good).count_ones() as i64;
        value += STACKED * (threats & (threats >> 1)).count_ones() as i64;
        value += CENTRE * (own & centre_columns(state)).count_ones() as i64;
        value
    }

    /// Immediate tactics from the side to move's view.
    fn tactics(state: &Connect4) -> i64 {
        let mover = state.side_to_move();
        let playable = state.possible();
        if state.winning_cells(mover) & playable != 0 {
            WIN_NOW
        } else if (state.winning_cells(mover.opponent()) & playable).count_ones() >= 2 {
            -DOUBLE_THREAT
        } else {
            0
        }
    }
}

/// The rows where `who`'s threats are worth most (Allis' parity rule): rows 1, 3, 5, ...
/// (counted from 1 at the bottom) for the first player, rows 2, 4, 6, ... for the second.
#[inline]
fn good_rows(state: &Connect4, who: Player) -> u64 {
    let rows = match who {
        Player::First => 0b01_0101_0101,  // 0-based rows 0, 2, 4, 6, 8
        Player::Second => 0b10_1010_1010, // 0-based rows 1, 3, 5, 7
    };
    bits::rows_mask(state.width(), state.height(), rows)
}

/// The centre column, or the two middle ones on an even board.
#[inline]
fn centre_columns(state: &Connect4) -> u64 {
    let w = state.width();
    state.column_mask((w - 1) / 2) | state.column_mask(w / 2)
}

/// Sum over the four directions of the windows of four cells within `free`, each weighted by
/// [`WINDOW_WEIGHT`] of the number of `own` stones it holds.
#[inline]
fn window_score(own: u64, free: u64, height: u32) -> i64 {
    let mut score = 0;
    for d in directions(height) {
        // Bit i of `starts`: the window i, i+d, i+2d, i+3d lies in `free`.
        let starts = free & (free >> d) & (free >> (2 * d)) & (free >> (3 * d));
        let (a, b, c, e) = (own, own >> d, own >> (2 * d), own >> (3 * d));
        // Bit-sliced a+b+c+e: count = ones + 2 * (carry_ab + carry_ce + carry_sums).
        let (sum_ab, carry_ab) = (a ^ b, a & b);
        let (sum_ce, carry_ce) = (c ^ e, c & e);
        let ones = sum_ab ^ sum_ce;
        // At most two of the three carries are set at once, so their sum's low bit is a xor.
        let twos = carry_ab ^ carry_ce ^ (sum_ab & sum_ce);
        let exactly = [0, ones & !twos, !ones & twos, ones & twos];
        for k in 1..4 {
            score += WINDOW_WEIGHT[k] * (starts & exactly[k]).count_ones() as i64;
        }
    }
    score
}

impl Evaluator<Connect4> for Threats {
    fn name(&self) -> &str {
        "threats"
    }

    fn evaluate(&self, state: &Connect4, player: Player) -> i64 {
        match state.outcome() {
            Outcome::Win(winner) if winner == player => return THREATS_WIN,
            Outcome::Win(_) => return -THREATS_WIN,
            _ => {}
        }
        let tactics = Self::tactics(state);
        let tactics = if player == state.side_to_move() {
            tactics
        } else {
            -tactics
        };
        Self::side(state, player) - Self::side(state, player.opponent()) + tactics
    }

    /// Winning move first, then blocking the opponent's win, then moves that make threats,
    /// then the centre; a move right below an opponent's threat comes late.
    fn move_hint(&self, state: &Connect4, mv: u8) -> i32 {
        let cell = state.landing_cell(mv);
        if cell == 0 {
            return i32::MIN;
        }
        let mover = state.side_to_move();
        if state.is_winning_move(mv) {
            return HINT_WIN;
        }
        let theirs = state.winning_cells(mover.opponent());
        if cell & theirs != 0 {
            return HINT_BLOCK;
        }
        let mut hint = centre_hint(state, mv);
        if (cell << 1) & theirs != 0 {
            hint += HINT_GIFT;
        }
        let empty_after = state.board_mask() & !(state.mask() | cell);
        let before = state.winning_cells(mover);
        let after = bits::winning_cells(state.current() | cell, state.height()) & empty_after;
        hint += HINT_THREAT * (after & !before).count_ones() as i32;
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_rows_follow_allis() {
        let game = Connect4::new();
        let cell = |col, row| bits::cell_bit(col, row, 6);
        let first = good_rows(&game, Player::First);
        let second = good_rows(&game, Player::Second);
        // Rows 1 (bottom), 3 and 5 for the first player; 2, 4 and 6 for the second.
        for row in [0, 2, 4] {
            assert!(first & cell(3, row) != 0 && second & cell(3, row) == 0);
        }
        for row in [1, 3, 5] {
            assert!(second & cell(6, row) != 0 && first & cell(6, row) == 0);
        }
        assert_eq!(first | second, game.board_mask());
        assert_eq!(first & second, 0);
    }

    #[test]
    fn window_counts_by_stones() {
        // One x stone in the bottom-left corner of an empty 7x6 board lies in 3 windows:
        // horizontal, vertical and the up-right diagonal, each with one own stone.
        let game = Connect4::from_moves("1").unwrap();
        let own = game.stones(Player::First);
        let free = game.board_mask();
        assert_eq!(window_score(0, free, 6), 0);
        assert_eq!(window_score(own, free, 6), 3 * WINDOW_WEIGHT[1]);
        // Two stacked stones: vertical windows rows 1-4 (two own) and rows 2-5 (one own),
        // plus one horizontal and one diagonal window for each stone.
        let two = own | own << 1;
        assert_eq!(
            window_score(two, free, 6),
            WINDOW_WEIGHT[2] + WINDOW_WEIGHT[1] + 4 * WINDOW_WEIGHT[1]
        );
    }
}
