//! The generic agents, and building them from spec strings.
//!
//! | spec | agent |
//! |---|---|
//! | `random` | a uniformly random legal move (seeded per game) |
//! | `greedy(eval=NAME)` | the best move after one ply (a win first) |
//! | `minimax(depth=4,eval=NAME)` | plain minimax to a fixed depth |
//! | `alphabeta(depth=8,eval=NAME,variant=soft\|hard)` | alpha-beta to a fixed depth, no ordering |
//! | `engine(movetime=1s\|depth=N\|nodes=N,eval=NAME,tt=64,random=false,contempt=0,extend=false)` | the full engine (`extend`: extra turns cost no depth) |
//! | `mcts(sims=N\|movetime=1s,c=1.41,rave=false,k=1000)` | UCT (or RAVE) with random playouts |
//!
//! Evaluators are looked up by name through the caller (each game has its own catalog).

use crate::alphabeta::{alphabeta_until, Variant};
use crate::engine::{Engine, EngineConfig};
use crate::leaf::{leaf_value, terminal_score};
use crate::mcts::{mcts_with, MctsConfig, MctsPolicy, RandomPlayout};
use crate::minimax::minimax_until;
use crate::{Limits, SearchResult};
use poda_core::{Agent, AgentError, Choice, Evaluator, Game, Rng, Score, Spec, SpecError, Turn};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Looks an evaluator up by name for the game being played.
pub type EvalLookup<'a, G> = &'a dyn Fn(&str) -> Result<Arc<dyn Evaluator<G>>, SpecError>;

/// The generic agents' names and a line of help each.
pub const GENERIC_AGENTS: &[(&str, &str)] = &[
    ("random", "random: a uniformly random legal move"),
    ("greedy", "greedy(eval=NAME): the best move after one ply"),
    ("minimax", "minimax(depth=4,eval=NAME): plain minimax, fixed depth"),
    ("alphabeta", "alphabeta(depth=8,eval=NAME,variant=soft|hard): alpha-beta, fixed depth, no ordering"),
    ("engine", "engine(movetime=1s|depth=N|nodes=N,eval=NAME,tt=64,random=false,contempt=0,extend=false): ID + TT + ordering + PVS; extend: extra turns cost no depth"),
    ("mcts", "mcts(sims=N|movetime=1s,c=1.41,rave=false,k=1000): Monte Carlo tree search (UCT; RAVE with rave=true)"),
];

/// Default move time of `engine` and `mcts` when no limit is given.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);
/// Default depths of the fixed-depth agents (the course's limits).
pub const DEFAULT_MINIMAX_DEPTH: u64 = 4;
pub const DEFAULT_ALPHABETA_DEPTH: u64 = 8;
/// Largest contempt accepted in a spec (well inside the heuristic range).
const MAX_CONTEMPT: u64 = 1_000_000;
/// Deepest fixed depth accepted in a spec.
const MAX_SPEC_DEPTH: u64 = 64;

/// Builds a generic agent; `None` if `spec.name` is not a generic agent.
pub fn build_generic<G: Game>(
    spec: &Spec,
    lookup: EvalLookup<G>,
    default_eval: &str,
) -> Option<Result<Box<dyn Agent<G>>, SpecError>> {
    let eval = |spec: &Spec| lookup(spec.get("eval").unwrap_or(default_eval));
    let name = spec.to_string();
    let built: Result<Box<dyn Agent<G>>, SpecError> = match spec.name.as_str() {
        "random" => spec
            .expect_keys(&[])
            .map(|_| Box::new(RandomAgent::new(name)) as Box<dyn Agent<G>>),
        "greedy" => spec
            .expect_keys(&["eval"])
            .and_then(|_| eval(spec))
            .map(|e| Box::new(GreedyAgent { name, eval: e }) as Box<dyn Agent<G>>),
        "minimax" | "alphabeta" => fixed_depth(spec, name, eval),
        "engine" => engine_agent(spec, name, eval),
        "mcts" => mcts_options(spec).map(|(config, limits)| {
            Box::new(MctsAgent::new(
                name,
                config,
                limits,
                Arc::new(RandomPlayout),
            )) as Box<dyn Agent<G>>
        }),
        _ => return None,
    };
    Some(built)
}

fn fixed_depth<G: Game>(
    spec: &Spec,
    name: String,
    eval: impl Fn(&Spec) -> Result<Arc<dyn Evaluator<G>>, SpecError>,
) -> Result<Box<dyn Agent<G>>, SpecError> {
    let is_minimax = spec.name == "minimax";
    if is_minimax {
        spec.expect_keys(&["depth", "eval"])?;
    } else {
        spec.expect_keys(&["depth", "eval", "variant"])?;
    }
    let default = if is_minimax {
        DEFAULT_MINIMAX_DEPTH
    } else {
        DEFAULT_ALPHABETA_DEPTH
    };
    let depth = spec.int_in("depth", default, 1, MAX_SPEC_DEPTH)? as u32;
    let algorithm = if is_minimax {
        FixedAlgorithm::Minimax
    } else {
        match spec.get("variant").unwrap_or("soft") {
            "soft" => FixedAlgorithm::AlphaBeta(Variant::FailSoft),
            "hard" => FixedAlgorithm::AlphaBeta(Variant::FailHard),
            v => return Err(spec.bad_value("variant", v, "expected soft or hard")),
        }
    };
    Ok(Box::new(FixedDepthAgent {
        name,
        eval: eval(spec)?,
        depth,
        algorithm,
    }))
}

fn engine_agent<G: Game>(
    spec: &Spec,
    name: String,
    eval: impl Fn(&Spec) -> Result<Arc<dyn Evaluator<G>>, SpecError>,
) -> Result<Box<dyn Agent<G>>, SpecError> {
    let (config, limits) = engine_options(spec)?;
    Ok(Box::new(EngineAgent {
        name,
        engine: Engine::new(eval(spec)?, config),
        limits,
    }))
}

/// Reads the options of an `engine(...)` spec (`movetime` or `time`, `depth`, `nodes`, `tt`,
/// `random`; `eval` is the caller's to look up). Games with an engine of their own (Hex's
/// pruned engine) build it from the same options.
pub fn engine_options(spec: &Spec) -> Result<(EngineConfig, Limits), SpecError> {
    spec.expect_keys(&[
        "movetime", "time", "depth", "nodes", "eval", "tt", "random", "contempt", "extend",
    ])?;
    let mut limits = Limits {
        depth: spec.parse_opt::<u32>("depth")?,
        nodes: spec.parse_opt::<u64>("nodes")?,
        movetime: spec.movetime_opt()?,
    };
    if limits.depth == Some(0) {
        return Err(spec.bad_value("depth", "0", "must be at least 1"));
    }
    if limits == Limits::default() {
        limits.movetime = Some(DEFAULT_MOVETIME);
    }
    let config = EngineConfig {
        tt_mib: spec.int_in("tt", 64, 0, 1 << 16)? as usize,
        random_ties: spec.bool_or("random", false)?.then_some(0),
        contempt: spec.int_in("contempt", 0, 0, MAX_CONTEMPT)? as i32,
        extend_extra_turns: spec.bool_or("extend", false)?,
        ..EngineConfig::default()
    };
    Ok((config, limits))
}

/// The exploration constant `c` of an MCTS spec (default sqrt 2), a number >= 0.
pub fn exploration(spec: &Spec) -> Result<f64, SpecError> {
    let c: f64 = spec.parse_or("c", crate::mcts::DEFAULT_EXPLORATION)?;
    if !(c.is_finite() && c >= 0.0) {
        return Err(spec.bad_value("c", &c.to_string(), "must be a number >= 0"));
    }
    Ok(c)
}

/// Reads the options of an `mcts(...)` spec: `sims`, `movetime` (or `time`), `c`, `rave`
/// and `k` (RAVE's equivalence parameter). Games with their own MCTS policy (Hex) build
/// their agents from the same options.
pub fn mcts_options(spec: &Spec) -> Result<(MctsConfig, Limits), SpecError> {
    spec.expect_keys(&["sims", "movetime", "time", "c", "rave", "k"])?;
    let simulations = spec.parse_opt::<u64>("sims")?;
    let mut movetime = spec.movetime_opt()?;
    if simulations.is_none() && movetime.is_none() {
        movetime = Some(DEFAULT_MOVETIME);
    }
    let exploration = exploration(spec)?;
    let k: f64 = spec.parse_or("k", crate::mcts::DEFAULT_RAVE_EQUIVALENCE)?;
    if !(k.is_finite() && k > 0.0) {
        return Err(spec.bad_value("k", &k.to_string(), "must be a number > 0"));
    }
    let rave = spec.bool_or("rave", false)?.then_some(k);
    if rave.is_none() && spec.get("k").is_some() {
        return Err(spec.bad_value("k", &k.to_string(), "k is RAVE's parameter: add rave=true"));
    }
    Ok((
        MctsConfig {
            simulations,
            exploration,
            rave,
        },
        Limits {
            movetime,
            ..Limits::default()
        },
    ))
}

fn choice_from<M: Copy>(result: SearchResult<M>) -> Result<Choice<M>, AgentError> {
    let mv = result.best.ok_or(AgentError::NoMove)?;
    Ok(Choice {
        mv,
        info: Some(result.info()),
    })
}

/// A uniformly random legal move.
pub struct RandomAgent {
    name: String,
    rng: Rng,
}

impl RandomAgent {
    pub fn new(name: String) -> Self {
        RandomAgent {
            name,
            rng: Rng::new(0),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
    fn choose(
        &mut self,
        game: &G,
        _turn: &mut Turn<G::Move>,
    ) -> Result<Choice<G::Move>, AgentError> {
        let moves = game.legal_move_list();
        self.rng
            .choose(&moves)
            .map(|&m| Choice::plain(m))
            .ok_or(AgentError::NoMove)
    }
}

/// The best move after one ply: a winning move first, then the best evaluation.
pub struct GreedyAgent<G: Game> {
    name: String,
    eval: Arc<dyn Evaluator<G>>,
}

impl<G: Game> Agent<G> for GreedyAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(
        &mut self,
        game: &G,
        _turn: &mut Turn<G::Move>,
    ) -> Result<Choice<G::Move>, AgentError> {
        let me = game.to_move();
        let mut best: Option<(G::Move, Score)> = None;
        for mv in game.legal_move_list() {
            let child = game.after(mv);
            let outcome = child.outcome();
            let value = if outcome.is_over() {
                terminal_score(outcome, me, 1)
            } else {
                leaf_value(&*self.eval, &child, me, me)
            };
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
            }
        }
        best.map(|(mv, _)| Choice::plain(mv))
            .ok_or(AgentError::NoMove)
    }
    fn analyze(&mut self, game: &G) -> Option<Vec<(G::Move, Score)>> {
        let me = game.to_move();
        let mut out: Vec<_> = game
            .legal_move_list()
            .into_iter()
            .map(|mv| {
                let child = game.after(mv);
                let o = child.outcome();
                let v = if o.is_over() {
                    terminal_score(o, me, 1)
                } else {
                    leaf_value(&*self.eval, &child, me, me)
                };
                (mv, v)
            })
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.1));
        Some(out)
    }
}

#[derive(Clone, Copy, Debug)]
enum FixedAlgorithm {
    Minimax,
    AlphaBeta(Variant),
}

/// Plain minimax or alpha-beta to a fixed depth (the seed reports' players).
pub struct FixedDepthAgent<G: Game> {
    name: String,
    eval: Arc<dyn Evaluator<G>>,
    depth: u32,
    algorithm: FixedAlgorithm,
}

impl<G: Game> FixedDepthAgent<G> {
    fn run(&self, game: &G, depth: u32, stop: Option<&AtomicBool>) -> SearchResult<G::Move> {
        match self.algorithm {
            FixedAlgorithm::Minimax => minimax_until(game, depth, &*self.eval, stop),
            FixedAlgorithm::AlphaBeta(v) => alphabeta_until(game, depth, &*self.eval, v, stop),
        }
    }
}

impl<G: Game> Agent<G> for FixedDepthAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(
        &mut self,
        game: &G,
        turn: &mut Turn<G::Move>,
    ) -> Result<Choice<G::Move>, AgentError> {
        let mut result = self.run(game, self.depth, turn.stop);
        if result.best.is_none() && turn.stopped() {
            // Stopped before any root move was searched to the end: the first legal move.
            result.best = game.legal_move_list().first().copied();
        }
        turn.report(&result.info());
        choice_from(result)
    }
    fn analyze(&mut self, game: &G) -> Option<Vec<(G::Move, Score)>> {
        let me = game.to_move();
        let mut out: Vec<_> = game
            .legal_move_list()
            .into_iter()
            .map(|mv| {
                let child = game.after(mv);
                let r = self.run(&child, self.depth - 1, None);
                (
                    mv,
                    if child.to_move() == me {
                        r.score
                    } else {
                        -r.score
                    },
                )
            })
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.1));
        Some(out)
    }
}

/// The full engine with its limits.
pub struct EngineAgent<G: Game> {
    name: String,
    engine: Engine<G>,
    limits: Limits,
}

impl<G: Game> EngineAgent<G> {
    pub fn new(name: String, engine: Engine<G>, limits: Limits) -> Self {
        EngineAgent {
            name,
            engine,
            limits,
        }
    }
}

impl<G: Game> Agent<G> for EngineAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self, seed: u64) {
        self.engine.new_game(seed);
    }
    fn choose(
        &mut self,
        game: &G,
        turn: &mut Turn<G::Move>,
    ) -> Result<Choice<G::Move>, AgentError> {
        self.engine.note_position(game);
        let mut limits = self.limits;
        if let (Some(left), Some(t)) = (turn.time_left, limits.movetime) {
            // Never plan to use more than a tenth of what is left on the clock.
            limits.movetime = Some(t.min(left / 10));
        }
        let stop = turn.stop;
        let result = self
            .engine
            .search(game, &limits, stop, &mut |info| turn.report(info));
        choice_from(result)
    }
    fn analyze(&mut self, game: &G) -> Option<Vec<(G::Move, Score)>> {
        let depth = match self.limits.depth {
            Some(d) => d,
            None => self
                .engine
                .search(game, &self.limits, None, &mut |_| {})
                .depth
                .max(1),
        };
        Some(
            self.engine
                .analyze(game, depth, None)
                .into_iter()
                .map(|(m, s, _)| (m, s))
                .collect(),
        )
    }
}

/// Monte Carlo tree search with a game's policy (random playouts by default).
pub struct MctsAgent<G: Game> {
    name: String,
    config: MctsConfig,
    limits: Limits,
    policy: Arc<dyn MctsPolicy<G>>,
    rng: Rng,
}

impl<G: Game> MctsAgent<G> {
    pub fn new(
        name: String,
        config: MctsConfig,
        limits: Limits,
        policy: Arc<dyn MctsPolicy<G>>,
    ) -> Self {
        MctsAgent {
            name,
            config,
            limits,
            policy,
            rng: Rng::new(0),
        }
    }
}

impl<G: Game> Agent<G> for MctsAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
    fn choose(
        &mut self,
        game: &G,
        turn: &mut Turn<G::Move>,
    ) -> Result<Choice<G::Move>, AgentError> {
        let stop = turn.stop;
        let mut limits = self.limits;
        if let (Some(left), Some(t)) = (turn.time_left, limits.movetime) {
            // Never plan to use more than a tenth of what is left on the clock.
            limits.movetime = Some(t.min(left / 10));
        }
        let result = mcts_with(
            game,
            &self.config,
            &*self.policy,
            &limits,
            &mut self.rng,
            stop,
            &mut |info| turn.report(info),
        );
        choice_from(result)
    }
}
