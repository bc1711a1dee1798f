//! Times each Connect 4 evaluator on the same positions (non-terminal positions of seeded
//! random games): `cargo run --release -p poda-games --example connect4_eval_speed`.
//!
//! Every round times all evaluators one after the other, so a busy machine slows them alike;
//! it prints nanoseconds per evaluation (median over the rounds), the ratio to the first
//! (default) evaluator, and a checksum of the values so the work cannot be optimised away.

use poda_core::{Catalog, Game, Player, Rng};
use poda_games::connect4::Connect4;
use std::time::Instant;

const POSITIONS: usize = 20_000;
const ROUNDS: usize = 7;

fn main() {
    let mut rng = Rng::new(1);
    let mut positions = Vec::with_capacity(POSITIONS);
    while positions.len() < POSITIONS {
        let mut game = Connect4::new();
        while !game.outcome().is_over() && positions.len() < POSITIONS {
            positions.push(game);
            let moves = game.legal_move_list();
            game.play_unchecked(moves[rng.index(moves.len())]);
        }
    }
    let entries = Connect4::evaluators();
    let evaluators: Vec<_> = entries
        .iter()
        .map(|e| (e.build)(&Connect4::new()))
        .collect();
    let mut times = vec![Vec::new(); evaluators.len()];
    let mut checksums = vec![0i64; evaluators.len()];
    for _ in 0..ROUNDS {
        for (i, evaluator) in evaluators.iter().enumerate() {
            let clock = Instant::now();
            checksums[i] = positions
                .iter()
                .map(|g| evaluator.evaluate(g, Player::First))
                .fold(0i64, i64::wrapping_add);
            times[i].push(clock.elapsed().as_secs_f64() * 1e9 / POSITIONS as f64);
        }
    }
    let medians: Vec<f64> = times
        .iter_mut()
        .map(|t| {
            t.sort_by(f64::total_cmp);
            t[ROUNDS / 2]
        })
        .collect();
    for (i, entry) in entries.iter().enumerate() {
        println!(
            "{:<11} {:>8.1} ns/eval  x{:<5.2} checksum {}",
            entry.name,
            medians[i],
            medians[i] / medians[0],
            checksums[i]
        );
    }
    println!("({POSITIONS} positions, median of {ROUNDS} interleaved rounds)");
}
