//! The solver's inferior cells against exact search on small boards: a dead cell may be
//! given to either player without changing who wins, a move dominates the cells its
//! fill-in gives the mover, also with the loser's stones added outside the cells the
//! domination rests on, and the moves kept after leaving out vulnerable and then dominated
//! cells hold a winning move of every won position.

#[path = "common/hex_exact.rs"]
mod hex_exact;

use hex_exact::{random_unfinished, wins, wins_by};
use poda_core::{Player, Rng};
use poda_solve::hex::bits::{Bits, Wide};
use poda_solve::hex::board::{cells, Board, BoardOf, Masks, MasksOf};
use poda_solve::hex::ice::Rings;
use std::collections::HashMap;

/// 128 random bits, a random subset of whatever cell set it is masked with.
fn random_bits(rng: &mut Rng) -> u128 {
    rng.next_u64() as u128 | (rng.next_u64() as u128) << 64
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
        if let Some(board) = random_unfinished(&mut rng, &masks, stones, Player::First) {
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

/// Random 5x5 positions whose centre cell has exactly two empty neighbours, not next to each
/// other, and stones of either colour on its other four (the shape where the two empty
/// cells are joined, or not, through a group or an edge that both touch).
fn apart_centres(count: usize, seed: u64) -> Vec<(Masks, Board)> {
    let mut rng = Rng::new(seed);
    let masks = Masks::new(5);
    let centre = 12;
    let ring: Vec<u32> = cells(masks.expand(1 << centre) & !(1 << centre)).collect();
    let mut out = Vec::new();
    while out.len() < count {
        let mut stones = [0u128; 2];
        let (a, b) = (ring[rng.index(6)], ring[rng.index(6)]);
        if a == b || masks.expand(1 << a) >> b & 1 == 1 {
            continue;
        }
        for &d in &ring {
            if d != a && d != b {
                stones[rng.index(2)] |= 1 << d;
            }
        }
        let keep = 1u128 << centre | 1 << a | 1 << b;
        let outside = masks.board & !masks.expand(1 << centre);
        // About half the outer cells get a stone: few enough empty cells for the oracle.
        for d in cells(outside) {
            match rng.index(4) {
                0 => stones[0] |= 1 << d,
                1 => stones[1] |= 1 << d,
                _ => {}
            }
        }
        stones[0] &= !keep;
        stones[1] &= !keep;
        let board = Board {
            stones,
            to_move: Player::First,
            swap_rule: false,
        };
        let over = board.has_won(&masks, Player::First) || board.has_won(&masks, Player::Second);
        if !over && board.empty(&masks).count_ones() <= 14 {
            out.push((masks, board));
        }
    }
    out
}

/// Dead cells whose two empty neighbours do not touch each other (joined instead through a
/// group or an edge that both touch) are dead: their colour never matters. The positions
/// hold such cells that are dead and such cells that are not.
#[test]
fn dead_cells_with_apart_empty_neighbours_are_dead() {
    let (mut dead, mut live) = (0, 0);
    for (masks, board) in apart_centres(3000, 21) {
        let rings = Rings::new(masks.size);
        let matters = colour_ever_matters(&board, &masks, 12);
        if rings.is_dead(&board, &masks, 12) {
            dead += 1;
            assert!(!matters, "12 is not dead: {board:?}");
        } else if matters {
            live += 1;
        }
    }
    assert!(
        dead > 100 && live > 100,
        "{dead} dead and {live} live centres met"
    );
}

/// The dead regions behind a group's empty neighbours are dead: no filling of the other
/// empty cells makes their colour matter (counting the cells the local test misses).
#[test]
fn dead_regions_are_dead() {
    let mut found = 0;
    for (masks, board) in random_positions(1500, 12) {
        let rings = Rings::new(masks.size);
        for c in cells(rings.dead_regions(&board, &masks) & !rings.dead(&board, &masks)) {
            found += 1;
            assert!(
                !colour_ever_matters(&board, &masks, c),
                "{c} is not dead: {board:?}"
            );
        }
    }
    assert!(found > 300, "only {found} cells of dead regions met");
}

/// A permanently inferior cell may be given to its owner: the winner is the same with
/// either player to move, also after random stones of either colour outside the cells the
/// pattern rests on (the prover's proofs keep those cells).
#[test]
fn permanently_inferior_cells_may_go_to_their_owner() {
    let mut rng = Rng::new(17);
    let mut found = 0;
    let mut memos: [HashMap<_, _>; 6] = Default::default();
    for (masks, base) in random_positions(3000, 9) {
        let rings = Rings::new(masks.size);
        let memo = &mut memos[masks.size as usize];
        for round in 0..2 {
            let mut board = base;
            if round == 1 {
                // Stones of both colours on a random part of the empty cells.
                let extra = board.empty(&masks) & random_bits(&mut rng) & random_bits(&mut rng);
                let black = extra & random_bits(&mut rng);
                board.stones[0] |= black;
                board.stones[1] |= extra & !black;
                if board.has_won(&masks, Player::First) || board.has_won(&masks, Player::Second) {
                    continue;
                }
            }
            for x in [1u8, 2] {
                let mut filled = board;
                let (cells_x, support) = rings.permanently_inferior(&mut filled, &masks, x);
                if cells_x == 0 {
                    continue;
                }
                found += cells_x.count_ones();
                assert_eq!(support & !board.empty(&masks), 0);
                assert_eq!(
                    filled.stones[(x - 1) as usize],
                    board.stones[(x - 1) as usize] | cells_x
                );
                for to_move in Player::BOTH {
                    let (mut before, mut after) = (board, filled);
                    before.to_move = to_move;
                    after.to_move = to_move;
                    let owner = Player::BOTH[(x - 1) as usize];
                    let value_after = if after.has_won(&masks, owner) {
                        to_move == owner
                    } else {
                        wins(&after, &masks, memo)
                    };
                    assert_eq!(
                        wins(&before, &masks, memo),
                        value_after,
                        "cells {cells_x:b} for {x}, {to_move:?} to move: {board:?}"
                    );
                }
            }
        }
    }
    assert!(found > 300, "only {found} permanently inferior cells met");
}

/// A move `k` dominates every cell `c` that a stone on `k` puts in the mover's fill-in: if
/// `c` wins, so does `k`. The prover relies on this also after the player to move owns any
/// cells outside the ones the domination rests on (`k`, `c` and the fill-in), so it is
/// checked again with such stones added.
#[test]
fn a_move_dominates_the_cells_its_fill_in_gives_the_mover() {
    let mut rng = Rng::new(8);
    let mut checked = 0;
    let mut memos: [HashMap<_, _>; 6] = Default::default();
    for (masks, board) in random_positions(400, 9) {
        let rings = Rings::new(masks.size);
        let memo = &mut memos[masks.size as usize];
        let me = board.to_move;
        let empty = board.empty(&masks);
        for k in cells(empty) {
            let (free, filled) = rings.free_after(&board, &masks, k);
            assert_eq!(free & !empty, 0, "free cells not empty: {board:?}");
            for c in cells(free & !(1 << k)) {
                // The position itself, then the mover owning a random part of the rest.
                let rest = empty & !filled & !(1 << k) & !(1 << c);
                let extra = rest & random_bits(&mut rng);
                for added in [0, extra] {
                    let mut position = board;
                    position.stones[me.index()] |= added;
                    if position.has_won(&masks, me) {
                        continue;
                    }
                    if wins_by(&position, &masks, c, memo) {
                        assert!(
                            wins_by(&position, &masks, k, memo),
                            "{c} wins but {k} does not: {position:?}"
                        );
                    }
                    checked += 1;
                }
            }
        }
        // Every move left out has a kept move that wins whenever it does.
        let (out, _) = rings.dominated(&board, &masks, &cells(empty).collect::<Vec<_>>());
        assert_ne!(out, empty, "every move left out: {board:?}");
        if wins(&board, &masks, memo) {
            assert!(
                cells(empty & !out).any(|m| wins_by(&board, &masks, m, memo)),
                "every winning move left out: {board:?}"
            );
        }
    }
    assert!(checked > 1000, "only {checked} dominations checked");
}

/// The prover leaves out the vulnerable cells, then the cells dominated by a move still
/// kept: a won position keeps a winning move, also after the player to move is given any
/// cells outside the ones those steps rest on (which is what a proof of the loss claims).
#[test]
fn vulnerable_and_dominated_cells_leave_a_winning_move() {
    let mut rng = Rng::new(10);
    let (mut vulnerable, mut won) = (0, 0);
    let mut memos: [HashMap<_, _>; 6] = Default::default();
    for (masks, board) in random_positions(600, 11) {
        let rings = Rings::new(masks.size);
        let memo = &mut memos[masks.size as usize];
        let me = board.to_move;
        let empty = board.empty(&masks);
        let (weak, killers) = rings.vulnerable(&board, &masks, empty);
        let (beaten, why) =
            rings.dominated(&board, &masks, &cells(empty & !weak).collect::<Vec<_>>());
        let kept = empty & !weak & !beaten;
        vulnerable += weak.count_ones();
        let rest = empty & !(weak | killers | beaten | why);
        let extra = rest & random_bits(&mut rng);
        for added in [0, extra] {
            let mut position = board;
            position.stones[me.index()] |= added;
            if position.has_won(&masks, me) || !wins(&position, &masks, memo) {
                continue;
            }
            won += 1;
            assert!(
                cells(kept & !added).any(|m| wins_by(&position, &masks, m, memo)),
                "every winning move left out: {position:?} (vulnerable {weak:#x})"
            );
        }
    }
    assert!(vulnerable > 200, "only {vulnerable} vulnerable cells met");
    assert!(won > 300, "only {won} won positions checked");
}

/// The cell set turned by 180 degrees on an `n`x`n` board (cell `c` to `n * n - 1 - c`).
fn turned<B: Bits>(set: B, n: u32) -> B {
    let last = (n * n - 1) as usize;
    set.cells().fold(B::EMPTY, |s, c| s.with(last - c))
}

/// Dead cells, dead regions and vulnerable cells do not depend on which way round the board
/// is (the 180-degree turn keeps both players' goals): on random 11x11 positions with
/// 128-bit sets and 13x13 ones with three-word sets, whose turn moves cells between the
/// words, each set of the turned position is the turned set. A shift that drops the bits
/// crossing a word border breaks this.
#[test]
fn the_cell_classes_turn_with_the_board() {
    fn check<B: Bits>(size: u32, seed: u64) -> usize {
        let masks = MasksOf::<B>::new(size);
        let rings = Rings::new(size);
        let mut rng = Rng::new(seed);
        let mut found = 0;
        for i in 0..150 {
            // A third to two thirds of the cells taken, split at random between the colours.
            let mut stones = [B::EMPTY; 2];
            let taken = (size * size) as usize * (1 + i % 3) / 4;
            for c in 0..(size * size) as usize {
                if rng.index((size * size) as usize) < taken {
                    let side = rng.index(2);
                    stones[side] = stones[side].with(c);
                }
            }
            let board = BoardOf {
                stones,
                to_move: [Player::First, Player::Second][i % 2],
                swap_rule: false,
            };
            let turn = BoardOf {
                stones: [turned(stones[0], size), turned(stones[1], size)],
                ..board
            };
            let dead = rings.dead(&board, &masks);
            assert_eq!(rings.dead(&turn, &masks), turned(dead, size), "dead, {i}");
            let regions = rings.dead_regions(&board, &masks);
            assert_eq!(
                rings.dead_regions(&turn, &masks),
                turned(regions, size),
                "regions, {i}"
            );
            let empty = board.empty(&masks);
            let vulnerable = rings.vulnerable(&board, &masks, empty).0;
            assert_eq!(
                rings.vulnerable(&turn, &masks, turned(empty, size)).0,
                turned(vulnerable, size),
                "vulnerable, {i}"
            );
            found += (dead.count() + regions.count() + vulnerable.count()) as usize;
        }
        found
    }
    let narrow = check::<u128>(11, 71);
    let wide = check::<Wide>(13, 73);
    assert!(
        narrow > 1000 && wide > 1000,
        "{narrow} and {wide} cells found"
    );
}
