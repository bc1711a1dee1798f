//! `poda solve hex`: proves who wins a Hex position (boards up to 11x11; see poda-solve's
//! `hex` module), or with `--analyze` every legal move (+1: the side to move wins by playing
//! it, -1: it loses), several moves at once with `--threads` (one position: the threads
//! past the first prove its replies beside the main proof).

use super::solve::SolveArgs;
use crate::input;
use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use poda_core::{Game, Player, Spec};
use poda_games::hex::Hex;
use poda_solve::hex::parallel::MAX_THREADS;
use poda_solve::hex::HexSolver;
use serde_json::json;
use std::time::Instant;

fn colour(p: Player) -> &'static str {
    match p {
        Player::First => "black",
        Player::Second => "white",
    }
}

pub fn run(spec: &Spec, args: &SolveArgs) -> Result<()> {
    let start = Hex::from_spec(spec).map_err(|e| input::bad(&format!("game '{spec}'"), e))?;
    let moves = args.moves.clone().unwrap_or_default();
    let (game, _) = input::position(&start, &moves)?;
    let mut solver = HexSolver::new();
    let began = Instant::now();
    let threads = args.threads.unwrap_or(2);
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(input::user(format!(
            "--threads must be between 1 and {MAX_THREADS} for Hex"
        )));
    }
    if args.analyze {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template("moves proved {bar:30} {pos}/{len}  [{elapsed_precise}]")
                .expect("a valid template"),
        );
        let scores = solver
            .analyze_with(&game, threads, &|done, all| {
                bar.set_length(all as u64);
                bar.set_position(done as u64);
            })
            .map_err(|e| input::user(e.to_string()))?;
        bar.finish_and_clear();
        let ms = began.elapsed().as_secs_f64() * 1000.0;
        if args.json {
            let list: Vec<_> = scores
                .iter()
                .map(|&(mv, s)| json!({"move": game.format_move(mv), "score": s}))
                .collect();
            println!("{}", json!({ "moves": list }));
        } else {
            let wins: Vec<String> = scores
                .iter()
                .filter(|&&(_, s)| s > 0)
                .map(|&(m, _)| game.format_move(m))
                .collect();
            println!(
                "{} to move: {} of {} moves win: {}",
                colour(game.side_to_move()),
                wins.len(),
                scores.len(),
                wins.join(" ")
            );
            println!("({} nodes, {ms:.0} ms)", solver.nodes());
        }
        return Ok(());
    }
    let spinner = ProgressBar::new_spinner();
    spinner.set_style(
        ProgressStyle::with_template("{spinner} proving on {msg} [{elapsed_precise}]")
            .expect("a valid template"),
    );
    spinner.set_message(format!(
        "{threads} thread{}",
        if threads == 1 { "" } else { "s" }
    ));
    spinner.enable_steady_tick(std::time::Duration::from_millis(200));
    let proof = solver.solve_with(&game, threads);
    spinner.finish_and_clear();
    let proof = proof.map_err(|e| input::user(e.to_string()))?;
    let score = if proof.winner == game.side_to_move() {
        1
    } else {
        -1
    };
    if args.json {
        println!(
            "{}",
            json!({
                "moves": moves,
                "to_move": colour(game.side_to_move()),
                "winner": colour(proof.winner),
                "score": score,
                "nodes": proof.nodes,
                "time_ms": proof.time.as_secs_f64() * 1000.0,
            })
        );
    } else {
        println!(
            "{} wins ({} to move), {} nodes, {:.0} ms",
            colour(proof.winner),
            colour(game.side_to_move()),
            proof.nodes,
            proof.time.as_secs_f64() * 1000.0
        );
    }
    Ok(())
}
