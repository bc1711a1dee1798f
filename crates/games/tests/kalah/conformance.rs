//! The conformance kit of poda-core on Kalah, rebuilding each position from its board string
//! and side to move, with pits 0..=m+1 as candidate moves (0 and m+1 do not exist).

use poda_core::testing::Conformance;
use poda_core::Game;
use poda_games::kalah::Kalah;

fn kit(start: Kalah, games: usize, seed: u64) {
    let template = start;
    let mut kit = Conformance::new(start);
    kit.games = games;
    kit.seed = seed;
    kit.rebuild = Some(Box::new(move |g: &Kalah| {
        template
            .with_board_string(&g.board_string(), g.to_move())
            .expect("own board string reads back")
    }));
    let m = start.pits() as u8;
    kit.all_moves = Some(Box::new(move |_: &Kalah| (0..=m + 1).collect()));
    kit.run();
}

#[test]
fn conformance_kalah_6_4_both_capture_rules() {
    kit(Kalah::default(), 500, 42);
    kit(Kalah::new(6, 4, true).unwrap(), 300, 43);
}

#[test]
fn conformance_other_sizes() {
    for (m, n) in [(1, 1), (2, 5), (4, 3), (6, 6), (9, 2), (10, 3), (12, 12)] {
        kit(
            Kalah::new(m, n, false).unwrap(),
            60,
            m as u64 * 100 + n as u64,
        );
    }
}

#[test]
fn hashes_separate_positions_and_ignore_move_order() {
    use std::collections::HashMap;
    let mut seen: HashMap<u64, (String, poda_core::Player)> = HashMap::new();
    let mut rng = poda_core::Rng::new(9);
    for _ in 0..3000 {
        let mut game = Kalah::default();
        while !game.outcome().is_over() {
            let moves = game.legal_move_list();
            game.play_unchecked(moves[rng.index(moves.len())]);
            let key = (game.board_string(), game.to_move());
            if let Some(other) = seen.insert(game.hash(), key.clone()) {
                assert_eq!(other, key, "hash collision");
            }
        }
    }
    assert!(seen.len() > 50_000, "{} positions", seen.len());
    // The same board with the other side to move is another position.
    let a = Kalah::default()
        .with_board_string("3,4,4,0,4,4,4/2,4,4,4,4,4,3", poda_core::Player::First)
        .unwrap();
    let b = Kalah::default()
        .with_board_string("3,4,4,0,4,4,4/2,4,4,4,4,4,3", poda_core::Player::Second)
        .unwrap();
    assert_ne!(a.hash(), b.hash());
}
