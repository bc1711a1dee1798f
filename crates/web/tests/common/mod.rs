//! Calling the router in-process (no socket), and reading its server-sent events.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use poda_web::limits::ServerLimits;
use poda_web::{router, AppState, ServerConfig};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tower::ServiceExt;

pub fn app_with(limits: ServerLimits, tournament: Option<PathBuf>) -> Router {
    router(AppState::new(ServerConfig { limits, tournament }))
}

pub fn app() -> Router {
    app_with(
        ServerLimits {
            max_searches: 2,
            ..ServerLimits::default()
        },
        None,
    )
}

pub async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    let response = app
        .clone()
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value)
}

pub async fn post(app: &Router, uri: &str, body: &str) -> (StatusCode, Value) {
    let response = app
        .clone()
        .oneshot(
            Request::post(uri)
                .header("content-type", "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).to_string()));
    (status, value)
}

/// An open event stream of `POST /api/think`.
pub struct Events {
    body: Body,
    buffer: String,
}

impl Events {
    /// Starts thinking; `Err` holds the status and JSON of a refusal.
    pub async fn open(app: &Router, body: &str) -> Result<Events, (StatusCode, Value)> {
        let response = app
            .clone()
            .oneshot(
                Request::post("/api/think")
                    .header("content-type", "application/json")
                    .body(Body::from(body.to_string()))
                    .unwrap(),
            )
            .await
            .unwrap();
        if response.status() != StatusCode::OK {
            let status = response.status();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            return Err((
                status,
                serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            ));
        }
        Ok(Events {
            body: response.into_body(),
            buffer: String::new(),
        })
    }

    /// The next event (name, data), skipping keep-alive comments; `None` at the end.
    pub async fn next(&mut self) -> Option<(String, Value)> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::new();
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(rest) = line.strip_prefix("event:") {
                        name = rest.trim().to_string();
                    } else if let Some(rest) = line.strip_prefix("data:") {
                        data.push_str(rest.trim());
                    }
                }
                if data.is_empty() {
                    continue;
                }
                return Some((name, serde_json::from_str(&data).unwrap()));
            }
            let frame = self.body.frame().await?.ok()?;
            if let Ok(bytes) = frame.into_data() {
                self.buffer.push_str(&String::from_utf8_lossy(&bytes));
            }
        }
    }

    /// Every event to the end of the stream.
    pub async fn all(mut self) -> Vec<(String, Value)> {
        let mut out = Vec::new();
        while let Some(e) = self.next().await {
            out.push(e);
        }
        out
    }
}

/// Waits (at most `limit`) until no search is running, and says whether that happened.
pub async fn idle_within(app: &Router, limit: Duration) -> bool {
    let began = Instant::now();
    while began.elapsed() < limit {
        let (_, limits) = get(app, "/api/limits").await;
        if limits["running"] == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

pub fn url(text: &str) -> String {
    text.replace(' ', "%20")
        .replace('(', "%28")
        .replace(')', "%29")
        .replace(',', "%2C")
        .replace('=', "%3D")
}
