//! How a `hexmc` search spreads its playouts over the root's moves: `cargo run --release -p
//! poda-players --example hexmc_root -- SIZE "MOVES" PLAYOUTS [c=..,rave=..,...]` searches
//! the position after MOVES with that many playouts (the search's options as hexmc's spec
//! names them: `c`, `rave`, `ravei`, `ravep`, `fpu`, `expand`, `plocal`, `patterns`) and
//! prints the most visited root moves with their visits and win rates, as MoHex's
//! `mohex-values` shows its root.

use poda_core::{Game, Spec};
use poda_games::hex::{Hex, HexMove};
use poda_players::hexmc::board::colour_of;
use poda_players::hexmc::board_of;
use poda_players::hexmc::patterns::Patterns;
use poda_players::hexmc::search::{Budget, Params, Searcher};
use std::io::Write;

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: hexmc_root SIZE \"MOVES\" PLAYOUTS [OPTIONS]";
    if args.first().is_some_and(|a| a == "--help") {
        println!("{usage}");
        return;
    }
    if args.len() < 3 {
        fail(usage);
    }
    let size: u32 = args[0].parse().unwrap_or_else(|_| fail(usage));
    let game = Hex::with_size(size, false)
        .unwrap_or_else(|e| fail(&e.to_string()))
        .play_moves(&args[1])
        .unwrap_or_else(|e| fail(&e.to_string()));
    let playouts: u64 = args[2].parse().unwrap_or_else(|_| fail(usage));
    let spec = Spec::parse(&format!(
        "hexmc({})",
        args.get(3).map_or("", |s| s.as_str())
    ))
    .unwrap_or_else(|e| fail(&e.to_string()));
    let d = Params::default();
    let float = |k: &str, v: f32| spec.parse_or(k, v).unwrap_or_else(|e| fail(&e.to_string()));
    let params = Params {
        exploration: float("c", d.exploration),
        exploration_inside: float("cin", d.exploration_inside),
        rave_bias: float("rave", d.rave_bias),
        rave_initial: float("ravei", d.rave_initial),
        rave_prior: float("ravep", d.rave_prior),
        first_play_urgency: float("fpu", d.first_play_urgency),
        playout_local: float("plocal", d.playout_local),
        expand_after: float("expand", d.expand_after as f32) as u32,
        ..d
    };
    let patterns: &'static Patterns = match spec.get("patterns") {
        None => Patterns::shipped(),
        Some(path) => {
            let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&e.to_string()));
            Box::leak(Box::new(
                Patterns::parse(&text).unwrap_or_else(|e| fail(&e)),
            ))
        }
    };
    let mut searcher = Searcher::new(params, (playouts as usize * 4).max(100_000), patterns);
    let board = board_of(&game);
    let budget = Budget {
        deadline: None,
        playouts: Some(playouts),
    };
    let to_move = colour_of(game.side_to_move());
    let out = searcher.run(&board, to_move, None, budget, None, 1, None);
    let name = |cell: usize| game.format_move(HexMove::Cell(board.layout.to_dense[cell]));
    let total: u32 = out.children.iter().map(|c| c.visits).sum();
    // A closed pipe (`| head`) ends the listing quietly.
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(
        stdout,
        "{} playouts, {} root visits, {} moves",
        out.playouts,
        total,
        out.children.len()
    );
    for c in out.children.iter().take(12) {
        let _ = writeln!(
            stdout,
            "{:>4} {:>8} visits ({:>5.1}%)  win rate {:.3}",
            name(c.cell),
            c.visits,
            100.0 * c.visits as f64 / total.max(1) as f64,
            c.value
        );
    }
}
