//! `poda`: the command line of the poda engine and workbench.
//!
//! Every command takes a game spec (`connect4`, `connect4(width=8,height=7)`, ...) and, where
//! it plays, agent specs (`random`, `engine(movetime=200ms)`, ...). Bad input of any kind ends
//! with a one-line error on stderr and exit code 2; a failure of the machine (an unwritable
//! file) with exit code 1.
#![forbid(unsafe_code)]

mod cmd;
mod input;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// poda: engine and workbench for two-player board games (Connect 4, DesConecta-4 BOOM, Hex,
/// Kalah).
#[derive(Parser, Debug)]
#[command(name = "poda", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play against the computer in the terminal (or watch two agents play).
    Play(cmd::play::PlayArgs),
    /// Play N games between two agents and report the score and Elo difference.
    Match(cmd::matches::MatchArgs),
    /// A round robin between agents: ratings with intervals, cross-table, reports, --resume.
    Tournament(cmd::tournament::TournamentArgs),
    /// Show the position after a move sequence.
    Show(cmd::show::ShowArgs),
    /// Score every legal move of a position and show the principal variation.
    Analyze(cmd::analyze::AnalyzeArgs),
    /// Show how minimax and alpha-beta search a position, node by node (text, SVG, DOT, JSON).
    Explain(cmd::explain::ExplainArgs),
    /// Count the legal move sequences of a given length (the rules' regression test).
    Perft(cmd::perft::PerftArgs),
    /// Search fixed positions to a fixed depth and print a node-count signature.
    Bench(cmd::bench::BenchArgs),
    /// List the games, and the agents and evaluators of a game.
    List(cmd::list::ListArgs),
    /// Build or resume an opening book (Connect 4, Kalah).
    Book(cmd::book::BookArgs),
    /// Build, resume or check a Kalah endgame database (exact values of every position with
    /// up to N seeds in the pits).
    Endgame(cmd::endgame::EndgameArgs),
    /// Speak the engine protocol (GTP framing, any game; OpenSpiel's GTP bot can drive it).
    Engine(cmd::engine::EngineArgs),
    /// The Hex Text Protocol for HexGui and Hex referees (`poda engine --game hex`).
    Htp(cmd::htp::HtpArgs),
    /// Solve a position exactly (Connect 4: Pascal Pons' score convention; Kalah: the final
    /// store difference).
    Solve(cmd::solve::SolveArgs),
    /// Make an agent a bot of the course's Mancala simulator (its protocol on stdin/stdout).
    UgrBot(cmd::ugr_bot::UgrBotArgs),
    /// The web workbench: play, watch and analyse every game in a browser.
    Serve(cmd::serve::ServeArgs),
    /// List the units of a tournament, book build or solve, for a cluster (JSON lines).
    Units(cmd::units::UnitsArgs),
    /// Run units (from `poda units`) and write their results into a directory.
    RunUnit(cmd::units::RunUnitArgs),
    /// Combine the units' results into what the single-machine command gives.
    Merge(cmd::units::MergeArgs),
}

/// `poda list | head` closes the pipe early, and Rust's `println!` then panics ("failed
/// printing to stdout: Broken pipe"). A command-line tool stops quietly instead, with the exit
/// status a shell gives a process stopped by SIGPIPE (128 + 13), as C programs do.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(a) => cmd::play::run(a),
        Command::Match(a) => cmd::matches::run(a),
        Command::Tournament(a) => cmd::tournament::run(a),
        Command::Show(a) => cmd::show::run(a),
        Command::Analyze(a) => cmd::analyze::run(a),
        Command::Explain(a) => cmd::explain::run(a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::List(a) => cmd::list::run(a),
        Command::Solve(a) => cmd::solve::run(a),
        Command::Book(a) => cmd::book::run(a),
        Command::Endgame(a) => cmd::endgame::run(a),
        Command::Engine(a) => cmd::engine::run(a),
        Command::Htp(a) => cmd::htp::run(a),
        Command::UgrBot(a) => cmd::ugr_bot::run(a),
        Command::Serve(a) => cmd::serve::run(a),
        Command::Units(a) => cmd::units::run_units(a),
        Command::RunUnit(a) => cmd::units::run_unit(a),
        Command::Merge(a) => cmd::units::run_merge(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("poda: {}", input::one_line(&e));
            ExitCode::from(input::exit_code(&e))
        }
    }
}
