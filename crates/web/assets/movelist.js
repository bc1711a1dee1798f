// The move list in the CLI's notation: one entry per ply, coloured by who moved (Kalah's
// extra turns show as two moves of one colour); a click jumps to that ply.

import { $, el } from "./dom.js";

export function renderMoveList(state, onJump) {
  const list = $("movelist");
  const movers = (state.position && state.position.movers) || [];
  list.replaceChildren(
    el("li", { class: "ply start" + (state.cursor === 0 ? " current" : ""), "data-ply": 0,
      onclick: () => onJump(0) }, "start"),
    ...state.line.map((mv, i) => el("li", {
      class: `ply p${movers[i] || (i % 2) + 1}` + (state.cursor === i + 1 ? " current" : "")
        + (i + 1 > state.cursor ? " ahead" : ""),
      "data-ply": i + 1,
      title: `ply ${i + 1}`,
      onclick: () => onJump(i + 1),
    }, el("span", { class: "num" }, `${i + 1}.`), " ", mv)));
  const current = list.querySelector(".current");
  if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  const input = $("line");
  if (document.activeElement !== input) input.value = state.lineText();
}
