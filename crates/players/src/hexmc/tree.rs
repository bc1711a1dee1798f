//! The search tree: one preallocated arena of nodes whose fields are atomics, shared by every
//! search thread without a lock (Enzenberger and Müller, "A lock-free multithreaded Monte
//! Carlo tree search algorithm", ACG 2009, as in Fuego and MoHex).
//!
//! - Visits and wins are added with atomic read-modify-writes (a compare-and-swap loop for
//!   the `f32` wins), so no update is lost: a value net's block of virtual results on a node
//!   must not be overwritten by a thread's single result. The RAVE statistics use plain
//!   loads and stores: two threads adding at once may lose one update, which the search
//!   tolerates (the paper measured no loss of strength), and no update can tear a value.
//! - A node is expanded by the thread that wins the compare-and-swap of its state from
//!   `LEAF` to `EXPANDING`; it takes its children from the arena with one `fetch_add`, fills
//!   them, and only then publishes them (state `EXPANDED`, release ordering). Other threads
//!   meanwhile run their playout from the leaf.
//! - A thread going down adds one visit to every node on its path before its playout ends
//!   (a *virtual loss*), so the other thread is steered to other lines.
//! - Proven nodes (MCTS-solver, Winands, Björnsson and Saito 2008) carry `WIN` or `LOSS` for
//!   the player to move there.

use std::sync::atomic::{AtomicU32, AtomicU8, AtomicUsize, Ordering::*};

/// Node states.
pub const LEAF: u8 = 0;
pub const EXPANDING: u8 = 1;
pub const EXPANDED: u8 = 2;
/// `Node::knowledge` of a node whose analysis left fill-in stones.
const FILLED: u8 = 2;
/// Proof marks, for the player to move at the node.
pub const UNKNOWN: u8 = 0;
pub const WIN: u8 = 1;
pub const LOSS: u8 = 2;

/// One node: the move that led to it and its statistics (from the view of the player who
/// made that move).
#[derive(Default, Debug)]
pub struct Node {
    /// Mailbox cell of the move.
    pub cell: AtomicU32,
    pub visits: AtomicU32,
    /// Wins as `f32` bits (virtual losses are visits without wins).
    pub wins: AtomicU32,
    pub rave_visits: AtomicU32,
    pub rave_wins: AtomicU32,
    /// Prior knowledge of the move in `[0, 1]`, as `f32` bits.
    pub prior: AtomicU32,
    pub first_child: AtomicU32,
    pub child_count: AtomicU32,
    pub state: AtomicU8,
    pub proof: AtomicU8,
    /// Set once the node's virtual connections have been looked at.
    pub knowledge: AtomicU8,
    /// Bit 1 set once the policy net has given the node's children their priors, bit 2
    /// once the value net has given the node its results.
    pub net: AtomicU8,
}

#[inline]
fn add_f32(a: &AtomicU32, v: f32) {
    a.store((f32::from_bits(a.load(Relaxed)) + v).to_bits(), Relaxed);
}

/// [`add_f32`] that loses no concurrent update.
#[inline]
fn add_f32_exact(a: &AtomicU32, v: f32) {
    // The closure always returns `Some`, so the update cannot fail.
    let _ = a.fetch_update(Relaxed, Relaxed, |bits| {
        Some((f32::from_bits(bits) + v).to_bits())
    });
}

#[inline]
fn add_u32(a: &AtomicU32, v: u32) {
    a.store(a.load(Relaxed).wrapping_add(v), Relaxed);
}

impl Node {
    fn reset(&self, cell: u32, prior: f32) {
        self.cell.store(cell, Relaxed);
        self.visits.store(0, Relaxed);
        self.wins.store(0f32.to_bits(), Relaxed);
        self.rave_visits.store(0, Relaxed);
        self.rave_wins.store(0f32.to_bits(), Relaxed);
        self.prior.store(prior.to_bits(), Relaxed);
        self.first_child.store(0, Relaxed);
        self.child_count.store(0, Relaxed);
        self.state.store(LEAF, Relaxed);
        self.proof.store(UNKNOWN, Relaxed);
        self.knowledge.store(0, Relaxed);
        self.net.store(0, Relaxed);
    }

    /// Marks the node as having fill-in stones (kept by the searcher, by node index).
    #[inline]
    pub fn mark_fill_in(&self) {
        self.knowledge.store(FILLED, Relaxed);
    }

    /// True if the node has fill-in stones.
    #[inline]
    pub fn has_fill_in(&self) -> bool {
        self.knowledge.load(Relaxed) == FILLED
    }

    /// Claims the node's connection analysis; false if done or taken.
    #[inline]
    pub fn claim_knowledge(&self) -> bool {
        self.knowledge.load(Relaxed) == 0
            && self
                .knowledge
                .compare_exchange(0, 1, Relaxed, Relaxed)
                .is_ok()
    }

    /// Claims the policy net's evaluation of the node; false if done or taken.
    #[inline]
    pub fn claim_net(&self) -> bool {
        self.net.load(Relaxed) & 1 == 0 && self.net.fetch_or(1, Relaxed) & 1 == 0
    }

    /// Claims the value net's evaluation of the node; false if done or taken.
    #[inline]
    pub fn claim_value(&self) -> bool {
        self.net.load(Relaxed) & 2 == 0 && self.net.fetch_or(2, Relaxed) & 2 == 0
    }

    /// Sets the prior knowledge of the move.
    #[inline]
    pub fn set_prior(&self, prior: f32) {
        self.prior.store(prior.to_bits(), Relaxed);
    }

    #[inline]
    pub fn cell(&self) -> usize {
        self.cell.load(Relaxed) as usize
    }
    #[inline]
    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }
    #[inline]
    pub fn wins(&self) -> f32 {
        f32::from_bits(self.wins.load(Relaxed))
    }
    #[inline]
    pub fn rave(&self) -> (u32, f32) {
        (
            self.rave_visits.load(Relaxed),
            f32::from_bits(self.rave_wins.load(Relaxed)),
        )
    }
    #[inline]
    pub fn prior(&self) -> f32 {
        f32::from_bits(self.prior.load(Relaxed))
    }
    #[inline]
    pub fn proof(&self) -> u8 {
        self.proof.load(Relaxed)
    }
    #[inline]
    pub fn set_proof(&self, p: u8) {
        self.proof.store(p, Relaxed);
    }
    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.state.load(Acquire) == EXPANDED
    }
    /// The children's index range (empty unless expanded).
    #[inline]
    pub fn children(&self) -> std::ops::Range<usize> {
        if !self.is_expanded() {
            return 0..0;
        }
        let first = self.first_child.load(Relaxed) as usize;
        first..first + self.child_count.load(Relaxed) as usize
    }
    /// Adds the virtual loss of a thread going down.
    #[inline]
    pub fn add_visit(&self) {
        self.visits.fetch_add(1, Relaxed);
    }
    /// Adds a simulation's result (its visit was counted on the way down).
    #[inline]
    pub fn add_result(&self, win: f32) {
        if win != 0.0 {
            add_f32_exact(&self.wins, win);
        }
    }
    #[inline]
    pub fn add_rave(&self, win: f32) {
        add_u32(&self.rave_visits, 1);
        if win != 0.0 {
            add_f32(&self.rave_wins, win);
        }
    }
    /// Seeds the statistics with `visits` games won at rate `rate` (prior knowledge).
    pub fn seed(&self, visits: u32, rate: f32) {
        self.visits.store(visits, Relaxed);
        self.wins.store((visits as f32 * rate).to_bits(), Relaxed);
    }
    /// Adds `visits` results at rate `rate` to the statistics (a value estimate counted as
    /// that many playouts).
    pub fn add_virtual(&self, visits: u32, rate: f32) {
        self.visits.fetch_add(visits, Relaxed);
        add_f32_exact(&self.wins, visits as f32 * rate);
    }
    /// Seeds the RAVE statistics.
    pub fn seed_rave(&self, visits: u32, rate: f32) {
        self.rave_visits.store(visits, Relaxed);
        self.rave_wins
            .store((visits as f32 * rate).to_bits(), Relaxed);
    }
}

/// The arena.
pub struct Tree {
    pub nodes: Vec<Node>,
    used: AtomicUsize,
}

impl Tree {
    /// An arena of `capacity` nodes (at least 1).
    pub fn new(capacity: usize) -> Tree {
        let capacity = capacity.max(1);
        Tree {
            nodes: (0..capacity).map(|_| Node::default()).collect(),
            used: AtomicUsize::new(1),
        }
    }

    /// Empties the tree: a fresh root.
    pub fn clear(&self) {
        self.used.store(1, Relaxed);
        self.nodes[0].reset(u32::MAX, 0.0);
    }

    /// Nodes in use.
    pub fn used(&self) -> usize {
        self.used.load(Relaxed).min(self.nodes.len())
    }

    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Claims the expansion of `node`; false if another thread has it or it is done.
    #[inline]
    pub fn try_claim(&self, node: usize) -> bool {
        self.nodes[node]
            .state
            .compare_exchange(LEAF, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Gives `node` the children `(cell, prior)` (after a successful claim). If the arena is
    /// full the node goes back to being a leaf and false is returned.
    pub fn expand(&self, node: usize, children: &[(u16, f32)]) -> bool {
        let n = children.len();
        let first = self.used.fetch_add(n, Relaxed);
        if first + n > self.nodes.len() {
            self.nodes[node].state.store(LEAF, Release);
            return false;
        }
        for (k, &(cell, prior)) in children.iter().enumerate() {
            self.nodes[first + k].reset(cell as u32, prior);
        }
        let parent = &self.nodes[node];
        parent.first_child.store(first as u32, Relaxed);
        parent.child_count.store(n as u32, Relaxed);
        parent.state.store(EXPANDED, Release);
        true
    }

    /// Makes this tree a copy of `from`'s subtree under `root` (the new root at index 0,
    /// every node's children contiguous, breadth first). False if it does not fit, leaving
    /// this tree cleared.
    pub fn copy_subtree(&self, from: &Tree, root: usize) -> bool {
        let copy = |dst: &Node, src: &Node| {
            dst.cell.store(src.cell.load(Relaxed), Relaxed);
            dst.visits.store(src.visits.load(Relaxed), Relaxed);
            dst.wins.store(src.wins.load(Relaxed), Relaxed);
            dst.rave_visits
                .store(src.rave_visits.load(Relaxed), Relaxed);
            dst.rave_wins.store(src.rave_wins.load(Relaxed), Relaxed);
            dst.prior.store(src.prior.load(Relaxed), Relaxed);
            dst.net.store(src.net.load(Relaxed), Relaxed);
            dst.proof.store(src.proof.load(Relaxed), Relaxed);
            // Fill-in stones are kept by node index, which the copy changes: the node's
            // analysis is done again.
            let knowledge = src.knowledge.load(Relaxed);
            dst.knowledge
                .store(if knowledge == FILLED { 0 } else { knowledge }, Relaxed);
            dst.first_child.store(0, Relaxed);
            dst.child_count.store(0, Relaxed);
            dst.state.store(LEAF, Relaxed);
        };
        self.clear();
        copy(&self.nodes[0], &from.nodes[root]);
        // (new index, old index) of nodes whose children are still to be copied.
        let mut queue = std::collections::VecDeque::from([(0usize, root)]);
        let mut used = 1usize;
        while let Some((new, old)) = queue.pop_front() {
            let src = &from.nodes[old];
            let range = src.children();
            if !src.is_expanded() {
                continue;
            }
            if used + range.len() > self.nodes.len() {
                self.clear();
                return false;
            }
            let first = used;
            for (k, o) in range.clone().enumerate() {
                copy(&self.nodes[first + k], &from.nodes[o]);
                queue.push_back((first + k, o));
            }
            used += range.len();
            let dst = &self.nodes[new];
            dst.first_child.store(first as u32, Relaxed);
            dst.child_count.store(range.len() as u32, Relaxed);
            dst.state.store(EXPANDED, Release);
        }
        self.used.store(used, Relaxed);
        true
    }

    /// The child of `node` that played `cell`, if expanded.
    pub fn child_with_cell(&self, node: usize, cell: usize) -> Option<usize> {
        self.nodes[node]
            .children()
            .find(|&c| self.nodes[c].cell() == cell)
    }

    /// Marks a claimed node as expanded without children (a proven node).
    pub fn finish_without_children(&self, node: usize) {
        let parent = &self.nodes[node];
        parent.child_count.store(0, Relaxed);
        parent.state.store(EXPANDED, Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_claims_publish_and_overflow() {
        let tree = Tree::new(4);
        tree.clear();
        assert!(tree.try_claim(0));
        assert!(!tree.try_claim(0));
        assert!(tree.expand(0, &[(5, 0.5), (6, 0.25)]));
        assert_eq!(tree.nodes[0].children(), 1..3);
        assert_eq!(tree.nodes[2].cell(), 6);
        assert_eq!(tree.nodes[2].prior(), 0.25);
        // Two more children do not fit in four nodes: the node stays a leaf.
        assert!(tree.try_claim(1));
        assert!(!tree.expand(1, &[(7, 0.0), (8, 0.0)]));
        assert!(tree.nodes[1].children().is_empty());
        let copy = Tree::new(4);
        tree.nodes[2].add_visit();
        assert!(copy.copy_subtree(&tree, 0));
        assert_eq!(copy.used(), 3);
        assert_eq!(copy.child_with_cell(0, 6), Some(2));
        assert_eq!(copy.nodes[2].visits(), 1);
        assert!(copy.copy_subtree(&tree, 2));
        assert_eq!((copy.used(), copy.nodes[0].cell()), (1, 6));
        assert!(!Tree::new(2).copy_subtree(&tree, 0));
        assert!(tree.try_claim(1));
        let n = &tree.nodes[1];
        n.add_visit();
        n.add_result(1.0);
        n.add_rave(0.0);
        assert_eq!((n.visits(), n.wins(), n.rave()), (1, 1.0, (1, 0.0)));
    }
}
