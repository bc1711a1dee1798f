//! Monte Carlo tree search: UCT, optionally with RAVE, over any [`MctsPolicy`].
//!
//! - UCT: Kocsis and Szepesvári, "Bandit based Monte-Carlo planning" (ECML 2006); Browne et
//!   al., "A survey of Monte Carlo tree search methods" (IEEE TCIAIG 4(1), 2012). Each
//!   simulation descends the tree by UCB1, expands one untried move, finishes the game with
//!   the policy's playout and credits each node with the result seen from the player who made
//!   the move into it, which handles extra turns without special cases.
//! - RAVE (`rave = Some(k)`): Gelly and Silver, "Combining online and offline knowledge in
//!   UCT" (ICML 2007). Every node also keeps "all moves as first" statistics: a child's move
//!   is credited whenever its mover played that move anywhere later in the simulation. A
//!   child is valued `(1 - b) Q + b Q_amaf + c sqrt(ln N / n)` with the k-equivalence
//!   schedule `b = sqrt(k / (3 n + k))`, so AMAF guides the first visits and fades as real
//!   visits accumulate. A node expands all its children at once (their AMAF values exist
//!   before their first visit); an unvisited child is valued by its AMAF mean, or
//!   [`FIRST_PLAY_URGENCY`] without one.
//!
//! The move played is the most visited root child. The reported score is its mean result
//! mapped to `-1000..=1000` (`+1000` = wins every simulation); a proven decisive value is
//! never claimed.

mod amaf;
pub mod policy;

use crate::clock::Clock;
use crate::{Limits, SearchResult};
use amaf::AmafTable;
use poda_core::{Game, Outcome, Player, Rng, Score, SearchInfo};
pub use policy::{MctsPolicy, RandomPlayout, PLAYOUT_CAP};
use std::sync::atomic::AtomicBool;

/// Default exploration constant of UCB1 (sqrt 2, the textbook value for rewards in [0, 1]).
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;
/// Default RAVE equivalence parameter `k`: after about `k` visits a child's own mean and its
/// AMAF mean weigh about the same (`b = 1/2` at `n = k`).
pub const DEFAULT_RAVE_EQUIVALENCE: f64 = 1000.0;
/// Value of an unvisited child without AMAF statistics in RAVE mode (above any mean, so every
/// child is tried once before any is tried twice, unless AMAF says otherwise).
pub const FIRST_PLAY_URGENCY: f64 = 1.1;
/// Simulations between two progress reports.
const REPORT_EVERY: u64 = 10_000;

/// Settings of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per move, if limited by count.
    pub simulations: Option<u64>,
    pub exploration: f64,
    /// RAVE with this equivalence parameter `k`; `None` is plain UCT.
    pub rave: Option<f64>,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            simulations: None,
            exploration: DEFAULT_EXPLORATION,
            rave: None,
        }
    }
}

struct Node<M> {
    mv: Option<M>,
    /// Who played `mv` (rewards are from this player's view).
    mover: Player,
    children: Vec<u32>,
    untried: Vec<M>,
    visits: u32,
    reward: f64,
    amaf_visits: u32,
    amaf_reward: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Player, untried: Vec<M>) -> Self {
        Node {
            mv,
            mover,
            children: Vec::new(),
            untried,
            visits: 0,
            reward: 0.0,
            amaf_visits: 0,
            amaf_reward: 0.0,
        }
    }
}

/// Runs one MCTS search from `game` with uniformly random playouts. `limits.nodes` bounds the
/// simulations as well.
pub fn mcts<G: Game>(
    game: &G,
    config: &MctsConfig,
    limits: &Limits,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    mcts_with(game, config, &RandomPlayout, limits, rng, stop, progress)
}

/// Runs one MCTS search from `game` with the given policy.
pub fn mcts_with<G: Game>(
    game: &G,
    config: &MctsConfig,
    policy: &dyn MctsPolicy<G>,
    limits: &Limits,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    let mut clock = Clock::new(limits, stop);
    let mut search = Search {
        tree: vec![Node::new(
            None,
            game.to_move().opponent(),
            tree_moves(policy, game, rng),
        )],
        config,
        policy,
        trace: Vec::new(),
        path: Vec::new(),
        amaf: AmafTable::new(),
    };
    if game.outcome().is_over() || search.tree[0].untried.is_empty() {
        let score = crate::terminal_score(game.outcome(), game.to_move(), 0);
        return result(&search.tree, None, score, 0, clock.elapsed());
    }
    let cap = limits.nodes.into_iter().chain(config.simulations).min();
    let mut sims: u64 = 0;
    while cap.is_none_or(|c| sims < c) && !clock.should_stop(sims) {
        search.simulate(game, rng);
        sims += 1;
        if sims % REPORT_EVERY == 0 {
            let (best, score) = best_child(&search.tree);
            progress(&result(&search.tree, best, score, sims, clock.elapsed()).info());
        }
        // Always run at least one simulation, even with a zero budget.
        if sims == 1 && limits.movetime.is_some_and(|t| t.is_zero()) {
            break;
        }
    }
    let (best, score) = best_child(&search.tree);
    result(&search.tree, best, score, sims, clock.elapsed())
}

fn tree_moves<G: Game>(policy: &dyn MctsPolicy<G>, game: &G, rng: &mut Rng) -> Vec<G::Move> {
    let mut moves = Vec::new();
    if !game.outcome().is_over() {
        policy.tree_moves(game, &mut moves);
    }
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.index(i + 1));
    }
    moves
}

struct Search<'a, G: Game> {
    tree: Vec<Node<G::Move>>,
    config: &'a MctsConfig,
    policy: &'a dyn MctsPolicy<G>,
    /// Every move of the current simulation, tree part then playout, with its mover.
    trace: Vec<(Player, G::Move)>,
    path: Vec<u32>,
    amaf: AmafTable<G::Move>,
}

impl<G: Game> Search<'_, G> {
    fn simulate(&mut self, root: &G, rng: &mut Rng) {
        let rave = self.config.rave;
        self.path.clear();
        self.path.push(0);
        self.trace.clear();
        let mut state = root.clone();
        let mut node = 0usize;
        loop {
            // Selection among the existing children.
            if self.tree[node].untried.is_empty() && !self.tree[node].children.is_empty() {
                let next = self.select(node);
                node = self.step(&mut state, next);
                continue;
            }
            let Some(mv) = self.tree[node].untried.pop() else {
                break; // a finished game
            };
            if rave.is_some() {
                // Expand every child at once, then choose among them.
                let mut moves = std::mem::take(&mut self.tree[node].untried);
                moves.push(mv);
                for m in moves {
                    self.add_child(node, m, &state);
                }
                let next = self.select(node);
                node = self.step(&mut state, next);
            } else {
                let id = self.add_child(node, mv, &state);
                node = self.step(&mut state, id);
            }
            break;
        }
        // The new leaf's own moves, for the next visit.
        if self.tree[node].untried.is_empty() && self.tree[node].children.is_empty() {
            self.tree[node].untried = tree_moves(self.policy, &state, rng);
        }
        let trace = rave.is_some().then_some(&mut self.trace);
        let outcome = if state.outcome().is_over() {
            state.outcome()
        } else {
            self.policy.playout(&mut state, rng, trace)
        };
        self.backpropagate(outcome);
    }

    /// Adds a child of `node` for `mv` (played by `state`'s side to move); returns its id.
    fn add_child(&mut self, node: usize, mv: G::Move, state: &G) -> u32 {
        self.tree
            .push(Node::new(Some(mv), state.to_move(), Vec::new()));
        let id = (self.tree.len() - 1) as u32;
        self.tree[node].children.push(id);
        id
    }

    /// Plays the move of child `id`, records it, and returns the child as the new node.
    fn step(&mut self, state: &mut G, id: u32) -> usize {
        let child = &self.tree[id as usize];
        let mv = child.mv.expect("non-root nodes hold a move");
        self.trace.push((child.mover, mv));
        state.play_unchecked(mv);
        self.path.push(id);
        id as usize
    }

    /// The child of `node` with the best UCB1 (or RAVE) value.
    fn select(&self, node: usize) -> u32 {
        let c = self.config.exploration;
        let log_n = (self.tree[node].visits.max(1) as f64).ln();
        let mut best = self.tree[node].children[0];
        let mut best_value = f64::NEG_INFINITY;
        for &ch in &self.tree[node].children {
            let n = &self.tree[ch as usize];
            let value = match self.config.rave {
                None => n.reward / n.visits as f64 + c * (log_n / n.visits as f64).sqrt(),
                Some(k) => rave_value(n, k, c, log_n),
            };
            if value > best_value {
                best_value = value;
                best = ch;
            }
        }
        best
    }

    fn backpropagate(&mut self, outcome: Outcome) {
        for &id in &self.path {
            let n = &mut self.tree[id as usize];
            n.visits += 1;
            n.reward += outcome.points_for(n.mover);
        }
        if self.config.rave.is_none() {
            return;
        }
        // AMAF: walk the path upwards; before visiting the node at depth d, the table holds
        // the first mover of every move played from ply d of the simulation on.
        self.amaf.clear();
        let depth = self.path.len() - 1;
        for &(player, mv) in self.trace[depth..].iter().rev() {
            self.amaf.set(mv, player);
        }
        for d in (0..=depth).rev() {
            if d < depth {
                let (player, mv) = self.trace[d];
                self.amaf.set(mv, player);
            }
            let node = self.path[d] as usize;
            for i in 0..self.tree[node].children.len() {
                let ch = self.tree[node].children[i] as usize;
                let (mv, mover) = (self.tree[ch].mv, self.tree[ch].mover);
                if mv.and_then(|m| self.amaf.get(&m)) == Some(mover) {
                    let c = &mut self.tree[ch];
                    c.amaf_visits += 1;
                    c.amaf_reward += outcome.points_for(mover);
                }
            }
        }
    }
}

/// RAVE's blend of a child's mean and its AMAF mean, plus the UCB1 exploration term.
fn rave_value<M>(n: &Node<M>, k: f64, c: f64, log_n: f64) -> f64 {
    if n.visits == 0 {
        return if n.amaf_visits > 0 {
            n.amaf_reward / n.amaf_visits as f64
        } else {
            FIRST_PLAY_URGENCY
        };
    }
    let visits = n.visits as f64;
    let q = n.reward / visits;
    let value = if n.amaf_visits > 0 {
        let beta = (k / (3.0 * visits + k)).sqrt();
        (1.0 - beta) * q + beta * n.amaf_reward / n.amaf_visits as f64
    } else {
        q
    };
    value + c * (log_n / visits).sqrt()
}

fn best_child<M: Copy>(tree: &[Node<M>]) -> (Option<M>, Score) {
    let best = tree[0]
        .children
        .iter()
        .map(|&c| &tree[c as usize])
        .max_by_key(|n| n.visits);
    match best {
        Some(n) if n.visits > 0 => {
            let mean = n.reward / n.visits as f64;
            (n.mv, Score(((2.0 * mean - 1.0) * 1000.0).round() as i32))
        }
        _ => (tree[0].untried.last().copied(), Score::DRAW),
    }
}

fn result<M: Copy + PartialEq>(
    tree: &[Node<M>],
    best: Option<M>,
    score: Score,
    sims: u64,
    time: std::time::Duration,
) -> SearchResult<M> {
    let mut pv: Vec<M> = best.into_iter().collect();
    // Follow the most visited children for a principal variation.
    let mut node = best.and_then(|b| {
        tree[0]
            .children
            .iter()
            .find(|&&c| tree[c as usize].mv == Some(b))
            .copied()
    });
    while let Some(id) = node {
        node = tree[id as usize]
            .children
            .iter()
            .copied()
            .max_by_key(|&c| tree[c as usize].visits);
        if let Some(c) = node {
            if tree[c as usize].visits < 2 {
                break;
            }
            pv.extend(tree[c as usize].mv);
        }
    }
    SearchResult {
        best,
        score,
        depth: pv.len() as u32,
        nodes: sims,
        pv,
        time,
    }
}
