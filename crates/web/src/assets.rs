//! The page's files, built into the binary: no Node toolchain, no bundler, no file read at run
//! time. Each ES module has one job (see `assets/main.js`).

use crate::error::ApiError;
use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

/// Every asset: its path under `/assets/` and its text.
pub const ASSETS: &[(&str, &str)] = &[
    ("style.css", include_str!("../assets/style.css")),
    ("favicon.svg", include_str!("../assets/favicon.svg")),
    ("main.js", include_str!("../assets/main.js")),
    ("api.js", include_str!("../assets/api.js")),
    ("state.js", include_str!("../assets/state.js")),
    ("chooser.js", include_str!("../assets/chooser.js")),
    ("seats.js", include_str!("../assets/seats.js")),
    ("movelist.js", include_str!("../assets/movelist.js")),
    ("thinking.js", include_str!("../assets/thinking.js")),
    ("analysis.js", include_str!("../assets/analysis.js")),
    ("tournament.js", include_str!("../assets/tournament.js")),
    ("panels.js", include_str!("../assets/panels.js")),
    ("dom.js", include_str!("../assets/dom.js")),
    ("boards/index.js", include_str!("../assets/boards/index.js")),
    ("boards/svg.js", include_str!("../assets/boards/svg.js")),
    (
        "boards/columns.js",
        include_str!("../assets/boards/columns.js"),
    ),
    (
        "boards/connect4.js",
        include_str!("../assets/boards/connect4.js"),
    ),
    (
        "boards/desconecta.js",
        include_str!("../assets/boards/desconecta.js"),
    ),
    ("boards/hex.js", include_str!("../assets/boards/hex.js")),
    ("boards/kalah.js", include_str!("../assets/boards/kalah.js")),
    (
        "explain/panel.js",
        include_str!("../assets/explain/panel.js"),
    ),
    ("explain/tree.js", include_str!("../assets/explain/tree.js")),
    (
        "explain/layout.js",
        include_str!("../assets/explain/layout.js"),
    ),
    ("explain/draw.js", include_str!("../assets/explain/draw.js")),
    (
        "explain/summary.js",
        include_str!("../assets/explain/summary.js"),
    ),
    (
        "explain/stepper.js",
        include_str!("../assets/explain/stepper.js"),
    ),
    (
        "explain/preview.js",
        include_str!("../assets/explain/preview.js"),
    ),
    (
        "explain/format.js",
        include_str!("../assets/explain/format.js"),
    ),
];

/// The page itself.
pub const INDEX: &str = include_str!("../assets/index.html");

/// The content type of an asset, from its extension.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("html") => "text/html; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// `GET /`.
pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/{path}`: only the files of [`ASSETS`].
pub async fn asset(Path(path): Path<String>) -> Result<Response, ApiError> {
    let text = ASSETS
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, text)| *text)
        .ok_or_else(|| ApiError::not_found(format!("no asset '{path}'")))?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type(&path)),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response())
}
