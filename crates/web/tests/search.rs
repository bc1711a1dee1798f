//! Thinking and analysis through the API: exact scores where a solver knows them, bounded and
//! stopped searches, the busy answer, a search that ends when its stream is dropped.

mod common;

use common::{app, app_with, get, idle_within, post, Events};
use poda_core::Game;
use poda_games::hex::Hex;
use poda_solve::hex::HexSolver;
use poda_web::limits::ServerLimits;
use serde_json::{json, Value};
use std::time::Duration;

fn scores(analysis: &Value) -> Vec<(String, i64, bool)> {
    analysis["analysis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["move"].as_str().unwrap().to_string(),
                r["value"].as_i64().unwrap(),
                r["exact"].as_bool().unwrap(),
            )
        })
        .collect()
}

async fn analyse(game: &str, moves: &str, time_ms: u64) -> Value {
    let body = json!({"game": game, "moves": moves, "time_ms": time_ms}).to_string();
    let (status, a) = post(&app(), "/api/analyze", &body).await;
    assert_eq!(status, 200, "{game} {moves}: {a}");
    a
}

#[tokio::test(flavor = "multi_thread")]
async fn connect4_empty_board_is_exact() {
    let a = analyse("connect4", "", 5000).await;
    let values: Vec<i64> = scores(&a).iter().map(|s| s.1).collect();
    assert_eq!(values, vec![-2, -1, 0, 1, 0, -1, -2]);
    assert!(scores(&a).iter().all(|s| s.2), "all exact: {a}");
    assert_eq!(a["exact"], true);
    assert_eq!(a["best"], "4");
    assert_eq!(a["pv"][0], "4");
    let heat: Vec<f64> = a["analysis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["heat"].as_f64().unwrap())
        .collect();
    assert!(heat[3] > 0.0 && heat[2] == 0.0 && heat[0] < heat[1] && heat[1] < 0.0);
}

#[tokio::test(flavor = "multi_thread")]
async fn connect4_position_matches_the_solver() {
    // `poda solve connect4 4453 --analyze` prints -5 -5 -2 -3 -4 -2 -2.
    let a = analyse("connect4", "4453", 5000).await;
    let values: Vec<i64> = scores(&a).iter().map(|s| s.1).collect();
    assert_eq!(values, vec![-5, -5, -2, -3, -4, -2, -2]);
    assert_eq!(a["exact"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn misere_connect4_is_exact() {
    // README: poda solve "misere(connect4)" 3217777772135333 --analyze
    //   1:-4 2:-2 3:-2 4:-5 5:-3 6:-3 (column 7 is full).
    let a = analyse("misere(connect4)", "3217777772135333", 8000).await;
    let got: Vec<(String, i64)> = scores(&a).into_iter().map(|s| (s.0, s.1)).collect();
    let want: Vec<(String, i64)> = [
        ("1", -4),
        ("2", -2),
        ("3", -2),
        ("4", -5),
        ("5", -3),
        ("6", -3),
    ]
    .iter()
    .map(|&(m, v)| (m.to_string(), v))
    .collect();
    assert_eq!(got, want, "{a}");
    assert_eq!(a["exact"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn hex_small_boards_are_exact() {
    // 4x4: the four cells of the short diagonal win (d1 c2 b3 a4), as `poda solve` says.
    let a = analyse("hex(size=4)", "", 5000).await;
    let wins: Vec<String> = scores(&a)
        .into_iter()
        .filter(|s| s.1 > 0)
        .map(|s| s.0)
        .collect();
    assert_eq!(wins, vec!["d1", "c2", "b3", "a4"]);
    assert_eq!(a["exact"], true);
    assert_eq!(a["analysis"][0]["score"], "loss");
    // 5x5 after the centre: every White reply loses; the solver agrees move by move.
    let a = analyse("hex(size=5)", "c3", 5000).await;
    assert!(scores(&a).iter().all(|s| s.1 == -1 && s.2), "{a}");
    let game = poda_core::notation::play_line(
        &Hex::from_spec(&poda_core::Spec::parse("hex(size=5)").unwrap()).unwrap(),
        "c3",
    )
    .unwrap()
    .0;
    let proven = HexSolver::new().analyze(&game).unwrap();
    assert_eq!(proven.len(), scores(&a).len());
    for ((mv, s), row) in proven.iter().zip(scores(&a)) {
        assert_eq!((game.format_move(*mv), *s as i64), (row.0, row.1));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn kalah_near_the_end_is_exact() {
    // Kalah(4,3): 24 seeds, within the solver's reach from the start.
    let a = analyse("kalah(pits=4,seeds=3)", "", 8000).await;
    assert_eq!(a["exact"], true, "{a}");
    let game = poda_games::kalah::Kalah::from_spec(
        &poda_core::Spec::parse("kalah(pits=4,seeds=3)").unwrap(),
    )
    .unwrap();
    let config = poda_solve::kalah::SolverConfig::default();
    let mut solver = poda_solve::kalah::KalahSolver::new(&game, &config).unwrap();
    let root = solver.solve(&game) as i64;
    let best = scores(&a).iter().map(|s| s.1).max().unwrap();
    assert_eq!(best, root, "the best move keeps the solver's value");
    assert!(a["units"].as_str().unwrap().contains("store difference"));
}

#[tokio::test(flavor = "multi_thread")]
async fn games_without_a_solver_are_estimated() {
    for (game, moves) in [
        ("desconecta4boom", "1234"),
        ("hex(size=9)", "e5"),
        ("kalah", ""),
        ("connect4(width=8,height=7)", ""),
    ] {
        let a = analyse(game, moves, 400).await;
        let rows = scores(&a);
        assert!(!rows.is_empty(), "{game}: {a}");
        assert!(rows.iter().all(|s| !s.2), "{game}: estimated");
        assert_eq!(a["exact"], false);
        assert!(a["depth"].as_u64().unwrap() >= 1, "{game}: {a}");
        let legal = get(
            &app(),
            &format!("/api/position?game={}&moves={moves}", common::url(game)),
        )
        .await
        .1;
        assert_eq!(
            rows.len(),
            legal["legal"].as_array().unwrap().len(),
            "{game}: every legal move"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn analysis_refuses_bad_requests() {
    let app = app();
    for body in [
        r#"{"game":"connect4","moves":"1212121"}"#,
        r#"{"game":"connect4","time_ms":0}"#,
        r#"{"game":"connect4","time_ms":3600000}"#,
        r#"{"game":"go"}"#,
        r#"{"moves":"44"}"#,
        "[1,2,3]",
    ] {
        let (status, e) = post(&app, "/api/analyze", body).await;
        assert_eq!(status, 400, "{body}: {e}");
        assert!(e["error"].is_string(), "{body}: {e}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bounded_think_streams_progress_and_a_move() {
    let app = app();
    for (game, moves) in [
        ("connect4", "4453"),
        ("desconecta4boom", ""),
        ("hex(size=7)", "d4"),
        ("kalah", "4"),
        ("misere(connect4)", "44"),
    ] {
        let body =
            json!({"game": game, "moves": moves, "agent": "engine(movetime=150ms)"}).to_string();
        let events = Events::open(&app, &body).await.unwrap().all().await;
        assert_eq!(events[0].0, "start", "{game}");
        let (last, done) = events.last().unwrap();
        assert_eq!(last, "done", "{game}: {events:?}");
        assert!(events.iter().any(|e| e.0 == "info"), "{game}: progress");
        let position = &done["position"];
        let history = position["history"].as_array().unwrap();
        assert_eq!(history.last().unwrap(), &done["move"]);
        assert_eq!(done["info"]["pv"][0], done["move"]);
        assert_eq!(done["stopped"], false);
    }
    assert!(idle_within(&app, Duration::from_secs(5)).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_default_agent_is_best_and_plays_every_game() {
    let app = app();
    for game in [
        "connect4",
        "desconecta4boom",
        "misere(connect4)",
        "hex(size=5)",
        "kalah",
    ] {
        let body = json!({"game": game, "agent": "best(movetime=100ms)"}).to_string();
        let events = Events::open(&app, &body).await.unwrap().all().await;
        assert_eq!(events.last().unwrap().0, "done", "{game}: {events:?}");
    }
    let body = json!({"game": "connect4", "moves": "4444"}).to_string();
    let first = Events::open(&app, &body)
        .await
        .unwrap()
        .next()
        .await
        .unwrap();
    assert_eq!(first.1["agent"], "best");
}

#[tokio::test(flavor = "multi_thread")]
async fn stop_makes_the_agent_move_now() {
    let app = app();
    let body =
        json!({"game": "connect4", "moves": "", "agent": "engine(movetime=10s)"}).to_string();
    let mut events = Events::open(&app, &body).await.unwrap();
    let (name, start) = events.next().await.unwrap();
    assert_eq!(name, "start");
    let id = start["id"].as_u64().unwrap();
    let (status, answer) = post(&app, "/api/stop", &json!({"id": id}).to_string()).await;
    assert_eq!((status.as_u16(), answer), (200, json!({"stopped": true})));
    let rest = events.all().await;
    let (last, done) = rest.last().unwrap();
    assert_eq!(last, "done");
    assert_eq!(done["stopped"], true);
    assert!(done["info"]["time_ms"].as_f64().unwrap() < 10_000.0);
    // The search is over: its id is gone.
    let (_, answer) = post(&app, "/api/stop", &json!({"id": id}).to_string()).await;
    assert_eq!(answer, json!({"stopped": false}));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_time_cap_stops_a_search_that_has_no_time_limit() {
    let app = app_with(
        ServerLimits {
            max_time: Duration::from_millis(300),
            ..ServerLimits::default()
        },
        None,
    );
    for agent in [
        "engine(depth=64)",
        "minimax(depth=20)",
        "mcts(sims=1000000000)",
    ] {
        let body = json!({"game": "connect4", "agent": agent}).to_string();
        let events = Events::open(&app, &body).await.unwrap().all().await;
        let (last, done) = events.last().unwrap();
        assert_eq!(last, "done", "{agent}: {events:?}");
        assert_eq!(done["stopped"], true, "{agent}");
    }
    let (status, e) = post(
        &app,
        "/api/think",
        &json!({"game": "connect4", "agent": "engine(movetime=1s)"}).to_string(),
    )
    .await;
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("cap"), "{e}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dropped_stream_stops_its_search() {
    let app = app();
    let body = json!({"game": "hex", "agent": "engine(movetime=10s)"}).to_string();
    let mut events = Events::open(&app, &body).await.unwrap();
    assert_eq!(events.next().await.unwrap().0, "start");
    let (_, limits) = get(&app, "/api/limits").await;
    assert_eq!(limits["running"], 1);
    drop(events);
    assert!(
        idle_within(&app, Duration::from_secs(5)).await,
        "the search ended when its page went away"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn more_searches_than_slots_get_busy() {
    let app = app(); // two slots
    let body = json!({"game": "connect4", "agent": "engine(movetime=10s)"}).to_string();
    let mut a = Events::open(&app, &body).await.unwrap();
    let mut b = Events::open(&app, &body).await.unwrap();
    let id_a = a.next().await.unwrap().1["id"].as_u64().unwrap();
    let id_b = b.next().await.unwrap().1["id"].as_u64().unwrap();
    let refused = Events::open(&app, &body)
        .await
        .err()
        .expect("a third search is refused");
    assert_eq!(refused.0.as_u16(), 503);
    assert!(
        refused.1["error"].as_str().unwrap().starts_with("busy"),
        "{:?}",
        refused.1
    );
    let (status, e) = post(&app, "/api/analyze", r#"{"game":"connect4"}"#).await;
    assert_eq!(status.as_u16(), 503, "{e}");
    // Positions and moves never wait for a search slot.
    assert_eq!(
        get(&app, "/api/position?game=connect4&moves=44").await.0,
        200
    );
    for id in [id_a, id_b] {
        post(&app, "/api/stop", &json!({"id": id}).to_string()).await;
    }
    assert_eq!(a.all().await.last().unwrap().0, "done");
    assert_eq!(b.all().await.last().unwrap().0, "done");
    assert!(idle_within(&app, Duration::from_secs(5)).await);
    assert_eq!(
        Events::open(&app, &body.replace("10s", "50ms"))
            .await
            .unwrap()
            .all()
            .await
            .last()
            .unwrap()
            .0,
        "done"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_agents_and_bodies_are_refused() {
    let app = app();
    let cases = [
        (r#"{"game":"connect4","agent":"grandmaster"}"#, "unknown"),
        (
            r#"{"game":"connect4","agent":"engine(movetime=banana)"}"#,
            "movetime",
        ),
        (
            r#"{"game":"connect4","agent":"external(cmd=\"sh -c date\")"}"#,
            "runs a program",
        ),
        (
            r#"{"game":"kalah","agent":"ugr-bot(cmd=./bot)"}"#,
            "runs a program",
        ),
        (
            r#"{"game":"connect4","agent":"engine(movetime=30m)"}"#,
            "cap",
        ),
        (r#"{"game":"connect4","agent":"engine(tt=999999)"}"#, "cap"),
        (r#"{"game":"connect4","agent":"minimax(depth=100)"}"#, "cap"),
        (r#"{"game":"connect4","moves":"1212121"}"#, "over"),
        (r#"{"game":"connect4","moves":"9"}"#, "moves '9'"),
        (r#"{"game":"connect4","sneaky":1}"#, "unknown field"),
        (r#"{"game":42}"#, "bad JSON"),
        ("not json at all", "bad JSON"),
        ("", "empty"),
    ];
    for (body, words) in cases {
        let refused = Events::open(&app, body)
            .await
            .err()
            .unwrap_or_else(|| panic!("{body} was accepted"));
        assert_eq!(refused.0.as_u16(), 400, "{body}: {:?}", refused.1);
        let message = refused.1["error"].as_str().unwrap();
        assert!(message.contains(words), "{body}: {message}");
        assert!(!message.contains('\n'));
    }
    assert!(
        idle_within(&app, Duration::from_secs(5)).await,
        "no slot leaked"
    );
    for body in ["", "{", r#"{"id":"x"}"#, r#"{"id":-1}"#] {
        assert_eq!(post(&app, "/api/stop", body).await.0, 400, "{body}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn garbage_and_oversized_bodies_on_every_route() {
    let app = app_with(
        ServerLimits {
            max_body_bytes: 1024,
            ..ServerLimits::default()
        },
        None,
    );
    let huge = format!(r#"{{"game":"connect4","moves":"{}"}}"#, "4".repeat(5000));
    for route in [
        "/api/move",
        "/api/think",
        "/api/analyze",
        "/api/explain",
        "/api/stop",
    ] {
        for body in [
            "",
            "\u{0}\u{1}binary",
            "{\"game\":",
            "null",
            "[]",
            "{}",
            "\"text\"",
        ] {
            let (status, e) = post(&app, route, body).await;
            assert_eq!(status.as_u16(), 400, "{route} {body:?}: {e}");
            assert!(e["error"].is_string(), "{route} {body:?}: {e}");
        }
        let (status, e) = post(&app, route, &huge).await;
        assert_eq!(status.as_u16(), 413, "{route}: {e}");
        assert_eq!(e["error"], "request body too large");
    }
    let (status, e) = get(&app, "/api/nothing").await;
    assert_eq!((status.as_u16(), e["error"].is_string()), (404, true));
    let (status, _) = get(&app, "/api/move").await;
    assert_eq!(status.as_u16(), 405);
    // The server still serves.
    assert_eq!(get(&app, "/api/position?game=kalah").await.0, 200);
}
