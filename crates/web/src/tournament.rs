//! `poda serve --tournament DIR`: a `poda tournament` output directory, read-only.
//!
//! Only the files `poda tournament` writes are read (`tournament.json`, `report.json`,
//! `games.jsonl`, `ratings.svg`), each checked to lie inside the directory after symbolic
//! links are followed; no path comes from a request.

use crate::error::ApiError;
use crate::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::path::Path;

/// The largest file read (a `games.jsonl` of a long tournament is a few MiB).
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Reads `name` inside `dir`: `None` if it does not exist, an error if it is not inside the
/// directory, too large or unreadable.
fn read(dir: &Path, name: &str) -> Result<Option<String>, ApiError> {
    let path = dir.join(name);
    if !path.exists() {
        return Ok(None);
    }
    let fail = |e: std::io::Error| ApiError::internal(format!("reading {}: {e}", path.display()));
    let root = dir.canonicalize().map_err(fail)?;
    let real = path.canonicalize().map_err(fail)?;
    if !real.starts_with(&root) {
        return Err(ApiError::bad(format!(
            "{name} points outside the tournament directory; not read"
        )));
    }
    let size = real.metadata().map_err(fail)?.len();
    if size > MAX_FILE_BYTES {
        return Err(ApiError::internal(format!(
            "{name} is too large ({size} bytes)"
        )));
    }
    std::fs::read_to_string(&real).map(Some).map_err(fail)
}

fn dir(state: &AppState) -> Result<&Path, ApiError> {
    state
        .tournament
        .as_deref()
        .map(|p| p.as_path())
        .ok_or_else(|| {
            ApiError::not_found(
                "no tournament: start the server with `poda serve --tournament DIR`",
            )
        })
}

/// Parses a JSON file of the tournament, or says which one is broken.
fn json_file(dir: &Path, name: &str) -> Result<Value, ApiError> {
    match read(dir, name)? {
        None => Ok(Value::Null),
        Some(text) => serde_json::from_str(&text)
            .map_err(|e| ApiError::internal(format!("{name} is not valid JSON: {e}"))),
    }
}

/// `GET /api/tournament`: `{"dir","tournament","report","games","bad_lines"}`, where
/// `tournament` is `tournament.json`, `report` is `report.json` (null until the tournament has
/// written one) and `games` the finished games of `games.jsonl` (a line that is not JSON, as
/// a line cut by an interruption, is counted in `bad_lines` and skipped).
pub async fn overview(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let dir = dir(&state)?.to_path_buf();
    let answer = tokio::task::spawn_blocking(move || -> Result<Value, ApiError> {
        let tournament = json_file(&dir, "tournament.json")?;
        let report = json_file(&dir, "report.json")?;
        let mut games = Vec::new();
        let mut bad_lines = 0;
        for line in read(&dir, "games.jsonl")?.unwrap_or_default().lines() {
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<Value>(line) {
                Ok(v) => games.push(v),
                Err(_) => bad_lines += 1,
            }
        }
        if tournament.is_null() && report.is_null() && games.is_empty() {
            return Err(ApiError::not_found(format!(
                "{} holds no tournament (no tournament.json, report.json or games.jsonl)",
                dir.display()
            )));
        }
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        Ok(json!({
            "dir": name,
            "tournament": tournament,
            "report": report,
            "games": games,
            "bad_lines": bad_lines,
        }))
    })
    .await
    .map_err(|_| ApiError::internal("reading the tournament failed"))??;
    Ok(Json(answer))
}

/// `GET /api/tournament/ratings.svg`: the rating chart `poda tournament` drew.
pub async fn ratings_svg(State(state): State<AppState>) -> Result<Response, ApiError> {
    let dir = dir(&state)?.to_path_buf();
    let svg = tokio::task::spawn_blocking(move || read(&dir, "ratings.svg"))
        .await
        .map_err(|_| ApiError::internal("reading the chart failed"))??
        .ok_or_else(|| ApiError::not_found("the tournament has no ratings.svg yet"))?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}
