//! Targets for `poda tournament --resume`: a tournament directory written from the input, then
//! resumed as the command does (the saved tournament read, its game and agents built, the
//! records checked), with no game played (`stop_after: 0`), and the reports written.

use poda_arena::tournament::report::{cross_table, rating_rows, rating_table, write_reports};
use poda_arena::tournament::run::{load_tournament, CONFIG_FILE, RECORDS_FILE};
use poda_arena::tournament::{run_tournament, RunOptions};
use poda_games::{with_game, AnyGame};
use std::path::{Path, PathBuf};

/// A directory of this process for the tournament under test, emptied for each input.
fn scratch() -> PathBuf {
    super::scratch_root().join(format!("poda-fuzz-tournament-{}", std::process::id()))
}

/// Writes the directory (a missing part: no file), resumes it, removes it.
fn resume(config: Option<&[u8]>, records: Option<&[u8]>) {
    let dir = scratch();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    if let Some(bytes) = config {
        std::fs::write(dir.join(CONFIG_FILE), bytes).expect("writing tournament.json");
    }
    if let Some(bytes) = records {
        std::fs::write(dir.join(RECORDS_FILE), bytes).expect("writing games.jsonl");
    }
    resume_in(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// What `poda tournament --resume --out DIR` does before and after playing.
fn resume_in(dir: &Path) {
    let Ok(tournament) = load_tournament(dir) else {
        return;
    };
    let Ok(game) = AnyGame::parse(&tournament.game) else {
        return;
    };
    let options = RunOptions {
        threads: 1,
        resume: true,
        stop_after: Some(0),
    };
    let standings = with_game!(game, start => {
        run_tournament(&start, &tournament, dir, &options, &mut |_, _, _| {})
    });
    if let Ok(standings) = standings {
        let rows = rating_rows(&standings);
        let _ = rating_table(&rows);
        let _ = cross_table(&standings, &rows);
        write_reports(dir, &tournament, &standings).expect("writing the reports");
    }
}

/// A whole directory: `tournament.json`, then a NUL byte, then `games.jsonl` (no NUL: no
/// records file).
pub fn tournament_resume(data: &[u8]) {
    match data.iter().position(|&b| b == 0) {
        Some(i) => resume(Some(&data[..i]), Some(&data[i + 1..])),
        None => resume(Some(data), None),
    }
}

/// The records of a fixed tournament (three agents, Connect 4, two games a pair).
pub fn records(data: &[u8]) {
    const CONFIG: &str = r#"{"game":"connect4","agents":["random","greedy","mcts(sims=10)"],"games_per_pair":2,"opening_plies":2,"seed":1,"max_plies":null}"#;
    resume(Some(CONFIG.as_bytes()), Some(data));
}
