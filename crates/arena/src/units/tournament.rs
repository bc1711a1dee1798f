//! A tournament's units: the games of one pair in a block of rounds (both colour orders of
//! each round's opening), played by the same code as `poda tournament`
//! ([`play_scheduled`]), and merged into the same `tournament.json`, `games.jsonl` (one line
//! a game, in schedule order) and reports.
//!
//! A game depends only on the tournament and its index (see [`crate::tournament`]), so for
//! agents not limited by time the merged records are those of `poda tournament --threads 1`
//! except the measured times (`time_ms`), and the reports are the same bytes.

use super::{
    all_results, bad, chunks, io_error, read_times, write_atomic, Done, Listing, Unit, UnitError,
    Work,
};
use crate::tournament::report::write_reports;
use crate::tournament::run::{
    build_specs, load_records, load_tournament, play_scheduled, record_line, AgentCache,
    CONFIG_FILE, RECORDS_FILE,
};
use crate::tournament::{Standings, Tournament};
use poda_games::{with_game, AnyGame};
use poda_players::{build_agent, PlayerGame};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Memory asked for a tournament unit: two agents with their default tables.
const UNIT_MEMORY_MB: u64 = 512;

/// A tournament to split, and how many rounds a unit plays.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentJob {
    pub tournament: Tournament,
    pub rounds_per_unit: usize,
}

/// A unit's work: some games of the schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentWork {
    pub tournament: Tournament,
    /// Game indices (see [`Tournament::pairing`]).
    pub games: Vec<usize>,
}

/// Every unit: for each block of rounds, for each pair, the pair's games of those rounds.
pub fn list(job: &TournamentJob) -> Result<Listing, UnitError> {
    let t = &job.tournament;
    t.validate().map_err(bad)?;
    let game = AnyGame::parse(&t.game).map_err(|e| bad(format!("game '{}': {e}", t.game)))?;
    with_game!(game, g => check_agents(&g, t))?;
    let pairs = t.pairs().len();
    let rounds: Vec<usize> = (0..t.games_per_pair / 2).collect();
    let mut units = Vec::new();
    for block in chunks(&rounds, job.rounds_per_unit) {
        for pair in 0..pairs {
            let games = block
                .iter()
                .flat_map(|&r| [r * 2 * pairs + 2 * pair, r * 2 * pairs + 2 * pair + 1])
                .collect();
            units.push(Unit {
                id: format!("t-r{:05}-p{pair:04}", block[0]),
                memory_mb: UNIT_MEMORY_MB,
                work: Work::Tournament(TournamentWork {
                    tournament: t.clone(),
                    games,
                }),
            });
        }
    }
    Ok(Listing {
        units,
        complete: true,
        stage: format!("{} games of {pairs} pairs", t.total_games()),
    })
}

fn check_agents<G: PlayerGame>(start: &G, t: &Tournament) -> Result<(), UnitError> {
    for spec in &t.agents {
        build_agent(start, spec).map_err(|e| bad(format!("agent '{spec}': {e}")))?;
    }
    Ok(())
}

/// Plays the unit's games; the result is their record lines as JSON without the players'
/// times, which go beside it (`{"time_ms": {"<index>": [first, second]}}`).
pub(crate) fn run(work: &TournamentWork, out: &Path) -> Result<Done, UnitError> {
    let t = &work.tournament;
    t.validate().map_err(bad)?;
    if let Some(&bad_index) = work.games.iter().find(|&&i| i >= t.total_games()) {
        return Err(bad(format!("game {bad_index} is not in the tournament")));
    }
    let game = AnyGame::parse(&t.game).map_err(|e| bad(format!("game '{}': {e}", t.game)))?;
    let mut records = with_game!(game, g => play(&g, t, &work.games, out))?;
    let mut times = serde_json::Map::new();
    for r in &mut records {
        if let Some(map) = r.as_object_mut() {
            let index = map.get("index").map(|i| i.to_string()).unwrap_or_default();
            times.insert(index, map.remove(TIME_KEY).unwrap_or_default());
        }
    }
    Ok(Done {
        items: records.len(),
        result: serde_json::json!({ "records": records }),
        times: Some(serde_json::json!({ TIME_KEY: times })),
        nodes: 0,
    })
}

/// The record's field of the players' measured times.
const TIME_KEY: &str = "time_ms";

fn play<G: PlayerGame>(
    start: &G,
    t: &Tournament,
    games: &[usize],
    out: &Path,
) -> Result<Vec<serde_json::Value>, UnitError> {
    check_agents(start, t)?;
    let openings = t.opening_moves(start).map_err(bad)?;
    // External programs log their stderr under the results directory's logs/.
    let specs = build_specs(t, out);
    let mut agents = AgentCache::new(&specs);
    let mut records = Vec::new();
    for &index in games {
        let (record, pairing) = play_scheduled(start, t, &openings, &mut agents, index)
            .ok_or_else(|| bad("an agent could not be built"))?;
        let line = record_line(&record, &pairing);
        records.push(serde_json::from_str(&line).expect("a record line is JSON"));
    }
    Ok(records)
}

/// Writes the merged tournament into `out` (`tournament.json`, `games.jsonl` and the
/// reports, as `poda tournament --out` does) and returns the standings and report paths.
/// An `out` holding another tournament is refused.
pub fn merge(
    job: &TournamentJob,
    results: &Path,
    out: &Path,
) -> Result<(Standings, Vec<PathBuf>), UnitError> {
    let t = &job.tournament;
    let listing = list(job)?;
    let mut lines: Vec<(usize, String)> = Vec::new();
    for (unit, result) in listing
        .units
        .iter()
        .zip(all_results(results, &listing.units)?)
    {
        let records = result["records"]
            .as_array()
            .ok_or_else(|| bad(format!("a result in {} has no records", results.display())))?;
        let times = read_times(results, &unit.id);
        for r in records {
            let index = r["index"]
                .as_u64()
                .ok_or_else(|| bad("a record without index"))?;
            let mut r = r.clone();
            // The times measured where the game was played (zero if their file is lost).
            let time = times
                .as_ref()
                .and_then(|t| t[TIME_KEY].get(index.to_string()).cloned())
                .unwrap_or_else(|| serde_json::json!([0.0, 0.0]));
            if let Some(map) = r.as_object_mut() {
                map.insert(TIME_KEY.into(), time);
            }
            lines.push((index as usize, format!("{r}\n")));
        }
    }
    lines.sort_by_key(|(i, _)| *i);
    std::fs::create_dir_all(out).map_err(|e| io_error(out, e))?;
    if out.join(CONFIG_FILE).exists() {
        let saved = load_tournament(out).map_err(|e| bad(e.to_string()))?;
        if saved != *t {
            return Err(bad(format!(
                "{} holds another tournament; merge into an empty directory",
                out.display()
            )));
        }
    }
    let config = serde_json::to_string_pretty(t).expect("serialisable") + "\n";
    write_atomic(&out.join(CONFIG_FILE), config.as_bytes())?;
    let records: String = lines.into_iter().map(|(_, l)| l).collect();
    let records_path = out.join(RECORDS_FILE);
    write_atomic(&records_path, records.as_bytes())?;
    // The same reading as `--resume`: checks every game once, by the right agents.
    let (standings, done) = load_records(t, &records_path).map_err(|e| bad(e.to_string()))?;
    if done.len() != t.total_games() {
        return Err(bad(format!(
            "the results hold {} of {} games",
            done.len(),
            t.total_games()
        )));
    }
    let paths = write_reports(out, t, &standings).map_err(|e| io_error(out, e))?;
    Ok((standings, paths))
}
