//! `POST /api/explain` in-process: the trace of `poda explain` (its golden JSON), every game,
//! the node cap named in a 400, the busy answer, bad input of every kind.

mod common;

use common::{app, app_with, get, idle_within, post, Events};
use poda_web::limits::ServerLimits;
use serde_json::{json, Value};
use std::time::Duration;

/// `poda explain`'s golden JSON: `poda explain connect4 1111112222223 --depth 3 --algo
/// alphabeta,engine --format json`, times dropped (crates/cli/tests/explain.rs keeps it).
const GOLDEN: &str = include_str!("../../cli/tests/data/explain/connect4-json.json");

fn drop_times(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.remove("time_ms");
            map.values_mut().for_each(drop_times);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_times),
        _ => {}
    }
}

async fn explain(body: Value) -> (u16, Value) {
    let (status, v) = post(&app(), "/api/explain", &body.to_string()).await;
    (status.as_u16(), v)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_connect4_trace_is_poda_explains_json() {
    let (status, mut v) = explain(json!({
        "game": "connect4", "moves": "1111112222223", "depth": 3, "algo": "alphabeta,engine",
    }))
    .await;
    assert_eq!(status, 200, "{v}");
    for a in v["algorithms"].as_array().unwrap() {
        assert!(a["time_ms"].as_f64().unwrap() >= 0.0);
    }
    drop_times(&mut v);
    let golden: Value = serde_json::from_str(GOLDEN).unwrap();
    assert_eq!(v, golden);
    assert_eq!(v["algorithms"][0]["trace"].as_array().unwrap().len(), 55);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_game_is_explained_with_its_evaluators() {
    let cases = [
        ("connect4(width=5,height=4)", "", "minimax,alphabeta", None),
        ("misere(connect4)", "4", "alphabeta-soft", None),
        ("desconecta4boom", "1234567123", "ordered,engine", None),
        ("hex(size=3)", "b2", "all", None),
        ("kalah", "", "minimax,ordered", Some("store-diff")),
        ("kalah(pits=4,seeds=3)", "1", "all", None),
    ];
    for (game, moves, algo, eval) in cases {
        let mut body = json!({"game": game, "moves": moves, "depth": 2, "algo": algo});
        if let Some(e) = eval {
            body["eval"] = json!(e);
        }
        let (status, v) = explain(body).await;
        assert_eq!(status, 200, "{game}: {v}");
        let algorithms = v["algorithms"].as_array().unwrap();
        assert!(!algorithms.is_empty());
        let values: Vec<&Value> = algorithms.iter().map(|a| &a["value"]).collect();
        for a in algorithms {
            let trace = a["trace"].as_array().unwrap();
            assert_eq!(trace.len() as u64, a["nodes"].as_u64().unwrap(), "{game}");
            assert_eq!(trace[0]["parent"], Value::Null);
            // Roots (one per iteration for the engine) have no path, every other node one.
            assert!(trace
                .iter()
                .all(|n| (n["path"] == "") == n["parent"].is_null()));
        }
        // The engine may only differ in a game that can cycle; none of these does at depth 2.
        assert!(values.iter().all(|&x| x == values[0]), "{game}: {values:?}");
        if let Some(e) = eval {
            assert_eq!(v["eval"], e);
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_node_cap_is_a_400_that_names_it() {
    // Minimax to depth 6 from the start visits 137,257 nodes.
    let (status, v) = explain(json!({"game": "connect4", "depth": 6, "algo": "minimax"})).await;
    assert_eq!(status, 400, "{v}");
    let message = v["error"].as_str().unwrap();
    assert!(message.contains("50,000 nodes"), "{message}");
    assert!(message.contains("minimax at depth 6"), "{message}");
    // A server with a smaller cap says its own.
    let small = app_with(
        ServerLimits {
            max_explain_nodes: 100,
            ..ServerLimits::default()
        },
        None,
    );
    let body = json!({"game": "connect4", "depth": 3, "algo": "alphabeta"}).to_string();
    let (status, v) = post(&small, "/api/explain", &body).await;
    assert_eq!(status.as_u16(), 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("100 nodes"), "{v}");
    let (_, limits) = get(&small, "/api/limits").await;
    assert_eq!(limits["max_explain_nodes"], 100);
    assert!(
        idle_within(&small, Duration::from_secs(5)).await,
        "no slot leaked"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_requests_get_one_line_400s() {
    let app = app();
    let cases = [
        (
            r#"{"game":"connect4","depth":0}"#,
            "depth 0 is out of range",
        ),
        (r#"{"game":"connect4","depth":65}"#, "depth 65"),
        (r#"{"game":"connect4","depth":99999999999}"#, "out of range"),
        (r#"{"game":"connect4","depth":-1}"#, "bad JSON"),
        (r#"{"game":"connect4"}"#, "depth"),
        (
            r#"{"game":"connect4","depth":2,"algo":"negamax"}"#,
            "unknown algorithm 'negamax'",
        ),
        (
            r#"{"game":"connect4","depth":2,"algo":","}"#,
            "no algorithm",
        ),
        (
            r#"{"game":"connect4","depth":2,"eval":"nope"}"#,
            "eval nope",
        ),
        (r#"{"game":"connect4","moves":"9","depth":2}"#, "moves '9'"),
        (
            r#"{"game":"connect4","moves":"1213141","depth":2}"#,
            "the game is over",
        ),
        (r#"{"game":"chess","depth":2}"#, "chess"),
        (
            r#"{"game":"connect4","depth":2,"sneaky":1}"#,
            "unknown field",
        ),
        (r#"{"game":"connect4","depth":"2"}"#, "bad JSON"),
        ("not json", "bad JSON"),
        ("", "empty"),
    ];
    for (body, words) in cases {
        let (status, v) = post(&app, "/api/explain", body).await;
        assert_eq!(status.as_u16(), 400, "{body}: {v}");
        let message = v["error"].as_str().unwrap();
        assert!(message.contains(words), "{body}: {message}");
        assert!(!message.contains('\n'));
    }
    assert!(
        idle_within(&app, Duration::from_secs(5)).await,
        "no slot leaked"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_full_server_answers_busy() {
    let app = app_with(
        ServerLimits {
            max_searches: 1,
            ..ServerLimits::default()
        },
        None,
    );
    let think = json!({"game": "connect4", "agent": "engine(movetime=10s)"}).to_string();
    let mut events = Events::open(&app, &think).await.unwrap();
    let id = events.next().await.unwrap().1["id"].as_u64().unwrap();
    let body = json!({"game": "connect4", "depth": 2}).to_string();
    let (status, v) = post(&app, "/api/explain", &body).await;
    assert_eq!(status.as_u16(), 503, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("busy"), "{v}");
    post(&app, "/api/stop", &json!({"id": id}).to_string()).await;
    assert_eq!(events.all().await.last().unwrap().0, "done");
    assert!(idle_within(&app, Duration::from_secs(5)).await);
    let (status, v) = post(&app, "/api/explain", &body).await;
    assert_eq!(status.as_u16(), 200, "{v}");
}
