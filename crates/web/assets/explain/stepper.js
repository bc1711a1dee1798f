// Stepping through a search in visiting order: first, back, forward, last and a slider over
// the view's events, and one line that says what happens at the step.

import { el } from "../dom.js";
import { cutReason, kind, valueText } from "./format.js";

export function stepper(view, onStep) {
  const last = view.events.length - 1;
  const button = (text, title, step, testid) => el("button", {
    type: "button", title, "data-testid": testid, disabled: step === view.step || step < 0 || step > last,
    onclick: () => onStep(step),
  }, text);
  const slider = el("input", {
    type: "range", min: 0, max: last, value: view.step, class: "step-slider",
    "data-testid": "explain-slider", "aria-label": "step of the search",
    oninput: (e) => onStep(Number(e.target.value)),
  });
  return el("div", { class: "stepper" },
    el("div", { class: "step-buttons" },
      button("|◀", "The first step", 0, "explain-first"),
      button("◀", "One step back", view.step - 1, "explain-prev"),
      button("▶", "One step forward (the next node visited, or a node returning)", view.step + 1, "explain-next"),
      button("▶|", "The whole search", last, "explain-last"),
      slider,
      el("span", { class: "step-count", "data-testid": "explain-step" }, `step ${view.step + 1} of ${last + 1}`)),
    el("p", { class: "step-text", "data-testid": "explain-step-text" }, describe(view)));
}

// What the search does at the view's step.
export function describe(view) {
  const { nodes } = view.tree;
  const { node: i, kind: what } = view.event();
  const n = nodes[i];
  const minimax = view.tree.algo.algorithm === "minimax";
  const who = `#${i} ${kind(n)}` + (n.path ? ` after ${n.path}` : " (the root)");
  const window = minimax ? "" : ` with [α, β] = [${valueText(n.alpha)}, ${valueText(n.beta)}]`;
  if (what === "enter") return `${who}: searched${window}.`;
  if (what === "leaf") {
    let how = `the evaluator says ${valueText(n.eval)}`;
    if (n.table) how = `the table answers ${valueText(n.value)} (${n.table})`;
    else if (n.repetition) how = "a repeated position: a draw";
    else if (n.terminal) how = `the game is over: ${valueText(n.eval !== null ? n.eval : n.value)}`;
    else if (n.eval === null) how = `returns ${valueText(n.value)}`;
    return `${who}: a leaf${window}; ${how}.`;
  }
  let text = `${who} returns ${valueText(n.value)}`;
  if (n.best !== null) text += `, best move ${nodes[n.best].move}`;
  if (n.cutoff) text += ` — cut-off: ${cutReason(n)}, so ${n.pruned.join(" ")} ${n.pruned.length === 1 ? "is" : "are"} never searched`;
  return text + ".";
}
