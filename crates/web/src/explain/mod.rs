//! `POST /api/explain`: how minimax and alpha-beta search a position, node by node (the
//! trace of `poda explain`, for the page's explain panel).
//!
//! The body is `{"game","moves","depth","algo","eval"}`: `algo` is `poda explain --algo`'s
//! comma-separated list (default `minimax,alphabeta`), `eval` an evaluator of the game (its
//! default when absent). The answer is `poda explain --format json`'s JSON ([`json`]), made
//! by the same code ([`poda_search::trace::explain`]).
//!
//! Bounds: the depth at most [`ServerLimits::max_depth`](crate::limits::ServerLimits), at most
//! [`ServerLimits::max_explain_nodes`](crate::limits::ServerLimits) traced nodes per algorithm
//! (a larger search is a 400 naming the limit), a search slot like any search (or the busy
//! answer), and a stop flag set when the request goes away or at the time cap: the recorder
//! stops the search at its next node.

pub mod json;

pub use json::explanation_json;

use crate::body;
use crate::error::ApiError;
use crate::jobs::StopOnDrop;
use crate::position::{parse_game, parse_moves};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use poda_games::with_game;
use poda_players::PlayerGame;
use poda_search::trace::explain::{explain, ExplainError, ExplainOptions};
use poda_search::trace::Algorithm;
use serde::Deserialize;

/// The algorithms when a request names none (as `poda explain`).
pub const DEFAULT_ALGORITHMS: &str = "minimax,alphabeta";

/// The body of `POST /api/explain`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    pub game: String,
    #[serde(default)]
    pub moves: String,
    pub depth: u64,
    /// Comma-separated algorithm names, or `all`.
    #[serde(default)]
    pub algo: Option<String>,
    /// An evaluator of the game (`poda list GAME`); its default when absent.
    #[serde(default)]
    pub eval: Option<String>,
}

/// `POST /api/explain`.
pub async fn explain_route(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: ExplainRequest = body::parse(body)?;
    let algo = req.algo.as_deref().unwrap_or(DEFAULT_ALGORITHMS);
    let algorithms =
        Algorithm::parse_list(algo).map_err(|e| ApiError::bad(format!("algo: {e}")))?;
    let max_depth = state.limits.max_depth;
    if req.depth == 0 || req.depth > max_depth {
        return Err(ApiError::bad(format!(
            "depth {} is out of range (1 to {max_depth})",
            req.depth
        )));
    }
    let game = parse_game(&req.game)?;
    with_game!(game, g => start(state, g, req, algorithms).await)
}

async fn start<G: PlayerGame>(
    state: AppState,
    start: G,
    req: ExplainRequest,
    algorithms: Vec<Algorithm>,
) -> Result<Response, ApiError> {
    let (game, moves) = parse_moves(&start, &req.moves)?;
    if game.outcome().is_over() {
        return Err(ApiError::bad(format!(
            "the game is over ({}): nothing to search",
            game.outcome()
        )));
    }
    let name = req.eval.as_deref().unwrap_or(G::default_evaluator());
    let eval = start
        .evaluator(name)
        .map_err(|e| ApiError::bad(format!("eval {name}: {e}")))?;
    let job = state.jobs.start()?;
    // Dropped with this request (a page that goes away), or at the time cap: the search ends.
    let _guard = StopOnDrop::new(job.stop.clone(), state.limits.max_time);
    let options = ExplainOptions {
        // Checked against max_depth (at most u32::MAX in any sane configuration).
        depth: u32::try_from(req.depth).unwrap_or(u32::MAX),
        max_nodes: state.limits.max_explain_nodes,
        stop: job.stop.clone(),
    };
    let cap = state.limits.max_explain_nodes;
    let (tx, rx) = tokio::sync::oneshot::channel();
    // A thread of its own, as for thinking (crate::think): never in the way of a shutdown.
    std::thread::Builder::new()
        .name("poda-explain".into())
        .spawn(move || {
            let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                explain(&game, &moves, &eval, &algorithms, &options).map(|e| explanation_json(&e))
            }));
            drop(job);
            let _ = tx.send(answer);
        })
        .map_err(|e| ApiError::internal(format!("cannot start a search thread: {e}")))?;
    match rx.await {
        Ok(Ok(Ok(text))) => {
            Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
        }
        Ok(Ok(Err(e))) => Err(refusal(e, cap, &state)),
        _ => Err(ApiError::internal(
            "the explanation failed (an internal error)",
        )),
    }
}

/// The answer to an explanation that could not be made.
fn refusal(e: ExplainError, cap: usize, state: &AppState) -> ApiError {
    match e {
        ExplainError::TooLarge {
            algorithm, depth, ..
        } => ApiError::bad(format!(
            "{algorithm} at depth {depth} visits more than {} nodes, the server's limit for a \
             traced search (poda serve --max-explain-nodes); lower the depth",
            thousands(cap)
        )),
        ExplainError::GameOver { outcome } => {
            ApiError::bad(format!("the game is over ({outcome}): nothing to search"))
        }
        ExplainError::Stopped => ApiError::with_status(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the explanation was stopped at the server's time cap of {}",
                crate::limits::show_duration(state.limits.max_time)
            ),
        ),
        ExplainError::Bug(text) => ApiError::internal(text),
    }
}

/// 50000 -> "50,000".
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(50_000), "50,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
