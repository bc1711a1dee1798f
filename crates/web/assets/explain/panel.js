// The explain panel: how minimax and alpha-beta search the position on the board, node by
// node (POST /api/explain, `poda explain`'s JSON). The algorithms, the depth and the evaluator
// are chosen here; the answer is a summary table and, for the algorithm picked in it, the
// search tree: click a node to fold or unfold it, point at it for its board, step through the
// search in visiting order.
//
//   tree.js     the trace as a tree; a view's folding and its walk in visiting order
//   layout.js   where drawn nodes go
//   draw.js     the tree in SVG
//   summary.js  the table of the algorithms
//   stepper.js  the step buttons, the slider and what happens at a step
//   preview.js  the node pointed at and its board

import * as api from "../api.js";
import { el } from "../dom.js";
import { Tree, View, UNFOLD_LIMIT } from "./tree.js";
import { drawTree } from "./draw.js";
import { summaryTable } from "./summary.js";
import { stepper } from "./stepper.js";
import { Preview } from "./preview.js";
import { thousands } from "./format.js";

const ALGORITHMS = [
  ["minimax", "minimax", true],
  ["alphabeta", "alpha-beta fail-hard", true],
  ["alphabeta-soft", "fail-soft", false],
  ["ordered", "ordered", false],
  ["engine", "engine (ID, table, PVS)", false],
];

class ExplainPanel {
  constructor() {
    this.id = "explain";
    this.title = "Explain a search";
    this.wide = true;
    this.context = null;
    this.spec = null;      // the game whose evaluators are listed
    this.run = null;       // {controller}
    this.result = null;    // the explanation shown, with the position it explains
    this.trees = [];
    this.views = new Map(); // "algorithm index|root" -> View
    this.selected = 0;
    this.pointed = null;    // the node under the pointer
  }

  mount(box) {
    box.parentElement.dataset.testid = "explain-panel";
    this.algoBoxes = ALGORITHMS.map(([name, label, on]) => el("input", {
      type: "checkbox", value: name, checked: on, "data-testid": `explain-algo-${name}`,
    }));
    this.depth = el("input", { type: "number", min: 1, max: 64, value: 3, class: "num", "data-testid": "explain-depth" });
    this.evalSelect = el("select", { "data-testid": "explain-eval" });
    this.capNote = el("span", { class: "muted small" });
    const form = el("form", { class: "explain-form", autocomplete: "off", onsubmit: (e) => { e.preventDefault(); this.explain(); } },
      el("span", { class: "algos" }, ...this.algoBoxes.map((b, k) => el("label", {}, b, ALGORITHMS[k][1]))),
      el("label", {}, "depth ", this.depth),
      el("label", {}, "evaluator ", this.evalSelect),
      el("button", { type: "submit", "data-testid": "explain" }, "Explain"),
      this.capNote);
    this.status = el("p", { class: "muted small", "data-testid": "explain-status" },
      "Traces the search of the position on the board: every node in visiting order, its window, its value, the cut-offs.");
    this.error = el("p", { class: "explain-error", "data-testid": "explain-error", hidden: true });
    this.out = el("div", { class: "explain-out" });
    box.append(form, this.status, this.error, this.out);
    api.limits().then((l) => {
      this.depth.max = l.max_depth;
      this.capNote.textContent = `at most ${thousands(l.max_explain_nodes)} nodes per algorithm`;
    }, () => {});
  }

  update(context) {
    this.context = context;
    if (context.spec !== this.spec) {
      this.spec = context.spec;
      this.loadEvaluators(context.spec);
    }
    if (this.result) this.markStale();
  }

  async loadEvaluators(spec) {
    try {
      const a = await api.agents(spec);
      if (spec !== this.spec) return;
      this.evalSelect.replaceChildren(...a.evaluators.map((e, k) => el("option", {
        value: e.name, title: e.help,
      }, e.name + (k === 0 ? " (default)" : ""))));
    } catch (_) {
      this.evalSelect.replaceChildren();
    }
  }

  // Says so when the board no longer shows the position explained.
  markStale() {
    const same = this.context && this.context.spec === this.result.spec && this.context.moves === this.result.moves;
    this.status.textContent = same ? this.summaryLine() :
      `Explains ${this.result.spec} after ${this.result.moves || "no moves"}, not the position on the board: Explain again to follow it.`;
    this.status.classList.toggle("stale", !same);
  }

  summaryLine() {
    const r = this.result.json;
    const at = r.moves ? `after ${r.moves}` : "the start position";
    return `${r.game}, ${at}: depth ${r.depth}, evaluator ${r.eval}; player ${r.root_player} is MAX.`;
  }

  showError(message) {
    this.error.textContent = message || "";
    this.error.hidden = !message;
  }

  async explain() {
    const ctx = this.context;
    if (!ctx) return;
    const algo = this.algoBoxes.filter((b) => b.checked).map((b) => b.value);
    if (!algo.length) {
      this.showError("Tick at least one algorithm.");
      return;
    }
    if (this.run) this.run.controller.abort();
    const run = { controller: new AbortController() };
    this.run = run;
    const body = { game: ctx.spec, moves: ctx.moves, depth: Number(this.depth.value), algo: algo.join(",") };
    if (this.evalSelect.value) body.eval = this.evalSelect.value;
    this.showError("");
    this.status.textContent = "explaining…";
    this.status.classList.remove("stale");
    this.out.dataset.state = "busy";
    try {
      const json = await api.explain(body, run.controller.signal);
      if (this.run !== run) return;
      this.run = null;
      this.show({ json, spec: ctx.spec, moves: ctx.moves });
    } catch (e) {
      if (e.name === "AbortError") return;
      if (this.run === run) this.run = null;
      this.out.dataset.state = "error";
      this.status.textContent = this.result ? "The tree below is the previous explanation." : "";
      this.showError(e.message);
    }
  }

  show(result) {
    const previous = this.trees[this.selected] && this.trees[this.selected].algo.algorithm;
    this.result = result;
    this.trees = result.json.algorithms.map((a) => new Tree(a));
    this.views = new Map();
    const again = this.trees.findIndex((t) => t.algo.algorithm === previous);
    this.selected = again >= 0 ? again : 0;
    this.root = this.trees[this.selected].lastRoot();
    this.pointed = null;
    this.markStale();
    this.out.dataset.state = "done";
    this.summaryBox = el("div");
    this.toolbar = el("div", { class: "explain-toolbar" });
    this.stepBox = el("div");
    this.treeBox = el("div", { class: "tree-scroll", "data-testid": "explain-tree" });
    this.treeBox.addEventListener("click", (e) => this.clicked(e));
    this.treeBox.addEventListener("pointerover", (e) => this.pointedAt(e));
    this.treeBox.addEventListener("pointerleave", () => this.pointedAt(null));
    this.previewBox = el("div", { class: "explain-preview", "data-testid": "explain-preview" });
    this.preview = new Preview(this.previewBox);
    this.out.replaceChildren(this.summaryBox, this.toolbar, legend(),
      this.stepBox, el("div", { class: "explain-body" }, this.treeBox, this.previewBox));
    this.select(this.selected);
  }

  view() {
    const key = `${this.selected}|${this.root}`;
    if (!this.views.has(key)) this.views.set(key, new View(this.trees[this.selected], this.root));
    return this.views.get(key);
  }

  select(k) {
    this.selected = k;
    this.root = this.trees[k].lastRoot();
    this.summaryBox.replaceChildren(summaryTable(this.result.json, k, (j) => this.select(j)));
    this.drawToolbar();
    this.redraw();
    this.centreRoot();
  }

  // The root in the middle of the tree's box, at the top.
  centreRoot() {
    const root = this.treeBox.querySelector(`g.enode[data-id="${this.root}"]`);
    if (!root) return;
    const a = this.treeBox.getBoundingClientRect();
    const b = root.getBoundingClientRect();
    this.treeBox.scrollLeft += (b.left + b.right) / 2 - (a.left + a.right) / 2;
    this.treeBox.scrollTop = 0;
  }

  drawToolbar() {
    const tree = this.trees[this.selected];
    const view = this.view();
    const items = [el("strong", {}, `${tree.algo.algorithm}: `), el("span", { class: "muted" }, tree.algo.description)];
    if (tree.roots.length > 1) {
      const pick = el("select", { "data-testid": "explain-iteration", onchange: (e) => {
        this.root = Number(e.target.value);
        this.pointed = null;
        this.drawToolbar();
        this.redraw();
        this.centreRoot();
      } }, ...tree.roots.map((r, k) => el("option", { value: r, selected: r === this.root },
        `iteration ${k + 1} (depth ${tree.nodes[r].depth}), nodes #${r}–#${r + tree.size[r] - 1}`)));
      items.push(el("label", {}, " ", pick));
    }
    const fold = el("button", { type: "button", "data-testid": "explain-fold", title: "Fold deeper plies to keep the drawing readable",
      onclick: () => { view.foldToBudget(); this.redraw(); } }, "Fold to fit");
    const unfold = el("button", { type: "button", "data-testid": "explain-unfold", title: "Draw every node",
      onclick: () => {
        if (view.unfoldAll()) {
          this.showError("");
          this.redraw();
        } else {
          this.showError(`This tree has ${thousands(view.end - view.root)} nodes, too many to draw at once (at most ${thousands(UNFOLD_LIMIT)}): click a node to unfold it.`);
        }
      } }, "Unfold all");
    this.toolbar.replaceChildren(el("span", {}, ...items), el("span", { class: "fold-buttons" }, fold, unfold,
      el("span", { class: "muted small" }, "click a node to fold or unfold it")));
  }

  redraw() {
    const view = this.view();
    const minimax = this.trees[this.selected].algo.algorithm === "minimax";
    this.stepBox.replaceChildren(stepper(view, (step) => this.goTo(step)));
    const svg = drawTree(view, minimax);
    const total = view.end - view.root;
    svg.dataset.total = total;
    this.treeBox.replaceChildren(svg);
    this.treeBox.dataset.drawn = svg.dataset.drawn;
    this.treeBox.dataset.total = total;
    this.treeBox.dataset.algo = this.trees[this.selected].algo.algorithm;
    this.showNode(this.pointed !== null ? this.pointed : view.event().node);
  }

  goTo(step) {
    const view = this.view();
    view.goTo(step);
    this.pointed = null;
    this.redraw();
    const current = this.treeBox.querySelector("g.enode.current");
    if (current) keepInSight(this.treeBox, current);
  }

  showNode(id) {
    const tree = this.trees[this.selected];
    const minimax = tree.algo.algorithm === "minimax";
    this.preview.show(tree, tree.nodes[id], this.result.spec, this.result.moves, minimax);
  }

  clicked(e) {
    const g = e.target.closest && e.target.closest("g.enode");
    if (!g) return;
    const id = Number(g.dataset.id);
    if (this.trees[this.selected].size[id] < 2) return;
    const before = g.getBoundingClientRect();
    this.view().toggle(id);
    this.redraw();
    // The node clicked stays under the pointer.
    const after = this.treeBox.querySelector(`g.enode[data-id="${id}"]`);
    if (after) this.treeBox.scrollLeft += after.getBoundingClientRect().left - before.left;
  }

  pointedAt(e) {
    const g = e && e.target.closest && e.target.closest("g.enode");
    const id = g ? Number(g.dataset.id) : null;
    if (id === this.pointed) return;
    if (!g && e) return; // between nodes: keep the last one
    this.pointed = id;
    this.showNode(id !== null ? id : this.view().event().node);
  }
}

// Scrolls the tree's box so that `node` is in sight.
function keepInSight(box, node) {
  const a = box.getBoundingClientRect();
  const b = node.getBoundingClientRect();
  if (b.left < a.left + 20) box.scrollLeft -= a.left + 40 - b.left;
  else if (b.right > a.right - 20) box.scrollLeft += b.right - a.right + 40;
  if (b.top < a.top + 20) box.scrollTop -= a.top + 40 - b.top;
  else if (b.bottom > a.bottom - 20) box.scrollTop += b.bottom - a.bottom + 40;
}

function legend() {
  return el("p", { class: "explain-legend small" },
    el("span", { class: "lg max" }, "▲"), " MAX: the root player to move, takes the largest value · ",
    el("span", { class: "lg min" }, "▼"), " MIN: the other player, takes the smallest (who moves is read from the position: Kalah's extra turn is MAX under MAX; a BOOM uses up the turn like any move) · ",
    el("span", { class: "lg end" }, "■"), " game over · ",
    el("strong", {}, "bold"), ": the principal variation · ",
    el("span", { class: "lg cut" }, "┼"), " a cut-off: the grey moves were never searched, the bound in red · #n: the order of the visit · +N: nodes folded · TT: table hit, re: re-search.");
}

export const explainPanel = new ExplainPanel();
