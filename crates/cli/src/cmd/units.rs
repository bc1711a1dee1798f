//! `poda units`, `poda run-unit` and `poda merge`: a tournament, a Connect 4 book build or a
//! solve split into units that any scheduler can run (scripts/cluster/ drives them on Ray),
//! then merged into what the single-machine command gives. The units themselves are in
//! `poda_arena::units`.

use super::book::{check_game as check_book_game, print_levels, write_book};
use super::tournament::{new_tournament, print_summary, TournamentArgs};
use crate::input;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use poda_arena::units::book::BookJob;
use poda_arena::units::solve::{SolveJob, CONNECT4_TT_MIB};
use poda_arena::units::tournament::TournamentJob;
use poda_arena::units::{self, Job, UnitError};
use poda_core::Game;
use poda_games::with_game;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct UnitsArgs {
    #[command(subcommand)]
    pub job: JobArgs,
    /// The results directory: also list the later stages whose inputs are there (a book's
    /// next level, a solve's re-search).
    #[arg(long, global = true, value_name = "DIR")]
    pub from: Option<PathBuf>,
    /// Only the units without a result in --from.
    #[arg(long, global = true)]
    pub missing: bool,
}

#[derive(Args, Debug)]
pub struct RunUnitArgs {
    /// A unit's JSON line as `poda units` prints it, or `-` to run every line of stdin.
    pub unit: String,
    /// The results directory (`<id>.json` is written there, atomically).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Run the unit even if its result is there.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    #[command(subcommand)]
    pub job: JobArgs,
    /// The results directory.
    #[arg(long, global = true, value_name = "DIR")]
    pub from: Option<PathBuf>,
    /// Where the merged result goes: the tournament's directory (default `tournament`), the
    /// book file (default `book-7x6.bin`) or, for a solve, a JSON file (default: none).
    #[arg(long, global = true, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Book: also write the units' lines as one partial file (`poda book --partial` reads it).
    #[arg(long, global = true, value_name = "FILE")]
    pub partial: Option<PathBuf>,
    /// Solve: print JSON.
    #[arg(long, global = true)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum JobArgs {
    /// A round robin's games (the options of `poda tournament`).
    Tournament(TournamentJobArgs),
    /// A Connect 4 book build's decision nodes (the options of `poda book`).
    Book(BookJobArgs),
    /// A Kalah or Connect 4 solve split into the positions some plies deeper.
    Solve(SolveJobArgs),
}

#[derive(Args, Debug)]
pub struct TournamentJobArgs {
    /// Game spec, e.g. connect4.
    pub game: String,
    /// Two or more agents.
    #[arg(required = true)]
    pub agents: Vec<String>,
    /// Games per pair of agents (even; default 10).
    #[arg(long)]
    pub games_per_pair: Option<usize>,
    /// Random opening plies (default 2).
    #[arg(long)]
    pub opening_plies: Option<usize>,
    /// Play the openings of this file (as `poda tournament --openings`).
    #[arg(long, value_name = "FILE", conflicts_with = "opening_plies")]
    pub openings: Option<PathBuf>,
    /// Seed of the openings and the agents (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Adjudicate an unfinished game as a draw after this many plies.
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Rounds a unit plays (each round: one pair's two games, colours swapped).
    #[arg(long, default_value_t = 1)]
    pub rounds_per_unit: usize,
}

#[derive(Args, Debug)]
pub struct BookJobArgs {
    /// Game spec: connect4.
    pub game: String,
    /// Store the perfect player's decision nodes up to this many plies.
    #[arg(long, default_value_t = 12)]
    pub depth: i32,
    /// Decision nodes up to this many plies get every child's exact score.
    #[arg(long, default_value_t = 1)]
    pub full_depth: i32,
    /// Node budget of the probe (as `poda book`); 0 stores every node.
    #[arg(long, default_value_t = poda_solve::build::DEFAULT_PROBE_NODES)]
    pub probe_nodes: u64,
    /// Table of the probe's solver, in MiB.
    #[arg(long, default_value_t = poda_solve::build::DEFAULT_PROBE_MIB)]
    pub probe_tt: usize,
    /// Table of each unit's solver, in MiB.
    #[arg(long, default_value_t = 256)]
    pub tt: usize,
    /// Start from these decision nodes (repeat the option) instead of the empty board and
    /// the seven one-move positions.
    #[arg(long = "root")]
    pub roots: Vec<String>,
    /// Start from nothing instead of the committed book.
    #[arg(long)]
    pub from_scratch: bool,
    /// Decision nodes a unit works.
    #[arg(long, default_value_t = 4)]
    pub nodes_per_unit: usize,
}

#[derive(Args, Debug)]
pub struct SolveJobArgs {
    /// Game spec: "kalah(pits=M,seeds=N)" or connect4.
    pub game: String,
    /// Moves from the start ("" is the start).
    #[arg(default_value = "")]
    pub moves: String,
    /// Split the solve this many plies below the position.
    #[arg(long, default_value_t = 4)]
    pub split_ply: u32,
    /// The value is believed to lie in LO,HI: each position is only solved as far as the
    /// window needs (a wrong guess costs a second stage, the answer stays exact).
    #[arg(long, value_name = "LO,HI", allow_hyphen_values = true)]
    pub window: Option<String>,
    /// Positions a unit solves (one solver, its table shared).
    #[arg(long, default_value_t = 1)]
    pub leaves_per_unit: usize,
    /// Table of each unit's solver, in MiB (default: the solver's own).
    #[arg(long)]
    pub tt: Option<usize>,
    /// Kalah: seeds covered by the endgame table.
    #[arg(long)]
    pub endgame: Option<u32>,
}

/// The job the arguments describe.
fn job(args: &JobArgs) -> Result<Job> {
    Ok(match args {
        JobArgs::Tournament(a) => {
            let args = TournamentArgs {
                game: Some(a.game.clone()),
                agents: a.agents.clone(),
                games_per_pair: a.games_per_pair,
                threads: 1,
                opening_plies: a.opening_plies,
                openings: a.openings.clone(),
                seed: a.seed,
                max_plies: a.max_plies,
                out: PathBuf::new(),
                resume: false,
                quiet: true,
                stop_after: None,
            };
            if a.rounds_per_unit == 0 {
                return Err(input::user("--rounds-per-unit must be at least 1"));
            }
            Job::Tournament(TournamentJob {
                tournament: new_tournament(&args)?,
                rounds_per_unit: a.rounds_per_unit,
            })
        }
        JobArgs::Book(a) => {
            check_book_game(&a.game)?;
            if a.nodes_per_unit == 0 || a.tt == 0 || a.probe_tt == 0 {
                return Err(input::user(
                    "--nodes-per-unit, --tt and --probe-tt must be at least 1",
                ));
            }
            Job::Book(BookJob {
                roots: if a.roots.is_empty() {
                    poda_solve::BuildOptions::standard_roots()
                } else {
                    a.roots.clone()
                },
                depth: a.depth,
                full_depth: a.full_depth,
                probe_nodes: a.probe_nodes,
                probe_mib: a.probe_tt,
                table_mib: a.tt,
                base: BookJob::base_name(a.from_scratch),
                nodes_per_unit: a.nodes_per_unit,
            })
        }
        JobArgs::Solve(a) => solve_job(a)?,
    })
}

fn solve_job(a: &SolveJobArgs) -> Result<Job> {
    let game = input::game(&a.game)?;
    let (canonical, moves, default_tt) = with_game!(game, g => {
        let (_, line) = input::position(&g, &a.moves)?;
        (g.spec(), g.format_moves(&line), default_tt(&g.spec()))
    });
    let window = a.window.as_deref().map(parse_window).transpose()?;
    if a.leaves_per_unit == 0 || a.tt == Some(0) {
        return Err(input::user("--leaves-per-unit and --tt must be at least 1"));
    }
    Ok(Job::Solve(SolveJob {
        game: canonical,
        moves,
        split_ply: a.split_ply,
        window,
        leaves_per_unit: a.leaves_per_unit,
        tt_mib: a.tt.unwrap_or(default_tt),
        endgame_seeds: a.endgame,
    }))
}

fn default_tt(spec: &str) -> usize {
    if spec.starts_with("kalah") {
        poda_solve::kalah::DEFAULT_TT_MIB
    } else {
        CONNECT4_TT_MIB
    }
}

fn parse_window(text: &str) -> Result<(i32, i32)> {
    let bad = || input::user(format!("--window '{text}': give LO,HI, e.g. -2,4"));
    let (lo, hi) = text.split_once(',').ok_or_else(bad)?;
    let lo: i32 = lo.trim().parse().map_err(|_| bad())?;
    let hi: i32 = hi.trim().parse().map_err(|_| bad())?;
    if lo > hi {
        return Err(bad());
    }
    Ok((lo, hi))
}

/// Errors of the units: bad input is a user error, the rest a failure of the machine.
fn unit_error(e: UnitError) -> anyhow::Error {
    match e {
        UnitError::Bad(m) => input::user(m),
        io => anyhow::Error::new(io),
    }
}

pub fn run_units(args: UnitsArgs) -> Result<()> {
    if args.missing && args.from.is_none() {
        return Err(input::user("--missing needs --from DIR"));
    }
    let job = job(&args.job)?;
    let dir = args.from.as_deref();
    let listing = units::list(&job, dir).map_err(unit_error)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut missing = 0;
    for unit in &listing.units {
        let done = dir.is_some_and(|d| units::result_path(d, &unit.id).exists());
        missing += usize::from(!done);
        if args.missing && done {
            continue;
        }
        let line = serde_json::to_string(unit).expect("units serialise");
        writeln!(out, "{line}").context("writing the units")?;
    }
    eprintln!(
        "poda: {} units{} ({}){}",
        listing.units.len(),
        if dir.is_some() {
            format!(", {missing} without a result")
        } else {
            String::new()
        },
        listing.stage,
        if listing.complete {
            ""
        } else {
            "; later stages are listed once these have results (list again with --from)"
        }
    );
    Ok(())
}

pub fn run_unit(args: RunUnitArgs) -> Result<()> {
    let lines: Vec<String> = if args.unit == "-" {
        std::io::stdin()
            .lock()
            .lines()
            .collect::<std::io::Result<_>>()
            .context("reading units from stdin")?
    } else {
        vec![args.unit.clone()]
    };
    for (n, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let unit = units::parse_unit(line)
            .map_err(|e| input::user(format!("unit on line {}: {e}", n + 1)))?;
        let summary = units::run(&unit, &args.out, args.force)
            .map_err(|e| unit_error(e).context(format!("unit {}", unit.id)))?;
        println!(
            "{}",
            serde_json::to_string(&summary).expect("summaries serialise")
        );
    }
    Ok(())
}

pub fn run_merge(args: MergeArgs) -> Result<()> {
    let job = job(&args.job)?;
    let from = args
        .from
        .clone()
        .ok_or_else(|| input::user("merge: give the results directory with --from DIR"))?;
    let began = Instant::now();
    match &job {
        Job::Tournament(t) => {
            let out = args.out.clone().unwrap_or_else(|| "tournament".into());
            let (standings, paths) =
                units::tournament::merge(t, &from, &out).map_err(unit_error)?;
            print_summary(&t.tournament, &standings, &out, &paths);
        }
        Job::Book(b) => {
            let (book, walk) = units::book::merge(b, &from).map_err(unit_error)?;
            print_levels(&walk.report);
            if let Some(partial) = &args.partial {
                let text = units::book::partial_text(&walk, &from).map_err(unit_error)?;
                std::fs::write(partial, text)
                    .with_context(|| format!("writing {}", partial.display()))?;
            }
            let out = args.out.clone().unwrap_or_else(|| "book-7x6.bin".into());
            write_book(&out, &book, began)?;
        }
        Job::Solve(s) => {
            let answer = units::solve::merge(s, &from).map_err(unit_error)?;
            let json = serde_json::to_string(&answer).expect("answers serialise");
            if let Some(out) = &args.out {
                std::fs::write(out, format!("{json}\n"))
                    .with_context(|| format!("writing {}", out.display()))?;
            }
            if args.json {
                println!("{json}");
            } else {
                print_answer(&answer);
            }
        }
    }
    Ok(())
}

fn print_answer(a: &units::solve::Answer) {
    println!(
        "score {:+} (for the side to move after '{}'; {} leaves {} plies deeper, {} units, {} \
         nodes)",
        a.score, a.moves, a.leaves, a.split_ply, a.units, a.nodes
    );
    println!("best: {}", a.best.join(" "));
    for m in &a.analysis {
        let value = match (m.score, m.at_most, m.at_least) {
            (Some(v), _, _) => format!("{v:+}"),
            (_, Some(v), _) => format!("<= {v:+}"),
            (_, _, Some(v)) => format!(">= {v:+}"),
            _ => "?".into(),
        };
        println!("  {:>3} {value}", m.mv);
    }
}
