//! Times the perfect player: `c4choose [--no-book] [--mib N] [--selfplay] < positions`.
//! For each input position prints `<moves> <column 1-7> <score> <seconds>`; with
//! `--selfplay` it plays perfect against perfect from each position to the end and prints
//! every move, to find how long the moves past the book take.

use poda_solve::{Position, Solver, TieBreak};
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
