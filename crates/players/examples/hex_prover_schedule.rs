//! How much proving time would have saved lost games: the root prover of `hexmc`
//! ([`RootProver`], poda-solve's DFPN with the table kept through the game) is given
//! `--budget` seconds at each turn of the side that lost, from ply `--from` on (by default
//! the first after the record's random opening), along the moves actually played, as it
//! would have had them in the game. A game counts as saved when the prover proves a
//! position of the loser won at one of its turns: from there the proven line wins whatever
//! the opponent does, so the game was thrown away later.
//!
//! `cargo run --release -p poda-players --example hex_prover_schedule -- --budget 1.3
//! [--from PLY] [--to 40] GAMES...`
//!
//! GAMES are `poda match --record` files; one line per game (the first ply where the loser
//! was proven to win, or `-`), then the saved games' count.

mod hex_records;

use hex_records::fail;
use poda_core::Game;
use poda_players::hexmc::proving::{Proven, RootProver};
use std::time::{Duration, Instant};

fn main() {
    let usage = "usage: hex_prover_schedule --budget SECONDS [--from PLY] [--to PLY] GAMES...";
    let (mut budget, mut from, mut to) = (None, None, 40usize);
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| hex_records::number(&mut args, name, usage);
        match a.as_str() {
            "--budget" => budget = Some(value("--budget")),
            "--from" => from = Some(value("--from") as usize),
            "--to" => to = value("--to") as usize,
            "-h" | "--help" => {
                println!("{usage}");
                return;
            }
            s if s.starts_with('-') => fail(&format!("unknown option {s}; {usage}")),
            _ => files.push(a),
        }
    }
    let budget = Duration::from_secs_f64(budget.unwrap_or_else(|| fail(usage)));
    if files.is_empty() {
        fail(usage);
    }
    let (mut games, mut saved, mut spent) = (0, 0, Duration::ZERO);
    for (index, record) in hex_records::read_all(&files).into_iter().enumerate() {
        let Some(winner) = record.winner else {
            continue;
        };
        let loser = winner.opponent();
        let mut prover = RootProver::new(Some(1.0));
        let mut game = record.start.clone();
        let mut first_win = None;
        let from = from.unwrap_or(record.opening);
        for (ply, text) in record.moves.iter().enumerate() {
            if ply >= from && ply <= to && game.side_to_move() == loser {
                let began = Instant::now();
                let verdict = prover.prove_within(&game, budget);
                spent += began.elapsed();
                if matches!(verdict, Proven::Win(_)) {
                    first_win = Some(ply);
                    break;
                }
            }
            let Ok(mv) = game.parse_move(text) else {
                fail(&format!("game {index}: bad move {text}"));
            };
            if game.play(mv).is_err() {
                fail(&format!("game {index}: illegal move {text}"));
            }
        }
        games += 1;
        match first_win {
            Some(ply) => {
                saved += 1;
                println!("game {index}: the loser ({loser:?}) proven to win at ply {ply}");
            }
            None => println!("game {index}: -"),
        }
    }
    println!(
        "{saved} of {games} games saved with {:.2} s a turn ({:.0} s of proving)",
        budget.as_secs_f64(),
        spent.as_secs_f64()
    );
}
