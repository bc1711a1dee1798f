// Extra panels. Each is {id, title, wide, mount(box), update(context)}, where context =
// {spec, moves, position, analysis}; main.js mounts them once and updates them after every
// change of position. A wide panel goes under the board and the side column, across the page;
// the others under the side column.
//
// The search-tree explainer is one (explain/panel.js, POST /api/explain); another panel is one
// more module here and one more API route in crates/web/src/routes.rs.

import { $, el } from "./dom.js";
import { explainPanel } from "./explain/panel.js";

export const PANELS = [explainPanel];

export function mountPanels() {
  for (const panel of PANELS) {
    const body = el("div", { id: `panel-${panel.id}-body` });
    const box = $(panel.wide ? "wide-panels" : "extra-panels");
    box.append(el("div", { class: "panel", id: `panel-${panel.id}` }, el("h2", {}, panel.title), body));
    panel.mount(body);
  }
}

export function updatePanels(context) {
  for (const panel of PANELS) panel.update(context);
}
