//! `tempo`, poda's own DesConecta-4 BOOM evaluation (the default).
//!
//! The game is lost by the player who must complete a four of its own colour: in the end
//! every cell it can fill (the lowest empty cell of each column) would complete one, and it
//! has no bomb to explode instead. So the evaluation counts, for each player, the cells it
//! must never fill ("poison" cells: an empty cell that would complete a four of its colour)
//! and the moves it still has:
//! - each poison cell costs its owner [`POISON`], more if it can be filled now
//!   ([`POISON_PLAYABLE`]): the owner cannot use that column until the opponent fills it;
//! - a cell that is poison for both players ([`DEAD`]) closes its column for both;
//! - windows of four cells with no opponent piece are future poison cells, weighted by the
//!   owner's pieces in them ([`WINDOW_WEIGHT`], a cost);
//! - a bomb on the board is a spare move that fills no cell and can clean a row
//!   ([`BOMB`]);
//! - the side to move with no safe PUT left and no bomb is lost next move
//!   ([`NO_SAFE_MOVE`]), and safe moves count ([`SAFE_MOVE`]).
//!
//! The value for `player` is its total minus the opponent's, so the evaluation is zero-sum.

use super::position::{board_mask, four_cells, DesConecta, HEIGHT};
use poda_core::{Evaluator, Game, Outcome, Player};

/// Value of a finished game (search handles those; kept for completeness).
pub const TEMPO_WIN: i64 = 1_000_000;
/// Cost of a poison cell of one's own.
pub const POISON: i64 = 40;
/// Extra cost of a poison cell that is the lowest empty cell of its column.
pub const POISON_PLAYABLE: i64 = 40;
/// Cost, for both players, of a cell poison to both: nobody can play that column any more.
pub const DEAD: i64 = 0;
/// Cost of an own window of four free of opponent pieces, by own pieces in it (0..=3).
pub const WINDOW_WEIGHT: [i64; 4] = [0, 1, 3, 8];
/// Value of having a bomb on the board.
pub const BOMB: i64 = 60;
/// Value of each playable cell the player can fill without making four.
pub const SAFE_MOVE: i64 = 10;
/// The side to move has no safe PUT and no bomb: it loses on this move.
pub const NO_SAFE_MOVE: i64 = 100_000;

/// The shifts of the four line directions: vertical, horizontal, down-right, up-right.
const DIRECTIONS: [u32; 4] = [1, HEIGHT + 1, HEIGHT, HEIGHT + 2];

/// The `tempo` evaluator (stateless).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tempo;

/// What the evaluation needs to know about one player.
struct Side {
    poison: u64,
    safe: u64,
    has_bomb: bool,
}

impl Tempo {
    fn side(state: &DesConecta, who: Player) -> Side {
        let empty = state.empty();
        let poison = four_cells(state.pieces(who), empty);
        Side {
            poison,
            safe: state.possible() & !poison,
            has_bomb: state.bomb(who) != 0,
        }
    }

    /// The static part of `who`'s total.
    fn total(state: &DesConecta, who: Player, me: &Side, dead: u64) -> i64 {
        let playable = state.possible();
        let own = state.pieces(who);
        let free = board_mask() & !state.pieces(who.opponent());
        let mut value = -window_cost(own, free);
        value -= POISON * (me.poison & !dead).count_ones() as i64;
        value -= POISON_PLAYABLE * (me.poison & playable & !dead).count_ones() as i64;
        value += SAFE_MOVE * me.safe.count_ones() as i64;
        if me.has_bomb {
            value += BOMB;
        }
        value
    }
}

/// Sum over the four directions of the windows of four cells within `free`, each weighted by
/// [`WINDOW_WEIGHT`] of the number of `own` pieces it holds.
#[inline]
fn window_cost(own: u64, free: u64) -> i64 {
    let mut cost = 0;
    for d in DIRECTIONS {
        let starts = free & (free >> d) & (free >> (2 * d)) & (free >> (3 * d));
        let (a, b, c, e) = (own, own >> d, own >> (2 * d), own >> (3 * d));
        // Bit-sliced a+b+c+e (as in Connect 4's `threats`).
        let (sum_ab, carry_ab) = (a ^ b, a & b);
        let (sum_ce, carry_ce) = (c ^ e, c & e);
        let ones = sum_ab ^ sum_ce;
        let twos = carry_ab ^ carry_ce ^ (sum_ab & sum_ce);
        let exactly = [0, ones & !twos, !ones & twos, ones & twos];
        for k in 1..4 {
            cost += WINDOW_WEIGHT[k] * (starts & exactly[k]).count_ones() as i64;
        }
    }
    cost
}

impl Evaluator<DesConecta> for Tempo {
    fn name(&self) -> &str {
        "tempo"
    }

    fn evaluate(&self, state: &DesConecta, player: Player) -> i64 {
        match state.outcome() {
            Outcome::Win(w) if w == player => return TEMPO_WIN,
            Outcome::Win(_) => return -TEMPO_WIN,
            Outcome::Draw => return 0,
            Outcome::Ongoing => {}
        }
        let mover = state.side_to_move();
        let sides = [
            Self::side(state, Player::First),
            Self::side(state, Player::Second),
        ];
        let dead = sides[0].poison & sides[1].poison;
        let [first, second] =
            [Player::First, Player::Second].map(|p| Self::total(state, p, &sides[p.index()], dead));
        let mut value = first - second;
        let m = &sides[mover.index()];
        if m.safe == 0 && !m.has_bomb {
            value += if mover == Player::First {
                -NO_SAFE_MOVE
            } else {
                NO_SAFE_MOVE
            };
        }
        let _ = DEAD;
        if player == Player::First {
            value
        } else {
            -value
        }
    }
}
