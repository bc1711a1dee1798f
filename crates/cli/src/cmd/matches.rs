//! `poda match`: N games between two agents.

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use poda_arena::{load_openings, run_match, MatchConfig, MatchSummary};
use poda_games::with_game;
use poda_players::PlayerGame;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Game spec, e.g. connect4.
    pub game: String,
    /// Agent A, e.g. "engine(movetime=200ms)".
    pub agent_a: String,
    /// Agent B, e.g. "alphabeta(depth=6,eval=lines)".
    pub agent_b: String,
    /// Number of games (A plays first in the even-numbered ones).
    #[arg(long, short = 'n', default_value_t = 10)]
    pub games: usize,
    /// Seed of the openings and of the agents' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Random opening plies, shared by each pair of games.
    #[arg(long, default_value_t = 2)]
    pub opening_plies: usize,
    /// Play the openings of this file instead of random ones: one opening a line, its moves in
    /// the game's notation separated by spaces (or written together where the game allows it,
    /// e.g. Kalah 415, Connect 4 4453); `#` starts a comment, blank lines are skipped. Pair k
    /// (games 2k and 2k+1, colours swapped) plays opening k mod (number of openings). Cannot be
    /// combined with --opening-plies.
    #[arg(long, value_name = "FILE", conflicts_with = "opening_plies")]
    pub openings: Option<PathBuf>,
    /// Adjudicate an unfinished game as a draw after this many plies (games that can cycle,
    /// such as desconecta4boom, have a default cap; see `poda list <game>`).
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Append one JSON line per finished game to this file.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: MatchArgs) -> Result<()> {
    if args.games == 0 {
        return Err(input::user("--games must be at least 1"));
    }
    if args.threads == 0 {
        return Err(input::user("--threads must be at least 1"));
    }
    with_game!(input::game(&args.game)?, start => play_match(start, &args))
}

fn play_match<G: PlayerGame>(start: G, args: &MatchArgs) -> Result<()> {
    let openings = match &args.openings {
        Some(path) => load_openings(&start, path).map_err(|e| input::bad("--openings", e))?,
        None => Vec::new(),
    };
    let config = MatchConfig {
        start,
        agent_a: args.agent_a.clone(),
        agent_b: args.agent_b.clone(),
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        opening_plies: args.opening_plies,
        openings,
        max_plies: args.max_plies,
    };
    // Bad specs fail here, before a file is opened or a game is played.
    input::agent(&config.start, &args.agent_a)?;
    input::agent(&config.start, &args.agent_b)?;
    let mut record = match &args.record {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("opening record file {}", path.display()))?,
        ),
        None => None,
    };
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid template"),
    );
    let mut write_error = None;
    let summary = run_match(&config, &mut |game, summary| {
        if let Some(file) = record.as_mut() {
            let line = serde_json::to_string(game).expect("records serialise");
            if let Err(e) = writeln!(file, "{line}").and_then(|_| file.flush()) {
                write_error.get_or_insert(e);
            }
        }
        bar.set_message(format!(
            "A {}-{}-{} B",
            summary.a_wins, summary.draws, summary.b_wins
        ));
        bar.inc(1);
    })
    .map_err(|e| input::bad("match", e))?;
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(anyhow::Error::new(e).context("writing the record file"));
    }
    if args.json {
        println!("{}", serde_json::to_string(&summary_json(&summary))?);
    } else {
        print_summary(&config, &summary);
    }
    Ok(())
}

fn summary_json(s: &MatchSummary) -> serde_json::Value {
    serde_json::json!({
        "games": s.games,
        "a_wins": s.a_wins,
        "b_wins": s.b_wins,
        "draws": s.draws,
        "adjudicated": s.adjudicated,
        "forfeits": s.forfeits,
        "a_first": s.a_first,
        "a_second": s.a_second,
        "elo": s.elo,
        "elo_ci95": s.elo_ci95,
    })
}

fn print_summary<G: PlayerGame>(config: &MatchConfig<G>, s: &MatchSummary) {
    let total = s.total();
    println!(
        "{} games of {}: A = {}, B = {}",
        s.games,
        config.start.spec(),
        config.agent_a,
        config.agent_b
    );
    println!(
        "A: {} wins, {} draws, {} losses  (score {:.1}%)",
        s.a_wins,
        s.draws,
        s.b_wins,
        100.0 * total.score()
    );
    for (label, t) in [("as first ", &s.a_first), ("as second", &s.a_second)] {
        println!(
            "   {label}: {} wins, {} draws, {} losses",
            t.wins, t.draws, t.losses
        );
    }
    if s.adjudicated > 0 {
        println!(
            "   {} games adjudicated as draws by the ply cap",
            s.adjudicated
        );
    }
    if s.forfeits > 0 {
        println!(
            "   {} games lost by an agent's failure (see --record for reasons)",
            s.forfeits
        );
    }
    let estimate = poda_arena::stats::EloEstimate {
        elo: s.elo,
        low: s.elo_ci95[0],
        high: s.elo_ci95[1],
    };
    let [elo, low, high] = estimate.describe(total.score());
    println!("Elo difference A - B: {elo}  (95% interval {low} .. {high})");
}
