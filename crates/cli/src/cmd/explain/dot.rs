//! The `dot` format: the drawn tree as a Graphviz graph (`dot -Tsvg t.dot > t.svg`), with
//! the same folding, shapes and marks as the SVG picture.

use super::layout::fold;
use super::model::{Explanation, Panel};
use super::text::{cut_reason, legend};
use poda_search::trace::Algorithm;
use std::fmt::Write;

/// Escapes a string for a double-quoted Graphviz label.
fn q(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

pub fn render(e: &Explanation, show_depth: Option<u32>) -> String {
    let mut out = String::from("digraph explain {\n  node [fontname=\"sans-serif\" fontsize=10];\n  edge [fontname=\"sans-serif\" fontsize=9 arrowhead=none];\n");
    let _ = writeln!(
        out,
        "  labelloc=t; label=\"{} {}: depth {}, evaluator {}. {}\";",
        q(&e.game),
        q(&e.moves),
        e.depth,
        q(&e.eval),
        // One sentence a line.
        q(&legend(e).join(" ")).replace(". ", ".\\n")
    );
    for (k, p) in e.panels.iter().enumerate() {
        panel(&mut out, k, p, show_depth);
    }
    out.push_str("}\n");
    out
}

fn panel(out: &mut String, k: usize, p: &Panel, show_depth: Option<u32>) {
    let f = fold(p, show_depth);
    let _ = writeln!(
        out,
        "  subgraph cluster_{k} {{\n    label=\"{}: {} nodes, {} leaves, {} cut-offs, value {}, move {}{}\";",
        p.algorithm.name(),
        p.nodes,
        p.leaves,
        p.cutoffs,
        p.value,
        q(p.best.as_deref().unwrap_or("-")),
        if f.folded {
            format!(" (folded below ply {})", f.show_depth)
        } else {
            String::new()
        }
    );
    let id = |i: usize| format!("a{k}n{i}");
    for (i, n) in p.trace.nodes.iter().enumerate() {
        if !f.visible[i] {
            continue;
        }
        let shape = match (n.terminal, n.max) {
            (true, _) => "box",
            (false, true) => "triangle",
            (false, false) => "invtriangle",
        };
        let value = n.leaf.unwrap_or(n.value);
        let mut label = format!("#{i}\\n{value}");
        if n.table.is_some() {
            label.push_str("\\nTT");
        }
        if n.research {
            label.push_str("\\nre");
        }
        if f.folded_below[i] > 0 {
            let _ = write!(label, "\\n+{}", f.folded_below[i]);
        }
        let mut style = vec!["filled"];
        if n.null_window {
            style.push("dashed");
        }
        if p.on_pv[i] {
            style.push("bold");
        }
        let fill = if n.terminal {
            "#eeeeee"
        } else if n.max {
            "#cfe0fa"
        } else {
            "#fddcbf"
        };
        let mut tip = String::new();
        if p.algorithm != Algorithm::Minimax {
            tip = format!("[{}, {}]", n.alpha, n.beta);
        }
        let _ = writeln!(
            out,
            "    {} [shape={shape} style=\"{}\" fillcolor=\"{fill}\" label=\"{label}\" tooltip=\"{}\"];",
            id(i),
            style.join(","),
            q(&tip)
        );
        if let (Some(parent), Some(mv)) = (n.parent, &n.mv) {
            let bold = if p.on_pv[i] && p.on_pv[parent] {
                " penwidth=3"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "    {} -> {} [label=\"{}\"{bold}];",
                id(parent),
                id(i),
                q(mv)
            );
        }
        if n.cutoff && p.children[i].iter().any(|&c| f.visible[c]) {
            let _ = writeln!(
                out,
                "    {}cut [shape=plaintext fontcolor=\"#9a9a9a\" label=\"never searched: {}\\n{}\"];\n    {} -> {}cut [style=dashed color=\"#9a9a9a\" label=\"cut\" fontcolor=\"#d0021b\"];",
                id(i),
                q(&n.pruned.join(" ")),
                q(&cut_reason(n)),
                id(i),
                id(i)
            );
        }
    }
    out.push_str("  }\n");
}
