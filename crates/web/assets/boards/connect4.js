// Connect 4 (any size) and misère Connect 4: a blue frame of holes, red and yellow discs that
// fill each column from the bottom; a click anywhere in a column drops a disc there.

import { s, svgRoot, byMove, badge, fours } from "./svg.js";

const CELL = 64;
const TOP = 44;    // the analysis row above the board
const BOTTOM = 30; // column numbers
const PAD = 10;

export function names(spec) {
  const misere = spec.startsWith("misere");
  return misere
    ? ["Red (player 1)", "Yellow (player 2)", "misère: whoever makes four in a row loses"]
    : ["Red (player 1)", "Yellow (player 2)", "four in a row wins"];
}

export function draw(container, buttons, view, onMove) {
  const p = view.position;
  const grid = p.board.split("/");
  const h = grid.length;
  const w = grid[0].length;
  const width = w * CELL + 2 * PAD;
  const height = TOP + h * CELL + 2 * PAD + BOTTOM;
  const root = svgRoot(width, height, `Connect 4 board, ${w} columns`);
  const legal = new Set(p.legal);
  const scores = byMove(view.analysis);
  const line = p.result !== "*" ? fours(grid, (a, b) => a === b) : new Set();
  const last = view.lastMove ? Number(view.lastMove) - 1 : -1;
  const lastRow = last >= 0 ? grid.findIndex((row) => row[last] !== ".") : -1;

  root.append(s("rect", {
    x: PAD / 2, y: TOP, width: width - PAD, height: h * CELL + 2 * PAD, rx: 14, class: "c4-frame",
  }));
  for (let c = 0; c < w; c++) {
    const x = PAD + c * CELL + CELL / 2;
    for (let r = 0; r < h; r++) {
      const y = TOP + PAD + r * CELL + CELL / 2;
      const cell = grid[r][c];
      const cls = cell === "x" ? "disc p1" : cell === "o" ? "disc p2" : "hole";
      root.append(s("circle", {
        cx: x, cy: y, r: CELL * 0.4, class: cls, "data-cell": `${c + 1},${h - r}`,
      }));
      if (line.has(`${c},${r}`)) {
        root.append(s("circle", { cx: x, cy: y, r: CELL * 0.4, class: "four" }));
      } else if (c === last && r === lastRow) {
        root.append(s("circle", { cx: x, cy: y, r: CELL * 0.46, class: "last-ring" }));
      }
    }
    root.append(s("text", {
      x, y: TOP + h * CELL + 2 * PAD + 20, "text-anchor": "middle", class: "coord",
    }, String(c + 1)));
    const mv = String(c + 1);
    if (scores[mv]) root.append(badge(x, TOP / 2, scores[mv], view.heatColour));
    if (view.interactive) {
      root.append(s("rect", {
        x: PAD + c * CELL, y: 0, width: CELL, height: height - BOTTOM,
        class: "column-hit" + (legal.has(mv) ? "" : " full"), "data-col": mv,
        onclick: () => onMove(mv),
      }, s("title", {}, legal.has(mv) ? `drop a disc in column ${mv}` : `column ${mv} is full`)));
    }
  }
  container.replaceChildren(root);
  buttons.replaceChildren();
}
