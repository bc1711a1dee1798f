//! The conformance kit of poda-core on Connect 4, with a from-scratch rebuild (from the board
//! string, or from the cell lists) and every column as a candidate move, plus one past the
//! last (off the board).

use poda_core::testing::Conformance;
use poda_core::{Game, Player};
use poda_games::connect4::Connect4;

fn all_columns_and_one_more(game: &Connect4) -> Vec<u8> {
    (0..=game.width() as u8).collect()
}

#[test]
fn conformance_7x6_rebuilt_from_the_board_string() {
    let mut kit = Conformance::new(Connect4::new());
    kit.games = 500;
    kit.seed = 42;
    kit.rebuild = Some(Box::new(|g: &Connect4| {
        Connect4::from_board_string(&g.board_string()).expect("own board string reads back")
    }));
    kit.all_moves = Some(Box::new(all_columns_and_one_more));
    kit.run();
}

/// The cells of each player, read one by one through `cell`.
fn cells_of(game: &Connect4) -> [Vec<(u8, u8)>; 2] {
    let mut cells = [Vec::new(), Vec::new()];
    for col in 0..game.width() {
        for row in 0..game.height() {
            if let Some(p) = game.cell(col, row) {
                cells[p.index()].push((col as u8, row as u8));
            }
        }
    }
    cells
}

#[test]
fn conformance_8x7_rebuilt_from_cell_lists() {
    let start = Connect4::with_size(8, 7).unwrap();
    let mut kit = Conformance::new(start);
    kit.games = 300;
    kit.seed = 7;
    kit.rebuild = Some(Box::new(|g: &Connect4| {
        let [first, second] = cells_of(g);
        Connect4::from_cells(8, 7, &first, &second).expect("cells rebuild")
    }));
    kit.all_moves = Some(Box::new(all_columns_and_one_more));
    kit.run();
}

#[test]
fn conformance_9x6_and_4x9() {
    for (w, h) in [(9, 6), (4, 9)] {
        let mut kit = Conformance::new(Connect4::with_size(w, h).unwrap());
        kit.games = 200;
        kit.rebuild = Some(Box::new(|g: &Connect4| {
            Connect4::from_board_string(&g.board_string()).unwrap()
        }));
        kit.all_moves = Some(Box::new(all_columns_and_one_more));
        kit.run();
    }
}

#[test]
fn keys_are_unique_across_many_positions() {
    // Every distinct board seen in random games has a distinct key and hash; the same board
    // reached by another move order has the same ones.
    use std::collections::HashMap;
    let mut seen: HashMap<u64, String> = HashMap::new();
    let mut rng = poda_core::Rng::new(5);
    for _ in 0..3000 {
        let mut game = Connect4::new();
        while !game.outcome().is_over() {
            let moves = game.legal_move_list();
            game.play_unchecked(moves[rng.index(moves.len())]);
            let board = game.board_string();
            if let Some(other) = seen.insert(game.hash(), board.clone()) {
                assert_eq!(other, board, "hash collision");
            }
        }
    }
    assert!(seen.len() > 50_000, "{} positions", seen.len());
    let a = Connect4::from_moves("4453").unwrap();
    let b = Connect4::from_moves("5344").unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.key(), b.key());
    assert_ne!(a.hash(), Connect4::from_moves("4435").unwrap().hash());
    assert_eq!(a.stones(Player::First) | a.stones(Player::Second), a.mask());
}
