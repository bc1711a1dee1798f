//! `poda htp`: the engine protocol with the Hex Text Protocol's defaults (Hex 11x11, poda's
//! best Hex agent), for HexGui and Hex referees. It is `poda engine --game hex`: the protocol
//! is one implementation, and Hex's conventions (colours, `swap-pieces`, `boardsize N` or
//! `N N`, stones placed out of turn, `final_score`) are Hex's protocol hooks.

use super::engine::{self, EngineArgs};
use anyhow::Result;
use clap::Args;
use poda_proto::DEFAULT_AGENT;

#[derive(Args, Debug)]
pub struct HtpArgs {
    /// The Hex game at start (HexGui's `boardsize` changes the size).
    #[arg(long, default_value = "hex")]
    pub game: String,
    /// The agent that answers genmove.
    #[arg(long, default_value = DEFAULT_AGENT)]
    pub agent: String,
    /// Seed of the agent's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: HtpArgs) -> Result<()> {
    engine::run(EngineArgs {
        game: args.game,
        agent: args.agent,
        dialect: None,
        seed: args.seed,
    })
}
