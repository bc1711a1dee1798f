//! `poda book kalah`: builds (or resumes) the Kalah opening book of the perfect player
//! (`poda_solve::kalah::book_build`): decision nodes the probe (the perfect player's own
//! settings) cannot decide within `--probe-nodes` are decided with the largest endgame
//! database at hand and stored.
//!
//! The probe runs the perfect player with the smallest endgame database it is meant to have
//! (the first 20 seeds of whatever file is at hand, `PERFECT_MIN_DB_SEEDS`), so the book
//! holds for a player whose user built only that one (`poda endgame kalah --seeds 20`, under
//! a minute). A probe that read 24 seeds left out positions that take a player with 20
//! seeds near a second (docs/benchmarks/kalah.md section 13).

use super::book::BookArgs;
use crate::input;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use poda_core::{Game, Spec};
use poda_games::kalah::{EndgameTable, Kalah};
use poda_solve::kalah::book::KalahBook;
use poda_solve::kalah::book_build::{build_kalah_book, kalah_book_from_partial, KalahBookOptions};
use poda_solve::kalah::perfect::{probe_endgame, DEFAULT_LENGTH_NODES};
use poda_solve::kalah::{db, Endgame, SolverConfig};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Default probe budget: about a third of a second of the perfect player's search here.
pub const DEFAULT_PROBE_NODES: u64 = 1_000_000;
/// Default plies of the deepest decision node.
const DEFAULT_DEPTH: i32 = 40;
/// Length-search budget of a stored decision (solver nodes).
const LENGTH_NODES: u64 = 20_000_000;

pub fn run(spec: &Spec, args: &BookArgs) -> Result<()> {
    let game =
        Kalah::from_spec(spec).map_err(|e| input::bad(&format!("game '{}'", args.game), e))?;
    if game.pits() > 6 || game.initial_seeds() > 4 {
        return Err(input::user(
            "Kalah books exist up to 6 pits and 4 seeds a pit (the perfect player's games)",
        ));
    }
    if args.threads == 0 || args.tt == 0 || args.probe_tt == 0 {
        return Err(input::user(
            "--threads, --tt and --probe-tt must be at least 1",
        ));
    }
    if !args.roots.is_empty() {
        return Err(input::user("--root is for Connect 4 books"));
    }
    let name = book_name(&game);
    let partial = args
        .partial
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{name}.partial")));
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{name}.book")));
    let (pits, empty) = (game.pits(), game.empty_capture());
    // The largest database at hand for the stored decisions, else a lazy table.
    let endgame = match db::default_path(pits, empty).filter(|p| p.exists()) {
        Some(path) => Endgame::Db(Arc::new(
            db::open(&path, pits, empty, db::MAX_DB_SEEDS)
                .map_err(|e| input::user(e.to_string()))?,
        )),
        None => Endgame::Lazy(Arc::new(EndgameTable::new(pits, empty, 16, 1 << 30))),
    };
    let opts = KalahBookOptions {
        game,
        depth: args.depth.unwrap_or(DEFAULT_DEPTH).max(0) as usize,
        probe_nodes: args.probe_nodes.unwrap_or(DEFAULT_PROBE_NODES),
        probe_config: SolverConfig {
            tt_mib: args.probe_tt,
            ..SolverConfig::default()
        },
        probe_endgame: probe_endgame(pits, empty),
        probe_length_nodes: DEFAULT_LENGTH_NODES,
        length_nodes: LENGTH_NODES,
        threads: args.threads,
        config: SolverConfig {
            tt_mib: args.tt,
            ..SolverConfig::default()
        },
        endgame,
        partial: partial.clone(),
        base: if args.from_scratch {
            KalahBook::empty(&game)
        } else {
            KalahBook::embedded(&game)
        },
    };
    let start = Instant::now();
    if args.write_only {
        if !partial.exists() {
            return Err(input::user(format!(
                "--write-only: no partial file {}",
                partial.display()
            )));
        }
        let book = kalah_book_from_partial(&opts)
            .with_context(|| format!("reading {}", partial.display()))?;
        return write(&out, &book, start);
    }
    eprintln!(
        "{}: stored decisions with {:?}, probe with {:?}",
        game.spec(),
        opts.endgame,
        opts.probe_endgame
    );
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "ply {prefix} {bar:30} {pos}/{len}  {msg}  [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid template"),
    );
    let (book, report) = build_kalah_book(&opts, &mut |p| {
        bar.set_prefix(p.depth.to_string());
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
        if let Some((moves, value, took)) = &p.last {
            bar.set_message(format!(
                "stored {} leaves {}  book {}  last '{moves}' {value:+} ({:.2}s)",
                p.stored,
                p.leaves,
                p.book_size,
                took.as_secs_f64()
            ));
        }
    })
    .with_context(|| format!("building the book (partial file {})", partial.display()))?;
    bar.finish_and_clear();
    for (ply, (nodes, stored, leaves)) in &report {
        println!(
            "ply {ply:>2}: {nodes} decision nodes, {stored} stored, {leaves} left to the search"
        );
    }
    write(&out, &book, start)
}

/// `kalah-M-N` or `kalah-M-N-empty`.
pub fn book_name(game: &Kalah) -> String {
    format!(
        "kalah-{}-{}{}",
        game.pits(),
        game.initial_seeds(),
        if game.empty_capture() { "-empty" } else { "" }
    )
}

fn write(out: &PathBuf, book: &KalahBook, start: Instant) -> Result<()> {
    let bytes = book.to_bytes();
    std::fs::write(out, &bytes).with_context(|| format!("writing {}", out.display()))?;
    println!(
        "wrote {}: {} positions, {} bytes, in {:.1} s",
        out.display(),
        book.len(),
        bytes.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
