//! Exact search on tiny Hex boards, the oracle of the solver's fill-in tests
//! (`hex_ice.rs`, `hex_pockets.rs`, `hex_decompositions.rs`), and the random positions they
//! check. Each test file
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

/// Random unfinished positions of 4x4 and 5x5 boards (one in three on 4x4; 5x5 with at
/// least `least_on_5x5` stones, so the plain search stays small), either player to move.
pub fn random_small_positions(
    rng: &mut Rng,
    count: usize,
    least_on_5x5: usize,
) -> Vec<(Masks, Board)> {
    let mut out = Vec::new();
    while out.len() < count {
        let size = [4, 5, 5][rng.index(3)];
        let masks = Masks::new(size);
        let cells_n = (size * size) as usize;
        let least = if size == 5 { least_on_5x5 } else { 4 };
        let stones = least + rng.index(cells_n - least - 2);
        let to_move = if rng.index(2) == 0 {
            Player::First
        } else {
            Player::Second
        };
        if let Some(board) = random_unfinished(rng, &masks, stones, to_move) {
            out.push((masks, board));
        }
    }
    out
}

/// Asserts that filling `fill` with `player`'s stones keeps the winner of `board` with
/// either player to move, and again after each of up to three random stones (either
/// colour) outside `fill`; `what` names the fill in the message. Returns how many checks
/// had stones added.
pub fn assert_fill_keeps_winner(
    rng: &mut Rng,
    masks: &Masks,
    board: &Board,
    player: Player,
    fill: u128,
    what: &str,
) -> usize {
    let mut after_stones = 0;
    let mut base = *board;
    for extra in 0..4 {
        if extra > 0 {
            let outside: Vec<u32> = cells(base.empty(masks) & !fill).collect();
            if outside.len() < 2 {
                break;
            }
            let c = outside[rng.index(outside.len())];
            base.stones[rng.index(2)] |= 1u128 << c;
            if base.has_won(masks, Player::First) || base.has_won(masks, Player::Second) {
                break;
            }
            after_stones += 1;
        }
        let mut filled = base;
        filled.stones[player.index()] |= fill;
        for to_move in [Player::First, Player::Second] {
            let (mut b, mut f) = (base, filled);
            b.to_move = to_move;
            f.to_move = to_move;
            let mut memo = Memo::new();
            let before = wins(&b, masks, &mut memo);
            let won_filled = f.has_won(masks, to_move)
                || (!f.has_won(masks, to_move.opponent()) && wins(&f, masks, &mut memo));
            assert_eq!(
                before, won_filled,
                "{player:?}'s {what} {fill:#x} changes the winner of {b:?}"
            );
        }
    }
    after_stones
}
