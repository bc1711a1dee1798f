//! `poda explain`'s algorithms on every game: nodes of minimax, fail-hard and fail-soft
//! alpha-beta, alpha-beta with the engine's move ordering and the engine at depths 1..D, from
//! a few real positions of each game, against the uniform tree of the same branching factor
//! (1 + b + ... + b^d nodes, b being the d-th root of minimax's nodes at ply d) and Knuth and
//! Moore's minimal tree (the sum over plies k of b^ceil(k/2) + b^floor(k/2) - 1 nodes); then the cost of recording a trace (time with the
//! trace on and off). Every row asserts that the algorithms return minimax's root value (the
//! engine excepted in DesConecta-4, where it scores repetitions as draws).
//!
//! Run: `cargo bench -p poda-arena --bench explain_nodes` (release profile).

use poda_core::{notation::play_line, Catalog, Evaluator, Game};
use poda_games::{with_game, AnyGame};
use poda_search::trace::{run_untraced, trace_search, Algorithm};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Game, evaluator (empty: the default), positions, deepest depth.
const SUBJECTS: &[(&str, &str, &[&str], u32)] = &[
    ("connect4", "", &["", "4453", "444333"], 7),
    (
        "desconecta4boom",
        "",
        &["", "1234567123", "12345671234567"],
        6,
    ),
    ("hex(size=5)", "", &["", "c3", "c3b4"], 4),
    ("kalah", "", &["", "43612", "4312"], 8),
];

/// Runs of each timing; the median is kept.
const TIMING_RUNS: usize = 7;

fn main() {
    for &(spec, eval, positions, depth) in SUBJECTS {
        let any = AnyGame::parse(spec).expect("a valid game");
        with_game!(any, start => subject(&start, spec, eval, positions, depth));
    }
}

fn subject<G: Catalog>(start: &G, spec: &str, eval: &str, positions: &[&str], max_depth: u32) {
    let name = if eval.is_empty() {
        G::default_evaluator()
    } else {
        eval
    };
    let eval = start.evaluator(name).expect("a known evaluator");
    let games: Vec<G> = positions
        .iter()
        .map(|m| play_line(start, m).expect("a legal position").0)
        .collect();
    println!("\n### {spec} (evaluator {name}; totals over positions {positions:?})\n");
    println!("| depth | minimax | fail-hard | fail-soft | ordered | engine | b | uniform tree | minimal tree |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for depth in 1..=max_depth {
        let mut totals = [0u64; 5];
        let (mut b_sum, mut uniform, mut minimal) = (0.0, 0.0, 0.0);
        for game in &games {
            let minimax =
                trace_search(game, depth, &eval, Algorithm::Minimax, usize::MAX).expect("no cap");
            // b: the mean branching per ply, the d-th root of the nodes at ply d.
            let horizon = minimax
                .trace
                .nodes
                .iter()
                .filter(|n| n.ply == depth)
                .count();
            let b = (horizon as f64).powf(1.0 / depth as f64);
            b_sum += b;
            uniform += (0..=depth as i32).map(|k| b.powi(k)).sum::<f64>();
            minimal += (0..=depth as i32)
                .map(|k| b.powi((k + 1) / 2) + b.powi(k / 2) - 1.0)
                .sum::<f64>();
            for (k, algorithm) in Algorithm::ALL.into_iter().enumerate() {
                let r = run_untraced(game, depth, &eval, algorithm);
                let exempt = algorithm == Algorithm::Engine && game.max_plies().is_none();
                if !exempt {
                    assert_eq!(
                        r.score, minimax.result.score,
                        "{spec} depth {depth}: {algorithm} disagrees with minimax"
                    );
                }
                totals[k] += r.nodes;
            }
        }
        let b = b_sum / games.len() as f64;
        println!(
            "| {depth} | {} | {} | {} | {} | {} | {b:.2} | {uniform:.0} | {minimal:.0} |",
            totals[0], totals[1], totals[2], totals[3], totals[4]
        );
    }
    recording_cost(spec, &games[1], &eval, max_depth);
}

/// The median time of `f` over [`TIMING_RUNS`] runs.
fn median(mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..TIMING_RUNS)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[TIMING_RUNS / 2]
}

/// Time of each algorithm with the trace off and on, at the deepest depth whose minimax
/// trace has at most a million nodes, from the second position.
fn recording_cost<G: Game>(spec: &str, game: &G, eval: &Arc<dyn Evaluator<G>>, max_depth: u32) {
    println!("\nRecording cost, {spec}, position 2:\n");
    println!("| algorithm | depth | nodes | trace off | trace on | on / off |");
    println!("|---|---:|---:|---:|---:|---:|");
    for algorithm in Algorithm::ALL {
        let depth = (1..=max_depth)
            .rev()
            .find(|&d| run_untraced(game, d, eval, algorithm).nodes <= 1_000_000)
            .unwrap_or(1);
        let nodes = run_untraced(game, depth, eval, algorithm).nodes;
        let off = median(|| {
            run_untraced(game, depth, eval, algorithm);
        });
        let on = median(|| {
            trace_search(game, depth, eval, algorithm, usize::MAX).expect("no cap");
        });
        println!(
            "| {algorithm} | {depth} | {nodes} | {:.2} ms | {:.2} ms | {:.2} |",
            off.as_secs_f64() * 1000.0,
            on.as_secs_f64() * 1000.0,
            on.as_secs_f64() / off.as_secs_f64()
        );
    }
}
