//! `poda` on Kalah end to end: show, perft, solve (text, JSON, analysis, stdin, errors), and
//! the course's bot protocol both ways — `ugr-bot(cmd="poda ugr-bot AGENT")` in a match must
//! play exactly the games of AGENT itself.

mod common;
use common::*;

#[test]
fn show_and_perft() {
    let o = poda(&["show", "mancala", "43", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["game"], "kalah");
    assert_eq!(v["board"], "2,6,6,0,0,4,4/0,4,4,4,4,5,5");
    assert_eq!(v["to_move"], 2);
    let o = poda(&["perft", "kalah", "5"]);
    assert!(stdout(&o).contains("perft(5) = 4690"), "{}", stdout(&o));
    assert_user_error(&poda(&["show", "kalah", "44"]), "empty");
    assert_user_error(&poda(&["show", "kalah(pits=13)"]), "pits");
}

#[test]
fn solve_small_kalah() {
    let game = "kalah(pits=4,seeds=3)";
    let o = poda(&["solve", game, "3", "--json", "--analyze", "--stats"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["score"], 6);
    assert_eq!(v["best"], serde_json::json!(["1", "2"]));
    assert_eq!(v["analysis"].as_array().unwrap().len(), 3);
    assert!(v["nodes"].as_u64().is_some());
    let o = poda(&["solve", game, ""]);
    let text = stdout(&o);
    assert!(text.starts_with("score +6"), "{text}");
    assert!(text.contains("best: 3"), "{text}");
    // With --stats a single solve shows each bound MTD(f) proves, ending at the value.
    let o = poda(&["solve", game, "", "--stats"]);
    assert!(stdout(&o).starts_with("score +6"), "{}", stdout(&o));
    let err = stderr(&o);
    let bounds: Vec<&str> = err.lines().filter(|l| l.starts_with("bounds:")).collect();
    assert!(bounds.len() >= 2, "{err}");
    assert!(
        bounds
            .last()
            .unwrap()
            .starts_with("bounds: score in [+6, +6]"),
        "{bounds:?}"
    );
    let o = poda(&["solve", game, "", "--stats", "--weak"]);
    assert!(
        stderr(&o).contains("the side to move wins: yes"),
        "{}",
        stderr(&o)
    );
    let o = poda(&["solve", game, "31", "--weak"]);
    assert!(stdout(&o).contains("player 2 loses"), "{}", stdout(&o));
    let o = poda_with_input(&["solve", game], "3\n\n# comment\n31\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "3 +6\n31 -6\n");
    let o = poda_with_input(&["solve", game], "9\n3\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
    assert_eq!(stdout(&o), "3 +6\n");
    assert_user_error(&poda(&["solve", "kalah(pits=12,seeds=6)", ""]), "127 seeds");
    assert_user_error(&poda(&["solve", game, "4x"]), "'x'");
}

#[test]
fn ugr_bot_server_answers_and_survives_garbage() {
    let o = poda_with_input(
        &["ugr-bot", "greedy-ugr", "--name", "Greedy Poda"],
        "GETNAME\nSETPLAYER 0\nTIMEOUT 2000\nBOGUS 1 2\nGETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4\nEND\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert_eq!(lines[0], "Greedy_Poda");
    assert!(lines[3].starts_with("ERROR"));
    assert_eq!(lines[4], "4");
    assert_eq!(lines[5], "OK");
}

/// One recorded game: first player, second player, moves, result.
type Recorded = (String, String, Vec<String>, String);

/// Records a match as JSON lines and returns its games in index order.
fn recorded(a: &str, b: &str, tag: &str) -> Vec<Recorded> {
    let dir = std::env::temp_dir().join(format!("poda-kalah-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{tag}.jsonl"));
    let _ = std::fs::remove_file(&file);
    let o = poda(&[
        "match",
        "kalah",
        a,
        b,
        "--games",
        "6",
        "--opening-plies",
        "2",
        "--record",
        file.to_str().unwrap(),
        "--quiet",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut games: Vec<(usize, Recorded)> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert!(v["reason"].is_null(), "{v}");
            let moves = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            (
                v["index"].as_u64().unwrap() as usize,
                (
                    v["first"].as_str().unwrap().to_string(),
                    v["second"].as_str().unwrap().to_string(),
                    moves,
                    v["result"].as_str().unwrap().to_string(),
                ),
            )
        })
        .collect();
    games.sort_by_key(|g| g.0);
    games.into_iter().map(|g| g.1).collect()
}

#[test]
fn poda_bots_through_the_protocol_play_like_themselves() {
    let exe = env!("CARGO_BIN_EXE_poda");
    for agent in ["greedy-ugr", "alphabeta(depth=4,eval=store-diff)"] {
        let wrapped = format!("ugr-bot(cmd=\"{exe} ugr-bot '{agent}'\")");
        let through = recorded(&wrapped, "random", "through");
        let direct = recorded(agent, "random", "direct");
        assert_eq!(through.len(), 6);
        for (t, d) in through.iter().zip(&direct) {
            assert_eq!((&t.2, &t.3), (&d.2, &d.3), "{agent}");
        }
    }
}

#[test]
fn endgame_refuses_other_games_and_bad_files() {
    assert_user_error(
        &poda(&["endgame", "connect4"]),
        "endgame databases are for Kalah",
    );
    assert_user_error(&poda(&["endgame", "kalah", "--seeds", "200"]), "--seeds");
    let dir = std::env::temp_dir().join(format!("poda-endgame-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.db");
    std::fs::write(&bad, "garbage\n").unwrap();
    let bad = bad.to_str().unwrap();
    assert_user_error(
        &poda(&["solve", "kalah(pits=4)", "", "--db", bad]),
        "not a Kalah endgame database (shorter than a header)",
    );
    // A small database built and used: the same value as without one.
    let good = dir.join("k4.db");
    let good = good.to_str().unwrap();
    let o = poda(&["endgame", "kalah(pits=4)", "--seeds", "10", "--out", good]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = poda(&["solve", "kalah(pits=4,seeds=3)", "", "--db", good, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&o)["score"], 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `poda ARGS` with PODA_KALAH_DB set to `dir`, `input` on its stdin.
fn play_with_db_dir(args: &[&str], dir: &std::path::Path, input: &str) -> std::process::Output {
    poda_with_input_env(args, input, &[("PODA_KALAH_DB", dir)])
}

#[test]
fn play_says_when_the_perfect_player_has_no_database() {
    let dir = std::env::temp_dir().join(format!("poda-play-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let note = "no Kalah endgame database of 20 seeds or more here";
    // No database: the perfect player says how to build one, for the game's pits and rule.
    let o = play_with_db_dir(&["play", "kalah", "--ai", "perfect"], &dir, "quit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("poda endgame kalah --seeds 20"),
        "{}",
        stderr(&o)
    );
    let o = play_with_db_dir(
        &[
            "play",
            "kalah(pits=5,empty_capture=true)",
            "--ai",
            "perfect",
        ],
        &dir,
        "quit\n",
    );
    assert!(
        stderr(&o).contains("poda endgame \"kalah(pits=5,empty_capture=true)\" --seeds 20"),
        "{}",
        stderr(&o)
    );
    // Agents that do not need it (`best` keeps to its move time), the perfect player told not
    // to read it, and games small enough for its lazily filled table say nothing.
    for (game, ai) in [
        ("kalah", "random"),
        ("kalah", "best"),
        ("kalah", "perfect(db=false)"),
        ("kalah(pits=4,seeds=4)", "perfect"),
    ] {
        let o = play_with_db_dir(&["play", game, "--ai", ai], &dir, "quit\n");
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(!stderr(&o).contains(note), "{game} {ai}: {}", stderr(&o));
    }
    // A database of fewer seeds than the book is built for still gets the note; a file that
    // says it holds 20 does not (only its header is read before the first move).
    let db = dir.join("kalah-5-standard.db");
    let o = poda(&[
        "endgame",
        "kalah(pits=5)",
        "--seeds",
        "6",
        "--out",
        db.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let game = "kalah(pits=5,seeds=4)";
    let o = play_with_db_dir(&["play", game, "--ai", "perfect"], &dir, "quit\n");
    assert!(stderr(&o).contains(note), "{}", stderr(&o));
    let header = poda_solve::kalah::db::Header {
        pits: 5,
        empty_capture: false,
        seeds: 20,
    };
    std::fs::write(&db, header.to_bytes()).unwrap();
    let o = play_with_db_dir(&["play", game, "--ai", "perfect"], &dir, "quit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains(note), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
