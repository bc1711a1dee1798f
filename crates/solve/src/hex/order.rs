//! Move ordering for the prover: the current that flows through each empty cell when each
//! player's board is a resistor network (Anshelevich's circuit model; benzene's DFPN sorts a
//! node's moves the same way, by its resistance evaluator's per-cell scores).
//!
//! For one player, an empty cell is a 1-ohm node, a group of the player's stones a 0-ohm
//! node, the opponent's stones are cut out, and the two edges are held at 1 and 0 volts
//! (a group touching an edge takes the edge's voltage). Two touching nodes are joined by the
//! sum of their resistances (empty-empty 2 ohms, empty-group 1 ohm), an edge cell by its
//! own resistance to its edge. The voltages come from successive over-relaxation (a few
//! dozen sweeps over at most 121 nodes are plenty for an order). The current through a cell
//! is half the sum of the currents on its contacts. A cell's score adds both players'
//! currents: the cells both players' routes crowd through are searched first.
//!
//! With the player's full virtual connections ([`cell_currents_with`]), two points joined by
//! one are also wired together, with the conductance of a contact divided by one plus the
//! number of cells all its carriers share (benzene's resistance evaluation, after
//! Anshelevich: a connection the opponent cannot cut at one cell is as good as adjacency).

use super::board::{cells, Board, Masks};
use super::hsearch::VcEnd;
use poda_core::Player;

/// Relaxation factor and sweeps of the solver (an order needs no precision: on the 7x7
/// openings g1 a3 b4, 20 sweeps gave the prover the same tree as 60 to within a node).
const OMEGA: f64 = 1.6;
const SWEEPS: usize = 20;

/// The network: each node's contacts (node, conductance), node `u`'s at
/// `adj[start[u]..start[u + 1]]`; edges are the last two nodes.
struct Network {
    start: Vec<usize>,
    adj: Vec<(usize, f64)>,
    /// The node of each cell (`usize::MAX` for the opponent's stones).
    node_of: Vec<usize>,
    nodes: usize,
}

/// Node index of the first edge (held at 1 volt) and of the second (0 volts), after the
/// cell nodes.
fn edge_nodes(nodes: usize) -> (usize, usize) {
    (nodes, nodes + 1)
}

impl Network {
    fn new(board: &Board, masks: &Masks, player: Player, wires: &[(VcEnd, VcEnd, u32)]) -> Network {
        let own = board.stones[player.index()];
        let opp = board.stones[player.opponent().index()];
        let (e1, e2) = masks.edges(player);
        let cells_n = (masks.size * masks.size) as usize;
        let mut node_of = vec![usize::MAX; cells_n];
        // Groups on an edge become that edge's node; the other groups and empty cells get
        // their own nodes.
        let on1 = masks.flood(own & e1, own);
        let on2 = masks.flood(own & e2, own);
        let mut nodes = 0;
        let mut groups: Vec<u128> = Vec::new();
        let mut rest = own & !on1 & !on2;
        while rest != 0 {
            let g = masks.flood(rest & rest.wrapping_neg(), own);
            rest &= !g;
            for c in cells(g) {
                node_of[c as usize] = nodes;
            }
            groups.push(g);
            nodes += 1;
        }
        for c in cells(masks.board & !own & !opp) {
            node_of[c as usize] = nodes;
            nodes += 1;
        }
        let (n1, n2) = edge_nodes(nodes);
        for c in cells(on1) {
            node_of[c as usize] = n1;
        }
        for c in cells(on2) {
            node_of[c as usize] = n2;
        }
        // Directed contacts (from, to, conductance), gathered per node below.
        let mut links: Vec<(usize, usize, f64)> = Vec::with_capacity(8 * nodes + 2 * wires.len());
        let empty = masks.board & !own & !opp;
        // Empty cells' nodes come after the groups' and before the edges'.
        let is_empty = |w: usize| w >= groups.len() && w < nodes;
        for c in cells(empty) {
            let u = node_of[c as usize];
            let bit = 1u128 << c;
            for d in cells(masks.expand(bit) & !bit & !opp) {
                let v = node_of[d as usize];
                let g = if empty >> d & 1 == 1 { 0.5 } else { 1.0 };
                links.push((u, v, g));
                if is_empty(v) {
                    continue; // empty-empty: the other cell adds its own side
                }
                links.push((v, u, g));
            }
            if e1 & bit != 0 {
                links.push((u, n1, 1.0));
            }
            if e2 & bit != 0 {
                links.push((u, n2, 1.0));
            }
        }
        let node = |e: VcEnd| match e {
            VcEnd::Edge1 => n1,
            VcEnd::Edge2 => n2,
            VcEnd::Cell(c) => node_of[c as usize],
        };
        for &(a, b, shared) in wires {
            let (u, v) = (node(a), node(b));
            if u == v || u == usize::MAX || v == usize::MAX {
                continue;
            }
            let base = if is_empty(u) && is_empty(v) { 0.5 } else { 1.0 };
            let g = base / (1 + shared) as f64;
            links.push((u, v, g));
            links.push((v, u, g));
        }
        let mut start = vec![0usize; nodes + 3];
        for &(u, _, _) in &links {
            start[u + 1] += 1;
        }
        for u in 0..nodes + 2 {
            start[u + 1] += start[u];
        }
        let mut next = start.clone();
        let mut adj = vec![(0usize, 0.0); links.len()];
        for &(u, v, g) in &links {
            adj[next[u]] = (v, g);
            next[u] += 1;
        }
        Network {
            start,
            adj,
            node_of,
            nodes,
        }
    }

    /// Node `u`'s contacts.
    #[inline]
    fn contacts(&self, u: usize) -> &[(usize, f64)] {
        &self.adj[self.start[u]..self.start[u + 1]]
    }

    /// The voltages of every node (the edges last).
    fn voltages(&self) -> Vec<f64> {
        let (n1, n2) = edge_nodes(self.nodes);
        let mut v = vec![0.5; self.nodes + 2];
        v[n1] = 1.0;
        v[n2] = 0.0;
        let den: Vec<f64> = (0..self.nodes)
            .map(|u| self.contacts(u).iter().map(|&(_, g)| g).sum())
            .collect();
        for _ in 0..SWEEPS {
            for u in 0..self.nodes {
                if den[u] > 0.0 {
                    let num: f64 = self.contacts(u).iter().map(|&(w, g)| g * v[w]).sum();
                    v[u] += OMEGA * (num / den[u] - v[u]);
                }
            }
        }
        v
    }
}

/// The current through each empty cell for both players (indexed by cell; 0 elsewhere).
pub fn cell_currents(board: &Board, masks: &Masks) -> Vec<f64> {
    cell_currents_with(board, masks, [&[], &[]])
}

/// [`cell_currents`] with each player's full connections as extra wires (`wires[i]` for
/// the player of index `i`, from [`super::hsearch::HSearch::fulls`]).
pub fn cell_currents_with(
    board: &Board,
    masks: &Masks,
    wires: [&[(VcEnd, VcEnd, u32)]; 2],
) -> Vec<f64> {
    let cells_n = (masks.size * masks.size) as usize;
    let mut score = vec![0.0; cells_n];
    let empty = board.empty(masks);
    for player in [Player::First, Player::Second] {
        let net = Network::new(board, masks, player, wires[player.index()]);
        let v = net.voltages();
        for c in cells(empty) {
            let u = net.node_of[c as usize];
            let flow: f64 = net
                .contacts(u)
                .iter()
                .map(|&(w, g)| g * (v[u] - v[w]).abs())
                .sum();
            score[c as usize] += 0.5 * flow;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On the empty board the acute corners carry the least current (a route through one
    /// is a detour for both players), and cells that the 180-degree rotation maps onto each
    /// other carry the same.
    #[test]
    fn acute_corners_carry_least_and_rotation_keeps_currents() {
        let masks = Masks::new(5);
        let board = Board {
            stones: [0, 0],
            to_move: Player::First,
            swap_rule: false,
        };
        let s = cell_currents(&board, &masks);
        for c in 1..24 {
            assert!(s[0] < s[c], "{s:?}");
        }
        // The relaxation stops after SWEEPS sweeps, short of convergence: twins differ by
        // about 2e-4 of their current (an order needs no more).
        for c in 0..25 {
            assert!(
                (s[c] - s[24 - c]).abs() < 1e-3 * s[c],
                "{} {}",
                s[c],
                s[24 - c]
            );
        }
    }

    /// A cell that would complete a Black chain between the edges carries Black's whole
    /// current: it outscores every other empty cell.
    #[test]
    fn the_only_gap_carries_the_current() {
        let masks = Masks::new(3);
        // Black on a1 (top row) and a3 (bottom row), White on b1 b3 c1 c3: a2 joins Black.
        let black = 1u128 | 1 << 6;
        let white = (1u128 << 1) | (1 << 2) | (1 << 7) | (1 << 8);
        let board = Board {
            stones: [black, white],
            to_move: Player::First,
            swap_rule: false,
        };
        let s = cell_currents(&board, &masks);
        for c in [4usize, 5] {
            assert!(s[3] > s[c], "{s:?}");
        }
    }
}
