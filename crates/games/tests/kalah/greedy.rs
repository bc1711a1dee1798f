//! The course's GreedyBot: hand-checked choices, and an independent restatement of its rule
//! on random positions.

use poda_core::{play_line, Game, Rng};
use poda_games::kalah::{GreedyUgr, Kalah};

#[test]
fn opening_choices() {
    let start = Kalah::default();
    // Every move but M6 puts one seed in the store; M4 also gives an extra turn, so it
    // replaces M1 (equal store), and M5 (equal, no extra turn) does not replace it.
    assert_eq!(GreedyUgr::pick(&start), Some(4));
    // After 4 the stores after M1, M2 and M3 are all 2: the first stays.
    let (after4, _) = play_line(&start, "4").unwrap();
    assert_eq!(GreedyUgr::pick(&after4), Some(1));
    // Player 2 after 1: M1..M5 all reach store 1 and only M5 (5 seeds in P5) ends in the
    // store, so it wins the tie.
    let (after1, _) = play_line(&start, "1").unwrap();
    let child = |mv| after1.after(mv);
    assert!(child(5).last_was_extra_turn());
    assert!((1..=4).all(|mv| child(mv).store(poda_core::Player::Second) == 1));
    assert_eq!(GreedyUgr::pick(&after1), Some(5));
}

/// The rule restated: among the moves with the largest store after them, the last one that
/// gives an extra turn, else the first.
fn restated(game: &Kalah) -> Option<u8> {
    let me = game.to_move();
    let outcomes: Vec<(u8, u16, bool)> = game
        .legal_move_list()
        .into_iter()
        .map(|mv| {
            let c = game.after(mv);
            (mv, c.store(me), c.last_was_extra_turn())
        })
        .collect();
    let best = outcomes.iter().map(|o| o.1).max()?;
    let top: Vec<_> = outcomes.iter().filter(|o| o.1 == best).collect();
    top.iter().rev().find(|o| o.2).or(top.first()).map(|o| o.0)
}

#[test]
fn rule_restated_on_random_positions() {
    let mut rng = Rng::new(3);
    let mut differ_from_first_best = 0;
    for _ in 0..3000 {
        let mut game = Kalah::default();
        let plies = rng.below(40);
        for _ in 0..plies {
            let moves = game.legal_move_list();
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.index(moves.len())]);
        }
        if game.outcome().is_over() {
            continue;
        }
        let pick = GreedyUgr::pick(&game);
        assert_eq!(pick, restated(&game), "{}", game.board_string());
        let me = game.to_move();
        let first_best = game
            .legal_move_list()
            .into_iter()
            .max_by_key(|&mv| (game.after(mv).store(me), std::cmp::Reverse(mv)));
        if pick != first_best {
            differ_from_first_best += 1;
        }
    }
    // The tie rule matters often: the check above is not a plain arg-max.
    assert!(differ_from_first_best > 100, "{differ_from_first_best}");
}
