//! Playing a tournament into a directory, and resuming it.
//!
//! The directory holds `tournament.json` (the [`Tournament`], written before the first game)
//! and `games.jsonl`, one JSON line per finished game, appended and flushed by the calling
//! thread as each game ends, so an interrupted run loses at most the games in progress.
//! Resuming reads the records back, checks that they belong to this tournament, drops a last
//! line cut short by the interruption (that game is played again), and plays exactly the
//! games whose index has no record. Agents that run other programs get their stderr logged
//! under `logs/`.

use super::{Pairing, Standings, Tournament};
use crate::game::{play_game, random_opening, GameRecord, GameSetup};
use poda_core::{Agent, Outcome, Spec, SpecError};
use poda_players::{build_agent, PlayerGame};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use thiserror::Error;

/// The tournament's identity file.
pub const CONFIG_FILE: &str = "tournament.json";
/// The record file: one JSON line per finished game.
pub const RECORDS_FILE: &str = "games.jsonl";
/// Where external programs' stderr goes.
pub const LOG_DIR: &str = "logs";

/// How to run (not part of the tournament's identity).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub threads: usize,
    /// Continue the tournament already in the directory.
    pub resume: bool,
    /// Play at most this many games in this run (for tests and for cutting a run short).
    pub stop_after: Option<usize>,
}

/// Why a tournament cannot run.
#[derive(Debug, Error)]
pub enum TournamentError {
    #[error("agent '{agent}': {source}")]
    Agent { agent: String, source: SpecError },
    #[error("{0}")]
    Config(String),
    #[error("{}: {message}", path.display())]
    Io { path: PathBuf, message: String },
    #[error("{}, line {line}: {message}", path.display())]
    Records {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

fn io_error(path: &Path, e: impl std::fmt::Display) -> TournamentError {
    TournamentError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// Called on the calling thread after each game is recorded.
pub type OnGame<'a> = &'a mut dyn FnMut(&GameRecord, &Pairing, &Standings);

/// Plays the tournament's missing games into `out`; returns the standings over all games
/// recorded there.
pub fn run_tournament<G: PlayerGame>(
    start: &G,
    tournament: &Tournament,
    out: &Path,
    options: &RunOptions,
    on_game: OnGame,
) -> Result<Standings, TournamentError> {
    tournament.validate().map_err(TournamentError::Config)?;
    if start.spec() != tournament.game {
        return Err(TournamentError::Config(format!(
            "the game is {} but the tournament's is {}",
            start.spec(),
            tournament.game
        )));
    }
    let openings = tournament
        .opening_moves(start)
        .map_err(TournamentError::Config)?;
    let specs = build_specs(tournament, out);
    for (spec, shown) in specs.iter().zip(&tournament.agents) {
        build_agent(start, spec).map_err(|source| TournamentError::Agent {
            agent: shown.clone(),
            source,
        })?;
    }
    prepare_directory(tournament, out, options.resume)?;
    let records_path = out.join(RECORDS_FILE);
    let (mut standings, done) = load_records(tournament, &records_path)?;
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&records_path)
        .map_err(|e| io_error(&records_path, e))?;
    let mut pending: Vec<usize> = (0..tournament.total_games())
        .filter(|i| !done.contains(i))
        .collect();
    if let Some(limit) = options.stop_after {
        pending.truncate(limit);
    }
    let next = AtomicUsize::new(0);
    let threads = options.threads.clamp(1, pending.len().max(1));
    let (sender, receiver) = mpsc::channel::<(GameRecord, Pairing)>();
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, pending, specs) = (&next, &pending, &specs);
            let openings = &openings;
            let jobs = Jobs {
                specs,
                openings,
                pending,
                next,
            };
            scope.spawn(move || worker(start, tournament, jobs, sender));
        }
        drop(sender);
        for (record, pairing) in receiver {
            if write_error.is_some() {
                continue;
            }
            let line = record_line(&record, &pairing);
            if let Err(e) = file.write_all(line.as_bytes()).and_then(|_| file.flush()) {
                // Stop handing out games; those in progress finish and are dropped.
                next.store(usize::MAX / 2, Ordering::Relaxed);
                write_error = Some(io_error(&records_path, e));
                continue;
            }
            standings.add(
                pairing.index,
                pairing.first,
                pairing.second,
                record.outcome,
                record.reason.as_deref(),
                record.adjudicated,
            );
            on_game(&record, &pairing, &standings);
        }
    });
    match write_error {
        Some(e) => Err(e),
        None => Ok(standings),
    }
}

/// The specs agents are built from: as given, except that `external` agents without a `log`
/// option log their stderr in the tournament's `logs/` directory.
pub fn build_specs(tournament: &Tournament, out: &Path) -> Vec<String> {
    tournament
        .agents
        .iter()
        .enumerate()
        .map(|(i, text)| match Spec::parse(text) {
            Ok(mut spec) if spec.name == "external" && spec.get("log").is_none() => {
                let log = out.join(LOG_DIR).join(format!("agent{}.stderr.log", i + 1));
                spec.args.push(poda_core::spec::SpecArg {
                    key: Some("log".into()),
                    value: log.display().to_string(),
                });
                spec.to_string()
            }
            _ => text.clone(),
        })
        .collect()
}

/// What the workers share: the agents' specs, the openings (empty: random), the games to play
/// and the next one to hand out.
struct Jobs<'a, M> {
    specs: &'a [String],
    openings: &'a [Vec<M>],
    pending: &'a [usize],
    next: &'a AtomicUsize,
}

impl<M> Clone for Jobs<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M> Copy for Jobs<'_, M> {}

fn worker<G: PlayerGame>(
    start: &G,
    tournament: &Tournament,
    jobs: Jobs<G::Move>,
    sender: mpsc::Sender<(GameRecord, Pairing)>,
) {
    let Jobs {
        specs,
        openings,
        pending,
        next,
    } = jobs;
    let mut agents = AgentCache::new(specs);
    loop {
        let slot = next.fetch_add(1, Ordering::Relaxed);
        let Some(&index) = pending.get(slot) else {
            return;
        };
        // Specs were checked before the threads started.
        let Some(played) = play_scheduled(start, tournament, openings, &mut agents, index) else {
            return;
        };
        if sender.send(played).is_err() {
            return;
        }
    }
}

/// The agents of a tournament, built from their specs when first needed and kept between
/// games (each game starts them afresh with `new_game`).
pub struct AgentCache<'a, G: PlayerGame> {
    specs: &'a [String],
    agents: Vec<Option<Box<dyn Agent<G>>>>,
}

impl<'a, G: PlayerGame> AgentCache<'a, G> {
    pub fn new(specs: &'a [String]) -> Self {
        AgentCache {
            specs,
            agents: specs.iter().map(|_| None).collect(),
        }
    }
}

/// Plays game `index` of the schedule (its opening from `openings`, random ones when
/// empty, and its seed); `None` if an agent cannot be built. Used by the tournament's
/// threads and by a cluster's units, so a game is the same wherever it is played.
pub fn play_scheduled<G: PlayerGame>(
    start: &G,
    tournament: &Tournament,
    openings: &[Vec<G::Move>],
    agents: &mut AgentCache<G>,
    index: usize,
) -> Option<(GameRecord, Pairing)> {
    let pairing = tournament.pairing(index);
    let specs = agents.specs;
    let (Some(mut first), Some(mut second)) = (
        take_agent(start, specs, &mut agents.agents, pairing.first),
        take_agent(start, specs, &mut agents.agents, pairing.second),
    ) else {
        return None;
    };
    let setup = GameSetup {
        index,
        opening: match openings.len() {
            0 => random_opening(
                start,
                tournament.opening_plies,
                tournament.opening_seed(pairing.round),
            ),
            n => openings[pairing.round % n].clone(),
        },
        // Games that can cycle get their documented cap unless the tournament names one.
        max_plies: tournament.max_plies.or_else(|| start.default_max_plies()),
        seed: tournament.game_seed(index),
    };
    let mut record = play_game(
        start,
        [first.as_mut(), second.as_mut()],
        &setup,
        &mut |_, _, _| {},
    );
    agents.agents[pairing.first] = Some(first);
    agents.agents[pairing.second] = Some(second);
    // Records name agents as the user wrote them (without added log options).
    record.first = tournament.agents[pairing.first].clone();
    record.second = tournament.agents[pairing.second].clone();
    Some((record, pairing))
}

fn take_agent<G: PlayerGame>(
    start: &G,
    specs: &[String],
    agents: &mut [Option<Box<dyn Agent<G>>>],
    i: usize,
) -> Option<Box<dyn Agent<G>>> {
    match agents[i].take() {
        Some(a) => Some(a),
        None => build_agent(start, &specs[i]).ok(),
    }
}

/// A record as its JSON line: the game record plus its place in the schedule.
pub fn record_line(record: &GameRecord, pairing: &Pairing) -> String {
    let mut value = serde_json::to_value(record).expect("records serialise");
    if let Some(map) = value.as_object_mut() {
        map.insert("round".into(), pairing.round.into());
        map.insert("pair".into(), pairing.pair.into());
        map.insert("first_agent".into(), pairing.first.into());
        map.insert("second_agent".into(), pairing.second.into());
    }
    format!("{value}\n")
}

/// Creates the directory and its identity file, or checks the one there.
fn prepare_directory(
    tournament: &Tournament,
    out: &Path,
    resume: bool,
) -> Result<(), TournamentError> {
    let config_path = out.join(CONFIG_FILE);
    if config_path.exists() {
        if !resume {
            return Err(TournamentError::Config(format!(
                "{} already holds a tournament: add --resume to continue it, or choose another \
                 --out",
                out.display()
            )));
        }
        let saved = load_tournament(out)?;
        if &saved != tournament {
            return Err(TournamentError::Config(format!(
                "{} holds a different tournament ({}); resume it with the same game, agents \
                 and options",
                out.display(),
                serde_json::to_string(&saved).unwrap_or_default()
            )));
        }
        return Ok(());
    }
    if resume {
        return Err(TournamentError::Config(format!(
            "nothing to resume: {} has no {CONFIG_FILE}",
            out.display()
        )));
    }
    std::fs::create_dir_all(out).map_err(|e| io_error(out, e))?;
    let text = serde_json::to_string_pretty(tournament).expect("serialisable") + "\n";
    std::fs::write(&config_path, text).map_err(|e| io_error(&config_path, e))
}

/// The tournament saved in `out`, checked ([`Tournament::validate`]).
pub fn load_tournament(out: &Path) -> Result<Tournament, TournamentError> {
    let path = out.join(CONFIG_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
    let tournament: Tournament =
        serde_json::from_str(&text).map_err(|e| TournamentError::Records {
            path: path.clone(),
            line: e.line(),
            message: e.to_string(),
        })?;
    tournament
        .validate()
        .map_err(|m| TournamentError::Config(format!("{}: {m}", path.display())))?;
    Ok(tournament)
}

/// Reads the records, truncating a last line cut short; returns the standings and the
/// indices done.
pub fn load_records(
    tournament: &Tournament,
    path: &Path,
) -> Result<(Standings, HashSet<usize>), TournamentError> {
    let mut standings = Standings::new(&tournament.agents);
    let mut done = HashSet::new();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((standings, done)),
        Err(e) => return Err(io_error(path, e)),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    if complete < bytes.len() {
        let file = File::options()
            .write(true)
            .open(path)
            .map_err(|e| io_error(path, e))?;
        file.set_len(complete as u64)
            .map_err(|e| io_error(path, e))?;
    }
    let text = String::from_utf8_lossy(&bytes[..complete]);
    for (n, line) in text.lines().enumerate() {
        let bad = |message: String| TournamentError::Records {
            path: path.to_path_buf(),
            line: n + 1,
            message,
        };
        if line.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| bad(format!("not JSON: {e}")))?;
        let number = |key: &str| {
            value[key]
                .as_u64()
                .map(|v| v as usize)
                .ok_or_else(|| bad(format!("no '{key}'")))
        };
        let index = number("index")?;
        if index >= tournament.total_games() {
            return Err(bad(format!("game {index} is not in this tournament")));
        }
        let pairing = tournament.pairing(index);
        if number("first_agent")? != pairing.first || number("second_agent")? != pairing.second {
            return Err(bad(format!("game {index} was played by other agents")));
        }
        if !done.insert(index) {
            return Err(bad(format!("game {index} is recorded twice")));
        }
        let outcome = match value["result"].as_str() {
            Some("1-0") => Outcome::Win(poda_core::Player::First),
            Some("0-1") => Outcome::Win(poda_core::Player::Second),
            Some("1/2-1/2") => Outcome::Draw,
            other => return Err(bad(format!("bad result {other:?}"))),
        };
        standings.add(
            index,
            pairing.first,
            pairing.second,
            outcome,
            value["reason"].as_str(),
            value["adjudicated"].as_bool().unwrap_or(false),
        );
    }
    Ok((standings, done))
}
