//! The fixed-depth agents (minimax, alpha-beta) honour the stop flag of their turn: a search
//! far too deep to finish answers a legal move once the flag is set, and a search whose flag
//! is never set is unchanged (same move, score and node count).

mod common;

use common::{RandomEval, TreeGame};
use poda_core::{Agent, Evaluator, Game, Spec, SpecError, Turn};
use poda_search::agents::build_generic;
use poda_search::alphabeta::{alphabeta, alphabeta_until, Variant};
use poda_search::minimax::{minimax, minimax_until};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn eval() -> Arc<RandomEval> {
    Arc::new(RandomEval {
        salt: 7,
        zero_sum: true,
    })
}

fn agent(spec: &str) -> Box<dyn Agent<TreeGame>> {
    let lookup = |_: &str| -> Result<Arc<dyn Evaluator<TreeGame>>, SpecError> { Ok(eval()) };
    build_generic(&Spec::parse(spec).unwrap(), &lookup, "random-eval")
        .unwrap()
        .unwrap()
}

#[test]
fn a_stopped_fixed_depth_search_still_moves() {
    let game = TreeGame::new(3, 200, 0);
    for spec in ["minimax(depth=40)", "alphabeta(depth=60)"] {
        let stop = Arc::new(AtomicBool::new(false));
        let setter = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                stop.store(true, Ordering::Relaxed);
            })
        };
        let mut a = agent(spec);
        let mut turn = Turn {
            stop: Some(&stop),
            ..Turn::new()
        };
        let choice = a.choose(&game, &mut turn).unwrap();
        assert!(game.is_legal(choice.mv), "{spec}");
        setter.join().unwrap();
    }
}

#[test]
fn an_unset_flag_changes_nothing() {
    let game = TreeGame::new(5, 30, 20);
    let eval = eval();
    let flag = AtomicBool::new(false);
    let plain = minimax(&game, 5, &*eval);
    let with_flag = minimax_until(&game, 5, &*eval, Some(&flag));
    assert_eq!(
        (plain.best, plain.score, plain.nodes),
        (with_flag.best, with_flag.score, with_flag.nodes)
    );
    for v in [Variant::FailHard, Variant::FailSoft] {
        let plain = alphabeta(&game, 7, &*eval, v);
        let with_flag = alphabeta_until(&game, 7, &*eval, v, Some(&flag));
        assert_eq!(
            (plain.best, plain.score, plain.nodes),
            (with_flag.best, with_flag.score, with_flag.nodes)
        );
    }
    // Set from the start: the search gives up at its first look at the flag.
    let set = AtomicBool::new(true);
    let r = minimax_until(&game, 30, &*eval, Some(&set));
    assert!(r.nodes <= 2048, "{} nodes after the stop", r.nodes);
}
