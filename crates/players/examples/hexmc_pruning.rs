//! How much of each expansion `hexmc`'s local pruning leaves out:
//! `cargo run --release -p poda-players --example hexmc_pruning -- [positions] [sizes...]`.
//!
//! For each size and a few game lengths it draws `positions` (400 by default) random
//! positions of that many plies (seeded: the same positions every run), expands each for the
//! player to move with and without [`prune_local`](poda_players::hexmc::knowledge::prune_local)
//! and prints the share of the empty cells that are not dead, and the share of those the
//! pruning leaves out. Positions with an immediate win or a must-play are skipped.

use poda_core::Rng;
use poda_players::hexmc::board::{other, Board, BLACK, MAX_SIDE};
use poda_players::hexmc::knowledge::{expand, Expansion};
use poda_players::hexmc::patterns::Patterns;

const PLIES: [usize; 5] = [4, 10, 20, 30, 40];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Result<Vec<usize>, _> = args.iter().map(|a| a.parse::<usize>()).collect();
    let Ok(numbers) = numbers else {
        eprintln!("usage: hexmc_pruning [positions] [sizes...] (whole numbers)");
        std::process::exit(2);
    };
    let positions = numbers.first().copied().unwrap_or(400).max(1);
    let mut sizes = numbers.get(1..).map(<[usize]>::to_vec).unwrap_or_default();
    if sizes.is_empty() {
        sizes = vec![9, 11, 13];
    }
    if let Some(bad) = sizes.iter().find(|&&s| !(2..=MAX_SIDE).contains(&s)) {
        eprintln!("hexmc_pruning: size {bad} is not in 2..={MAX_SIDE}");
        std::process::exit(2);
    }
    let patterns = Patterns::uniform();
    let (mut scratch, mut all, mut kept) = (Vec::new(), Vec::new(), Vec::new());
    println!("size  plies  positions  not dead (of the empty cells)  left out (of those)");
    for &size in &sizes {
        let mut rng = Rng::new(5);
        for plies in PLIES.into_iter().filter(|&p| p < size * size / 2) {
            let (mut counted, mut empty, mut open, mut left) = (0, 0, 0, 0);
            for _ in 0..positions {
                let mut board = Board::new(size);
                let mut to_move = BLACK;
                for _ in 0..plies {
                    let cells = board.empties();
                    board.play(cells[rng.index(cells.len())] as usize, to_move);
                    to_move = other(to_move);
                }
                let without = expand(
                    &board,
                    to_move,
                    None,
                    &patterns,
                    false,
                    &mut scratch,
                    &mut all,
                );
                let with = expand(
                    &board,
                    to_move,
                    None,
                    &patterns,
                    true,
                    &mut scratch,
                    &mut kept,
                );
                if without != Expansion::Moves || with != Expansion::Moves {
                    continue;
                }
                counted += 1;
                empty += board.empty_count();
                open += all.len();
                left += all.len() - kept.len();
            }
            let share = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
            println!(
                "{size:>4}  {plies:>5}  {counted:>9}  {:>28.1}%  {:>18.1}%",
                share(open, empty),
                share(left, open)
            );
        }
    }
}
