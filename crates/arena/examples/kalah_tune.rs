//! Compares Kalah evaluators at a fixed search depth (deterministic, so the machine's load does
//! not matter): paired random openings, each side playing both colours, two threads.
//!
//! `cargo run --release -p poda-arena --example kalah_tune -- GAMES DEPTH A B [OPENING]`
//! where A and B are `store,side,extra,capture,threat` weight lists, `store-diff`, or
//! `alphabeta` (the seed bot: alpha-beta with the store difference at DEPTH); `X@D` plays X
//! at depth D instead; `X+x` extends extra turns; `spec:SPEC` is any agent spec (then DEPTH
//! does not apply).

use poda_arena::game::{play_game, random_opening, GameSetup};
use poda_core::{Agent, Evaluator, Player};
use poda_games::kalah::{shared_table, Kalah, Positional, StoreDiff, Weights};
use poda_search::agents::EngineAgent;
use poda_search::{Engine, EngineConfig, Limits};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

fn evaluator(text: &str) -> Arc<dyn Evaluator<Kalah>> {
    if text == "store-diff" {
        return Arc::new(StoreDiff);
    }
    let w: Vec<i64> = text
        .split(',')
        .map(|x| x.parse().expect("weights"))
        .collect();
    Arc::new(Positional::with_weights(
        shared_table(6, false),
        Weights {
            store: w[0],
            side: w[1],
            extra_turn: w[2],
            capture: w[3],
            threat: w[4],
        },
    ))
}

fn agent(text: &str, depth: u32) -> Box<dyn Agent<Kalah>> {
    // `NAME@D` overrides the depth for that side.
    if let Some((name, d)) = text.split_once('@') {
        return agent(name, d.parse().expect("a depth"));
    }
    if let Some(rest) = text.strip_prefix("spec:") {
        return poda_players::build_agent(&Kalah::default(), rest).expect("a spec");
    }
    if text == "alphabeta" {
        let spec = format!("alphabeta(depth={depth},eval=store-diff)");
        return poda_players::build_agent(&Kalah::default(), &spec).expect("a spec");
    }
    // `W+x`: the engine with extra turns extended.
    let (weights, extend) = match text.strip_suffix("+x") {
        Some(w) => (w, true),
        None => (text, false),
    };
    let config = EngineConfig {
        tt_mib: 16,
        extend_extra_turns: extend,
        ..EngineConfig::default()
    };
    Box::new(EngineAgent::new(
        text.to_string(),
        Engine::new(evaluator(weights), config),
        Limits::depth(depth),
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args[0].parse().expect("games");
    let depth: u32 = args[1].parse().expect("depth");
    let (a, b) = (args[2].clone(), args[3].clone());
    let opening: usize = args.get(4).map_or(4, |x| x.parse().expect("plies"));
    let start = Kalah::default();
    let next = AtomicUsize::new(0);
    let score = Mutex::new((0.0f64, 0usize, [0.0f64; 2]));
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let mut pa = agent(&a, depth);
                let mut pb = agent(&b, depth);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        return;
                    }
                    let setup = GameSetup {
                        index: i,
                        opening: random_opening(&start, opening, 1000 + (i / 2) as u64),
                        max_plies: None,
                        seed: i as u64,
                    };
                    let a_first = i % 2 == 0;
                    let record = if a_first {
                        play_game(
                            &start,
                            [pa.as_mut(), pb.as_mut()],
                            &setup,
                            &mut |_, _, _| {},
                        )
                    } else {
                        play_game(
                            &start,
                            [pb.as_mut(), pa.as_mut()],
                            &setup,
                            &mut |_, _, _| {},
                        )
                    };
                    let seat = if a_first {
                        Player::First
                    } else {
                        Player::Second
                    };
                    let points = record.outcome.points_for(seat);
                    let mut sc = score.lock().unwrap();
                    sc.0 += points;
                    sc.1 += 1;
                    sc.2[usize::from(!a_first)] += points;
                }
            });
        }
    });
    let (points, n, by_colour) = *score.lock().unwrap();
    println!(
        "{a} vs {b} depth {depth}: {points}/{n} = {:.1}% (as first {:.1}/{}, as second {:.1}/{})",
        100.0 * points / n as f64,
        by_colour[0],
        n.div_ceil(2),
        by_colour[1],
        n / 2
    );
}
