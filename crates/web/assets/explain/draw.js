// The tree of a view in SVG, as `poda explain --format svg` draws it: MAX nodes as triangles
// pointing up, MIN nodes pointing down, finished games as squares; the principal variation in
// bold; each cut-off as a greyed dashed branch to the moves never searched, with a red mark at
// the cut and the bound that caused it; node numbers in visiting order; "+N" on a folded node.
// While stepping, nodes not yet visited are faint and values appear when a node returns.

import { s } from "../boards/svg.js";
import { layout } from "./layout.js";
import { cutBound, cutReason, kind, valueText } from "./format.js";

const SLOT = 36;
const LEVEL = 80;
const MARGIN = 24;
const TOP = 26;

// The picture, with `data-drawn` (nodes drawn), `data-step` and one `g.enode[data-id]` per
// drawn node.
export function drawTree(view, minimax) {
  const { nodes, size } = view.tree;
  const visible = view.visible();
  const place = layout(view, visible);
  const rootPly = nodes[view.root].ply;
  // Room under the deepest drawn node for its value (and "+N"), or for a cut-off's stub.
  let bottom = 0;
  for (const i of place.x.keys()) bottom = Math.max(bottom, LEVEL * (nodes[i].ply - rootPly) + 45);
  for (const stub of place.stubs) bottom = Math.max(bottom, LEVEL * (nodes[stub.node].ply - rootPly + 1) + 12);
  const width = place.slots * SLOT + 2 * MARGIN;
  const height = TOP + 14 + bottom;
  const X = (slot) => MARGIN + slot * SLOT;
  const Y = (ply) => TOP + 14 + LEVEL * (ply - rootPly);
  const svg = s("svg", {
    viewBox: `0 0 ${width} ${height}`, width, height, class: "tree-svg", role: "img",
    "aria-label": `search tree, ${place.x.size} nodes drawn`,
    "data-drawn": place.x.size, "data-step": view.step,
  });
  const edges = s("g", { class: "edges" });
  const cuts = s("g", { class: "cuts" });
  const marks = s("g", { class: "nodes" });
  const current = view.event().node;
  for (const [i, cx] of place.x) {
    const n = nodes[i];
    const state = view.state(i);
    if (n.parent !== null && place.x.has(n.parent) && i !== view.root) {
      edges.append(edge(n, nodes[n.parent], X(place.x.get(n.parent)), Y(n.ply - 1), X(cx), Y(n.ply), state));
    }
    const folded = size[i] > 1 && !view.tree.children[i].some((c) => visible[c]) ? size[i] - 1 : 0;
    marks.append(node(n, X(cx), Y(n.ply), state, i === current, folded, minimax));
  }
  for (const stub of place.stubs) {
    const n = nodes[stub.node];
    if (view.state(stub.node) !== "done") continue;
    const folded = !view.tree.children[stub.node].some((c) => visible[c]);
    cuts.append(cut(n, X(place.x.get(stub.node)), X(stub.x), Y(n.ply), folded, stub.node === current));
  }
  svg.append(edges, cuts, marks);
  return svg;
}

function edge(n, parent, x1, y1, x2, y2, state) {
  const pv = n.pv && parent.pv;
  const a = { x: x1, y: y1 + 27 };
  const b = { x: x2, y: y2 - 13 };
  const lx = a.x + 0.7 * (b.x - a.x);
  const ly = a.y + 0.7 * (b.y - a.y);
  return s("g", { class: `edge ${state}` + (pv ? " pv" : "") },
    s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
    s("text", { x: lx, y: ly + 3, class: "edge-move" }, n.move || ""));
}

function shape(n, x, y) {
  if (n.terminal) return s("rect", { x: x - 8, y: y - 8, width: 16, height: 16, class: "shape" });
  const points = n.max
    ? [[x - 11, y + 9], [x + 11, y + 9], [x, y - 11]]
    : [[x - 11, y - 9], [x + 11, y - 9], [x, y + 11]];
  return s("polygon", { points: points.map((p) => p.join(",")).join(" "), class: "shape" });
}

function tip(n, minimax) {
  const parts = [`#${n.id} ${kind(n)} after ${n.path || "(root)"}; ${n.depth} plies left`];
  if (!minimax) parts.push(`entered with [α, β] = [${valueText(n.alpha)}, ${valueText(n.beta)}]`);
  parts.push(`returned ${valueText(n.value)}`);
  if (n.eval !== null) parts.push(`static value ${valueText(n.eval)}`);
  if (n.table) parts.push(`table hit (${n.table})`);
  if (n.cutoff) parts.push(`cut off: ${cutReason(n)}`);
  if (n.folded) parts.push("click to unfold");
  return parts.join("; ");
}

function node(n, x, y, state, isCurrent, folded, minimax) {
  const classes = ["enode", n.terminal ? "end" : n.max ? "max" : "min"];
  if (n.pv) classes.push("pv");
  if (n.null_window) classes.push("probe");
  if (isCurrent) classes.push("current");
  if (folded) classes.push("folded");
  const g = s("g", { class: classes.join(" "), "data-id": n.id, "data-state": state },
    s("title", {}, tip({ ...n, folded }, minimax)));
  // Something to point at larger than the triangle.
  g.append(s("circle", { cx: x, cy: y + 4, r: 19, class: "hit" }));
  if (isCurrent) g.append(s("circle", { cx: x, cy: y, r: 19, class: "halo" }));
  g.append(shape(n, x, y));
  const shown = state === "done" ? valueText(n.eval !== null ? n.eval : n.value) : state === "open" ? "…" : "";
  g.append(s("text", { x, y: y + 23, class: "value" + (shown.length > 4 ? " long" : "") }, shown));
  g.append(s("text", { x: x - 7, y: y - 12, class: "number" }, String(n.id)));
  const tags = [n.table ? "TT" : "", n.research ? "re" : "", n.repetition ? "rep" : ""].filter(Boolean);
  if (tags.length) g.append(s("text", { x: x + 9, y: y - 8, class: "tags" }, tags.join(" ")));
  if (folded) {
    g.append(s("rect", { x: x - 17, y: y + 27, width: 34, height: 13, rx: 3, class: "fold-box" }),
      s("text", { x, y: y + 37, class: "fold" }, `+${folded}`));
  }
  return g;
}

// The greyed branch of a cut-off, with a red mark at the cut and the bound that caused it.
function cut(n, x, x2, y, folded, isCurrent) {
  const [x1, y1] = folded ? [x + 17, y + 33] : [x, y + 27];
  const y2 = y + LEVEL - 12;
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const len = Math.max(1, Math.hypot(x2 - x1, y2 - y1));
  const [nx, ny] = [-(y2 - y1) / len * 7, (x2 - x1) / len * 7];
  const moves = n.pruned.every((m) => m.length === 1) ? n.pruned.join("") : `${n.pruned.length} moves`;
  return s("g", { class: "cut" + (isCurrent ? " current" : ""), "data-id": n.id },
    s("title", {}, `#${n.id} cut off: ${cutReason(n)} (never searched: ${n.pruned.join(" ")})`),
    s("line", { x1, y1, x2, y2, class: "cut-branch" }),
    s("line", { x1: mx - nx, y1: my - ny, x2: mx + nx, y2: my + ny, class: "cut-mark" }),
    s("text", { x: x2, y: y2 + 6, class: "cut-moves" }, moves),
    s("text", { x: x2, y: y2 + 19, class: "cut-bound" }, cutBound(n)));
}
