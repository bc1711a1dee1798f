//! Solves Kalah positions and prints value, best moves, nodes and time (for benchmarks).
//!
//! `cargo run --release -p poda-solve --example kalah_solve -- <pits> <seeds> [moves]
//! [--empty-capture] [--tt MIB] [--endgame SEEDS] [--no-etc] [--threads N]
//! [--full-margin SEEDS] [--db FILE] [--guess G] [--random COUNT LEFT]`
//!
//! With `--db FILE`, the endgame database of the file (capped at `--endgame` seeds if
//! given) instead of the lazy table.
//!
//! With `--random COUNT LEFT`, solves COUNT positions reached by seeded random play when at
//! most LEFT seeds are left in the pits, one solver (tables kept), and prints the time of each.

use poda_core::{play_line, Game};
use poda_games::kalah::{EndgameTable, Kalah};
use poda_solve::kalah::{db, Endgame, KalahSolver, SolverConfig};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut config = SolverConfig::default();
    let mut empty = false;
    let mut guess = None;
    let mut random = None;
    let mut db_path: Option<String> = None;
    let mut perfect = false;
    let mut positional = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--empty-capture" => empty = true,
            "--no-etc" => config.etc = false,
            "--threads" => {
                i += 1;
                config.threads = args[i].parse().expect("threads");
            }
            "--full-margin" => {
                i += 1;
                config.full_margin = args[i].parse().expect("seeds");
            }
            "--db" => {
                i += 1;
                db_path = Some(args[i].clone());
            }
            "--perfect" => perfect = true,
            "--random" => {
                random = Some((
                    args[i + 1].parse::<usize>().expect("count"),
                    args[i + 2].parse::<u32>().expect("seeds left"),
                ));
                i += 2;
            }
            "--tt" => {
                i += 1;
                config.tt_mib = args[i].parse().expect("MiB");
            }
            "--guess" => {
                i += 1;
                guess = Some(args[i].parse::<i32>().expect("a value"));
            }
            "--endgame" => {
                i += 1;
                config.endgame_seeds = args[i].parse().expect("seeds");
            }
            other => positional.push(other.to_string()),
        }
        i += 1;
    }
    let pits: usize = positional.first().map_or(6, |p| p.parse().expect("pits"));
    let seeds: u16 = positional.get(1).map_or(4, |s| s.parse().expect("seeds"));
    let moves = positional.get(2).cloned().unwrap_or_default();
    let start = Kalah::new(pits, seeds, empty).expect("a valid size");
    let (game, _) = play_line(&start, &moves).expect("legal moves");
    let began = Instant::now();
    let endgame = match &db_path {
        Some(p) => Endgame::Db(Arc::new(
            db::open(
                std::path::Path::new(p),
                pits,
                empty,
                if config.endgame_seeds == SolverConfig::default().endgame_seeds {
                    127
                } else {
                    config.endgame_seeds
                },
            )
            .expect("a database file"),
        )),
        None => Endgame::Lazy(Arc::new(EndgameTable::new(
            pits,
            empty,
            config.endgame_seeds,
            config.endgame_entries,
        ))),
    };
    if let Some((count, left)) = random {
        random_positions(&game, &config, endgame, count, left, perfect);
        return;
    }
    let mut solver = KalahSolver::with(&game, &config, endgame).expect("a solvable size");
    let built = began.elapsed();
    let score = match guess {
        Some(g) => game.board().margin() + solver.future(game.board(), g),
        None => solver.solve(&game),
    };
    let solved = began.elapsed();
    let nodes = solver.nodes();
    let (_, best) = solver.best_moves(&game);
    let total = began.elapsed();
    println!(
        "{} '{moves}': score {score:+} best {} | solve {:.2} s ({} nodes, {:.2} M nodes/s, setup {:.2} s) | with best moves {:.2} s | endgame {} seeds, table {}‰ used",
        game.spec(),
        game.format_moves(&best),
        solved.as_secs_f64(),
        nodes,
        nodes as f64 / (solved - built).as_secs_f64() / 1e6,
        built.as_secs_f64(),
        total.as_secs_f64(),
        solver.endgame_seeds(),
        solver.table_permille(),
    );
}

/// Solves `count` positions of random games from `game` once at most `left` seeds remain.
fn random_positions(
    game: &Kalah,
    config: &SolverConfig,
    endgame: Endgame,
    count: usize,
    left: u32,
    perfect: bool,
) {
    let mut rng = poda_core::Rng::new(2024);
    let mut solver = KalahSolver::with(game, config, endgame).expect("a solvable size");
    let mut times = Vec::new();
    while times.len() < count {
        let mut pos = *game;
        while !pos.outcome().is_over() && pos.board().seeds_in_pits() > left {
            let moves = pos.legal_move_list();
            pos.play_unchecked(moves[rng.index(moves.len())]);
        }
        if pos.outcome().is_over() {
            continue;
        }
        let began = Instant::now();
        let nodes = solver.nodes();
        let score = solver.solve(&pos);
        let t = began.elapsed().as_secs_f64();
        if perfect {
            let mut memo = std::collections::HashMap::new();
            let c = solver.choose(&pos, None, 50_000_000, &mut memo);
            println!(
                "  choose {} keeping {:?} plies {:?} memo {} in {:.1} ms",
                c.pit,
                poda_solve::kalah::perfect::pits_of(c.keeping),
                c.plies,
                memo.len(),
                began.elapsed().as_secs_f64() * 1000.0 - t * 1000.0
            );
        }
        println!(
            "{} {:?}: {score:+} in {:.1} ms, {} nodes",
            pos.board_string(),
            pos.to_move(),
            t * 1000.0,
            solver.nodes() - nodes
        );
        times.push(t);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{count} positions with <= {left} seeds: median {:.1} ms, max {:.1} ms",
        times[times.len() / 2] * 1000.0,
        times[times.len() - 1] * 1000.0
    );
}
