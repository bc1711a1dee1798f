//! The evaluators of Kalah and the [`Catalog`] (evaluators and Kalah's own agents).
//!
//! - `positional` (the default): exact in the endgame (the shared [`EndgameTable`] once few
//!   seeds are left in the pits; a proven win or loss outranks every heuristic value), else
//!   the store difference plus the seeds on each side, the extra turns and the best capture
//!   the side to move has.
//! - `store-diff`: the seed report's utility, own store minus the opponent's.

use super::board::Board;
use super::endgame::{shared_table, EndgameTable};
use super::greedy::GreedyUgr;
use super::position::Kalah;
use poda_core::{AgentEntry, AgentRecipe, Catalog, Evaluator, EvaluatorEntry, Player, Spec};
use std::sync::Arc;

/// One seed of store difference, in evaluation units.
pub const SEED: i64 = 100;
/// A position the endgame table proves won or lost is worth this (plus the margin), above
/// any heuristic value.
pub const PROVEN: i64 = 1_000_000;

/// The weights of the heuristic terms, in evaluation units ([`SEED`] per seed of store
/// difference).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per seed of store difference.
    pub store: i64,
    /// Per seed in one's own pits minus the opponent's (they tend to end in one's store,
    /// but can be captured).
    pub side: i64,
    /// Per move of the side to move that ends in its store.
    pub extra_turn: i64,
    /// Per seed of the best capture the side to move has.
    pub capture: i64,
    /// Per seed of the best capture the opponent would have if it were to move.
    pub threat: i64,
}

/// The default weights (tuned by fixed-depth matches, docs/benchmarks/kalah.md).
pub const DEFAULT_WEIGHTS: Weights = Weights {
    store: SEED,
    side: 30,
    extra_turn: 70,
    capture: 45,
    threat: 0,
};

/// The store difference, from `player`'s view (the seed report's `calcularUtilidad`).
pub struct StoreDiff;

impl Evaluator<Kalah> for StoreDiff {
    fn name(&self) -> &str {
        "store-diff"
    }
    fn evaluate(&self, state: &Kalah, player: Player) -> i64 {
        state.store_difference(player) as i64
    }
}

/// The default evaluator (see the module doc).
pub struct Positional {
    table: Arc<EndgameTable>,
    weights: Weights,
}

impl Positional {
    pub fn new(table: Arc<EndgameTable>) -> Self {
        Self::with_weights(table, DEFAULT_WEIGHTS)
    }

    /// The evaluator with other weights (for tuning).
    pub fn with_weights(table: Arc<EndgameTable>, weights: Weights) -> Self {
        Positional { table, weights }
    }

    /// The heuristic value for the side to move of a position the table does not cover.
    pub fn heuristic(board: &Board, empty_capture: bool, w: &Weights) -> i64 {
        let (own, opp) = board.side_seeds();
        let (extra, capture) = tempo(board, empty_capture);
        let threat = if w.threat != 0 {
            let mut other = *board;
            other.turn_round();
            tempo(&other, empty_capture).1
        } else {
            0
        };
        w.store * board.margin() as i64
            + w.side * (own as i64 - opp as i64)
            + w.extra_turn * extra
            + w.capture * capture
            - w.threat * threat
    }
}

/// The side to move's number of extra-turn moves and its best capture.
fn tempo(board: &Board, empty_capture: bool) -> (i64, i64) {
    let mut extra = 0;
    let mut capture = 0;
    for k in 1..=board.pits() {
        if board.own_pit(k) == 0 {
            continue;
        }
        if board.gives_extra_turn(k) {
            extra += 1;
        } else {
            capture = capture.max(board.capture_size(k, empty_capture) as i64);
        }
    }
    (extra, capture)
}

/// The evaluation of a position whose final margin (for the side to move) is proven: a win
/// or a loss outranks every heuristic value; a draw is 0.
pub fn proven_value(margin: i32) -> i64 {
    let m = margin as i64 * SEED;
    match margin {
        0 => 0,
        d if d > 0 => PROVEN + m,
        _ => -PROVEN + m,
    }
}

impl Evaluator<Kalah> for Positional {
    fn name(&self) -> &str {
        "positional"
    }

    fn evaluate(&self, state: &Kalah, player: Player) -> i64 {
        let board = state.board();
        let value = match self.table.final_margin(board) {
            Some(margin) => proven_value(margin),
            None => Positional::heuristic(board, state.empty_capture(), &self.weights),
        };
        if player == state.mover() {
            value
        } else {
            -value
        }
    }

    /// Extra turns first (the pit nearest the store first, so the others keep their counts),
    /// then captures by size.
    fn move_hint(&self, state: &Kalah, mv: u8) -> i32 {
        move_hint(state, mv)
    }
}

/// The move-ordering hint shared by Kalah's evaluators and the solver's idea of a good order.
pub fn move_hint(state: &Kalah, mv: u8) -> i32 {
    let board = state.board();
    let k = mv as usize;
    if !board.can_sow(k) {
        return i32::MIN;
    }
    if board.gives_extra_turn(k) {
        1000 - k as i32
    } else {
        board.capture_size(k, state.empty_capture()) as i32
    }
}

/// Default depth of the seed report's alpha-beta bot (`helheim`).
const HELHEIM_DEPTH: u64 = 8;

impl Catalog for Kalah {
    fn evaluators() -> Vec<EvaluatorEntry<Kalah>> {
        vec![
            EvaluatorEntry {
                name: "positional",
                help: "default: exact once few seeds are left in the pits (endgame table), \
                       else store difference, seeds on each side, extra turns, best capture",
                build: |g| Arc::new(Positional::new(shared_table(g.pits(), g.empty_capture()))),
            },
            EvaluatorEntry {
                name: "store-diff",
                help: "the seed report's utility: own store minus the opponent's",
                build: |_| Arc::new(StoreDiff),
            },
        ]
    }

    fn agents() -> Vec<AgentEntry<Kalah>> {
        vec![
            AgentEntry {
                name: "greedy-ugr",
                help: "greedy-ugr: the course's GreedyBot (largest own store after one move; \
                       on a tie, a later move only if it gives an extra turn)",
                build: |_, spec| {
                    spec.expect_keys(&[])?;
                    Ok(AgentRecipe::Agent(Box::new(GreedyUgr::new(
                        spec.to_string(),
                    ))))
                },
            },
            AgentEntry {
                name: "helheim",
                help: "helheim(depth=8): the seed report's bot, \
                       alphabeta(depth=D,eval=store-diff)",
                build: |_, spec| {
                    spec.expect_keys(&["depth"])?;
                    let depth = spec.int_in("depth", HELHEIM_DEPTH, 1, 64)?;
                    Ok(AgentRecipe::Alias(
                        Spec::parse(&format!("alphabeta(depth={depth},eval=store-diff)"))
                            .expect("a valid spec"),
                    ))
                },
            },
        ]
    }
}
