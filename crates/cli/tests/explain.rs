//! `poda explain` end to end: golden traces of a small Connect 4 position (text and JSON),
//! pictures that are well-formed XML with one node element per drawn node, a Kalah trace
//! with an extra turn, a DesConecta-4 BOOM trace with a BOOM, the node cap and bad input.
//!
//! Regenerate the golden files with `PODA_BLESS=1 cargo test -p poda-cli --test explain`
//! after an intended change, and read the diff.

mod common;

use common::{assert_user_error, poda, stdout};
use poda_core::Game;
use poda_games::desconecta::DesConecta;
use poda_games::kalah::Kalah;
use serde_json::Value;
use std::path::PathBuf;

/// A small Connect 4 position: columns 1 and 2 full, player 1 threatens a four in row 1.
const GOLDEN_POSITION: &str = "1111112222223";

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/explain")
        .join(name)
}

/// Times change from run to run: "0.045 ms" becomes "T ms".
fn mask_times(text: &str) -> String {
    text.lines()
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            let mut out = Vec::new();
            for (i, w) in words.iter().enumerate() {
                let timed = words.get(i + 1) == Some(&"ms") && w.parse::<f64>().is_ok();
                out.push(if timed { "T" } else { w });
            }
            out.join(" ") + "\n"
        })
        .collect()
}

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

fn check_golden(name: &str, actual: &str) {
    let path = data(name);
    if std::env::var_os("PODA_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert!(
        expected == actual,
        "{name} differs from the golden file (PODA_BLESS=1 to accept):\n{actual}"
    );
}

#[test]
fn golden_text_trace() {
    let o = poda(&[
        "explain",
        "connect4",
        GOLDEN_POSITION,
        "--depth",
        "3",
        "--algo",
        "all",
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    check_golden("connect4-text.txt", &mask_times(&stdout(&o)));
}

#[test]
fn golden_json_trace() {
    let o = poda(&[
        "explain",
        "connect4",
        GOLDEN_POSITION,
        "--depth",
        "3",
        "--algo",
        "alphabeta,engine",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let mut v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    drop_times(&mut v);
    check_golden(
        "connect4-json.json",
        &(serde_json::to_string_pretty(&v).unwrap() + "\n"),
    );
    // The golden file itself says what the schema promises.
    for a in v["algorithms"].as_array().unwrap() {
        let trace = a["trace"].as_array().unwrap();
        assert_eq!(trace.len() as u64, a["nodes"].as_u64().unwrap());
        for (i, n) in trace.iter().enumerate() {
            assert_eq!(n["id"].as_u64(), Some(i as u64));
            if let Some(p) = n["parent"].as_u64() {
                assert!((p as usize) < i, "parents come first");
            }
        }
    }
}

/// Runs `poda explain ARGS --format json` and returns the parsed trace.
fn explain_json(args: &[&str]) -> Value {
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let o = poda(&all);
    assert!(o.status.success(), "{}", common::stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// The SVG of `args`, parsed, and the JSON of the same search.
fn svg_and_json(args: &[&str]) -> (String, Value) {
    let dir = std::env::temp_dir().join(format!("poda-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!(
        "{}.svg",
        args.join("_").replace(['(', ')', '='], "")
    ));
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    let out = file.to_str().unwrap();
    all.extend_from_slice(&["--format", "svg", "--out", out]);
    let o = poda(&all);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let svg = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    (svg, explain_json(args))
}

/// The node elements of each panel of a picture: (algorithm, ids, folded counts).
fn drawn(svg: &str) -> Vec<(String, Vec<usize>, usize)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("panel"))
        .map(|panel| {
            let nodes: Vec<_> = panel
                .descendants()
                .filter(|n| n.attribute("class") == Some("node"))
                .collect();
            let ids = nodes
                .iter()
                .map(|n| n.attribute("data-id").unwrap().parse().unwrap())
                .collect();
            // "+N": the nodes folded under a drawn node.
            let folded = nodes
                .iter()
                .flat_map(|n| n.descendants())
                .filter(|t| t.attribute("class") == Some("fold"))
                .filter_map(|t| t.text()?.strip_prefix('+')?.parse::<usize>().ok())
                .sum();
            (
                panel.attribute("data-algo").unwrap().to_string(),
                ids,
                folded,
            )
        })
        .collect()
}

#[test]
fn svg_has_one_node_element_per_traced_node() {
    let (svg, json) = svg_and_json(&["connect4", GOLDEN_POSITION, "--depth", "3", "--algo", "all"]);
    let panels = drawn(&svg);
    let algorithms = json["algorithms"].as_array().unwrap();
    assert_eq!(panels.len(), algorithms.len());
    for ((name, ids, folded), a) in panels.iter().zip(algorithms) {
        assert_eq!(name, a["algorithm"].as_str().unwrap());
        let trace = a["trace"].as_array().unwrap();
        // The engine's picture is its last iteration; the others are the whole trace.
        let first = trace.iter().rposition(|n| n["parent"].is_null()).unwrap();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(sorted, (first..trace.len()).collect::<Vec<_>>(), "{name}");
        assert_eq!(*folded, 0, "{name}: nothing folded in a small tree");
    }
}

#[test]
fn a_large_tree_is_folded_and_says_so() {
    let (svg, json) = svg_and_json(&["connect4", "4453", "--depth", "4"]);
    assert!(
        svg.contains("Folded: drawn in full down to ply"),
        "the picture says so"
    );
    for ((name, ids, folded), a) in drawn(&svg)
        .iter()
        .zip(json["algorithms"].as_array().unwrap())
    {
        let total = a["trace"].as_array().unwrap().len();
        assert!(ids.len() <= 400, "{name}: {} nodes drawn", ids.len());
        // Every node is either drawn or counted in a fold.
        assert_eq!(ids.len() + folded, total, "{name}");
    }
}

#[test]
fn dot_output_is_a_graph() {
    let o = poda(&[
        "explain",
        "kalah",
        "",
        "--depth",
        "2",
        "--algo",
        "alphabeta",
        "--format",
        "dot",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("digraph explain {") && text.trim_end().ends_with('}'));
    assert!(text.contains("shape=triangle") && text.contains("shape=invtriangle"));
}

/// Replays the path of every node of every algorithm and checks MAX against the side to
/// move; returns the paths of MAX nodes under MAX nodes.
fn check_sides<G: Game>(root: &G, json: &Value) -> Vec<String> {
    let mut max_under_max = Vec::new();
    for a in json["algorithms"].as_array().unwrap() {
        let trace = a["trace"].as_array().unwrap();
        for n in trace {
            let path = n["path"].as_str().unwrap();
            let (game, _) = poda_core::play_line(root, path).unwrap();
            let max = n["max"].as_bool().unwrap();
            assert_eq!(max, game.to_move() == root.to_move(), "node {n}");
            if let Some(p) = n["parent"].as_u64() {
                if max && trace[p as usize]["max"].as_bool().unwrap() {
                    max_under_max.push(path.to_string());
                }
            }
        }
    }
    max_under_max
}

#[test]
fn kalah_extra_turn_is_max_under_max() {
    // From the start, pit 4 holds 4 seeds: its last seed lands in the store, an extra turn.
    let json = explain_json(&[
        "kalah",
        "",
        "--depth",
        "3",
        "--algo",
        "minimax,alphabeta,engine",
    ]);
    let start = Kalah::default();
    let repeated = check_sides(&start, &json);
    assert!(repeated.iter().any(|p| p == "4"), "{repeated:?}");
    let text = stdout(&poda(&[
        "explain", "kalah", "", "--depth", "2", "--algo", "minimax",
    ]));
    assert!(text.contains("\n  #22 MAX 4 -> "), "{text}");
}

#[test]
fn desconecta_trace_shows_the_boom() {
    // Ten moves: both players have placed their bomb (round 5); player 1 may explode it.
    let position = "1234567123";
    let json = explain_json(&["desconecta4boom", position, "--depth", "3", "--algo", "all"]);
    let (game, _) = poda_core::play_line(&DesConecta::default(), position).unwrap();
    check_sides(&game, &json);
    for a in json["algorithms"].as_array().unwrap() {
        let booms = a["trace"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["move"] == "b")
            .count();
        assert!(booms > 0, "{}: no BOOM searched", a["algorithm"]);
    }
    // A BOOM uses up the turn: the reply to player 1's BOOM is a MIN node.
    let minimax = &json["algorithms"][0]["trace"];
    let boom = minimax
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["path"] == "b")
        .expect("the root's BOOM");
    assert_eq!(boom["max"], false);
}

#[test]
fn the_cap_names_the_flag() {
    // Minimax to depth 6 from the start visits 137,257 nodes.
    let o = poda(&[
        "explain", "connect4", "", "--depth", "6", "--algo", "minimax",
    ]);
    assert_user_error(&o, "--max-nodes");
    let o = poda(&[
        "explain",
        "connect4",
        "",
        "--depth",
        "5",
        "--algo",
        "minimax",
        "--max-nodes",
        "20000",
        "--format",
        "json",
    ]);
    assert!(o.status.success());
}

#[test]
fn bad_input_is_one_line() {
    assert_user_error(
        &poda(&[
            "explain", "connect4", "", "--depth", "2", "--algo", "negamax",
        ]),
        "unknown algorithm 'negamax'",
    );
    assert_user_error(
        &poda(&["explain", "connect4", "", "--depth", "0"]),
        "depth 0",
    );
    assert_user_error(
        &poda(&["explain", "connect4", "9", "--depth", "2"]),
        "moves '9'",
    );
    assert_user_error(
        &poda(&["explain", "connect4", "", "--depth", "2", "--eval", "nope"]),
        "--eval nope",
    );
    assert_user_error(
        &poda(&["explain", "connect4", "1213141", "--depth", "2"]),
        "the game is over",
    );
}
