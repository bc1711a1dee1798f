//! The `svg` format: each algorithm's tree drawn as in the textbooks (MAX nodes as triangles
//! pointing up, MIN nodes pointing down), one panel per algorithm, stacked.

use super::layout::{fold, layout, Fold, Layout};
use super::model::{Explanation, Panel};
use super::text::{bound_name, cut_reason, kind};
use poda_search::trace::{Algorithm, TraceNode};
use std::fmt::Write;

/// Width of one slot (a drawn leaf or a cut-off's stub), in pixels.
const SLOT: f64 = 36.0;
/// Vertical distance between plies.
const LEVEL: f64 = 74.0;
const MARGIN: f64 = 24.0;
/// Height of a panel's header (title, figures, folding note).
const HEADER: f64 = 76.0;
/// Height of the legend at the top of the picture.
const LEGEND: f64 = 150.0;
/// Pictures are at least this wide, so that the header lines fit.
const MIN_WIDTH: f64 = 1100.0;

const MAX_FILL: &str = "#cfe0fa";
const MAX_STROKE: &str = "#1f4e8c";
const MIN_FILL: &str = "#fddcbf";
const MIN_STROKE: &str = "#9a4a12";
const CUT: &str = "#d0021b";
const GREY: &str = "#9a9a9a";

/// Escapes text for XML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The whole picture.
pub fn render(e: &Explanation, show_depth: Option<u32>) -> String {
    let drawn: Vec<(Fold, Layout)> = e
        .panels
        .iter()
        .map(|p| {
            let f = fold(p, show_depth);
            let l = layout(p, &f);
            (f, l)
        })
        .collect();
    let heights: Vec<f64> = e
        .panels
        .iter()
        .zip(&drawn)
        .map(|(p, (f, _))| {
            let plies = (0..p.trace.nodes.len())
                .filter(|&i| f.visible[i])
                .map(|i| p.trace.nodes[i].ply)
                .max()
                .unwrap_or(0);
            HEADER + LEVEL * (plies as f64 + 1.0) + 20.0
        })
        .collect();
    let width = drawn
        .iter()
        .map(|(_, l)| l.slots * SLOT + 2.0 * MARGIN)
        .fold(MIN_WIDTH, f64::max);
    let height = LEGEND + heights.iter().sum::<f64>();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"DejaVu Sans, Arial, sans-serif\">"
    );
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{width:.0}\" height=\"{height:.0}\" fill=\"white\"/>"
    );
    header(&mut out, e);
    let mut top = LEGEND;
    for ((p, (f, l)), h) in e.panels.iter().zip(&drawn).zip(&heights) {
        panel(&mut out, p, f, l, top, width);
        top += h;
    }
    out.push_str("</svg>\n");
    out
}

fn header(out: &mut String, e: &Explanation) {
    let position = if e.moves.is_empty() {
        "the start position".to_string()
    } else {
        format!("position after {}", e.moves)
    };
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"30\" font-size=\"18\" font-weight=\"bold\">poda explain {}, {}: \
         depth {}, evaluator {}</text>",
        esc(&e.game),
        esc(&position),
        e.depth,
        esc(&e.eval)
    );
    let me = e.root_player.number();
    let other = e.root_player.opponent().number();
    let y = 58.0;
    let _ = writeln!(out, "{}", shape(MARGIN + 8.0, y, true, false, false));
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\">MAX: player {me} to move, takes the largest \
         value</text>",
        MARGIN + 22.0,
        y + 4.0
    );
    let _ = writeln!(out, "{}", shape(MARGIN + 338.0, y, false, false, false));
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\">MIN: player {other} to move, takes the \
         smallest</text>",
        MARGIN + 352.0,
        y + 4.0
    );
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"#eeeeee\" stroke=\"#333\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"12\">game over</text>",
        MARGIN + 640.0,
        y - 7.0,
        MARGIN + 660.0,
        y + 4.0
    );
    let y2 = 84.0;
    let _ = writeln!(
        out,
        "<line x1=\"{}\" y1=\"{y2}\" x2=\"{}\" y2=\"{y2}\" stroke=\"black\" stroke-width=\"3.5\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"12\">principal variation</text>",
        MARGIN,
        MARGIN + 30.0,
        MARGIN + 38.0,
        y2 + 4.0
    );
    let _ = writeln!(
        out,
        "<line x1=\"{}\" y1=\"{y2}\" x2=\"{}\" y2=\"{y2}\" stroke=\"{GREY}\" stroke-width=\"1.5\" \
         stroke-dasharray=\"5,3\"/><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{CUT}\" \
         stroke-width=\"3\"/><text x=\"{}\" y=\"{}\" font-size=\"12\">cut-off: the grey moves \
         were never searched, because the node's value reached \u{3b2} (MAX) or fell to \
         \u{3b1} (MIN), the bound shown in red</text>",
        MARGIN + 190.0,
        MARGIN + 230.0,
        MARGIN + 200.0,
        y2 - 6.0,
        MARGIN + 200.0,
        y2 + 6.0,
        MARGIN + 238.0,
        y2 + 4.0
    );
    let lines = [
        format!(
            "Values are for player {me}, the player to move at the root; a move after which the \
             same player moves again shows as MAX under MAX. Wn / Ln: player {me} wins / loses \
             n plies from the root."
        ),
        "#n (above a node): the order of the visit. Under a node: its value (at a leaf, the \
         evaluator's). +N: N nodes folded away."
            .to_string(),
        "Point at a node for its window [\u{3b1}, \u{3b2}] on entry. Engine: TT = table hit, \
         re = re-search after a null-window probe (dashed outline)."
            .to_string(),
    ];
    for (k, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"12\">{}</text>",
            108.0 + 16.0 * k as f64,
            esc(line)
        );
    }
}

/// A MAX (up) or MIN (down) triangle, or a square for a finished game, centred at (x, y).
fn shape(x: f64, y: f64, max: bool, terminal: bool, pv: bool) -> String {
    let width = if pv { 2.8 } else { 1.3 };
    if terminal {
        return format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"16\" height=\"16\" fill=\"#eeeeee\" \
             stroke=\"#333\" stroke-width=\"{width}\"/>",
            x - 8.0,
            y - 8.0
        );
    }
    let (fill, stroke, points) = if max {
        (
            MAX_FILL,
            MAX_STROKE,
            [(x - 11.0, y + 9.0), (x + 11.0, y + 9.0), (x, y - 11.0)],
        )
    } else {
        (
            MIN_FILL,
            MIN_STROKE,
            [(x - 11.0, y - 9.0), (x + 11.0, y - 9.0), (x, y + 11.0)],
        )
    };
    let pts: Vec<String> = points
        .iter()
        .map(|(a, b)| format!("{a:.1},{b:.1}"))
        .collect();
    format!(
        "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>",
        pts.join(" ")
    )
}

fn panel(out: &mut String, p: &Panel, f: &Fold, l: &Layout, top: f64, width: f64) {
    let _ = writeln!(
        out,
        "<g class=\"panel\" data-algo=\"{}\">",
        p.algorithm.name()
    );
    let _ = writeln!(
        out,
        "<line x1=\"0\" y1=\"{top:.0}\" x2=\"{width:.0}\" y2=\"{top:.0}\" stroke=\"#cccccc\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{:.0}\" font-size=\"15\" font-weight=\"bold\">{}: {}</text>",
        top + 22.0,
        p.algorithm.name(),
        esc(p.algorithm.describe())
    );
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{:.0}\" font-size=\"12\">{} nodes, {} leaves evaluated, {} \
         cut-offs; value {}, move {}, principal variation {}</text>",
        top + 40.0,
        p.nodes,
        p.leaves,
        p.cutoffs,
        esc(&p.value.to_string()),
        esc(p.best.as_deref().unwrap_or("-")),
        esc(&p.pv.join(" "))
    );
    let mut note = Vec::new();
    if p.algorithm == Algorithm::Engine && p.root() > 0 {
        note.push(format!(
            "Only the last iteration is drawn (nodes #{} to #{}); iterations 1 to {} took the \
             first {} nodes.",
            p.root(),
            p.trace.nodes.len() - 1,
            p.trace.nodes[p.root()].depth - 1,
            p.root()
        ));
    }
    if f.folded {
        note.push(format!(
            "Folded: drawn in full down to ply {}, and the principal variation to its end; \
             --show-depth N draws more, --format text lists every node.",
            f.show_depth
        ));
    }
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{:.0}\" font-size=\"12\" font-style=\"italic\" \
         fill=\"#555\">{}</text>",
        top + 58.0,
        esc(&note.join(" "))
    );
    let y_of = |ply: u32| top + HEADER + 12.0 + LEVEL * ply as f64;
    let x_of = |slot: f64| MARGIN + slot * SLOT;
    // Edges first, so that nodes are drawn over them.
    for (i, n) in p.trace.nodes.iter().enumerate() {
        let (Some(parent), Some(cx)) = (n.parent, l.x[i]) else {
            continue;
        };
        let Some(px) = l.x[parent] else { continue };
        let (x1, y1) = (x_of(px), y_of(n.ply - 1) + 25.0);
        let (x2, y2) = (x_of(cx), y_of(n.ply) - 12.0);
        let pv = p.on_pv[i] && p.on_pv[parent];
        let (stroke, w) = if pv { ("black", 3.5) } else { ("#666", 1.2) };
        let _ = writeln!(
            out,
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{stroke}\" \
             stroke-width=\"{w}\"/>"
        );
        let (lx, ly) = (x1 + 0.7 * (x2 - x1), y1 + 0.7 * (y2 - y1));
        let _ = writeln!(
            out,
            "<text x=\"{lx:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\" \
             stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\" font-weight=\"{}\">{}</text>",
            ly + 3.0,
            if pv { "bold" } else { "normal" },
            esc(n.mv.as_deref().unwrap_or(""))
        );
    }
    for s in &l.stubs {
        let folded = f.folded_below[s.node] > 0;
        let x = x_of(l.x[s.node].unwrap_or(0.0));
        stub(
            out,
            p,
            s.node,
            x,
            x_of(s.x),
            y_of(p.trace.nodes[s.node].ply),
            folded,
        );
    }
    for (i, n) in p.trace.nodes.iter().enumerate() {
        if let Some(x) = l.x[i] {
            node(out, p, i, n, x_of(x), y_of(n.ply), f.folded_below[i]);
        }
    }
    out.push_str("</g>\n");
}

/// The greyed branch of a cut-off, with a red mark at the cut and the bound that caused it.
fn stub(out: &mut String, p: &Panel, i: usize, x: f64, x2: f64, y: f64, folded: bool) {
    let n = &p.trace.nodes[i];
    // From under the value, or from the side of the box of a folded node.
    let (x1, y1) = if folded {
        (x + 17.0, y + 33.0)
    } else {
        (x, y + 25.0)
    };
    let y2 = y + LEVEL - 12.0;
    let _ = writeln!(
        out,
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{GREY}\" \
         stroke-width=\"1.5\" stroke-dasharray=\"5,3\"/>"
    );
    // The cut: a short red bar across the branch, halfway down.
    let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (nx, ny) = (-dy / len * 7.0, dx / len * 7.0);
    let _ = writeln!(
        out,
        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{CUT}\" \
         stroke-width=\"3\"/>",
        mx - nx,
        my - ny,
        mx + nx,
        my + ny
    );
    let moves = if n.pruned.iter().all(|m| m.chars().count() == 1) {
        n.pruned.concat()
    } else {
        format!("{} moves", n.pruned.len())
    };
    let bound = if n.max {
        format!("\u{3b2} {}", n.beta)
    } else {
        format!("\u{3b1} {}", n.alpha)
    };
    let _ = writeln!(
        out,
        "<g class=\"cut\"><title>#{i} cut off: {} (never searched: {})</title>\
         <text x=\"{x2:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\" \
         fill=\"{GREY}\">{}</text><text x=\"{x2:.1}\" y=\"{:.1}\" font-size=\"10\" \
         text-anchor=\"middle\" fill=\"{CUT}\" font-weight=\"bold\">{}</text></g>",
        esc(&cut_reason(n)),
        esc(&n.pruned.join(" ")),
        y2 + 6.0,
        esc(&moves),
        y2 + 19.0,
        esc(&bound)
    );
}

/// One node: its shape, number, value, marks and a tooltip with everything else.
fn node(
    out: &mut String,
    p: &Panel,
    i: usize,
    n: &TraceNode<String>,
    x: f64,
    y: f64,
    folded: usize,
) {
    let mut tip = format!(
        "#{i} {} after {}; {} plies left; ",
        kind(n),
        if p.paths[i].is_empty() {
            "(root)"
        } else {
            &p.paths[i]
        },
        n.depth
    );
    if p.algorithm != Algorithm::Minimax {
        let _ = write!(
            tip,
            "entered with [\u{3b1}, \u{3b2}] = [{}, {}]; ",
            n.alpha, n.beta
        );
    }
    let _ = write!(tip, "returned {}", n.value);
    if let Some(v) = n.leaf {
        let _ = write!(tip, "; static value {v}");
    }
    if let Some(b) = n.table {
        let _ = write!(tip, "; table hit ({})", bound_name(b));
    }
    if n.cutoff {
        let _ = write!(tip, "; cut off: {}", cut_reason(n));
    }
    let _ = write!(
        out,
        "<g class=\"node\" data-id=\"{i}\"><title>{}</title>",
        esc(&tip)
    );
    let dashed = if n.null_window {
        shape(x, y, n.max, n.terminal, p.on_pv[i]).replace("/>", " stroke-dasharray=\"3,2\"/>")
    } else {
        shape(x, y, n.max, n.terminal, p.on_pv[i])
    };
    out.push_str(&dashed);
    let shown = n.leaf.unwrap_or(n.value).to_string();
    // Long values (+99802) get a smaller font, to stay within their slot.
    let size = if shown.len() > 4 { 8 } else { 10 };
    let _ = write!(
        out,
        "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{size}\" text-anchor=\"middle\" \
         font-weight=\"{}\">{}</text>",
        y + 22.0,
        if p.on_pv[i] { "bold" } else { "normal" },
        esc(&shown)
    );
    let _ = write!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"8\" text-anchor=\"end\" fill=\"#888\">{i}</text>",
        x - 6.0,
        y - 12.0
    );
    let mut tags = Vec::new();
    if n.table.is_some() {
        tags.push("TT");
    }
    if n.research {
        tags.push("re");
    }
    if n.repetition {
        tags.push("rep");
    }
    if !tags.is_empty() {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"8\" fill=\"#6a1b9a\">{}</text>",
            x + 9.0,
            y - 8.0,
            tags.join(" ")
        );
    }
    if folded > 0 {
        let _ = write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"34\" height=\"13\" rx=\"3\" fill=\"#f0f0f0\" \
             stroke=\"#bbb\"/><text class=\"fold\" x=\"{x:.1}\" y=\"{:.1}\" \
             font-size=\"9\" text-anchor=\"middle\" fill=\"#555\">+{folded}</text>",
            x - 17.0,
            y + 26.0,
            y + 36.0
        );
    }
    out.push_str("</g>\n");
}
