//! Misère Connect 4's `hybrid` (and so `best`): on end-game positions its move keeps every
//! proven win and draw, and it never completes its own four while it has another move. The
//! oracle is the misère solver's score of each move (itself checked against a plain
//! alpha-beta in crates/solve/tests/misere.rs).

use poda_core::{Game, Rng, Turn};
use poda_games::connect4::Connect4;
use poda_games::misere::Misere;
use poda_players::build_agent;
use poda_solve::misere::{random_safe_line, safe_moves};
use poda_solve::{MisereSolver, Position};

/// Random play that avoids completing fours, stopped with `empty` cells left; `None` if a
/// side ran out of safe moves first.
fn random_position(rng: &mut Rng, empty: i32) -> Option<(Misere<Connect4>, Position)> {
    let mut g = Misere::new(Connect4::new());
    let mut p = Position::new();
    for col in random_safe_line(rng, empty)? {
        g.play_unchecked(col as u8);
        p.play_col(col);
    }
    (safe_moves(&p) != 0).then_some((g, p))
}

#[test]
fn keeps_proven_wins_and_draws_and_never_completes_a_four_by_choice() {
    let mut rng = Rng::new(5);
    let mut solver = MisereSolver::new(8);
    let mut checked = [0usize; 3];
    while checked.iter().sum::<usize>() < 40 {
        let empty = 10 + rng.index(8) as i32;
        let Some((game, p)) = random_position(&mut rng, empty) else {
            continue;
        };
        let value = solver.solve_weak(&p);
        let mut agent = build_agent(&game, "best(movetime=300ms)").unwrap();
        agent.new_game(3);
        let mv = agent.choose(&game, &mut Turn::new()).unwrap().mv;
        assert!(game.is_legal(mv));
        assert!(
            !game.inner().is_winning_move(mv),
            "completed its own four with safe moves left:\n{}",
            game.board_string()
        );
        let kept = solver.move_score(&p, mv as usize).signum();
        assert!(
            value < 0 || kept == value,
            "value {value}, move {mv} scores {kept}:\n{}",
            game.board_string()
        );
        checked[(value + 1) as usize] += 1;
    }
    // Won and lost positions both came up (draws are rare in misère Connect 4).
    assert!(checked[0] >= 5 && checked[2] >= 5, "{checked:?}");
}

#[test]
fn needs_the_standard_board() {
    let game = Misere::new(Connect4::with_size(8, 7).unwrap());
    assert!(build_agent(&game, "hybrid(movetime=10ms)").is_err());
    // `best` falls back to MCTS there.
    assert!(build_agent(&game, "best(movetime=10ms)").is_ok());
}
