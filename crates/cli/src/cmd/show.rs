//! `poda show`: the position after a move sequence.

use crate::input;
use anyhow::Result;
use clap::Args;
use poda_core::Game;
use poda_games::with_game;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// Game spec, e.g. connect4 or "connect4(width=8,height=7)".
    pub game: String,
    /// Moves from the start position, e.g. 4453 (empty: the start position).
    #[arg(default_value = "")]
    pub moves: String,
    /// Print JSON: {"game","moves","ply","to_move","result","legal","board"}.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: ShowArgs) -> Result<()> {
    with_game!(input::game(&args.game)?, start => show(&start, &args))
}

fn show<G: Game>(start: &G, args: &ShowArgs) -> Result<()> {
    let (game, moves) = input::position(start, &args.moves)?;
    println!("{}", describe(&game, &moves, args.json));
    Ok(())
}

/// The JSON object or the drawing of a position, as `show` prints it.
pub fn describe<G: Game>(game: &G, moves: &[G::Move], as_json: bool) -> String {
    let outcome = game.outcome();
    let legal: Vec<String> = game
        .legal_move_list()
        .into_iter()
        .map(|m| game.format_move(m))
        .collect();
    if as_json {
        // One JSON for the command line and the web API (`GET /api/position`).
        return poda_web::position_json(game, moves).to_string();
    }
    let status = if outcome.is_over() {
        format!("Game over: {outcome} ({})", outcome.result_string())
    } else {
        format!(
            "{} to move. Legal moves: {}",
            capitalise(&game.to_move().to_string()),
            legal.join(" ")
        )
    };
    format!("{}\n{status}", game.render().trim_end())
}

/// "player 1" -> "Player 1".
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}
