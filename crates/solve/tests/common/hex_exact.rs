//! Exact search on tiny Hex boards, the oracle of the solver's fill-in tests
//! (`hex_ice.rs`, `hex_pockets.rs`), and the random positions they check. Each test file
//! includes it as a module of its own and uses a part of it.
#![allow(dead_code)]

use poda_core::{Player, Rng};
use poda_solve::hex::board::{cells, Board, Masks};
use std::collections::HashMap;

pub type Memo = HashMap<(u128, u128, bool), bool>;

/// Does the player to move win? Plain memoised negamax over every empty cell.
pub fn wins(board: &Board, masks: &Masks, memo: &mut Memo) -> bool {
    let key = (
        board.stones[0],
        board.stones[1],
        board.to_move == Player::First,
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let result = cells(board.empty(masks)).any(|c| wins_by(board, masks, c, memo));
    memo.insert(key, result);
    result
}

/// Does the player to move win by playing `m`?
pub fn wins_by(board: &Board, masks: &Masks, m: u32, memo: &mut Memo) -> bool {
    let next = board.play(m);
    next.has_won(masks, board.to_move) || !wins(&next, masks, memo)
}

/// `stones` random moves from the empty board, `to_move` first; `None` if they end the
/// game.
pub fn random_unfinished(
    rng: &mut Rng,
    masks: &Masks,
    stones: usize,
    to_move: Player,
) -> Option<Board> {
    let mut board = Board {
        stones: [0, 0],
        to_move,
        swap_rule: false,
    };
    for _ in 0..stones {
        let empty: Vec<u32> = cells(board.empty(masks)).collect();
        board = board.play(empty[rng.index(empty.len())]);
    }
    let over = board.has_won(masks, Player::First) || board.has_won(masks, Player::Second);
    (!over).then_some(board)
}
