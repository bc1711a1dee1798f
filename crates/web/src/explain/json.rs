//! The JSON of an explanation: `poda explain --format json` prints it and `POST /api/explain`
//! answers with it (the schema is in README.md, "Explaining a search").
//!
//! Written straight from typed structs (serde's derive), not through a `serde_json::Value`
//! tree: a trace has up to tens of thousands of nodes, and a tree of maps for each costs
//! about twenty times the time and memory of the text itself.

use poda_core::Score;
use poda_search::trace::explain::{Explanation, Panel};
use serde::Serialize;

#[derive(Serialize)]
struct Whole<'a> {
    game: &'a str,
    moves: &'a str,
    depth: u32,
    eval: &'a str,
    root_player: u8,
    algorithms: Vec<Algorithm<'a>>,
    reference: Reference,
    notes: &'a [String],
}

#[derive(Serialize)]
struct Reference {
    b: f64,
    b_from: &'static str,
    minimax_leaves: f64,
    minimal_leaves: f64,
}

#[derive(Serialize)]
struct Algorithm<'a> {
    algorithm: &'static str,
    description: &'static str,
    nodes: u64,
    leaves: usize,
    cutoffs: usize,
    value: i32,
    value_text: String,
    best: Option<&'a str>,
    pv: &'a [String],
    time_ms: f64,
    trace: Vec<Node<'a>>,
}

#[derive(Serialize)]
struct Node<'a> {
    id: usize,
    parent: Option<usize>,
    #[serde(rename = "move")]
    mv: Option<&'a str>,
    path: &'a str,
    ply: u32,
    depth: u32,
    max: bool,
    terminal: bool,
    alpha: i32,
    beta: i32,
    value: i32,
    text: String,
    eval: Option<i32>,
    best: Option<usize>,
    cutoff: bool,
    pruned: &'a [String],
    pv: bool,
    null_window: bool,
    research: bool,
    table: Option<&'static str>,
    repetition: bool,
}

/// The explanation as one line of JSON (no newline).
pub fn explanation_json(e: &Explanation) -> String {
    let whole = Whole {
        game: &e.game,
        moves: &e.moves,
        depth: e.depth,
        eval: &e.eval,
        root_player: e.root_player.number(),
        algorithms: e.panels.iter().map(algorithm).collect(),
        reference: Reference {
            b: e.reference.b,
            b_from: e.reference.from,
            minimax_leaves: e.reference.minimax_leaves,
            minimal_leaves: e.reference.minimal_leaves,
        },
        notes: &e.notes,
    };
    // Only strings, numbers and booleans: writing to a String cannot fail.
    serde_json::to_string(&whole).unwrap_or_default()
}

fn algorithm(p: &Panel) -> Algorithm<'_> {
    let trace = p
        .trace
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| Node {
            id: i,
            parent: n.parent,
            mv: n.mv.as_deref(),
            path: &p.paths[i],
            ply: n.ply,
            depth: n.depth,
            max: n.max,
            terminal: n.terminal,
            alpha: n.alpha.value(),
            beta: n.beta.value(),
            value: n.value.value(),
            text: n.value.to_string(),
            eval: n.leaf.map(Score::value),
            best: n.best,
            cutoff: n.cutoff,
            pruned: &n.pruned,
            pv: p.on_pv[i],
            null_window: n.null_window,
            research: n.research,
            table: n.table.map(|b| b.name()),
            repetition: n.repetition,
        })
        .collect();
    Algorithm {
        algorithm: p.algorithm.name(),
        description: p.algorithm.describe(),
        nodes: p.nodes,
        leaves: p.leaves,
        cutoffs: p.cutoffs,
        value: p.value.value(),
        value_text: p.value.to_string(),
        best: p.best.as_deref(),
        pv: &p.pv,
        time_ms: p.time.as_secs_f64() * 1000.0,
        trace,
    }
}
