//! Units of work for a cluster: a job (a tournament, a Connect 4 book build, a Kalah or
//! Connect 4 solve) split into units that any scheduler can run on any machine, and merged
//! back into exactly what the single-machine command gives.
//!
//! **The trio.** [`list`] gives a job's units (`poda units`), [`run`] runs one and writes its
//! result (`poda run-unit`), and each job's `merge` combines the results (`poda merge`):
//! - [`tournament`]: the games of one pair in a block of rounds; merged into the
//!   `games.jsonl` and reports of `poda tournament`.
//! - [`book`]: a batch of decision nodes of one level of the book's walk; merged into the
//!   book file of `poda book connect4`.
//! - [`solve`]: a batch of the sub-positions a chosen number of plies below the position,
//!   each with its window; merged by minimax at the top into the value of `poda solve`.
//!
//! **Units.** A unit is one JSON line that says everything needed to run it (the whole job,
//! the work, the memory it needs), so a worker needs only the `poda` binary. Units are
//! deterministic (the same job lists the same units, with the same ids, whatever results
//! exist), idempotent (a unit run twice writes the same bytes: results hold no times) and
//! small enough to retry. Work that needs earlier results (the book's next level, a solve's
//! re-search with a wider window) is listed in *stages*: [`list`] with a results directory
//! lists every stage whose inputs are there, so a driver lists, runs what is missing, and
//! lists again until nothing is missing.
//!
//! **Results.** `DIR/<id>.json` holds `{"unit": <the unit>, "result": ...}`, written to a
//! temporary file in `DIR` and renamed, so a killed unit leaves nothing half-written and a
//! result is whole or absent. Reading a result checks that its unit is the one listed: a
//! directory holding another job's results is an error, not a silent mix. What was measured
//! (a game's time, a node's or a leaf's seconds) is not part of the result but goes beside
//! it, in `DIR/<id>.times.json` (written first): merges put it back where the single-machine
//! files have it, and a repeated unit still writes the same result bytes.

pub mod book;
pub mod solve;
pub mod tournament;

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;
use thiserror::Error;

/// One unit: its id (the name of its result file), the memory it needs and its work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: String,
    /// Memory the unit needs, in MiB (for a scheduler's resource request).
    pub memory_mb: u64,
    #[serde(flatten)]
    pub work: Work,
}

/// What a unit does, with the whole job it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "job", rename_all = "lowercase")]
pub enum Work {
    Tournament(tournament::TournamentWork),
    Book(book::BookWork),
    Solve(solve::SolveWork),
}

/// A job: what `poda units` lists and `poda merge` combines.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    Tournament(tournament::TournamentJob),
    Book(book::BookJob),
    Solve(solve::SolveJob),
}

/// The units listed so far and what they are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listing {
    pub units: Vec<Unit>,
    /// False while a later stage waits for results of the units listed.
    pub complete: bool,
    /// What the last stage listed is, for people ("ply 17 of the book").
    pub stage: String,
}

/// Why a job cannot be listed, run or merged.
#[derive(Debug, Error)]
pub enum UnitError {
    /// Bad input: a job, a unit or a results directory that does not fit.
    #[error("{0}")]
    Bad(String),
    #[error("{}: {message}", path.display())]
    Io { path: PathBuf, message: String },
}

pub(crate) fn io_error(path: &Path, e: impl std::fmt::Display) -> UnitError {
    UnitError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

pub(crate) fn bad(message: impl Into<String>) -> UnitError {
    UnitError::Bad(message.into())
}

/// The result file of a unit.
#[derive(Serialize, Deserialize)]
struct ResultFile {
    unit: Unit,
    result: serde_json::Value,
}

/// What a unit's run produced: its result, its measurements, and how much work it was.
pub(crate) struct Done {
    pub result: serde_json::Value,
    /// Times measured, written beside the result (`None`: nothing measured).
    pub times: Option<serde_json::Value>,
    pub items: usize,
    pub nodes: u64,
}

/// What running a unit did (printed by `poda run-unit`, read by drivers).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunSummary {
    pub id: String,
    /// The result was there already; nothing was run.
    pub skipped: bool,
    pub seconds: f64,
    /// How much work: games, nodes or leaves.
    pub items: usize,
    /// Solver nodes searched (book and solve units).
    pub nodes: u64,
}

/// The units of `job`: the first stage without `results`, else every stage whose inputs
/// are in the directory `results`.
pub fn list(job: &Job, results: Option<&Path>) -> Result<Listing, UnitError> {
    match job {
        Job::Tournament(t) => tournament::list(t),
        Job::Book(b) => book::list(b, results).map(|(listing, _)| listing),
        Job::Solve(s) => solve::list(s, results),
    }
}

/// Runs `unit` and writes its result into `out` (created if missing); a result already
/// there is kept and nothing is run, unless `force`.
pub fn run(unit: &Unit, out: &Path, force: bool) -> Result<RunSummary, UnitError> {
    check_id(&unit.id)?;
    let began = Instant::now();
    let mut summary = RunSummary {
        id: unit.id.clone(),
        skipped: false,
        seconds: 0.0,
        items: 0,
        nodes: 0,
    };
    if !force && result_path(out, &unit.id).exists() {
        summary.skipped = true;
        return Ok(summary);
    }
    std::fs::create_dir_all(out).map_err(|e| io_error(out, e))?;
    let done = match &unit.work {
        Work::Tournament(w) => tournament::run(w, out)?,
        Work::Book(w) => book::run(w)?,
        Work::Solve(w) => solve::run(w)?,
    };
    if let Some(times) = &done.times {
        let text = serde_json::to_string(times).expect("times serialise") + "\n";
        write_atomic(&times_path(out, &unit.id), text.as_bytes())?;
    }
    let file = ResultFile {
        unit: unit.clone(),
        result: done.result,
    };
    let text = serde_json::to_string(&file).expect("results serialise") + "\n";
    write_atomic(&result_path(out, &unit.id), text.as_bytes())?;
    summary.seconds = began.elapsed().as_secs_f64();
    summary.items = done.items;
    summary.nodes = done.nodes;
    Ok(summary)
}

/// Where the result of unit `id` goes.
pub fn result_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.json"))
}

/// Where the measurements of unit `id` go.
pub fn times_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.times.json"))
}

/// The measurements of unit `id`, if there and readable (they are never needed).
pub(crate) fn read_times(dir: &Path, id: &str) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(times_path(dir, id)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Ids name files: letters, digits and dashes only.
fn check_id(id: &str) -> Result<(), UnitError> {
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(bad(format!(
            "unit id '{id}': only letters, digits and '-' are allowed"
        )));
    }
    Ok(())
}

/// The result of `unit` in `dir`, if there; an error if the file there belongs to another
/// unit (another job's results in the same directory) or cannot be read.
pub(crate) fn read_result(
    dir: Option<&Path>,
    unit: &Unit,
) -> Result<Option<serde_json::Value>, UnitError> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let path = result_path(dir, &unit.id);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(&path, e)),
    };
    let file: ResultFile = serde_json::from_str(&text)
        .map_err(|e| bad(format!("{}: not a unit's result: {e}", path.display())))?;
    if file.unit != *unit {
        return Err(bad(format!(
            "{}: the result of another job's unit (a results directory holds one job)",
            path.display()
        )));
    }
    Ok(Some(file.result))
}

/// The results of every unit listed, in order; an error naming the first missing one.
pub(crate) fn all_results(dir: &Path, units: &[Unit]) -> Result<Vec<serde_json::Value>, UnitError> {
    let mut results = Vec::with_capacity(units.len());
    let mut missing = Vec::new();
    for unit in units {
        match read_result(Some(dir), unit)? {
            Some(r) => results.push(r),
            None => missing.push(unit.id.as_str()),
        }
    }
    if let Some(first) = missing.first() {
        return Err(bad(format!(
            "{} of {} units have no result in {} (first: {first}); run them, then merge",
            missing.len(),
            units.len(),
            dir.display()
        )));
    }
    Ok(results)
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename,
/// so readers see the whole file or none.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), UnitError> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let temp = dir.join(format!(".{name}.{}.{nanos}.tmp", std::process::id()));
    let written = std::fs::File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|_| std::fs::rename(&temp, path)) {
        let _ = std::fs::remove_file(&temp);
        return Err(io_error(path, e));
    }
    Ok(())
}

/// Parses a unit from its JSON line.
pub fn parse_unit(line: &str) -> Result<Unit, UnitError> {
    let unit: Unit =
        serde_json::from_str(line.trim()).map_err(|e| bad(format!("not a unit: {e}")))?;
    check_id(&unit.id)?;
    Ok(unit)
}

/// Splits `items` into chunks of `size` (at least 1).
pub(crate) fn chunks<T: Clone>(items: &[T], size: usize) -> Vec<Vec<T>> {
    items.chunks(size.max(1)).map(<[T]>::to_vec).collect()
}
