//! What a game offers the tools besides its rules: named evaluators and named agents.
//!
//! Each game implements [`Catalog`]. The agent factory (poda-arena) reads it to resolve
//! `eval=NAME` options and game-specific agent names (`ninja(level=2)`, `greedy-ugr`), so a
//! new game or heuristic never needs edits outside its own folder.

use crate::{Agent, Evaluator, Game, Spec, SpecError};
use std::sync::Arc;

/// A named evaluator of a game.
pub struct EvaluatorEntry<G: Game> {
    pub name: &'static str,
    pub help: &'static str,
    pub build: fn(&G) -> Arc<dyn Evaluator<G>>,
}

/// How a game-specific agent is made.
pub enum AgentRecipe<G: Game> {
    /// A ready agent.
    Agent(Box<dyn Agent<G>>),
    /// Another spec to build instead (a named configuration of a generic agent, such as a
    /// ninja being an alpha-beta of a given depth with a given evaluator).
    Alias(Spec),
}

/// A named agent that belongs to one game.
pub struct AgentEntry<G: Game> {
    pub name: &'static str,
    pub help: &'static str,
    pub build: fn(&G, &Spec) -> Result<AgentRecipe<G>, SpecError>,
}

/// The named evaluators and agents of a game.
pub trait Catalog: Game {
    /// Every evaluator, the default (strongest) first.
    fn evaluators() -> Vec<EvaluatorEntry<Self>>;

    /// Game-specific agents (empty by default).
    fn agents() -> Vec<AgentEntry<Self>> {
        Vec::new()
    }

    /// The ply cap that match play applies when none is given: `None` for games whose rules
    /// bound their length ([`max_plies`](crate::Game::max_plies)); games that can cycle
    /// name the documented cap after which an unfinished game is adjudicated a draw.
    fn default_max_plies(&self) -> Option<u32> {
        None
    }

    /// The name of the default evaluator (the first one listed).
    fn default_evaluator() -> &'static str {
        Self::evaluators().first().map_or("", |e| e.name)
    }

    /// The evaluator called `name`, or an error listing the valid names.
    fn evaluator(&self, name: &str) -> Result<Arc<dyn Evaluator<Self>>, SpecError> {
        let all = Self::evaluators();
        match all.iter().find(|e| e.name == name) {
            Some(e) => Ok((e.build)(self)),
            None => Err(SpecError::UnknownName {
                kind: "evaluator".into(),
                name: name.to_string(),
                valid: all.iter().map(|e| e.name.to_string()).collect(),
            }),
        }
    }
}
