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
/// A seed in one's own pits (it tends to end in one's store, but can be captured).
pub const SIDE_SEED: i64 = 30;
/// Each move of the side to move that ends in its store.
pub const EXTRA_TURN: i64 = 70;
/// Of the best capture the side to move has, per seed captured.
pub const CAPTURE_SEED: i64 = 45;
/// A position the endgame table proves won or lost is worth this (plus the margin), above
/// any heuristic value.
pub const PROVEN: i64 = 1_000_000;

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
}

impl Positional {
    pub fn new(table: Arc<EndgameTable>) -> Self {
        Positional { table }
    }

    /// The heuristic value for the side to move of a position the table does not cover.
    pub fn heuristic(board: &Board, empty_capture: bool) -> i64 {
        let (own, opp) = board.side_seeds();
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
        SEED * board.margin() as i64
            + SIDE_SEED * (own as i64 - opp as i64)
            + EXTRA_TURN * extra
            + CAPTURE_SEED * capture
    }
}

/// The value of a final margin the endgame table proved.
fn proven(margin: i32) -> i64 {
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
            Some(margin) => proven(margin),
            None => Positional::heuristic(board, state.empty_capture()),
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
