//! The summary table: effort and answer of each algorithm, and the reference tree sizes.

use super::model::Explanation;
use std::fmt::Write;

/// The table, the reference sizes and the notes, as lines of text.
pub fn render(e: &Explanation) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<15} {:>8} {:>8} {:>8} {:>8} {:>6} {:>10}",
        "algorithm", "nodes", "leaves", "cut-offs", "value", "move", "time"
    );
    for p in &e.panels {
        let _ = writeln!(
            out,
            "{:<15} {:>8} {:>8} {:>8} {:>8} {:>6} {:>10}",
            p.algorithm.name(),
            p.nodes,
            p.leaves,
            p.cutoffs,
            p.value.to_string(),
            p.best.as_deref().unwrap_or("-"),
            format!("{:.3} ms", p.time.as_secs_f64() * 1000.0)
        );
    }
    let r = &e.reference;
    let _ = writeln!(
        out,
        "leaves for reference at depth {}, b = {:.2} ({}): minimax b^d = {:.0}, minimal tree \
         (Knuth-Moore) b^ceil(d/2) + b^floor(d/2) - 1 = {:.0}",
        e.depth, r.b, r.from, r.minimax_leaves, r.minimal_leaves
    );
    let _ = writeln!(
        out,
        "values are for player {} (MAX); leaves: evaluator calls; time: the search without \
         the trace",
        e.root_player.number()
    );
    for note in &e.notes {
        let _ = writeln!(out, "note: {note}");
    }
    out
}
