//! Labels for `hex_playout_judge --labels` made by poda's solver instead of a stronger
//! player: from positions of recorded games, those the side to move is proven to win, with
//! every legal move proven to keep the win (`"W"`) or to let it go (`"L"`). A search judged
//! on them is scored by how often it throws a won position away, the mistake that decides
//! most of hexmc's lost games (docs/benchmarks/hex.md): an oracle of move choice that owes
//! nothing to any program's taste, where a stronger player's moves and game results are
//! noisy.
//!
//! `cargo run --release -p poda-players --example hex_solver_labels -- [--from PLY] [--to PLY]
//! [--every K] [--limit SECONDS] [--max N] [--all] GAMES... > LABELS.jsonl`
//!
//! A position is kept when the solver proves it won within `--limit` seconds (3 by default).
//! Its label holds the winning move the proof found and the moves the table proves to lose;
//! `hex_playout_judge --prove` proves the other moves a search plays when it meets them. With
//! `--all` every legal move is proved at once, within the same limit each, and the position
//! is kept only if all are proved and one loses. Positions are every `K`-th ply from `PLY` to
//! `PLY` (8 to 40 every 4 by default), at most `N` of them (all by default); a game's
//! positions are proved from the last back to the first with one table, so that each proof
//! starts from what the later ones left. Boards up to 11x11 (the solver's sizes).

mod hex_records;

use hex_records::fail;
use poda_core::Game;
use poda_games::hex::{Hex, HexMove};
use poda_solve::hex::HexSolver;
use std::io::Write;
use std::time::Duration;

/// Table entries after which a game's table is dropped (a few hundred MB).
const TABLE_MAX: usize = 2_000_000;

fn main() {
    let usage = "usage: hex_solver_labels [--from PLY] [--to PLY] [--every K] [--limit SECONDS] \
                 [--max N] [--all] GAMES...";
    let (mut from, mut to, mut every, mut limit, mut max) = (8usize, 40usize, 4usize, 3.0, None);
    let mut all = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| hex_records::number(&mut args, name, usage);
        match a.as_str() {
            "--from" => from = value("--from") as usize,
            "--to" => to = value("--to") as usize,
            "--every" => every = (value("--every") as usize).max(1),
            "--limit" => limit = value("--limit").max(0.001),
            "--max" => max = Some(value("--max") as usize),
            "--all" => all = true,
            "-h" | "--help" => {
                println!("{usage}");
                return;
            }
            _ if a.starts_with("--") => fail(&format!("unknown option {a}; {usage}")),
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        fail(usage);
    }
    let limit = Duration::from_secs_f64(limit);
    let records = hex_records::read_all(&files);
    let mut solver = HexSolver::new();
    let (mut tried, mut kept) = (0usize, 0usize);
    let out = std::io::stdout();
    let mut out = out.lock();
    'games: for (g, r) in records.iter().enumerate() {
        // The game's positions from the last asked for back to the first, with one table:
        // each proof leaves in it much of the next one's.
        solver.forget();
        let mut game = r.start.clone();
        let mut line: Vec<(Hex, Vec<String>)> = Vec::new();
        let mut moves: Vec<String> = Vec::new();
        for (ply, text) in r.moves.iter().enumerate() {
            if ply > to || game.winner().is_some() {
                break;
            }
            if ply >= from.max(r.opening) && (ply - from) % every == 0 {
                line.push((game.clone(), moves.clone()));
            }
            let Some(mv) = game.parse_move(text).ok().filter(|&m| game.is_legal(m)) else {
                // A record that goes wrong here keeps the positions before.
                break;
            };
            game.play_unchecked(mv);
            moves.push(text.clone());
        }
        for (game, moves) in line.iter().rev() {
            if max.is_some_and(|m| kept >= m) {
                break 'games;
            }
            tried += 1;
            if let Some(text) = label(&mut solver, game, moves, limit, all) {
                writeln!(out, "{text}").unwrap_or_else(|e| fail(&format!("stdout: {e}")));
                kept += 1;
            }
            eprint!(
                "\rgame {} of {}: {kept} positions kept of {tried}",
                g + 1,
                records.len()
            );
            if solver.table_len() > TABLE_MAX {
                solver.forget();
            }
        }
    }
    eprintln!();
}

/// The label line of a position, if the solver proves it won in time: with `all`, every
/// legal move proved (else no line), without, the moves the table proves.
fn label(
    solver: &mut HexSolver,
    game: &Hex,
    moves: &[String],
    limit: Duration,
    all: bool,
) -> Option<String> {
    let me = game.side_to_move();
    let proof = solver
        .solve_within(game, Some(limit))
        .unwrap_or_else(|e| fail(&e.to_string()))?;
    if proof.winner != me {
        return None;
    }
    let mut values = serde_json::Map::new();
    let best = game.format_move(solver.winning_move(game)?);
    values.insert(best.clone(), "W".into());
    for mv in solver.losing_moves(game) {
        values.insert(game.format_move(mv), "L".into());
    }
    if all {
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        for mv in legal {
            let text = game.format_move(mv);
            if values.contains_key(&text) || mv == HexMove::Swap {
                continue;
            }
            let mut child = game.clone();
            child.play_unchecked(mv);
            let proof = solver
                .solve_within(&child, Some(limit))
                .unwrap_or_else(|e| fail(&e.to_string()))?;
            let value = if proof.winner == me { "W" } else { "L" };
            values.insert(text, value.into());
        }
        if !values.values().any(|v| v == "L") {
            return None;
        }
    }
    let line = serde_json::json!({
        "game": game.spec(),
        "moves": moves,
        "best": best,
        "values": values,
    });
    Some(line.to_string())
}
