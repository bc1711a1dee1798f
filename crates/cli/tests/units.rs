//! `poda units`, `poda run-unit` and `poda merge` end to end, without any scheduler: every
//! job split into units, run in pieces (as a stopped and resumed cluster would), and merged
//! into exactly what the single-machine command gives (a tournament's records and reports,
//! a book file byte for byte, a solve's value and move scores), plus the failure cases (a
//! repeated unit, another job's results, missing units, bad units).

mod common;
use common::{assert_user_error, json, poda, poda_with_input, stderr, stdout};
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("poda-cli-units-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn args<'a>(head: &[&'a str], job: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    [head, job, tail].concat()
}

/// `poda units KIND JOB --from DIR --missing`: the unit lines still to run.
fn missing(kind: &str, job: &[&str], dir: &Path) -> Vec<String> {
    let o = poda(&args(
        &["units", kind],
        job,
        &["--from", dir.to_str().unwrap(), "--missing"],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o).lines().map(str::to_string).collect()
}

/// Runs unit lines with `poda run-unit -`; returns the summaries.
fn run_units(lines: &[String], dir: &Path) -> Vec<serde_json::Value> {
    let o = poda_with_input(
        &["run-unit", "-", "--out", dir.to_str().unwrap()],
        &lines.join("\n"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Lists and runs the missing units until none is left (stages included), `batch` units
/// at a time, as a driver that stops and resumes would; returns how many ran.
fn run_job(kind: &str, job: &[&str], dir: &Path, batch: usize) -> usize {
    let mut ran = 0;
    loop {
        let todo = missing(kind, job, dir);
        if todo.is_empty() {
            return ran;
        }
        for chunk in todo.chunks(batch) {
            let summaries = run_units(chunk, dir);
            assert!(summaries.iter().all(|s| s["skipped"] == false));
            ran += summaries.len();
        }
    }
}

fn records_without_times(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            let time = v.as_object_mut().unwrap().remove("time_ms").unwrap();
            assert_eq!(time.as_array().unwrap().len(), 2);
            v
        })
        .collect()
}

#[test]
fn a_tournament_merges_into_the_single_machine_run() {
    let dir = scratch("tournament");
    let job = [
        "connect4",
        "random",
        "greedy",
        "alphabeta(depth=3)",
        "--games-per-pair",
        "6",
        "--seed",
        "7",
    ];
    let single = dir.join("single");
    let o = poda(&args(
        &["tournament"],
        &job,
        &["--quiet", "--out", single.to_str().unwrap()],
    ));
    assert!(o.status.success(), "{}", stderr(&o));

    // Three pairs, three rounds: nine units of two games; run four at a time.
    let results = dir.join("results");
    assert_eq!(run_job("tournament", &job, &results, 4), 9);
    let merged = dir.join("merged");
    let o = poda(&args(
        &["merge", "tournament"],
        &job,
        &[
            "--from",
            results.to_str().unwrap(),
            "--out",
            merged.to_str().unwrap(),
        ],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("18 of 18 games played"),
        "{}",
        stdout(&o)
    );
    for file in ["tournament.json", "report.md", "report.json", "ratings.svg"] {
        assert_eq!(
            std::fs::read(single.join(file)).unwrap(),
            std::fs::read(merged.join(file)).unwrap(),
            "{file}"
        );
    }
    assert_eq!(
        records_without_times(&single.join("games.jsonl")),
        records_without_times(&merged.join("games.jsonl"))
    );
    // The merged directory is a finished tournament: --resume plays nothing.
    let o = poda(&[
        "tournament",
        "--resume",
        "--quiet",
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(
        stdout(&o).contains("18 of 18 games played"),
        "{}",
        stdout(&o)
    );

    // A unit run again writes the same bytes (its times go beside the result).
    let first = poda(&args(&["units", "tournament"], &job, &[]));
    let unit = stdout(&first).lines().next().unwrap().to_string();
    let id = serde_json::from_str::<serde_json::Value>(&unit).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = results.join(format!("{id}.json"));
    let before = std::fs::read(&path).unwrap();
    let skipped = run_units(std::slice::from_ref(&unit), &results);
    assert_eq!(skipped[0]["skipped"], true);
    let o = poda(&[
        "run-unit",
        &unit,
        "--out",
        results.to_str().unwrap(),
        "--force",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

const BOOK: [&str; 15] = [
    "connect4",
    "--root",
    "274552224131661",
    "--root",
    "5455174361263362",
    "--depth",
    "21",
    "--probe-nodes",
    "5000",
    "--probe-tt",
    "4",
    "--tt",
    "16",
    "--from-scratch",
    "--nodes-per-unit=3",
];

#[test]
fn a_book_build_merges_into_the_same_book_file() {
    let dir = scratch("book");
    std::fs::create_dir_all(&dir).unwrap();
    for full_depth in ["--full-depth=-1", "--full-depth=16"] {
        let job: Vec<&str> = BOOK.iter().copied().chain([full_depth]).collect();
        let single_job = &job[..job.len() - 2];
        let (partial, single) = (dir.join("single.partial"), dir.join("single.bin"));
        let _ = std::fs::remove_file(&partial);
        let o = poda(&args(
            &["book"],
            single_job,
            &[
                full_depth,
                "--partial",
                partial.to_str().unwrap(),
                "--out",
                single.to_str().unwrap(),
            ],
        ));
        assert!(o.status.success(), "{}", stderr(&o));

        let results = dir.join(format!("results{full_depth}"));
        // Seven levels (plies 15 to 21), each a stage listed once the one before is done.
        assert!(run_job("book", &job, &results, 5) >= 7);
        let merged = dir.join("merged.bin");
        let merged_partial = dir.join("merged.partial");
        let o = poda(&args(
            &["merge", "book"],
            &job,
            &[
                "--from",
                results.to_str().unwrap(),
                "--out",
                merged.to_str().unwrap(),
                "--partial",
                merged_partial.to_str().unwrap(),
            ],
        ));
        assert!(o.status.success(), "{}", stderr(&o));
        let book = std::fs::read(&single).unwrap();
        assert!(book.len() >= 8 * 40, "{full_depth}: {} bytes", book.len());
        assert_eq!(book, std::fs::read(&merged).unwrap(), "{full_depth}");
        // The same decisions line for line (times aside), and the merged partial file is
        // one the single-machine build resumes from with nothing left to solve.
        let lines = |path: &Path| {
            let mut v: Vec<String> = std::fs::read_to_string(path)
                .unwrap()
                .lines()
                .map(|l| l.split(' ').take(4).collect::<Vec<_>>().join(" "))
                .collect();
            v.sort();
            v.dedup();
            v
        };
        assert_eq!(lines(&partial), lines(&merged_partial), "{full_depth}");
        let again = dir.join("again.bin");
        let o = poda(&args(
            &["book"],
            single_job,
            &[
                full_depth,
                "--partial",
                merged_partial.to_str().unwrap(),
                "--out",
                again.to_str().unwrap(),
            ],
        ));
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(std::fs::read(&again).unwrap(), book);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `poda merge solve ... --json` after running every unit.
fn split_solve(job: &[&str], dir: &Path) -> serde_json::Value {
    run_job("solve", job, dir, 7);
    let o = poda(&args(
        &["merge", "solve"],
        job,
        &["--from", dir.to_str().unwrap(), "--json"],
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    json(&o)
}

#[test]
fn a_kalah_solve_split_at_ply_4_gives_the_single_machine_value() {
    let dir = scratch("kalah");
    let game = "kalah(pits=4,seeds=3)";
    let o = poda(&["solve", game, "", "--analyze", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let single = json(&o);
    assert_eq!(single["score"], 6);
    let exact = |answer: &serde_json::Value| {
        assert_eq!(answer["score"], single["score"], "{answer}");
        assert_eq!(answer["best"], single["best"], "{answer}");
    };
    // No window: every move's score too.
    let base = [game, "", "--split-ply", "4", "--tt", "8", "--endgame", "6"];
    let answer = split_solve(&base, &dir.join("full"));
    exact(&answer);
    assert_eq!(answer["analysis"], single["analysis"]);
    assert!(answer["leaves"].as_u64().unwrap() > 50, "{answer}");
    // A window around the value: one stage, fewer nodes. A window that misses it: a second
    // stage, the same value.
    let mut nodes = Vec::new();
    for (name, window) in [("right", "--window=5,7"), ("low", "--window=-3,2")] {
        let job: Vec<&str> = base.iter().copied().chain([window]).collect();
        let answer = split_solve(&job, &dir.join(name));
        exact(&answer);
        nodes.push(answer["nodes"].as_u64().unwrap());
        let second_stage = answer["units"].as_u64() > answer["leaves"].as_u64();
        assert_eq!(second_stage, name == "low", "{answer}");
    }
    assert!(nodes[0] < answer["nodes"].as_u64().unwrap(), "{nodes:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_connect4_solve_split_at_ply_2_gives_the_single_machine_scores() {
    let dir = scratch("connect4");
    let position = "52753311433677442422121";
    let o = poda(&["solve", "connect4", position, "--analyze", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let single = json(&o)["moves"].clone();
    let job = ["connect4", position, "--split-ply", "2", "--tt", "16"];
    let answer = split_solve(&job, &dir);
    assert_eq!(answer["analysis"], single);
    let best = single
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["score"].as_i64().unwrap())
        .max()
        .unwrap();
    assert_eq!(answer["score"], best);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn another_jobs_results_missing_units_and_bad_units_are_clear_errors() {
    let dir = scratch("errors");
    let job = ["kalah(pits=3,seeds=2)", "", "--split-ply", "2", "--tt", "4"];
    let todo = missing("solve", &job, &dir);
    // Half the units: merge names what is missing; the listing says what is left.
    run_units(&todo[..todo.len() / 2], &dir);
    let o = poda(&args(
        &["merge", "solve"],
        &job,
        &["--from", dir.to_str().unwrap()],
    ));
    assert_user_error(&o, "have no result");
    assert_eq!(
        missing("solve", &job, &dir).len(),
        todo.len() - todo.len() / 2
    );
    // The same directory with another job (another split): refused, not mixed.
    let other = ["kalah(pits=3,seeds=2)", "", "--split-ply", "3", "--tt", "4"];
    let o = poda(&args(
        &["units", "solve"],
        &other,
        &["--from", dir.to_str().unwrap()],
    ));
    assert_user_error(&o, "another job");
    // Bad units and bad jobs.
    let out = dir.to_str().unwrap();
    assert_user_error(&poda(&["run-unit", "{", "--out", out]), "not a unit");
    let renamed = todo[0].replacen("\"id\":\"s1-", "\"id\":\"../s1-", 1);
    assert_user_error(&poda(&["run-unit", &renamed, "--out", out]), "unit id");
    assert_user_error(
        &poda(&["units", "solve", "hex", "", "--split-ply", "2"]),
        "split solves exist for",
    );
    assert_user_error(
        &poda(&["units", "solve", "kalah", "", "--window", "4,-4"]),
        "--window",
    );
    assert_user_error(
        &poda(&["units", "book", "connect4(width=8)", "--depth", "3"]),
        "standard 7x6",
    );
    assert_user_error(
        &poda(&["units", "tournament", "connect4", "random", "nobody"]),
        "nobody",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
