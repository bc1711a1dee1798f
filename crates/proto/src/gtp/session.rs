//! One game in the protocol: the position, its history, the agent that answers `genmove`,
//! and the game's protocol hooks. Generic over the game; the server holds it as a
//! `Box<dyn Session>` so that `game SPEC` can switch to a game of another type.
//!
//! This crate knows no agent factory: a session is given the function that builds an agent
//! from its spec ([`BuildAgent`]), and the server a [`SessionFactory`] that opens a session
//! for any game; the front end (crate poda-players) wires its factory in.

use super::hooks::{Dialect, ProtocolGame, ProtocolHooks};
use poda_core::{Agent, Player, Spec, Turn};
use poda_games::AnyGame;
use std::time::Duration;

/// Builds the agent a spec names for a game (the front end's factory), or says why not.
pub type BuildAgent<G> = fn(&G, &str) -> Result<Box<dyn Agent<G>>, String>;

/// Opens a session for any game: the front end's agent factory, seen from the protocol.
pub trait SessionFactory: Send + Sync {
    /// A session of `game` in `dialect` whose `genmove` is answered by the agent `agent`.
    fn open(
        &self,
        game: AnyGame,
        dialect: Dialect,
        agent: &str,
        seed: u64,
    ) -> Result<Box<dyn Session>, String>;
}

/// The commands whose meaning depends on the game.
pub trait Session: Send {
    /// The canonical poda spec of the game (for `game` without arguments).
    fn spec(&self) -> String;
    fn dialect(&self) -> Dialect;
    /// The agent's spec.
    fn agent(&self) -> String;
    /// Replaces the agent (checked by building it for this game).
    fn set_agent(&mut self, spec: &str) -> Result<(), String>;
    /// A new session for `boardsize`, with the same agent and dialect.
    fn resized(&self, dims: &[u32]) -> Result<Box<dyn Session>, String>;
    fn clear_board(&mut self);
    fn play(&mut self, colour: &str, mv: &str) -> Result<(), String>;
    fn genmove(&mut self, colour: &str) -> Result<String, String>;
    fn undo(&mut self) -> Result<(), String>;
    fn showboard(&self) -> String;
    fn final_score(&self) -> Result<String, String>;
    fn legal_moves(&self) -> String;
    fn time_left(&mut self, colour: &str, left: Duration) -> Result<(), String>;
}

/// A session of the game `G`.
pub struct GameSession<G: ProtocolGame> {
    start: G,
    build: BuildAgent<G>,
    /// Positions from the start; the last is the current one.
    positions: Vec<G>,
    /// The move that led to each position after the first, by whom; `None` for a stone
    /// placed out of turn (which agents are not told about).
    moves: Vec<Option<G::Move>>,
    dialect: Dialect,
    hooks: &'static dyn ProtocolHooks<G>,
    agent_spec: String,
    agent: Box<dyn Agent<G>>,
    seed: u64,
    games_started: u64,
    time_left: [Option<Duration>; 2],
}

impl<G: ProtocolGame> GameSession<G> {
    /// A session at `start` answering with the agent `agent_spec`, built by `build`.
    pub fn new(
        start: G,
        dialect: Dialect,
        agent_spec: &str,
        seed: u64,
        build: BuildAgent<G>,
    ) -> Result<GameSession<G>, String> {
        if dialect == Dialect::OpenSpiel && G::protocol().openspiel_game(&start).is_none() {
            return Err(format!(
                "{} has no OpenSpiel counterpart (use poda's notation)",
                start.spec()
            ));
        }
        let agent = build(&start, agent_spec).map_err(|e| format!("agent: {e}"))?;
        let mut session = GameSession {
            positions: vec![start.clone()],
            start,
            build,
            moves: Vec::new(),
            dialect,
            hooks: G::protocol(),
            agent_spec: agent_spec.to_string(),
            agent,
            seed,
            games_started: 0,
            time_left: [None; 2],
        };
        session.restart_agent();
        Ok(session)
    }

    fn current(&self) -> &G {
        self.positions.last().expect("the start is always there")
    }

    fn colour(&self, text: &str) -> Result<Player, String> {
        self.hooks
            .parse_colour(self.current(), self.dialect, text)
            .ok_or_else(|| format!("'{text}' is not a colour (try b or w)"))
    }

    /// A fresh game for the agent, told every move of the current line.
    fn restart_agent(&mut self) {
        self.games_started += 1;
        self.agent
            .new_game(self.seed.wrapping_add(self.games_started));
        for (i, mv) in self.moves.iter().enumerate() {
            if let Some(mv) = *mv {
                self.agent.observe(&self.positions[i], mv);
            }
        }
    }

    fn push(&mut self, next: G, mv: Option<G::Move>) {
        if let Some(mv) = mv {
            let before = self.current().clone();
            self.agent.observe(&before, mv);
        }
        self.positions.push(next);
        self.moves.push(mv);
    }
}

impl<G: ProtocolGame> Session for GameSession<G> {
    fn spec(&self) -> String {
        self.start.spec()
    }

    fn dialect(&self) -> Dialect {
        self.dialect
    }

    fn agent(&self) -> String {
        self.agent_spec.clone()
    }

    fn set_agent(&mut self, spec: &str) -> Result<(), String> {
        self.agent = (self.build)(&self.start, spec).map_err(|e| format!("agent: {e}"))?;
        self.agent_spec = spec.to_string();
        self.restart_agent();
        Ok(())
    }

    fn resized(&self, dims: &[u32]) -> Result<Box<dyn Session>, String> {
        let start = self.hooks.boardsize(self.current(), dims)?;
        let session =
            GameSession::new(start, self.dialect, &self.agent_spec, self.seed, self.build)?;
        Ok(Box::new(session))
    }

    fn clear_board(&mut self) {
        self.positions.truncate(1);
        self.moves.clear();
        self.time_left = [None; 2];
        self.restart_agent();
    }

    fn play(&mut self, colour: &str, text: &str) -> Result<(), String> {
        let player = self.colour(colour)?;
        let game = self.current().clone();
        let mv = self
            .hooks
            .read_move(&game, self.dialect, player, text)
            .map_err(|e| format!("illegal move: {e}"))?;
        if game.outcome().is_over() {
            return Err("illegal move: the game is over".into());
        }
        if player == game.to_move() {
            let mut next = game.clone();
            next.play(mv).map_err(|e| format!("illegal move: {e}"))?;
            self.push(next, Some(mv));
        } else {
            let mut next = game.clone();
            self.hooks
                .place_out_of_turn(&mut next, player, mv)
                .map_err(|e| format!("illegal move: {e}"))?;
            self.push(next, None);
            // The agent cannot be told a move out of turn: it starts afresh from here on.
            self.agent.new_game(self.seed);
        }
        Ok(())
    }

    fn genmove(&mut self, colour: &str) -> Result<String, String> {
        let player = self.colour(colour)?;
        let game = self.current().clone();
        if game.outcome().is_over() {
            return Err("the game is over".into());
        }
        if player != game.to_move() {
            return Err(format!(
                "it is {}'s turn, not {colour}'s",
                self.hooks.colour_name(&game, self.dialect, game.to_move())
            ));
        }
        let mut turn = Turn::new();
        turn.time_left = self.time_left[player.index()];
        let choice = match self.agent.choose(&game, &mut turn) {
            Ok(c) if game.is_legal(c.mv) => c,
            // An agent that cannot move gives up, in GTP's words.
            _ => return Ok("resign".into()),
        };
        let text = self
            .hooks
            .write_move(&game, self.dialect, player, choice.mv);
        self.push(game.after(choice.mv), Some(choice.mv));
        Ok(text)
    }

    fn undo(&mut self) -> Result<(), String> {
        if self.positions.len() < 2 {
            return Err("cannot undo: no move to take back".into());
        }
        self.positions.pop();
        self.moves.pop();
        self.restart_agent();
        Ok(())
    }

    fn showboard(&self) -> String {
        // An empty line would end the answer: drop blank lines of the drawing.
        let rendered = self.current().render();
        let drawing: Vec<&str> = rendered.lines().filter(|l| !l.trim().is_empty()).collect();
        format!("\n{}", drawing.join("\n"))
    }

    fn final_score(&self) -> Result<String, String> {
        self.hooks
            .final_score(self.current(), self.dialect)
            .ok_or_else(|| "cannot score: the game is not over".to_string())
    }

    fn legal_moves(&self) -> String {
        let game = self.current();
        let player = game.to_move();
        game.legal_move_list()
            .into_iter()
            .map(|m| self.hooks.write_move(game, self.dialect, player, m))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn time_left(&mut self, colour: &str, left: Duration) -> Result<(), String> {
        let player = self.colour(colour)?;
        self.time_left[player.index()] = Some(left);
        Ok(())
    }
}

/// The agent spec with its move time set to `movetime`, for agents that have one (`engine`,
/// `mcts`, `best`, `external`, or any spec with a `movetime` or `time` option); others are
/// returned unchanged.
pub fn with_movetime(spec: &str, movetime: Duration) -> String {
    let Ok(mut parsed) = Spec::parse(spec) else {
        return spec.to_string();
    };
    let timed = ["engine", "mcts", "best", "external"].contains(&parsed.name.as_str())
        || parsed.get("movetime").is_some()
        || parsed.get("time").is_some();
    if !timed {
        return spec.to_string();
    }
    parsed
        .args
        .retain(|a| !matches!(a.key.as_deref(), Some("movetime") | Some("time")));
    parsed.args.push(poda_core::spec::SpecArg {
        key: Some("movetime".into()),
        value: format!("{}ms", movetime.as_millis().max(1)),
    });
    parsed.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_is_set_only_where_it_means_something() {
        let t = Duration::from_millis(250);
        assert_eq!(
            with_movetime("engine(movetime=1s,eval=lines)", t),
            "engine(eval=lines,movetime=250ms)"
        );
        assert_eq!(with_movetime("best", t), "best(movetime=250ms)");
        assert_eq!(with_movetime("mcts(time=2s)", t), "mcts(movetime=250ms)");
        assert_eq!(with_movetime("alphabeta(depth=4)", t), "alphabeta(depth=4)");
        assert_eq!(with_movetime("random", t), "random");
    }
}
