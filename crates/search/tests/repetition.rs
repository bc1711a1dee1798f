//! Repetition and contempt in the engine, on a tiny game that can cycle.
//!
//! The game (no `max_plies`: it can go on for ever): player 1 starts at node 0 and chooses
//! between move 0, after which player 2's only move brings the game back to node 0 (a cycle),
//! and move 1, into a long corridor of positions worth [`CORRIDOR`] to player 1 by the
//! evaluation. Nothing ever ends within the search horizon, so only the repetition rule
//! decides what the cycle is worth.

use poda_core::notation::MoveParseError;
use poda_core::{Evaluator, Game, Outcome, Player, Score};
use poda_search::engine::{Engine, EngineConfig};
use poda_search::Limits;
use std::sync::Arc;

/// The evaluation of the corridor for player 1.
const CORRIDOR: i64 = -5;
/// Corridor positions are numbered from here.
const CORRIDOR_START: u32 = 10;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Loop {
    node: u32,
    ply: u32,
}

impl Loop {
    fn new() -> Loop {
        Loop { node: 0, ply: 0 }
    }
}

impl Game for Loop {
    type Move = u8;
    fn spec(&self) -> String {
        "loop".into()
    }
    fn to_move(&self) -> Player {
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn outcome(&self) -> Outcome {
        Outcome::Ongoing
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.push(0);
        if self.node == 0 {
            moves.push(1);
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.node = match (self.node, mv) {
            (0, 0) => 1,
            (0, _) => CORRIDOR_START,
            (1, _) => 0,
            (n, _) => n + 1,
        };
        self.ply += 1;
    }
    fn hash(&self) -> u64 {
        // The side to move is implied by the node (node 1 and the odd corridor cells are
        // player 2's), so the node alone decides the future.
        (self.node as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn max_plies(&self) -> Option<u32> {
        None
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveParseError> {
        text.parse()
            .map_err(|_| MoveParseError::new(text, "0 or 1"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn board_string(&self) -> String {
        self.node.to_string()
    }
    fn render(&self) -> String {
        self.board_string()
    }
}

/// The corridor is worth `CORRIDOR` to player 1; the cycle's positions are worth +50 to
/// player 1, so only the repetition rule keeps the engine from counting them as gains.
struct Values;

impl Evaluator<Loop> for Values {
    fn name(&self) -> &str {
        "values"
    }
    fn evaluate(&self, state: &Loop, player: Player) -> i64 {
        let v = if state.node >= CORRIDOR_START {
            CORRIDOR
        } else {
            50
        };
        if player == Player::First {
            v
        } else {
            -v
        }
    }
}

fn search(config: EngineConfig, depth: u32, noted: &[Loop]) -> (u8, Score) {
    let mut engine = Engine::new(Arc::new(Values), config);
    for position in noted {
        engine.note_position(position);
    }
    let result = engine.search(&Loop::new(), &Limits::depth(depth), None, &mut |_| {});
    (result.best.unwrap(), result.score)
}

#[test]
fn going_round_in_circles_is_a_draw_not_progress() {
    for depth in [2, 3, 6, 9] {
        // The cycle's own positions evaluate at +50, but coming back to node 0 is a repetition
        // of the search path: a draw, better than the corridor's -5.
        let (best, score) = search(EngineConfig::default(), depth, &[]);
        assert_eq!((best, score), (0, Score::DRAW), "depth {depth}");
    }
    // Depth 1 sees only node 1 (+50), before the repetition can show.
    assert_eq!(search(EngineConfig::default(), 1, &[]), (0, Score(50)));
}

#[test]
fn contempt_makes_the_engine_avoid_the_draw() {
    let config = EngineConfig {
        contempt: 10,
        ..EngineConfig::default()
    };
    // A draw is worth -10 to the root player now: the corridor's -5 is better.
    assert_eq!(search(config.clone(), 6, &[]), (1, Score(CORRIDOR as i32)));
    // A contempt smaller than the corridor's deficit keeps the draw, scored -3.
    let small = EngineConfig {
        contempt: 3,
        ..config
    };
    assert_eq!(search(small, 6, &[]), (0, Score(-3)));
}

#[test]
fn positions_seen_earlier_in_the_game_are_draws_too() {
    // The corridor's first position was played earlier in this game: entering it again is a
    // repetition, worth 0 (not -5), and with contempt it is worth -10 like the cycle.
    let mut corridor = Loop::new();
    corridor.play_unchecked(1);
    let (_, score) = search(EngineConfig::default(), 6, &[corridor.clone()]);
    assert_eq!(score, Score::DRAW);
    let mut engine = Engine::new(Arc::new(Values), EngineConfig::default());
    engine.note_position(&corridor);
    let values = engine.analyze(&Loop::new(), 6, None);
    assert!(
        values.iter().all(|&(_, s, _)| s == Score::DRAW),
        "{values:?}"
    );
    // A new game forgets the history.
    engine.new_game(0);
    let values = engine.analyze(&Loop::new(), 6, None);
    let corridor_value = values.iter().find(|e| e.0 == 1).unwrap().1;
    assert_eq!(corridor_value, Score(CORRIDOR as i32));
}
