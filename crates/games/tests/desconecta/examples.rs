//! The worked examples of the rules file, and the other rule cases it spells out, as named
//! tests (each also checked against the naive implementation).

use crate::naive::Naive;
use poda_core::{play_line, Game, Outcome, Player};
use poda_games::desconecta::{Action, DesConecta};

/// Rows top to bottom joined by `/` (the rules file draws them one per line).
fn board(rows: [&str; 7]) -> String {
    rows.join("/")
}

/// Plays `action` from the board in both implementations; checks they agree and returns the
/// fast position.
fn play_from(board: &str, to_move: Player, round: u32, action: Action) -> DesConecta {
    let mut fast = DesConecta::from_board_string(board, to_move, round).expect("a valid board");
    assert_eq!(
        fast.outcome(),
        Outcome::Ongoing,
        "the example starts unfinished"
    );
    let mut naive = Naive::from_board(board, to_move, round);
    fast.play(action).expect("a legal action");
    naive.play(action);
    assert_eq!(fast.board_string(), naive.board_string());
    assert_eq!(fast.outcome(), naive.outcome());
    fast
}

#[test]
fn example_a_boom_leaves_a_blue_four_so_blue_loses() {
    let before = board([
        ".......", ".......", ".......", ".......", "xoxoxo.", "oXOxoxo", "xoxoxox",
    ]);
    let after = play_from(&before, Player::First, 6, Action::Boom);
    assert_eq!(
        after.board_string(),
        board([".......", ".......", ".......", ".......", "x.x.x..", "ooOoooo", "xoxoxox"])
    );
    assert_eq!(after.outcome(), Outcome::Win(Player::First));
    // Player 1's bomb is gone, player 2's stays.
    assert_eq!(after.bomb(Player::First), 0);
    assert_ne!(after.bomb(Player::Second), 0);
}

#[test]
fn example_b_fours_of_both_colours_row_zero_is_scanned_first() {
    // Player 2 explodes its bomb in row 0: column 3's x drops into row 0 (a green four) and
    // the o above it into row 1 (a blue four). Row 0 is scanned first: green loses.
    let before = board([
        ".......", ".......", ".......", ".......", "..o....", "ooxo...", "xxOx...",
    ]);
    let after = play_from(&before, Player::Second, 7, Action::Boom);
    assert_eq!(
        after.board_string(),
        board([".......", ".......", ".......", ".......", ".......", "oooo...", "xxxx..."])
    );
    assert_eq!(after.outcome(), Outcome::Win(Player::Second));
}

#[test]
fn fours_of_both_colours_the_first_start_cell_decides_either_way() {
    // The mirror of example B: a blue four in row 0 and a green one in row 1; blue loses.
    let before = board([
        ".......", ".......", ".......", ".......", "..x....", "xxox...", "ooXo...",
    ]);
    let after = play_from(&before, Player::First, 7, Action::Boom);
    assert_eq!(after.outcome(), Outcome::Win(Player::First));
}

#[test]
fn a_down_right_diagonal_is_found_at_its_top_left_cell() {
    // (Columns and rows counted from 1, row 1 at the bottom.) Green: a down-right diagonal
    // from column 1, row 4 to column 4, row 1. Blue: a horizontal four in row 3, columns 4..7.
    // The diagonal starts at its TOP-left cell, row 4, so blue's four (start in row 3) is
    // found first and blue loses, although the diagonal reaches row 1. Both fours are on the
    // board at once, as only a BOOM can leave them.
    let text = board([
        ".......", ".......", ".......", "x..o...", "xx.oooo", "oxxxoxo", "xoxxxoo",
    ]);
    let game = DesConecta::from_board_string(&text, Player::First, 9).unwrap();
    let naive = Naive::from_board(&text, Player::First, 9);
    assert_eq!(game.outcome(), Outcome::Win(Player::First), "blue loses");
    assert_eq!(naive.outcome(), game.outcome());
    // Without blue's four, the green diagonal alone decides: green loses.
    let green_only = text.replacen("oooo", "ooox", 1);
    let game = DesConecta::from_board_string(&green_only, Player::First, 9).unwrap();
    assert_eq!(game.outcome(), Outcome::Win(Player::Second));
}

#[test]
fn an_up_right_diagonal_is_found_at_its_bottom_left_cell() {
    // (Columns and rows counted from 1.) Green: an up-right diagonal from column 1, row 1 to
    // column 4, row 4; blue: a horizontal four in row 2, columns 4..7. The diagonal starts in
    // row 1, blue's four in row 2: green loses.
    let text = board([
        ".......", ".......", ".......", "...xo..", "..xoo..", "oxxoooo", "xxoxoxo",
    ]);
    let game = DesConecta::from_board_string(&text, Player::First, 9).unwrap();
    assert_eq!(game.outcome(), Outcome::Win(Player::Second));
    assert_eq!(
        Naive::from_board(&text, Player::First, 9).outcome(),
        game.outcome()
    );
}

#[test]
fn boom_keeps_the_opponents_pieces_and_bomb_and_drops_only_changed_columns() {
    // Row 1 holds x, O, X, o, x, o: player 1 explodes; its three pieces in row 1 go. The O and
    // the o's stay; the columns above the x pieces drop one cell, the others do not move.
    let before = board([
        ".......", ".......", ".......", "..o....", "oxxo.x.", "xOXoxo.", "oxoxox.",
    ]);
    let after = play_from(&before, Player::First, 11, Action::Boom);
    assert_eq!(
        after.board_string(),
        board([".......", ".......", ".......", ".......", ".xoo.x.", "oOxo.o.", "oxoxox."])
    );
    assert_eq!(after.outcome(), Outcome::Ongoing);
    assert_eq!(after.to_move(), Player::Second);
    assert_eq!(after.bomb(Player::First), 0);
    assert!(after.is_legal(Action::Boom), "player 2 keeps its bomb...");
    let after = after.after(Action::Put(6));
    assert!(!after.is_legal(Action::Boom), "...player 1 has none left");
}

#[test]
fn bombs_come_in_rounds_that_are_multiples_of_five() {
    // Rounds 1..4: eight normal pieces. Round 5: each player's PUT is its bomb.
    let (game, _) = play_line(&DesConecta::new(), "12345671").unwrap();
    assert_eq!((game.round(), game.to_move()), (5, Player::First));
    assert_eq!(game.bombs(), 0);
    assert!(game.put_places_bomb());
    let game = game.after(Action::Put(1));
    assert_eq!(game.bomb(Player::First).count_ones(), 1);
    assert!(game.put_places_bomb(), "player 2's turn in round 5");
    let game = game.after(Action::Put(2));
    assert_eq!((game.round(), game.bombs().count_ones()), (6, 2));
    assert!(game.is_legal(Action::Boom));
    assert!(!game.put_places_bomb());
    // Round 10: both still hold their bombs, so nothing new.
    let (game, _) = play_line(&game, "45671234").unwrap();
    assert_eq!((game.round(), game.bombs().count_ones()), (10, 2));
    assert!(!game.put_places_bomb());
    let game = game.after(Action::Put(4)).after(Action::Put(5));
    assert_eq!((game.round(), game.bombs().count_ones()), (11, 2));
}

#[test]
fn a_player_without_a_bomb_gets_one_in_the_next_bomb_round_only() {
    // Player 1 explodes in round 6; it gets no bomb in rounds 7..9 and a new one in round 10.
    let (game, _) = play_line(&DesConecta::new(), "1234567123b").unwrap();
    assert_eq!(game.bomb(Player::First), 0);
    let (game, _) = play_line(&game, "4567123").unwrap();
    assert_eq!((game.round(), game.to_move()), (10, Player::First));
    assert_eq!(game.bomb(Player::First), 0);
    assert!(game.put_places_bomb());
    let after = game.after(Action::Put(3));
    assert_eq!(after.bomb(Player::First).count_ones(), 1);
    // Player 2 still holds its round-5 bomb: its PUT in round 10 is a normal piece.
    assert!(!after.put_places_bomb());
    let after = after.after(Action::Put(4));
    assert_eq!(after.bombs().count_ones(), 2);
}

#[test]
fn a_full_board_without_a_four_is_a_draw() {
    let (game, _) = play_line(
        &DesConecta::new(),
        "233561111175117357767556675654647344333622222244",
    )
    .unwrap();
    assert_eq!(game.outcome(), Outcome::Ongoing);
    let (end, _) = play_line(&game, "4").unwrap();
    assert_eq!(end.empty(), 0);
    assert_eq!(end.outcome(), Outcome::Draw);
    assert!(end.legal_move_list().is_empty());
}

#[test]
fn making_four_loses_at_once() {
    // Player 1 fills row 0, columns 4..7 with its 4th piece: player 1 loses.
    let (game, _) = play_line(&DesConecta::new(), "4455667").unwrap();
    assert_eq!(game.outcome(), Outcome::Win(Player::Second));
    let (game, _) = play_line(&DesConecta::new(), "1213141").unwrap();
    assert_eq!(game.outcome(), Outcome::Win(Player::Second), "vertical");
}
