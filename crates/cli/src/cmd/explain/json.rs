//! The `json` format: the traces as flat arrays of nodes with parent indices (the schema is
//! in README.md, "poda explain").

use super::model::{Explanation, Panel};
use super::text::bound_name;
use serde_json::{json, Value};

pub fn render(e: &Explanation) -> String {
    let algorithms: Vec<Value> = e.panels.iter().map(panel).collect();
    let out = json!({
        "game": e.game,
        "moves": e.moves,
        "depth": e.depth,
        "eval": e.eval,
        "root_player": e.root_player.number(),
        "algorithms": algorithms,
        "reference": {
            "b": e.reference.b,
            "b_from": e.reference.from,
            "minimax_leaves": e.reference.minimax_leaves,
            "minimal_leaves": e.reference.minimal_leaves,
        },
        "notes": e.notes,
    });
    format!("{out}\n")
}

fn panel(p: &Panel) -> Value {
    let nodes: Vec<Value> = p
        .trace
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            json!({
                "id": i,
                "parent": n.parent,
                "move": n.mv,
                "path": p.paths[i],
                "ply": n.ply,
                "depth": n.depth,
                "max": n.max,
                "terminal": n.terminal,
                "alpha": n.alpha.value(),
                "beta": n.beta.value(),
                "value": n.value.value(),
                "text": n.value.to_string(),
                "eval": n.leaf.map(|v| v.value()),
                "best": n.best,
                "cutoff": n.cutoff,
                "pruned": n.pruned,
                "pv": p.on_pv[i],
                "null_window": n.null_window,
                "research": n.research,
                "table": n.table.map(bound_name),
                "repetition": n.repetition,
            })
        })
        .collect();
    json!({
        "algorithm": p.algorithm.name(),
        "description": p.algorithm.describe(),
        "nodes": p.nodes,
        "leaves": p.leaves,
        "cutoffs": p.cutoffs,
        "value": p.value.value(),
        "value_text": p.value.to_string(),
        "best": p.best,
        "pv": p.pv,
        "time_ms": p.time.as_secs_f64() * 1000.0,
        "trace": nodes,
    })
}
