// The summary table of an explanation: for each algorithm the nodes visited, the leaves
// evaluated, the cut-offs, the root value and move and the time of the same search without
// the trace; then Knuth and Moore's reference sizes and the notes. A row picks the tree drawn.

import { el } from "../dom.js";
import { thousands, valueText } from "./format.js";

export function summaryTable(result, selected, onSelect) {
  const rows = result.algorithms.map((a, k) => el("tr", {
    class: "algo-row" + (k === selected ? " selected" : ""),
    "data-algo": a.algorithm, "data-nodes": a.nodes, title: `${a.description}: click to draw its tree`,
    onclick: () => onSelect(k),
  },
  el("td", {}, el("strong", {}, a.algorithm)),
  el("td", { class: "num" }, thousands(a.nodes)),
  el("td", { class: "num" }, thousands(a.leaves)),
  el("td", { class: "num" }, thousands(a.cutoffs)),
  el("td", { class: "num" }, valueText(a.value)),
  el("td", {}, a.best || "–"),
  el("td", { class: "num muted" }, a.time_ms < 1 ? `${(a.time_ms * 1000).toFixed(0)} µs` : `${a.time_ms.toFixed(1)} ms`)));
  const r = result.reference;
  const round = (x) => (x >= 1e6 ? x.toExponential(2) : thousands(Math.round(x)));
  return el("div", { class: "explain-summary" },
    el("table", { class: "figures-table", "data-testid": "explain-summary" },
      el("tr", {}, ...["algorithm", "nodes", "leaves", "cut-offs", "value", "move", "time"].map((h) => el("th", {}, h))),
      ...rows),
    el("p", { class: "muted small" },
      `Leaves for reference at depth ${result.depth}, b = ${r.b.toFixed(2)} (${r.b_from}): minimax b^d = ${round(r.minimax_leaves)}, ` +
      `minimal tree of perfect ordering (Knuth and Moore) b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = ${round(r.minimal_leaves)}. ` +
      `Values are for player ${result.root_player} (MAX); time: the search without the trace.`),
    ...result.notes.map((n) => el("p", { class: "small note" }, n)));
}
