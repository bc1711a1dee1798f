//! The Hex solver: the winning-opening maps of the rules file (1x1 to 5x5), random positions
//! against a plain memoised negamax, the swap rule, and the H-search's soundness on random
//! positions (a full edge connection is never found for a player who loses).

use poda_core::{Game, Player, Rng};
use poda_games::hex::{Hex, HexMove};
use poda_solve::hex::board::{Board, Masks};
use poda_solve::hex::hsearch::HSearch;
use poda_solve::hex::HexSolver;
use std::collections::HashMap;

fn winning_openings(size: u32) -> Vec<String> {
    let start = Hex::with_size(size, false).unwrap();
    let mut solver = HexSolver::new();
    solver
        .analyze(&start)
        .unwrap()
        .into_iter()
        .filter(|&(_, s)| s > 0)
        .map(|(mv, _)| start.format_move(mv))
        .collect()
}

#[test]
fn opening_maps_of_the_rules_file() {
    assert_eq!(winning_openings(1), vec!["a1"]);
    assert_eq!(winning_openings(2).len(), 2);
    assert_eq!(winning_openings(3), vec!["c1", "a2", "b2", "c2", "a3"]);
    assert_eq!(winning_openings(4), vec!["d1", "c2", "b3", "a4"]);
    assert_eq!(
        winning_openings(5),
        vec!["e1", "b2", "c2", "d2", "e2", "b3", "c3", "d3", "a4", "b4", "c4", "d4", "a5"]
    );
}

/// Several threads, each proving whole moves with its own table, give the one-thread
/// answers: the 5x5 map (rotated twins), a lopsided 5x5 position, and with the swap rule.
#[test]
fn analysis_on_threads_matches_one_thread() {
    let positions = [
        Hex::with_size(5, false).unwrap(),
        Hex::with_size(5, false)
            .unwrap()
            .play_moves("a1 c3")
            .unwrap(),
        Hex::with_size(4, true).unwrap().play_moves("b2").unwrap(),
    ];
    for game in positions {
        let one = HexSolver::new().analyze(&game).unwrap();
        let seen = std::sync::Mutex::new(Vec::new());
        let mut solver = HexSolver::new();
        let three = solver
            .analyze_with(&game, 3, &|done, all| {
                seen.lock().unwrap().push((done, all))
            })
            .unwrap();
        assert_eq!(one, three);
        assert_eq!(one.len(), game.legal_move_list().len());
        // One report per move proved, counting up to the total.
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        let all = seen.last().unwrap().1;
        assert_eq!(seen, (1..=all).map(|d| (d, all)).collect::<Vec<_>>());
    }
}

/// The side to move wins, by exhaustive memoised negamax (exact keys).
fn naive_wins(game: &Hex, memo: &mut HashMap<(u64, u64, bool), bool>) -> bool {
    let key = (
        game.stones(Player::First).0[0],
        game.stones(Player::Second).0[0],
        game.side_to_move() == Player::First,
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let me = game.side_to_move();
    let v = game.legal_move_list().into_iter().any(|mv| {
        let child = game.after(mv);
        match child.winner() {
            Some(w) => w == me,
            None => !naive_wins(&child, memo),
        }
    });
    memo.insert(key, v);
    v
}

#[test]
fn random_positions_agree_with_plain_negamax() {
    let mut rng = Rng::new(11);
    let mut solver = HexSolver::new();
    let (mut checked, mut named) = (0, 0);
    for round in 0..400 {
        // Mostly 2x2..4x4; every eighth position a 5x5 one (the plain negamax is slow there).
        let size = if round % 8 == 7 { 5 } else { 2 + round % 3 };
        let mut game = Hex::with_size(size, false).unwrap();
        // On 5x5, at least 15 stones, so the plain negamax stays small.
        // On 4x4, at least 3 stones (the plain negamax of the empty 4x4 board is slow).
        let plies = match size {
            5 => 15 + rng.index(6),
            4 => 3 + rng.index(13),
            _ => rng.index((size * size) as usize),
        };
        for _ in 0..plies {
            let moves = game.legal_move_list();
            let next = game.after(moves[rng.index(moves.len())]);
            if next.winner().is_some() {
                break;
            }
            game = next;
        }
        let mut memo = HashMap::new();
        let want = naive_wins(&game, &mut memo);
        let got = solver.solve(&game).unwrap().winner == game.side_to_move();
        assert_eq!(
            got,
            want,
            "{} to move {:?}",
            game.board_string(),
            game.side_to_move()
        );
        // The move the table names wins too.
        if let (true, Some(mv)) = (got, solver.winning_move(&game)) {
            let child = game.after(mv);
            let wins = match child.winner() {
                Some(w) => w == game.side_to_move(),
                None => !naive_wins(&child, &mut memo),
            };
            assert!(wins, "{mv:?} does not win {}", game.board_string());
            named += 1;
        }
        checked += 1;
    }
    assert_eq!(checked, 400);
    assert!(named > 100, "only {named} winning moves named");
}

#[test]
fn with_swap_the_second_player_wins_small_boards() {
    let mut solver = HexSolver::new();
    for size in 1..=4 {
        let start = Hex::with_size(size, true).unwrap();
        let proof = solver.solve(&start).unwrap();
        // 1x1: the first stone wins at once, before any swap.
        let want = if size == 1 {
            Player::First
        } else {
            Player::Second
        };
        assert_eq!(proof.winner, want, "size {size}");
    }
    // After a losing opening, White should not swap; after a winning one, swapping wins.
    let after_b2 = Hex::with_size(3, true).unwrap().play_moves("b2").unwrap();
    let moves = solver.analyze(&after_b2).unwrap();
    assert!(moves.contains(&(HexMove::Swap, 1)));
    let after_a1 = Hex::with_size(3, true).unwrap().play_moves("a1").unwrap();
    let moves = solver.analyze(&after_a1).unwrap();
    assert!(moves.contains(&(HexMove::Swap, -1)));
}

#[test]
fn edge_connections_are_sound() {
    let mut rng = Rng::new(12);
    for round in 0..300 {
        let size = if round % 8 == 7 { 5 } else { 3 + round % 2 };
        let mut game = Hex::with_size(size, false).unwrap();
        let plies = match size {
            5 => 15 + rng.index(6),
            4 => 3 + rng.index(8),
            _ => rng.index(10),
        };
        for _ in 0..plies {
            let moves = game.legal_move_list();
            let next = game.after(moves[rng.index(moves.len())]);
            if next.winner().is_some() {
                break;
            }
            game = next;
        }
        let mut hs = HSearch::<u128>::new(size as usize);
        let shape = hs.shape.clone();
        let mut memo = HashMap::new();
        let to_move_wins = naive_wins(&game, &mut memo);
        let set = |p: Player| game.stones(p).iter().fold(0u128, |s, c| s | 1 << c);
        for p in Player::BOTH {
            let (e1, e2) = shape.masks.edges(p);
            let e = hs.build(set(p), set(p.opponent()), e1, e2);
            let p_wins = (p == game.side_to_move()) == to_move_wins;
            if e.full.is_some() {
                assert!(
                    p_wins,
                    "{} {p}: full connection but loses",
                    game.board_string()
                );
            }
            if e.semi.is_some() && p == game.side_to_move() {
                assert!(
                    p_wins,
                    "{} {p}: semi connection but loses",
                    game.board_string()
                );
            }
        }
    }
}

#[test]
fn larger_boards_are_refused() {
    let mut solver = HexSolver::new();
    assert!(solver.solve(&Hex::with_size(12, false).unwrap()).is_err());
}

#[test]
fn rotation_is_an_involution_and_keeps_the_winner() {
    let mut rng = Rng::new(13);
    let mut solver = HexSolver::new();
    for round in 0..60 {
        let size = 2 + round % 4;
        let masks = Masks::new(size);
        let mut game = Hex::with_size(size, false).unwrap();
        for _ in 0..rng.index((size * size) as usize) {
            let moves = game.legal_move_list();
            let next = game.after(moves[rng.index(moves.len())]);
            if next.winner().is_some() {
                break;
            }
            game = next;
        }
        let board = Board::from_hex(&game).unwrap();
        assert_eq!(board.rotated(&masks).rotated(&masks), board);
        // Rebuild the rotated position as a poda game and solve both with fresh solvers.
        let n = size;
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for y in 0..n {
            for x in 0..n {
                match game.stone_at(x, y) {
                    Some(Player::First) => black.push((n - 1 - x, n - 1 - y)),
                    Some(Player::Second) => white.push((n - 1 - x, n - 1 - y)),
                    None => {}
                }
            }
        }
        let turned = Hex::from_stones(n, false, &black, &white, game.side_to_move()).unwrap();
        assert_eq!(Board::from_hex(&turned).unwrap(), board.rotated(&masks));
        let a = solver.solve(&game).unwrap().winner;
        let b = HexSolver::new().solve(&turned).unwrap().winner;
        assert_eq!(a, b, "{}", game.board_string());
    }
}
