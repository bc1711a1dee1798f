//! The conformance kit of poda-core on Hex, rebuilding positions from the board string with
//! the side to move, every cell, one off-board index and the swap as candidate moves.

use poda_core::testing::Conformance;
use poda_core::Game;
use poda_games::hex::{Hex, HexMove};

fn all_moves(game: &Hex) -> Vec<HexMove> {
    let mut out: Vec<HexMove> = (0..=game.cells() as u16).map(HexMove::Cell).collect();
    out.push(HexMove::Swap);
    out
}

fn kit(size: u32, swap: bool, games: usize, seed: u64) {
    let mut kit = Conformance::new(Hex::with_size(size, swap).unwrap());
    kit.games = games;
    kit.seed = seed;
    kit.rebuild = Some(Box::new(move |g: &Hex| {
        Hex::from_board_string_to_move(&g.board_string(), swap, g.to_move())
            .expect("own board string reads back")
    }));
    kit.all_moves = Some(Box::new(all_moves));
    kit.run();
}

#[test]
fn conformance_small_boards_with_and_without_swap() {
    for size in 1..=7 {
        kit(size, false, 100, size as u64);
        kit(size, true, 100, 100 + size as u64);
    }
}

#[test]
fn conformance_11x11_and_19x19() {
    kit(11, true, 60, 11);
    kit(13, false, 30, 13);
    kit(19, false, 10, 19);
}

#[test]
fn board_string_inference_of_the_side_to_move() {
    let g = Hex::with_size(3, true).unwrap().play_moves("a1").unwrap();
    let back = Hex::from_board_string(&g.board_string(), true).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.hash(), g.hash());
    let swapped = Hex::with_size(3, true)
        .unwrap()
        .play_moves("a1 swap")
        .unwrap();
    let back = Hex::from_board_string(&swapped.board_string(), true).unwrap();
    assert_eq!(back.hash(), swapped.hash());
    assert_eq!(back.ply(), swapped.ply());
    assert!(Hex::from_board_string("xx./.../...", false).is_err());
    assert!(Hex::from_board_string("x../...", false).is_err());
    assert!(Hex::from_board_string("x?./.../...", false).is_err());
    assert!(Hex::from_board_string("", false).is_err());
}
