//! The board as one player sees it, for the evaluators: each chain of the player's stones is
//! contracted into one node (a chain is connected already, so it costs nothing to cross),
//! the opponent's stones are removed (they block), and every empty cell is a node.
//!
//! Nodes are numbered by cell: an empty cell is its own node; a chain is the node of its
//! lowest cell. Adjacency is stored once per pair of nodes (compressed rows), with the
//! number of cell-to-cell contacts behind it (a chain may touch an empty cell through
//! several stones).

use super::cellset::CellSet;
use super::geometry::Geometry;
use super::position::Hex;
use poda_core::Player;

/// Marks a cell that is not a node (an opponent stone, or off the board).
pub(super) const NONE: u16 = u16::MAX;

/// The contracted graph of one player.
pub(super) struct PlayerGraph {
    /// The node of each cell ([`NONE`] for opponent stones).
    pub rep: Vec<u16>,
    /// Every node, in increasing cell order.
    pub nodes: Vec<u16>,
    /// True for chain nodes (own stones), false for empty cells.
    pub is_chain: Vec<bool>,
    /// Compressed adjacency: the neighbours of node `u` are `adj[start[u]..start[u + 1]]`,
    /// where `start` is indexed by cell.
    pub start: Vec<u32>,
    pub adj: Vec<(u16, u8)>,
    /// Nodes touching the player's first edge (top for Black, left for White) and second.
    pub source: CellSet,
    pub sink: CellSet,
}

impl PlayerGraph {
    /// Builds the graph of `player` in `game`.
    pub fn new(game: &Hex, player: Player) -> PlayerGraph {
        let geo = game.geometry();
        let cells = geo.cells;
        let own = *game.stones(player);
        let opp = *game.stones(player.opponent());
        let mut rep = vec![NONE; cells];
        let mut members: Vec<u16> = Vec::with_capacity(own.len() as usize);
        let mut chain_ranges: Vec<(u16, u32, u32)> = Vec::new();
        let mut stack: Vec<u16> = Vec::new();
        for i in 0..cells {
            if opp.contains(i) || rep[i] != NONE {
                continue;
            }
            rep[i] = i as u16;
            if !own.contains(i) {
                continue;
            }
            // A new chain: flood it, every stone pointing at `i`.
            let first = members.len() as u32;
            stack.push(i as u16);
            while let Some(s) = stack.pop() {
                members.push(s);
                for &nb in geo.neighbours_of(s as usize) {
                    if own.contains(nb as usize) && rep[nb as usize] == NONE {
                        rep[nb as usize] = i as u16;
                        stack.push(nb);
                    }
                }
            }
            chain_ranges.push((i as u16, first, members.len() as u32));
        }
        let mut graph = PlayerGraph {
            rep,
            nodes: Vec::with_capacity(cells),
            is_chain: vec![false; cells],
            start: vec![0; cells + 1],
            adj: Vec::with_capacity(6 * cells),
            source: CellSet::EMPTY,
            sink: CellSet::EMPTY,
        };
        let (first_edge, second_edge) = edges(geo, player);
        for &(root, _, _) in &chain_ranges {
            graph.is_chain[root as usize] = true;
        }
        // Rows in cell order; a chain's row lists the contacts of all its stones.
        let mut chain_of = chain_ranges.iter();
        let mut count = vec![0u8; cells];
        let mut touched: Vec<u16> = Vec::with_capacity(32);
        for i in 0..cells {
            graph.start[i] = graph.adj.len() as u32;
            if graph.rep[i] != i as u16 {
                continue;
            }
            graph.nodes.push(i as u16);
            let single = [i as u16];
            let stones: &[u16] = if graph.is_chain[i] {
                let &(_, a, b) = chain_of.next().expect("chains in cell order");
                &members[a as usize..b as usize]
            } else {
                &single
            };
            for &s in stones {
                let s = s as usize;
                if first_edge.contains(s) {
                    graph.source.insert(i);
                }
                if second_edge.contains(s) {
                    graph.sink.insert(i);
                }
                for &nb in geo.neighbours_of(s) {
                    let r = graph.rep[nb as usize];
                    if r == NONE || r as usize == i {
                        continue;
                    }
                    if count[r as usize] == 0 {
                        touched.push(r);
                    }
                    count[r as usize] += 1;
                }
            }
            for &r in &touched {
                graph.adj.push((r, count[r as usize]));
                count[r as usize] = 0;
            }
            touched.clear();
        }
        graph.start[cells] = graph.adj.len() as u32;
        graph
    }

    /// The neighbours of node `u` with their contact counts.
    #[inline]
    pub fn neighbours(&self, u: usize) -> &[(u16, u8)] {
        &self.adj[self.start[u] as usize..self.start[u + 1] as usize]
    }
}

/// The first and second edge of `player`: top and bottom for Black, left and right for White.
pub(super) fn edges(geo: &Geometry, player: Player) -> (CellSet, CellSet) {
    match player {
        Player::First => (geo.top, geo.bottom),
        Player::Second => (geo.left, geo.right),
    }
}
