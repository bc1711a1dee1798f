//! The replies of a Hex position in the prover's order, each proved on its own with a fresh
//! table and a time budget: `cargo run --release -p poda-solve --example hexreplies -- 7 a2 [SECONDS]`.
//! Shows where a proof's work goes at its root (which reply wins, where the ordering put it).

use poda_core::Game;
use poda_games::hex::{Hex, HexMove};
use poda_solve::hex::board::Board;
use poda_solve::hex::prover::{Prover, Verdict};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(size), Some(moves)) = (
        args.first().and_then(|s| s.parse::<u32>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: hexreplies SIZE MOVES [SECONDS]");
        std::process::exit(2);
    };
    let budget = match args.get(2).map(|s| s.parse::<f64>()) {
        None => 30.0,
        Some(Ok(s)) if s > 0.0 && s < 1e9 => s,
        Some(_) => {
            eprintln!("hexreplies: SECONDS must be a positive number of seconds");
            std::process::exit(2);
        }
    };
    let game = match Hex::with_size(size, false).map(|g| g.play_moves(moves)) {
        Ok(Ok(g)) => g,
        _ => {
            eprintln!("hexreplies: not a position: {size} {moves}");
            std::process::exit(2);
        }
    };
    let Some(board) = Board::from_hex(&game) else {
        eprintln!("hexreplies: beyond the solver's size");
        std::process::exit(2);
    };
    let mut lister = Prover::new(size);
    let Some(replies) = lister.moves_of(&board) else {
        println!("decided by its connections");
        return;
    };
    for (i, (m, child)) in replies.iter().enumerate() {
        let mut p = Prover::new(size);
        let began = Instant::now();
        let v = p.prove(child, Some(began + Duration::from_secs_f64(budget)));
        let name = game.format_move(HexMove::Cell(*m as u16));
        let outcome = match v {
            Verdict::Win => "loses",
            Verdict::Loss => "WINS",
            Verdict::Unknown => "unknown",
        };
        println!(
            "{:>2} {name:>3} {outcome:>7} {:>7} nodes {:>6.2} s",
            i + 1,
            p.nodes,
            began.elapsed().as_secs_f64()
        );
    }
}
