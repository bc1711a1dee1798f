//! Notation and input errors: moves, move sequences, board strings, game specs.

use poda_core::{play_line, Game, Player, SequenceError};
use poda_games::desconecta::{Action, BoardError, DesConecta};
use poda_games::AnyGame;

#[test]
fn moves_read_and_write() {
    let game = DesConecta::new();
    for (text, action) in [
        ("1", Action::Put(0)),
        ("7", Action::Put(6)),
        ("b", Action::Boom),
        ("B", Action::Boom),
        ("boom", Action::Boom),
        (" 4 ", Action::Put(3)),
    ] {
        assert_eq!(game.parse_move(text), Ok(action), "{text:?}");
    }
    assert_eq!(game.format_move(Action::Boom), "b");
    assert_eq!(game.format_move(Action::Put(2)), "3");
    assert_eq!(
        game.format_moves(&[Action::Put(3), Action::Put(3), Action::Boom]),
        "44b"
    );
}

#[test]
fn malformed_moves_are_typed_errors() {
    let game = DesConecta::new();
    for bad in ["0", "8", "", "x", "-1", "99999999999999999999", "bb", "4b"] {
        let e = game.parse_move(bad).expect_err(bad);
        assert!(!e.reason.is_empty(), "{bad:?}");
    }
    let e = game.parse_move("9").unwrap_err();
    assert!(e.reason.contains("off the board"), "{e}");
}

#[test]
fn sequences_name_the_bad_move() {
    let start = DesConecta::new();
    let e = play_line(&start, "44b").unwrap_err();
    assert!(
        matches!(e, SequenceError::Illegal { index: 3, .. }),
        "no bomb yet: {e}"
    );
    let e = play_line(&start, "4x4").unwrap_err();
    assert!(
        matches!(e, SequenceError::Malformed { index: 2, .. }),
        "{e}"
    );
    let e = play_line(&start, "44444444").unwrap_err();
    assert!(
        matches!(e, SequenceError::Illegal { index: 8, .. }),
        "column 4 is full: {e}"
    );
    let e = play_line(&start, "44556671").unwrap_err();
    assert!(
        matches!(e, SequenceError::Illegal { index: 8, .. }),
        "the game ended at move 7: {e}"
    );
    // The separated form reads the same.
    let (a, _) = play_line(&start, "4 4 5 5").unwrap();
    let (b, _) = play_line(&start, "4455").unwrap();
    assert_eq!(a, b);
    let (_, moves) = play_line(&start, "1234567123b").unwrap();
    assert_eq!(moves.last(), Some(&Action::Boom));
}

#[test]
fn bad_boards_are_typed_errors() {
    let empty = "......./......./......./......./......./.......";
    let ok = format!("{empty}/.......");
    assert!(DesConecta::from_board_string(&ok, Player::First, 1).is_ok());
    let floating = format!("{empty}/.......").replacen(".......", "...x...", 1);
    assert!(matches!(
        DesConecta::from_board_string(&floating, Player::First, 1),
        Err(BoardError::Floating { col: 4, row: 1 })
    ));
    let two_bombs = format!("{empty}/XX.....");
    assert_eq!(
        DesConecta::from_board_string(&two_bombs, Player::First, 1),
        Err(BoardError::Bombs(Player::First))
    );
    for bad in [
        "",
        "......./.......",
        &format!("{empty}/......"),
        &format!("{empty}/..z...."),
    ] {
        assert!(
            matches!(
                DesConecta::from_board_string(bad, Player::First, 1),
                Err(BoardError::Syntax(_))
            ),
            "{bad:?}"
        );
    }
    assert_eq!(
        DesConecta::from_board_string(&ok, Player::First, 0),
        Err(BoardError::Round)
    );
}

#[test]
fn game_specs() {
    assert!(matches!(
        AnyGame::parse("desconecta4boom"),
        Ok(AnyGame::DesConecta(_))
    ));
    assert!(AnyGame::parse("desconecta4boom(size=8)").is_err());
    assert_eq!(DesConecta::new().spec(), "desconecta4boom");
}
