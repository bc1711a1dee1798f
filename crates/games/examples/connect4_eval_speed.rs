//! Times each Connect 4 evaluator on the same positions (non-terminal positions of seeded
//! random games). `cargo run --release -p poda-games --example connect4_eval_speed`
//! Prints nanoseconds per evaluation (median of five runs) and a checksum of the values, so
//! the work cannot be optimised away.

use poda_core::{Catalog, Game, Player, Rng};
use poda_games::connect4::Connect4;
use std::time::Instant;

const POSITIONS: usize = 20_000;
const RUNS: usize = 5;

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
    for entry in Connect4::evaluators() {
        let evaluator = (entry.build)(&Connect4::new());
        let mut times = Vec::new();
        let mut checksum = 0i64;
        for _ in 0..RUNS {
            let clock = Instant::now();
            checksum = positions
                .iter()
                .map(|g| evaluator.evaluate(g, Player::First))
                .fold(0i64, i64::wrapping_add);
            times.push(clock.elapsed().as_secs_f64() * 1e9 / POSITIONS as f64);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{:<11} {:>8.1} ns/eval (median of {RUNS}), checksum {checksum}",
            entry.name,
            times[RUNS / 2]
        );
    }
}
