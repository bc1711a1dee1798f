//! The route table: the page, its assets and the JSON API (documented in README.md).
//!
//! | route | what |
//! |---|---|
//! | `GET /` | the page |
//! | `GET /assets/...` | its modules, style sheet and icon ([`crate::assets`]) |
//! | `GET /api/games` | the games and their parameters |
//! | `GET /api/agents?game=SPEC` | the agents of a game and what `best` stands for |
//! | `POST /api/agent` `{"game","agent"}` | whether an agent spec is one the server can play |
//! | `GET /api/position?game=SPEC&moves=MOVES` | a position (the JSON of `poda show --json`, plus a few fields) |
//! | `POST /api/move` `{"game","moves","move"}` | the position after one more move, or why it is illegal |
//! | `POST /api/think` `{"game","moves","agent","seed"}` | an agent's move, with live thinking (server-sent events) |
//! | `POST /api/stop` `{"id"}` | make a thinking agent move now |
//! | `POST /api/analyze` `{"game","moves","time_ms"}` | every legal move's score, exact where a solver finishes |
//! | `POST /api/explain` `{"game","moves","depth","algo","eval"}` | a search traced node by node: `poda explain --format json`'s JSON ([`crate::explain`]) |
//! | `GET /api/limits` | the server's caps and how many searches are running |
//! | `GET /api/tournament`, `GET /api/tournament/ratings.svg` | the tournament of `--tournament DIR` |
//!
//! A further panel adds one route here and one module to the page (`assets/panels.js`), as
//! the explain panel did (`/api/explain`, `assets/explain/`).

use crate::error::ApiError;
use crate::position::{parse_game, parse_moves, play_one, position_view};
use crate::{analysis, assets, body, catalog, explain, think, tournament, AppState};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use poda_games::with_game;
use serde::Deserialize;
use serde_json::{json, Value};
use tower_http::timeout::TimeoutLayer;

/// The whole application: call it directly in tests (`tower::ServiceExt::oneshot`).
pub fn router(state: AppState) -> Router {
    // A safety net only: every search already ends at the time cap.
    let timeout = state.limits.max_time + state.limits.stop_grace * 2;
    let body_limit = state.limits.max_body_bytes;
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{*path}", get(assets::asset))
        .route("/api/games", get(games))
        .route("/api/agents", get(agents))
        .route("/api/agent", post(check_agent))
        .route("/api/position", get(position))
        .route("/api/move", post(play))
        .route("/api/think", post(think::think))
        .route("/api/stop", post(think::stop))
        .route("/api/analyze", post(analysis::analyze))
        .route("/api/explain", post(explain::explain_route))
        .route("/api/limits", get(limits))
        .route("/api/tournament", get(tournament::overview))
        .route("/api/tournament/ratings.svg", get(tournament::ratings_svg))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            timeout,
        ))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page or API route (the API is described in README.md)")
}

async fn method_not_allowed() -> ApiError {
    ApiError::with_status(
        StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed on this route (the API is described in README.md)",
    )
}

/// A query string, or a 400 saying what is wrong with it.
fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::bad(format!("bad query: {}", e.body_text())))
}

async fn games() -> Json<Value> {
    Json(catalog::games())
}

#[derive(Deserialize)]
struct GameQuery {
    game: String,
}

async fn agents(q: Result<Query<GameQuery>, QueryRejection>) -> Result<Json<Value>, ApiError> {
    let q = query(q)?;
    Ok(Json(catalog::agents(&parse_game(&q.game)?)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentRequest {
    game: String,
    agent: String,
}

async fn check_agent(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: AgentRequest = body::parse(body)?;
    let game = parse_game(&req.game)?;
    // Building an agent may allocate its tables: off the async threads.
    let answer =
        tokio::task::spawn_blocking(move || catalog::check_agent(&state.limits, &game, &req.agent))
            .await
            .map_err(|_| ApiError::internal("checking the agent failed"))??;
    Ok(Json(answer))
}

#[derive(Deserialize)]
struct PositionQuery {
    game: String,
    #[serde(default)]
    moves: String,
}

async fn position(
    q: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let q = query(q)?;
    let game = parse_game(&q.game)?;
    with_game!(game, start => {
        let (g, moves) = parse_moves(&start, &q.moves)?;
        Ok(Json(position_view(&start, &g, &moves)))
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    game: String,
    #[serde(default)]
    moves: String,
    #[serde(rename = "move")]
    mv: String,
}

async fn play(body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let req: MoveRequest = body::parse(body)?;
    let game = parse_game(&req.game)?;
    with_game!(game, start => {
        let (g, mut moves) = parse_moves(&start, &req.moves)?;
        let (next, mv) = play_one(&g, &req.mv)?;
        moves.push(mv);
        Ok(Json(position_view(&start, &next, &moves)))
    })
}

async fn limits(State(state): State<AppState>) -> Json<Value> {
    let l = &state.limits;
    Json(json!({
        "max_time_ms": l.max_time.as_millis() as u64,
        "default_analysis_ms": l.default_analysis_time.as_millis() as u64,
        "max_depth": l.max_depth,
        "max_nodes": l.max_nodes,
        "max_tt_mib": l.max_tt_mib,
        "max_explain_nodes": l.max_explain_nodes,
        "max_searches": state.jobs.capacity(),
        "running": state.jobs.running(),
        "max_body_bytes": l.max_body_bytes,
        "tournament": state.tournament.is_some(),
    }))
}
