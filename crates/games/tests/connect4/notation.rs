//! Notation, move-sequence errors, spec strings and board strings.

use poda_core::notation::SequenceError;
use poda_core::{Game, IllegalMove, Outcome, Player, Spec};
use poda_games::connect4::{BoardError, Connect4};
use poda_games::{with_game, AnyGame};

fn malformed(text: &str) -> (usize, String, String) {
    match Connect4::from_moves(text) {
        Err(SequenceError::Malformed {
            index,
            token,
            reason,
        }) => (index, token, reason),
        other => panic!("'{text}': expected a malformed move, got {other:?}"),
    }
}

fn illegal(text: &str) -> (usize, String, IllegalMove) {
    match Connect4::from_moves(text) {
        Err(SequenceError::Illegal {
            index,
            token,
            reason,
        }) => (index, token, reason),
        other => panic!("'{text}': expected an illegal move, got {other:?}"),
    }
}

#[test]
fn compact_and_separated_sequences_agree() {
    let compact = Connect4::from_moves("4453").unwrap();
    for text in ["4 4 5 3", "4,4,5,3", " 4, 4 5\t3 ", "4453"] {
        assert_eq!(Connect4::from_moves(text).unwrap(), compact, "{text}");
    }
    let (_, moves) = poda_core::play_line(&Connect4::new(), "4453").unwrap();
    assert_eq!(moves, vec![3, 3, 4, 2], "moves are 0-based columns");
    assert_eq!(compact.format_moves(&moves), "4453");
    assert_eq!(compact.format_move(0), "1");
    assert_eq!(Connect4::from_moves("").unwrap(), Connect4::new());
}

#[test]
fn malformed_tokens_name_the_token_and_why() {
    let (index, token, reason) = malformed("44a3");
    assert_eq!((index, token.as_str()), (3, "a"));
    assert_eq!(reason, "not a column digit (1..7)");

    let (index, token, reason) = malformed("4458");
    assert_eq!((index, token.as_str()), (4, "8"));
    assert_eq!(reason, "column 8 is off the board (1..7)");

    let (index, _, reason) = malformed("0");
    assert_eq!(
        (index, reason.as_str()),
        (1, "column 0 is off the board (1..7)")
    );

    // Separated form: a multi-digit token is one (off-board) column.
    let (index, token, reason) = malformed("4 10 3");
    assert_eq!((index, token.as_str()), (2, "10"));
    assert_eq!(reason, "column 10 is off the board (1..7)");
    let (index, token, _) = malformed("4, 4, -1");
    assert_eq!((index, token.as_str()), (3, "-1"));
    let (index, _, reason) = malformed("4 99999999999999999999");
    assert_eq!(index, 2);
    assert!(reason.contains("off the board"), "{reason}");

    let err = Connect4::from_moves("44a3").unwrap_err();
    assert_eq!(err.index(), 3);
    assert_eq!(err.to_string(), "move 3 'a': not a column digit (1..7)");
}

#[test]
fn full_column_and_game_over_are_illegal_with_their_index() {
    let (index, token, reason) = illegal("4444444");
    assert_eq!((index, token.as_str()), (7, "4"));
    assert_eq!(reason, IllegalMove::NotLegal("4".into()));

    // 1212121: the first player's fourth stone in column 1 is a vertical four.
    let won = Connect4::from_moves("1212121").unwrap();
    assert_eq!(won.outcome(), Outcome::Win(Player::First));
    assert!(won.legal_move_list().is_empty());
    let (index, token, reason) = illegal("12121213");
    assert_eq!(
        (index, token.as_str(), reason),
        (8, "3", IllegalMove::GameOver)
    );

    let mut game = won;
    assert_eq!(game.play(2), Err(IllegalMove::GameOver));
    let mut full = Connect4::from_moves("444444").unwrap();
    assert_eq!(full.play(3), Err(IllegalMove::NotLegal("4".into())));
    assert_eq!(full.play(7), Err(IllegalMove::NotLegal("8".into())));
    assert!(!full.is_legal(200));
    assert!(!full.can_play(200) && !full.is_winning_move(200));
    assert_eq!(full.play(2), Ok(()));
}

#[test]
fn specs_round_trip_and_bad_sizes_name_the_limit() {
    for text in [
        "connect4",
        "connect4(width=8,height=7)",
        "connect4(width=9,height=6)",
        "connect4(width=4,height=4)",
    ] {
        let any = AnyGame::parse(text).unwrap();
        let spec = with_game!(&any, g => g.spec());
        assert_eq!(spec, text);
        let again = AnyGame::parse(&spec).unwrap();
        assert_eq!(
            with_game!(&again, g => g.board_string()),
            with_game!(&any, g => g.board_string())
        );
    }
    let openspiel = AnyGame::parse("connect_four").unwrap();
    assert_eq!(with_game!(&openspiel, g => g.spec()), "connect4");
    assert_eq!(
        with_game!(&AnyGame::parse("connect4(height=6,width=7)").unwrap(), g => g.spec()),
        "connect4"
    );

    let err = AnyGame::parse("connect4(width=9,height=7)")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("width*(height+1) = 72") && err.contains("64"),
        "{err}"
    );
    let err = AnyGame::parse("connect4(width=3)").unwrap_err().to_string();
    assert!(err.contains("width") && err.contains("4..=9"), "{err}");
    let err = AnyGame::parse("connect4(depth=3)").unwrap_err().to_string();
    assert!(
        err.contains("unknown option 'depth'") && err.contains("width, height"),
        "{err}"
    );
    let err = Connect4::from_spec(&Spec::parse("connect4(height=10)").unwrap()).unwrap_err();
    assert!(err.to_string().contains("4..=9"), "{err}");
    assert!(Connect4::with_size(8, 8)
        .unwrap_err()
        .to_string()
        .contains("<= 64"));
}

#[test]
fn board_string_and_render() {
    let game = Connect4::from_moves("4453").unwrap();
    assert_eq!(
        game.board_string(),
        "......./......./......./......./...o.../..oxx.."
    );
    let drawing = "\
| . . . . . . . |
| . . . . . . . |
| . . . . . . . |
| . . . . . . . |
| . . . o . . . |
| . . o x x . . |
+---------------+
  1 2 3 4 5 6 7
";
    assert_eq!(game.render(), drawing);
    assert_eq!(game.to_move(), Player::First);
    assert_eq!(game.max_plies(), Some(42));
    assert_eq!(
        Connect4::with_size(9, 6).unwrap().render().lines().last(),
        Some("  1 2 3 4 5 6 7 8 9")
    );
    assert_eq!(
        Connect4::from_board_string(&game.board_string()).unwrap(),
        game
    );
}

#[test]
fn impossible_boards_are_refused() {
    let bad = |text: &str| Connect4::from_board_string(text).unwrap_err();
    // A stone above an empty cell.
    assert!(matches!(
        bad("......./......./......./......./...x.../..o...."),
        BoardError::Floating { col: 4, row: 1 }
    ));
    // Two more stones for the first player.
    assert!(matches!(
        bad("......./......./......./......./......./..xx..."),
        BoardError::Counts {
            first: 2,
            second: 0
        }
    ));
    // Wrong characters and shapes.
    assert!(matches!(
        bad("......./......./......./......./......./..z...."),
        BoardError::Syntax(_)
    ));
    assert!(matches!(
        bad("......./......./......./......./....../......."),
        BoardError::Syntax(_)
    ));
    assert!(matches!(bad("...../...."), BoardError::Size(_)));
    assert!(matches!(bad(""), BoardError::Size(_)));
    // The side to move (x, four stones each) has a four: the game ended before.
    assert!(matches!(
        bad("......./......./......./o....../o....../xxxx.oo"),
        BoardError::Fours(_)
    ));
    // o to move and x has a vertical four covered by an o stone: no last x move made it.
    assert!(matches!(
        bad("......./o....../x....../xo...../xo...../xox...."),
        BoardError::Fours(_)
    ));
    // A legal finished game reads back with its outcome.
    let won =
        Connect4::from_board_string("......./......./......./......./ooo..../xxxx...").unwrap();
    assert_eq!(won.outcome(), Outcome::Win(Player::First));
    assert_eq!(won, Connect4::from_moves("1122334").unwrap());
    // Cell lists: off-board and doubled cells.
    assert!(matches!(
        Connect4::from_cells(7, 6, &[(7, 0)], &[]),
        Err(BoardError::Cell { .. })
    ));
    assert!(matches!(
        Connect4::from_cells(7, 6, &[(0, 0)], &[(0, 0)]),
        Err(BoardError::Cell { .. })
    ));
    assert!(Connect4::from_cells(9, 7, &[], &[]).is_err());
}
