//! `POST /api/analyze`: every legal move's score, exact where a solver finishes in time.
//!
//! First the game's exact solver, if it has one for this position ([`exact`]: Connect 4 7x6
//! through the opening book and the solver, misère Connect 4 7x6, Hex up to
//! [`exact::HEX_EXACT_MAX_SIZE`], Kalah once few seeds are left), with
//! [`EXACT_SHARE`] of the time; then the engine ([`estimate`]) for the moves the solver did
//! not finish and for the principal variation. Each move says whether its score is exact.
//!
//! The answer: `{"game","moves","to_move","analysis":[{"move","score","value","exact","heat"}],
//! "best","pv","exact","method","units","depth","nodes","time_ms"}`, the shape of
//! `poda analyze --json` plus `exact` and `heat`. `score` is the text to show, `value` the
//! number (the solver's own scale for exact scores, see `units`; the engine's score for
//! estimated ones), `heat` a colour from -1 (lost) through 0 (draw) to 1 (won): exact wins and
//! losses and the engine's proven ones at 0.4 to 1; heuristic values only rank the moves,
//! within ±0.35. `units` is the legend: what the numbers mean.

pub mod estimate;
pub mod exact;

use crate::body;
use crate::error::ApiError;
use crate::jobs::StopOnDrop;
use crate::position::{parse_game, parse_moves};
use crate::think::pv_strings;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::Json;
use estimate::Estimate;
use exact::{Exact, ExactGame};
use poda_core::{Game, Score};
use poda_games::with_game;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The share of the analysis time the exact solver may use before the engine takes over.
pub const EXACT_SHARE: f64 = 0.7;
/// The legend when no solver took the position.
const ESTIMATED: &str = "estimated: the engine's score for the side to move (W5: wins in 5 plies, \
     L4: loses in 4); colours rank the moves from the engine's favourite (green) to its least \
     liked (red)";
/// The engine's time for a principal variation when the solver proved every move.
const PV_TIME: Duration = Duration::from_millis(300);
/// Heat of a heuristic (unproven) score at most.
const HEURISTIC_HEAT: f64 = 0.35;

/// The body of `POST /api/analyze`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    pub game: String,
    #[serde(default)]
    pub moves: String,
    /// Milliseconds; the server's default when absent, at most its cap.
    #[serde(default)]
    pub time_ms: Option<u64>,
}

/// `POST /api/analyze`.
pub async fn analyze(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: AnalyzeRequest = body::parse(body)?;
    let time = state.limits.analysis_time(req.time_ms)?;
    let game = parse_game(&req.game)?;
    with_game!(game, g => start(state, g, &req.moves, time).await)
}

async fn start<G: ExactGame>(
    state: AppState,
    start: G,
    moves: &str,
    time: Duration,
) -> Result<Json<Value>, ApiError> {
    let (game, moves) = parse_moves(&start, moves)?;
    if game.outcome().is_over() {
        return Err(ApiError::bad(format!(
            "the game is over ({}): nothing to analyse",
            game.outcome()
        )));
    }
    let job = state.jobs.start()?;
    // Dropped with this request (a page that goes away), or at the time asked: the search ends.
    let _guard = StopOnDrop::new(job.stop.clone(), time + Duration::from_millis(200));
    let (tx, rx) = tokio::sync::oneshot::channel();
    // A thread of its own, as for thinking (crate::think): never in the way of a shutdown.
    std::thread::Builder::new()
        .name("poda-analyse".into())
        .spawn(move || {
            let value = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                analyse(&start, &game, &moves, time, &job.stop)
            }));
            drop(job);
            let _ = tx.send(value);
        })
        .map_err(|e| ApiError::internal(format!("cannot start a search thread: {e}")))?;
    match rx.await {
        Ok(Ok(answer)) => Ok(Json(answer)),
        _ => Err(ApiError::internal(
            "the analysis failed (an internal error)",
        )),
    }
}

/// The analysis of a position that is not over (see the module doc).
pub fn analyse<G: ExactGame>(
    start: &G,
    game: &G,
    moves: &[G::Move],
    time: Duration,
    stop: &AtomicBool,
) -> Value {
    let began = Instant::now();
    let exact = game.exact(moves, began + time.mul_f64(EXACT_SHARE), stop);
    let all_exact = exact
        .as_ref()
        .is_some_and(|e| e.scores.iter().all(|(_, s)| s.is_some()));
    let needs_engine = !all_exact || exact.as_ref().is_some_and(|e| e.pv.is_empty());
    let estimate = needs_engine.then(|| {
        let mut left = time.saturating_sub(began.elapsed());
        if all_exact {
            // Only the principal variation is missing: a short search gives it.
            left = left.min(PV_TIME);
        }
        estimate::run(
            start,
            game,
            moves,
            left.max(Duration::from_millis(20)),
            stop,
        )
    });
    let rows = rows(game, exact.as_ref(), estimate.as_ref());
    let best = best_move(&rows, exact.as_ref());
    let pv = principal_variation(game, best, exact.as_ref(), estimate.as_ref());
    let units = exact
        .as_ref()
        .map(|e| e.units.describe())
        .unwrap_or(ESTIMATED);
    let method = match (&exact, &estimate) {
        (Some(e), _) if all_exact => e.method.clone(),
        (Some(e), Some(est)) => format!(
            "{} where it finished in time; the engine (depth {}) for the rest",
            e.method, est.depth
        ),
        (None, Some(est)) => format!("the engine, depth {} (estimated)", est.depth),
        _ => "nothing".to_string(),
    };
    let nodes = exact.as_ref().map(|e| e.nodes);
    let fmt = |m: G::Move| game.format_move(m);
    json!({
        "game": game.spec(),
        "moves": game.format_moves(moves),
        "to_move": game.to_move().number(),
        "analysis": rows.iter().map(|r| json!({
            "move": fmt(r.mv), "score": r.text, "value": r.value, "exact": r.exact, "heat": r.heat,
        })).collect::<Vec<_>>(),
        "best": best.map(fmt),
        "pv": pv,
        "exact": all_exact,
        "method": method,
        "units": units,
        "depth": estimate.as_ref().map(|e| e.depth),
        "nodes": nodes,
        "time_ms": (began.elapsed().as_secs_f64() * 1000.0).round(),
    })
}

/// One legal move's line of the analysis.
struct Row<M> {
    mv: M,
    text: String,
    value: i64,
    exact: bool,
    heat: f64,
}

/// Exact scores where known, the engine's otherwise, in the game's move order.
fn rows<G: Game>(
    game: &G,
    exact: Option<&Exact<G::Move>>,
    estimate: Option<&Estimate<G::Move>>,
) -> Vec<Row<G::Move>> {
    let exact_of = |mv: G::Move| exact.and_then(|e| e.scores.iter().find(|(m, _)| *m == mv)?.1);
    let max_exact = exact.map_or(0, |e| {
        e.scores
            .iter()
            .filter_map(|(_, s)| s.map(i32::abs))
            .max()
            .unwrap_or(0)
    });
    let heuristic: Vec<i32> = estimate.map_or(Vec::new(), |e| {
        e.scores
            .iter()
            .filter(|(_, s, _)| !s.is_decisive())
            .map(|(_, s, _)| s.value())
            .collect()
    });
    let range = (
        heuristic.iter().copied().min().unwrap_or(0),
        heuristic.iter().copied().max().unwrap_or(0),
    );
    let mut out = Vec::new();
    for mv in game.legal_move_list() {
        if let (Some(score), Some(e)) = (exact_of(mv), exact) {
            out.push(Row {
                mv,
                text: e.units.text(score),
                value: score as i64,
                exact: true,
                heat: exact_heat(score, max_exact),
            });
            continue;
        }
        let found = estimate.and_then(|e| e.scores.iter().find(|(m, _, _)| *m == mv));
        if let Some(&(_, score, _)) = found {
            out.push(Row {
                mv,
                text: score.to_string(),
                value: score.value() as i64,
                exact: false,
                heat: engine_heat(score, range),
            });
        }
    }
    out
}

/// The highest heat, exact before estimated; among equals the solver's choice (the start of
/// its line) if it has one, else the first in the game's order.
fn best_move<M: Copy + PartialEq>(rows: &[Row<M>], exact: Option<&Exact<M>>) -> Option<M> {
    let top = rows
        .iter()
        .map(|r| (r.heat, r.exact))
        .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))?;
    let tied = |r: &&Row<M>| r.heat == top.0 && r.exact == top.1;
    let preferred = exact.and_then(|e| e.pv.first().copied());
    rows.iter()
        .filter(tied)
        .find(|r| Some(r.mv) == preferred)
        .or_else(|| rows.iter().find(tied))
        .map(|r| r.mv)
}

/// Wins from 0.4 (the slowest) to 1 (the quickest or largest), losses the same below 0.
fn exact_heat(score: i32, max_abs: i32) -> f64 {
    if score == 0 {
        return 0.0;
    }
    let strength = score.abs() as f64 / max_abs.max(1) as f64;
    score.signum() as f64 * (0.4 + 0.6 * strength)
}

/// A proven win or loss as an exact one (quicker is stronger); a heuristic value ranks the
/// moves within [`HEURISTIC_HEAT`], from the lowest heuristic value of the position (-) to the
/// highest (+): an evaluation's units mean little, its order means what the engine prefers.
fn engine_heat(score: Score, (low, high): (i32, i32)) -> f64 {
    if let Some(plies) = score.plies_to_end() {
        let strength = 1.0 - (plies.min(60) as f64 / 100.0);
        let sign = if score.is_win() { 1.0 } else { -1.0 };
        return sign * (0.4 + 0.6 * strength);
    }
    if high <= low {
        return 0.0;
    }
    let place = (score.value() - low) as f64 / (high - low) as f64;
    HEURISTIC_HEAT * (2.0 * place - 1.0)
}

/// The solver's line when it has one; otherwise the best move, then the engine's line from
/// there (the engine's own line when it chose the same first move).
fn principal_variation<G: Game>(
    game: &G,
    best: Option<G::Move>,
    exact: Option<&Exact<G::Move>>,
    estimate: Option<&Estimate<G::Move>>,
) -> Vec<String> {
    if let Some(e) = exact.filter(|e| !e.pv.is_empty() && Some(e.pv[0]) == best) {
        return pv_strings(game, &e.pv);
    }
    let Some(best) = best else {
        return Vec::new();
    };
    let line = estimate
        .and_then(|e| e.scores.iter().find(|(m, _, _)| *m == best))
        .map(|(_, _, pv)| pv.clone())
        .filter(|pv| pv.first() == Some(&best))
        .unwrap_or_else(|| vec![best]);
    pv_strings(game, &line)
}
