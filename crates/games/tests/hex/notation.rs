//! Hex notation through the Game trait: cells on every size, compact and separated
//! sequences, errors naming the bad token.

use poda_core::{play_line, Game, SequenceError};
use poda_games::hex::{Hex, HexMove};

#[test]
fn cells_and_swap_round_trip() {
    for size in [1, 5, 11, 19] {
        let game = Hex::with_size(size, true).unwrap();
        for i in 0..game.cells() as u16 {
            let mv = HexMove::Cell(i);
            assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
        }
        assert_eq!(game.parse_move("swap"), Ok(HexMove::Swap));
        assert_eq!(game.parse_move("swap-pieces"), Ok(HexMove::Swap));
    }
    let g = Hex::new();
    assert_eq!(g.parse_move("a1"), Ok(HexMove::Cell(0)));
    assert_eq!(g.parse_move("b1"), Ok(HexMove::Cell(1)));
    assert_eq!(g.parse_move("a2"), Ok(HexMove::Cell(11)));
    assert_eq!(g.parse_move("K11"), Ok(HexMove::Cell(120)));
    assert_eq!(g.format_move(HexMove::Cell(120)), "k11");
}

#[test]
fn sequences_in_every_form_give_the_same_game() {
    let start = Hex::with_size(13, false).unwrap();
    let forms = [
        "a1b2c13",
        "a1 b2 c13",
        "a1,b2,c13",
        "a1 b2c13",
        " A1, B2  c13 ",
    ];
    let (want, moves) = play_line(&start, forms[0]).unwrap();
    assert_eq!(moves.len(), 3);
    for f in forms {
        let (got, _) = play_line(&start, f).unwrap();
        assert_eq!(got.hash(), want.hash(), "{f}");
    }
    assert_eq!(start.format_moves(&moves), "a1b2c13");
}

#[test]
fn bad_sequences_name_the_token() {
    let start = Hex::with_size(5, true).unwrap();
    let err = |t: &str| play_line(&start, t).unwrap_err();
    match err("a1 f1") {
        SequenceError::Malformed {
            index,
            token,
            reason,
        } => {
            assert_eq!((index, token.as_str()), (2, "f1"));
            assert!(reason.contains("off the 5x5 board"), "{reason}");
        }
        e => panic!("{e}"),
    }
    assert!(matches!(
        err("a1 a1"),
        SequenceError::Illegal { index: 2, .. }
    ));
    assert!(matches!(
        err("a1 b1 swap"),
        SequenceError::Illegal { index: 3, .. }
    ));
    assert!(matches!(
        err("swap"),
        SequenceError::Illegal { index: 1, .. }
    ));
    assert!(matches!(
        err("a1 ?? b2"),
        SequenceError::Malformed { index: 2, .. }
    ));
    assert!(matches!(
        err("a1 b"),
        SequenceError::Malformed { index: 2, .. }
    ));
    assert!(matches!(
        err("a0"),
        SequenceError::Malformed { index: 1, .. }
    ));
    assert!(matches!(
        err("a1 é3"),
        SequenceError::Malformed { index: 2, .. }
    ));
    // Moves after the end of the game are refused.
    let small = Hex::with_size(1, false).unwrap();
    assert!(matches!(
        play_line(&small, "a1 a1"),
        Err(SequenceError::Illegal { index: 2, .. })
    ));
    // Without the swap rule, swap is never legal.
    let plain = Hex::with_size(5, false).unwrap();
    assert!(play_line(&plain, "c3 swap").is_err());
}

#[test]
fn render_draws_the_leaning_rhombus() {
    let game = Hex::with_size(3, false)
        .unwrap()
        .play_moves("b2 a1")
        .unwrap();
    let want = "   a  b  c\n 1\\o  .  .\\1\n  2\\.  x  .\\2\n   3\\.  .  .\\3\n      a  b  c\n";
    assert_eq!(game.render(), want);
    assert_eq!(game.board_string(), "o../.x./...");
    let big = Hex::with_size(11, false).unwrap();
    let drawing = big.render();
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(lines.len(), 13);
    assert!(lines[10].starts_with("          10\\."), "{:?}", lines[10]);
}
