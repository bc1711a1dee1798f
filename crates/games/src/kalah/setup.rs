//! Kalah positions from their contents rather than their moves: from a board string
//! (`poda show`'s `s1,p1,...,pm/s2,p1,...,pm`) or from the numbers of the course's protocol.
//! Everything is computed from scratch, which makes these the conformance kit's `rebuild`.
//!
//! A board must hold exactly the game's seeds (`2 * m * n`). As in the course's simulator, a
//! board where one side's pits are all empty is over: both sides are swept into their stores.

use super::board::Board;
use super::position::Kalah;
use poda_core::Player;
use thiserror::Error;

/// Why some numbers are not a Kalah position of a given game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("bad board string '{text}': {reason}")]
    Syntax { text: String, reason: String },
    #[error("player {player} has {found} pits, the game has {expected}")]
    Pits {
        player: u8,
        found: usize,
        expected: usize,
    },
    #[error("the board holds {found} seeds, the game has {expected}")]
    Seeds { found: u32, expected: u32 },
}

impl Kalah {
    /// The position of this game (same size and rules) with the board string `text`
    /// (`s1,p1,...,pm/s2,p1,...,pm`) and `to_move` to move. The ply counter starts at 0.
    pub fn with_board_string(&self, text: &str, to_move: Player) -> Result<Kalah, BoardError> {
        let syntax = |reason: String| BoardError::Syntax {
            text: text.to_string(),
            reason,
        };
        let halves: Vec<&str> = text.trim().split('/').collect();
        if halves.len() != 2 {
            return Err(syntax("expected two sides separated by '/'".into()));
        }
        let mut sides = Vec::with_capacity(2);
        for (i, half) in halves.iter().enumerate() {
            let numbers = half
                .split(',')
                .map(|t| {
                    t.trim().parse::<u16>().map_err(|_| {
                        syntax(format!(
                            "'{}' of player {} is not a seed count",
                            t.trim(),
                            i + 1
                        ))
                    })
                })
                .collect::<Result<Vec<u16>, _>>()?;
            sides.push(numbers);
        }
        self.with_sides(&sides[0], &sides[1], to_move)
    }

    /// The position of this game with each player's `[store, P1, ..., Pm]` and `to_move` to
    /// move. The ply counter starts at 0.
    pub fn with_sides(
        &self,
        first: &[u16],
        second: &[u16],
        to_move: Player,
    ) -> Result<Kalah, BoardError> {
        let m = self.pits();
        for (player, side) in [(1, first), (2, second)] {
            if side.len() != m + 1 {
                return Err(BoardError::Pits {
                    player,
                    found: side.len().saturating_sub(1),
                    expected: m,
                });
            }
        }
        let found: u32 = first.iter().chain(second).map(|&c| c as u32).sum();
        if found != self.total_seeds() {
            return Err(BoardError::Seeds {
                found,
                expected: self.total_seeds(),
            });
        }
        let (own, opp) = match to_move {
            Player::First => (first, second),
            Player::Second => (second, first),
        };
        let mut board = Board::from_sides((own[0], &own[1..]), (opp[0], &opp[1..]));
        let over = sweep_if_over(&mut board);
        Ok(Kalah {
            board,
            mover: to_move,
            seeds: self.seeds,
            empty_capture: self.empty_capture,
            over,
            extra_turn: false,
            ply: 0,
        })
    }
}

/// The end-of-game rule on a board set from outside: if one side's pits are empty, both sides
/// go to their stores. Returns whether the game is over.
fn sweep_if_over(board: &mut Board) -> bool {
    let (own, opp) = board.side_seeds();
    if own != 0 && opp != 0 {
        return false;
    }
    let m = board.pits();
    let own_pits: Vec<u16> = vec![0; m];
    *board = Board::from_sides(
        (board.own_store() + own as u16, &own_pits),
        (board.opp_store() + opp as u16, &own_pits),
    );
    true
}
