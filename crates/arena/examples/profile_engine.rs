//! A fixed workload for profilers (`perf record`, `valgrind --tool=callgrind`): the engine
//! (or plain alpha-beta with `ab`) on a few Connect 4 positions with the seed `lines`
//! evaluation, to depth 9, one fresh engine per position.
//! Run: `cargo run --release -p poda-arena --example profile_engine [ab]`.
use poda_core::Catalog;
use poda_games::connect4::Connect4;
use poda_search::alphabeta::{alphabeta, Variant};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::Limits;

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let eval = Connect4::default()
        .evaluator("lines")
        .expect("a seed evaluator");
    for moves in ["", "4453", "32164625", "274552224131661"] {
        let game = Connect4::from_moves(moves).expect("a legal position");
        let r = if which == "ab" {
            alphabeta(&game, 9, &*eval, Variant::FailSoft)
        } else {
            let config = EngineConfig {
                tt_mib: 16,
                ..EngineConfig::default()
            };
            Engine::new(eval.clone(), config).search(&game, &Limits::depth(9), None, &mut |_| {})
        };
        println!("{moves} {} {} {:?}", r.score, r.nodes, r.time);
    }
}
