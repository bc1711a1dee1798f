//! Speed figures of Hex's evaluators and searches on 11x11 (release build):
//! `cargo run --release -p poda-arena --example hex_speed [size] [seconds]`.
//!
//! Prints the time per evaluation of each evaluator (median of five passes over the same
//! random positions), nodes per second of alpha-beta and the engines, and playouts per second
//! of MCTS, each from the same position after a few random moves.

use poda_core::{Catalog, Game, Player, Rng, Turn};
use poda_games::hex::Hex;
use poda_players::build_agent;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(11);
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let start = Hex::with_size(size, false).expect("a valid size");
    let mut rng = Rng::new(1);
    let positions: Vec<Hex> = (0..200)
        .map(|_| {
            let mut g = start.clone();
            let plies = rng.index((size * size) as usize / 2);
            for _ in 0..plies {
                let moves = g.legal_move_list();
                let next = g.after(moves[rng.index(moves.len())]);
                if next.outcome().is_over() {
                    break;
                }
                g = next;
            }
            g
        })
        .collect();
    println!(
        "# hex {size}x{size}: evaluator time per call (median of 5 passes over 200 positions)"
    );
    for entry in Hex::evaluators() {
        let eval = (entry.build)(&start);
        let mut times = Vec::new();
        let mut sink = 0i64;
        for _ in 0..5 {
            let t = Instant::now();
            for p in &positions {
                sink = sink.wrapping_add(eval.evaluate(p, Player::First));
            }
            times.push(t.elapsed().as_secs_f64() / positions.len() as f64);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{:<14} {:>8.2} us  (checksum {sink})",
            entry.name,
            times[2] * 1e6
        );
    }
    let position = start
        .play_moves(if size >= 5 { "c3 e5 d2" } else { "" })
        .unwrap();
    println!(
        "\n# searches from '{}' for {secs} s",
        position.board_string()
    );
    let ms = (secs * 1000.0) as u64;
    let specs = [
        "alphabeta(depth=3,eval=shortest-path,variant=hard)".to_string(),
        format!("engine(movetime={ms}ms,eval=shortest-path)"),
        format!("engine(movetime={ms}ms,eval=two-distance)"),
        format!("engine(movetime={ms}ms,eval=resistance)"),
        format!("hexengine(movetime={ms}ms,eval=resistance)"),
        format!("mcts(movetime={ms}ms)"),
        format!("hexmcts(movetime={ms}ms,rave=false)"),
        format!("hexmcts(movetime={ms}ms)"),
    ];
    for spec in specs {
        let mut agent = build_agent(&position, &spec).expect("a valid agent");
        agent.new_game(1);
        let t = Instant::now();
        let choice = agent.choose(&position, &mut Turn::new()).expect("a move");
        let elapsed = t.elapsed().as_secs_f64();
        let info = choice.info.expect("search info");
        println!(
            "{spec:<52} {:>10} nodes/playouts in {elapsed:.2} s = {:>9.0}/s, depth {}, move {}",
            info.nodes,
            info.nodes as f64 / elapsed,
            info.depth,
            position.format_move(choice.mv)
        );
    }
}
