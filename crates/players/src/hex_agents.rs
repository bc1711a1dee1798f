//! Hex agents built on poda-search (they live here because the games crate cannot depend on
//! search):
//!
//! - `hexengine(...)`: the engine (ID, TT, ordering, PVS) searching only Hex's candidate
//!   moves ([`prune::candidate_moves`]: an immediate win, else the cells that stop the
//!   opponent's immediate win, else every cell that is not dead). It wraps the generic
//!   engine without changing it: the engine runs on [`PrunedHex`], a view of the position
//!   whose legal moves are the candidates.
//! - `hexmcts(...)`: MCTS (RAVE by default) with [`HexPolicy`]: the same candidates in the
//!   tree, and playouts that fill the empty cells in random order and look for the winner once
//!   (the first chain made survives the filling, so the winner is the one a stop-at-the-win
//!   playout would give, at a fraction of the cost).

use poda_core::notation::MoveParseError;
use poda_core::{
    Agent, AgentError, Choice, Evaluator, Game, Outcome, Player, Rng, Score, Spec, SpecError, Turn,
};
use poda_games::hex::{prune, Hex, HexMove};
use poda_search::agents::{engine_options, mcts_options, EngineAgent, MctsAgent};
use poda_search::mcts::MctsPolicy;
use poda_search::{Engine, Limits};
use std::sync::Arc;

/// Default exploration constant of `hexmcts` (RAVE carries most of the exploration).
pub const HEXMCTS_EXPLORATION: f64 = 0.2;

/// Hex's MCTS policy: candidate moves in the tree, random-fill playouts.
#[derive(Clone, Copy, Debug, Default)]
pub struct HexPolicy;

impl MctsPolicy<Hex> for HexPolicy {
    fn tree_moves(&self, state: &Hex, moves: &mut Vec<HexMove>) {
        prune::candidate_moves(state, moves);
    }

    fn playout(
        &self,
        state: &mut Hex,
        rng: &mut Rng,
        mut trace: Option<&mut Vec<(Player, HexMove)>>,
    ) -> Outcome {
        let mut empty: Vec<u16> = state.empty_cells().iter().map(|i| i as u16).collect();
        let mut black = *state.stones(Player::First);
        let mut colour = state.side_to_move();
        for k in 0..empty.len() {
            let j = k + rng.index(empty.len() - k);
            empty.swap(k, j);
            let cell = empty[k];
            if colour == Player::First {
                black.insert(cell as usize);
            }
            if let Some(t) = trace.as_deref_mut() {
                t.push((colour, HexMove::Cell(cell)));
            }
            colour = colour.opponent();
        }
        // A full board has exactly one winner.
        let geo = state.geometry();
        if geo
            .flood(&geo.top.and(&black), &black)
            .intersects(&geo.bottom)
        {
            Outcome::Win(Player::First)
        } else {
            Outcome::Win(Player::Second)
        }
    }
}

/// A Hex position whose legal moves are its candidate moves (see the module doc).
#[derive(Clone, Debug)]
pub struct PrunedHex(pub Hex);

impl Game for PrunedHex {
    type Move = HexMove;
    fn spec(&self) -> String {
        self.0.spec()
    }
    fn to_move(&self) -> Player {
        self.0.side_to_move()
    }
    fn outcome(&self) -> Outcome {
        self.0.result()
    }
    fn legal_moves(&self, moves: &mut Vec<HexMove>) {
        prune::candidate_moves(&self.0, moves);
    }
    fn play_unchecked(&mut self, mv: HexMove) {
        self.0.play_move(mv);
    }
    fn hash(&self) -> u64 {
        self.0.zobrist()
    }
    fn ply(&self) -> u32 {
        self.0.plies()
    }
    fn max_plies(&self) -> Option<u32> {
        self.0.max_plies()
    }
    fn parse_move(&self, text: &str) -> Result<HexMove, MoveParseError> {
        self.0.parse_move(text)
    }
    fn format_move(&self, mv: HexMove) -> String {
        self.0.format_move(mv)
    }
    fn board_string(&self) -> String {
        self.0.board_string()
    }
    fn render(&self) -> String {
        self.0.render()
    }
}

/// A Hex evaluator seen through [`PrunedHex`].
struct PrunedEval(Arc<dyn Evaluator<Hex>>);

impl Evaluator<PrunedHex> for PrunedEval {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn evaluate(&self, state: &PrunedHex, player: Player) -> i64 {
        self.0.evaluate(&state.0, player)
    }
    fn move_hint(&self, state: &PrunedHex, mv: HexMove) -> i32 {
        self.0.move_hint(&state.0, mv)
    }
}

/// The engine on Hex's candidate moves.
pub struct HexEngineAgent {
    inner: EngineAgent<PrunedHex>,
}

impl HexEngineAgent {
    /// Builds `hexengine(...)`: the options of `engine(...)`.
    pub fn from_spec(game: &Hex, spec: &Spec) -> Result<HexEngineAgent, SpecError> {
        let (config, limits) = engine_options(spec)?;
        let eval = poda_core::Catalog::evaluator(
            game,
            spec.get("eval")
                .unwrap_or(<Hex as poda_core::Catalog>::default_evaluator()),
        )?;
        let engine = Engine::new(Arc::new(PrunedEval(eval)), config);
        Ok(HexEngineAgent {
            inner: EngineAgent::new(spec.to_string(), engine, limits),
        })
    }
}

impl Agent<Hex> for HexEngineAgent {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn new_game(&mut self, seed: u64) {
        self.inner.new_game(seed);
    }
    fn choose(
        &mut self,
        game: &Hex,
        turn: &mut Turn<HexMove>,
    ) -> Result<Choice<HexMove>, AgentError> {
        self.inner.choose(&PrunedHex(game.clone()), turn)
    }
    fn analyze(&mut self, game: &Hex) -> Option<Vec<(HexMove, Score)>> {
        self.inner.analyze(&PrunedHex(game.clone()))
    }
}

/// Builds `hexmcts(...)`: the options of `mcts(...)`, RAVE on by default (`rave=false` for
/// plain UCT) and `c` defaulting to [`HEXMCTS_EXPLORATION`].
pub fn hexmcts(spec: &Spec) -> Result<MctsAgent<Hex>, SpecError> {
    let mut options = spec.clone();
    if options.get("rave").is_none() {
        options.args.push(poda_core::spec::SpecArg {
            key: Some("rave".into()),
            value: "true".into(),
        });
    }
    if options.get("c").is_none() {
        options.args.push(poda_core::spec::SpecArg {
            key: Some("c".into()),
            value: HEXMCTS_EXPLORATION.to_string(),
        });
    }
    let (config, limits): (_, Limits) = mcts_options(&options)?;
    Ok(MctsAgent::new(
        spec.to_string(),
        config,
        limits,
        Arc::new(HexPolicy),
    ))
}
