//! Every position of the first plies of a Kalah game, each answered by a fresh perfect player
//! (cold table and length memo, the book and the endgame database as `poda play` has them),
//! to find the slowest move it can be asked for near the start (for benchmarks;
//! docs/benchmarks/kalah.md).
//!
//! `cargo run --release -p poda-players --example kalah_perfect_sweep -- GAME --plies K
//! [--perfect SPEC] [--over SECONDS]`
//!
//! Positions are those reachable from the start in at most K plies by any moves (both sides'
//! moves, extra turns included), counted once each (pits, stores and side to move). Prints,
//! for each ply, how many positions there are, the slowest move and how many took over
//! `--over` seconds (1 by default), each such position with its move string, and a final
//! summary line.

use poda_core::{Game, Turn};
use poda_games::kalah::Kalah;
use std::collections::HashSet;
use std::time::{Duration, Instant};

mod support;

fn main() {
    let usage = "kalah_perfect_sweep GAME [--plies K] [--perfect SPEC] [--over SECONDS]";
    let args = support::Args::parse(&["plies", "perfect", "over"], usage);
    let plies: usize = args.get("plies", 4);
    let perfect_spec: String = args.get("perfect", "perfect".to_string());
    let over: f64 = args.get("over", 1.0);
    let [game_spec] = &args.positional[..] else {
        support::fail(&format!("usage: {usage}"));
    };
    let start = support::kalah(game_spec);
    // Warm the shared endgame database once (it is mapped and populated on first use).
    let setup = Instant::now();
    drop(support::agent(&start, &perfect_spec));
    println!(
        "{} perfect={perfect_spec}: set up in {:.2} s",
        start.spec(),
        setup.elapsed().as_secs_f64()
    );
    let mut seen: HashSet<(Vec<u16>, i32, bool)> = HashSet::new();
    let mut level: Vec<(String, Kalah)> = vec![(String::new(), start)];
    let (mut all, mut all_over, mut slowest_all) = (0usize, 0usize, Duration::ZERO);
    for ply in 0..=plies {
        let (mut count, mut slow, mut slowest) = (0usize, 0usize, (Duration::ZERO, String::new()));
        let mut next = Vec::new();
        for (moves, game) in &level {
            // A fresh player each time: no table or memo left from a neighbour.
            let mut perfect = support::agent(&start, &perfect_spec);
            let began = Instant::now();
            perfect.choose(game, &mut Turn::new()).expect("a move");
            let took = began.elapsed();
            count += 1;
            if took.as_secs_f64() > over {
                slow += 1;
                println!(
                    "  slow: '{moves}' {:.3} s ({} seeds in the pits)",
                    took.as_secs_f64(),
                    game.board().seeds_in_pits()
                );
            }
            if took > slowest.0 {
                slowest = (took, moves.clone());
            }
            if ply < plies {
                for mv in game.legal_move_list() {
                    let child = game.after(mv);
                    if child.outcome().is_over() {
                        continue;
                    }
                    let key = (
                        child.board().pit_cells().collect::<Vec<u16>>(),
                        child.board().margin(),
                        child.to_move() == poda_core::Player::First,
                    );
                    if seen.insert(key) {
                        next.push((format!("{moves}{}", game.format_move(mv)), child));
                    }
                }
            }
        }
        println!(
            "ply {ply}: {count} positions, slowest {:.3} s ('{}'), {slow} over {over} s",
            slowest.0.as_secs_f64(),
            slowest.1
        );
        all += count;
        all_over += slow;
        slowest_all = slowest_all.max(slowest.0);
        level = next;
    }
    println!(
        "all: {all} positions within {plies} plies, slowest {:.3} s, {all_over} over {over} s",
        slowest_all.as_secs_f64()
    );
}
