//! Playout and search speed of `hexmc` from the empty board:
//! `cargo run --release -p poda-players --example hexmc_speed -- [seconds] [threads] [sizes...]
//! [options]`, where `options` (any argument holding `=`, such as `pcap=1,prior=2.5`) are added
//! to the `hexmc(...)` spec; with `pcap=X` or `plocal=B` the bare playouts are the
//! pattern-weighted or local ones.
//!
//! For each size it prints bare playouts per second (bridge-save playouts from the empty
//! board, no tree), the playouts per second of a whole `hexmc` search (tree, RAVE,
//! knowledge), the figure to set beside MoHex's `Games/s`, and the time of one evaluation of
//! the shipped policy net (option `net`) on a board with one stone a row.

use poda_core::{Agent, Spec, Turn};
use poda_games::hex::Hex;
use poda_players::hexmc::board::{Board, FastRng, BLACK, MAX_SIDE, WHITE};
use poda_players::hexmc::keys::Keys;
use poda_players::hexmc::net::{NetScratch, PolicyNet};
use poda_players::hexmc::patterns::Patterns;
use poda_players::hexmc::playout::PlayoutPolicy;
use poda_players::hexmc::HexMc;
use std::time::Instant;

/// Ends the example with a one-line error.
fn fail(message: String) -> ! {
    eprintln!("hexmc_speed: {message}");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secs: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut sizes: Vec<u32> = Vec::new();
    let mut options: Vec<&str> = Vec::new();
    for arg in args.get(3..).unwrap_or(&[]) {
        if arg.contains('=') {
            options.push(arg);
        } else {
            match arg.parse() {
                Ok(size) if (1..=MAX_SIDE as u32).contains(&size) => sizes.push(size),
                _ => fail(format!(
                    "'{arg}' is neither a board size (1-{MAX_SIDE}) nor key=value options"
                )),
            }
        }
    }
    if sizes.is_empty() {
        sizes = vec![9, 11, 13];
    }
    let extra = options.iter().map(|o| format!(",{o}")).collect::<String>();
    let spec = format!(
        "hexmc(movetime={}ms,threads={threads}{extra})",
        (secs * 1000.0) as u64
    );
    let spec = Spec::parse(&spec).unwrap_or_else(|e| fail(e.to_string()));
    // The agent checks every option (a bad one ends here); the bare playouts use its playout
    // cap and pattern file too.
    HexMc::from_spec(&spec).unwrap_or_else(|e| fail(e.to_string()));
    let policy = PlayoutPolicy {
        base: spec.parse_or("plocal", 0.0).expect("checked by the agent"),
        cap: spec.parse_or("pcap", 0.0).expect("checked by the agent"),
    };
    let table = spec.get("patterns").map(|f| {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| fail(format!("{f}: {e}")));
        Patterns::parse(&text).unwrap_or_else(|e| fail(format!("{f}: {e}")))
    });
    let patterns = table.as_ref().unwrap_or(Patterns::shipped());
    println!(
        "size  bare playouts/s  search playouts/s  net ms/evaluation (threads={threads}, {secs} s{extra})"
    );
    for size in sizes {
        let root = Board::new(size as usize);
        let mut rng = FastRng::new(1);
        let mut b = root.clone();
        let mut keys = Keys::default();
        let began = Instant::now();
        let mut n = 0u64;
        let mut black = 0u64;
        while began.elapsed().as_secs_f64() < secs {
            for _ in 0..100 {
                b.clone_from(&root);
                let winner = policy.fill(&mut b, patterns, BLACK, None, &mut rng, &mut keys);
                black += (winner == BLACK) as u64;
            }
            n += 100;
        }
        let bare = n as f64 / began.elapsed().as_secs_f64();
        let mut agent = HexMc::from_spec(&spec).expect("the options were checked");
        let game = Hex::with_size(size, false).expect("size");
        let choice = agent.choose(&game, &mut Turn::new()).expect("a move");
        let info = choice.info.expect("info");
        println!(
            "{size:>4}  {bare:>15.0}  {:>17.0}  {:>17.3}   (black won {:.1}% of bare playouts; move {}; {} playouts, {} tree nodes)",
            info.nodes as f64 / info.time.as_secs_f64(),
            net_ms(size as usize),
            100.0 * black as f64 / n as f64,
            poda_core::Game::format_move(&game, choice.mv),
            info.nodes,
            agent.tree_nodes(),
        );
    }
}

/// Milliseconds of one evaluation of the shipped policy net on a board of `size` with one
/// stone a row (the net's cost does not depend on the stones: every cell is computed).
fn net_ms(size: usize) -> f64 {
    let net = PolicyNet::shipped();
    let mut board = Board::new(size);
    for y in 0..size {
        let colour = if y % 2 == 0 { BLACK } else { WHITE };
        board.play(
            board.layout.to_box[y * size + (y * 5) % size] as usize,
            colour,
        );
    }
    let (mut scratch, mut out) = (NetScratch::default(), Vec::new());
    let evaluations = 200;
    let began = Instant::now();
    for _ in 0..evaluations {
        net.priors(&board, BLACK, None, &mut scratch, &mut out);
    }
    began.elapsed().as_secs_f64() * 1000.0 / evaluations as f64
}
