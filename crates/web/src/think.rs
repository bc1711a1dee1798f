//! `POST /api/think`: an agent chooses a move, and the page watches it think.
//!
//! The answer is a stream of server-sent events: `start` (`{"id"}`: the id `POST /api/stop`
//! takes), `info` after each finished search iteration (depth, score, nodes, speed, principal
//! variation), then one final event, `done` (the move, its figures and the position after it)
//! or `error`. The agent is built from its spec before the stream starts, so a bad spec is a
//! plain 400. The search runs on a blocking thread in a search slot ([`crate::jobs`]); it is
//! stopped by `POST /api/stop`, by the server's time cap, or when the stream is dropped (the
//! page went away): the agent then answers with the best move it has.

use crate::body;
use crate::error::ApiError;
use crate::jobs::{Job, StopOnDrop};
use crate::position::{parse_game, parse_moves, position_view};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use poda_core::{Agent, Game, SearchInfo, Turn};
use poda_games::with_game;
use poda_players::{build_agent, PlayerGame};
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;

/// Events buffered between the search thread and the connection.
const EVENT_BUFFER: usize = 256;
/// At most one `info` event per this interval (the final figures always come with `done`).
const INFO_INTERVAL: Duration = Duration::from_millis(20);
/// A comment line this often keeps the stream alive, and shows soon that the page is gone.
const KEEP_ALIVE: Duration = Duration::from_millis(500);
/// The seed of the agents' random choices when a request names none.
pub const DEFAULT_SEED: u64 = 1;

/// The body of `POST /api/think`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThinkRequest {
    pub game: String,
    #[serde(default)]
    pub moves: String,
    /// An agent spec; `best` when absent.
    #[serde(default = "best")]
    pub agent: String,
    #[serde(default)]
    pub seed: Option<u64>,
}

fn best() -> String {
    "best".into()
}

/// The body of `POST /api/stop`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StopRequest {
    pub id: u64,
}

/// `POST /api/stop`: `{"stopped": true}` if a running search had that id.
pub async fn stop(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: StopRequest = body::parse(body)?;
    Ok(Json(json!({ "stopped": state.jobs.stop(req.id) })))
}

/// `POST /api/think`.
pub async fn think(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: ThinkRequest = body::parse(body)?;
    state.limits.check_agent(&req.agent)?;
    let game = parse_game(&req.game)?;
    with_game!(game, g => start(state, g, req).await)
}

/// One message from the search thread.
struct Message {
    name: &'static str,
    data: Value,
    last: bool,
}

async fn start<G: PlayerGame>(
    state: AppState,
    start: G,
    req: ThinkRequest,
) -> Result<Response, ApiError> {
    let (game, moves) = parse_moves(&start, &req.moves)?;
    if game.outcome().is_over() {
        return Err(ApiError::bad(format!(
            "the game is over ({}): nothing to think about",
            game.outcome()
        )));
    }
    let job = state.jobs.start()?;
    let id = job.id;
    let guard = StopOnDrop::new(job.stop.clone(), state.limits.max_time);
    let (built_tx, built_rx) = oneshot::channel();
    let (tx, rx) = mpsc::channel(EVENT_BUFFER);
    let watchdog_tx = tx.clone();
    let spec = req.agent.clone();
    let seed = req.seed.unwrap_or(DEFAULT_SEED);
    // A thread of its own, not tokio's blocking pool: an agent that ignores its stop flag
    // must not hold up the server's shutdown.
    let work = Work {
        job,
        start,
        game,
        moves,
        spec,
        seed,
    };
    std::thread::Builder::new()
        .name("poda-think".into())
        .spawn(move || work.run(built_tx, tx))
        .map_err(|e| ApiError::internal(format!("cannot start a search thread: {e}")))?;
    match built_rx.await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(e),
        Err(_) => return Err(ApiError::internal("the search thread ended early")),
    }
    // An agent that ignores its stop flag: the page hears it, the slot stays taken until the
    // thread ends.
    let deadline = state.limits.max_time + state.limits.stop_grace;
    tokio::spawn(async move {
        tokio::time::sleep(deadline).await;
        let _ = watchdog_tx
            .send(Message {
                name: "error",
                data: json!({"error": format!(
                    "the agent did not stop within {:.0} s; its move is lost",
                    deadline.as_secs_f64()
                )}),
                last: true,
            })
            .await;
    });
    let first = Message {
        name: "start",
        data: json!({"id": id, "agent": req.agent, "game": req.game, "moves": req.moves}),
        last: false,
    };
    let stream = Events {
        first: Some(first),
        inner: ReceiverStream::new(rx),
        ended: false,
        _guard: guard,
    };
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response())
}

/// The event stream: the `start` event, then the thread's messages up to the last one. It
/// holds the job's [`StopOnDrop`], so dropping it (the page went away) stops the search.
struct Events {
    first: Option<Message>,
    inner: ReceiverStream<Message>,
    ended: bool,
    _guard: StopOnDrop,
}

impl Stream for Events {
    type Item = Result<Event, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.ended {
            return Poll::Ready(None);
        }
        let message = match self.first.take() {
            Some(m) => m,
            None => match Pin::new(&mut self.inner).poll_next(cx) {
                Poll::Ready(Some(m)) => m,
                Poll::Ready(None) => return Poll::Ready(None),
                Poll::Pending => return Poll::Pending,
            },
        };
        self.ended = message.last;
        let event = Event::default()
            .event(message.name)
            .data(message.data.to_string());
        Poll::Ready(Some(Ok(event)))
    }
}

/// What the search thread needs.
struct Work<G: PlayerGame> {
    job: Job,
    start: G,
    game: G,
    moves: Vec<G::Move>,
    spec: String,
    seed: u64,
}

impl<G: PlayerGame> Work<G> {
    fn run(self, built: oneshot::Sender<Result<(), ApiError>>, tx: mpsc::Sender<Message>) {
        let agent = build_agent(&self.start, &self.spec)
            .map_err(|e| ApiError::bad(format!("agent '{}': {e}", self.spec)));
        let mut agent = match agent {
            Ok(agent) => agent,
            Err(e) => {
                let _ = built.send(Err(e));
                return;
            }
        };
        if built.send(Ok(())).is_err() {
            return;
        }
        let message = match std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.choose(agent.as_mut(), &tx)
        })) {
            Ok(Ok(done)) => Message {
                name: "done",
                data: done,
                last: true,
            },
            Ok(Err(error)) => Message {
                name: "error",
                data: json!({ "error": error }),
                last: true,
            },
            Err(_) => Message {
                name: "error",
                data: json!({"error": format!("agent '{}' failed (an internal error)", self.spec)}),
                last: true,
            },
        };
        // The slot is free before the page hears the move, so it may ask for the next one.
        drop(self.job);
        let _ = tx.blocking_send(message);
    }

    /// The agent's move and the `done` event's data, or a one-line error.
    fn choose(
        &self,
        agent: &mut dyn Agent<G>,
        tx: &mpsc::Sender<Message>,
    ) -> Result<Value, String> {
        agent.new_game(self.seed);
        let mut before = self.start.clone();
        for &mv in &self.moves {
            agent.observe(&before, mv);
            before.play_unchecked(mv);
        }
        let game = &self.game;
        let mut last_sent: Option<Instant> = None;
        let mut progress = |info: &SearchInfo<G::Move>| {
            if last_sent.is_some_and(|t| t.elapsed() < INFO_INTERVAL) {
                return;
            }
            last_sent = Some(Instant::now());
            // A full buffer (a page that reads slowly) drops an update, never blocks the search.
            let _ = tx.try_send(Message {
                name: "info",
                data: info_json(game, info),
                last: false,
            });
        };
        let mut turn = Turn {
            stop: Some(&self.job.stop),
            progress: Some(&mut progress),
            time_left: None,
        };
        let choice = agent
            .choose(game, &mut turn)
            .map_err(|e| format!("agent '{}' failed: {e}", self.spec))?;
        if !game.is_legal(choice.mv) {
            return Err(format!(
                "agent '{}' chose an illegal move {:?}",
                self.spec, choice.mv
            ));
        }
        let mut moves = self.moves.clone();
        moves.push(choice.mv);
        let after = game.after(choice.mv);
        Ok(json!({
            "move": game.format_move(choice.mv),
            "info": choice.info.as_ref().map(|i| info_json(game, i)),
            "stopped": self.job.stop.load(Ordering::Relaxed),
            "position": position_view(&self.start, &after, &moves),
        }))
    }
}

/// `{"depth","score","value","nodes","nps","time_ms","pv"}` of one search report; `score` is
/// the side to move's (`+12`, `-3`, `W5` = wins in 5 plies, `L4`), `value` the raw number.
pub fn info_json<G: Game>(game: &G, info: &SearchInfo<G::Move>) -> Value {
    json!({
        "depth": info.depth,
        "score": info.score.to_string(),
        "value": info.score.value(),
        "nodes": info.nodes,
        "nps": info.nodes_per_second(),
        "time_ms": (info.time.as_secs_f64() * 1000.0 * 10.0).round() / 10.0,
        "pv": pv_strings(game, &info.pv),
    })
}

/// A principal variation in the game's notation, each move formatted in the position where
/// it is played; stops at a move that is not legal there (a stale table move).
pub fn pv_strings<G: Game>(game: &G, pv: &[G::Move]) -> Vec<String> {
    let mut pos = game.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &mv in pv {
        if !pos.is_legal(mv) {
            break;
        }
        out.push(pos.format_move(mv));
        pos.play_unchecked(mv);
    }
    out
}
