//! `poda solve`: exact solvers, dispatched on the game's name.

use crate::input;
use anyhow::Result;
use clap::Args;
use poda_core::Spec;

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Game spec: connect4, "misere(connect4)", hex(size=N) with N <= 11, or
    /// "kalah(pits=M,seeds=N)" (at most 127 seeds in all).
    pub game: String,
    /// Moves from the start position ("" is the start). Without it, positions are read from
    /// stdin, one per line (Pons' format for Connect 4 and its misère version, move sequences for Kalah); Hex solves
    /// the start position.
    pub moves: Option<String>,
    /// Only win/draw/loss.
    #[arg(long)]
    pub weak: bool,
    /// The score of every legal move.
    #[arg(long)]
    pub analyze: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also print nodes and microseconds per position (Pons' benchmark format).
    #[arg(long)]
    pub stats: bool,
    /// Transposition table size in MiB.
    #[arg(long)]
    pub tt: Option<usize>,
    /// Keep the transposition table between positions read from stdin.
    #[arg(long)]
    pub keep_table: bool,
    /// Kalah: positions with at most this many seeds in the pits come from the endgame
    /// database (or, without one, the lazily filled table; 0: none).
    #[arg(long)]
    pub endgame: Option<u32>,
    /// Kalah: the endgame database file (`poda endgame` builds it; default: the one it
    /// writes, if present), or `none`.
    #[arg(long)]
    pub db: Option<String>,
    /// Kalah: threads of the search; Hex: with --analyze, moves proved at once, each with a
    /// table of its own, else threads proving the position's replies beside the main proof
    /// (default 2 for both).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Kalah: MTD(f)'s first guess at the final margin (default 0). Any guess gives the same
    /// exact value; a close one needs fewer null-window searches.
    #[arg(long, allow_hyphen_values = true)]
    pub guess: Option<i32>,
}

/// The games that have a solver.
const SOLVABLE: &[&str] = &["connect4", "hex", "kalah", "misere(connect4)"];

pub fn run(args: SolveArgs) -> Result<()> {
    let spec =
        Spec::parse(&args.game).map_err(|e| input::bad(&format!("game '{}'", args.game), e))?;
    // Validate the spec through the registry first, for the same errors as other commands.
    let game = input::game(&args.game)?;
    match spec.name.as_str() {
        "misere" => super::solve_misere::run(&game, &args),
        "connect4" | "connect_four" => super::solve_connect4::run(&spec, &args),
        "hex" => super::solve_hex::run(&spec, &args),
        "kalah" | "mancala" => super::solve_kalah::run(&spec, &args),
        other => Err(input::user(format!(
            "no solver for '{other}' (games with a solver: {})",
            SOLVABLE.join(", ")
        ))),
    }
}
