//! Tournaments: the schedule, records, resuming without losing or repeating a game, reports.

use poda_arena::tournament::report::{json, markdown, rating_rows, write_reports};
use poda_arena::tournament::run::{load_tournament, CONFIG_FILE, RECORDS_FILE};
use poda_arena::tournament::{run_tournament, RunOptions, Tournament, MAX_GAMES};
use poda_games::connect4::Connect4;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

fn tournament() -> Tournament {
    Tournament {
        game: "connect4".into(),
        agents: vec![
            "random".into(),
            "greedy".into(),
            "alphabeta(depth=2)".into(),
        ],
        games_per_pair: 6,
        opening_plies: 2,
        openings: Vec::new(),
        seed: 5,
        max_plies: None,
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("poda-tournament-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn run(t: &Tournament, out: &Path, threads: usize, resume: bool, stop: Option<usize>) -> usize {
    let options = RunOptions {
        threads,
        resume,
        stop_after: stop,
    };
    let mut played = 0;
    run_tournament(&Connect4::default(), t, out, &options, &mut |_, _, _| {
        played += 1
    })
    .expect("the tournament runs");
    played
}

/// The records by game index, without the wall times (which differ between runs).
fn records(out: &Path) -> BTreeMap<u64, serde_json::Value> {
    let text = std::fs::read_to_string(out.join(RECORDS_FILE)).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'));
    let mut by_index = BTreeMap::new();
    for line in text.lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        v.as_object_mut().unwrap().remove("time_ms");
        let index = v["index"].as_u64().unwrap();
        assert!(by_index.insert(index, v).is_none(), "game {index} twice");
    }
    by_index
}

#[test]
fn schedule_pairs_colours_and_openings() {
    let t = tournament();
    assert_eq!(t.total_games(), 18);
    let mut per_pair = BTreeMap::new();
    for i in 0..t.total_games() {
        let p = t.pairing(i);
        let key = (p.first.min(p.second), p.first.max(p.second));
        let entry = per_pair.entry(key).or_insert((0, 0));
        if p.first < p.second {
            entry.0 += 1;
        } else {
            entry.1 += 1;
        }
        // The two games of a colour pair are consecutive and share the round.
        if i % 2 == 1 {
            let q = t.pairing(i - 1);
            assert_eq!((q.first, q.second, q.round), (p.second, p.first, p.round));
        }
    }
    assert_eq!(per_pair.len(), 3);
    assert!(per_pair.values().all(|&c| c == (3, 3)), "{per_pair:?}");
    let mut odd = t.clone();
    odd.games_per_pair = 5;
    assert!(odd.validate().is_err());
    let mut alone = t.clone();
    alone.agents.truncate(1);
    assert!(alone.validate().is_err());
}

#[test]
fn pairings_follow_the_pair_list_without_listing_it() {
    for n in 2..9 {
        let mut t = tournament();
        t.agents = (0..n).map(|i| format!("a{i}")).collect();
        t.games_per_pair = 4;
        let pairs = t.pairs();
        assert_eq!(pairs.len(), t.pair_count());
        for i in 0..t.total_games() {
            let p = t.pairing(i);
            let (a, b) = pairs[p.pair];
            assert_eq!((p.first.min(p.second), p.first.max(p.second)), (a, b));
        }
    }
}

/// Found by the fuzz target `tournament_resume`: a `tournament.json` with 2^63 games a pair
/// overflowed the game count, and one with 10^11 made `--resume` list every game.
#[test]
fn more_than_a_million_games_are_refused_even_from_a_saved_file() {
    let mut huge = tournament();
    huge.games_per_pair = 1 << 63;
    assert_eq!(huge.total_games(), usize::MAX);
    let e = huge.validate().unwrap_err();
    assert!(e.contains("more than 1000000 games"), "{e}");
    let mut big = tournament();
    big.games_per_pair = 100_000_000_000;
    assert!(big.validate().is_err());
    big.games_per_pair = MAX_GAMES / 3;
    big.games_per_pair -= big.games_per_pair % 2;
    assert!(big.validate().is_ok());

    let out = scratch("huge");
    std::fs::create_dir_all(&out).unwrap();
    huge.games_per_pair = 100_000_000_000;
    let text = serde_json::to_string(&huge).unwrap();
    std::fs::write(out.join(CONFIG_FILE), text).unwrap();
    let e = load_tournament(&out).unwrap_err().to_string();
    assert!(
        e.contains("tournament.json") && e.contains("more than"),
        "{e}"
    );
    let options = RunOptions {
        threads: 1,
        resume: true,
        stop_after: Some(0),
    };
    assert!(run_tournament(&Connect4::new(), &huge, &out, &options, &mut |_, _, _| {}).is_err());
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn every_pair_plays_the_same_opening_in_a_round() {
    let t = tournament();
    let out = scratch("openings");
    run(&t, &out, 2, false, None);
    let recs = records(&out);
    assert_eq!(recs.len(), t.total_games());
    let mut openings: BTreeMap<u64, HashSet<Vec<String>>> = BTreeMap::new();
    for v in recs.values() {
        let moves: Vec<String> = serde_json::from_value(v["moves"].clone()).unwrap();
        openings
            .entry(v["round"].as_u64().unwrap())
            .or_default()
            .insert(moves[..2].to_vec());
    }
    assert_eq!(openings.len(), 3);
    assert!(openings.values().all(|o| o.len() == 1), "{openings:?}");
    let distinct: HashSet<_> = openings.values().flatten().collect();
    assert!(distinct.len() > 1, "rounds should differ: {openings:?}");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn interrupted_and_resumed_equals_uninterrupted() {
    let t = tournament();
    let whole = scratch("whole");
    assert_eq!(run(&t, &whole, 2, false, None), 18);
    let parts = scratch("parts");
    assert_eq!(run(&t, &parts, 2, false, Some(7)), 7);
    assert_eq!(records(&parts).len(), 7);
    // A last line cut short by the interruption is dropped and its game replayed.
    let path = parts.join(RECORDS_FILE);
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"adjudicated\":false,\"first\":\"ran");
    std::fs::write(&path, text).unwrap();
    assert_eq!(run(&t, &parts, 1, true, Some(4)), 4);
    assert_eq!(run(&t, &parts, 2, true, None), 7);
    assert_eq!(run(&t, &parts, 2, true, None), 0, "nothing left to play");
    assert_eq!(records(&parts), records(&whole));
    for dir in [whole, parts] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn directories_are_checked() {
    let t = tournament();
    let out = scratch("checks");
    let options = |resume| RunOptions {
        threads: 1,
        resume,
        stop_after: Some(1),
    };
    let start = Connect4::default();
    let err = run_tournament(&start, &t, &out, &options(true), &mut |_, _, _| {}).unwrap_err();
    assert!(err.to_string().contains("nothing to resume"), "{err}");
    run_tournament(&start, &t, &out, &options(false), &mut |_, _, _| {}).unwrap();
    let err = run_tournament(&start, &t, &out, &options(false), &mut |_, _, _| {}).unwrap_err();
    assert!(err.to_string().contains("--resume"), "{err}");
    let mut other = t.clone();
    other.seed = 6;
    let err = run_tournament(&start, &other, &out, &options(true), &mut |_, _, _| {}).unwrap_err();
    assert!(err.to_string().contains("different tournament"), "{err}");
    // A corrupt complete line is an error naming the line, not silently dropped.
    let path = out.join(RECORDS_FILE);
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("garbage\n");
    std::fs::write(&path, text).unwrap();
    let err = run_tournament(&start, &t, &out, &options(true), &mut |_, _, _| {}).unwrap_err();
    assert!(err.to_string().contains("line 2"), "{err}");
    let mut bad_agent = t.clone();
    bad_agent.agents[1] = "greedy(eval=nosuch)".into();
    let err = run_tournament(
        &start,
        &bad_agent,
        &scratch("bad"),
        &options(false),
        &mut |_, _, _| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("greedy(eval=nosuch)"), "{err}");
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn standings_ratings_and_reports() {
    let t = tournament();
    let out = scratch("reports");
    let options = RunOptions {
        threads: 2,
        resume: false,
        stop_after: None,
    };
    let standings =
        run_tournament(&Connect4::default(), &t, &out, &options, &mut |_, _, _| {}).unwrap();
    assert_eq!(standings.games, 18);
    for i in 0..3 {
        assert_eq!(standings.total(i).games(), 12);
        for j in 0..3 {
            let (a, b) = (standings.tallies[i][j], standings.tallies[j][i]);
            assert_eq!((a.wins, a.draws, a.losses), (b.losses, b.draws, b.wins));
        }
    }
    let rows = rating_rows(&standings);
    assert_eq!(rows.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(rows.windows(2).all(|w| w[0].elo >= w[1].elo));
    assert!(
        rows.iter().map(|r| r.elo).sum::<f64>().abs() < 1e-6,
        "mean 0"
    );
    assert_eq!(
        rows[2].agent, "random",
        "random comes last against searchers"
    );
    let md = markdown(&t, &standings);
    assert!(
        md.contains("## Ratings") && md.contains("## Cross-table"),
        "{md}"
    );
    assert!(md.contains("Games played: 18 of 18"));
    let j = json(&t, &standings);
    assert_eq!(j["games_played"], 18);
    assert_eq!(j["ratings"].as_array().unwrap().len(), 3);
    assert_eq!(j["cross_table"][0][0]["games"], 0);
    let paths = write_reports(&out, &t, &standings).unwrap();
    assert_eq!(paths.len(), 3);
    let svg = std::fs::read_to_string(out.join("ratings.svg")).unwrap();
    assert_eq!(svg.matches("<circle").count(), 3);
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn listed_openings_are_used_by_round_and_kept_on_resume() {
    let mut t = tournament();
    t.opening_plies = 0;
    t.openings = vec!["4 4 4".into(), "1".into()];
    let whole = scratch("listed-whole");
    assert_eq!(run(&t, &whole, 2, false, None), 18);
    let recs = records(&whole);
    for v in recs.values() {
        let moves: Vec<String> = serde_json::from_value(v["moves"].clone()).unwrap();
        let round = v["round"].as_u64().unwrap();
        let expected: &[&str] = if round % 2 == 0 {
            &["4", "4", "4"]
        } else {
            &["1"]
        };
        assert_eq!(moves[..expected.len()], *expected, "round {round}");
        assert_eq!(v["opening_plies"].as_u64(), Some(expected.len() as u64));
    }
    // The openings are part of the saved identity: a resumed run plays the same games.
    let saved = std::fs::read_to_string(whole.join("tournament.json")).unwrap();
    assert!(saved.contains("\"4 4 4\""), "{saved}");
    let parts = scratch("listed-parts");
    assert_eq!(run(&t, &parts, 1, false, Some(5)), 5);
    assert_eq!(run(&t, &parts, 2, true, None), 13);
    assert_eq!(records(&parts), records(&whole));
    // A bad opening is an error before any game is played.
    let mut bad = t.clone();
    bad.openings = vec!["4 4 4 4 4 4 4".into()];
    let out = scratch("listed-bad");
    let err = run_tournament(
        &Connect4::default(),
        &bad,
        &out,
        &RunOptions {
            threads: 1,
            ..RunOptions::default()
        },
        &mut |_, _, _| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
    assert!(!out.join(RECORDS_FILE).exists());
    for dir in [whole, parts, out] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn a_saved_tournament_without_openings_still_loads() {
    let t = tournament();
    let text = serde_json::to_string(&t).unwrap();
    assert!(
        !text.contains("openings"),
        "random openings are not written: {text}"
    );
    let back: Tournament = serde_json::from_str(&text).unwrap();
    assert_eq!(back, t);
}
