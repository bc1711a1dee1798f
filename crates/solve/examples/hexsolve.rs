//! Times the Hex solver's full opening analysis per board size, printing each opening as it
//! is proved (from 6x6 on): `cargo run --release -p poda-solve --example hexsolve -- 1 5`.
//! The empty board is symmetric under the 180-degree rotation, so an opening whose rotated
//! twin is proven already takes the twin's value (as `HexSolver::analyze` does).

use poda_core::{Game, Player};
use poda_games::hex::{Hex, HexMove};
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
        let mut wins = Vec::new();
        let moves = start.legal_move_list();
        let mut proven = std::collections::HashMap::new();
        let cells = start.cells() as u16;
        for &mv in &moves {
            let HexMove::Cell(c) = mv else { continue };
            if let Some(&black_wins) = proven.get(&(cells - 1 - c)) {
                if black_wins {
                    wins.push(start.format_move(mv));
                }
                continue;
            }
            let child = start.after(mv);
            let t = Instant::now();
            let proof = solver.solve(&child).expect("small enough");
            let text = start.format_move(mv);
            if size >= 6 {
                eprintln!(
                    "  {size}x{size} {text}: {} wins ({} nodes, {:.2} s)",
                    if proof.winner == Player::First {
                        "Black"
                    } else {
                        "White"
                    },
                    proof.nodes,
                    t.elapsed().as_secs_f64()
                );
            }
            proven.insert(c, proof.winner == Player::First);
            if proof.winner == Player::First {
                wins.push(text);
            }
        }
        println!(
            "{size}x{size}: {} of {} openings win ({}) in {:.2} s, {} nodes",
            wins.len(),
            moves.len(),
            wins.join(" "),
            began.elapsed().as_secs_f64(),
            solver.nodes()
        );
    }
}
