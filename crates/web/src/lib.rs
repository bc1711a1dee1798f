//! poda-web: `poda serve`, a workbench in the browser to play, watch and analyse every game.
//!
//! The server is axum on tokio; the page is hand-written ES modules, SVG and CSS, built into
//! the binary ([`assets`]), so one binary is all a user needs. The JSON API the page uses is
//! documented in README.md and in [`routes`]; scripts can use it too.
//!
//! - [`position`]: a game and its moves from a request; the position JSON (the same as
//!   `poda show --json`, which prints it through this module).
//! - [`catalog`]: the games and their parameters, the agents of a game.
//! - [`limits`]: what the server allows (time, depth, nodes, table size; no agent that runs a
//!   program) and [`jobs`]: at most as many searches at once as cores, stop flags.
//! - [`think`]: an agent's move with live thinking (server-sent events) and a stop button.
//! - [`analysis`]: every legal move's score, exact where a solver finishes in time.
//! - [`explain`]: a search traced node by node (`poda explain`'s JSON, which it prints
//!   through this module), for the page's explain panel.
//! - [`tournament`]: a `poda tournament` output directory, read-only.
//!
//! Bad input of any kind gets status 400 and a one-line JSON error `{"error": "..."}`; a full
//! server gets 503 and `{"error": "busy: ..."}`; nothing panics on input.
#![forbid(unsafe_code)]

pub mod analysis;
pub mod assets;
mod body;
pub mod catalog;
pub mod error;
pub mod explain;
pub mod jobs;
pub mod limits;
pub mod position;
pub mod routes;
pub mod think;
pub mod tournament;

use jobs::Jobs;
use limits::ServerLimits;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use error::ApiError;
pub use explain::explanation_json;
pub use position::position_json;
pub use routes::router;

/// What `poda serve` was asked for.
#[derive(Clone, Debug, Default)]
pub struct ServerConfig {
    pub limits: ServerLimits,
    /// A `poda tournament` output directory to show, if any; no other file is ever read.
    pub tournament: Option<PathBuf>,
}

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    pub limits: Arc<ServerLimits>,
    pub jobs: Arc<Jobs>,
    pub tournament: Option<Arc<PathBuf>>,
}

impl AppState {
    pub fn new(config: ServerConfig) -> AppState {
        AppState {
            jobs: Arc::new(Jobs::new(config.limits.max_searches)),
            limits: Arc::new(config.limits),
            tournament: config.tournament.map(Arc::new),
        }
    }
}

/// Binds `addr` and serves until Ctrl-C; `ready` is called with the bound address (the port
/// may have been 0) before the first request is accepted.
pub async fn serve(
    addr: SocketAddr,
    config: ServerConfig,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    ready(listener.local_addr()?);
    let app = router(AppState::new(config));
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
