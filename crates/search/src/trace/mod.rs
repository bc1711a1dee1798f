//! Search traces: every node a search visits, in visiting order, for `poda explain`.
//!
//! The searches ([`crate::minimax`], [`crate::alphabeta`], [`crate::engine`]) are generic over
//! a [`Tracer`] that they call at fixed points of their recursion: a node is entered (right
//! after the node counter counts it, so a trace has exactly one entry per counted node), the
//! move to the next child is chosen, a static value is taken at a leaf, a table entry cuts
//! the node short, a cut-off leaves children unvisited, a child becomes the node's best (the
//! principal variation), and a node returns its value (told by its caller, which holds it).
//!
//! The searches' public entry points use [`NoTrace`], whose methods are empty and inlined, so
//! recording costs nothing when it is off: the compiled search is the same (measured with
//! `poda bench`'s node signature and timings, `docs/benchmarks/explain.md`). [`Recorder`]
//! keeps every node, up to a cap (and stops when a flag is set, [`trace_search_until`]);
//! [`trace_search`] runs one algorithm with a recorder; [`explain`] runs several on one
//! position and checks them against each other (what `poda explain` and the web workbench's
//! explain panel show).
//!
//! Values in a recorded [`Trace`] are always from the root player's view, whatever the
//! search's own convention (the engine is negamax over side-to-move scores): a node is MAX
//! when the root player is to move there, so an extra turn (Kalah) shows as a MAX node under
//! a MAX node. The textbook presentation follows Knuth and Moore, "An analysis of alpha-beta
//! pruning", Artificial Intelligence 6 (1975).

pub mod explain;
mod record;
mod run;

pub use record::{Recorder, Trace, TraceNode};
pub use run::{
    engine_config, run_untraced, trace_search, trace_search_until, Algorithm, Interrupted,
    TooLarge, Traced,
};

use crate::engine::tt::Bound;
use poda_core::{Game, Score};

/// What a search tells a trace. Every method does nothing by default.
pub trait Tracer<G: Game> {
    /// A node is entered with its remaining `depth` and the window it was given (in the
    /// search's own convention). False: stop searching (the recorder's cap is reached; the
    /// search's result is then meaningless).
    #[inline(always)]
    fn enter(&mut self, _game: &G, _depth: u32, _alpha: Score, _beta: Score) -> bool {
        true
    }

    /// The current node is about to search the child reached by `mv` (PVS may search it
    /// twice: a null-window probe, then a re-search).
    #[inline(always)]
    fn child(&mut self, _mv: G::Move) {}

    /// The static value of the current node: the evaluator's at the horizon, or the game's
    /// result, before any clamping into the window.
    #[inline(always)]
    fn leaf(&mut self, _value: Score) {}

    /// The current node returns a value stored in the transposition table.
    #[inline(always)]
    fn table_hit(&mut self, _bound: Bound) {}

    /// The current node repeats a position on the search path or of the game (a draw).
    #[inline(always)]
    fn repetition(&mut self) {}

    /// The current node stops after `moves[at]`: the moves after it are never searched.
    #[inline(always)]
    fn cutoff(&mut self, _moves: &[G::Move], _at: usize) {}

    /// The child that returned last is the current node's best so far (it starts the
    /// node's principal variation).
    #[inline(always)]
    fn improved(&mut self) {}

    /// The current node returns `value` (called by the caller, after the recursion).
    #[inline(always)]
    fn exit(&mut self, _value: Score) {}
}

/// Records nothing; what the searches use when no trace is asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<G: Game> Tracer<G> for NoTrace {}
