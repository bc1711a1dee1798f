//! `poda analyze`: the score of every legal move and the principal variation.

use crate::input;
use anyhow::Result;
use clap::Args;
use poda_core::{SearchInfo, Turn};
use poda_games::with_game;
use poda_players::PlayerGame;
use serde_json::json;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// Game spec, e.g. connect4.
    pub game: String,
    /// Moves from the start position (empty: the start position).
    #[arg(default_value = "")]
    pub moves: String,
    /// The agent that analyses (it must be able to score moves: engine, minimax, alphabeta,
    /// greedy, perfect, ...).
    #[arg(long, default_value = "engine(movetime=1s)")]
    pub agent: String,
    /// Print JSON: {"game","moves","to_move","analysis":[{"move","score","value"}],"best",
    /// "score","depth","nodes","time_ms","pv"}.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: AnalyzeArgs) -> Result<()> {
    with_game!(input::game(&args.game)?, start => analyze(&start, &args))
}

fn analyze<G: PlayerGame>(start: &G, args: &AnalyzeArgs) -> Result<()> {
    let (game, moves) = input::position(start, &args.moves)?;
    if game.outcome().is_over() {
        return Err(input::user(format!(
            "the game is over ({}): nothing to analyse",
            game.outcome()
        )));
    }
    let mut agent = input::agent(start, &args.agent)?;
    agent.new_game(0);
    let scores = agent.analyze(&game).ok_or_else(|| {
        input::user(format!(
            "agent '{}' cannot score moves; try engine or alphabeta",
            args.agent
        ))
    })?;
    let mut last: Option<SearchInfo<G::Move>> = None;
    let mut record = |info: &SearchInfo<G::Move>| last = Some(info.clone());
    let mut turn = Turn {
        progress: Some(&mut record),
        ..Turn::new()
    };
    let choice = agent
        .choose(&game, &mut turn)
        .map_err(|e| input::bad("analysis failed", e))?;
    let info = choice.info.or(last);
    let fmt = |m: G::Move| game.format_move(m);
    if args.json {
        let analysis: Vec<_> = scores
            .iter()
            .map(|&(m, s)| json!({"move": fmt(m), "score": s.to_string(), "value": s.value()}))
            .collect();
        let out = json!({
            "game": game.spec(),
            "moves": game.format_moves(&moves),
            "to_move": game.to_move().number(),
            "analysis": analysis,
            "best": fmt(choice.mv),
            "score": info.as_ref().map(|i| i.score.to_string()),
            "depth": info.as_ref().map(|i| i.depth),
            "nodes": info.as_ref().map(|i| i.nodes),
            "time_ms": info.as_ref().map(|i| i.time.as_secs_f64() * 1000.0),
            "pv": info.as_ref().map(|i| i.pv.iter().map(|&m| fmt(m)).collect::<Vec<_>>()),
        });
        println!("{out}");
        return Ok(());
    }
    println!("{}", super::show::describe(&game, &moves, false));
    println!("\n{:<8} score", "move");
    for &(m, s) in &scores {
        println!("{:<8} {s}", fmt(m));
    }
    print!("\nbest {}", fmt(choice.mv));
    if let Some(i) = &info {
        let pv: Vec<String> = i.pv.iter().map(|&m| fmt(m)).collect();
        print!(
            "  score {}  depth {}  nodes {}  time {:.2}s\npv {}",
            i.score,
            i.depth,
            i.nodes,
            i.time.as_secs_f64(),
            pv.join(" ")
        );
    }
    println!();
    Ok(())
}
