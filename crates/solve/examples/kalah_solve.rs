//! Solves Kalah positions and prints value, best moves, nodes and time (for benchmarks).
//!
//! `cargo run --release -p poda-solve --example kalah_solve -- <pits> <seeds> [moves]
//! [--empty-capture] [--tt MIB] [--endgame SEEDS] [--no-etc]`

use poda_core::{play_line, Game};
use poda_games::kalah::Kalah;
use poda_solve::kalah::{KalahSolver, SolverConfig};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut config = SolverConfig::default();
    let mut empty = false;
    let mut guess = None;
    let mut positional = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--empty-capture" => empty = true,
            "--no-etc" => config.etc = false,
            "--tt" => {
                i += 1;
                config.tt_mib = args[i].parse().expect("MiB");
            }
            "--guess" => {
                i += 1;
                guess = Some(args[i].parse::<i32>().expect("a value"));
            }
            "--endgame" => {
                i += 1;
                config.endgame_seeds = args[i].parse().expect("seeds");
            }
            other => positional.push(other.to_string()),
        }
        i += 1;
    }
    let pits: usize = positional.first().map_or(6, |p| p.parse().expect("pits"));
    let seeds: u16 = positional.get(1).map_or(4, |s| s.parse().expect("seeds"));
    let moves = positional.get(2).cloned().unwrap_or_default();
    let start = Kalah::new(pits, seeds, empty).expect("a valid size");
    let (game, _) = play_line(&start, &moves).expect("legal moves");
    let began = Instant::now();
    let mut solver = KalahSolver::new(&game, &config).expect("a solvable size");
    let built = began.elapsed();
    let score = match guess {
        Some(g) => game.board().margin() + solver.future(game.board(), g),
        None => solver.solve(&game),
    };
    let solved = began.elapsed();
    let nodes = solver.nodes();
    let (_, best) = solver.best_moves(&game);
    let total = began.elapsed();
    println!(
        "{} '{moves}': score {score:+} best {} | solve {:.2} s ({} nodes, {:.2} M nodes/s, setup {:.2} s) | with best moves {:.2} s | endgame {} seeds, table {}‰ used",
        game.spec(),
        game.format_moves(&best),
        solved.as_secs_f64(),
        nodes,
        nodes as f64 / (solved - built).as_secs_f64() / 1e6,
        built.as_secs_f64(),
        total.as_secs_f64(),
        solver.endgame_seeds(),
        solver.table_permille(),
    );
}
