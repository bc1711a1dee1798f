//! Fits the weights of Kalah's positional evaluator to exact values: positions from engine
//! self-play (random openings) with few enough seeds left are solved exactly, and the future
//! margin (final store difference minus the current one, for the side to move) is regressed
//! on the evaluator's terms by least squares.
//!
//! `cargo run --release -p poda-arena --example kalah_fit -- POSITIONS MIN_SEEDS MAX_SEEDS`

use poda_core::{Game, Rng};
use poda_games::kalah::{Board, Kalah};
use poda_search::{Engine, EngineConfig, Limits};
use poda_solve::kalah::{KalahSolver, SolverConfig};
use std::sync::Arc;

/// The evaluator's terms for the side to move (the store difference is not among them: the
/// target is the future margin).
fn features(b: &Board) -> Vec<f64> {
    let (own, opp) = b.side_seeds();
    let tempo = |board: &Board| {
        let mut extra = 0.0;
        let mut capture = 0.0f64;
        for k in 1..=board.pits() {
            if board.own_pit(k) == 0 {
                continue;
            }
            if board.gives_extra_turn(k) {
                extra += 1.0;
            } else {
                capture = capture.max(board.capture_size(k, false) as f64);
            }
        }
        (extra, capture)
    };
    let (extra, capture) = tempo(b);
    let mut other = *b;
    other.turn_round();
    let (opp_extra, threat) = tempo(&other);
    vec![
        own as f64 - opp as f64,
        extra,
        capture,
        threat,
        opp_extra,
        1.0,
    ]
}

const NAMES: [&str; 6] = ["side", "extra", "capture", "threat", "opp_extra", "const"];

fn solve_normal_equations(rows: &[(Vec<f64>, f64)]) -> Vec<f64> {
    let n = rows[0].0.len();
    let mut a = vec![vec![0.0; n + 1]; n];
    for (x, y) in rows {
        for i in 0..n {
            for j in 0..n {
                a[i][j] += x[i] * x[j];
            }
            a[i][n] += x[i] * y;
        }
    }
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .unwrap();
        a.swap(col, pivot);
        for row in 0..n {
            if row != col {
                let f = a[row][col] / a[col][col];
                for k in col..=n {
                    a[row][k] -= f * a[col][k];
                }
            }
        }
    }
    (0..n).map(|i| a[i][n] / a[i][i]).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args[0].parse().unwrap();
    let min_seeds: u32 = args[1].parse().unwrap();
    let max_seeds: u32 = args[2].parse().unwrap();
    let start = Kalah::default();
    let eval = start_eval(&start);
    let mut engine = Engine::new(
        eval,
        EngineConfig {
            tt_mib: 16,
            random_ties: Some(1),
            ..EngineConfig::default()
        },
    );
    let mut solver = KalahSolver::new(
        &start,
        &SolverConfig {
            tt_mib: 256,
            ..SolverConfig::default()
        },
    )
    .unwrap();
    let mut rng = Rng::new(77);
    let mut rows = Vec::new();
    while rows.len() < count {
        let mut game = start;
        for _ in 0..4 {
            let moves = game.legal_move_list();
            game.play_unchecked(moves[rng.index(moves.len())]);
        }
        engine.new_game(rng.next_u64());
        while !game.outcome().is_over() && game.board().seeds_in_pits() >= min_seeds {
            let seeds = game.board().seeds_in_pits();
            if seeds <= max_seeds && rng.below(3) == 0 {
                let exact = solver.solve(&game) - game.board().margin();
                rows.push((features(game.board()), exact as f64));
            }
            let r = engine.search(&game, &Limits::depth(6), None, &mut |_| {});
            game.play_unchecked(r.best.unwrap());
        }
    }
    let w = solve_normal_equations(&rows);
    let mean = rows.iter().map(|r| r.1).sum::<f64>() / rows.len() as f64;
    let residual: f64 = rows
        .iter()
        .map(|(x, y)| {
            let p: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            (p - y).powi(2)
        })
        .sum::<f64>()
        / rows.len() as f64;
    let variance: f64 = rows.iter().map(|r| (r.1 - mean).powi(2)).sum::<f64>() / rows.len() as f64;
    println!(
        "{} positions with {min_seeds}..={max_seeds} seeds; future margin variance {variance:.2}, residual {residual:.2}",
        rows.len()
    );
    for (name, v) in NAMES.iter().zip(&w) {
        println!("  {name:<10} {:+.1} (x100)", v * 100.0);
    }
}

fn start_eval(start: &Kalah) -> Arc<dyn poda_core::Evaluator<Kalah>> {
    use poda_core::Catalog;
    start.evaluator("positional").unwrap()
}
