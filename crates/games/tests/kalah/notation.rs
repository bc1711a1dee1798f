//! Notation: pit numbers, compact and separated sequences, errors that name the token, board
//! strings that are not positions.

use poda_core::{play_line, Game, IllegalMove, Player, SequenceError};
use poda_games::kalah::{BoardError, Kalah};
use poda_games::AnyGame;

#[test]
fn compact_and_separated_sequences() {
    let start = Kalah::default();
    let (a, moves) = play_line(&start, "43").unwrap();
    let (b, _) = play_line(&start, "4 3").unwrap();
    let (c, _) = play_line(&start, "4,3").unwrap();
    assert_eq!(moves, vec![4, 3]);
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.hash(), c.hash());
    assert_eq!(start.format_moves(&moves), "43");
    // After 4 (an extra turn) and 3, player 2 moves.
    assert_eq!(a.to_move(), Player::Second);
    assert_eq!(a.board_string(), "2,6,6,0,0,4,4/0,4,4,4,4,5,5");
}

#[test]
fn wide_boards_use_commas() {
    let start = Kalah::new(12, 3, false).unwrap();
    let (game, moves) = play_line(&start, "12,10 11").unwrap();
    assert_eq!(moves, vec![12, 10, 11]);
    assert_eq!(start.format_moves(&moves), "12,10,11");
    assert_eq!(game.ply(), 3);
    assert_eq!(start.parse_move("12"), Ok(12));
    assert!(start.parse_move("13").is_err());
}

#[test]
fn bad_moves_name_the_token() {
    let start = Kalah::default();
    match play_line(&start, "4x") {
        Err(SequenceError::Malformed { index, token, .. }) => {
            assert_eq!((index, token.as_str()), (2, "x"));
        }
        other => panic!("{other:?}"),
    }
    match play_line(&start, "7") {
        Err(SequenceError::Malformed {
            index: 1, reason, ..
        }) => {
            assert!(reason.contains("1..6"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    assert!(start.parse_move("0").is_err());
    assert!(start.parse_move("99999999999999999999").is_err());
    // Pit 4 is empty after 4: sowing it again is illegal (an extra turn, same player).
    match play_line(&start, "44") {
        Err(SequenceError::Illegal {
            index: 2, reason, ..
        }) => {
            assert!(matches!(reason, IllegalMove::NotLegal(ref t) if t.contains("empty")))
        }
        other => panic!("{other:?}"),
    }
    let (over, _) = play_line(&start, "154636261").unwrap();
    let mut over = over;
    assert_eq!(over.play(1), Err(IllegalMove::GameOver));
}

#[test]
fn board_strings_that_are_not_positions() {
    let g = Kalah::default();
    assert!(matches!(
        g.with_board_string("0,4,4,4,4,4,4", Player::First),
        Err(BoardError::Syntax { .. })
    ));
    assert!(matches!(
        g.with_board_string("0,4,4,4,4,4/0,4,4,4,4,4,8", Player::First),
        Err(BoardError::Pits { player: 1, .. })
    ));
    assert!(matches!(
        g.with_board_string("0,4,4,4,4,4,4/0,4,4,4,4,4,5", Player::First),
        Err(BoardError::Seeds {
            found: 49,
            expected: 48
        })
    ));
    assert!(matches!(
        g.with_board_string("0,4,4,a,4,4,4/0,4,4,4,4,4,4", Player::First),
        Err(BoardError::Syntax { .. })
    ));
    assert!(g
        .with_board_string("0,4,4,-4,4,4,4/0,4,4,4,4,4,4", Player::First)
        .is_err());
    // One side empty: swept, over, as the course's simulator does.
    let over = g
        .with_board_string("20,0,0,0,0,0,0/4,4,4,4,4,4,4", Player::First)
        .unwrap();
    assert_eq!(over.board_string(), "20,0,0,0,0,0,0/28,0,0,0,0,0,0");
    assert_eq!(over.outcome(), poda_core::Outcome::Win(Player::Second));
}

#[test]
fn specs_and_aliases() {
    for (text, spec) in [
        ("kalah", "kalah"),
        ("mancala", "kalah"),
        ("kalah(pits=6,seeds=4,empty_capture=false)", "kalah"),
        ("kalah(seeds=5)", "kalah(seeds=5)"),
        (
            "mancala(pits=4,seeds=3,empty_capture=true)",
            "kalah(pits=4,seeds=3,empty_capture=true)",
        ),
    ] {
        match AnyGame::parse(text).unwrap() {
            AnyGame::Kalah(k) => assert_eq!(k.spec(), spec, "{text}"),
            other => panic!("{other:?}"),
        }
    }
    for bad in [
        "kalah(pits=0)",
        "kalah(pits=13)",
        "kalah(seeds=0)",
        "kalah(seeds=25)",
        "kalah(holes=6)",
        "kalah(empty_capture=maybe)",
    ] {
        assert!(AnyGame::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn drawing_shows_both_rows_and_stores() {
    let (g, _) = play_line(&Kalah::default(), "43").unwrap();
    let text = g.render();
    let expected = "         1    2    3    4    5    6    player 2 (to move)
      +----+----+----+----+----+----+
[  0] |  4 |  4 |  4 |  4 |  5 |  5 |
      +----+----+----+----+----+----+
      |  4 |  4 |  0 |  0 |  6 |  6 | [  2]
      +----+----+----+----+----+----+
         6    5    4    3    2    1    player 1
";
    assert_eq!(text, expected);
}
