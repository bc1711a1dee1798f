//! `greedy-ugr`: the GreedyBot of the Universidad de Granada course (Práctica 3, 2017-18),
//! as the rules file describes it.
//!
//! It looks one move ahead: it tries P1..Pm in order and keeps the first move after which its
//! own store is strictly the largest; a later move with an equal store replaces it only if that
//! move gives an extra turn. The store counted is the one after the whole move, the
//! end-of-game sweep included (the course's `simulateMove` then `getScore`). It never looks at
//! the opponent's store and has no randomness.

use super::position::Kalah;
use poda_core::{Agent, AgentError, Choice, Game, Turn};

/// The course's GreedyBot.
#[derive(Clone, Debug)]
pub struct GreedyUgr {
    name: String,
}

impl GreedyUgr {
    pub fn new(name: String) -> Self {
        GreedyUgr { name }
    }

    /// The GreedyBot's move in `game` (not over).
    pub fn pick(game: &Kalah) -> Option<u8> {
        let me = game.mover();
        let mut best: Option<(u8, u16)> = None;
        for k in 1..=game.pits() as u8 {
            if !game.is_legal(k) {
                continue;
            }
            let child = game.after(k);
            let store = child.store(me);
            best = match best {
                None => Some((k, store)),
                Some((_, s)) if store > s => Some((k, store)),
                Some((_, s)) if store == s && child.last_was_extra_turn() => Some((k, store)),
                keep => keep,
            };
        }
        best.map(|(k, _)| k)
    }
}

impl Agent<Kalah> for GreedyUgr {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Kalah, _turn: &mut Turn<u8>) -> Result<Choice<u8>, AgentError> {
        GreedyUgr::pick(game)
            .map(Choice::plain)
            .ok_or(AgentError::NoMove)
    }
}
