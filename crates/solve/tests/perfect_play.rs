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
    let mut p = Position::parse(moves_played).expect("opening");
    let mut slowest = Duration::ZERO;
    let mut tie = TieBreak::Centre;
    // Score the perfect player is entitled to, from its own view, once known.
    let mut promised: [Option<i32>; 2] = [None, None];
    loop {
        let side = (p.moves() % 2) as usize;
        let col = if perfect[side] {
            let start = Instant::now();
            let chosen = solver.choose(&p, &mut tie).expect("not over");
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

/// Games from openings 8 to 12 plies deep (from Test_L1_R3, so the expected score is
/// known): perfect against itself ends as the score says; perfect against random never
/// does worse than the score promised to the perfect side.
#[test]
#[ignore = "slow in debug: seconds in release"]
fn perfect_player_games_from_deep_openings() {
    let text = std::fs::read_to_string(format!(
        "{}/data/connect4/Test_L1_R3",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let openings: Vec<(String, i32)> = text
        .lines()
        .filter_map(|l| l.split_once(' '))
        .filter(|(m, _)| (8..=12).contains(&m.len()))
        .take(3)
        .map(|(m, s)| (m.to_string(), s.parse().unwrap()))
        .collect();
    let mut solver = Solver::with_book(256);
    let mut rng = Rng::new(11);
    let mut overall = Duration::ZERO;
    for (opening, score) in &openings {
        let to_move = opening.len() % 2;
        let mut line = opening.clone();
        let (winner, _, slowest) = play(&mut solver, [true, true], &mut rng, &mut line);
        eprintln!("perfect vs perfect from {opening} ({score}): {line} slowest {slowest:?}");
        let expect = match score.signum() {
            1 => Some(to_move),
            -1 => Some(1 - to_move),
            _ => None,
        };
        assert_eq!(winner, expect, "{line}");
        overall = overall.max(slowest);
        for side in 0..2 {
            let mut perfect = [false, false];
            perfect[side] = true;
            let mut line = opening.clone();
            let (winner, _, slowest) = play(&mut solver, perfect, &mut rng, &mut line);
            eprintln!("perfect as player {side} vs random from {opening}: {line} winner {winner:?} slowest {slowest:?}");
            // The perfect side does at least as well as the opening's value for it.
            let value_for_side = if side == to_move { *score } else { -*score };
            match value_for_side.signum() {
                1 => assert_eq!(winner, Some(side), "{line}"),
                0 => assert_ne!(winner, Some(1 - side), "{line}"),
                _ => {}
            }
            overall = overall.max(slowest);
        }
    }
    eprintln!("slowest perfect move overall: {overall:?}");
}

/// Whole games from the empty board: the book (to ply 14 along the perfect player's lines) keeps
/// every move well under a second.
#[test]
#[ignore = "whole games solved move by move: seconds in release with the committed book, slow in debug"]
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
