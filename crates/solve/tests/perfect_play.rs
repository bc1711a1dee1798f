//! The perfect player in whole games, from both sides, against a seeded random player and
//! against itself. Checks that it never lets its score drop and wins every game it can;
//! prints the slowest move (run with `--ignored --nocapture` in release to see the times).

use poda_core::Rng;
use poda_solve::{Position, Solver, TieBreak, WIDTH};
use std::time::{Duration, Instant};

/// Plays one game; `perfect[i]` tells whether player `i` (0 first) is the perfect player.
/// Returns the winner (0, 1, or None for a draw), the plies played and the slowest move.
fn play(
    solver: &mut Solver,
    perfect: [bool; 2],
    rng: &mut Rng,
    moves_played: &mut String,
) -> (Option<usize>, i32, Duration) {
    let mut p = Position::new();
    let mut slowest = Duration::ZERO;
    let mut tie = TieBreak::Centre;
    // Score the perfect player is entitled to, from its own view, once known.
    let mut promised: [Option<i32>; 2] = [None, None];
    loop {
        let side = (p.moves() % 2) as usize;
        let col = if perfect[side] {
            let start = Instant::now();
            let chosen = solver.choose(&p, &mut tie);
            slowest = slowest.max(start.elapsed());
            // The promise only improves when the opponent errs; it never gets worse.
            if let Some(before) = promised[side] {
                assert!(chosen.score >= before, "{moves_played}: score fell");
            }
            promised[side] = Some(chosen.score);
            chosen.col
        } else {
            let cols: Vec<usize> = (0..WIDTH).filter(|&c| p.can_play(c)).collect();
            cols[rng.index(cols.len())]
        };
        moves_played.push((b'1' + col as u8) as char);
        if p.is_winning_move(col) {
            return (Some(side), p.moves() + 1, slowest);
        }
        p.play_col(col);
        if p.moves() == 42 {
            return (None, 42, slowest);
        }
    }
}

#[test]
#[ignore = "slow past the book: whole games solved move by move"]
fn perfect_player_games() {
    let mut solver = Solver::with_book(256);
    let mut rng = Rng::new(7);
    let mut overall = Duration::ZERO;
    // Perfect against itself: the first player wins with its last stone (score 1).
    let mut line = String::new();
    let (winner, plies, slowest) = play(&mut solver, [true, true], &mut rng, &mut line);
    eprintln!("perfect vs perfect: {line} slowest {slowest:?}");
    assert_eq!((winner, plies), (Some(0), 41), "{line}");
    overall = overall.max(slowest);
    for game in 0..4 {
        for side in 0..2 {
            let mut perfect = [false, false];
            perfect[side] = true;
            let mut line = String::new();
            let (winner, _, slowest) = play(&mut solver, perfect, &mut rng, &mut line);
            eprintln!("game {game}, perfect as player {side}: {line} winner {winner:?} slowest {slowest:?}");
            if side == 0 {
                assert_eq!(winner, Some(0), "{line}");
            } else {
                assert_ne!(winner, Some(0), "{line}");
            }
            overall = overall.max(slowest);
        }
    }
    eprintln!("slowest perfect move overall: {overall:?}");
}
