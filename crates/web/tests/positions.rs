//! Positions and moves through the API, for every game: the position JSON (the same fields
//! as `poda show --json`), a legal move, an illegal one, bad specs and move strings.

mod common;

use common::{app, get, post, url};
use poda_games::with_game;
use poda_web::position_json;
use serde_json::{json, Value};

/// (game spec, moves, a legal next move, an illegal next move)
const CASES: &[(&str, &str, &str, &str)] = &[
    ("connect4", "4453", "4", "8"),
    ("connect4(width=8,height=7)", "11", "8", "9"),
    ("misere(connect4)", "444444", "5", "4"),
    ("desconecta4boom", "1234567123", "b", "9"),
    ("hex(size=5)", "c3 b4", "a1", "c3"),
    ("hex(size=9,swap=true)", "a1", "swap", "a1"),
    ("kalah", "4", "1", "4"),
    ("kalah(pits=4,seeds=3,empty_capture=true)", "", "2", "7"),
];

/// What `poda show GAME MOVES --json` prints, computed the same way.
fn show_json(spec: &str, moves: &str) -> Value {
    let game = poda_games::AnyGame::parse(spec).unwrap();
    with_game!(game, start => {
        let (g, m) = poda_core::notation::play_line(&start, moves).unwrap();
        position_json(&g, &m)
    })
}

#[tokio::test]
async fn positions_of_every_game_carry_the_show_json() {
    let app = app();
    for &(spec, moves, _, _) in CASES {
        let (status, p) = get(
            &app,
            &format!("/api/position?game={}&moves={}", url(spec), url(moves)),
        )
        .await;
        assert_eq!(status, 200, "{spec} {moves}: {p}");
        let show = show_json(spec, moves);
        for (key, value) in show.as_object().unwrap() {
            assert_eq!(&p[key], value, "{spec} {moves}: field {key}");
        }
        let plies = p["ply"].as_u64().unwrap() as usize;
        assert_eq!(p["history"].as_array().unwrap().len(), plies, "{spec}");
        assert_eq!(p["movers"].as_array().unwrap().len(), plies, "{spec}");
        assert_eq!(p["outcome"], "ongoing");
    }
}

#[tokio::test]
async fn known_boards() {
    let app = app();
    let (_, p) = get(&app, "/api/position?game=connect4&moves=4453").await;
    assert_eq!(
        p["board"],
        "......./......./......./......./...o.../..oxx.."
    );
    assert_eq!(p["to_move"], 1);
    assert_eq!(p["moves"], "4453");
    // Round 5's pieces are bombs: X and O.
    let (_, p) = get(&app, "/api/position?game=desconecta4boom&moves=1234567123").await;
    assert_eq!(
        p["board"],
        "......./......./......./......./......./oXO..../xoxoxox"
    );
    assert!(p["legal"].as_array().unwrap().contains(&json!("b")));
    assert_eq!(p["max_plies"], 1000);
    // Kalah: store then pits 1..6 for each player (pit 1 next to the store); pit 4's four
    // seeds end in the store: an extra turn.
    let (_, p) = get(&app, "/api/position?game=kalah&moves=4").await;
    assert_eq!(p["board"], "1,5,5,5,0,4,4/0,4,4,4,4,4,4");
    assert_eq!(p["to_move"], 1);
    assert_eq!(p["movers"], json!([1]));
    let (_, p) = get(&app, "/api/position?game=hex(size=3)&moves=b2%20a1").await;
    assert_eq!(p["board"], "o../.x./...");
}

#[tokio::test]
async fn a_legal_move_plays_and_an_illegal_one_says_why() {
    let app = app();
    for &(spec, moves, legal, illegal) in CASES {
        let body = json!({"game": spec, "moves": moves, "move": legal}).to_string();
        let (status, p) = post(&app, "/api/move", &body).await;
        assert_eq!(status, 200, "{spec} {moves} {legal}: {p}");
        let history = p["history"].as_array().unwrap();
        assert_eq!(history.last().unwrap(), legal, "{spec}");
        let body = json!({"game": spec, "moves": moves, "move": illegal}).to_string();
        let (status, e) = post(&app, "/api/move", &body).await;
        assert_eq!(status, 400, "{spec} {moves} {illegal}: {e}");
        let message = e["error"].as_str().unwrap();
        assert!(!message.contains('\n'));
        assert!(message.contains("legal moves"), "{spec}: {message}");
    }
}

#[tokio::test]
async fn a_full_column_is_refused() {
    let app = app();
    let body = json!({"game": "connect4", "moves": "444444", "move": "4"}).to_string();
    let (status, e) = post(&app, "/api/move", &body).await;
    assert_eq!(status, 400);
    assert_eq!(
        e["error"],
        "move '4' is not legal here; legal moves: 1 2 3 5 6 7"
    );
}

#[tokio::test]
async fn bad_specs_and_move_strings_are_one_line_400s() {
    let app = app();
    let cases = [
        "/api/position?game=chess",
        "/api/position?game=connect4(width=99)",
        "/api/position?game=hex(size=0)",
        "/api/position?game=kalah(pits=6,seeds=99)",
        "/api/position?game=misere(hex)",
        "/api/position?game=connect4&moves=4444444",
        "/api/position?game=connect4&moves=4x",
        "/api/position?game=hex&moves=z99",
        "/api/position?game=",
        "/api/position",
        "/api/agents?game=chess",
    ];
    for uri in cases {
        let (status, e) = get(&app, uri).await;
        assert_eq!(status, 400, "{uri}: {e}");
        let message = e["error"].as_str().unwrap_or_else(|| panic!("{uri}: {e}"));
        assert!(!message.is_empty() && !message.contains('\n'), "{uri}");
    }
    let (_, e) = get(&app, "/api/position?game=chess").await;
    assert!(e["error"].as_str().unwrap().starts_with("game 'chess'"));
    let (_, e) = get(&app, "/api/position?game=connect4&moves=4444444").await;
    assert!(e["error"].as_str().unwrap().contains("moves '4444444'"));
}

#[tokio::test]
async fn a_finished_game_takes_no_move() {
    let app = app();
    let body = json!({"game": "connect4", "moves": "1212121", "move": "3"}).to_string();
    let (status, e) = post(&app, "/api/move", &body).await;
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("game is over"), "{e}");
    let (_, p) = get(&app, "/api/position?game=connect4&moves=1212121").await;
    assert_eq!(p["result"], "1-0");
    assert_eq!(p["to_move"], Value::Null);
    assert_eq!(p["outcome"], "player 1 wins");
}

#[tokio::test]
async fn games_and_agents_are_listed() {
    let app = app();
    let (status, g) = get(&app, "/api/games").await;
    assert_eq!(status, 200);
    let names: Vec<&str> = g["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    for name in ["connect4", "hex", "desconecta4boom", "misere", "kalah"] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    let (_, a) = get(&app, "/api/agents?game=connect4").await;
    assert_eq!(a["default"], "best");
    assert_eq!(a["best"], "hybrid(movetime=1s)");
    let agents: Vec<&str> = a["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    assert!(agents.contains(&"perfect") && agents.contains(&"engine"));
    assert!(
        !agents.contains(&"external"),
        "agents that run programs are not offered"
    );
    let (_, a) = get(&app, "/api/agents?game=kalah").await;
    let agents = a["agents"].to_string();
    assert!(agents.contains("greedy-ugr") && !agents.contains("\"ugr-bot\""));
    // The evaluators, the default first (the explain panel offers them).
    let evaluators: Vec<&str> = a["evaluators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    assert_eq!(evaluators, ["positional", "store-diff"]);
}

#[tokio::test]
async fn agent_specs_are_checked_before_they_play() {
    let app = app();
    let ok = |game: &str, agent: &str| json!({"game": game, "agent": agent}).to_string();
    for (game, agent) in [
        ("connect4", "best"),
        ("connect4", "perfect"),
        ("desconecta4boom", "ninja(level=3)"),
        ("hex(size=7)", "hexmcts(sims=100)"),
        ("kalah", "helheim(depth=4)"),
        ("misere(connect4)", "hybrid(movetime=200ms)"),
    ] {
        let (status, a) = post(&app, "/api/agent", &ok(game, agent)).await;
        assert_eq!(status, 200, "{game} {agent}: {a}");
        assert_eq!(a["agent"], agent);
    }
    for (game, agent, words) in [
        ("connect4", "ninja", "unknown agent"),
        ("kalah", "engine(depth=x)", "depth"),
        ("hex", "engine(movetime=60s)", "cap"),
        ("connect4", "external(cmd=ls)", "runs a program"),
        ("connect4(width=8,height=7)", "perfect", "7x6"),
    ] {
        let (status, e) = post(&app, "/api/agent", &ok(game, agent)).await;
        assert_eq!(status, 400, "{game} {agent}: {e}");
        let message = e["error"].as_str().unwrap();
        assert!(message.contains(words), "{game} {agent}: {message}");
    }
}
