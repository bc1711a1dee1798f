//! `poda list`: games, agents and evaluators.

use crate::input;
use anyhow::Result;
use clap::Args;
use poda_games::{with_game, GAME_NAMES};
use poda_players::{agent_names, PlayerGame};

#[derive(Args, Debug)]
pub struct ListArgs {
    /// A game spec: list its agents and evaluators (without it: list the games).
    pub game: Option<String>,
}

pub fn run(args: ListArgs) -> Result<()> {
    match args.game {
        None => {
            println!("Games:");
            for (name, help) in GAME_NAMES {
                println!("  {name:<16} {help}");
            }
            println!("\nRun `poda list <game>` for its agents and evaluators.");
            Ok(())
        }
        Some(text) => with_game!(input::game(&text)?, g => describe(&g)),
    }
}

fn describe<G: PlayerGame>(game: &G) -> Result<()> {
    println!("Agents for {}:", game.spec());
    for (name, help) in agent_names::<G>() {
        println!("  {name:<12} {help}");
    }
    println!("\nEvaluators (eval=NAME; the first is the default):");
    for e in G::evaluators() {
        println!("  {:<12} {}", e.name, e.help);
    }
    if let Some(cap) = game.default_max_plies() {
        println!(
            "\nGames can cycle: match play adjudicates an unfinished game as a draw after \
             {cap} plies (--max-plies to change it)."
        );
    }
    Ok(())
}
