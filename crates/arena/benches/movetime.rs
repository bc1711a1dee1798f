//! How far past its move time the engine answers: `engine(movetime=100ms)` on Connect 4
//! positions, measured from the call to the returned move (table already allocated).
//! Prints the median and maximum overshoot; asserts that every search returned a legal move.
//!
//! Run: `cargo bench -p poda-arena --bench movetime`.

use poda_core::{Game, Turn};
use poda_games::connect4::Connect4;
use poda_players::build_agent;
use std::time::{Duration, Instant};

const BUDGET: Duration = Duration::from_millis(100);
const POSITIONS: &[&str] = &[
    "",
    "4453",
    "32164625",
    "6146",
    "274552224131661",
    "5455174361263362",
    "444333",
];
const ROUNDS: usize = 5;

fn main() {
    let start = Connect4::default();
    let mut agent = build_agent(&start, "engine(movetime=100ms)").expect("a valid agent");
    let mut overshoots = Vec::new();
    for round in 0..ROUNDS {
        for &moves in POSITIONS {
            let game = Connect4::from_moves(moves).expect("a legal position");
            agent.new_game(round as u64);
            let t = Instant::now();
            let choice = agent.choose(&game, &mut Turn::new()).expect("a move");
            let took = t.elapsed();
            assert!(game.is_legal(choice.mv));
            overshoots.push(took.saturating_sub(BUDGET));
        }
    }
    overshoots.sort();
    println!(
        "engine(movetime=100ms), {} searches: overshoot median {:.2?}, 90th percentile {:.2?}, max {:.2?}",
        overshoots.len(),
        overshoots[overshoots.len() / 2],
        overshoots[overshoots.len() * 9 / 10],
        overshoots[overshoots.len() - 1]
    );
}
