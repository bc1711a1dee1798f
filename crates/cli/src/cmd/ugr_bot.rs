//! `poda ugr-bot <agent>`: any poda agent as a bot of the course's Mancala simulator, speaking
//! its protocol on stdin and stdout (see `poda_proto::ugr`).

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use poda_games::kalah::Kalah;
use poda_games::AnyGame;
use poda_proto::ugr::{serve, Session};

#[derive(Args, Debug)]
pub struct UgrBotArgs {
    /// The agent that chooses the moves, e.g. greedy-ugr or "engine(movetime=1s)".
    pub agent: String,
    /// The game (a Kalah spec; the course's is kalah, six pits of four seeds).
    #[arg(long, default_value = "kalah")]
    pub game: String,
    /// The name answered to GETNAME (one word).
    #[arg(long, default_value = "poda")]
    pub name: String,
    /// Seed for agents with random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: UgrBotArgs) -> Result<()> {
    let start: Kalah = match input::game(&args.game)? {
        AnyGame::Kalah(k) => k,
        _ => {
            return Err(input::user(format!(
                "game '{}': the course's bot protocol is for Kalah",
                args.game
            )))
        }
    };
    let agent = input::agent(&start, &args.agent)?;
    let mut session = Session::new(start, agent, &args.name, args.seed);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(&mut session, stdin.lock(), stdout.lock()).context("talking to the simulator")
}
