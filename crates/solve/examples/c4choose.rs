//! Times the perfect player: `c4choose [--no-book] [--mib N] [--selfplay] < positions`.
//! For each input position prints `<moves> <column 1-7> <score> <seconds>`; with
//! `--selfplay` it plays perfect against perfect from each position to the end and prints
//! every move, to find how long the moves past the book take.
//!
//! `c4choose [--mib N] --vs-random GAMES [--seed S]` plays GAMES games from the empty board
//! against a seeded random player instead (the perfect player first in the even-numbered
//! ones, a fresh solver per game, as in a new `poda play`), one line per game with its
//! slowest move, then the slowest move overall and how many moves took over a second.

use poda_solve::{Position, Solver, TieBreak, WIDTH};
use std::io::BufRead;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mib = args
        .iter()
        .position(|a| a == "--mib")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    let mut solver = if args.iter().any(|a| a == "--no-book") {
        Solver::new(mib)
    } else {
        Solver::with_book(mib)
    };
    let selfplay = args.iter().any(|a| a == "--selfplay");
    let value_of = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    if let Some(games) = value_of("--vs-random") {
        vs_random(games, value_of("--seed").unwrap_or(1), mib);
        return;
    }
    let mut slowest = (String::new(), 0.0f64);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let mut moves = line.split_whitespace().next().unwrap_or("").to_string();
        let Ok(mut p) = Position::parse(&moves) else {
            eprintln!("bad line '{line}'");
            continue;
        };
        loop {
            let start = Instant::now();
            let Some(c) = solver.choose(&p, &mut TieBreak::Centre) else {
                break;
            };
            let t = start.elapsed().as_secs_f64();
            println!("{moves} {} {} {t:.3}", c.col + 1, c.score);
            if t > slowest.1 {
                slowest = (moves.clone(), t);
            }
            if !selfplay || p.is_winning_move(c.col) {
                break;
            }
            p.play_col(c.col);
            moves.push((b'1' + c.col as u8) as char);
            if p.moves() == 42 {
                break;
            }
        }
    }
    eprintln!("slowest move: '{}' {:.3} s", slowest.0, slowest.1);
}

/// Games of the perfect player against a seeded random one, from the empty board.
fn vs_random(games: u64, seed: u64, mib: usize) {
    let mut rng = poda_core::Rng::new(seed);
    let mut times = Vec::new();
    let mut slowest = (String::new(), 0.0f64);
    for game in 0..games {
        let perfect_side = (game % 2) as i32;
        let mut solver = Solver::with_book(mib);
        let mut p = Position::new();
        let mut moves = String::new();
        let mut game_slowest = (String::new(), 0.0f64);
        loop {
            let col = if p.moves() % 2 == perfect_side {
                let start = Instant::now();
                let c = solver.choose(&p, &mut TieBreak::Centre).expect("not over");
                let t = start.elapsed().as_secs_f64();
                times.push(t);
                if t > game_slowest.1 {
                    game_slowest = (moves.clone(), t);
                }
                c.col
            } else {
                let cols: Vec<usize> = (0..WIDTH).filter(|&c| p.can_play(c)).collect();
                cols[rng.index(cols.len())]
            };
            moves.push((b'1' + col as u8) as char);
            if p.is_winning_move(col) || p.moves() == 41 {
                break;
            }
            p.play_col(col);
        }
        println!(
            "game {game} (perfect {}): {moves} slowest '{}' {:.3} s",
            if perfect_side == 0 { "first" } else { "second" },
            game_slowest.0,
            game_slowest.1
        );
        if game_slowest.1 > slowest.1 {
            slowest = game_slowest;
        }
    }
    times.sort_by(f64::total_cmp);
    let over = times.iter().filter(|&&t| t > 1.0).count();
    eprintln!(
        "{} perfect moves in {games} games: median {:.3} s, slowest '{}' {:.3} s, {over} over 1 s",
        times.len(),
        times.get(times.len() / 2).copied().unwrap_or(0.0),
        slowest.0,
        slowest.1
    );
}
