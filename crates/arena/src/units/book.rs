//! A Connect 4 book build's units: batches of one level's decision nodes.
//!
//! The build walks the perfect player's decision nodes level by level (plies 0, 1, 2, ...;
//! see `poda_solve::build`): the nodes of a level are known only once the level before is
//! decided. So each level is a stage: its undecided nodes (the base book decides some) are
//! cut into batches of `nodes_per_unit`, each batch a unit worked by
//! [`work_level`](poda_solve::work_level), the very code of the single-machine build; once
//! every unit of a level has its result, the walk ([`Levels`]) expands it and the next level
//! is listed. Merging reads the units' lines as the build reads its partial file, so the
//! book is the one `poda book connect4` writes with the same options, byte for byte: a
//! decision is an exact solve, or a probe with a deterministic node budget from a cleared
//! table, the same on any machine.
//!
//! A level's units are the same whatever results exist (the base book, not the results,
//! decides which nodes need work), so their ids are stable and a rerun skips what is done.

use super::{
    all_results, bad, chunks, read_result, read_times, Done, Listing, Unit, UnitError, Work,
};
use poda_solve::{work_level, Book, BuildOptions, Level, Levels, Position};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Memory of a unit besides its two tables (the binary, the base book, buffers), MiB.
const UNIT_OVERHEAD_MB: u64 = 64;

/// A book build to split: the options of `poda book connect4`, and the batch size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BookJob {
    /// The decision nodes the build starts from (move strings).
    pub roots: Vec<String>,
    pub depth: i32,
    pub full_depth: i32,
    pub probe_nodes: u64,
    pub probe_mib: usize,
    /// Table of each unit's main solver (MiB).
    pub table_mib: usize,
    /// The base book: `empty`, or `embedded-<entries>-<hash>` (the committed book of the
    /// binary that listed the units; a worker with another book refuses the unit).
    pub base: String,
    pub nodes_per_unit: usize,
}

impl BookJob {
    /// The job's base book and its name for [`BookJob::base`].
    pub fn base_name(from_scratch: bool) -> String {
        if from_scratch {
            "empty".into()
        } else {
            embedded_name()
        }
    }

    fn base_book(&self) -> Result<Book, UnitError> {
        if self.base == "empty" {
            Ok(Book::empty())
        } else if self.base == embedded_name() {
            Ok(Book::embedded())
        } else {
            Err(bad(format!(
                "the job's base book is '{}' but this poda's committed book is '{}': use \
                 the same poda binary everywhere",
                self.base,
                embedded_name()
            )))
        }
    }

    fn check(&self) -> Result<(), UnitError> {
        for root in &self.roots {
            Position::parse(root).map_err(|e| bad(format!("root '{root}': {e}")))?;
        }
        if self.table_mib == 0 || self.probe_mib == 0 {
            return Err(bad("table sizes must be at least 1 MiB"));
        }
        Ok(())
    }

    fn options(&self, base: Book) -> BuildOptions {
        BuildOptions {
            roots: self.roots.clone(),
            full_depth: self.full_depth,
            depth: self.depth,
            probe_nodes: self.probe_nodes,
            probe_mib: self.probe_mib,
            threads: 1,
            table_mib: self.table_mib,
            partial: PathBuf::new(),
            base,
        }
    }
}

/// Name of the committed book: its size and an FNV-1a hash of its bytes.
fn embedded_name() -> String {
    let bytes = Book::embedded().to_bytes();
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("embedded-{}-{hash:016x}", bytes.len() / 8)
}

/// A unit's work: some nodes of one level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BookWork {
    pub book: BookJob,
    pub ply: i32,
    pub full: bool,
    pub nodes: Vec<String>,
}

/// Where the walk got to.
pub struct Walk {
    pub listing: Listing,
    /// The decisions learnt from the results.
    pub levels: Levels,
    /// Per ply of decision nodes, for the levels done: (nodes, stored, leaves).
    pub report: BTreeMap<i32, (usize, usize, usize)>,
    /// Every result line, in unit order (a partial file of the build).
    pub lines: Vec<String>,
}

/// Does node `moves` of a level need a unit, or does the base book hold all it needs?
fn needs_work(base: &Book, moves: &str, full: bool) -> bool {
    let Ok(p) = Position::parse(moves) else {
        return false;
    };
    if base.best(&p).is_none() {
        return true;
    }
    full && (0..poda_solve::WIDTH).any(|c| {
        if !p.can_play(c) || p.is_winning_move(c) {
            return false;
        }
        let child = p.after(p.move_in(c));
        child.moves() < poda_solve::position::SIZE && base.get(&child).is_none()
    })
}

/// Walks the levels with the results in `results`, listing the units of every level up to
/// the first one not finished.
pub fn walk(job: &BookJob, results: Option<&Path>) -> Result<Walk, UnitError> {
    job.check()?;
    let base = job.base_book()?;
    let mut levels = Levels::new(&base, &job.roots, job.depth, job.full_depth);
    let memory_mb = (job.table_mib + job.probe_mib) as u64 + UNIT_OVERHEAD_MB;
    let mut listing = Listing::default();
    let mut report = BTreeMap::new();
    let mut lines = Vec::new();
    listing.complete = true;
    while let Some(level) = levels.next_level() {
        let todo: Vec<String> = level
            .nodes
            .iter()
            .filter(|m| needs_work(&base, m, level.full))
            .cloned()
            .collect();
        let batches = chunks(&todo, job.nodes_per_unit);
        let mut missing = 0;
        for (i, nodes) in batches.into_iter().enumerate() {
            let unit = Unit {
                id: format!("b-p{:02}-{i:05}", level.ply),
                memory_mb,
                work: Work::Book(BookWork {
                    book: job.clone(),
                    ply: level.ply,
                    full: level.full,
                    nodes,
                }),
            };
            match read_result(results, &unit)? {
                Some(result) => {
                    for line in result_lines(&result)? {
                        levels.learn(&line);
                        lines.push(line);
                    }
                }
                None => missing += 1,
            }
            listing.units.push(unit);
        }
        listing.stage = format!(
            "ply {} of the book: {} decision nodes, {} to work",
            level.ply,
            level.nodes.len(),
            todo.len()
        );
        if missing > 0 {
            // Complete all the same if no deeper level can follow this one.
            listing.complete = level.ply + 2 > job.depth && levels.next_level().is_none();
            break;
        }
        if let Some(node) = level.nodes.iter().find(|m| !levels.is_decided(m)) {
            return Err(bad(format!(
                "the results of ply {} do not decide node '{node}'",
                level.ply
            )));
        }
        report.insert(level.ply, levels.expand(&level));
    }
    Ok(Walk {
        listing,
        levels,
        report,
        lines,
    })
}

fn result_lines(result: &serde_json::Value) -> Result<Vec<String>, UnitError> {
    let lines = result["lines"]
        .as_array()
        .ok_or_else(|| bad("a book unit's result without lines"))?;
    Ok(lines
        .iter()
        .filter_map(|l| l.as_str().map(str::to_string))
        .collect())
}

/// The units listed so far.
pub fn list(job: &BookJob, results: Option<&Path>) -> Result<(Listing, Walk), UnitError> {
    let walk = walk(job, results)?;
    Ok((walk.listing.clone(), walk))
}

/// Works the unit's nodes: the partial file's lines for them without the seconds each
/// decision took; the lines with their seconds go beside the result.
pub(crate) fn run(work: &BookWork) -> Result<Done, UnitError> {
    let job = &work.book;
    job.check()?;
    for node in &work.nodes {
        let p = Position::parse(node).map_err(|e| bad(format!("node '{node}': {e}")))?;
        if p.moves() != work.ply {
            return Err(bad(format!("node '{node}' is not at ply {}", work.ply)));
        }
    }
    let opts = job.options(job.base_book()?);
    let level = Level {
        ply: work.ply,
        nodes: work.nodes.clone(),
        full: work.full,
    };
    let (mut out, mut timed) = (Vec::new(), Vec::new());
    let nodes = work_level(&opts, &level, &mut out, &mut timed)
        .map_err(|e| bad(format!("working the nodes: {e}")))?;
    let text = |bytes: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(bytes)
            .lines()
            .map(str::to_string)
            .collect()
    };
    Ok(Done {
        result: serde_json::json!({ "lines": text(&out) }),
        times: Some(serde_json::json!({ "lines": text(&timed) })),
        items: work.nodes.len(),
        nodes,
    })
}

/// The book every result makes, once every level is done; with the walk's report.
pub fn merge(job: &BookJob, results: &Path) -> Result<(Book, Walk), UnitError> {
    let walk = walk(job, Some(results))?;
    // Names the missing units of the level the walk stopped at.
    all_results(results, &walk.listing.units)?;
    if !walk.listing.complete {
        return Err(bad(format!(
            "the build is not finished ({})",
            walk.listing.stage
        )));
    }
    Ok((walk.levels.book(), walk))
}

/// The partial file of the merged build: every unit's lines, with the seconds each decision
/// took where the unit's measurements are there (as the single-machine build writes them).
pub fn partial_text(walk: &Walk, results: &Path) -> Result<String, UnitError> {
    let mut text = String::new();
    for unit in &walk.listing.units {
        let timed = read_times(results, &unit.id)
            .and_then(|t| result_lines(&t).ok())
            .filter(|lines| !lines.is_empty());
        let lines = match timed {
            Some(lines) => lines,
            None => match read_result(Some(results), unit)? {
                Some(r) => result_lines(&r)?,
                None => Vec::new(),
            },
        };
        for line in lines {
            text.push_str(&line);
            text.push('\n');
        }
    }
    Ok(text)
}
