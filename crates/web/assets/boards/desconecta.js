// DesConecta-4 BOOM (the UGR course's misère Connect 4 on 7x7 with bombs): green and blue
// pieces, each side's bomb drawn as a bomb on its piece, and a BOOM button that explodes the
// mover's bomb (the move `b`). Whoever makes four in a row loses.

import { s, svgRoot, byMove, badge, fours } from "./svg.js";
import { el } from "../dom.js";

const CELL = 60;
const TOP = 44;
const BOTTOM = 30;
const PAD = 10;

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

export function draw(container, buttons, view, onMove) {
  const p = view.position;
  const grid = p.board.split("/");
  const h = grid.length;
  const w = grid[0].length;
  const width = w * CELL + 2 * PAD;
  const height = TOP + h * CELL + 2 * PAD + BOTTOM;
  const root = svgRoot(width, height, "DesConecta-4 BOOM board");
  const legal = new Set(p.legal);
  const scores = byMove(view.analysis);
  const line = p.result !== "*"
    ? fours(grid, (a, b) => a.toLowerCase() === b.toLowerCase()) : new Set();
  const last = view.lastMove && view.lastMove !== "b" ? Number(view.lastMove) - 1 : -1;
  const lastRow = last >= 0 ? grid.findIndex((row) => row[last] !== ".") : -1;

  root.append(s("rect", {
    x: PAD / 2, y: TOP, width: width - PAD, height: h * CELL + 2 * PAD, rx: 14, class: "dc-frame",
  }));
  for (let c = 0; c < w; c++) {
    const x = PAD + c * CELL + CELL / 2;
    for (let r = 0; r < h; r++) {
      const y = TOP + PAD + r * CELL + CELL / 2;
      const cell = grid[r][c];
      const lower = cell.toLowerCase();
      const cls = lower === "x" ? "disc g1" : lower === "o" ? "disc g2" : "hole";
      root.append(s("circle", { cx: x, cy: y, r: CELL * 0.4, class: cls, "data-cell": `${c + 1},${h - r}` }));
      if (cell === "X" || cell === "O") root.append(bomb(x, y, CELL * 0.4));
      if (line.has(`${c},${r}`)) root.append(s("circle", { cx: x, cy: y, r: CELL * 0.4, class: "four" }));
      else if (c === last && r === lastRow) root.append(s("circle", { cx: x, cy: y, r: CELL * 0.46, class: "last-ring" }));
    }
    root.append(s("text", { x, y: TOP + h * CELL + 2 * PAD + 20, "text-anchor": "middle", class: "coord" }, String(c + 1)));
    const mv = String(c + 1);
    if (scores[mv]) root.append(badge(x, TOP / 2, scores[mv], view.heatColour));
    if (view.interactive) {
      root.append(s("rect", {
        x: PAD + c * CELL, y: 0, width: CELL, height: height - BOTTOM,
        class: "column-hit" + (legal.has(mv) ? "" : " full"), "data-col": mv,
        onclick: () => onMove(mv),
      }, s("title", {}, legal.has(mv) ? `put a piece in column ${mv}` : `column ${mv} is full`)));
    }
  }
  container.replaceChildren(root);

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
