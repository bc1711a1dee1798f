//! The engine's transposition table is made by the first `new_game` or search, not when the
//! engine is built: checking an agent spec (the protocol's `param_poda agent`, a tournament's
//! `--resume`) builds agents it never plays, and building `engine(tt=16384)` used to write
//! 16 GiB (found by the fuzz targets `engine_session` and `agent_spec`).

mod common;

use common::{RandomEval, TreeGame};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::Limits;
use std::sync::Arc;

fn eval() -> Arc<RandomEval> {
    Arc::new(RandomEval {
        salt: 1,
        zero_sum: true,
    })
}

#[test]
fn building_an_engine_makes_no_table() {
    // 64 GiB, the most a spec accepts: made now, it would not fit in memory.
    let config = EngineConfig {
        tt_mib: 1 << 16,
        ..EngineConfig::default()
    };
    let engine = Engine::<TreeGame>::new(eval(), config);
    assert!(!engine.has_table());
}

#[test]
fn new_game_or_the_first_search_makes_it() {
    let config = EngineConfig {
        tt_mib: 1,
        ..EngineConfig::default()
    };
    let mut engine = Engine::new(eval(), config.clone());
    engine.new_game(3);
    assert!(engine.has_table());

    let game = TreeGame::new(5, 6, 0);
    let mut searched = Engine::new(eval(), config.clone());
    let lazy = searched.search(&game, &Limits::depth(4), None, &mut |_| {});
    assert!(searched.has_table());
    // Same result as an engine whose table was made before the search.
    let mut eager = Engine::new(eval(), config);
    eager.new_game(0);
    let made = eager.search(&game, &Limits::depth(4), None, &mut |_| {});
    assert_eq!(
        (lazy.best, lazy.score, lazy.nodes),
        (made.best, made.score, made.nodes)
    );

    let no_table = EngineConfig {
        tt_mib: 0,
        ..EngineConfig::default()
    };
    let mut without = Engine::new(eval(), no_table);
    without.new_game(0);
    assert!(!without.has_table());
}
