//! `poda tournament`: a round robin between agents, with ratings, reports and `--resume`.

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use poda_arena::openings::{format_opening, load_openings};
use poda_arena::tournament::report::{cross_table, rating_rows, rating_table, write_reports};
use poda_arena::tournament::run::load_tournament;
use poda_arena::tournament::{run_tournament, RunOptions, Standings, Tournament, TournamentError};
use poda_core::Game;
use poda_games::with_game;
use poda_players::PlayerGame;
use std::path::{Path, PathBuf};

/// Defaults of the options that are part of a tournament's identity.
const DEFAULT_GAMES_PER_PAIR: usize = 10;
const DEFAULT_OPENING_PLIES: usize = 2;
const DEFAULT_SEED: u64 = 1;

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Game spec, e.g. connect4 (may be left out with --resume).
    #[arg(required_unless_present = "resume")]
    pub game: Option<String>,
    /// Two or more agents, e.g. random greedy "alphabeta(depth=6)" engine.
    pub agents: Vec<String>,
    /// Games per pair of agents (even; default 10).
    #[arg(long)]
    pub games_per_pair: Option<usize>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Random opening plies; every pair plays the same openings, each with both colour orders
    /// (default 2).
    #[arg(long)]
    pub opening_plies: Option<usize>,
    /// Play the openings of this file instead of random ones (one a line, as for `poda match
    /// --openings`): round r, in which every pair plays one opening with both colour orders,
    /// plays opening r mod (number of openings). The openings are saved in tournament.json, so
    /// --resume needs no file (given, it must hold the same openings). Cannot be combined with
    /// --opening-plies.
    #[arg(long, value_name = "FILE", conflicts_with = "opening_plies")]
    pub openings: Option<PathBuf>,
    /// Seed of the openings and the agents' random choices (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Adjudicate an unfinished game as a draw after this many plies (default: the game's own
    /// cap for games that can cycle, e.g. 300 for desconecta4boom; none otherwise).
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Directory of the records (games.jsonl), reports and logs.
    #[arg(long, default_value = "tournament")]
    pub out: PathBuf,
    /// Continue the tournament in --out where it stopped.
    #[arg(long)]
    pub resume: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Play at most this many games in this run (then stop, resumable).
    #[arg(long, hide = true)]
    pub stop_after: Option<usize>,
}

pub fn run(args: TournamentArgs) -> Result<()> {
    if args.threads == 0 {
        return Err(input::user("--threads must be at least 1"));
    }
    let tournament = if args.resume {
        let saved = load_tournament(&args.out).map_err(|e| input::bad("--resume", e))?;
        check_matches(&saved, &args)?;
        saved
    } else {
        new_tournament(&args)?
    };
    with_game!(input::game(&tournament.game)?, start => play(&start, &tournament, &args))
}

/// The tournament the options ask for (also the job of `poda units tournament`).
pub(crate) fn new_tournament(args: &TournamentArgs) -> Result<Tournament> {
    let game = args.game.clone().unwrap_or_default();
    let canonical = with_game!(input::game(&game)?, g => g.spec());
    let openings = read_openings(&game, args)?;
    let t = Tournament {
        game: canonical,
        agents: args.agents.clone(),
        games_per_pair: args.games_per_pair.unwrap_or(DEFAULT_GAMES_PER_PAIR),
        opening_plies: match openings {
            Some(_) => 0,
            None => args.opening_plies.unwrap_or(DEFAULT_OPENING_PLIES),
        },
        openings: openings.unwrap_or_default(),
        seed: args.seed.unwrap_or(DEFAULT_SEED),
        max_plies: args.max_plies,
    };
    t.validate().map_err(input::user)?;
    Ok(t)
}

/// The openings of --openings, checked and written as a tournament saves them; `None` without
/// the option.
fn read_openings(game: &str, args: &TournamentArgs) -> Result<Option<Vec<String>>> {
    let Some(path) = &args.openings else {
        return Ok(None);
    };
    with_game!(input::game(game)?, g => {
        let moves = load_openings(&g, path).map_err(|e| input::bad("--openings", e))?;
        Ok(Some(moves.iter().map(|m| format_opening(&g, m)).collect()))
    })
}

/// With --resume, whatever identity options are given must be those saved.
fn check_matches(saved: &Tournament, args: &TournamentArgs) -> Result<()> {
    let mut differences = Vec::new();
    if let Some(game) = &args.game {
        let canonical = with_game!(input::game(game)?, g => g.spec());
        if canonical != saved.game {
            differences.push(format!("game {canonical} (saved: {})", saved.game));
        }
    }
    if !args.agents.is_empty() && args.agents != saved.agents {
        differences.push(format!("agents (saved: {})", saved.agents.join(", ")));
    }
    let numbers = [
        (
            "--games-per-pair",
            args.games_per_pair.map(|v| v as u64),
            saved.games_per_pair as u64,
        ),
        (
            "--opening-plies",
            args.opening_plies.map(|v| v as u64),
            saved.opening_plies as u64,
        ),
        ("--seed", args.seed, saved.seed),
    ];
    for (name, given, was) in numbers {
        if given.is_some_and(|g| g != was) {
            differences.push(format!("{name} (saved: {was})"));
        }
    }
    if let Some(openings) = read_openings(&saved.game, args)? {
        if openings != saved.openings {
            differences.push(format!(
                "--openings (saved: {} openings{})",
                saved.openings.len(),
                if saved.openings.is_empty() {
                    ", random ones"
                } else {
                    ", others"
                }
            ));
        }
    }
    if args.max_plies.is_some() && args.max_plies != saved.max_plies {
        differences.push(format!("--max-plies (saved: {:?})", saved.max_plies));
    }
    if differences.is_empty() {
        Ok(())
    } else {
        Err(input::user(format!(
            "--resume: {} holds a different tournament: {}",
            args.out.display(),
            differences.join("; ")
        )))
    }
}

fn play<G: PlayerGame>(start: &G, tournament: &Tournament, args: &TournamentArgs) -> Result<()> {
    let total = tournament.total_games() as u64;
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(total)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {msg}  [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid template"),
    );
    let options = RunOptions {
        threads: args.threads,
        resume: args.resume,
        stop_after: args.stop_after,
    };
    let mut first = true;
    let result = run_tournament(
        start,
        tournament,
        &args.out,
        &options,
        &mut |record, _, standings| {
            if first {
                // On resume the bar starts at the games already recorded.
                bar.set_position(standings.games as u64 - 1);
                bar.reset_eta();
                first = false;
            }
            bar.set_message(format!(
                "{} - {}: {}",
                short(&record.first),
                short(&record.second),
                record.result
            ));
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    let standings = result.map_err(|e| match e {
        TournamentError::Io { .. } => anyhow::Error::new(e),
        other => input::bad("tournament", other),
    })?;
    let paths = write_reports(&args.out, tournament, &standings)
        .with_context(|| format!("writing the reports in {}", args.out.display()))?;
    print_summary(tournament, &standings, &args.out, &paths);
    Ok(())
}

/// The tables and where the files are, after a tournament (or its merge from a cluster).
pub(crate) fn print_summary(
    tournament: &Tournament,
    standings: &Standings,
    out: &Path,
    paths: &[PathBuf],
) {
    let rows = rating_rows(standings);
    println!(
        "{}: {} of {} games played\n",
        tournament.game,
        standings.games,
        tournament.total_games()
    );
    println!("{}", rating_table(&rows));
    println!("{}", cross_table(standings, &rows));
    if !standings.forfeits.is_empty() {
        println!(
            "{} games lost by an agent's failure (reasons in report.md and games.jsonl)",
            standings.forfeits.len()
        );
    }
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    println!(
        "Records: {}; reports: {}",
        out.join("games.jsonl").display(),
        names.join(", ")
    );
}

/// An agent spec shortened for the progress line.
fn short(spec: &str) -> String {
    const LIMIT: usize = 24;
    if spec.chars().count() <= LIMIT {
        spec.to_string()
    } else {
        format!("{}…", spec.chars().take(LIMIT).collect::<String>())
    }
}
