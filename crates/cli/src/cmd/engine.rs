//! `poda engine`: the engine protocol (GTP framing; HTP for Hex) on stdin and stdout.

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use poda_players::PlayerSessions;
use poda_proto::Dialect;
use poda_proto::{serve, Engine, EngineOptions, DEFAULT_AGENT};

#[derive(Args, Debug)]
pub struct EngineArgs {
    /// Game at start: a poda spec (connect4, "hex(size=11)") or an OpenSpiel game string
    /// (connect_four, "hex(board_size=7)"), which selects OpenSpiel's move strings.
    #[arg(long, default_value = "connect4")]
    pub game: String,
    /// The agent that answers genmove.
    #[arg(long, default_value = DEFAULT_AGENT)]
    pub agent: String,
    /// Force the move notation: native (poda's) or openspiel.
    #[arg(long)]
    pub dialect: Option<String>,
    /// Seed of the agent's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: EngineArgs) -> Result<()> {
    let dialect = match &args.dialect {
        None => None,
        Some(d) => Some(Dialect::parse(d).ok_or_else(|| {
            input::user(format!("--dialect '{d}': expected native or openspiel"))
        })?),
    };
    let options = EngineOptions {
        game: args.game,
        agent: args.agent,
        dialect,
        seed: args.seed,
    };
    let mut engine = Engine::new(&options, Box::new(PlayerSessions)).map_err(input::user)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(&mut engine, stdin.lock(), stdout.lock()).context("talking over stdin/stdout")
}
