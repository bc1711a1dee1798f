//! poda-search: adversarial search that names no concrete game.
//!
//! - [`minimax`]: plain minimax, the teaching baseline of the seed reports.
//! - [`alphabeta`]: alpha-beta pruning, fail-hard (as the seed Hex report) and fail-soft.
//! - [`engine`]: negamax with iterative deepening, a transposition table, move ordering
//!   (TT move, killers, history, evaluator hints) and principal variation search.
//! - [`mcts`]: Monte Carlo tree search (UCT with random playouts).
//! - [`trace`]: every node a search visits, for `poda explain`; off (and free) by default.
//! - [`agents`]: the generic agents built from spec strings (`random`, `greedy`,
//!   `minimax(depth=4)`, `alphabeta(depth=8)`, `engine(movetime=200ms)`, `mcts(sims=20000)`).
//!
//! Every algorithm counts its nodes (positions visited, leaves included), takes [`Limits`]
//! and returns a [`SearchResult`]. Library code never prints.
//!
//! Scores follow `poda_core::Score`: side-to-move integers where a win in `n` plies is
//! `WIN - n`. The heuristic is always asked for the *root* player's view and negated at the
//! opponent's nodes, which is what a textbook minimax does (see `poda_core::Evaluator`).
//! Games with extra turns (the same player moves again) are handled everywhere: a child whose
//! side to move is unchanged keeps its sign.
#![forbid(unsafe_code)]

pub mod agents;
pub mod alphabeta;
mod clock;
pub mod engine;
mod leaf;
mod limits;
pub mod mcts;
pub mod minimax;
mod result;
mod stack;
pub mod trace;

pub use clock::Clock;
pub use engine::{Engine, EngineConfig};
pub use leaf::{leaf_value, terminal_score};
pub use limits::Limits;
pub use result::SearchResult;
