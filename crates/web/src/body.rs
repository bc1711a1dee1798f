//! Request bodies: JSON objects of a bounded size, every failure a 400 with one line.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use serde::de::DeserializeOwned;

/// Parses a JSON body into `T`, or says what is wrong with it in one line.
pub fn parse<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        // The size limit shows as a length-limit error from the body reader.
        let text = e.body_text();
        if text.to_ascii_lowercase().contains("length limit") {
            ApiError::with_status(
                axum::http::StatusCode::PAYLOAD_TOO_LARGE,
                "request body too large",
            )
        } else {
            ApiError::bad(format!("cannot read the request body: {text}"))
        }
    })?;
    if bytes.is_empty() {
        return Err(ApiError::bad(
            "empty request body: expected a JSON object (see the API in README.md)",
        ));
    }
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("bad JSON body: {e}")))
}
