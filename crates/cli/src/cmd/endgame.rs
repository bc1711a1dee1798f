//! `poda endgame`: builds (or resumes, or checks) a Kalah endgame database, the exact value of
//! every configuration with up to N seeds in the pits, in the file the solver and the
//! perfect player read by default.

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use poda_core::{Game, Rng};
use poda_games::kalah::Kalah;
use poda_games::AnyGame;
use poda_solve::kalah::db::{self, EndgameDb};
use poda_solve::kalah::db_build::{build_file, DbSpec};
use poda_solve::kalah::{KalahSolver, SolverConfig};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Largest database built (bytes): it must fit memory on a 24 GiB machine.
const MAX_BYTES: u64 = 16 << 30;

#[derive(Args, Debug)]
pub struct EndgameArgs {
    /// Game spec: kalah, "kalah(pits=6,empty_capture=true)" (one database serves every seed
    /// count of a pit count and capture rule).
    pub game: String,
    /// Cover every configuration with at most this many seeds in the pits. Entries (bytes)
    /// for 6 pits: 20 seeds 226 M, 24 1.25 G, 26 2.7 G, 28 5.6 G.
    #[arg(long, default_value_t = 24)]
    pub seeds: u32,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The database file (default: $PODA_KALAH_DB, else ~/.cache/poda, /kalah-M-RULE.db).
    /// An existing file is resumed: its complete levels are kept.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Build nothing: check N random positions of the file against the search.
    #[arg(long)]
    pub verify: Option<usize>,
    /// Seed of the positions checked.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: EndgameArgs) -> Result<()> {
    let game = match AnyGame::parse(&args.game)
        .map_err(|e| input::bad(&format!("game '{}'", args.game), e))?
    {
        AnyGame::Kalah(game) => game,
        _ => {
            return Err(input::user(format!(
                "game '{}': endgame databases are for Kalah (kalah, mancala)",
                args.game
            )))
        }
    };
    if !(1..=db::MAX_DB_SEEDS).contains(&args.seeds) || args.threads == 0 {
        return Err(input::user(format!(
            "--seeds must be 1..={} and --threads at least 1",
            db::MAX_DB_SEEDS
        )));
    }
    let path = match &args.out {
        Some(p) => p.clone(),
        None => db::default_path(game.pits(), game.empty_capture())
            .ok_or_else(|| input::user("no home directory: give --out FILE"))?,
    };
    if let Some(count) = args.verify {
        return verify(&game, &path, count, args.seed);
    }
    // One byte an entry, all in memory while building.
    let bytes = db::entries(game.pits(), args.seeds);
    if bytes > MAX_BYTES {
        return Err(input::user(format!(
            "{} seeds on {} pits need {:.1} GB of memory; at most {} GB",
            args.seeds,
            game.pits(),
            bytes as f64 / 1e9,
            MAX_BYTES >> 30
        )));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let spec = DbSpec {
        pits: game.pits(),
        empty_capture: game.empty_capture(),
        seeds: args.seeds,
        threads: args.threads,
    };
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} {bar:30} {pos}/{len} [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid template"),
    );
    let began = Instant::now();
    let db = build_file(&path, &spec, &mut |p| {
        if p.finished {
            let line = format!(
                "{:2} seeds: {:>13} entries in {:7.1} s",
                p.seeds,
                p.total,
                p.elapsed.as_secs_f64()
            );
            // A bar on a pipe or a file is hidden, and so are its messages.
            if bar.is_hidden() {
                eprintln!("{line}");
            } else {
                bar.println(line);
            }
        } else {
            bar.set_prefix(format!("{} seeds", p.seeds));
            bar.set_length(p.total);
            bar.set_position(p.done);
        }
    })
    .with_context(|| format!("building {}", path.display()))?;
    bar.finish_and_clear();
    println!(
        "{}: {} pits, empty_capture={}, up to {} seeds, {} entries ({:.2} GB), {:.1} s",
        path.display(),
        db.pits(),
        db.empty_capture(),
        db.seeds(),
        db.len(),
        db.len() as f64 / 1e9,
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Checks `count` positions reached by random play from Kalah(m, n) for each n with enough
/// seeds, stopped once the pits hold at most the database's seeds, against a search that does
/// not use the database (its own lazily filled 12-seed table).
fn verify(game: &Kalah, path: &Path, count: usize, seed: u64) -> Result<()> {
    let began = Instant::now();
    let db = db::open(path, game.pits(), game.empty_capture(), db::MAX_DB_SEEDS)
        .map_err(|e| input::user(e.to_string()))?;
    println!(
        "read {} ({} seeds, {} entries) in {:.1} s",
        path.display(),
        db.seeds(),
        db.len(),
        began.elapsed().as_secs_f64()
    );
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    let bar = ProgressBar::new(count as u64);
    while checked < count {
        let n = 1 + rng.below(6) as u16;
        let start = Kalah::new(game.pits(), n, game.empty_capture()).expect("a valid size");
        let Some(pos) = random_late(&start, &db, &mut rng) else {
            continue;
        };
        let mut solver = KalahSolver::new(&start, &SolverConfig::default())
            .map_err(|e| input::user(e.to_string()))?;
        let searched = solver.solve(&pos) - pos.board().margin();
        let stored = db.value(pos.board()).expect("covered");
        if searched != stored {
            bar.finish_and_clear();
            return Err(input::user(format!(
                "{} {:?}: the database says {stored:+}, the search {searched:+}",
                pos.board_string(),
                pos.to_move()
            )));
        }
        checked += 1;
        bar.inc(1);
    }
    bar.finish_and_clear();
    println!(
        "{checked} positions agree with the search ({:.1} s)",
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A position of a random game from `start` once at most the database's seeds are left in
/// the pits (not yet over), or `None` if the game ended first.
fn random_late(start: &Kalah, db: &EndgameDb, rng: &mut Rng) -> Option<Kalah> {
    let mut pos = *start;
    while !pos.outcome().is_over() && pos.board().seeds_in_pits() > db.seeds() {
        let moves = pos.legal_move_list();
        pos.play_unchecked(moves[rng.index(moves.len())]);
    }
    (!pos.outcome().is_over()).then_some(pos)
}
