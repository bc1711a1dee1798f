//! Times the Hex solver's full opening analysis per board size, printing each opening as it
//! is proved (from 6x6 on): `cargo run --release -p poda-solve --example hexsolve -- 1 5`.
//! Options for experiments: `order=current|centre` (move ordering), `widening=B,F|none`
//! (the prover's focus), `vulnerable=on|off` (moves the opponent can kill left out),
//! `dominated=on|off` (moves dominated through the fill-in left out), `templates=on|off`
//! (H-search seeded with the edge templates), `stealing=on|off` (moves lost by strategy
//! stealing left out), `inferior=on|off` (permanently inferior cells filled in), `regions=on|off`
//! (dead regions filled in), `pockets=on|off` (pockets spanned by a full connection filled
//! in), `vc=hsearch|fastvc` (the connection builder; `hsearch` with its own `pairs=2,2`, which a later
//! `pairs=` overrides), `wires=on|off` (full connections wired into the ordering's
//! networks), `pairs=M,O` (largest carrier kept between two empty cells in the mover's and
//! the opponent's H-search), `lists=short|long` (H-search's list lengths), `only=c4,b3`
//! (these openings only), `budget=SECONDS` (give up an opening after that long and go on),
//! e.g. `hexsolve 6 6 order=centre widening=none`.
//! `positions=FILE` proves instead each position of a file (one a line, its moves from the
//! empty board; `#` starts a comment), every one from an empty table, and prints its winner,
//! nodes and time: `hexsolve 9 positions=docs/benchmarks/hex9-middle.txt`.
//! The empty board is symmetric under the 180-degree rotation, so an opening whose rotated
//! twin is proven already takes the twin's value (as `HexSolver::analyze` does).

use poda_core::{Game, Player};
use poda_games::hex::{Hex, HexMove};
use poda_solve::hex::hsearch::{Lists, EMPTY_PAIR_MAX};
use poda_solve::hex::{HexSolver, Settings};
use std::time::Instant;

fn main() {
    let mut settings = Settings::default();
    let mut sizes: Vec<u32> = Vec::new();
    let mut only: Vec<String> = Vec::new();
    let mut budget: Option<std::time::Duration> = None;
    let mut positions: Option<String> = None;
    for arg in std::env::args().skip(1) {
        if let Some(file) = arg.strip_prefix("positions=") {
            positions = Some(file.to_string());
            continue;
        }
        if let Some(list) = arg.strip_prefix("only=") {
            only.extend(list.split(',').map(str::to_string));
            continue;
        }
        if let Some(secs) = arg.strip_prefix("budget=") {
            match secs.parse::<f64>() {
                Ok(s) if s > 0.0 && s.is_finite() => {
                    budget = Some(std::time::Duration::from_secs_f64(s))
                }
                _ => {
                    eprintln!("hexsolve: budget={secs} is not a positive number of seconds");
                    std::process::exit(2);
                }
            }
            continue;
        }
        if let Err(e) = read_arg(&arg, &mut settings, &mut sizes) {
            eprintln!("hexsolve: {e}");
            std::process::exit(2);
        }
    }
    let (lo, hi) = (
        sizes.first().copied().unwrap_or(1),
        sizes.get(1).copied().unwrap_or(5),
    );
    if let Some(file) = positions {
        if sizes.len() != 1 {
            eprintln!("hexsolve: positions= takes one board size");
            std::process::exit(2);
        }
        if let Err(e) = solve_positions(lo, &file, settings, budget) {
            eprintln!("hexsolve: {e}");
            std::process::exit(2);
        }
        return;
    }
    for size in lo..=hi {
        let start = Hex::with_size(size, false).expect("a valid size");
        let mut solver = HexSolver::new();
        solver.settings = settings;
        let began = Instant::now();
        // Openings by cell: the proven wins for Black, and the unknown ones.
        let mut wins: Vec<(u16, String)> = Vec::new();
        let mut unknown: Vec<(u16, String)> = Vec::new();
        let moves = start.legal_move_list();
        let names: Vec<String> = moves.iter().map(|&m| start.format_move(m)).collect();
        if let Some(bad) = only.iter().find(|c| !names.contains(c)) {
            eprintln!("hexsolve: {bad} is not a cell of the {size}x{size} board");
            std::process::exit(2);
        }
        let mut proven = std::collections::HashMap::new();
        let cells = start.cells() as u16;
        for (&mv, text) in moves.iter().zip(&names) {
            let HexMove::Cell(c) = mv else { continue };
            if !only.is_empty() && !only.contains(text) {
                continue;
            }
            if let Some(&black_wins) = proven.get(&(cells - 1 - c)) {
                if black_wins {
                    wins.push((c, text.clone()));
                }
                continue;
            }
            let child = start.after(mv);
            let t = Instant::now();
            let Some(proof) = solver.solve_within(&child, budget).expect("small enough") else {
                eprintln!(
                    "  {size}x{size} {text}: unknown after {:.0} s ({} nodes so far on this size)",
                    t.elapsed().as_secs_f64(),
                    solver.nodes()
                );
                unknown.push((c, text.clone()));
                continue;
            };
            if size >= 6 {
                eprintln!(
                    "  {size}x{size} {text}: {} wins ({} nodes, {} expansions, {:.2} s)",
                    if proof.winner == Player::First {
                        "Black"
                    } else {
                        "White"
                    },
                    proof.nodes,
                    proof.expansions,
                    t.elapsed().as_secs_f64()
                );
            }
            proven.insert(c, proof.winner == Player::First);
            if proof.winner == Player::First {
                wins.push((c, text.clone()));
            }
        }
        // An opening given up on before its twin was proven takes the twin's value now.
        unknown.retain(|(c, text)| match proven.get(&(cells - 1 - c)) {
            Some(&black_wins) => {
                if black_wins {
                    wins.push((*c, text.clone()));
                }
                false
            }
            None => true,
        });
        wins.sort();
        let names_of = |list: &[(u16, String)]| -> Vec<String> {
            list.iter().map(|(_, text)| text.clone()).collect()
        };
        println!(
            "{size}x{size}: {} of {} openings win ({}){} in {:.2} s, {} nodes, {:.2} moves per open node",
            wins.len(),
            moves.len(),
            names_of(&wins).join(" "),
            if unknown.is_empty() {
                String::new()
            } else {
                format!(", {} unknown ({})", unknown.len(), names_of(&unknown).join(" "))
            },
            began.elapsed().as_secs_f64(),
            solver.nodes(),
            solver.mean_moves()
        );
    }
}

/// Proves each position of `file` on a `size` board from an empty table, one a line.
fn solve_positions(
    size: u32,
    file: &str,
    settings: Settings,
    budget: Option<std::time::Duration>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let game = Hex::with_size(size, false)
            .map_err(|e| e.to_string())?
            .play_moves(line)
            .map_err(|e| format!("{file}:{}: {e}", i + 1))?;
        games.push((line.to_string(), game));
    }
    let began = Instant::now();
    let (mut nodes, mut unknown) = (0, 0);
    for (line, game) in &games {
        let mut solver = HexSolver::new();
        solver.settings = settings;
        let t = Instant::now();
        match solver
            .solve_within(game, budget)
            .map_err(|e| e.to_string())?
        {
            Some(proof) => {
                nodes += proof.nodes;
                let winner = if proof.winner == Player::First {
                    "Black"
                } else {
                    "White"
                };
                println!(
                    "{winner} wins {:>8} nodes {:>7.2} s  {line}",
                    proof.nodes,
                    t.elapsed().as_secs_f64()
                );
            }
            None => {
                unknown += 1;
                println!("unknown after {:.2} s  {line}", t.elapsed().as_secs_f64());
            }
        }
    }
    println!(
        "{} positions, {unknown} unknown, {nodes} nodes, {:.2} s",
        games.len(),
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Reads one argument: a board size (the first is the smallest, the second the largest) or
/// an option.
fn read_arg(arg: &str, settings: &mut Settings, sizes: &mut Vec<u32>) -> Result<(), String> {
    if let Ok(n) = arg.parse::<u32>() {
        if !(1..=11).contains(&n) || sizes.len() == 2 {
            return Err(format!("bad size {arg} (two sizes at most, each 1-11)"));
        }
        sizes.push(n);
        return Ok(());
    }
    match arg.split_once('=') {
        Some(("order", "current")) => settings.order_by_current = true,
        Some(("order", "centre")) => settings.order_by_current = false,
        Some(("widening", "none")) => settings.widening = None,
        Some(("vulnerable", "on")) => settings.vulnerable = true,
        Some(("vulnerable", "off")) => settings.vulnerable = false,
        Some(("dominated", "on")) => settings.dominated = true,
        Some(("dominated", "off")) => settings.dominated = false,
        Some(("templates", "on")) => settings.templates = true,
        Some(("templates", "off")) => settings.templates = false,
        Some(("stealing", "on")) => settings.stealing = true,
        Some(("stealing", "off")) => settings.stealing = false,
        Some(("inferior", "on")) => settings.inferior = true,
        Some(("inferior", "off")) => settings.inferior = false,
        Some(("regions", "on")) => settings.regions = true,
        Some(("regions", "off")) => settings.regions = false,
        Some(("pockets", "on")) => settings.pockets = true,
        Some(("pockets", "off")) => settings.pockets = false,
        Some(("vc", "hsearch")) => {
            settings.fastvc = false;
            settings.pair_max = (EMPTY_PAIR_MAX, EMPTY_PAIR_MAX);
        }
        Some(("vc", "fastvc")) => settings.fastvc = true,
        Some(("pairs", v)) => {
            let parsed: Option<Vec<u32>> = v.split(',').map(|x| x.parse().ok()).collect();
            match parsed.as_deref() {
                Some(&[m, o]) => settings.pair_max = (m, o),
                _ => return Err(format!("pairs={v}: expected two numbers, as pairs=2,3")),
            }
        }
        Some(("lists", "short")) => settings.lists = Lists::SHORT,
        Some(("lists", "long")) => settings.lists = Lists::LONG,
        Some(("wires", "on")) => settings.vc_wires = true,
        Some(("wires", "off")) => settings.vc_wires = false,
        Some(("widening", v)) => {
            let parsed = v.split_once(',').and_then(|(b, f)| {
                let f: f64 = f.parse().ok()?;
                (f > 0.0 && f <= 1.0).then_some((b.parse().ok()?, f))
            });
            settings.widening =
                Some(parsed.ok_or(format!("bad widening {v} (BASE,FACTOR with 0 < FACTOR <= 1, or none)"))?);
        }
        _ => return Err(format!("unknown argument {arg} (sizes, order=current|centre, widening=B,F|none, dominated=on|off, vulnerable=on|off, templates=on|off, stealing=on|off, inferior=on|off, regions=on|off, pockets=on|off, vc=hsearch|fastvc, wires=on|off, pairs=M,O, lists=short|long)")),
    }
    Ok(())
}
