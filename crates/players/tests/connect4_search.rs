//! Search on Connect 4: every variant agrees with plain minimax, and quick wins come first.

use poda_core::{notation::play_line, Evaluator, Game, Player, Rng, Score, Turn};
use poda_games::connect4::Connect4;
use poda_players::build_agent;
use poda_search::alphabeta::{alphabeta, Variant};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::minimax::minimax;
use poda_search::Limits;
use proptest::prelude::*;
use std::sync::Arc;

/// A deterministic pseudo-random evaluator: any fixed function of the position will do to
/// compare search algorithms, and a random one has many ties and surprises.
struct HashEval;

impl Evaluator<Connect4> for HashEval {
    fn name(&self) -> &str {
        "hash"
    }
    fn evaluate(&self, state: &Connect4, player: Player) -> i64 {
        let mut x = state.hash() ^ 0x5555;
        let v = (poda_core::splitmix64(&mut x) % 41) as i64 - 20;
        if player == Player::First {
            v
        } else {
            -v
        }
    }
}

fn random_position(rng: &mut Rng) -> Connect4 {
    loop {
        let mut game = Connect4::default();
        let plies = rng.below(30);
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

/// One random position and depth: every variant returns minimax's value and a tied-best move.
fn check_position(seed: u64, depth: u32) {
    let mut rng = Rng::new(seed);
    let eval = Arc::new(HashEval);
    let game = random_position(&mut rng);
    let reference = minimax(&game, depth, &*eval);
    let child_values: Vec<_> = game
        .legal_move_list()
        .into_iter()
        .map(|mv| {
            let r = minimax(&game.after(mv), depth - 1, &*eval);
            // The child's search has the other player as root; every evaluation here is
            // zero-sum, so negating gives the root player's view; wins are a ply further.
            (mv, (-r.score).one_ply_later())
        })
        .collect();
    let best = child_values.iter().map(|c| c.1).max().unwrap();
    assert_eq!(reference.score, best, "seed {seed}");
    let exact_tt = EngineConfig {
        exact_depth_tt: true,
        ..EngineConfig::default()
    };
    let mut engine = Engine::new(
        eval.clone(),
        EngineConfig {
            tt_mib: 1,
            ..exact_tt.clone()
        },
    );
    let mut random_engine = Engine::new(
        eval.clone(),
        EngineConfig {
            tt_mib: 1,
            random_ties: Some(seed),
            ..exact_tt
        },
    );
    let results = [
        (
            "alphabeta-hard",
            alphabeta(&game, depth, &*eval, Variant::FailHard),
        ),
        (
            "alphabeta-soft",
            alphabeta(&game, depth, &*eval, Variant::FailSoft),
        ),
        (
            "engine",
            engine.search(&game, &Limits::depth(depth), None, &mut |_| {}),
        ),
        (
            "engine-random",
            random_engine.search(&game, &Limits::depth(depth), None, &mut |_| {}),
        ),
    ];
    for (name, r) in results {
        assert_eq!(
            r.score, reference.score,
            "{name}, seed {seed}, depth {depth}"
        );
        let mv = r.best.unwrap();
        let value = child_values.iter().find(|c| c.0 == mv).unwrap().1;
        assert_eq!(
            value, best,
            "{name} chose a move that is not among the best"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// 500 random positions (up to 30 random plies from the start), depths 1 to 5.
    #[test]
    fn variants_agree_on_random_positions(seed in any::<u64>(), depth in 1u32..=5) {
        check_position(seed, depth);
    }
}

/// First player to move: column 7 wins at once (a vertical four), column 4 makes an open
/// three on the bottom row that wins two plies later.
const WIN_IN_1_AND_3: &str = "2233767672";

#[test]
fn every_agent_takes_the_win_in_one() {
    let start = Connect4::default();
    let (game, _) = play_line(&start, WIN_IN_1_AND_3).unwrap();
    let seven = game.parse_move("7").unwrap();
    let four = game.parse_move("4").unwrap();
    assert_eq!(game.after(seven).outcome().winner(), Some(Player::First));
    // The engine proves that 4 wins in 3 plies, so both moves win and only speed differs.
    let mut engine = Engine::new(Arc::new(HashEval), EngineConfig::default());
    let analysis = engine.analyze(&game, 3, None);
    let score_of = |mv| analysis.iter().find(|a| a.0 == mv).unwrap().1;
    assert_eq!(score_of(seven), Score::win_in(1));
    assert_eq!(score_of(four), Score::win_in(3));
    for spec in [
        "minimax(depth=3)",
        "minimax(depth=4,eval=lines)",
        "alphabeta(depth=3)",
        "alphabeta(depth=6,variant=hard,eval=fill-empty)",
        "alphabeta(depth=8,eval=open-lines)",
        "engine(depth=3)",
        "engine(depth=9)",
        "engine(movetime=50ms)",
        "engine(depth=7,random=true)",
        "greedy",
    ] {
        let mut agent = build_agent(&start, spec).unwrap();
        agent.new_game(1);
        let choice = agent.choose(&game, &mut Turn::new()).unwrap();
        assert_eq!(choice.mv, seven, "{spec} did not take the immediate win");
        if let Some(info) = choice.info {
            assert_eq!(
                info.score,
                Score::win_in(1),
                "{spec} reports {}",
                info.score
            );
        }
    }
}

#[test]
fn hybrid_plays_perfectly_where_the_solver_finishes() {
    let start = Connect4::default();
    let mut hybrid = build_agent(&start, "best(movetime=2s)").unwrap();
    assert!(hybrid.name().starts_with("hybrid"), "{}", hybrid.name());
    let mut perfect = build_agent(&start, "perfect").unwrap();
    for line in include_str!("../../solve/data/connect4/Test_L2_R1")
        .lines()
        .take(20)
    {
        let moves = line.split_whitespace().next().unwrap();
        let game = Connect4::from_moves(moves).unwrap();
        hybrid.new_game(0);
        let h = hybrid.choose(&game, &mut Turn::new()).unwrap();
        let p = perfect.choose(&game, &mut Turn::new()).unwrap();
        // Same exact score (a tie between equally good columns may differ only by the
        // tie-break, which both take from the solver).
        assert_eq!(h.info.unwrap().score, p.info.unwrap().score, "{moves}");
        assert_eq!(h.mv, p.mv, "{moves}");
    }
}
