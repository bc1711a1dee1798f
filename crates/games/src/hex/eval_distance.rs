//! Distance evaluators: the seed's shortest path and Queenbee's two-distance.
//!
//! - [`ShortestPath`] (`shortest-path`), exactly the seed report "Jugador de Hex": a virtual
//!   node joined to every cell of a player's first edge not held by the opponent, entering a
//!   cell costs 0 for an own stone and 1 for an empty cell, opponent stones are walls; the
//!   distance is the cheapest way to a cell of the second edge, and the value for a player is
//!   the opponent's distance minus their own. The report used uniform-cost search; costs are
//!   0 or 1, so a 0-1 BFS by levels gives the same distances in O(N^2).
//! - [`TwoDistance`] (`two-distance`), after van Rijswijck's Queenbee ("Are bees better than
//!   fruitflies?", 2000): the distance of a cell to an edge is one more than the *second*
//!   smallest distance among its neighbours, because the opponent will block the best one;
//!   cells next to the edge are at 1, own chains are transparent (the cells around a chain
//!   are all neighbours of each cell touching it). A cell's potential is
//!   the sum of its distances to both edges; a player's potential is the smallest over the
//!   empty cells, and their mobility the number of cells reaching it. Value:
//!   `TD_WEIGHT * (opponent potential - own potential) + (own mobility - opponent mobility)`.

use super::eval_groups::{edges, PlayerGraph};
use super::position::Hex;
use poda_core::{Evaluator, Player};

/// Distance of a player who cannot reach their second edge (the opponent has won).
pub const UNREACHABLE: u32 = 1000;
/// Weight of a potential difference against a mobility difference in two-distance.
pub const TD_WEIGHT: i64 = 100;

/// The seed's evaluator: opponent's shortest path minus one's own.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortestPath;

impl Evaluator<Hex> for ShortestPath {
    fn name(&self) -> &str {
        "shortest-path"
    }
    fn evaluate(&self, game: &Hex, player: Player) -> i64 {
        shortest_distance(game, player.opponent()) as i64 - shortest_distance(game, player) as i64
    }
    fn move_hint(&self, game: &Hex, mv: super::HexMove) -> i32 {
        super::centre_hint(game, mv)
    }
}

/// The number of empty cells `player` still has to fill to join their edges ([`UNREACHABLE`]
/// if the opponent's stones cut every path), by 0-1 BFS by levels.
pub fn shortest_distance(game: &Hex, player: Player) -> u32 {
    let geo = game.geometry();
    let own = game.stones(player);
    let opp = game.stones(player.opponent());
    let (first, second) = edges(geo, player);
    let mut dist = [u32::MAX; super::MAX_CELLS];
    let (mut current, mut next): (Vec<u16>, Vec<u16>) = (Vec::new(), Vec::new());
    for i in first.minus(opp).iter() {
        let d = if own.contains(i) { 0 } else { 1 };
        dist[i] = d;
        if d == 0 {
            current.push(i as u16);
        } else {
            next.push(i as u16);
        }
    }
    let mut level = 0;
    loop {
        let mut k = 0;
        while k < current.len() {
            let c = current[k] as usize;
            k += 1;
            if dist[c] != level {
                continue;
            }
            if second.contains(c) {
                return level;
            }
            for &nb in geo.neighbours_of(c) {
                let nb = nb as usize;
                if opp.contains(nb) {
                    continue;
                }
                let d = level + if own.contains(nb) { 0 } else { 1 };
                if d < dist[nb] {
                    dist[nb] = d;
                    if d == level {
                        current.push(nb as u16);
                    } else {
                        next.push(nb as u16);
                    }
                }
            }
        }
        if next.is_empty() {
            return UNREACHABLE;
        }
        current.clear();
        std::mem::swap(&mut current, &mut next);
        level += 1;
    }
}

/// Queenbee's two-distance evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct TwoDistance;

impl Evaluator<Hex> for TwoDistance {
    fn name(&self) -> &str {
        "two-distance"
    }
    fn evaluate(&self, game: &Hex, player: Player) -> i64 {
        let (own_p, own_m) = potential(game, player);
        let (opp_p, opp_m) = potential(game, player.opponent());
        TD_WEIGHT * (opp_p as i64 - own_p as i64) + (own_m as i64 - opp_m as i64)
    }
    fn move_hint(&self, game: &Hex, mv: super::HexMove) -> i32 {
        super::centre_hint(game, mv)
    }
}

/// A player's two-distance potential and mobility; `(UNREACHABLE, 0)` if no empty cell
/// lies on a route between their edges.
pub fn potential(game: &Hex, player: Player) -> (u32, u32) {
    let graph = PlayerGraph::new(game, player);
    let from_first = two_distances(&graph, true);
    let from_second = two_distances(&graph, false);
    let mut best = UNREACHABLE;
    let mut count = 0;
    for &u in &graph.nodes {
        let u = u as usize;
        if graph.is_chain[u] || from_first[u] == u32::MAX || from_second[u] == u32::MAX {
            continue;
        }
        let p = (from_first[u] + from_second[u]).min(UNREACHABLE);
        if p < best {
            best = p;
            count = 1;
        } else if p == best {
            count += 1;
        }
    }
    if best == UNREACHABLE {
        (UNREACHABLE, 0)
    } else {
        (best, count)
    }
}

/// Two-distances of every empty cell from the first (or second) edge; `u32::MAX` if
/// unreachable. Own chains are transparent: the neighbours of an empty cell are the empty
/// cells next to it or next to a chain it touches, and a cell on the edge or touching a chain
/// on the edge is at distance 1. Cells are settled in increasing distance by levels; a cell's
/// value is fixed when its second neighbour settles (the second smallest), plus 1.
pub(super) fn two_distances(graph: &PlayerGraph, from_first: bool) -> Vec<u32> {
    let cells = graph.rep.len();
    let edge = if from_first {
        &graph.source
    } else {
        &graph.sink
    };
    let (start, adj) = transparent_adjacency(graph);
    let mut dist = vec![u32::MAX; cells];
    let mut seen = vec![0u8; cells];
    let mut done = vec![false; cells];
    let (mut current, mut next): (Vec<u16>, Vec<u16>) = (Vec::new(), Vec::new());
    for &u in &graph.nodes {
        let u = u as usize;
        if graph.is_chain[u] {
            continue;
        }
        let touches = edge.contains(u)
            || graph
                .neighbours(u)
                .iter()
                .any(|&(g, _)| graph.is_chain[g as usize] && edge.contains(g as usize));
        if touches {
            dist[u] = 1;
            current.push(u as u16);
        }
    }
    let mut level = 1;
    loop {
        let mut k = 0;
        while k < current.len() {
            let u = current[k] as usize;
            k += 1;
            if done[u] || dist[u] != level {
                continue;
            }
            done[u] = true;
            for &v in &adj[start[u] as usize..start[u + 1] as usize] {
                let v = v as usize;
                if done[v] {
                    continue;
                }
                seen[v] = seen[v].saturating_add(1);
                if seen[v] == 2 && level + 1 < dist[v] {
                    dist[v] = level + 1;
                    next.push(v as u16);
                }
            }
        }
        if next.is_empty() {
            return dist;
        }
        current.clear();
        std::mem::swap(&mut current, &mut next);
        level += 1;
    }
}

/// For each empty cell, the empty cells next to it or next to an own chain it touches
/// (compressed rows indexed by cell; chains have empty rows).
fn transparent_adjacency(graph: &PlayerGraph) -> (Vec<u32>, Vec<u16>) {
    let cells = graph.rep.len();
    let mut start = vec![0u32; cells + 1];
    let mut adj: Vec<u16> = Vec::with_capacity(8 * cells);
    let mut stamp = vec![u32::MAX; cells];
    for u in 0..cells {
        start[u] = adj.len() as u32;
        if graph.rep[u] != u as u16 || graph.is_chain[u] {
            continue;
        }
        stamp[u] = u as u32;
        for &(v, _) in graph.neighbours(u) {
            let v = v as usize;
            if graph.is_chain[v] {
                for &(w, _) in graph.neighbours(v) {
                    let w = w as usize;
                    if stamp[w] != u as u32 {
                        stamp[w] = u as u32;
                        adj.push(w as u16);
                    }
                }
            } else if stamp[v] != u as u32 {
                stamp[v] = u as u32;
                adj.push(v as u16);
            }
        }
    }
    start[cells] = adj.len() as u32;
    (start, adj)
}
