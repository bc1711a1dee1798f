//! `poda bench`: a deterministic node-count signature.
//!
//! Fixed positions of every game are searched by the engine to a fixed depth, one thread,
//! with a fresh 16 MiB table each. The total node count depends only on the search code, so a
//! change meant to leave search untouched must leave it unchanged; the expected total is
//! stored in `crates/arena/data/bench_signature.txt` and checked by a test.

use poda_core::{notation::play_line, Score};
use poda_games::{with_game, AnyGame};
use poda_players::PlayerGame;
use poda_search::{Engine, EngineConfig, Limits};
use std::time::Duration;

/// Table size of every bench search.
pub const BENCH_TT_MIB: usize = 16;

/// The bench positions: game spec, moves, depth.
pub const BENCH_POSITIONS: &[(&str, &str, u32)] = &[
    ("connect4", "", 14),
    ("connect4", "4453", 14),
    ("connect4", "444333", 14),
    ("connect4", "32164625", 12),
    ("connect4", "274552224131661", 16),
    ("connect4", "52753311433677442422121", 12),
    ("hex(size=7)", "d4c5", 4),
    ("hex(size=5)", "c3", 5),
    ("kalah", "", 15),
    ("kalah", "43612", 15),
];

/// The expected signature (total nodes of all bench positions).
pub const EXPECTED_SIGNATURE: &str = include_str!("../data/bench_signature.txt");

/// One searched bench position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    pub game: String,
    pub moves: String,
    pub depth: u32,
    pub best: String,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
}

/// Runs the bench; `on_line` sees each position as it finishes.
pub fn run_bench(on_line: &mut dyn FnMut(&BenchLine)) -> Vec<BenchLine> {
    let mut lines = Vec::new();
    for &(game, moves, depth) in BENCH_POSITIONS {
        let any = AnyGame::parse(game).expect("bench games are valid");
        let line = with_game!(any, start => bench_one(&start, game, moves, depth));
        on_line(&line);
        lines.push(line);
    }
    lines
}

fn bench_one<G: PlayerGame>(start: &G, spec: &str, moves: &str, depth: u32) -> BenchLine {
    let (game, _) = play_line(start, moves).expect("bench positions are legal");
    let eval = start
        .evaluator(G::default_evaluator())
        .expect("the default evaluator exists");
    let config = EngineConfig {
        tt_mib: BENCH_TT_MIB,
        ..EngineConfig::default()
    };
    let mut engine = Engine::new(eval, config);
    let result = engine.search(&game, &Limits::depth(depth), None, &mut |_| {});
    BenchLine {
        game: spec.to_string(),
        moves: moves.to_string(),
        depth,
        best: result.best.map_or("-".into(), |m| game.format_move(m)),
        score: result.score,
        nodes: result.nodes,
        time: result.time,
    }
}

/// The expected total from the signature file.
pub fn expected_nodes() -> Option<u64> {
    EXPECTED_SIGNATURE
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
}
