//! The conformance kit of poda-core on DesConecta-4 BOOM, rebuilt from the board string, the
//! side to move and the round, with all eight actions and two off-board columns as candidate
//! moves.

use poda_core::testing::Conformance;
use poda_core::{Game, Rng};
use poda_games::desconecta::{Action, DesConecta};

fn every_action_and_off_board_columns(_: &DesConecta) -> Vec<Action> {
    let mut all = Action::ALL.to_vec();
    all.extend([Action::Put(7), Action::Put(200)]);
    all
}

#[test]
fn conformance_rebuilt_from_the_board_string_side_and_round() {
    let mut kit = Conformance::new(DesConecta::new());
    kit.games = 1000;
    kit.seed = 4;
    kit.rebuild = Some(Box::new(|g: &DesConecta| {
        let (board, to_move, round) = g.to_setup();
        DesConecta::from_board_string(&board, to_move, round).expect("own board reads back")
    }));
    kit.all_moves = Some(Box::new(every_action_and_off_board_columns));
    kit.run();
}

#[test]
fn hash_covers_the_phase_of_the_bomb_schedule_but_not_the_ply_count() {
    let board = ".......\n".repeat(6) + "xo.....";
    let board = board.replace('\n', "/");
    let at = |to_move, round| DesConecta::from_board_string(&board, to_move, round).unwrap();
    let p1 = poda_core::Player::First;
    // Rounds 2 and 7 have the same phase: same future, same hash.
    assert_eq!(at(p1, 2).hash(), at(p1, 7).hash());
    assert_ne!(at(p1, 2).ply(), at(p1, 7).ply());
    // Rounds 2 and 5 differ (a PUT in round 5 places a bomb), and so does the side to move.
    assert_ne!(at(p1, 2).hash(), at(p1, 5).hash());
    assert_ne!(at(p1, 2).hash(), at(p1.opponent(), 2).hash());
    // A bomb is not a normal piece.
    let bombed = board.replace("xo.....", "Xo.....");
    let with_bomb = DesConecta::from_board_string(&bombed, p1, 2).unwrap();
    assert_ne!(with_bomb.hash(), at(p1, 2).hash());
}

#[test]
fn the_same_position_by_another_move_order_has_the_same_hash() {
    let (a, _) = poda_core::play_line(&DesConecta::new(), "4455").unwrap();
    let (b, _) = poda_core::play_line(&DesConecta::new(), "5544").unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a, b);
}

#[test]
fn positions_repeat_ten_plies_apart_with_the_same_hash() {
    // Both bombs go off and remove exactly the eight pieces played since ply 2: the game is
    // back where it was, in the same phase of the bomb schedule.
    let (early, _) = poda_core::play_line(&DesConecta::new(), "36").unwrap();
    let (late, _) = poda_core::play_line(&early, "56327744bb").unwrap();
    assert_eq!(late.board_string(), early.board_string());
    assert_eq!(late.ply(), early.ply() + 10);
    assert_eq!(late.hash(), early.hash());
    // In seeded random games that BOOM often, every repeated hash is a repeated board, a
    // multiple of ten plies later.
    let mut rng = Rng::new(1);
    let mut repeats = 0;
    for _ in 0..3000 {
        let mut game = DesConecta::new();
        let mut seen: std::collections::HashMap<u64, (String, u32)> = Default::default();
        while !game.outcome().is_over() && game.ply() < 300 {
            if let Some((board, ply)) = seen.get(&game.hash()) {
                assert_eq!(board, &game.board_string());
                assert_eq!((game.ply() - ply) % 10, 0);
                repeats += 1;
            }
            seen.insert(game.hash(), (game.board_string(), game.ply()));
            let legal = game.legal_move_list();
            let boom = legal.contains(&Action::Boom) && rng.unit_f64() < 0.7;
            let mv = if boom {
                Action::Boom
            } else {
                legal[rng.index(legal.len())]
            };
            game.play_unchecked(mv);
        }
    }
    assert!(repeats > 0, "no repetition in 3000 games");
}
