//! The recorder: a [`Tracer`] that keeps every node, and the [`Trace`] it builds.

use super::Tracer;
use crate::engine::tt::Bound;
use poda_core::{Game, Player, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One visited node. Scores are from the root player's view (see the module doc of
/// [`crate::trace`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceNode<M> {
    /// Index of the parent in [`Trace::nodes`]; `None` at a root (the engine has one root per
    /// iteration).
    pub parent: Option<usize>,
    /// The move from the parent; `None` at a root.
    pub mv: Option<M>,
    /// Plies below the root.
    pub ply: u32,
    /// Plies left to search (0 at the horizon).
    pub depth: u32,
    /// The root player is to move here (a MAX node); false: a MIN node.
    pub max: bool,
    /// The game is over here.
    pub terminal: bool,
    /// The window the node was entered with (minimax has none: -inf, +inf).
    pub alpha: Score,
    pub beta: Score,
    /// The value the node returned.
    pub value: Score,
    /// The static value at a leaf (the evaluator's, or the game's result), before clamping.
    pub leaf: Option<Score>,
    /// The child that became this node's best last (the next node of its principal
    /// variation); `None` if no child raised the node's bound.
    pub best: Option<usize>,
    /// The node stopped searching its children before the last one (a cut-off).
    pub cutoff: bool,
    /// The moves a cut-off left unsearched, in the order they would have been searched.
    pub pruned: Vec<M>,
    /// Entered with a null window (a PVS probe).
    pub null_window: bool,
    /// A PVS re-search: the same child as the previous sibling, searched again with the full
    /// window after its null-window probe failed high.
    pub research: bool,
    /// The value came from the transposition table, with this bound.
    pub table: Option<Bound>,
    /// A repeated position, scored as a draw.
    pub repetition: bool,
}

/// A recorded search: the nodes in visiting order.
#[derive(Clone, Debug)]
pub struct Trace<M> {
    pub nodes: Vec<TraceNode<M>>,
    /// The player to move at the root (MAX).
    pub root_player: Player,
}

impl<M: Clone> Trace<M> {
    /// The same trace with every move converted (to text, say).
    pub fn map_moves<N>(&self, f: impl Fn(&M) -> N) -> Trace<N> {
        let nodes = self
            .nodes
            .iter()
            .map(|n| TraceNode {
                parent: n.parent,
                mv: n.mv.as_ref().map(&f),
                ply: n.ply,
                depth: n.depth,
                max: n.max,
                terminal: n.terminal,
                alpha: n.alpha,
                beta: n.beta,
                value: n.value,
                leaf: n.leaf,
                best: n.best,
                cutoff: n.cutoff,
                pruned: n.pruned.iter().map(&f).collect(),
                null_window: n.null_window,
                research: n.research,
                table: n.table,
                repetition: n.repetition,
            })
            .collect();
        Trace {
            nodes,
            root_player: self.root_player,
        }
    }

    /// The children of every node, in visiting order.
    pub fn children(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            if let Some(p) = n.parent {
                out[p].push(i);
            }
        }
        out
    }

    /// The roots in visiting order (one per iteration for the engine).
    pub fn roots(&self) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&i| self.nodes[i].parent.is_none())
            .collect()
    }

    /// The root whose value is the search's answer: the last one.
    pub fn final_root(&self) -> Option<usize> {
        self.nodes.iter().rposition(|n| n.parent.is_none())
    }

    /// The principal variation below `node`: the chain of best children.
    pub fn pv_from(&self, node: usize) -> Vec<usize> {
        let mut line = Vec::new();
        let mut at = node;
        while let Some(b) = self.nodes[at].best {
            line.push(b);
            at = b;
        }
        line
    }

    /// The moves of the final root's principal variation.
    pub fn pv_moves(&self) -> Vec<M> {
        self.final_root().map_or(Vec::new(), |r| {
            self.pv_from(r)
                .into_iter()
                .filter_map(|i| self.nodes[i].mv.clone())
                .collect()
        })
    }

    /// Nodes where the evaluator was called (horizon leaves that were not table hits,
    /// repetitions or finished games).
    pub fn evaluated_leaves(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.leaf.is_some() && !n.terminal && !n.repetition)
            .count()
    }

    /// Nodes that cut off some of their children.
    pub fn cutoffs(&self) -> usize {
        self.nodes.iter().filter(|n| n.cutoff).count()
    }

    /// The moves from the root to `node`.
    pub fn path(&self, node: usize) -> Vec<M> {
        let mut moves = Vec::new();
        let mut at = node;
        while let (Some(p), Some(mv)) = (self.nodes[at].parent, &self.nodes[at].mv) {
            moves.push(mv.clone());
            at = p;
        }
        moves.reverse();
        moves
    }
}

/// An open node: its index (or `None` for a node refused at the cap), its last child and
/// the move to the child it searches next.
#[derive(Clone, Copy, Debug)]
struct Frame<M> {
    index: Option<usize>,
    last_child: Option<usize>,
    next_move: Option<M>,
}

/// A [`Tracer`] that keeps every node, up to a cap.
#[derive(Debug)]
pub struct Recorder<G: Game> {
    root: Player,
    /// The search scores nodes for their side to move (the engine), not for the root player.
    negamax: bool,
    cap: usize,
    nodes: Vec<TraceNode<G::Move>>,
    open: Vec<Frame<G::Move>>,
    overflow: bool,
    /// Set from outside (a web page went away): the search stops at its next node.
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
}

impl<G: Game> Recorder<G> {
    /// A recorder for a search from a position where `root` is to move. `negamax`: the
    /// search's values and windows are for the side to move at each node.
    pub fn new(root: Player, negamax: bool, cap: usize) -> Self {
        Recorder {
            root,
            negamax,
            cap,
            nodes: Vec::new(),
            open: Vec::new(),
            overflow: false,
            stop: None,
            stopped: false,
        }
    }

    /// The same recorder, which also stops the search at its next node once `stop` is set.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// The most nodes it records.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// True if the search was stopped by the flag of [`Recorder::with_stop`].
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// True if the search wanted more nodes than the cap.
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// The trace (meaningless if [`Recorder::overflowed`] or [`Recorder::stopped`]).
    pub fn finish(self) -> Trace<G::Move> {
        Trace {
            nodes: self.nodes,
            root_player: self.root,
        }
    }

    /// The node being searched, if it was recorded.
    fn current(&mut self) -> Option<&mut TraceNode<G::Move>> {
        let i = self.open.last()?.index?;
        Some(&mut self.nodes[i])
    }

    /// `value` of a node seen from the root player.
    fn root_view(&self, max: bool, value: Score) -> Score {
        if self.negamax && !max {
            -value
        } else {
            value
        }
    }
}

impl<G: Game> Tracer<G> for Recorder<G> {
    fn enter(&mut self, game: &G, depth: u32, alpha: Score, beta: Score) -> bool {
        if !self.stopped
            && self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        if self.stopped || self.overflow || self.nodes.len() >= self.cap {
            self.overflow |= !self.stopped;
            self.open.push(Frame {
                index: None,
                last_child: None,
                next_move: None,
            });
            return false;
        }
        let parent = self.open.last().and_then(|f| f.index);
        let mv = self.open.last().and_then(|f| f.next_move);
        let previous = self.open.last().and_then(|f| f.last_child);
        let research = previous.is_some_and(|p| mv.is_some() && self.nodes[p].mv == mv);
        let max = game.to_move() == self.root;
        let (alpha, beta) = if self.negamax && !max {
            (-beta, -alpha)
        } else {
            (alpha, beta)
        };
        self.nodes.push(TraceNode {
            parent,
            mv,
            ply: self.open.len() as u32,
            depth,
            max,
            terminal: game.outcome().is_over(),
            alpha,
            beta,
            value: Score::DRAW,
            leaf: None,
            best: None,
            cutoff: false,
            pruned: Vec::new(),
            null_window: self.negamax && beta.0.checked_sub(alpha.0) == Some(1),
            research,
            table: None,
            repetition: false,
        });
        self.open.push(Frame {
            index: Some(self.nodes.len() - 1),
            last_child: None,
            next_move: None,
        });
        true
    }

    fn child(&mut self, mv: G::Move) {
        if let Some(frame) = self.open.last_mut() {
            frame.next_move = Some(mv);
        }
    }

    fn leaf(&mut self, value: Score) {
        let negamax = self.negamax;
        if let Some(n) = self.current() {
            n.leaf = Some(if negamax && !n.max { -value } else { value });
        }
    }

    fn table_hit(&mut self, bound: Bound) {
        if let Some(n) = self.current() {
            n.table = Some(bound);
        }
    }

    fn repetition(&mut self) {
        if let Some(n) = self.current() {
            n.repetition = true;
        }
    }

    fn cutoff(&mut self, moves: &[G::Move], at: usize) {
        let pruned = moves.get(at + 1..).unwrap_or(&[]);
        // A bound reached by the last child prunes nothing: no cut-off to show.
        if pruned.is_empty() {
            return;
        }
        if let Some(n) = self.current() {
            n.cutoff = true;
            n.pruned = pruned.to_vec();
        }
    }

    fn improved(&mut self) {
        let last = self.open.last().and_then(|f| f.last_child);
        if let Some(n) = self.current() {
            n.best = last;
        }
    }

    fn exit(&mut self, value: Score) {
        let Some(frame) = self.open.pop() else {
            return;
        };
        if let Some(i) = frame.index {
            self.nodes[i].value = self.root_view(self.nodes[i].max, value);
            if let Some(parent) = self.open.last_mut() {
                parent.last_child = Some(i);
            }
        }
    }
}
