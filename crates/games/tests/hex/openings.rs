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

/// Pruning loses nothing: on random 3x3 and 4x4 positions, whenever the side to move has a
/// winning move, one of the candidate moves (win now, must-play, not dead) wins too; and the
/// winning cells are exactly the cells that win at once.
#[test]
fn candidate_moves_keep_a_winning_move() {
    use poda_games::hex::prune::{candidate_moves, dead_cells, winning_cells};
    let mut rng = poda_core::Rng::new(8);
    // One table per size: the keys are bitboards, which mean different cells on each size.
    let mut memos = [HashMap::new(), HashMap::new()];
    let mut with_dead = 0;
    for round in 0..3000usize {
        let size = 3 + (round % 2) as u32;
        let memo = &mut memos[round % 2];
        let mut game = Hex::with_size(size, false).unwrap();
        for _ in 0..rng.index((size * size) as usize) {
            let moves = game.legal_move_list();
            let next = game.after(moves[rng.index(moves.len())]);
            if next.winner().is_some() {
                break;
            }
            game = next;
        }
        let me = game.side_to_move();
        let wins_by = |mv: HexMove, memo: &mut HashMap<(u64, u64), bool>| {
            let child = game.after(mv);
            match child.winner() {
                Some(w) => w == me,
                None => !wins(&child, memo),
            }
        };
        let at_once: Vec<usize> = game
            .legal_move_list()
            .into_iter()
            .filter(|&mv| game.after(mv).winner() == Some(me))
            .map(|mv| match mv {
                HexMove::Cell(c) => c as usize,
                HexMove::Swap => unreachable!(),
            })
            .collect();
        assert_eq!(winning_cells(&game, me).iter().collect::<Vec<_>>(), at_once);
        let any_win = game
            .legal_move_list()
            .into_iter()
            .any(|mv| wins_by(mv, memo));
        let mut cands = Vec::new();
        candidate_moves(&game, &mut cands);
        assert!(!cands.is_empty());
        let cand_win = cands.iter().any(|&mv| wins_by(mv, memo));
        assert_eq!(any_win, cand_win, "{}", game.board_string());
        if !dead_cells(&game).is_empty() {
            with_dead += 1;
        }
    }
    assert!(with_dead > 100, "dead cells seen in {with_dead} positions");
}
