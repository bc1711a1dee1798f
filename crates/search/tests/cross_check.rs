//! Every search variant returns plain minimax's root value at the same depth, and its move is
//! one of the tied best, over random game graphs with transpositions and extra turns.

mod common;

use common::{RandomEval, TreeGame};
use poda_core::{Evaluator, Game, Outcome, Player, Score};
use poda_search::alphabeta::{alphabeta, Variant};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::minimax::minimax;
use poda_search::{Limits, SearchResult};
use proptest::prelude::*;
use std::sync::Arc;

/// An independent, obviously correct minimax: the value of `game` for `root`, `ply` plies
/// below the root.
fn reference(game: &TreeGame, depth: u32, ply: u32, root: Player, eval: &RandomEval) -> Score {
    match game.outcome() {
        Outcome::Win(p) if p == root => return Score::win_in(ply),
        Outcome::Win(_) => return Score::loss_in(ply),
        Outcome::Draw => return Score::DRAW,
        Outcome::Ongoing => {}
    }
    if depth == 0 {
        return Score::heuristic(eval.evaluate(game, root));
    }
    let values = game
        .legal_move_list()
        .into_iter()
        .map(|mv| reference(&game.after(mv), depth - 1, ply + 1, root, eval));
    if game.to_move() == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// Value of each root move for the root player.
fn move_values(game: &TreeGame, depth: u32, eval: &RandomEval) -> Vec<(u8, Score)> {
    game.legal_move_list()
        .into_iter()
        .map(|mv| {
            (
                mv,
                reference(&game.after(mv), depth - 1, 1, game.to_move(), eval),
            )
        })
        .collect()
}

fn engine_result(
    game: &TreeGame,
    depth: u32,
    eval: Arc<RandomEval>,
    config: EngineConfig,
) -> SearchResult<u8> {
    // A small table: these graphs are tiny, and filling 64 MiB per case would dominate.
    let config = EngineConfig {
        tt_mib: config.tt_mib.min(1),
        ..config
    };
    let mut engine = Engine::new(eval, config);
    engine.search(game, &Limits::depth(depth), None, &mut |_| {})
}

fn check(seed: u64, depth: u32, extra_turns: u64, zero_sum: bool, plies: u32) {
    let mut game = TreeGame::new(seed, 14, extra_turns);
    // Walk a few plies into the graph so roots vary.
    for i in 0..plies {
        let moves = game.legal_move_list();
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[(seed as usize + i as usize) % moves.len()]);
    }
    if game.outcome().is_over() {
        return;
    }
    let eval = Arc::new(RandomEval {
        salt: seed,
        zero_sum,
    });
    let reference = minimax(&game, depth, &*eval);
    let values = move_values(&game, depth, &eval);
    let best_value = values.iter().map(|&(_, v)| v).max().unwrap();
    assert_eq!(reference.score, best_value, "minimax vs the reference");

    let variants: Vec<(&str, SearchResult<u8>)> = vec![
        ("minimax", reference.clone()),
        (
            "alphabeta-hard",
            alphabeta(&game, depth, &*eval, Variant::FailHard),
        ),
        (
            "alphabeta-soft",
            alphabeta(&game, depth, &*eval, Variant::FailSoft),
        ),
        (
            "engine-exact-tt",
            engine_result(
                &game,
                depth,
                eval.clone(),
                EngineConfig {
                    exact_depth_tt: true,
                    ..EngineConfig::default()
                },
            ),
        ),
        (
            "engine-no-tt",
            engine_result(
                &game,
                depth,
                eval.clone(),
                EngineConfig {
                    tt_mib: 0,
                    ..EngineConfig::default()
                },
            ),
        ),
        (
            "engine-plain-negamax",
            engine_result(
                &game,
                depth,
                eval.clone(),
                EngineConfig {
                    tt_mib: 0,
                    killers: false,
                    history: false,
                    pvs: false,
                    iterative: false,
                    ..EngineConfig::default()
                },
            ),
        ),
        (
            "engine-random-ties",
            engine_result(
                &game,
                depth,
                eval.clone(),
                EngineConfig {
                    exact_depth_tt: true,
                    random_ties: Some(seed),
                    ..EngineConfig::default()
                },
            ),
        ),
    ];
    for (name, result) in variants {
        assert_eq!(
            result.score,
            reference.score,
            "{name}: seed {seed} depth {depth} at {}",
            game.board_string()
        );
        let mv = result.best.expect("a move");
        let v = values.iter().find(|&&(m, _)| m == mv).unwrap().1;
        assert_eq!(
            v, best_value,
            "{name}: move {mv} is not among the best {values:?}"
        );
        assert!(result.nodes >= 1);
        assert_eq!(
            result.pv.first(),
            Some(&mv),
            "{name}: pv starts with the move"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn all_variants_agree_with_minimax(seed in any::<u64>(), depth in 1u32..7, extra in prop_oneof![Just(0u64), Just(25u64)], zero_sum in any::<bool>(), plies in 0u32..4) {
        check(seed, depth, extra, zero_sum, plies);
    }
}

#[test]
fn pruning_saves_nodes() {
    let game = TreeGame::new(7, 14, 0);
    let eval = RandomEval {
        salt: 7,
        zero_sum: true,
    };
    let mm = minimax(&game, 7, &eval);
    let ab = alphabeta(&game, 7, &eval, Variant::FailSoft);
    assert_eq!(mm.score, ab.score);
    assert!(
        ab.nodes < mm.nodes,
        "alpha-beta {} vs minimax {}",
        ab.nodes,
        mm.nodes
    );
}
