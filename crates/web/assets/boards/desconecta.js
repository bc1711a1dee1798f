// DesConecta-4 BOOM (the UGR course's misère Connect 4 on 7x7 with bombs): green and blue
// pieces, each side's bomb drawn as a bomb on its piece, and a BOOM button that explodes the
// mover's bomb (the move `b`). Whoever makes four in a row loses.

import { s } from "./svg.js";
import { drawColumns } from "./columns.js";
import { el } from "../dom.js";

export function names() {
  return ["Green (player 1)", "Blue (player 2)",
    "misère with bombs: whoever makes four in a row loses; BOOM clears your pieces in your bomb's row"];
}

function bomb(x, y, r) {
  return s("g", { class: "bomb" },
    s("circle", { cx: x, cy: y + r * 0.12, r: r * 0.52, class: "bomb-body" }),
    s("rect", { x: x - r * 0.14, y: y - r * 0.62, width: r * 0.28, height: r * 0.2, class: "bomb-cap" }),
    s("path", { d: `M ${x} ${y - r * 0.62} q ${r * 0.2} ${-r * 0.3} ${r * 0.42} ${-r * 0.2}`, class: "bomb-fuse" }),
    s("circle", { cx: x + r * 0.44, cy: y - r * 0.82, r: r * 0.11, class: "bomb-spark" }),
    s("circle", { cx: x - r * 0.2, cy: y - r * 0.05, r: r * 0.1, class: "bomb-shine" }));
}

const DESCONECTA = {
  cell: 60,
  title: () => "DesConecta-4 BOOM board",
  frameClass: "dc-frame",
  verb: "put a piece",
  sameOwner: (a, b) => a.toLowerCase() === b.toLowerCase(),
  piece(root, x, y, r, cell, name) {
    const lower = cell.toLowerCase();
    const cls = lower === "x" ? "disc g1" : lower === "o" ? "disc g2" : "hole";
    root.append(s("circle", { cx: x, cy: y, r, class: cls, "data-cell": name }));
    if (cell === "X" || cell === "O") root.append(bomb(x, y, r));
  },
};

export function draw(container, buttons, view, onMove) {
  const p = view.position;
  const { legal, scores } = drawColumns(container, view, onMove, DESCONECTA);

  // The round counter: a PUT in a round that is a multiple of 5 places a bomb (if its owner
  // has none on the board).
  const round = Math.floor(p.ply / 2) + 1;
  const nextBomb = Math.ceil(round / 5) * 5;
  const boom = scores.b;
  buttons.replaceChildren(
    el("button", {
      type: "button", class: "boom", "data-testid": "boom",
      disabled: !(view.interactive && legal.has("b")),
      title: legal.has("b") ? "explode your bomb (move b)" : "you have no bomb on the board",
      onclick: () => onMove("b"),
    }, "BOOM!", boom ? el("span", { class: "boom-score" }, ` ${boom.score}`) : ""),
    el("span", { class: "round" },
      `round ${round} · ` + (round % 5 === 0 ? "a piece put this round is a bomb" : `next bomb round: ${nextBomb}`)));
  if (boom) buttons.querySelector(".boom").style.background = view.heatColour(boom.heat);
}
