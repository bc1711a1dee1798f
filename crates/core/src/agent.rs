//! Players that choose moves: the [`Agent`] trait and what an agent reports.
//!
//! An agent may be a search (in poda-search), a rule-based bot (in a game's folder), a solver
//! or an external program. Agents never print; progress goes through [`Turn::progress`].

use crate::{Game, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use thiserror::Error;

/// What a search reports after a finished iteration and with its final answer.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo<M> {
    /// Depth of the finished iteration (plies), or simulations for MCTS-like agents.
    pub depth: u32,
    /// Score from the view of the side to move at the root.
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    /// Principal variation, starting with the chosen move.
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// Nodes per second, 0 when no time was measured.
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.time.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// A chosen move and, for searching agents, how it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<M> {
    pub mv: M,
    pub info: Option<SearchInfo<M>>,
}

impl<M> Choice<M> {
    pub fn plain(mv: M) -> Self {
        Choice { mv, info: None }
    }
}

/// Why an agent failed to produce a move. In a match, this loses the game for that agent,
/// with the reason recorded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AgentError {
    #[error("no legal move (the game is over)")]
    NoMove,
    #[error("timed out after {0:?}")]
    Timeout(Duration),
    #[error("crashed: {0}")]
    Crashed(String),
    #[error("illegal move '{0}'")]
    Illegal(String),
    #[error("{0}")]
    Other(String),
}

/// A progress callback: called with each finished iteration's report.
pub type Progress<'a, M> = &'a mut dyn FnMut(&SearchInfo<M>);

/// The context of one decision: an optional stop flag, a progress callback and the time the
/// agent has left on its clock.
#[derive(Default)]
pub struct Turn<'a, M> {
    /// Set from another thread to make the agent answer as soon as it can.
    pub stop: Option<&'a AtomicBool>,
    /// Called after each finished iteration of a search.
    pub progress: Option<Progress<'a, M>>,
    /// Time left on the agent's clock for the rest of the game, if there is a clock.
    pub time_left: Option<Duration>,
}

impl<M> std::fmt::Debug for Turn<'_, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Turn")
            .field("stop", &self.stop.map(|s| s.load(Ordering::Relaxed)))
            .field("progress", &self.progress.is_some())
            .field("time_left", &self.time_left)
            .finish()
    }
}

impl<'a, M> Turn<'a, M> {
    /// A turn with no stop flag, no callback and no clock.
    pub fn new() -> Self {
        Turn {
            stop: None,
            progress: None,
            time_left: None,
        }
    }

    /// True once the stop flag is set.
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Reports progress to the callback, if any.
    pub fn report(&mut self, info: &SearchInfo<M>) {
        if let Some(cb) = self.progress.as_mut() {
            cb(info);
        }
    }
}

/// A player. Agents are created from spec strings (`random`, `engine(movetime=200ms)`) by the
/// agent factory and keep state between moves of one game (a transposition table, a child
/// process).
pub trait Agent<G: Game>: Send {
    /// The spec string that built this agent (for reports).
    fn name(&self) -> String;

    /// Called before each game; `seed` drives any random choice of the agent in that game.
    fn new_game(&mut self, _seed: u64) {}

    /// Told every move of the current game, by either player (its own included) or by a
    /// random opening, with the position before it; called after [`new_game`](Agent::new_game)
    /// and in playing order. Agents that keep their own copy of the game (an external program
    /// that must hear the opponent's moves) follow it; the default ignores it.
    fn observe(&mut self, _before: &G, _mv: G::Move) {}

    /// Chooses a move in a position that is not over.
    fn choose(&mut self, game: &G, turn: &mut Turn<G::Move>)
        -> Result<Choice<G::Move>, AgentError>;

    /// Scores every legal move (side to move's view), if the agent can; `None` otherwise.
    fn analyze(&mut self, _game: &G) -> Option<Vec<(G::Move, Score)>> {
        None
    }
}

impl<G: Game> std::fmt::Debug for dyn Agent<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Agent({})", self.name())
    }
}
