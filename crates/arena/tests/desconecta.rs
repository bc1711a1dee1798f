//! DesConecta-4 BOOM with the search agents: the ninjas are what their documentation says,
//! every agent takes the quickest win (a winning BOOM over a PUT that wins later), the
//! engine never lets an immediate win go, a repeated position is a draw, and match play
//! adjudicates with the game's ply cap.

use poda_arena::MatchConfig;
use poda_arena::{play_game, random_opening, run_match, GameSetup};
use poda_core::{play_line, Catalog, Game, Outcome, Player, Score, Spec, Turn};
use poda_games::desconecta::{ninja_spec, Action, DesConecta, DEFAULT_MAX_PLIES};
use poda_players::build_agent;
use poda_search::{Engine, EngineConfig};

/// A position where player 1's BOOM wins at once (its bomb's row drops blue pieces into a
/// four) and every PUT but column 1 wins too, two plies later (the BOOM threat cannot be
/// parried): the course students' bug was to play the first PUT, whose value looked the same.
const BOOM_NOW: &str = "66134633261b3514";

fn position(moves: &str) -> DesConecta {
    play_line(&DesConecta::new(), moves).expect("legal moves").0
}

#[test]
fn ninjas_are_the_documented_aliases() {
    let start = DesConecta::new();
    for level in 1..=3u64 {
        let agent = build_agent(&start, &format!("ninja(level={level})")).unwrap();
        assert_eq!(agent.name(), ninja_spec(level).unwrap(), "level {level}");
    }
    assert_eq!(
        build_agent(&start, "ninja").unwrap().name(),
        ninja_spec(1).unwrap()
    );
    for bad in [
        "ninja(level=0)",
        "ninja(level=4)",
        "ninja(level=x)",
        "ninja(depth=3)",
    ] {
        let e = build_agent(&start, bad).expect_err(bad).to_string();
        assert!(e.contains("level"), "{bad}: {e}");
    }
    // Every evaluator named by a ninja exists.
    for spec in [ninja_spec(1), ninja_spec(2), ninja_spec(3)] {
        let spec = Spec::parse(spec.unwrap()).unwrap();
        let eval = spec.get("eval").unwrap();
        assert!(start.evaluator(eval).is_ok(), "{eval}");
    }
}

#[test]
fn every_agent_takes_the_winning_boom_first() {
    let game = position(BOOM_NOW);
    let me = game.to_move();
    assert_eq!(game.after(Action::Boom).outcome(), Outcome::Win(me));
    // A PUT wins as well, later: the quickest win is what tells them apart.
    let mut engine = Engine::new(
        game.evaluator("seed-lines").unwrap(),
        EngineConfig::default(),
    );
    let values = engine.analyze(&game, 5, None);
    let best_put = values.iter().find(|(m, _, _)| *m != Action::Boom).unwrap();
    assert_eq!(best_put.1, Score::win_in(3), "{values:?}");
    assert_eq!(values[0].0, Action::Boom);
    assert_eq!(values[0].1, Score::win_in(1));
    for spec in [
        "engine(depth=8)",
        "engine(movetime=200ms)",
        "best(movetime=200ms)",
        "alphabeta(depth=8,eval=test)",
        "alphabeta(depth=8,eval=test,variant=hard)",
        "minimax(depth=4,eval=test)",
        "ninja(level=1)",
        "ninja(level=2)",
        "ninja(level=3)",
        "greedy(eval=test)",
    ] {
        let mut agent = build_agent(&game, spec).unwrap();
        let choice = agent.choose(&game, &mut Turn::new()).unwrap();
        assert_eq!(choice.mv, Action::Boom, "{spec}");
    }
}

#[test]
fn the_engine_never_lets_an_immediate_win_go() {
    // Engine against a random player and a ninja from random openings: whenever the engine
    // could win on the spot (a winning BOOM, or a PUT that leaves the opponent's four), its
    // move wins on the spot.
    let start = DesConecta::new();
    let mut chances = 0;
    for (game_index, opponent) in ["random", "ninja(level=1)"].iter().enumerate() {
        for seed in 0..6u64 {
            let mut engine = build_agent(&start, "engine(depth=6)").unwrap();
            let mut other = build_agent(&start, opponent).unwrap();
            let setup = GameSetup {
                index: game_index,
                opening: random_opening(&start, 3, seed),
                max_plies: Some(DEFAULT_MAX_PLIES),
                seed,
            };
            let engine_seat = if seed % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            let mut check = |game: &DesConecta, mv: Action| {
                if game.to_move() != engine_seat {
                    return;
                }
                let me = game.to_move();
                let wins_now = |m: Action| game.after(m).outcome() == Outcome::Win(me);
                if game.legal_move_list().into_iter().any(wins_now) {
                    chances += 1;
                    assert!(wins_now(mv), "missed a win at {}", game.board_string());
                }
            };
            if engine_seat == Player::First {
                play_game(
                    &start,
                    [engine.as_mut(), other.as_mut()],
                    &setup,
                    &mut |g, mv, _| check(g, mv),
                );
            } else {
                play_game(
                    &start,
                    [other.as_mut(), engine.as_mut()],
                    &setup,
                    &mut |g, mv, _| check(g, mv),
                );
            }
        }
    }
    assert!(chances >= 3, "only {chances} immediate wins offered");
}

#[test]
fn a_position_that_comes_back_is_scored_as_a_draw() {
    // After "36", eight PUTs and two BOOMs bring the same position back ten plies later.
    let earlier = position("36");
    let before_return = position("3656327744b");
    let back = before_return.after(Action::Boom);
    assert_eq!(back.board_string(), earlier.board_string());
    assert_eq!(back.hash(), earlier.hash());
    let value_of_boom = |noted: bool| {
        let eval = earlier.evaluator("test").unwrap();
        let mut engine = Engine::new(eval, EngineConfig::default());
        if noted {
            engine.note_position(&earlier);
        }
        let values = engine.analyze(&before_return, 4, None);
        values
            .iter()
            .find(|(m, _, _)| *m == Action::Boom)
            .unwrap()
            .1
    };
    assert_ne!(
        value_of_boom(false),
        Score::DRAW,
        "the test needs a non-zero value"
    );
    assert_eq!(value_of_boom(true), Score::DRAW);
}

#[test]
fn matches_adjudicate_at_the_games_ply_cap() {
    let start = DesConecta::new();
    assert_eq!(start.default_max_plies(), Some(DEFAULT_MAX_PLIES));
    let config = MatchConfig {
        start,
        agent_a: "engine(depth=2,eval=test)".into(),
        agent_b: "engine(depth=2,eval=test)".into(),
        games: 4,
        seed: 1,
        threads: 1,
        opening_plies: 2,
        openings: Vec::new(),
        max_plies: Some(12),
    };
    let summary = run_match(&config, &mut |_, _| {}).unwrap();
    assert_eq!(summary.games, 4);
    assert_eq!(summary.adjudicated, 4, "no game ends within 12 plies");
    assert_eq!(summary.draws, 4);
}

#[test]
fn the_engine_takes_every_immediate_win_in_random_positions() {
    // Positions of seeded random games (BOOM chosen often) where the side to move can win at
    // once: the engine's move wins at once, whatever its evaluator.
    let mut rng = poda_core::Rng::new(8);
    let mut checked = 0;
    let mut by_boom = 0;
    while checked < 200 {
        let mut game = DesConecta::new();
        while !game.outcome().is_over() {
            let me = game.to_move();
            let legal = game.legal_move_list();
            let winning: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|&m| game.after(m).outcome() == Outcome::Win(me))
                .collect();
            if !winning.is_empty() {
                let spec = ["engine(depth=4,tt=1)", "engine(depth=3,eval=test,tt=1)"][checked % 2];
                let mut engine = build_agent(&game, spec).unwrap();
                let choice = engine.choose(&game, &mut Turn::new()).unwrap();
                assert!(
                    winning.contains(&choice.mv),
                    "{spec} missed a win at {}",
                    game.board_string()
                );
                checked += 1;
                by_boom += (winning == [Action::Boom]) as usize;
            }
            let mv = if legal.contains(&Action::Boom) && rng.unit_f64() < 0.4 {
                Action::Boom
            } else {
                legal[rng.index(legal.len())]
            };
            game.play_unchecked(mv);
        }
    }
    assert!(
        by_boom > 10,
        "only {by_boom} positions where only BOOM wins"
    );
}
