//! Search on Kalah, where extra turns keep the same player to move and one position can be
//! reached at different plies: every variant (the engine in its exact-depth table mode with
//! each switch on and off, alpha-beta fail-hard and fail-soft) returns the value of an
//! independent plain minimax, and a move among the tied best; with extra turns extended (the
//! engine's `extend=true`, used by `best`), the value of the same recursion with that depth
//! rule. Then Kalah's agents.

use poda_core::{Evaluator, Game, Outcome, Player, Rng, Score, Turn};
use poda_games::kalah::Kalah;
use poda_players::build_agent;
use poda_search::alphabeta::{alphabeta, Variant};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::minimax::minimax;
use poda_search::{Limits, SearchResult};
use std::sync::Arc;

/// A deterministic pseudo-random zero-sum evaluator with many ties, plus the store
/// difference so that values are not pure noise.
struct HashEval;

impl Evaluator<Kalah> for HashEval {
    fn name(&self) -> &str {
        "hash"
    }
    fn evaluate(&self, state: &Kalah, player: Player) -> i64 {
        let mut x = state.hash() ^ 0xA5A5;
        let noise = (poda_core::splitmix64(&mut x) % 9) as i64 - 4;
        let v = noise + 3 * state.store_difference(Player::First) as i64;
        if player == Player::First {
            v
        } else {
            -v
        }
    }
}

/// An obviously correct minimax: the value of `game` for `root`, `ply` plies below the root.
fn reference(game: &Kalah, depth: u32, ply: u32, root: Player) -> Score {
    reference_with(game, depth, ply, root, false)
}

/// [`reference`], and with `extend` a move after which the same player moves again costs no
/// depth (the engine's `extend=true`; chains end because every extra turn puts a seed in a
/// store).
fn reference_with(game: &Kalah, depth: u32, ply: u32, root: Player, extend: bool) -> Score {
    match game.outcome() {
        Outcome::Win(p) if p == root => return Score::win_in(ply),
        Outcome::Win(_) => return Score::loss_in(ply),
        Outcome::Draw => return Score::DRAW,
        Outcome::Ongoing => {}
    }
    if depth == 0 {
        return Score::heuristic(HashEval.evaluate(game, root));
    }
    let values = game.legal_move_list().into_iter().map(|mv| {
        let child = game.after(mv);
        let d = child_depth(game, &child, depth, extend);
        reference_with(&child, d, ply + 1, root, extend)
    });
    if game.to_move() == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The depth left below `child` of `parent` searched to `depth`: one less, unless `extend`
/// and the same player moves again.
fn child_depth(parent: &Kalah, child: &Kalah, depth: u32, extend: bool) -> u32 {
    let free = extend && child.to_move() == parent.to_move();
    depth - u32::from(!free)
}

/// Every root move of `game` with its [`reference_with`] value for the side to move.
fn root_values(game: &Kalah, depth: u32, extend: bool) -> Vec<(u8, Score)> {
    let me = game.to_move();
    game.legal_move_list()
        .into_iter()
        .map(|mv| {
            let child = game.after(mv);
            let d = child_depth(game, &child, depth, extend);
            (mv, reference_with(&child, d, 1, me, extend))
        })
        .collect()
}

/// `result` (of `name` at position `i`) has the best of `root`'s values and one of the moves
/// that have it.
fn assert_exact(
    name: &str,
    result: &SearchResult<u8>,
    root: &[(u8, Score)],
    game: &Kalah,
    i: usize,
    depth: u32,
) {
    let best = root.iter().map(|c| c.1).max().unwrap();
    assert_eq!(
        result.score,
        best,
        "{name} at position {i} ({}, {:?} to move) depth {depth}",
        game.board_string(),
        game.to_move()
    );
    let mv = result.best.unwrap();
    let value = root.iter().find(|c| c.0 == mv).unwrap().1;
    assert_eq!(
        value, best,
        "{name} chose a move that is not among the best"
    );
}

/// `n` positions from a generator seeded with `seed`, the k-th played at random from
/// `starts[k % starts.len()]`.
fn random_positions(seed: u64, starts: &[Kalah], n: usize) -> Vec<Kalah> {
    let mut rng = Rng::new(seed);
    starts
        .iter()
        .cycle()
        .take(n)
        .map(|start| random_position(&mut rng, start))
        .collect()
}

fn random_position(rng: &mut Rng, start: &Kalah) -> Kalah {
    loop {
        let mut game = *start;
        let plies = rng.below(40);
        for _ in 0..plies {
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

/// The engine's switches, each turned off once, all in the exact-depth table mode.
fn engine_configs(seed: u64) -> Vec<(&'static str, EngineConfig)> {
    // A small table: a fresh 64 MiB one per search would cost more than the search.
    let base = EngineConfig {
        exact_depth_tt: true,
        tt_mib: 1,
        ..EngineConfig::default()
    };
    vec![
        ("engine", base.clone()),
        (
            "engine-no-pvs",
            EngineConfig {
                pvs: false,
                ..base.clone()
            },
        ),
        (
            "engine-no-killers-history",
            EngineConfig {
                killers: false,
                history: false,
                ..base.clone()
            },
        ),
        (
            "engine-fixed-depth",
            EngineConfig {
                iterative: false,
                ..base.clone()
            },
        ),
        (
            "engine-random-ties",
            EngineConfig {
                random_ties: Some(seed),
                ..base
            },
        ),
    ]
}

#[test]
fn variants_agree_with_minimax_on_kalah() {
    let eval = Arc::new(HashEval);
    let mut extra_turn_roots = 0;
    let starts = [
        Kalah::default(),
        Kalah::new(4, 3, false).unwrap(),
        Kalah::new(6, 4, true).unwrap(),
        Kalah::new(3, 2, false).unwrap(),
    ];
    for (i, game) in random_positions(2018, &starts, 240).into_iter().enumerate() {
        let depth = 1 + (i % 6) as u32;
        let me = game.to_move();
        let child_values = root_values(&game, depth, false);
        if game
            .legal_move_list()
            .into_iter()
            .any(|mv| game.after(mv).to_move() == me)
        {
            extra_turn_roots += 1;
        }
        let best = child_values.iter().map(|c| c.1).max().unwrap();
        let plain = minimax(&game, depth, &*eval);
        assert_eq!(plain.score, best, "minimax at position {i}");
        let mut results = vec![
            (
                "alphabeta-hard",
                alphabeta(&game, depth, &*eval, Variant::FailHard),
            ),
            (
                "alphabeta-soft",
                alphabeta(&game, depth, &*eval, Variant::FailSoft),
            ),
        ];
        for (name, config) in engine_configs(i as u64) {
            let mut engine = Engine::new(eval.clone(), config);
            results.push((
                name,
                engine.search(&game, &Limits::depth(depth), None, &mut |_| {}),
            ));
        }
        for (name, r) in results {
            assert_exact(name, &r, &child_values, &game, i, depth);
        }
    }
    assert!(
        extra_turn_roots > 50,
        "{extra_turn_roots} roots with extra turns"
    );
}

#[test]
fn extended_engine_agrees_with_extended_minimax() {
    // `best` for Kalah searches with extra turns extended; every engine variant with the
    // extension must return the value of the plain recursion with the same depth rule, and
    // one of its best moves.
    let eval = Arc::new(HashEval);
    let mut differs_from_plain = 0;
    let starts = [
        Kalah::default(),
        Kalah::new(4, 3, false).unwrap(),
        Kalah::new(6, 4, true).unwrap(),
    ];
    for (i, game) in random_positions(2026, &starts, 150).into_iter().enumerate() {
        let depth = 1 + (i % 5) as u32;
        let me = game.to_move();
        let child_values = root_values(&game, depth, true);
        let best = child_values.iter().map(|c| c.1).max().unwrap();
        assert_eq!(best, reference_with(&game, depth, 0, me, true));
        if best != reference(&game, depth, 0, me) {
            differs_from_plain += 1;
        }
        for (name, config) in engine_configs(i as u64) {
            let config = EngineConfig {
                extend_extra_turns: true,
                ..config
            };
            let mut engine = Engine::new(eval.clone(), config);
            let r = engine.search(&game, &Limits::depth(depth), None, &mut |_| {});
            assert_exact(
                &format!("{name}+extend"),
                &r,
                &child_values,
                &game,
                i,
                depth,
            );
        }
    }
    // The extension must matter on these positions, or the test checks nothing new.
    assert!(
        differs_from_plain > 50,
        "{differs_from_plain} positions where the extension changes the value"
    );
}

#[test]
fn one_engine_reused_across_a_game_stays_exact() {
    // The same engine (and table) searches every position of a game in turn, so entries
    // stored at one ply meet the same position reached at another.
    let eval = Arc::new(HashEval);
    let config = EngineConfig {
        exact_depth_tt: true,
        tt_mib: 1,
        ..EngineConfig::default()
    };
    let mut rng = Rng::new(5);
    for g in 0..6 {
        let mut engine = Engine::new(eval.clone(), config.clone());
        let mut game = Kalah::default();
        while !game.outcome().is_over() {
            let depth = 2 + (game.ply() % 4);
            let r = engine.search(&game, &Limits::depth(depth), None, &mut |_| {});
            let expected = reference(&game, depth, 0, game.to_move());
            assert_eq!(r.score, expected, "game {g} ply {}", game.ply());
            let moves = game.legal_move_list();
            game.play_unchecked(moves[rng.index(moves.len())]);
        }
    }
}

#[test]
fn kalah_agents_play_legal_moves() {
    let start = Kalah::default();
    let (game, _) = poda_core::play_line(&start, "43").unwrap();
    for spec in [
        "random",
        "greedy-ugr",
        "helheim",
        "helheim(depth=4)",
        "alphabeta(depth=6,eval=store-diff)",
        "minimax(depth=3,eval=positional)",
        "engine(depth=6)",
        "engine(movetime=30ms,eval=store-diff)",
        "best(movetime=30ms)",
        "mcts(sims=200)",
    ] {
        let mut agent = build_agent(&start, spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        agent.new_game(3);
        let choice = agent.choose(&game, &mut Turn::new()).unwrap();
        assert!(game.is_legal(choice.mv), "{spec} played {}", choice.mv);
    }
    assert!(build_agent(&start, "greedy-ugr(depth=2)").is_err());
    assert!(build_agent(&start, "helheim(depth=0)").is_err());
    assert!(build_agent(&start, "engine(eval=nope)").is_err());
}

#[test]
fn the_engine_plays_the_endgame_exactly() {
    // With few seeds left the positional evaluator is the endgame table: a one-ply search
    // already picks a move of the best final margin.
    let start = Kalah::default();
    let table = poda_games::kalah::shared_table(6, false);
    let mut rng = Rng::new(11);
    let mut checked = 0;
    while checked < 40 {
        let mut game = start;
        while !game.outcome().is_over() && game.board().seeds_in_pits() > 10 {
            let moves = game.legal_move_list();
            game.play_unchecked(moves[rng.index(moves.len())]);
        }
        if game.outcome().is_over() {
            continue;
        }
        let me = game.to_move();
        let margin_after = |mv: u8| {
            let child = game.after(mv);
            let m = table.final_margin(child.board()).unwrap();
            if child.to_move() == me {
                m
            } else {
                -m
            }
        };
        let best = game
            .legal_move_list()
            .into_iter()
            .map(margin_after)
            .max()
            .unwrap();
        let mut agent = build_agent(&start, "engine(depth=1)").unwrap();
        let mv = agent.choose(&game, &mut Turn::new()).unwrap().mv;
        let got = margin_after(mv);
        // A win is a win: the engine may take a surer (terminal) win over a bigger margin.
        assert_eq!(got.signum(), best.signum(), "{}", game.board_string());
        if !game.after(mv).outcome().is_over() {
            assert_eq!(got, best, "{}", game.board_string());
        }
        checked += 1;
    }
}
