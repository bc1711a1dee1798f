//! Matches: N games between two agents, colours alternating, on parallel threads.
//!
//! Games come in pairs that share an opening, A playing first in the even game and second in
//! the odd one, so deterministic agents do not replay one game and neither colour is favoured.
//! The opening is a seeded random line of K plies, or, given a list of openings (an opening
//! file, see [`crate::openings`]), pair `k` plays opening `k mod n`. Each worker thread builds
//! its own copy of both agents from their spec strings (agents are stateful and not shared).
//! Results reach the caller game by game, on the calling thread, as soon as each finishes, so a
//! record file loses nothing if the run is interrupted. The outcome of every game depends only
//! on the match seed and the game's index (for agents that are not limited by time).

use crate::game::{play_game, random_opening, GameRecord, GameSetup};
use crate::stats::{EloEstimate, Tally};
use poda_core::{Player, SpecError};
use poda_players::{build_agent, PlayerGame};
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// A match to play.
#[derive(Clone, Debug)]
pub struct MatchConfig<G: poda_core::Game> {
    pub start: G,
    pub agent_a: String,
    pub agent_b: String,
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    /// Plies of the random openings (not used when `openings` is not empty).
    pub opening_plies: usize,
    /// Openings to play instead of random ones: pair `k` (games `2k`, `2k+1`) plays
    /// `openings[k % openings.len()]`. Each must be legal from `start` and leave the game open.
    pub openings: Vec<Vec<G::Move>>,
    /// Adjudicate an unfinished game as a draw after this many plies; `None`: the game's own
    /// cap ([`PlayerGame::default_max_plies`]), if any.
    pub max_plies: Option<u32>,
}

/// The summary of a match from A's point of view.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MatchSummary {
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
    /// Games adjudicated (drawn by the ply cap) — included in `draws`.
    pub adjudicated: u32,
    /// Games lost by an agent's failure (crash, timeout, illegal move).
    pub forfeits: u32,
    pub a_first: Tally,
    pub a_second: Tally,
    pub elo: Option<f64>,
    pub elo_ci95: [Option<f64>; 2],
}

impl MatchSummary {
    /// Adds a finished game (A played first in it if `a_first`).
    pub fn add(&mut self, record: &GameRecord, a_first: bool) {
        let a = if a_first {
            Player::First
        } else {
            Player::Second
        };
        let points = record.outcome.points_for(a);
        self.games += 1;
        match points {
            p if p > 0.75 => self.a_wins += 1,
            p if p > 0.25 => self.draws += 1,
            _ => self.b_wins += 1,
        }
        if record.adjudicated {
            self.adjudicated += 1;
        } else if record.reason.is_some() {
            self.forfeits += 1;
        }
        if a_first {
            self.a_first.add(points);
        } else {
            self.a_second.add(points);
        }
        let EloEstimate { elo, low, high } = self.total().elo();
        self.elo = elo;
        self.elo_ci95 = [low, high];
    }

    /// A's results as either colour.
    pub fn total(&self) -> Tally {
        self.a_first.merged(&self.a_second)
    }
}

/// Does A play first in game `index`?
pub fn a_plays_first(index: usize) -> bool {
    index % 2 == 0
}

/// The seed of game `index`'s opening: shared by the two games of a pair.
pub fn opening_seed(match_seed: u64, index: usize) -> u64 {
    let mut state = match_seed ^ ((index / 2) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    poda_core::splitmix64(&mut state)
}

/// Checks that both agents can be built (so a bad spec fails before any game starts).
pub fn check_agents<G: PlayerGame>(config: &MatchConfig<G>) -> Result<(), SpecError> {
    build_agent(&config.start, &config.agent_a)?;
    build_agent(&config.start, &config.agent_b)?;
    Ok(())
}

/// Plays the match; `on_game` is called on this thread for each finished game (in the order
/// they finish) with the summary so far.
pub fn run_match<G: PlayerGame>(
    config: &MatchConfig<G>,
    on_game: &mut dyn FnMut(&GameRecord, &MatchSummary),
) -> Result<MatchSummary, SpecError> {
    check_agents(config)?;
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(GameRecord, bool)>();
    let threads = config.threads.clamp(1, config.games.max(1));
    let mut summary = MatchSummary::default();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || worker(config, next, sender));
        }
        drop(sender);
        for (record, a_first) in receiver {
            summary.add(&record, a_first);
            on_game(&record, &summary);
        }
    });
    Ok(summary)
}

fn worker<G: PlayerGame>(
    config: &MatchConfig<G>,
    next: &AtomicUsize,
    sender: mpsc::Sender<(GameRecord, bool)>,
) {
    // Specs were checked before the threads started.
    let (Ok(mut a), Ok(mut b)) = (
        build_agent(&config.start, &config.agent_a),
        build_agent(&config.start, &config.agent_b),
    ) else {
        return;
    };
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            return;
        }
        let opening = match config.openings.len() {
            0 => random_opening(
                &config.start,
                config.opening_plies,
                opening_seed(config.seed, index),
            ),
            n => config.openings[(index / 2) % n].clone(),
        };
        let setup = GameSetup {
            index,
            opening,
            // Games that can cycle get their documented cap unless the match names one.
            max_plies: config
                .max_plies
                .or_else(|| config.start.default_max_plies()),
            seed: config
                .seed
                .wrapping_add(index as u64)
                .wrapping_mul(0x2545_F491_4F6C_DD1D),
        };
        let a_first = a_plays_first(index);
        let record = if a_first {
            play_game(
                &config.start,
                [a.as_mut(), b.as_mut()],
                &setup,
                &mut |_, _, _| {},
            )
        } else {
            play_game(
                &config.start,
                [b.as_mut(), a.as_mut()],
                &setup,
                &mut |_, _, _| {},
            )
        };
        if sender.send((record, a_first)).is_err() {
            return;
        }
    }
}
