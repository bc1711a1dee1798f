//! Which nodes a picture draws (folding) and where (a simple tidy tree layout).
//!
//! Folding: the picture shows the final root's tree down to a ply chosen so that at most a
//! budget of nodes is drawn (or `--show-depth`), and the principal variation below it in
//! full; a drawn node whose children are not drawn carries the number of nodes folded under
//! it, and keeps its cut-off stub. Layout: each drawn leaf, and each cut-off's stub (the branches never searched), takes
//! the next slot from left to right, and a parent sits midway between its first and last
//! child, in the manner of Wetherell and Shannon's tidy drawings ("Tidy drawings of trees",
//! IEEE TSE 5, 1979) without their compaction.

use super::model::Panel;
use super::text::subtree_sizes;

/// Most nodes a picture draws per algorithm before it folds deeper plies.
pub const DRAW_BUDGET: usize = 300;

/// What one picture of a panel draws.
pub struct Fold {
    pub visible: Vec<bool>,
    /// For a drawn node whose children are not drawn: how many nodes are folded under it.
    pub folded_below: Vec<usize>,
    /// The deepest ply drawn in full.
    pub show_depth: u32,
    /// Some nodes are not drawn.
    pub folded: bool,
}

/// Chooses the drawn nodes of `p`'s final root tree.
pub fn fold(p: &Panel, show_depth: Option<u32>) -> Fold {
    let root = p.root();
    let sizes = subtree_sizes(p);
    let span = root..root + sizes[root];
    let deepest = span
        .clone()
        .map(|i| p.trace.nodes[i].ply)
        .max()
        .unwrap_or(0);
    let visible_at = |d: u32| -> Vec<bool> {
        let mut visible = vec![false; p.trace.nodes.len()];
        for i in span.clone() {
            let n = &p.trace.nodes[i];
            visible[i] =
                i == root || n.ply <= d || n.parent.is_some_and(|q| visible[q] && p.on_pv[q]);
        }
        visible
    };
    let d = show_depth.unwrap_or_else(|| {
        (1..=deepest)
            .rev()
            .find(|&d| drawn_items(p, &visible_at(d)) <= DRAW_BUDGET)
            .unwrap_or(1)
    });
    let visible = visible_at(d);
    let mut folded_below = vec![0; p.trace.nodes.len()];
    for i in span.clone() {
        if visible[i] && sizes[i] > 1 && !p.children[i].iter().any(|&c| visible[c]) {
            folded_below[i] = sizes[i] - 1;
        }
    }
    let drawn = visible.iter().filter(|&&v| v).count();
    Fold {
        folded: drawn < sizes[root],
        visible,
        folded_below,
        show_depth: d.min(deepest),
    }
}

/// Nodes and cut-off stubs drawn.
fn drawn_items(p: &Panel, visible: &[bool]) -> usize {
    (0..visible.len())
        .filter(|&i| visible[i])
        .map(|i| 1 + usize::from(p.trace.nodes[i].cutoff))
        .sum()
}

/// A cut-off's stub: the branches a node never searched, drawn as one greyed branch.
pub struct Stub {
    pub node: usize,
    pub x: f64,
}

/// Horizontal positions, in slots (one slot per drawn leaf or stub).
pub struct Layout {
    /// The centre of each drawn node.
    pub x: Vec<Option<f64>>,
    pub stubs: Vec<Stub>,
    /// The width of the tree in slots.
    pub slots: f64,
}

pub fn layout(p: &Panel, fold: &Fold) -> Layout {
    let mut l = Layout {
        x: vec![None; p.trace.nodes.len()],
        stubs: Vec::new(),
        slots: 0.0,
    };
    place(p, fold, p.root(), &mut l);
    l
}

fn place(p: &Panel, fold: &Fold, i: usize, l: &mut Layout) -> f64 {
    let shown: Vec<usize> = p.children[i]
        .iter()
        .copied()
        .filter(|&c| fold.visible[c])
        .collect();
    let x = if shown.is_empty() {
        l.slots += 1.0;
        let x = l.slots - 0.5;
        if p.trace.nodes[i].cutoff {
            // A folded node keeps its cut-off in sight: the stub takes the next slot.
            l.slots += 1.0;
            l.stubs.push(Stub {
                node: i,
                x: l.slots - 0.5,
            });
        }
        x
    } else {
        let first = place(p, fold, shown[0], l);
        let mut last = first;
        for &c in &shown[1..] {
            last = place(p, fold, c, l);
        }
        if p.trace.nodes[i].cutoff {
            l.slots += 1.0;
            last = l.slots - 0.5;
            l.stubs.push(Stub { node: i, x: last });
        }
        (first + last) / 2.0
    };
    l.x[i] = Some(x);
    x
}
