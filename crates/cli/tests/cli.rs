//! The `poda` binary end to end: output formats, exit codes and one-line errors.

mod common;
use common::*;

#[test]
fn show_json() {
    let o = poda(&["show", "connect4", "4453", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["game"], "connect4");
    assert_eq!(v["moves"], "4453");
    assert_eq!(v["ply"], 4);
    assert_eq!(v["to_move"], 1);
    assert_eq!(v["result"], "*");
    assert_eq!(v["legal"].as_array().unwrap().len(), 7);
    assert_eq!(
        v["board"],
        "......./......./......./......./...o.../..oxx.."
    );
    let over = json(&poda(&["show", "connect4", "1212121", "--json"]));
    assert_eq!(over["result"], "1-0");
    assert_eq!(over["to_move"], serde_json::Value::Null);
    assert_eq!(over["legal"].as_array().unwrap().len(), 0);
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_code_2() {
    assert_user_error(&poda(&["show", "chess"]), "unknown game 'chess'");
    assert_user_error(&poda(&["show", "connect4", "44x3"]), "move 3 'x'");
    assert_user_error(
        &poda(&["show", "connect4", "4444444"]),
        "move 7 '4' is illegal",
    );
    assert_user_error(&poda(&["show", "connect4(width=12)"]), "width");
    assert_user_error(&poda(&["perft", "connect4", "3", "9"]), "move 1 '9'");
    assert_user_error(
        &poda(&["match", "connect4", "random", "alphabeta(depht=2)"]),
        "unknown option 'depht'",
    );
    assert_user_error(
        &poda(&["match", "connect4", "random", "wizard"]),
        "unknown agent 'wizard'",
    );
    assert_user_error(&poda(&["analyze", "connect4", "1212121"]), "game is over");
    // clap's own errors also exit with 2.
    assert_eq!(poda(&["match", "connect4"]).status.code(), Some(2));
    assert_eq!(poda(&["nonsense"]).status.code(), Some(2));
}

#[test]
fn perft_counts() {
    let o = poda(&["perft", "connect4", "4"]);
    assert!(stdout(&o).contains("perft(4) = 2401"), "{}", stdout(&o));
    let o = poda(&["perft", "connect4", "2", "4453", "--divide"]);
    let out = stdout(&o);
    assert!(out.starts_with("1 7\n"), "{out}");
    assert!(out.contains("perft(2) = 49"), "{out}");
}

#[test]
fn match_json_summary() {
    let o = poda(&[
        "match",
        "connect4",
        "alphabeta(depth=2)",
        "random",
        "--games",
        "6",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    for key in [
        "games", "a_wins", "b_wins", "draws", "a_first", "a_second", "elo", "elo_ci95",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["games"], 6);
    let total = v["a_wins"].as_u64().unwrap()
        + v["b_wins"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(total, 6);
    let first = &v["a_first"];
    assert_eq!(
        first["wins"].as_u64().unwrap()
            + first["draws"].as_u64().unwrap()
            + first["losses"].as_u64().unwrap(),
        3
    );
}

#[test]
fn match_record_file_has_one_line_per_game() {
    let dir = std::env::temp_dir().join(format!("poda-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.jsonl");
    let _ = std::fs::remove_file(&file);
    let o = poda(&[
        "match",
        "connect4",
        "random",
        "random",
        "--games",
        "4",
        "--record",
        file.to_str().unwrap(),
        "--quiet",
        "--max-plies",
        "10",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    for l in &lines {
        assert!(l["moves"].as_array().unwrap().len() <= 10);
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&l["result"].as_str().unwrap()));
        assert!(l.get("time_ms").is_some() && l.get("seed").is_some() && l.get("first").is_some());
    }
    assert!(stdout(&o).contains("adjudicated") || lines.iter().all(|l| l["adjudicated"] == false));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyze_scores_every_move() {
    let o = poda(&[
        "analyze",
        "connect4",
        "2233767672",
        "--agent",
        "engine(depth=5)",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["best"], "7");
    assert_eq!(v["score"], "W1");
    let moves = v["analysis"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[0]["move"], "7");
    assert_eq!(moves[0]["score"], "W1");
    assert_eq!(v["pv"][0], "7");
}

#[test]
fn play_against_the_computer_with_undo_hint_and_bad_input() {
    let script = "9\nfoo\n4\nhint\nundo\n4\nmoves\nquit\n";
    let o = poda_with_input(&["play", "connect4", "--ai", "alphabeta(depth=2)"], script);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("off the board"), "{out}");
    assert!(out.contains("not a column digit"), "{out}");
    assert!(out.contains("poda plays"), "{out}");
    assert!(out.contains("hint:"), "{out}");
    assert_eq!(
        out.matches("poda plays").count(),
        2,
        "one reply before and one after undo: {out}"
    );
}

#[test]
fn watch_two_agents() {
    let o = poda(&[
        "play",
        "connect4",
        "--watch",
        "alphabeta(depth=2)",
        "random",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Game over"));
}

#[test]
fn list_games_and_agents() {
    assert!(stdout(&poda(&["list"])).contains("connect4"));
    let out = stdout(&poda(&["list", "connect4"]));
    for name in [
        "engine",
        "alphabeta",
        "threats",
        "lines",
        "fill-empty",
        "open-lines",
    ] {
        assert!(out.contains(name), "{name} missing: {out}");
    }
}

#[test]
fn solve_connect4_from_the_command_line_and_stdin() {
    let o = poda(&["solve", "connect4", "", "--analyze"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "-2 -1 0 1 0 -1 -2");
    assert_eq!(stdout(&poda(&["solve", "connect4", ""])).trim(), "1");
    let v = json(&poda(&["solve", "connect4", "", "--analyze", "--json"]));
    assert_eq!(v["moves"][3]["move"], "4");
    assert_eq!(v["moves"][3]["score"], 1);
    // Pons' protocol on stdin: a bad line is reported with its number and the run goes on.
    let input = "2252576253462244111563365343671351441\n12x\n7422341735647741166133573473242566\n";
    let o = poda_with_input(&["solve", "connect4"], input);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stdout(&o),
        "2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n"
    );
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
    assert_user_error(&poda(&["solve", "connect4", "1111111"]), "moves '1111111'");
    assert_user_error(&poda(&["solve", "chess"]), "unknown game");
}

#[test]
fn perfect_agent_analyses_the_start() {
    let v = json(&poda(&[
        "analyze", "connect4", "", "--agent", "perfect", "--json",
    ]));
    assert_eq!(v["best"], "4");
    assert_eq!(v["score"], "W41");
}

/// `poda list | true`: the reader is gone before poda has written everything. No panic
/// message, and the exit status is that of a process stopped by SIGPIPE (or 0 if poda
/// happened to finish writing first).
#[test]
fn a_closed_stdout_stops_quietly() {
    let bin = env!("CARGO_BIN_EXE_poda");
    for _ in 0..3 {
        let out = std::process::Command::new("bash")
            .args([
                "-c",
                &format!("set -o pipefail; '{bin}' list connect4 | true"),
            ])
            .output()
            .unwrap();
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{err}");
        assert!(
            matches!(out.status.code(), Some(141) | Some(0)),
            "{:?} {err}",
            out.status
        );
    }
}

#[test]
fn solve_misere_connect4() {
    let one = poda(&["solve", "misere(connect4)", "3217777772135333", "--analyze"]);
    assert_eq!(stdout(&one).trim(), "1:-4 2:-2 3:-2 4:-5 5:-3 6:-3");
    let signs = poda(&[
        "solve",
        "misere(connect4)",
        "3217777772135333",
        "--analyze",
        "--weak",
    ]);
    assert_eq!(stdout(&signs).trim(), "1:-1 2:-1 3:-1 4:-1 5:-1 6:-1");
    let weak = poda(&[
        "solve",
        "misere(game=connect_four())",
        "32177777721353",
        "--weak",
    ]);
    assert_eq!(stdout(&weak).trim(), "-1");
    let json = poda(&["solve", "misere(connect4)", "32177777721353", "--json"]);
    assert!(stdout(&json).contains("\"score\":-"), "{}", stdout(&json));
    // Lines from stdin; a bad one is reported and skipped, exit code 2.
    let lines = poda_with_input(
        &["solve", "misere(connect4)", "--weak"],
        "32177777721353\n4x\n1212121\n",
    );
    assert_eq!(stdout(&lines).trim(), "32177777721353 -1");
    assert_eq!(stderr(&lines).lines().count(), 3, "{}", stderr(&lines));
    assert!(
        stderr(&lines).contains("already over (move 7 made four in a row, which loses"),
        "{}",
        stderr(&lines)
    );
    assert_eq!(lines.status.code(), Some(2));
    let other = poda(&["solve", "misere(connect4(width=8))", "44"]);
    assert!(stderr(&other).contains("7x6 board only"));
    assert_eq!(other.status.code(), Some(2));
}
