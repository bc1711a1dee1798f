//! An explanation: the algorithms asked, each traced on one position, checked against each
//! other, with moves as text; what `poda explain` renders and the web workbench's explain
//! panel draws (both through the same JSON, `poda_web::explain`).
//!
//! The algorithms must agree on the root value (minimax is the oracle of the others); the
//! reference tree sizes are b^d and Knuth and Moore's minimal tree b^ceil(d/2) +
//! b^floor(d/2) - 1 ("An analysis of alpha-beta pruning", Artificial Intelligence 6, 1975).

use super::{run_untraced, trace_search_until, Algorithm, Interrupted, Trace};
use crate::SearchResult;
use poda_core::{Evaluator, Game, Player, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The time shown is the fastest of a few runs without the trace (small trees take
/// microseconds, and a first run pays for cold caches)...
const TIMING_RUNS: usize = 5;
/// ... within this much time.
const TIMING_BUDGET: Duration = Duration::from_millis(200);

/// What to explain besides the position and the algorithms.
#[derive(Clone, Debug)]
pub struct ExplainOptions {
    /// Search depth in plies.
    pub depth: u32,
    /// Most nodes recorded per algorithm.
    pub max_nodes: usize,
    /// Set from outside to stop (a web page went away); never set by the command line.
    pub stop: Arc<AtomicBool>,
}

/// Why there is no explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplainError {
    /// The position is finished: `outcome` says how.
    GameOver { outcome: String },
    /// An algorithm visits more than `cap` nodes at this depth.
    TooLarge {
        algorithm: Algorithm,
        depth: u32,
        cap: usize,
    },
    /// The stop flag was set.
    Stopped,
    /// The algorithms disagree, or tracing changed a search: a bug, said in words.
    Bug(String),
}

/// One algorithm's search, ready to render.
pub struct Panel {
    pub algorithm: Algorithm,
    pub trace: Trace<String>,
    pub children: Vec<Vec<usize>>,
    /// On the principal variation of the final root (the root included).
    pub on_pv: Vec<bool>,
    /// The moves from the explained position to each node, in the game's notation.
    pub paths: Vec<String>,
    pub nodes: u64,
    pub leaves: usize,
    pub cutoffs: usize,
    pub value: Score,
    pub best: Option<String>,
    pub pv: Vec<String>,
    /// Time of the same search without the trace.
    pub time: Duration,
}

impl Panel {
    /// The root that is drawn: the final one (the engine's last iteration).
    pub fn root(&self) -> usize {
        self.trace.final_root().unwrap_or(0)
    }
}

/// The reference tree sizes at the search depth.
pub struct Reference {
    /// The branching factor used.
    pub b: f64,
    /// Where `b` comes from.
    pub from: &'static str,
    /// b^d: the leaves of the full minimax tree of a uniform tree.
    pub minimax_leaves: f64,
    /// b^ceil(d/2) + b^floor(d/2) - 1: the leaves alpha-beta must see with perfect ordering.
    pub minimal_leaves: f64,
}

/// Everything an explanation shows.
pub struct Explanation {
    pub game: String,
    pub moves: String,
    pub depth: u32,
    pub eval: String,
    pub root_player: Player,
    pub panels: Vec<Panel>,
    pub reference: Reference,
    /// Remarks on differences between the algorithms (ties, repetitions).
    pub notes: Vec<String>,
}

/// Runs every algorithm of `algorithms` on `game`, the position after `moves`.
pub fn explain<G: Game>(
    game: &G,
    moves: &[G::Move],
    eval: &Arc<dyn Evaluator<G>>,
    algorithms: &[Algorithm],
    options: &ExplainOptions,
) -> Result<Explanation, ExplainError> {
    if game.outcome().is_over() {
        return Err(ExplainError::GameOver {
            outcome: game.outcome().to_string(),
        });
    }
    let depth = options.depth;
    let stopped = || options.stop.load(Ordering::Relaxed);
    let mut panels = Vec::new();
    for &algorithm in algorithms {
        let traced = trace_search_until(
            game,
            depth,
            eval,
            algorithm,
            options.max_nodes,
            options.stop.clone(),
        )
        .map_err(|e| match e {
            Interrupted::TooLarge(t) => ExplainError::TooLarge {
                algorithm,
                depth,
                cap: t.cap,
            },
            Interrupted::Stopped => ExplainError::Stopped,
        })?;
        let mut time = Duration::MAX;
        let began = Instant::now();
        for _ in 0..TIMING_RUNS {
            if stopped() {
                return Err(ExplainError::Stopped);
            }
            let plain = run_untraced(game, depth, eval, algorithm);
            let same = (plain.score, plain.nodes, plain.best)
                == (traced.result.score, traced.result.nodes, traced.result.best);
            if !same {
                return Err(ExplainError::Bug(format!(
                    "{algorithm}: the traced search differs from the plain one"
                )));
            }
            time = time.min(plain.time);
            if began.elapsed() > TIMING_BUDGET {
                break;
            }
        }
        panels.push(panel(game, algorithm, &traced.trace, &traced.result, time));
    }
    let notes = check_agreement(game, &panels)?;
    Ok(Explanation {
        game: game.spec(),
        moves: game.format_moves(moves),
        depth,
        eval: eval.name().to_string(),
        root_player: game.to_move(),
        reference: reference(game, &panels, depth),
        panels,
        notes,
    })
}

fn panel<G: Game>(
    game: &G,
    algorithm: Algorithm,
    trace: &Trace<G::Move>,
    result: &SearchResult<G::Move>,
    time: Duration,
) -> Panel {
    let paths = (0..trace.nodes.len())
        .map(|i| game.format_moves(&trace.path(i)))
        .collect();
    let trace = trace.map_moves(|&m| game.format_move(m));
    let mut on_pv = vec![false; trace.nodes.len()];
    if let Some(root) = trace.final_root() {
        on_pv[root] = true;
        for i in trace.pv_from(root) {
            on_pv[i] = true;
        }
    }
    Panel {
        algorithm,
        children: trace.children(),
        on_pv,
        paths,
        nodes: result.nodes,
        leaves: trace.evaluated_leaves(),
        cutoffs: trace.cutoffs(),
        value: result.score,
        best: result.best.map(|m| game.format_move(m)),
        pv: result.pv.iter().map(|&m| game.format_move(m)).collect(),
        time,
        trace,
    }
}

/// Minimax, both alpha-betas and ordered alpha-beta must return the same root value (the
/// engine too, except that it scores repetitions as draws in games that can cycle). Moves
/// may differ only between tied moves.
fn check_agreement<G: Game>(game: &G, panels: &[Panel]) -> Result<Vec<String>, ExplainError> {
    let mut notes = Vec::new();
    let Some(first) = panels
        .iter()
        .find(|p| p.algorithm != Algorithm::Engine)
        .or(panels.first())
    else {
        return Ok(notes);
    };
    let minimax = panels.iter().find(|p| p.algorithm == Algorithm::Minimax);
    for p in panels {
        if p.value != first.value {
            let cycles = game.max_plies().is_none();
            if p.algorithm == Algorithm::Engine && cycles {
                notes.push(format!(
                    "engine: value {} differs from {}'s {}: the engine scores a repeated \
                     position as a draw, and this game can cycle",
                    p.value, first.algorithm, first.value
                ));
                continue;
            }
            return Err(ExplainError::Bug(format!(
                "{} returned {} but {} returned {}: the algorithms must agree (a bug)",
                p.algorithm, p.value, first.algorithm, first.value
            )));
        }
        if p.best != first.best {
            let tied = minimax.map(|m| {
                let root = m.root();
                m.children[root]
                    .iter()
                    .any(|&c| m.trace.nodes[c].mv == p.best && m.trace.nodes[c].value == m.value)
            });
            if tied == Some(false) {
                return Err(ExplainError::Bug(format!(
                    "{} chose {}, which is not among minimax's best moves: a bug",
                    p.algorithm,
                    p.best.as_deref().unwrap_or("-")
                )));
            }
            notes.push(format!(
                "{}: move {} differs from {}'s {}: both are worth {} (a tie, broken by the move \
                 order)",
                p.algorithm,
                p.best.as_deref().unwrap_or("-"),
                first.algorithm,
                first.best.as_deref().unwrap_or("-"),
                p.value
            ));
        }
    }
    Ok(notes)
}

/// b from minimax's tree when it was searched: the d-th root of its number of nodes at ply d
/// (its mean branching per ply, so that b^d is minimax's horizon), else the root's number of
/// moves.
fn reference<G: Game>(game: &G, panels: &[Panel], depth: u32) -> Reference {
    let minimax = panels.iter().find(|p| p.algorithm == Algorithm::Minimax);
    let horizon = minimax.map_or(0, |m| {
        m.trace.nodes.iter().filter(|n| n.ply == depth).count()
    });
    let (b, from) = if horizon > 0 {
        (
            (horizon as f64).powf(1.0 / depth as f64),
            "minimax's mean branching per ply: its nodes at ply d are b^d",
        )
    } else {
        (
            game.legal_move_list().len() as f64,
            "the number of moves at the root",
        )
    };
    let d = depth as i32;
    Reference {
        b,
        from,
        minimax_leaves: b.powi(d),
        minimal_leaves: b.powi((d + 1) / 2) + b.powi(d / 2) - 1.0,
    }
}
