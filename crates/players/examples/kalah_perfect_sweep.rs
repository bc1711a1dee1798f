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
use poda_players::build_agent;
use std::collections::HashSet;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut plies = 4usize;
    let mut perfect_spec = "perfect".to_string();
    let mut over = 1.0f64;
    let mut positional = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let value = || args.get(i + 1).cloned().expect("a value after the option");
        match args[i].as_str() {
            "--plies" => plies = value().parse().expect("a ply count"),
            "--perfect" => perfect_spec = value(),
            "--over" => over = value().parse().expect("seconds"),
            other => {
                positional.push(other.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let [game_spec] = &positional[..] else {
        eprintln!("usage: kalah_perfect_sweep GAME [--plies K] [--perfect SPEC] [--over SECONDS]");
        std::process::exit(2);
    };
    let start = Kalah::from_spec(&poda_core::Spec::parse(game_spec).expect("a game spec"))
        .expect("a Kalah game");
    // Warm the shared endgame database once (it is mapped and populated on first use).
    let setup = Instant::now();
    drop(build_agent(&start, &perfect_spec).expect("the perfect player"));
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
            let mut perfect = build_agent(&start, &perfect_spec).expect("the perfect player");
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
