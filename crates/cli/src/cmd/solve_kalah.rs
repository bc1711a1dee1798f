//! `poda solve kalah`: the final store difference for the side to move under perfect play.
//!
//! One position (`poda solve kalah 43`), or move sequences read from stdin, one per line
//! (`<moves> <score>` printed for each). `--analyze` scores every legal move; `--weak` only
//! says who wins (+1, 0, -1, by two null-window tests); `--json` prints
//! `{"score":S,"best":[...],...}`.

use super::solve::SolveArgs;
use crate::input;
use anyhow::{Context, Result};
use poda_core::{Game, Player, Spec};
use poda_games::kalah::{EndgameTable, Kalah};
use poda_solve::kalah::{db, Endgame, KalahSolver, SolverConfig};
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

pub fn run(spec: &Spec, args: &SolveArgs) -> Result<()> {
    let start =
        Kalah::from_spec(spec).map_err(|e| input::bad(&format!("game '{}'", args.game), e))?;
    let mut config = SolverConfig {
        threads: DEFAULT_THREADS,
        ..SolverConfig::default()
    };
    if let Some(mib) = args.tt {
        config.tt_mib = mib;
    }
    if let Some(seeds) = args.endgame {
        config.endgame_seeds = seeds;
    }
    if let Some(threads) = args.threads {
        if threads == 0 {
            return Err(input::user("--threads must be at least 1"));
        }
        config.threads = threads;
    }
    let endgame = endgame(&start, args, &config)?;
    let mut solver =
        KalahSolver::with(&start, &config, endgame).map_err(|e| input::bad(&start.spec(), e))?;
    match &args.moves {
        Some(moves) => {
            let (game, _) = input::position(&start, moves)?;
            let began = Instant::now();
            let report = solve_one(&mut solver, &game, args, args.stats);
            print_report(&game, moves, &report, args, began, solver.nodes());
            Ok(())
        }
        None => lines(&mut solver, &start, args),
    }
}

/// Default threads of `poda solve kalah`: the project's machine has two cores.
const DEFAULT_THREADS: usize = 2;

/// The endgame database `--db` names (or the default file, if there is one), capped at
/// `--endgame` seeds; else the lazily filled table.
fn endgame(start: &Kalah, args: &SolveArgs, config: &SolverConfig) -> Result<Endgame> {
    let (pits, empty) = (start.pits(), start.empty_capture());
    let cap = args.endgame.unwrap_or(db::MAX_DB_SEEDS);
    let path = match args.db.as_deref() {
        Some("none") => None,
        Some(p) => Some(PathBuf::from(p)),
        None => db::default_path(pits, empty).filter(|p| p.exists()),
    };
    if let Some(path) = path {
        if cap > 0 {
            let db = db::open(&path, pits, empty, cap).map_err(|e| input::user(e.to_string()))?;
            return Ok(Endgame::Db(Arc::new(db)));
        }
    }
    let table = EndgameTable::new(
        pits,
        empty,
        config.endgame_seeds.min(start.total_seeds()),
        config.endgame_entries,
    );
    Ok(Endgame::Lazy(Arc::new(table)))
}

/// What was found for one position.
struct Report {
    score: i32,
    best: Vec<u8>,
    moves: Vec<(u8, i32)>,
}

/// `progress`: show on stderr what each step proves (a single position with `--stats`).
fn solve_one(solver: &mut KalahSolver, game: &Kalah, args: &SolveArgs, progress: bool) -> Report {
    if args.weak {
        let score = weak(solver, game, progress);
        return Report {
            score,
            best: Vec::new(),
            moves: Vec::new(),
        };
    }
    if progress {
        // Long solves (Kalah(6,5) and up) show each bound as MTD(f) proves it; the value is
        // then in the table for what follows.
        let began = Instant::now();
        solver.solve_reporting(game, args.guess.unwrap_or(0), &mut |lo, hi, nodes| {
            eprintln!(
                "bounds: score in [{lo:+}, {hi:+}] after {nodes} nodes, {:.1} s",
                began.elapsed().as_secs_f64()
            )
        });
    }
    let moves = if args.analyze {
        solver.analyze(game)
    } else {
        Vec::new()
    };
    let (score, best) = solver.best_moves(game);
    Report { score, best, moves }
}

/// +1 if the side to move wins, 0 for a draw, -1 if it loses.
fn weak(solver: &mut KalahSolver, game: &Kalah, progress: bool) -> i32 {
    if game.outcome().is_over() {
        return game.store_difference(game.to_move()).signum();
    }
    let b = game.board();
    let began = Instant::now();
    let wins = solver.future_at_least(b, 1 - b.margin());
    if progress {
        eprintln!(
            "the side to move wins: {} ({} nodes, {:.1} s)",
            if wins { "yes" } else { "no" },
            solver.nodes(),
            began.elapsed().as_secs_f64()
        );
    }
    if wins {
        1
    } else if solver.future_at_least(b, -b.margin()) {
        0
    } else {
        -1
    }
}

fn print_report(
    game: &Kalah,
    moves: &str,
    r: &Report,
    args: &SolveArgs,
    began: Instant,
    nodes: u64,
) {
    let seconds = began.elapsed().as_secs_f64();
    let fmt = |mv: u8| game.format_move(mv);
    let mover = game.to_move();
    if args.json {
        let mut out = json!({
            "game": game.spec(),
            "moves": moves,
            "to_move": (!game.outcome().is_over()).then(|| mover.number()),
            "score": r.score,
        });
        if !args.weak {
            out["best"] = Value::from(r.best.iter().map(|&m| fmt(m)).collect::<Vec<_>>());
        }
        if args.analyze {
            out["analysis"] = r
                .moves
                .iter()
                .map(|&(m, s)| json!({"move": fmt(m), "score": s}))
                .collect();
        }
        if args.stats {
            out["nodes"] = json!(nodes);
            out["time_ms"] = json!((seconds * 1000.0).round());
        }
        println!("{out}");
        return;
    }
    let who = if game.outcome().is_over() {
        "game over".to_string()
    } else {
        format!("{} to move", player_name(mover))
    };
    if args.weak {
        let verdict = match r.score {
            1 => "wins",
            0 => "draws",
            _ => "loses",
        };
        println!("{} {verdict} ({who})", player_name(mover));
    } else {
        println!(
            "score {:+} (final store difference for the side to move; {who})",
            r.score
        );
        let best: Vec<String> = r.best.iter().map(|&m| fmt(m)).collect();
        if !best.is_empty() {
            println!("best: {}", best.join(" "));
        }
    }
    for &(m, s) in &r.moves {
        println!("  {:>3} {s:+}", fmt(m));
    }
    if args.stats {
        println!(
            "nodes {nodes}, {seconds:.2} s, {:.0} nodes/s",
            nodes as f64 / seconds.max(1e-9)
        );
    }
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "player 1",
        Player::Second => "player 2",
    }
}

/// Move sequences from stdin, one per line: `<moves> <score>` each (or the JSON object); a
/// bad line is reported on stderr and the run goes on; exit code 2 if any line was bad.
fn lines(solver: &mut KalahSolver, start: &Kalah, args: &SolveArgs) -> Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut bad = 0;
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.context("reading positions")?;
        let moves = line.trim();
        if moves.is_empty() || moves.starts_with('#') {
            continue;
        }
        let game = match poda_core::play_line(start, moves) {
            Ok((g, _)) => g,
            Err(e) => {
                eprintln!("poda: line {}: moves '{moves}': {e}", i + 1);
                bad += 1;
                continue;
            }
        };
        let began = Instant::now();
        let r = solve_one(solver, &game, args, false);
        if args.json {
            drop(out);
            print_report(&game, moves, &r, args, began, solver.nodes());
            out = stdout.lock();
        } else {
            writeln!(out, "{moves} {:+}", r.score).context("writing")?;
        }
    }
    if bad > 0 {
        return Err(input::user(format!("{bad} bad line(s) skipped")));
    }
    Ok(())
}
