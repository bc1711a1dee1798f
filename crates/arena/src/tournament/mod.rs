//! Round-robin tournaments: every pair of agents plays `games_per_pair` games, on parallel
//! threads, resumable, with ratings and reports.
//!
//! **Schedule.** Pairs are numbered `(0,1), (0,2), ..., (n-2,n-1)`. Games go in rounds: in
//! round `r` every pair plays opening `r` twice, the lower-numbered agent first in the first
//! game and second in the other. All pairs share round `r`'s opening (a seeded random line of
//! `opening_plies` plies that depends only on the seed and `r`, or, when the tournament has a
//! list of openings, opening `r mod n` of the list), so no agent gets easier openings than
//! another, and a tournament cut short is balanced. Game `index` is round
//! `index / (2P)`, pair `(index / 2) % P`, colour order `index % 2`.
//!
//! **Determinism.** A game's opening and its agents' seeds depend only on the tournament seed
//! and the game's index, and agents start each game afresh (`new_game`), so for agents not
//! limited by time a game's moves do not depend on the thread that played it, nor on whether
//! the run was interrupted and resumed.
//!
//! - [`run`]: playing the games, the record file, `--resume`.
//! - [`report`]: the cross-table, the rating table, Markdown and JSON reports.
//! - [`svg`]: the rating chart.

pub mod report;
pub mod run;
pub mod svg;

pub use run::{run_tournament, RunOptions, TournamentError};

use crate::openings::parse_openings;
use crate::stats::Tally;
use poda_core::{Game, Outcome};
use serde::{Deserialize, Serialize};

/// A tournament's identity: what is saved in `tournament.json` and must match on resume.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// The game's canonical spec.
    pub game: String,
    pub agents: Vec<String>,
    /// Games each pair plays (even: every opening is played with both colour orders).
    pub games_per_pair: usize,
    /// Plies of the random openings (0 when `openings` is given).
    pub opening_plies: usize,
    /// Openings played instead of random ones, each as its moves in the game's notation
    /// separated by spaces: round `r` plays `openings[r % n]`. Saved in `tournament.json`, so
    /// `--resume` needs no file; empty (and left out of the file): random openings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub openings: Vec<String>,
    pub seed: u64,
    /// Adjudicate an unfinished game as a draw after this many plies; `None`: the game's own
    /// cap ([`PlayerGame::default_max_plies`](crate::PlayerGame::default_max_plies)), if any.
    pub max_plies: Option<u32>,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub index: usize,
    pub round: usize,
    pub pair: usize,
    /// Agent indices of the first and second player.
    pub first: usize,
    pub second: usize,
}

/// The most games a tournament may schedule (a million: far beyond any run, and its schedule
/// and records still fit in memory). A `tournament.json` asking for 10^12 games made
/// `--resume` list them all (found by the fuzz target `tournament_resume`).
pub const MAX_GAMES: usize = 1_000_000;

impl Tournament {
    /// Checks the shape: at least two agents, an even positive number of games per pair, at
    /// most [`MAX_GAMES`] games in all.
    pub fn validate(&self) -> Result<(), String> {
        if self.agents.len() < 2 {
            return Err("a tournament needs at least two agents".into());
        }
        if self.games_per_pair == 0 || self.games_per_pair % 2 != 0 {
            return Err(format!(
                "games per pair must be even and positive (each opening is played with the \
                 colours swapped), not {}",
                self.games_per_pair
            ));
        }
        if self.total_games() > MAX_GAMES {
            return Err(format!(
                "{} agents playing {} games a pair make more than {MAX_GAMES} games",
                self.agents.len(),
                self.games_per_pair
            ));
        }
        Ok(())
    }

    /// Number of pairs of agents.
    pub fn pair_count(&self) -> usize {
        let n = self.agents.len();
        n.saturating_mul(n.saturating_sub(1)) / 2
    }

    /// The pairs of agent indices, in schedule order.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.agents.len();
        (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect()
    }

    /// The pair of agent indices numbered `pair` in schedule order (`pairs()[pair]`, without
    /// listing the pairs: records are checked one by one against the schedule).
    fn pair(&self, mut pair: usize) -> (usize, usize) {
        let n = self.agents.len();
        for a in 0..n {
            let after = n - a - 1;
            if pair < after {
                return (a, a + 1 + pair);
            }
            pair -= after;
        }
        panic!("pair number out of range")
    }

    /// Number of games in the whole tournament (saturating: [`validate`](Self::validate)
    /// refuses more than [`MAX_GAMES`]).
    pub fn total_games(&self) -> usize {
        self.pair_count().saturating_mul(self.games_per_pair)
    }

    /// The game of a given index.
    pub fn pairing(&self, index: usize) -> Pairing {
        let pairs = self.pair_count();
        let per_round = 2 * pairs;
        let pair = (index / 2) % pairs;
        let (a, b) = self.pair(pair);
        let (first, second) = if index % 2 == 0 { (a, b) } else { (b, a) };
        Pairing {
            index,
            round: index / per_round,
            pair,
            first,
            second,
        }
    }

    /// The openings as moves of `start`'s game (empty: random openings); an opening that is
    /// not legal is an error naming it.
    pub fn opening_moves<G: Game>(&self, start: &G) -> Result<Vec<Vec<G::Move>>, String> {
        if self.openings.is_empty() {
            return Ok(Vec::new());
        }
        parse_openings(
            start,
            &self.openings.join("\n"),
            "the tournament's openings",
        )
        .map_err(|e| e.to_string())
    }

    /// Seed of round `round`'s opening.
    pub fn opening_seed(&self, round: usize) -> u64 {
        let mut state = self.seed ^ (round as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        poda_core::splitmix64(&mut state)
    }

    /// Seed handed to the agents of game `index`.
    pub fn game_seed(&self, index: usize) -> u64 {
        let mut state = self.seed.wrapping_add(0xD1B5_4A32_D192_ED03) ^ index as u64;
        poda_core::splitmix64(&mut state)
    }
}

/// Results so far: each agent's tally against each other, and the forfeits.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standings {
    pub agents: Vec<String>,
    /// `tallies[i][j]`: i's wins, draws and losses against j.
    pub tallies: Vec<Vec<Tally>>,
    /// Games lost by an agent's failure: game index and reason.
    pub forfeits: Vec<(usize, String)>,
    /// Games adjudicated as draws by the ply cap.
    pub adjudicated: usize,
    pub games: usize,
}

impl Standings {
    pub fn new(agents: &[String]) -> Standings {
        let n = agents.len();
        Standings {
            agents: agents.to_vec(),
            tallies: vec![vec![Tally::default(); n]; n],
            ..Standings::default()
        }
    }

    /// Adds a finished game between `first` and `second` (agent indices).
    pub fn add(
        &mut self,
        index: usize,
        first: usize,
        second: usize,
        outcome: Outcome,
        reason: Option<&str>,
        adjudicated: bool,
    ) {
        let p = outcome.points_for(poda_core::Player::First);
        self.tallies[first][second].add(p);
        self.tallies[second][first].add(1.0 - p);
        self.games += 1;
        if adjudicated {
            self.adjudicated += 1;
        } else if let Some(r) = reason {
            self.forfeits.push((index, r.to_string()));
        }
    }

    /// All results of agent `i`.
    pub fn total(&self, i: usize) -> Tally {
        self.tallies[i]
            .iter()
            .fold(Tally::default(), |acc, t| acc.merged(t))
    }
}
