//! The search trace tells the truth about the search: one node per counted node, the same
//! result as the untraced search, the root's value and principal variation, pruned children
//! never visited, MAX and MIN as the side to move says (extra turns included), and values
//! that obey minimax and the windows; on random game graphs with transpositions and extra
//! turns.

mod common;

use common::{RandomEval, TreeGame};
use poda_core::{Evaluator, Game};
use poda_search::trace::{run_untraced, trace_search, Algorithm, TooLarge, Trace};
use proptest::prelude::*;
use std::sync::Arc;

fn position(seed: u64, extra_turns: u64, plies: u32) -> TreeGame {
    let mut game = TreeGame::new(seed, 12, extra_turns);
    for i in 0..plies {
        let moves = game.legal_move_list();
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[(seed as usize + i as usize) % moves.len()]);
    }
    game
}

/// The position of every node, by replaying its path from the root.
fn positions(root: &TreeGame, trace: &Trace<u8>) -> Vec<TreeGame> {
    let mut out: Vec<TreeGame> = Vec::with_capacity(trace.nodes.len());
    for n in &trace.nodes {
        let game = match (n.parent, n.mv) {
            (Some(p), Some(mv)) => out[p].after(mv),
            _ => root.clone(),
        };
        out.push(game);
    }
    out
}

fn check(seed: u64, depth: u32, extra: u64, zero_sum: bool, plies: u32) {
    let game = position(seed, extra, plies);
    if game.outcome().is_over() {
        return;
    }
    let eval: Arc<dyn Evaluator<TreeGame>> = Arc::new(RandomEval {
        salt: seed,
        zero_sum,
    });
    let reference = run_untraced(&game, depth, &eval, Algorithm::Minimax).score;
    for algorithm in Algorithm::ALL {
        let plain = run_untraced(&game, depth, &eval, algorithm);
        let traced = trace_search(&game, depth, &eval, algorithm, 1_000_000).unwrap();
        let (r, t) = (&traced.result, &traced.trace);
        let name = format!("{algorithm} seed {seed} depth {depth}");
        // Tracing changes nothing.
        assert_eq!(
            (r.score, r.best, r.nodes, &r.pv),
            (plain.score, plain.best, plain.nodes, &plain.pv),
            "{name}"
        );
        assert_eq!(r.score, reference, "{name}: value differs from minimax");
        assert_eq!(t.nodes.len() as u64, r.nodes, "{name}: one node per count");
        let root = t.final_root().unwrap();
        assert_eq!(t.nodes[root].value, r.score, "{name}: root value");
        assert_eq!(t.pv_moves(), r.pv, "{name}: principal variation");
        assert_eq!(t.pv_moves().first(), r.best.as_ref(), "{name}: move");

        let children = t.children();
        let states = positions(&game, t);
        for (i, n) in t.nodes.iter().enumerate() {
            assert_eq!(
                n.max,
                states[i].to_move() == game.to_move(),
                "{name}: MAX at {i}"
            );
            assert_eq!(n.terminal, states[i].outcome().is_over());
            if let Some(p) = n.parent {
                assert_eq!(n.ply, t.nodes[p].ply + 1);
            }
            for mv in &n.pruned {
                assert!(
                    children[i].iter().all(|&c| t.nodes[c].mv != Some(*mv)),
                    "{name}: pruned move {mv} of node {i} was visited"
                );
            }
            assert_eq!(
                n.cutoff,
                !n.pruned.is_empty(),
                "{name}: cut and pruned at {i}"
            );
            if n.cutoff {
                // Every move of the node was either searched or pruned, once.
                let searched: std::collections::HashSet<u8> =
                    children[i].iter().filter_map(|&c| t.nodes[c].mv).collect();
                let mut all: Vec<u8> = searched.iter().copied().chain(n.pruned.clone()).collect();
                all.sort();
                let mut legal = states[i].legal_move_list();
                legal.sort();
                assert_eq!(all, legal, "{name}: moves of node {i}");
            }
            if let Some(b) = n.best {
                assert_eq!(t.nodes[b].parent, Some(i), "{name}: best is a child");
            }
            let inner = !children[i].is_empty() && n.table.is_none();
            if algorithm == Algorithm::Minimax && inner {
                // Minimax: a node's value is the max (or min) of its children's.
                let values = children[i].iter().map(|&c| t.nodes[c].value);
                let expected = if n.max {
                    values.max().unwrap()
                } else {
                    values.min().unwrap()
                };
                assert_eq!(n.value, expected, "{name}: node {i}");
                assert!(!n.cutoff);
            }
            if algorithm == Algorithm::AlphaBetaHard {
                assert!(
                    n.alpha <= n.value && n.value <= n.beta,
                    "{name}: fail-hard node {i} returned {} outside [{}, {}]",
                    n.value,
                    n.alpha,
                    n.beta
                );
            }
            if n.leaf.is_some() && algorithm != Algorithm::AlphaBetaHard {
                assert_eq!(n.leaf, Some(n.value), "{name}: leaf {i}");
            }
            // A cut-off: the node's value reached the bound it could not pass.
            if n.cutoff && algorithm != Algorithm::AlphaBetaHard {
                if n.max {
                    assert!(n.value >= n.beta, "{name}: MAX cut at {i}");
                } else {
                    assert!(n.value <= n.alpha, "{name}: MIN cut at {i}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn traces_tell_the_truth(seed in any::<u64>(), depth in 1u32..6, extra in prop_oneof![Just(0u64), Just(30u64)], zero_sum in any::<bool>(), plies in 0u32..3) {
        check(seed, depth, extra, zero_sum, plies);
    }
}

#[test]
fn extra_turns_show_max_under_max() {
    // Over a few graphs with many extra turns, some MAX node has a MAX child and some MIN
    // node a MIN child: no forced alternation.
    let (mut max_max, mut min_min) = (0, 0);
    for seed in 0..20 {
        let game = TreeGame::new(seed, 10, 40);
        let eval: Arc<dyn Evaluator<TreeGame>> = Arc::new(RandomEval {
            salt: seed,
            zero_sum: true,
        });
        let t = trace_search(&game, 4, &eval, Algorithm::Minimax, 100_000)
            .unwrap()
            .trace;
        for n in &t.nodes {
            if let Some(p) = n.parent {
                let parent = &t.nodes[p];
                max_max += usize::from(parent.max && n.max);
                min_min += usize::from(!parent.max && !n.max);
            }
        }
    }
    assert!(max_max > 0 && min_min > 0, "{max_max} {min_min}");
}

#[test]
fn the_cap_stops_a_search_that_is_too_large() {
    let game = TreeGame::new(3, 14, 0);
    let eval: Arc<dyn Evaluator<TreeGame>> = Arc::new(RandomEval {
        salt: 3,
        zero_sum: true,
    });
    for algorithm in Algorithm::ALL {
        let full = run_untraced(&game, 6, &eval, algorithm).nodes as usize;
        assert!(full > 10);
        assert_eq!(
            trace_search(&game, 6, &eval, algorithm, full - 1).unwrap_err(),
            TooLarge { cap: full - 1 }
        );
        assert_eq!(
            trace_search(&game, 6, &eval, algorithm, full)
                .unwrap()
                .trace
                .nodes
                .len(),
            full
        );
    }
}

#[test]
fn engine_marks_table_hits_and_re_searches() {
    // Over some graphs (with transpositions), the engine's trace shows table hits, null-window
    // probes and re-searches, each re-search right after its probe of the same move.
    let (mut hits, mut probes, mut researches) = (0, 0, 0);
    for seed in 0..40 {
        let game = TreeGame::new(seed, 12, 0);
        let eval: Arc<dyn Evaluator<TreeGame>> = Arc::new(RandomEval {
            salt: seed,
            zero_sum: true,
        });
        let traced = trace_search(&game, 6, &eval, Algorithm::Engine, 1_000_000).unwrap();
        let t = &traced.trace;
        let children = t.children();
        for (i, n) in t.nodes.iter().enumerate() {
            hits += usize::from(n.table.is_some());
            probes += usize::from(n.null_window);
            if n.research {
                researches += 1;
                let siblings = &children[n.parent.unwrap()];
                let at = siblings.iter().position(|&c| c == i).unwrap();
                let probe = &t.nodes[siblings[at - 1]];
                assert_eq!(probe.mv, n.mv);
                assert!(probe.null_window && !n.null_window);
            }
        }
        // One root per iteration (fewer than 6 when a win or loss is proven early).
        let roots = t.roots();
        assert_eq!(roots.len() as u32, traced.result.depth);
        assert!(roots
            .iter()
            .enumerate()
            .all(|(d, &r)| t.nodes[r].depth == d as u32 + 1));
    }
    assert!(
        hits > 0 && probes > 0 && researches > 0,
        "{hits} {probes} {researches}"
    );
}
