//! `poda perft`: counting legal move sequences.

use crate::input;
use anyhow::Result;
use clap::Args;
use poda_core::{perft, perft_divide, Game};
use poda_games::with_game;
use std::time::Instant;

/// Deepest perft accepted (deeper runs would not finish in a lifetime on most games).
const MAX_PERFT_DEPTH: u32 = 30;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Game spec, e.g. connect4.
    pub game: String,
    /// Number of plies.
    pub depth: u32,
    /// Moves from the start position to the position to count from.
    #[arg(default_value = "")]
    pub moves: String,
    /// Also print the count below each legal move.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: PerftArgs) -> Result<()> {
    if args.depth > MAX_PERFT_DEPTH {
        return Err(input::user(format!(
            "depth {} is too deep (at most {MAX_PERFT_DEPTH})",
            args.depth
        )));
    }
    with_game!(input::game(&args.game)?, start => count(&start, &args))
}

fn count<G: Game>(start: &G, args: &PerftArgs) -> Result<()> {
    let (game, _) = input::position(start, &args.moves)?;
    let began = Instant::now();
    let total = if args.divide {
        let mut total = 0;
        for (mv, n) in perft_divide(&game, args.depth) {
            println!("{} {n}", game.format_move(mv));
            total += n;
        }
        total
    } else {
        perft(&game, args.depth)
    };
    let secs = began.elapsed().as_secs_f64();
    println!("perft({}) = {total}", args.depth);
    eprintln!(
        "{:.3} s, {:.0} positions/s",
        secs,
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}
