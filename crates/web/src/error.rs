//! The API's errors: a status and a one-line message, sent as `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// An error answer of the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    /// Bad input (status 400): a game spec, a move, a board, an agent, a body.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::with_status(StatusCode::BAD_REQUEST, message)
    }

    /// Every search slot is taken (status 503).
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::with_status(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// Nothing there (status 404).
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::with_status(StatusCode::NOT_FOUND, message)
    }

    /// The server failed (status 500): never the user's fault.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::with_status(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// Any status; the message is kept on one line.
    pub fn with_status(status: StatusCode, message: impl Into<String>) -> ApiError {
        let message: String = message.into();
        ApiError {
            status,
            message: one_line(&message),
        }
    }

    /// The JSON body of this error.
    pub fn body(&self) -> serde_json::Value {
        json!({ "error": self.message })
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

/// Newlines and runs of spaces become single spaces.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
