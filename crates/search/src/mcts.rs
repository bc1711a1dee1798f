//! Monte Carlo tree search: UCT with uniformly random playouts.
//!
//! Kocsis and Szepesvári, "Bandit based Monte-Carlo planning" (ECML 2006); Browne et al., "A
//! survey of Monte Carlo tree search methods" (IEEE TCIAIG 4(1), 2012). Each simulation
//! descends the tree by UCB1, expands one untried move, plays uniformly random moves to the
//! end of the game (or to a ply cap for games that can cycle, scored as a draw), and credits
//! each node with the result seen from the player who made the move into it — which handles
//! extra turns without special cases. The move played is the most visited root child.
//!
//! The reported score is the chosen child's mean result mapped to `-1000..=1000`
//! (`+1000` = wins every simulation); a proven decisive value is never claimed.

use crate::clock::Clock;
use crate::{Limits, SearchResult};
use poda_core::{Game, Outcome, Player, Rng, Score, SearchInfo};
use std::sync::atomic::AtomicBool;

/// Default exploration constant of UCB1 (sqrt 2, the textbook value for rewards in [0, 1]).
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;
/// Plies after which a playout of a game without a length bound is scored a draw.
pub const PLAYOUT_CAP: u32 = 1000;
/// Simulations between two progress reports.
const REPORT_EVERY: u64 = 10_000;

/// Settings of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per move, if limited by count.
    pub simulations: Option<u64>,
    pub exploration: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            simulations: None,
            exploration: DEFAULT_EXPLORATION,
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
}

/// Runs one MCTS search from `game`. `limits.nodes` bounds the simulations as well.
pub fn mcts<G: Game>(
    game: &G,
    config: &MctsConfig,
    limits: &Limits,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    let mut clock = Clock::new(limits, stop);
    let mut tree: Vec<Node<G::Move>> = vec![Node {
        mv: None,
        mover: game.to_move().opponent(),
        children: Vec::new(),
        untried: shuffled_moves(game, rng),
        visits: 0,
        reward: 0.0,
    }];
    if tree[0].untried.is_empty() {
        let score = crate::terminal_score(game.outcome(), game.to_move(), 0);
        return result(&tree, None, score, 0, clock.elapsed());
    }
    let cap = limits.nodes.into_iter().chain(config.simulations).min();
    let mut sims: u64 = 0;
    let mut moves = Vec::new();
    while cap.is_none_or(|c| sims < c) && !clock.should_stop(sims) {
        simulate(&mut tree, game, config.exploration, rng, &mut moves);
        sims += 1;
        if sims % REPORT_EVERY == 0 {
            let (best, score) = best_child(&tree);
            progress(&result(&tree, best, score, sims, clock.elapsed()).info());
        }
        // Always run at least one simulation, even with a zero budget.
        if sims == 1 && limits.movetime.is_some_and(|t| t.is_zero()) {
            break;
        }
    }
    let (best, score) = best_child(&tree);
    result(&tree, best, score, sims, clock.elapsed())
}

fn shuffled_moves<G: Game>(game: &G, rng: &mut Rng) -> Vec<G::Move> {
    let mut moves = game.legal_move_list();
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.index(i + 1));
    }
    moves
}

fn simulate<G: Game>(
    tree: &mut Vec<Node<G::Move>>,
    root: &G,
    c: f64,
    rng: &mut Rng,
    buf: &mut Vec<G::Move>,
) {
    let mut path = vec![0u32];
    let mut state = root.clone();
    let mut node = 0usize;
    // Selection.
    while tree[node].untried.is_empty() && !tree[node].children.is_empty() {
        let parent_visits = tree[node].visits.max(1) as f64;
        let log_n = parent_visits.ln();
        let mut best = tree[node].children[0];
        let mut best_value = f64::NEG_INFINITY;
        for &ch in &tree[node].children {
            let n = &tree[ch as usize];
            let value = n.reward / n.visits as f64 + c * (log_n / n.visits as f64).sqrt();
            if value > best_value {
                best_value = value;
                best = ch;
            }
        }
        node = best as usize;
        state.play_unchecked(tree[node].mv.expect("non-root nodes hold a move"));
        path.push(best);
    }
    // Expansion.
    if let Some(mv) = tree[node].untried.pop() {
        let mover = state.to_move();
        state.play_unchecked(mv);
        let child = Node {
            mv: Some(mv),
            mover,
            children: Vec::new(),
            untried: shuffled_moves(&state, rng),
            visits: 0,
            reward: 0.0,
        };
        tree.push(child);
        let id = (tree.len() - 1) as u32;
        tree[node].children.push(id);
        path.push(id);
    }
    // Playout.
    let outcome = playout(&mut state, rng, buf);
    // Backpropagation.
    for &id in &path {
        let n = &mut tree[id as usize];
        n.visits += 1;
        n.reward += outcome.points_for(n.mover);
    }
}

/// Plays uniformly random moves to the end (or to the cap: a draw).
fn playout<G: Game>(state: &mut G, rng: &mut Rng, moves: &mut Vec<G::Move>) -> Outcome {
    let mut plies = 0;
    loop {
        let outcome = state.outcome();
        if outcome.is_over() {
            return outcome;
        }
        if state.max_plies().is_none() && plies >= PLAYOUT_CAP {
            return Outcome::Draw;
        }
        state.legal_moves(moves);
        let mv = moves[rng.index(moves.len())];
        state.play_unchecked(mv);
        plies += 1;
    }
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
