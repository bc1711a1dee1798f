//! `poda explain`: how minimax and alpha-beta search a position, node by node.
//!
//! Runs the algorithms asked (`poda_search::trace`) with a recorder, checks that they agree
//! on the root value, and writes the trees as indented text, an SVG picture, a Graphviz graph
//! or JSON, with a summary table (nodes, leaves, cut-offs, value, move, time) and the
//! reference tree sizes b^d and b^ceil(d/2) + b^floor(d/2) - 1 (Knuth and Moore's minimal
//! tree, "An analysis of alpha-beta pruning", Artificial Intelligence 6, 1975).

mod dot;
mod json;
mod layout;
mod model;
mod summary;
mod svg;
mod text;

use crate::input;
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use poda_games::with_game;
use poda_players::PlayerGame;
use poda_search::trace::Algorithm;

/// Default cap on the nodes recorded by one algorithm.
pub const DEFAULT_MAX_NODES: usize = 50_000;
/// Deepest search accepted (the node cap stops large trees long before).
const MAX_DEPTH: u32 = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The tree indented, one node a line, then the summary.
    Text,
    /// A drawn tree (SVG), one panel per algorithm.
    Svg,
    /// The drawn tree as a Graphviz graph (`dot -Tsvg`).
    Dot,
    /// The trace: a flat array of nodes with parent indices (schema in README.md).
    Json,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Game spec, e.g. connect4, kalah, desconecta4boom, "hex(size=4)".
    pub game: String,
    /// Moves from the start position to the position to explain (empty: the start).
    #[arg(default_value = "")]
    pub moves: String,
    /// Search depth in plies.
    #[arg(long, short)]
    pub depth: u32,
    /// Algorithms, comma-separated: minimax, alphabeta (fail-hard, the seed players' form),
    /// alphabeta-soft, ordered (alpha-beta with the engine's move ordering), engine (iterative
    /// deepening, table, ordering, PVS), or all.
    #[arg(long, default_value = "minimax,alphabeta")]
    pub algo: String,
    /// Evaluator at the horizon (`poda list GAME` lists them; default: the game's default).
    #[arg(long)]
    pub eval: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Write the output to this file instead of standard output (the summary then goes to
    /// standard output).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Show the tree down to this ply only (text, svg, dot; deeper subtrees are folded). The
    /// pictures choose a depth that keeps them readable when this is not given.
    #[arg(long)]
    pub show_depth: Option<u32>,
    /// Most nodes recorded per algorithm; a larger search stops with an error.
    #[arg(long, default_value_t = DEFAULT_MAX_NODES)]
    pub max_nodes: usize,
}

pub fn run(args: ExplainArgs) -> Result<()> {
    let algorithms = parse_algorithms(&args.algo)?;
    if args.depth == 0 || args.depth > MAX_DEPTH {
        return Err(input::user(format!(
            "depth {} is out of range (1 to {MAX_DEPTH})",
            args.depth
        )));
    }
    if args.max_nodes == 0 {
        return Err(input::user("--max-nodes must be at least 1"));
    }
    let explanation = with_game!(input::game(&args.game)?, start => {
        model::explain(&start, &args, &algorithms)?
    });
    let output = match args.format {
        Format::Text => text::render(&explanation, args.show_depth),
        Format::Svg => svg::render(&explanation, args.show_depth),
        Format::Dot => dot::render(&explanation, args.show_depth),
        Format::Json => json::render(&explanation),
    };
    let table = summary::render(&explanation);
    match &args.out {
        Some(path) => {
            std::fs::write(path, output)
                .with_context(|| format!("cannot write {}", path.display()))?;
            print!("{table}");
            println!("wrote {}", path.display());
        }
        None if args.format == Format::Text => print!("{output}\n{table}"),
        None => {
            print!("{output}");
            eprint!("{table}");
        }
    }
    Ok(())
}

/// The algorithms of `--algo`, in the order given, each once.
fn parse_algorithms(text: &str) -> Result<Vec<Algorithm>> {
    Algorithm::parse_list(text).map_err(|e| input::user(format!("--algo: {e}")))
}

/// The evaluator asked for, or the game's default.
fn evaluator<G: PlayerGame>(
    start: &G,
    name: Option<&str>,
) -> Result<std::sync::Arc<dyn poda_core::Evaluator<G>>> {
    let name = name.unwrap_or(G::default_evaluator());
    start
        .evaluator(name)
        .map_err(|e| input::user(format!("--eval {name}: {e}")))
}
