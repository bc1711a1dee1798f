//! How a `hexmc` search spreads its playouts over the root's moves: `cargo run --release -p
//! poda-players --example hexmc_root -- SIZE "MOVES" PLAYOUTS [c=..,rave=..,...]` searches
//! the position after MOVES with that many playouts (any of `hexmc(...)`'s options, read and
//! checked as the agent reads them; the agent's root steps, its connections, inferior cells
//! and prover, are left out: this is the tree search alone) and prints the most visited root
//! moves with their visits and win rates, as MoHex's `mohex-values` shows its root.

use poda_core::{Game, Spec};
use poda_games::hex::{Hex, HexMove};
use poda_players::hexmc::board::colour_of;
use poda_players::hexmc::board_of;
use poda_players::hexmc::options::Options;
use poda_players::hexmc::search::{Budget, Searcher};
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
    let options = args.get(3).map_or(String::new(), |o| format!(",{o}"));
    let spec = Spec::parse(&format!("hexmc(playouts={playouts}{options})"))
        .unwrap_or_else(|e| fail(&e.to_string()));
    let o = Options::parse(&spec).unwrap_or_else(|e| fail(&e.to_string()));
    let mut searcher = Searcher::new(o.params, o.nodes, o.patterns);
    searcher.set_net(o.net);
    searcher.set_value(o.value);
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
        "{} playouts, {} root visits, {} moves, {} of {} tree nodes used",
        out.playouts,
        total,
        out.children.len(),
        searcher.tree().used(),
        searcher.tree().capacity()
    );
    let k = &searcher.knowledge_stats;
    let load = |a: &std::sync::atomic::AtomicU64| a.load(std::sync::atomic::Ordering::Relaxed);
    let open = (load(&k.nodes) - load(&k.proven)).max(1) as f64;
    let _ = writeln!(
        stdout,
        "knowledge nodes {}, proven {}, open moves {:.1} before and {:.1} after on average",
        load(&k.nodes),
        load(&k.proven),
        load(&k.moves_before) as f64 / open,
        load(&k.moves_after) as f64 / open
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
