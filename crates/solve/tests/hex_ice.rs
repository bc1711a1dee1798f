//! The solver's inferior cells against exact search on small boards: a dead cell may be
//! given to either player without changing who wins, and leaving out the moves that a
//! killer dominates never leaves out every winning move.

use poda_core::{Player, Rng};
use poda_solve::hex::board::{cells, Board, Masks};
use poda_solve::hex::ice::Rings;
use std::collections::HashMap;

/// Does the player to move win? Plain memoised negamax over every empty cell.
fn wins(board: &Board, masks: &Masks, memo: &mut HashMap<(u128, u128, bool), bool>) -> bool {
    let key = (
        board.stones[0],
        board.stones[1],
        board.to_move == Player::First,
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let me = board.to_move;
    let result = cells(board.empty(masks)).any(|c| {
        let next = board.play(c);
        next.has_won(masks, me) || !wins(&next, masks, memo)
    });
    memo.insert(key, result);
    result
}

/// Random unfinished positions of 3x3 to 5x5 boards (one in six on 5x5, with at least 14
/// stones, so the plain search stays small).
fn random_positions(count: usize, seed: u64) -> Vec<(Masks, Board)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let size = [3, 4, 4, 4, 4, 5][rng.index(6)];
        let masks = Masks::new(size);
        let cells_n = (size * size) as usize;
        let least = [0, 0, 0, 0, 4, 14][size as usize];
        let stones = least + rng.index(cells_n - least - 1);
        let mut board = Board {
            stones: [0, 0],
            to_move: Player::First,
            swap_rule: false,
        };
        for _ in 0..stones {
            let empty: Vec<u32> = cells(board.empty(&masks)).collect();
            board = board.play(empty[rng.index(empty.len())]);
        }
        if !board.has_won(&masks, Player::First) && !board.has_won(&masks, Player::Second) {
            out.push((masks, board));
        }
    }
    out
}

/// True if the colour of `c` changes the winner of some filling of the other empty cells
/// (`c` is then in a minimal winning chain of somebody, so it is not dead).
fn colour_ever_matters(board: &Board, masks: &Masks, c: u32) -> bool {
    let others: Vec<u32> = cells(board.empty(masks) & !(1 << c)).collect();
    (0u32..1 << others.len()).any(|fill| {
        let mut black = board.stones[0];
        for (i, &d) in others.iter().enumerate() {
            if fill >> i & 1 == 1 {
                black |= 1 << d;
            }
        }
        let full = |black: u128| {
            let b = Board {
                stones: [black, masks.board & !black],
                ..*board
            };
            b.has_won(masks, Player::First)
        };
        full(black | 1 << c) != full(black)
    })
}

#[test]
fn dead_cells_may_go_to_either_player() {
    let mut found = 0;
    // One table per board size, shared by its positions.
    let mut memos: [HashMap<_, _>; 6] = Default::default();
    for (masks, board) in random_positions(400, 5) {
        let rings = Rings::new(masks.size);
        let memo = &mut memos[masks.size as usize];
        let value = wins(&board, &masks, memo);
        for c in cells(rings.dead(&board, &masks)) {
            found += 1;
            assert!(
                !colour_ever_matters(&board, &masks, c),
                "{c} is not dead: {board:?}"
            );
            for colour in 0..2 {
                let mut filled = board;
                filled.stones[colour] |= 1 << c;
                let decided = filled.has_won(&masks, Player::BOTH[colour]);
                let after = !decided && wins(&filled, &masks, memo);
                // A filled cell cannot finish the game for a player it is useless to.
                assert!(!decided, "dead {c} joins {colour}: {board:?}");
                assert_eq!(after, value, "dead {c} given to {colour}: {board:?}");
            }
        }
    }
    assert!(found > 50, "only {found} dead cells met");
}

#[test]
fn a_killer_never_hides_every_winning_move() {
    let mut left_out = 0;
    let mut memos: [HashMap<_, _>; 6] = Default::default();
    for (masks, board) in random_positions(400, 6) {
        let rings = Rings::new(masks.size);
        let memo = &mut memos[masks.size as usize];
        let empty = board.empty(&masks);
        // A killer may itself be left out for a later killer: the chain ends at a kept move.
        let (killed, _) = rings.killed(&board, &masks, empty);
        assert_ne!(killed, empty, "every move left out: {board:?}");
        left_out += killed.count_ones();
        let me = board.to_move;
        let winning = |c: u32, memo: &mut HashMap<_, _>| {
            let next = board.play(c);
            next.has_won(&masks, me) || !wins(&next, &masks, memo)
        };
        if wins(&board, &masks, memo) {
            assert!(
                cells(empty & !killed).any(|c| winning(c, memo)),
                "every winning move left out: {board:?}"
            );
        }
    }
    assert!(left_out > 50, "only {left_out} moves left out");
}
