// Extra panels under the side column. Each is {id, title, mount(box), update(context)}, where
// context = {spec, moves, position, analysis}; main.js mounts them once and updates them after
// every change of position.
//
// This is where the search-tree explainer goes: a module that draws the tree of a JSON trace
// from `poda explain` (one more panel here, one more API route in crates/web/src/routes.rs).

import { $, el } from "./dom.js";

export const PANELS = [];

export function mountPanels() {
  const box = $("extra-panels");
  for (const panel of PANELS) {
    const body = el("div", { id: `panel-${panel.id}-body` });
    box.append(el("div", { class: "panel", id: `panel-${panel.id}` }, el("h2", {}, panel.title), body));
    panel.mount(body);
  }
}

export function updatePanels(context) {
  for (const panel of PANELS) panel.update(context);
}
