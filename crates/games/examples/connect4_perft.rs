//! Times Connect 4 perft with poda-core's generic `perft` (the speed figure of the rules).
//!
//! `cargo run --release -p poda-games --example connect4_perft -- [depth] [moves] [spec]`
//! (defaults: depth 9, the start position, `connect4`). Prints the count, the time and the
//! leaves per second for each of five runs, then the median time.

use poda_core::{perft, Spec};
use poda_games::connect4::Connect4;
use std::time::Instant;

const RUNS: usize = 5;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args
        .first()
        .map_or(9, |d| d.parse().expect("depth: a number"));
    let moves = args.get(1).map_or("", |m| if m == "-" { "" } else { m });
    let spec = Spec::parse(args.get(2).map_or("connect4", |s| s)).expect("game spec");
    let start = Connect4::from_spec(&spec).expect("connect4 spec");
    let game = start.play_moves(moves).expect("moves");
    let mut times = Vec::new();
    for run in 1..=RUNS {
        let clock = Instant::now();
        let count = perft(&game, depth);
        let secs = clock.elapsed().as_secs_f64();
        println!(
            "run {run}: perft({depth}) = {count} in {secs:.3} s ({:.1} M leaves/s)",
            count as f64 / secs / 1e6
        );
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    println!("median {:.3} s over {RUNS} runs", times[RUNS / 2]);
}
