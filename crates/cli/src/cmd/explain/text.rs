//! The `text` format: each algorithm's tree indented, one node a line, in visiting order.

use super::model::{Explanation, Panel};
use poda_search::engine::tt::Bound;
use poda_search::trace::{Algorithm, TraceNode};
use std::fmt::Write;

/// The legend shared by the text and the pictures.
pub fn legend(e: &Explanation) -> Vec<String> {
    let me = e.root_player.number();
    let other = e.root_player.opponent().number();
    vec![
        format!(
            "Values are for player {me}, the player to move at the root: MAX nodes (player {me} \
             to move) take their largest child value, MIN nodes (player {other} to move) the \
             smallest. A move after which the same player moves again shows as MAX under MAX. \
             Wn / Ln: player {me} wins / loses n plies from the root."
        ),
        "#n: the order in which nodes were visited. [alpha, beta]: the window a node was \
         entered with. CUT: the node stopped early (MAX: its value reached beta; MIN: it fell \
         to alpha), so the moves listed were never searched. PV: the principal variation."
            .to_string(),
    ]
}

/// The whole text output (without the summary table).
pub fn render(e: &Explanation, show_depth: Option<u32>) -> String {
    let mut out = String::new();
    let position = if e.moves.is_empty() {
        "the start position".to_string()
    } else {
        format!("position after {}", e.moves)
    };
    let _ = writeln!(
        out,
        "poda explain {}, {position}: depth {}, evaluator {}",
        e.game, e.depth, e.eval
    );
    for line in legend(e) {
        let _ = writeln!(out, "{line}");
    }
    for p in &e.panels {
        let _ = writeln!(
            out,
            "\n== {}: {} ({} nodes)",
            p.algorithm.name(),
            p.algorithm.describe(),
            p.nodes
        );
        panel(&mut out, p, show_depth);
    }
    out
}

/// Number of nodes in each node's subtree (itself included).
pub fn subtree_sizes(p: &Panel) -> Vec<usize> {
    let mut size = vec![1; p.trace.nodes.len()];
    // Parents come before their children in visiting order.
    for i in (0..p.trace.nodes.len()).rev() {
        if let Some(parent) = p.trace.nodes[i].parent {
            size[parent] += size[i];
        }
    }
    size
}

fn panel(out: &mut String, p: &Panel, show_depth: Option<u32>) {
    let sizes = subtree_sizes(p);
    for (i, n) in p.trace.nodes.iter().enumerate() {
        if show_depth.is_some_and(|d| n.ply > d) {
            continue;
        }
        if n.parent.is_none() && p.algorithm == Algorithm::Engine {
            let _ = writeln!(out, "-- iteration {}", n.depth);
        }
        let indent = "  ".repeat(n.ply as usize);
        let _ = write!(out, "{indent}{}", line(p, i, n));
        if show_depth.is_some_and(|d| n.ply == d) && sizes[i] > 1 {
            let _ = write!(out, "  (+{} below)", sizes[i] - 1);
        }
        let _ = writeln!(out);
    }
}

/// "MAX", "MIN" or "END" (game over).
pub fn kind(n: &TraceNode<String>) -> &'static str {
    match (n.terminal, n.max) {
        (true, _) => "END",
        (false, true) => "MAX",
        (false, false) => "MIN",
    }
}

/// The bound a table entry gave.
pub fn bound_name(b: Bound) -> &'static str {
    b.name()
}

/// Why a node cut off, in words: "+5 >= beta +3".
pub fn cut_reason(n: &TraceNode<String>) -> String {
    if n.max {
        format!("{} >= beta {}", n.value, n.beta)
    } else {
        format!("{} <= alpha {}", n.value, n.alpha)
    }
}

/// One node's line: number, kind, move, window, value and marks.
pub fn line(p: &Panel, i: usize, n: &TraceNode<String>) -> String {
    let mut s = format!("#{i} {} {}", kind(n), n.mv.as_deref().unwrap_or("root"));
    if p.algorithm != Algorithm::Minimax {
        let _ = write!(s, " [{}, {}]", n.alpha, n.beta);
    }
    let _ = write!(s, " -> {}", n.value);
    if let Some(v) = n.leaf {
        let what = if n.repetition {
            "repetition, a draw"
        } else if n.terminal {
            "game over"
        } else {
            "eval"
        };
        let _ = write!(s, " ({what} {v})");
    }
    if let Some(b) = n.table {
        let _ = write!(s, "  TABLE HIT ({})", bound_name(b));
    }
    if n.null_window {
        s.push_str("  null window");
    }
    if n.research {
        s.push_str("  RE-SEARCH");
    }
    if n.cutoff {
        let _ = write!(s, "  CUT {}", cut_reason(n));
        if !n.pruned.is_empty() {
            let _ = write!(s, ", never searched: {}", n.pruned.join(" "));
        }
    }
    if p.on_pv[i] {
        s.push_str("  PV");
    }
    s
}
