//! Times the Hex solver's full opening analysis per board size:
//! `cargo run --release -p poda-solve --example hexsolve -- 1 5`.

use poda_core::Game;
use poda_games::hex::Hex;
use poda_solve::hex::HexSolver;
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (lo, hi) = (
        args.first().copied().unwrap_or(1),
        args.get(1).copied().unwrap_or(5),
    );
    for size in lo..=hi {
        let start = Hex::with_size(size, false).expect("a valid size");
        let mut solver = HexSolver::new();
        let began = Instant::now();
        let scores = solver.analyze(&start).expect("small enough");
        let wins: Vec<String> = scores
            .iter()
            .filter(|&&(_, s)| s > 0)
            .map(|&(m, _)| start.format_move(m))
            .collect();
        println!(
            "{size}x{size}: {} of {} openings win ({}) in {:.2} s, {} nodes",
            wins.len(),
            scores.len(),
            wins.join(" "),
            began.elapsed().as_secs_f64(),
            solver.nodes()
        );
    }
}
