//! poda's search against the `minimax` crate (0.6, crates.io), side by side in one run, on
//! poda's Connect 4 with the same evaluator (the seed report's 2s/3s counts, `lines`).
//!
//! - Their `Negamax` (plain alpha-beta) against our `alphabeta` (fail-soft, no ordering) at a
//!   fixed depth: the root values must be equal (asserted); times are compared.
//! - Their `IterativeSearch` (iterative deepening, two-tier table, null-window search) with a
//!   64 MiB table against our `Engine` (64 MiB table) at the same depth. Both reuse deeper
//!   table results, which may legitimately change a fixed-depth value, so values are printed
//!   and counted, and asserted equal to plain minimax only for our engine in its exact-depth
//!   mode.
//!
//! Each measurement is the median of `RUNS` runs; positions come from Pons' test sets.
//! Run: `cargo bench -p poda-arena --bench vs_minimax_crate`.

use minimax::{Game as MmGame, IterativeOptions, IterativeSearch, Negamax, Strategy, Winner};
use poda_core::{Catalog, Evaluator, Game, Outcome, Score};
use poda_games::connect4::Connect4;
use poda_search::alphabeta::{alphabeta, Variant};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::Limits;
use std::sync::Arc;
use std::time::{Duration, Instant};

const RUNS: usize = 5;
const DEPTH: u8 = 9;
const TABLE_MIB: usize = 64;
const POSITIONS: &[&str] = &[
    "",
    "4453",
    "32164625",
    "6146",
    "274552224131661",
    "5455174361263362",
];

/// poda's Connect 4 seen through the `minimax` crate's traits (copy-make).
struct C4;

impl MmGame for C4 {
    type S = Connect4;
    type M = u8;

    fn generate_moves(state: &Connect4, moves: &mut Vec<u8>) -> Option<Winner> {
        if let Some(w) = Self::get_winner(state) {
            return Some(w);
        }
        state.legal_moves(moves);
        None
    }

    fn apply(state: &mut Connect4, m: u8) -> Option<Connect4> {
        Some(state.after(m))
    }

    fn get_winner(state: &Connect4) -> Option<Winner> {
        match state.outcome() {
            Outcome::Ongoing => None,
            Outcome::Draw => Some(Winner::Draw),
            // The side to move never has a four: the player who just moved made it.
            Outcome::Win(_) => Some(Winner::PlayerJustMoved),
        }
    }

    fn zobrist_hash(state: &Connect4) -> u64 {
        state.hash()
    }
}

/// The same `lines` evaluator, from the side to move's view, in the crate's i16 range.
struct MmEval(Arc<dyn Evaluator<Connect4>>);

impl minimax::Evaluator for MmEval {
    type G = C4;
    fn evaluate(&self, s: &Connect4) -> minimax::Evaluation {
        self.0.evaluate(s, s.to_move()).clamp(-30_000, 30_000) as i16
    }
}

/// The node count in the crate's stats text ("Explored N nodes to depth D").
fn explored_nodes(stats: &str) -> u64 {
    stats
        .split("Explored ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Our score in the crate's terms: heuristic values as they are, decisive ones as +-inf.
fn comparable(s: Score) -> i32 {
    if s.is_win() {
        i16::MAX as i32
    } else if s.is_loss() {
        -(i16::MAX as i32)
    } else {
        s.value()
    }
}

fn main() {
    let eval = Connect4::default()
        .evaluator("lines")
        .expect("the seed evaluator");
    println!("depth {DEPTH}, median of {RUNS} runs per cell, table {TABLE_MIB} MiB\n");
    println!("| position | minimax::Negamax | poda alphabeta | ratio | minimax::IterativeSearch | poda engine | ratio | nodes (theirs / ours) | values (theirs / ours) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---|---|");
    let (mut ab_ratios, mut id_ratios) = (Vec::new(), Vec::new());
    let mut engine_value_agreements = 0;
    for &moves in POSITIONS {
        let game = Connect4::from_moves(moves).expect("a legal test position");
        let (mut theirs_ab, mut ours_ab, mut theirs_id, mut ours_id) =
            (vec![], vec![], vec![], vec![]);
        let (mut v_theirs_id, mut v_ours_id) = (0, 0);
        let (mut n_theirs_id, mut n_ours_id) = (0, 0);
        for _ in 0..RUNS {
            let mut negamax = Negamax::new(MmEval(eval.clone()), DEPTH);
            let t = Instant::now();
            negamax.choose_move(&game).expect("a move");
            theirs_ab.push(t.elapsed());
            let ours = alphabeta(&game, DEPTH as u32, &*eval, Variant::FailSoft);
            ours_ab.push(ours.time);
            assert_eq!(
                negamax.root_value() as i32,
                comparable(ours.score),
                "alpha-beta root values differ at '{moves}'"
            );

            let opts = IterativeOptions::new().with_table_byte_size(TABLE_MIB << 20);
            let mut iterative = IterativeSearch::new(MmEval(eval.clone()), opts);
            iterative.set_max_depth(DEPTH);
            let t = Instant::now();
            iterative.choose_move(&game).expect("a move");
            theirs_id.push(t.elapsed());
            v_theirs_id = iterative.root_value() as i32;
            n_theirs_id = explored_nodes(&iterative.stats(&mut game.clone()));
            let mut engine = Engine::new(
                eval.clone(),
                EngineConfig {
                    tt_mib: TABLE_MIB,
                    ..EngineConfig::default()
                },
            );
            let result = engine.search(&game, &Limits::depth(DEPTH as u32), None, &mut |_| {});
            ours_id.push(result.time);
            v_ours_id = comparable(result.score);
            n_ours_id = result.nodes;
        }
        // Our engine in exact-depth mode returns plain minimax's value (and so the crate's
        // alpha-beta value); checked once per position.
        let mut exact = Engine::new(
            eval.clone(),
            EngineConfig {
                exact_depth_tt: true,
                ..EngineConfig::default()
            },
        );
        let exact_value = exact
            .search(&game, &Limits::depth(DEPTH as u32), None, &mut |_| {})
            .score;
        assert_eq!(
            comparable(exact_value),
            comparable(alphabeta(&game, DEPTH as u32, &*eval, Variant::FailSoft).score)
        );
        if v_theirs_id == v_ours_id {
            engine_value_agreements += 1;
        }
        let (a, b, c, d) = (
            median(theirs_ab),
            median(ours_ab),
            median(theirs_id),
            median(ours_id),
        );
        ab_ratios.push(b.as_secs_f64() / a.as_secs_f64());
        id_ratios.push(d.as_secs_f64() / c.as_secs_f64());
        println!(
            "| `{}` | {:.2?} | {:.2?} | {:.2} | {:.2?} | {:.2?} | {:.2} | {n_theirs_id} / {n_ours_id} | {v_theirs_id} / {v_ours_id} |",
            if moves.is_empty() { "(start)" } else { moves },
            a,
            b,
            b.as_secs_f64() / a.as_secs_f64(),
            c,
            d,
            d.as_secs_f64() / c.as_secs_f64()
        );
    }
    let med = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "\nmedian time ratio poda/minimax: alpha-beta {:.2}, iterative+table {:.2}; engine root values equal on {}/{} positions",
        med(ab_ratios),
        med(id_ratios),
        engine_value_agreements,
        POSITIONS.len()
    );
}
