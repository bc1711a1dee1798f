//! Running one algorithm with a recorder: the algorithms `poda explain` compares.

use super::{Recorder, Trace};
use crate::alphabeta::{alphabeta_traced, Variant};
use crate::engine::{Engine, EngineConfig};
use crate::minimax::minimax_traced;
use crate::trace::NoTrace;
use crate::{Limits, SearchResult};
use poda_core::{Evaluator, Game};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Table size of the traced engine: traces hold at most a few hundred thousand nodes, far
/// fewer than the table's entries, and a small table is quick to allocate.
const TRACE_TT_MIB: usize = 4;

/// The algorithms a trace can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax ([`crate::minimax`]).
    Minimax,
    /// Fail-hard alpha-beta in the game's move order (the seed players' form).
    AlphaBetaHard,
    /// Fail-soft alpha-beta in the game's move order.
    AlphaBetaSoft,
    /// Alpha-beta (negamax, fail-soft) with the engine's move ordering: killers, history and
    /// the evaluator's hints; no table, no iterative deepening, no PVS.
    Ordered,
    /// The engine: iterative deepening, transposition table, ordering, PVS. Its table is in
    /// exact-depth mode, so its value is minimax's (except for repetitions in games that
    /// can cycle, scored as draws).
    Engine,
}

impl Algorithm {
    /// Every algorithm, in the order of increasing refinement.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Minimax,
        Algorithm::AlphaBetaHard,
        Algorithm::AlphaBetaSoft,
        Algorithm::Ordered,
        Algorithm::Engine,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBetaHard => "alphabeta",
            Algorithm::AlphaBetaSoft => "alphabeta-soft",
            Algorithm::Ordered => "ordered",
            Algorithm::Engine => "engine",
        }
    }

    /// A one-line description.
    pub fn describe(self) -> &'static str {
        match self {
            Algorithm::Minimax => "plain minimax: every child of every node",
            Algorithm::AlphaBetaHard => {
                "alpha-beta, fail-hard (values clamped into the window), game's move order"
            }
            Algorithm::AlphaBetaSoft => {
                "alpha-beta, fail-soft (values may leave the window), game's move order"
            }
            Algorithm::Ordered => {
                "alpha-beta with the engine's move ordering (killers, history, hints)"
            }
            Algorithm::Engine => {
                "the engine: iterative deepening, table (exact depth), ordering, PVS"
            }
        }
    }

    /// Parses a comma-separated list of names, or `all` (the command line's `--algo`): the
    /// algorithms in the order given, each once; the error says what was wrong.
    pub fn parse_list(text: &str) -> Result<Vec<Algorithm>, String> {
        let mut out = Vec::new();
        for name in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let found = if name == "all" {
                Algorithm::ALL.to_vec()
            } else {
                vec![Algorithm::parse(name).ok_or_else(|| {
                    let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                    format!(
                        "unknown algorithm '{name}' (expected {} or all)",
                        names.join(", ")
                    )
                })?]
            };
            for a in found {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
        if out.is_empty() {
            return Err(format!("'{text}' names no algorithm"));
        }
        Ok(out)
    }

    /// Parses a name (`alphabeta-hard` is accepted for `alphabeta`).
    pub fn parse(text: &str) -> Option<Algorithm> {
        match text {
            "alphabeta-hard" => Some(Algorithm::AlphaBetaHard),
            _ => Algorithm::ALL.into_iter().find(|a| a.name() == text),
        }
    }

    /// The engine convention: scores for the side to move at each node.
    fn negamax(self) -> bool {
        matches!(self, Algorithm::Ordered | Algorithm::Engine)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The engine's configuration for [`Algorithm::Ordered`] and [`Algorithm::Engine`].
pub fn engine_config(algorithm: Algorithm) -> EngineConfig {
    let engine = EngineConfig {
        tt_mib: TRACE_TT_MIB,
        exact_depth_tt: true,
        ..EngineConfig::default()
    };
    match algorithm {
        Algorithm::Ordered => EngineConfig {
            tt_mib: 0,
            iterative: false,
            pvs: false,
            ..engine
        },
        _ => engine,
    }
}

/// A traced search: its result and every node it visited.
#[derive(Clone, Debug)]
pub struct Traced<M> {
    pub result: SearchResult<M>,
    pub trace: Trace<M>,
}

/// The search wanted more nodes than the cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub cap: usize,
}

/// Why [`trace_search_until`] gave no trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interrupted {
    /// The search wanted more nodes than the cap.
    TooLarge(TooLarge),
    /// The stop flag was set.
    Stopped,
}

/// Searches `game` to `depth` plies with `algorithm`, recording at most `cap` nodes.
pub fn trace_search<G: Game>(
    game: &G,
    depth: u32,
    eval: &Arc<dyn Evaluator<G>>,
    algorithm: Algorithm,
    cap: usize,
) -> Result<Traced<G::Move>, TooLarge> {
    let recorder = Recorder::new(game.to_move(), algorithm.negamax(), cap);
    record(game, depth, eval, algorithm, recorder).map_err(|e| match e {
        Interrupted::TooLarge(t) => t,
        // No flag: never stopped.
        Interrupted::Stopped => TooLarge { cap },
    })
}

/// [`trace_search`] that also stops, at its next node, once `stop` is set.
pub fn trace_search_until<G: Game>(
    game: &G,
    depth: u32,
    eval: &Arc<dyn Evaluator<G>>,
    algorithm: Algorithm,
    cap: usize,
    stop: Arc<AtomicBool>,
) -> Result<Traced<G::Move>, Interrupted> {
    let recorder = Recorder::new(game.to_move(), algorithm.negamax(), cap).with_stop(stop);
    record(game, depth, eval, algorithm, recorder)
}

fn record<G: Game>(
    game: &G,
    depth: u32,
    eval: &Arc<dyn Evaluator<G>>,
    algorithm: Algorithm,
    mut recorder: Recorder<G>,
) -> Result<Traced<G::Move>, Interrupted> {
    let result = run(game, depth, eval, algorithm, &mut recorder);
    if recorder.stopped() {
        return Err(Interrupted::Stopped);
    }
    if recorder.overflowed() {
        return Err(Interrupted::TooLarge(TooLarge {
            cap: recorder.cap(),
        }));
    }
    Ok(Traced {
        result,
        trace: recorder.finish(),
    })
}

/// The same search without a trace (for timing and for checking that tracing changes
/// nothing).
pub fn run_untraced<G: Game>(
    game: &G,
    depth: u32,
    eval: &Arc<dyn Evaluator<G>>,
    algorithm: Algorithm,
) -> SearchResult<G::Move> {
    run(game, depth, eval, algorithm, &mut NoTrace)
}

fn run<G: Game, T: super::Tracer<G>>(
    game: &G,
    depth: u32,
    eval: &Arc<dyn Evaluator<G>>,
    algorithm: Algorithm,
    trace: &mut T,
) -> SearchResult<G::Move> {
    match algorithm {
        Algorithm::Minimax => minimax_traced(game, depth, &**eval, trace),
        Algorithm::AlphaBetaHard => {
            alphabeta_traced(game, depth, &**eval, Variant::FailHard, trace)
        }
        Algorithm::AlphaBetaSoft => {
            alphabeta_traced(game, depth, &**eval, Variant::FailSoft, trace)
        }
        Algorithm::Ordered | Algorithm::Engine => {
            let mut engine = Engine::new(eval.clone(), engine_config(algorithm));
            engine.search_traced(game, &Limits::depth(depth), None, &mut |_| {}, trace)
        }
    }
}
