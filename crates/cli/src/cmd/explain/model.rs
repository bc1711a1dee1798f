//! The explanation of the command line's position: the moves and the evaluator read from
//! the arguments, the searches run and checked by [`poda_search::trace::explain`], and its
//! errors said in the command line's terms (the flag to raise).

use super::{evaluator, ExplainArgs};
use crate::input;
use anyhow::{anyhow, Result};
use poda_players::PlayerGame;
use poda_search::trace::explain::{explain as run, ExplainError, ExplainOptions};
use poda_search::trace::Algorithm;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use poda_search::trace::explain::{Explanation, Panel};

/// Runs every algorithm asked on the position of `args`.
pub fn explain<G: PlayerGame>(
    start: &G,
    args: &ExplainArgs,
    algorithms: &[Algorithm],
) -> Result<Explanation> {
    let (game, moves) = input::position(start, &args.moves)?;
    if game.outcome().is_over() {
        return Err(input::user(format!(
            "the game is over ({}): nothing to search",
            game.outcome()
        )));
    }
    let eval = evaluator(start, args.eval.as_deref())?;
    let options = ExplainOptions {
        depth: args.depth,
        max_nodes: args.max_nodes,
        stop: Arc::new(AtomicBool::new(false)),
    };
    run(&game, &moves, &eval, algorithms, &options).map_err(|e| match e {
        ExplainError::TooLarge {
            algorithm,
            depth,
            cap,
        } => input::user(format!(
            "{algorithm} at depth {depth} visits more than {cap} nodes; raise --max-nodes or \
             lower --depth"
        )),
        ExplainError::GameOver { outcome } => {
            input::user(format!("the game is over ({outcome}): nothing to search"))
        }
        ExplainError::Stopped => anyhow!("the search was stopped"),
        ExplainError::Bug(text) => anyhow!(text),
    })
}
