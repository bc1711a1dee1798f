//! `poda play`: a person against the computer in the terminal, or two agents watched.

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use poda_core::{Agent, Game, SearchInfo, Spec, Turn};
use poda_games::with_game;
use poda_players::PlayerGame;
use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game spec, e.g. connect4, desconecta4boom, "hex(size=9)", kalah.
    pub game: String,
    /// The computer player: the game's strongest agent by default (`poda list GAME`).
    #[arg(long, default_value = "best")]
    pub ai: String,
    /// Who moves first.
    #[arg(long, value_parser = ["human", "ai"], default_value = "human")]
    pub first: String,
    /// Watch two agents play instead: --watch AGENT AGENT.
    #[arg(long, num_args = 2, value_names = ["AGENT1", "AGENT2"])]
    pub watch: Option<Vec<String>>,
    /// Seed for agents with random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Pause between moves when watching (e.g. 500ms).
    #[arg(long, default_value = "0ms", value_parser = parse_duration)]
    pub delay: Duration,
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    poda_core::spec::parse_duration(text)
}

pub fn run(args: PlayArgs) -> Result<()> {
    with_game!(input::game(&args.game)?, start => play(&start, &args))
}

fn play<G: PlayerGame>(start: &G, args: &PlayArgs) -> Result<()> {
    let specs: Vec<&String> = match &args.watch {
        Some(specs) => specs.iter().collect(),
        None => vec![&args.ai],
    };
    for spec in specs {
        if let Some(hint) = Spec::parse(spec).ok().and_then(|s| start.setup_hint(&s)) {
            eprintln!("{hint}");
        }
    }
    if let Some(specs) = &args.watch {
        let mut a = input::agent(start, &specs[0])?;
        let mut b = input::agent(start, &specs[1])?;
        a.new_game(args.seed);
        b.new_game(args.seed.wrapping_add(1));
        let cap = start.default_max_plies();
        return watch(start, [a.as_mut(), b.as_mut()], args.delay, cap);
    }
    let mut ai = input::agent(start, &args.ai)?;
    ai.new_game(args.seed);
    let human_seat = if args.first == "human" { 0 } else { 1 };
    interactive(start, ai.as_mut(), human_seat, args.seed)
}

/// One line about a computer move: the move, then depth, score, nodes and time if known.
fn summary<G: Game>(
    game: &G,
    name: &str,
    mv: G::Move,
    info: Option<&SearchInfo<G::Move>>,
) -> String {
    let mut line = format!("{name} plays {}", game.format_move(mv));
    if let Some(i) = info {
        line += &format!(
            "  (depth {}, score {}, {} nodes, {:.2} s)",
            i.depth,
            i.score,
            i.nodes,
            i.time.as_secs_f64()
        );
    }
    line
}

/// Two agents play while the user watches; a game that can cycle stops at its ply cap.
fn watch<G: Game>(
    start: &G,
    mut agents: [&mut dyn Agent<G>; 2],
    delay: Duration,
    max_plies: Option<u32>,
) -> Result<()> {
    let mut game = start.clone();
    println!("{}\n", game.render().trim_end());
    while !game.outcome().is_over() {
        if let Some(cap) = max_plies.filter(|&cap| game.ply() >= cap) {
            println!("Game over: adjudicated a draw by the {cap}-ply cap (1/2-1/2)");
            return Ok(());
        }
        let seat = game.to_move().index();
        let name = agents[seat].name();
        let choice = agents[seat]
            .choose(&game, &mut Turn::new())
            .map_err(|e| input::bad(&format!("{name} failed"), e))?;
        if !game.is_legal(choice.mv) {
            return Err(input::user(format!(
                "{name} played an illegal move {:?}",
                choice.mv
            )));
        }
        println!("{}", summary(&game, &name, choice.mv, choice.info.as_ref()));
        // Agents that follow the game themselves (external programs) hear every move.
        for agent in agents.iter_mut() {
            agent.observe(&game, choice.mv);
        }
        game.play_unchecked(choice.mv);
        println!("{}\n", game.render().trim_end());
        std::thread::sleep(delay);
    }
    println!(
        "Game over: {} ({})",
        game.outcome(),
        game.outcome().result_string()
    );
    Ok(())
}

const HELP: &str = "Type a move, or: undo (take back your last move), hint (the computer's suggestion), moves (the game so far), quit.";

fn interactive<G: Game>(
    start: &G,
    ai: &mut dyn Agent<G>,
    human_seat: usize,
    seed: u64,
) -> Result<()> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut history: Vec<G> = vec![start.clone()];
    let mut moves: Vec<G::Move> = Vec::new();
    println!(
        "{HELP}\nYou are {}.",
        poda_arena::game::seat_player(human_seat)
    );
    loop {
        let game = history
            .last()
            .expect("history starts with the start position")
            .clone();
        if game.outcome().is_over() {
            println!(
                "{}\nGame over: {} ({})",
                game.render().trim_end(),
                game.outcome(),
                game.outcome().result_string()
            );
            return Ok(());
        }
        if game.to_move().index() != human_seat {
            let choice = ai
                .choose(&game, &mut Turn::new())
                .map_err(|e| input::bad("the computer failed", e))?;
            if !game.is_legal(choice.mv) {
                return Err(input::user(format!(
                    "the computer played an illegal move {:?}",
                    choice.mv
                )));
            }
            println!(
                "{}",
                summary(&game, "poda", choice.mv, choice.info.as_ref())
            );
            ai.observe(&game, choice.mv);
            moves.push(choice.mv);
            history.push(game.after(choice.mv));
            continue;
        }
        let legal: Vec<String> = game
            .legal_move_list()
            .into_iter()
            .map(|m| game.format_move(m))
            .collect();
        println!(
            "\n{}\nYour move ({}): ",
            game.render().trim_end(),
            legal.join(" ")
        );
        print!("> ");
        std::io::stdout()
            .flush()
            .context("writing to the terminal")?;
        let Some(line) = lines.next() else {
            println!("\n(end of input)");
            return Ok(());
        };
        let line = line.context("reading from the terminal")?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => println!("{HELP}"),
            "moves" => println!("{}", start.format_moves(&moves)),
            "hint" => match ai.choose(&game, &mut Turn::new()) {
                Ok(c) => println!(
                    "hint: {}",
                    summary(&game, "poda suggests", c.mv, c.info.as_ref())
                ),
                Err(e) => println!("no hint: {e}"),
            },
            "undo" => {
                // Back to the previous position where it was the human's turn.
                let earlier = history[..history.len() - 1]
                    .iter()
                    .rposition(|g| g.to_move().index() == human_seat && !g.outcome().is_over());
                match earlier {
                    Some(j) => {
                        history.truncate(j + 1);
                        moves.truncate(j);
                        // The computer starts the shortened game afresh.
                        ai.new_game(seed);
                        for (i, &mv) in moves.iter().enumerate() {
                            ai.observe(&history[i], mv);
                        }
                    }
                    None => println!("nothing to undo"),
                }
            }
            text => match game.parse_move(text) {
                Err(e) => println!("{e}. {HELP}"),
                Ok(mv) => {
                    let mut next = game.clone();
                    match next.play(mv) {
                        Ok(()) => {
                            ai.observe(&game, mv);
                            moves.push(mv);
                            history.push(next);
                        }
                        Err(e) => println!("'{text}': {e}. Legal moves: {}", legal.join(" ")),
                    }
                }
            },
        }
    }
}
