//! Nodes visited by minimax, fail-hard alpha-beta, alpha-beta with move ordering and the full
//! engine, from the Connect 4 start position at depths 1..=9 with the seed report's 2s/3s
//! evaluation (`lines`): "same result, less effort", in numbers. Every row asserts that all
//! four return the same root value.
//!
//! Run: `cargo bench -p poda-arena --bench search_nodes` (release profile).

use poda_core::Catalog;
use poda_games::connect4::Connect4;
use poda_search::alphabeta::{alphabeta, Variant};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::minimax::minimax;
use poda_search::Limits;
use std::time::Instant;

fn main() {
    let game = Connect4::default();
    let eval = game.evaluator("lines").expect("the seed evaluator");
    println!("| depth | minimax | alpha-beta (fail-hard) | alpha-beta + ordering | engine (ID+TT+PVS) | root value |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for depth in 1..=9 {
        let t = Instant::now();
        let mm = minimax(&game, depth, &*eval);
        let mm_time = t.elapsed();
        let ab = alphabeta(&game, depth, &*eval, Variant::FailHard);
        let ordering_only = EngineConfig {
            tt_mib: 0,
            iterative: false,
            pvs: false,
            exact_depth_tt: true,
            ..EngineConfig::default()
        };
        let ord = Engine::new(eval.clone(), ordering_only).search(
            &game,
            &Limits::depth(depth),
            None,
            &mut |_| {},
        );
        let full = EngineConfig {
            exact_depth_tt: true,
            ..EngineConfig::default()
        };
        let eng =
            Engine::new(eval.clone(), full).search(&game, &Limits::depth(depth), None, &mut |_| {});
        for (name, score) in [
            ("alpha-beta", ab.score),
            ("ordering", ord.score),
            ("engine", eng.score),
        ] {
            assert_eq!(
                score, mm.score,
                "{name} disagrees with minimax at depth {depth}"
            );
        }
        println!(
            "| {depth} | {} | {} | {} | {} | {} |",
            mm.nodes, ab.nodes, ord.nodes, eng.nodes, mm.score
        );
        eprintln!(
            "depth {depth}: minimax {:.2?}, engine {:.2?}",
            mm_time, eng.time
        );
    }
}
