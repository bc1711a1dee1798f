//! poda-arena: where agents meet.
//!
//! - [`game`]: one game between two agents (openings, adjudication, forfeits, records).
//! - [`matches`]: matches of N games on parallel threads, with paired openings.
//! - [`openings`]: opening files (one opening a line) for matches and tournaments.
//! - [`stats`]: tallies and Elo differences with 95% intervals.
//! - [`ratings`]: maximum-likelihood (Bradley-Terry) ratings of many players.
//! - [`tournament`]: round robins with paired openings, resumable, with reports.
//! - [`bench`]: `poda bench`, the node-count signature.
//! - [`units`]: tournaments, book builds and solves split into units for a cluster.
//!
//! The agents come from poda-players ([`build_agent`](poda_players::build_agent)).
#![forbid(unsafe_code)]

pub mod bench;
pub mod game;
pub mod matches;
pub mod openings;
pub mod ratings;
pub mod stats;
pub mod tournament;
pub mod units;

pub use game::{play_game, random_opening, GameRecord, GameSetup};
pub use matches::{run_match, MatchConfig, MatchSummary};
pub use openings::{load_openings, parse_openings, OpeningsError};
