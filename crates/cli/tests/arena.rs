//! `poda tournament` and `poda engine` end to end: reports, a run killed mid-way and resumed,
//! opening files (`--openings`) in matches and tournaments,
//! external programs (the example Python bot, a failing bot, poda itself) in tournaments.
//! The Python tests need `python3` on the PATH.

mod common;
use common::{assert_user_error, poda};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("poda-cli-arena-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `poda tournament --resume --quiet --out DIR`: the tournament saved in `dir`, continued.
fn resume_quietly(dir: &Path) -> std::process::Output {
    poda(&[
        "tournament",
        "--resume",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ])
}

/// Records by index, without wall times.
fn records(dir: &Path) -> BTreeMap<u64, serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap_or_default();
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).expect("complete lines");
        v.as_object_mut().unwrap().remove("time_ms");
        let i = v["index"].as_u64().unwrap();
        assert!(out.insert(i, v).is_none(), "game {i} recorded twice");
    }
    out
}

#[test]
fn tournament_prints_ratings_and_writes_reports() {
    let out = scratch("basic");
    let o = poda(&[
        "tournament",
        "connect4",
        "random",
        "greedy",
        "alphabeta(depth=3)",
        "--games-per-pair",
        "4",
        "--threads",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = text(&o.stdout);
    assert!(s.contains("12 of 12 games played"), "{s}");
    assert!(s.contains("| rank | agent | Elo | 95% |"), "{s}");
    assert!(s.contains("`alphabeta(depth=3)`"), "{s}");
    for file in [
        "games.jsonl",
        "report.md",
        "report.json",
        "ratings.svg",
        "tournament.json",
    ] {
        assert!(out.join(file).exists(), "{file}");
    }
    assert_eq!(records(&out).len(), 12);
    // Running again into the same directory without --resume is refused.
    let again = poda(&[
        "tournament",
        "connect4",
        "random",
        "greedy",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stderr).contains("--resume"),
        "{}",
        text(&again.stderr)
    );
    // Resuming with other agents is refused; resuming a finished tournament plays nothing.
    let other = poda(&[
        "tournament",
        "connect4",
        "random",
        "--resume",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stderr));
    assert!(text(&other.stderr).contains("different tournament"));
    let done = resume_quietly(&out);
    assert!(done.status.success(), "{}", text(&done.stderr));
    assert_eq!(records(&out).len(), 12);
    let odd = poda(&[
        "tournament",
        "connect4",
        "random",
        "greedy",
        "--games-per-pair",
        "3",
    ]);
    assert_eq!(odd.status.code(), Some(2));
    assert!(text(&odd.stderr).contains("even"), "{}", text(&odd.stderr));
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn a_killed_tournament_resumes_without_losing_or_repeating_games() {
    let args = |dir: &Path| {
        vec![
            "tournament".to_string(),
            "connect4".into(),
            "alphabeta(depth=4)".into(),
            "alphabeta(depth=5)".into(),
            "alphabeta(depth=6)".into(),
            "--games-per-pair".into(),
            "30".into(),
            "--threads".into(),
            "2".into(),
            "--seed".into(),
            "9".into(),
            "--quiet".into(),
            "--out".into(),
            dir.display().to_string(),
        ]
    };
    let whole = scratch("whole");
    let o = Command::new(env!("CARGO_BIN_EXE_poda"))
        .args(args(&whole))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let expected = records(&whole);
    assert_eq!(expected.len(), 90);

    let cut = scratch("cut");
    let mut child = Command::new(env!("CARGO_BIN_EXE_poda"))
        .args(args(&cut))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    let lines = || {
        std::fs::read_to_string(cut.join("games.jsonl"))
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    while lines() < 10 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success(), "the run was killed before it finished");
    let before = lines();
    assert!((10..90).contains(&before), "{before} games when killed");
    let mut resumed = args(&cut);
    resumed.push("--resume".into());
    let o = Command::new(env!("CARGO_BIN_EXE_poda"))
        .args(&resumed)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("90 of 90 games played"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(
        records(&cut),
        expected,
        "the resumed run differs from the whole one"
    );
    for dir in [whole, cut] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn python_bots_and_poda_itself_join_a_tournament() {
    let out = scratch("external");
    let bot = repo().join("examples/bots/random_bot.py");
    let faulty = repo().join("crates/arena/tests/bots/faulty_bot.py");
    let python_bot = format!("external(cmd=\"python3 {} 3\")", bot.display());
    let crashing = format!("external(cmd=\"python3 {} crash 2\")", faulty.display());
    let poda_engine = format!(
        "external(cmd=\"{} engine --agent alphabeta(depth=3)\")",
        env!("CARGO_BIN_EXE_poda")
    );
    let o = poda(&[
        "tournament",
        "connect4",
        "greedy",
        &python_bot,
        &crashing,
        &poda_engine,
        "--games-per-pair",
        "2",
        "--threads",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let recs = records(&out);
    assert_eq!(recs.len(), 12, "every game is played");
    for r in recs.values() {
        let reason = r["reason"].as_str().unwrap_or_default();
        let crashing_played = r["first"] == crashing.as_str() || r["second"] == crashing.as_str();
        if crashing_played {
            // It crashes at its second move (before anyone can have four): it loses, with the reason.
            assert!(reason.contains("crashed"), "{r}");
            let bot_first = r["first"] == crashing.as_str();
            assert_eq!(r["result"], if bot_first { "0-1" } else { "1-0" }, "{r}");
        } else {
            assert_eq!(r["reason"], serde_json::Value::Null, "{r}");
        }
    }
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        report.contains("## Forfeits") && report.contains("crashed"),
        "{report}"
    );
    // Each external agent logs its stderr in logs/ (agents 2 and 3 print on start).
    let log = std::fs::read_to_string(out.join("logs/agent2.stderr.log")).unwrap();
    assert!(log.contains("random_bot started"), "{log}");
    let log = std::fs::read_to_string(out.join("logs/agent3.stderr.log")).unwrap();
    assert!(log.contains("failing now: crash"), "{log}");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn engine_subcommand() {
    let o = poda(&["engine", "--game", "nosuchgame"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stderr).trim_end().lines().count(), 1);
    let o = poda(&["engine", "--dialect", "klingon"]);
    assert_eq!(o.status.code(), Some(2));
    let mut child = Command::new(env!("CARGO_BIN_EXE_poda"))
        .args([
            "engine",
            "--game",
            "connect_four",
            "--agent",
            "alphabeta(depth=3)",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"play b x3\nplay w o3\ngenmove b\nquit\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let s = text(&o.stdout);
    let answers: Vec<&str> = s.split_terminator("\n\n").collect();
    assert_eq!(answers.len(), 4, "{s}");
    assert!(answers[2].starts_with("= x"), "{s}");
    assert!(o.status.success());
}

#[test]
fn an_external_bot_can_be_watched_in_play() {
    let bot = repo().join("examples/bots/random_bot.py");
    let spec = format!("external(cmd=\"python3 {} 4\")", bot.display());
    let o = poda(&["play", "connect4", "--watch", &spec, "alphabeta(depth=2)"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("Game over"), "{}", text(&o.stdout));
}

/// `external` and the tournament need nothing game-specific for OpenSpiel's names: poda
/// itself, spoken to in OpenSpiel's dialect (`game mancala`, cells 1..13; `game
/// misere(game=connect_four())`, `x3`/`o3`), plays whole games without a forfeit.
#[test]
fn poda_in_openspiel_dialect_joins_mancala_and_misere_tournaments() {
    for (game, opponent) in [("kalah", "greedy-ugr"), ("misere(connect4)", "random")] {
        let out = scratch(&format!("openspiel-{}", game.len()));
        let poda_engine = format!(
            "external(cmd=\"{} engine --agent alphabeta(depth=2)\",dialect=openspiel)",
            env!("CARGO_BIN_EXE_poda")
        );
        let o = poda(&[
            "tournament",
            game,
            opponent,
            &poda_engine,
            "--games-per-pair",
            "4",
            "--threads",
            "2",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{game}: {}", text(&o.stderr));
        let recs = records(&out);
        assert_eq!(recs.len(), 4, "{game}: every game is played");
        for r in recs.values() {
            assert_eq!(r["reason"], serde_json::Value::Null, "{game}: {r}");
            let moves = r["moves"].as_array().expect("the moves");
            assert!(moves.len() >= 7, "{game}: {r}");
        }
        let _ = std::fs::remove_dir_all(out);
    }
}

#[test]
fn matches_and_tournaments_play_the_openings_of_a_file() {
    let dir = scratch("openings");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("openings.txt");
    // Kalah: separated moves, a compact line, a comment, a blank line; J1 moves twice in 41.
    std::fs::write(&file, "# test openings\n4 1 5\n\n32  # J2 answers 2\n").unwrap();
    let path = file.to_str().unwrap();
    let record = dir.join("match.jsonl");
    let o = poda(&[
        "match",
        "kalah",
        "greedy-ugr",
        "random",
        "-n",
        "6",
        "--openings",
        path,
        "--quiet",
        "--json",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let mut games: Vec<serde_json::Value> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    games.sort_by_key(|g| g["index"].as_u64());
    let openings: Vec<Vec<String>> = games
        .iter()
        .map(|g| {
            let n = g["opening_plies"].as_u64().unwrap() as usize;
            serde_json::from_value::<Vec<String>>(g["moves"].clone()).unwrap()[..n].to_vec()
        })
        .collect();
    let strings = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    let (a, b) = (strings(&["4", "1", "5"]), strings(&["3", "2"]));
    assert_eq!(openings, [&a, &a, &b, &b, &a, &a].map(|v| v.clone()));

    let out = dir.join("tournament");
    let args = |extra: &[&str]| {
        let mut v = vec![
            "tournament",
            "kalah",
            "random",
            "greedy-ugr",
            "--games-per-pair",
            "4",
            "--openings",
            path,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ];
        v.extend_from_slice(extra);
        poda(&v)
    };
    let o = args(&["--stop-after", "3"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // Resumed without the file: the openings were saved with the tournament.
    let o = resume_quietly(&out);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("4 of 4 games played"),
        "{}",
        text(&o.stdout)
    );
    let recs = records(&out);
    for v in recs.values() {
        let moves: Vec<String> = serde_json::from_value(v["moves"].clone()).unwrap();
        let want = if v["round"] == 0 { &a } else { &b };
        assert_eq!(moves[..want.len()], want[..], "{v}");
    }
    // Resumed with other openings: refused.
    let other = dir.join("other.txt");
    std::fs::write(&other, "1\n").unwrap();
    let o = poda(&[
        "tournament",
        "--resume",
        "--out",
        out.to_str().unwrap(),
        "--openings",
        other.to_str().unwrap(),
    ]);
    assert_user_error(&o, "--openings (saved: 2 openings");

    // Bad files: one line naming the file and the line.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "41\n# fine so far\n4155\n").unwrap();
    let o = poda(&[
        "match",
        "kalah",
        "random",
        "random",
        "--openings",
        bad.to_str().unwrap(),
    ]);
    assert_user_error(&o, "bad.txt, line 3: '4155': move 4 '5' is illegal");
    std::fs::write(&bad, "\n1\n").unwrap();
    let o = poda(&[
        "match",
        "kalah(pits=1,seeds=1)",
        "random",
        "random",
        "--openings",
        bad.to_str().unwrap(),
    ]);
    assert_user_error(
        &o,
        "bad.txt, line 2: '1': the game is over after this opening",
    );
    let o = poda(&[
        "match",
        "kalah",
        "random",
        "random",
        "--openings",
        "/nonexistent/o.txt",
    ]);
    assert_user_error(&o, "/nonexistent/o.txt");
    std::fs::write(&bad, "4444444\n").unwrap();
    let o = poda(&[
        "tournament",
        "connect4",
        "random",
        "greedy",
        "--openings",
        bad.to_str().unwrap(),
        "--out",
        dir.join("t2").to_str().unwrap(),
    ]);
    assert_user_error(&o, "bad.txt, line 1: '4444444': move 7 '4' is illegal");
    assert!(!dir.join("t2").exists(), "nothing written for a bad file");
    // --openings and --opening-plies together are refused.
    let o = poda(&[
        "match",
        "kalah",
        "random",
        "random",
        "--openings",
        path,
        "--opening-plies",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("cannot be used with"),
        "{}",
        text(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The spec of `faulty_bot.py MODE N` with a short move time.
fn faulty_spec(mode: &str, at: u32) -> String {
    let bot = repo().join("crates/arena/tests/bots/faulty_bot.py");
    format!(
        "external(cmd=\"python3 {} {mode} {at}\",movetime=300ms,grace=300ms,startup=5s)",
        bot.display()
    )
}

#[test]
fn misbehaving_bots_lose_their_games_and_the_tournament_finishes_and_resumes() {
    // A bot that hangs, one that crashes mid-game, one that prints garbage, one that floods
    // its output, one that floods its stderr, one that exits at once, and a sound player.
    let args = |dir: &Path| {
        let mut a: Vec<String> = vec!["tournament".into(), "connect4".into(), "greedy".into()];
        for (mode, at) in [
            ("hang", 1),
            ("crash", 2),
            ("garbage", 1),
            ("flood", 1),
            ("stderr-flood", 1),
            ("exit", 0),
        ] {
            a.push(faulty_spec(mode, at));
        }
        for more in [
            "--games-per-pair",
            "2",
            "--threads",
            "2",
            "--seed",
            "4",
            "--quiet",
        ] {
            a.push(more.into());
        }
        a.push("--out".into());
        a.push(dir.display().to_string());
        a
    };
    // 7 players: 21 pairs of 2 games.
    let total = 42;
    let cut = scratch("faulty");
    let mut child = Command::new(env!("CARGO_BIN_EXE_poda"))
        .args(args(&cut))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lines = || {
        std::fs::read_to_string(cut.join("games.jsonl"))
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    let deadline = Instant::now() + Duration::from_secs(300);
    while lines() < 8 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    let _ = child.wait();
    let before = records(&cut);
    assert!(
        (8..total).contains(&before.len()),
        "{} games when killed",
        before.len()
    );
    let mut resumed = args(&cut);
    resumed.push("--resume".into());
    let o = Command::new(env!("CARGO_BIN_EXE_poda"))
        .args(&resumed)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let after = records(&cut);
    assert_eq!(
        after.len(),
        total,
        "every game once (records() refuses repeats)"
    );
    for (i, game) in &before {
        assert_eq!(&after[i], game, "game {i} changed on resume");
    }
    // Every game of a faulty bot against a sound player is lost by it, with its reason (the
    // crashing bot fails at its second move, so it may lose by the rules first).
    let reasons = [
        ("hang", "timed out"),
        ("crash", "exited"),
        ("garbage", "not a protocol answer"),
        ("flood", "more than 1000 lines"),
        ("exit", "cannot"),
    ];
    for game in after.values() {
        let (first, second) = (
            game["first"].as_str().unwrap(),
            game["second"].as_str().unwrap(),
        );
        let reason = game["reason"].as_str().unwrap_or_default();
        for (mode, needle) in reasons {
            let tag = format!("faulty_bot.py {mode} ");
            let (a, b) = (first.contains(&tag), second.contains(&tag));
            if !(a || b) {
                continue;
            }
            let loser = if a { "0-1" } else { "1-0" };
            if first.contains("faulty_bot") && second.contains("faulty_bot") {
                // Between two faulty bots the first to fail loses.
                continue;
            }
            assert_eq!(game["result"], loser, "{mode}: {game}");
            if mode == "crash" && reason.is_empty() {
                continue;
            }
            assert!(
                reason.contains(needle) || (mode == "exit" && reason.contains("exited")),
                "{mode}: '{reason}'"
            );
        }
    }
    // The stderr flood was cut in the log, not copied whole.
    let logs: u64 = std::fs::read_dir(cut.join("logs"))
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    assert!(logs < 200 << 20, "{logs} bytes of logs");
    let _ = std::fs::remove_dir_all(cut);
}
