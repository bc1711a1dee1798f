//! An iteration cut short by a limit (here a node budget, which is deterministic) may change
//! the engine's move only to one that is better at the new depth: the engine's move is the
//! last completed iteration's best, or a move whose minimax value one ply deeper is strictly
//! higher than that move's.

mod common;

use common::{RandomEval, TreeGame};
use poda_core::{Game, Score};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::minimax::minimax;
use poda_search::Limits;
use proptest::prelude::*;
use std::sync::Arc;

/// Exact-depth table: every value the engine computes is plain minimax's at that depth.
fn engine(eval: Arc<RandomEval>) -> Engine<TreeGame> {
    Engine::new(
        eval,
        EngineConfig {
            tt_mib: 1,
            exact_depth_tt: true,
            ..EngineConfig::default()
        },
    )
}

/// Minimax value of `mv` at `depth` for the side to move at `game` (no extra turns here, so
/// the child's side to move is always the opponent).
fn value_of(game: &TreeGame, mv: u8, depth: u32, eval: &RandomEval) -> Score {
    -minimax(&game.after(mv), depth - 1, eval).score
}

fn check(seed: u64, budget: u64) -> Result<(), TestCaseError> {
    let game = TreeGame::new(seed, 12, 0);
    let eval = Arc::new(RandomEval {
        salt: seed,
        zero_sum: true,
    });
    let cut = engine(eval.clone()).search(&game, &Limits::nodes(budget), None, &mut |_| {});
    let done = cut.depth;
    prop_assume!((1..10).contains(&done));
    let last = engine(eval.clone()).search(&game, &Limits::depth(done), None, &mut |_| {});
    let (chosen, previous) = (cut.best.unwrap(), last.best.unwrap());
    if chosen != previous {
        let deeper = done + 1;
        let (a, b) = (
            value_of(&game, chosen, deeper, &eval),
            value_of(&game, previous, deeper, &eval),
        );
        prop_assert!(
            a > b,
            "seed {seed} budget {budget}: {chosen} ({a:?}) replaced {previous} ({b:?}) at depth {deeper}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn a_cut_iteration_only_changes_the_move_for_a_better_one(seed in any::<u64>(), budget in 50u64..5000) {
        check(seed, budget)?;
    }
}

/// The rule above is not vacuous: over many budgets, some cut iterations do change the move.
#[test]
fn cut_iterations_do_change_the_move_sometimes() {
    let mut changed = 0;
    for seed in 0..200u64 {
        let game = TreeGame::new(seed, 12, 0);
        let eval = Arc::new(RandomEval {
            salt: seed,
            zero_sum: true,
        });
        for budget in [300u64, 1000, 3000] {
            let cut = engine(eval.clone()).search(&game, &Limits::nodes(budget), None, &mut |_| {});
            if cut.depth == 0 {
                continue;
            }
            let last =
                engine(eval.clone()).search(&game, &Limits::depth(cut.depth), None, &mut |_| {});
            changed += usize::from(cut.best != last.best);
        }
    }
    assert!(changed > 0, "no cut iteration changed the move");
}
