//! The swap rule and the conversions for other programs' conventions.

use poda_core::{Game, Outcome, Player, Rng};
use poda_games::hex::swap::{action_id, from_action_id, ColourFrame};
use poda_games::hex::{Hex, HexMove};

#[test]
fn swap_mirrors_and_recolours_the_first_stone() {
    let game = Hex::with_size(5, true).unwrap().play_moves("b1").unwrap();
    assert!(game.swap_available());
    assert_eq!(game.legal_move_list().last(), Some(&HexMove::Swap));
    let swapped = game.play_moves("swap").unwrap();
    assert_eq!(swapped.board_string(), "...../o..../...../...../.....");
    assert_eq!(swapped.to_move(), Player::First);
    assert_eq!(swapped.ply(), 2);
    assert!(!swapped.swap_available());
    assert!(!swapped.legal_move_list().contains(&HexMove::Swap));
    // The swapped stone is White's and counts for White's left-right chain.
    let won = swapped.play_moves("c1 b2 a5 c2 b5 d2 c5 e2").unwrap();
    assert_eq!(won.outcome(), Outcome::Win(Player::Second));
}

#[test]
fn hexgui_resends_the_same_position() {
    // HexGui mirrors the stone itself and sends `clear_board`, `play w a2`: placing it gives
    // the same stones, side to move and hash as poda's swap.
    let swapped = Hex::with_size(5, true)
        .unwrap()
        .play_moves("b1 swap")
        .unwrap();
    let mut resent = Hex::with_size(5, true).unwrap();
    resent.place_named("a2", Player::Second).unwrap();
    assert_eq!(resent.hash(), swapped.hash());
    assert_eq!(resent.to_move(), Player::First);
    assert_eq!(resent.board_string(), swapped.board_string());
}

#[test]
fn openspiel_action_ids() {
    let game = Hex::with_size(11, true).unwrap();
    assert_eq!(action_id(&game, HexMove::Cell(0)), 0);
    assert_eq!(action_id(&game, game.parse_move("b3").unwrap()), 2 * 11 + 1);
    assert_eq!(action_id(&game, HexMove::Swap), 121);
    for id in 0..=121 {
        let mv = from_action_id(&game, id).unwrap();
        assert_eq!(action_id(&game, mv), id);
    }
    assert_eq!(from_action_id(&game, 122), None);
}

/// A benzene game (the board keeps its stones at the swap, the players exchange colours)
/// followed move by move through a [`ColourFrame`] ends with the same winner as poda's game.
#[test]
fn benzene_games_map_onto_poda_games() {
    let mut rng = Rng::new(77);
    for round in 0..300 {
        let size = 2 + round % 8;
        let mut poda = Hex::with_size(size, true).unwrap();
        let mut benzene = Hex::with_size(size, false).unwrap();
        let mut frame = ColourFrame::IDENTITY;
        // Black's opening, then the swap in both conventions.
        let (x, y) = (rng.below(size as u64) as u32, rng.below(size as u64) as u32);
        poda.play(poda.cell_move(x, y).unwrap()).unwrap();
        benzene.place(x, y, Player::First).unwrap();
        if poda.outcome().is_over() {
            continue;
        }
        poda.play(HexMove::Swap).unwrap();
        frame = frame.after_benzene_swap();
        // In benzene's view White moves next: the player poda calls Black.
        assert_eq!(frame.colour_of(poda.to_move()), Player::Second);
        while !poda.outcome().is_over() {
            let moves = poda.legal_move_list();
            let mv = moves[rng.index(moves.len())];
            let (px, py) = poda.coords(mv).unwrap();
            let (colour, bx, by) = frame.from_poda(poda.to_move(), px, py);
            assert_eq!(frame.to_poda(colour, bx, by), (poda.to_move(), px, py));
            benzene.place(bx, by, colour).unwrap();
            poda.play(mv).unwrap();
        }
        let winner = poda.outcome().winner().unwrap();
        assert_eq!(
            benzene.winner(),
            Some(frame.colour_of(winner)),
            "round {round}"
        );
    }
}
