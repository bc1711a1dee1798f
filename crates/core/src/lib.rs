//! poda-core: the vocabulary every other poda crate speaks.
//!
//! - [`Game`]: a two-player, perfect-information game whose state is the implementor
//!   (copy-make; moves are small `Copy` values).
//! - [`Player`], [`Outcome`], [`Score`] (side-to-move integers with win/loss-in-N-plies
//!   encoding, so that the quickest win and the slowest loss are preferred by construction).
//! - [`Evaluator`]: a heuristic, kept apart from the rules so a student can swap it;
//!   [`Catalog`]: a game's named evaluators and agents.
//! - [`Agent`]: anything that chooses moves (searches, bots, solvers, external programs).
//! - Notation ([`notation`]): moves and whole move sequences to and from text, with errors
//!   that name the offending token and its index.
//! - [`perft`]: counting move sequences, the rules' first oracle.
//! - [`Spec`]: the `name(key=value,...)` strings that name games and agents.
//! - [`Rng`]: a small seeded generator, so every random choice is reproducible.
//! - `testing` (feature `testing`): the conformance kit every game's tests call.
#![forbid(unsafe_code)]

mod agent;
mod catalog;
mod error;
mod eval;
mod game;
pub mod notation;
mod outcome;
mod perft;
mod player;
mod rng;
mod score;
pub mod spec;
#[cfg(feature = "testing")]
pub mod testing;

pub use agent::{Agent, AgentError, Choice, SearchInfo, Turn};
pub use catalog::{AgentEntry, AgentRecipe, Catalog, EvaluatorEntry};
pub use error::IllegalMove;
pub use eval::{evaluate_for, Evaluator};
pub use game::Game;
pub use notation::{play_line, MoveParseError, SequenceError};
pub use outcome::Outcome;
pub use perft::{perft, perft_divide};
pub use player::Player;
pub use rng::{splitmix64, Rng};
pub use score::Score;
pub use spec::{Spec, SpecError};
