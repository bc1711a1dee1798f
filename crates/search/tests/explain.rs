//! An explanation runs each algorithm once with a recorder and agrees with the traces made
//! one by one; its node cap and its stop flag end a search with the error that says so; the
//! command line's algorithm lists parse as documented.

mod common;

use common::{RandomEval, TreeGame};
use poda_core::{Evaluator, Game, Player};
use poda_search::trace::explain::{explain, ExplainError, ExplainOptions};
use poda_search::trace::{run_untraced, trace_search, trace_search_until, Algorithm, Interrupted};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// Sets a stop flag at its `after`-th evaluation (a page that goes away mid-search).
struct StopAfter {
    inner: RandomEval,
    calls: AtomicUsize,
    after: usize,
    stop: Arc<AtomicBool>,
}

impl Evaluator<TreeGame> for StopAfter {
    fn name(&self) -> &str {
        "stop-after"
    }
    fn evaluate(&self, state: &TreeGame, player: Player) -> i64 {
        if self.calls.fetch_add(1, Ordering::Relaxed) + 1 == self.after {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.inner.evaluate(state, player)
    }
}

fn eval(seed: u64) -> Arc<dyn Evaluator<TreeGame>> {
    Arc::new(RandomEval {
        salt: seed,
        zero_sum: true,
    })
}

fn options(depth: u32, max_nodes: usize) -> ExplainOptions {
    ExplainOptions {
        depth,
        max_nodes,
        stop: Arc::new(AtomicBool::new(false)),
    }
}

#[test]
fn an_explanation_holds_each_algorithms_trace() {
    for seed in 0..10 {
        let game = TreeGame::new(seed, 10, 1);
        let eval = eval(seed);
        let e = explain(&game, &[], &eval, &Algorithm::ALL, &options(4, 1_000_000)).unwrap();
        assert_eq!(e.panels.len(), Algorithm::ALL.len());
        assert_eq!(e.depth, 4);
        assert_eq!(e.root_player, game.to_move());
        for (p, &algorithm) in e.panels.iter().zip(&Algorithm::ALL) {
            let alone = trace_search(&game, 4, &eval, algorithm, 1_000_000).unwrap();
            assert_eq!(p.algorithm, algorithm);
            assert_eq!(p.nodes, alone.result.nodes);
            assert_eq!(p.trace.nodes.len(), alone.trace.nodes.len());
            assert_eq!(p.value, alone.result.score);
            assert_eq!(p.paths.len(), p.trace.nodes.len());
            assert_eq!(p.paths[p.root()], "", "the root's path is empty");
            assert!(p.on_pv[p.root()]);
            assert_eq!(p.cutoffs, alone.trace.cutoffs());
        }
        // Minimax is the oracle: every algorithm returned its value (the tree has no cycles).
        assert!(e.panels.iter().all(|p| p.value == e.panels[0].value));
    }
}

#[test]
fn algorithm_lists_parse_as_the_command_line_takes_them() {
    use Algorithm::*;
    assert_eq!(
        Algorithm::parse_list("minimax, alphabeta,minimax").unwrap(),
        vec![Minimax, AlphaBetaHard]
    );
    assert_eq!(
        Algorithm::parse_list("engine,all").unwrap(),
        vec![Engine, Minimax, AlphaBetaHard, AlphaBetaSoft, Ordered]
    );
    assert_eq!(
        Algorithm::parse_list("alphabeta-hard").unwrap(),
        vec![AlphaBetaHard]
    );
    let e = Algorithm::parse_list("negamax").unwrap_err();
    assert!(e.contains("unknown algorithm 'negamax'"), "{e}");
    assert!(Algorithm::parse_list(" , ")
        .unwrap_err()
        .contains("no algorithm"));
}

#[test]
fn the_cap_and_a_finished_game_are_errors() {
    let game = TreeGame::new(3, 14, 0);
    let nodes = |a| run_untraced(&game, 8, &eval(3), a).nodes as usize;
    let (alphabeta, minimax) = (nodes(Algorithm::AlphaBetaHard), nodes(Algorithm::Minimax));
    assert!(alphabeta < minimax - 1, "{alphabeta} {minimax}");
    // Alpha-beta fits, minimax does not: the error names minimax.
    let e = explain(
        &game,
        &[],
        &eval(3),
        &[Algorithm::AlphaBetaHard, Algorithm::Minimax],
        &options(8, minimax - 1),
    );
    assert_eq!(
        e.err(),
        Some(ExplainError::TooLarge {
            algorithm: Algorithm::Minimax,
            depth: 8,
            cap: minimax - 1
        })
    );
    let e = explain(
        &game,
        &[],
        &eval(3),
        &[Algorithm::Minimax],
        &options(8, minimax),
    );
    assert_eq!(e.unwrap().panels[0].trace.nodes.len(), minimax);
    let mut over = TreeGame::new(5, 12, 0);
    while !over.outcome().is_over() {
        let mv = over.legal_move_list()[0];
        over.play_unchecked(mv);
    }
    let e = explain(
        &over,
        &[],
        &eval(5),
        &[Algorithm::Minimax],
        &options(3, 100),
    );
    assert!(matches!(e.err(), Some(ExplainError::GameOver { .. })));
}

#[test]
fn a_stop_flag_ends_the_search_at_once() {
    let game = TreeGame::new(7, 14, 0);
    for algorithm in Algorithm::ALL {
        let stop = Arc::new(AtomicBool::new(false));
        let counter = Arc::new(StopAfter {
            inner: RandomEval {
                salt: 7,
                zero_sum: true,
            },
            calls: AtomicUsize::new(0),
            after: 20,
            stop: stop.clone(),
        });
        let eval: Arc<dyn Evaluator<TreeGame>> = counter.clone();
        let got = trace_search_until(&game, 10, &eval, algorithm, 1_000_000, stop.clone());
        assert_eq!(got.err(), Some(Interrupted::Stopped), "{algorithm}");
        // Within a few nodes of the 20th leaf, far from the whole tree.
        assert!(counter.calls.load(Ordering::Relaxed) < 30, "{algorithm}");
        let e = explain(
            &game,
            &[],
            &eval,
            &[algorithm],
            &ExplainOptions {
                depth: 10,
                max_nodes: 1_000_000,
                stop,
            },
        );
        assert_eq!(e.err(), Some(ExplainError::Stopped), "{algorithm}");
    }
    // Without the flag, the same search finishes.
    let stop = Arc::new(AtomicBool::new(false));
    assert!(trace_search_until(&game, 4, &eval(7), Algorithm::Minimax, 1_000_000, stop).is_ok());
}
