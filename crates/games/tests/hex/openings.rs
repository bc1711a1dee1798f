//! The winning openings of the rules file for 1x1 to 4x4, by a plain memoised negamax (no
//! pruning tricks, so it is an independent oracle for the solver in poda-solve, which checks
//! 5x5 and beyond).

use poda_core::{Game, Player};
use poda_games::hex::{Hex, HexMove};
use std::collections::HashMap;

/// True if the side to move wins `game` with perfect play. Positions are keyed exactly by
/// their stones (boards up to 8x8 fit in the first word).
fn wins(game: &Hex, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    let key = (
        game.stones(Player::First).0[0],
        game.stones(Player::Second).0[0],
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let result = game.legal_move_list().into_iter().any(|mv| {
        let child = game.after(mv);
        match child.winner() {
            Some(w) => w == game.side_to_move(),
            None => !wins(&child, memo),
        }
    });
    memo.insert(key, result);
    result
}

fn winning_openings(size: u32) -> Vec<String> {
    let start = Hex::with_size(size, false).unwrap();
    let mut memo = HashMap::new();
    start
        .legal_move_list()
        .into_iter()
        .filter(|&mv| {
            let child = start.after(mv);
            child.winner().is_some() || !wins(&child, &mut memo)
        })
        .map(|mv: HexMove| start.format_move(mv))
        .collect()
}

#[test]
fn winning_openings_of_the_rules_file() {
    assert_eq!(winning_openings(1), vec!["a1"]);
    assert_eq!(winning_openings(2).len(), 2);
    assert_eq!(winning_openings(3), vec!["c1", "a2", "b2", "c2", "a3"]);
    assert_eq!(winning_openings(4), vec!["d1", "c2", "b3", "a4"]);
}
