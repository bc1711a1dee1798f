// The node pointed at (or the step's node): what it is, its window and value, why it cut
// off, and its board, fetched from /api/position and drawn by the game's own board view.

import * as api from "../api.js";
import { el } from "../dom.js";
import { boardFor } from "../boards/index.js";
import { cutReason, kind, valueText } from "./format.js";

export class Preview {
  constructor(box) {
    this.box = box;
    this.positions = new Map(); // "spec|moves" -> position (or a promise of one)
    this.shown = null;
  }

  clear() {
    this.shown = null;
    this.box.replaceChildren(el("p", { class: "muted small" }, "Point at a node to see its board."));
  }

  // Node `n` of `tree`, in the explanation of `spec` after `rootMoves` (moves separated by spaces).
  async show(tree, n, spec, rootMoves, minimax) {
    const key = `${spec}|${n.id}|${tree.algo.algorithm}`;
    if (this.shown === key) return;
    this.shown = key;
    const moves = [rootMoves, ...tree.moves(n.id)].filter(Boolean).join(" ");
    const board = el("div", { class: "explain-board", "data-testid": "explain-board", "data-moves": moves });
    this.box.replaceChildren(details(n, minimax), board);
    const cacheKey = `${spec}|${moves}`;
    if (!this.positions.has(cacheKey)) this.positions.set(cacheKey, api.position(spec, moves));
    try {
      const position = await this.positions.get(cacheKey);
      if (this.shown !== key) return;
      const history = position.history;
      boardFor(spec).draw(board, el("div"), {
        position, analysis: null, interactive: false, heatColour: () => "transparent",
        lastMove: history.length ? history[history.length - 1] : null,
      }, () => {});
    } catch (e) {
      this.positions.delete(cacheKey);
      if (this.shown === key) board.replaceChildren(el("p", { class: "bad-text small" }, e.message));
    }
  }
}

function details(n, minimax) {
  const rows = [
    ["node", `#${n.id} ${kind(n)}` + (n.pv ? ", on the principal variation" : "")],
    ["moves", n.path || "(the explained position)"],
    ["plies left", String(n.depth)],
  ];
  if (!minimax) rows.push(["window", `[α, β] = [${valueText(n.alpha)}, ${valueText(n.beta)}] on entry`]);
  rows.push(["value", valueText(n.value)]);
  if (n.eval !== null) rows.push([n.terminal ? "game over" : "evaluator", valueText(n.eval)]);
  if (n.table) rows.push(["table", `hit (${n.table})`]);
  if (n.null_window) rows.push(["PVS", "a null-window probe"]);
  if (n.research) rows.push(["PVS", "a re-search after a probe failed high"]);
  if (n.cutoff) rows.push(["cut-off", `${cutReason(n)}: never searched ${n.pruned.join(" ")}`]);
  return el("table", { class: "figures", "data-testid": "explain-node", "data-id": n.id },
    ...rows.map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, v))));
}
