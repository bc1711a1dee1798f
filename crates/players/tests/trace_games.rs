//! `poda explain`'s traces on every game: on 200 random positions per game (and misère
//! Connect 4), each algorithm's trace has one node per counted node, its root value and
//! principal variation are the algorithm's own result, tracing changes nothing, pruned moves
//! are never visited, MAX and MIN follow the side to move, and the algorithms agree on the
//! root value (the engine too, except for repetitions in games that can cycle).

use poda_core::{Catalog, Evaluator, Game, Rng};
use poda_games::{with_game, AnyGame};
use poda_search::trace::{run_untraced, trace_search, Algorithm};
use std::sync::Arc;

/// Positions per game.
const POSITIONS: usize = 200;

fn random_position<G: Game>(start: &G, rng: &mut Rng, max_plies: u64) -> G {
    loop {
        let mut game = start.clone();
        for _ in 0..rng.below(max_plies) {
            let moves = game.legal_move_list();
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.index(moves.len())]);
        }
        if !game.outcome().is_over() {
            return game;
        }
    }
}

/// Checks one position at one depth; returns how many nodes were traced.
fn check_position<G: Game>(
    game: &G,
    depth: u32,
    eval: &Arc<dyn Evaluator<G>>,
    what: &str,
) -> usize {
    let mut traced_nodes = 0;
    let mut minimax_value = None;
    for algorithm in Algorithm::ALL {
        let name = format!("{what} {algorithm} depth {depth}");
        let plain = run_untraced(game, depth, eval, algorithm);
        let traced = trace_search(game, depth, eval, algorithm, 1_000_000).unwrap();
        let (r, t) = (&traced.result, &traced.trace);
        assert_eq!(
            (r.score, r.best, r.nodes, &r.pv),
            (plain.score, plain.best, plain.nodes, &plain.pv),
            "{name}: tracing changed the search"
        );
        assert_eq!(t.nodes.len() as u64, r.nodes, "{name}: node count");
        let root = t.final_root().unwrap();
        assert_eq!(t.nodes[root].value, r.score, "{name}: root value");
        assert_eq!(t.pv_moves(), r.pv, "{name}: principal variation");
        assert_eq!(t.pv_moves().first(), r.best.as_ref(), "{name}: move");
        let children = t.children();
        let mut states: Vec<G> = Vec::with_capacity(t.nodes.len());
        for (i, n) in t.nodes.iter().enumerate() {
            let state = match (n.parent, n.mv) {
                (Some(p), Some(mv)) => states[p].after(mv),
                _ => game.clone(),
            };
            assert_eq!(
                n.max,
                state.to_move() == game.to_move(),
                "{name}: MAX at {i}"
            );
            for mv in &n.pruned {
                assert!(
                    children[i].iter().all(|&c| t.nodes[c].mv != Some(*mv)),
                    "{name}: a pruned move of node {i} was visited"
                );
            }
            states.push(state);
        }
        match algorithm {
            Algorithm::Minimax => minimax_value = Some(r.score),
            // Repetitions are draws for the engine only, in games that can cycle.
            Algorithm::Engine if game.max_plies().is_none() => {}
            _ => assert_eq!(Some(r.score), minimax_value, "{name}: differs from minimax"),
        }
        traced_nodes += t.nodes.len();
    }
    traced_nodes
}

/// `eval`: an evaluator name, or `None` for the game's default.
fn check_game(spec: &str, eval: Option<&str>, max_depth: u32, max_plies: u64, seed: u64) {
    let any = AnyGame::parse(spec).unwrap();
    with_game!(any, start => {
        let eval = start.evaluator(eval.unwrap_or(default_name(&start))).unwrap();
        let mut rng = Rng::new(seed);
        let mut total = 0;
        for k in 0..POSITIONS {
            let game = random_position(&start, &mut rng, max_plies);
            let depth = 1 + (k as u32 % max_depth);
            total += check_position(&game, depth, &eval, &format!("{spec} #{k} {}", game.board_string()));
        }
        assert!(total > POSITIONS * 5, "{spec}: {total} nodes traced");
    });
}

/// The default evaluator's name of `G`.
fn default_name<G: Catalog>(_: &G) -> &'static str {
    G::default_evaluator()
}

#[test]
fn connect4_traces() {
    check_game("connect4", None, 4, 30, 1);
}

#[test]
fn misere_connect4_traces() {
    check_game("misere(connect4)", None, 4, 30, 2);
}

#[test]
fn desconecta_traces() {
    // Up to 40 random plies, so bombs (rounds 5, 10, ...) and BOOMs are on the board.
    check_game("desconecta4boom", None, 3, 40, 3);
}

#[test]
fn kalah_traces() {
    check_game("kalah", None, 4, 30, 4);
}

#[test]
fn hex_traces() {
    // The seed report's shortest-path evaluator: the default (two-distance) is slow enough
    // to make this test take seconds.
    check_game("hex(size=4)", Some("shortest-path"), 3, 8, 5);
}
