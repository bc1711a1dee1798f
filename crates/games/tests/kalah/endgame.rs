//! The endgame table against a plain negamax over the game itself (final store difference,
//! every move searched), on positions with few seeds left, for several sizes and both rules.

use poda_core::{Game, Player, Rng};
use poda_games::kalah::{EndgameTable, Kalah};

/// The final store difference for the side to move under perfect play, by brute force.
fn brute_margin(game: &Kalah) -> i32 {
    if game.outcome().is_over() {
        return game.store_difference(game.to_move());
    }
    let me = game.to_move();
    game.legal_move_list()
        .into_iter()
        .map(|mv| {
            let child = game.after(mv);
            let v = brute_margin(&child);
            if child.to_move() == me {
                v
            } else {
                -v
            }
        })
        .max()
        .expect("a position that is not over has moves")
}

/// Random positions of `start`'s game with at most `seeds` seeds left in the pits.
fn late_positions(start: &Kalah, seeds: u32, count: usize, rng: &mut Rng) -> Vec<Kalah> {
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = *start;
        while !game.outcome().is_over() && game.board().seeds_in_pits() > seeds {
            let moves = game.legal_move_list();
            game.play_unchecked(moves[rng.index(moves.len())]);
        }
        if !game.outcome().is_over() {
            out.push(game);
        }
    }
    out
}

#[test]
fn table_matches_brute_force() {
    let mut rng = Rng::new(77);
    let mut checked = 0;
    for (m, n, empty, seeds) in [
        (6, 4, false, 7),
        (6, 4, true, 7),
        (4, 3, false, 8),
        (3, 3, true, 10),
        (2, 4, false, 14),
        (1, 6, false, 12),
    ] {
        let start = Kalah::new(m, n, empty).unwrap();
        let table = EndgameTable::new(m, empty, seeds, 1 << 26);
        assert_eq!(table.max_seeds(), seeds, "kalah({m},{n})");
        for game in late_positions(&start, seeds, 150, &mut rng) {
            let exact = table.final_margin(game.board()).expect("covered");
            assert_eq!(
                exact,
                brute_margin(&game),
                "kalah({m},{n},empty={empty}) {} {:?}",
                game.board_string(),
                game.to_move()
            );
            checked += 1;
        }
        assert!(table.computed() > 0);
    }
    assert_eq!(checked, 900);
}

#[test]
fn table_size_is_capped_and_coverage_checked() {
    let table = EndgameTable::new(6, false, 40, 10_000_000);
    // C(14 + 12, 12) = 9,657,700 entries for 14 seeds; 15 would need 17,383,860.
    assert_eq!(table.max_seeds(), 14);
    assert_eq!(table.entries(), 9_657_700);
    let start = Kalah::default();
    assert_eq!(table.value(start.board()), None);
    // A finished game is worth nothing more.
    let over = start
        .with_board_string("30,0,0,0,0,0,0/18,0,0,0,0,0,0", Player::First)
        .unwrap();
    assert_eq!(table.value(over.board()), Some(0));
    assert_eq!(table.final_margin(over.board()), Some(12));
    // Wrong pit count: not covered.
    let small = Kalah::new(4, 1, false).unwrap();
    assert_eq!(table.value(small.board()), None);
}
