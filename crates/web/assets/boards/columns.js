// What Connect 4 and DesConecta-4 BOOM share: a frame of holes, pieces that fill each column
// from the bottom, the four in a row ringed at the end, the last piece ringed, the column
// numbers, each column's analysis badge above it, and a click anywhere in a column to play
// there. Each game's view says how a cell is drawn.

import { s, svgRoot, byMove, badge, fours } from "./svg.js";

const TOP = 44;    // the analysis row above the board
const BOTTOM = 30; // column numbers
const PAD = 10;

// game: { cell (size in px), title, frameClass, verb ("drop a disc"), sameOwner(a, b),
//         piece(root, x, y, r, cell): draws one cell }
export function drawColumns(container, view, onMove, game) {
  const CELL = game.cell;
  const p = view.position;
  const grid = p.board.split("/");
  const h = grid.length;
  const w = grid[0].length;
  const width = w * CELL + 2 * PAD;
  const height = TOP + h * CELL + 2 * PAD + BOTTOM;
  const root = svgRoot(width, height, game.title(w));
  const legal = new Set(p.legal);
  const scores = byMove(view.analysis);
  const line = p.result !== "*" ? fours(grid, game.sameOwner) : new Set();
  const last = /^[0-9]+$/.test(view.lastMove || "") ? Number(view.lastMove) - 1 : -1;
  const lastRow = last >= 0 ? grid.findIndex((row) => row[last] !== ".") : -1;

  root.append(s("rect", {
    x: PAD / 2, y: TOP, width: width - PAD, height: h * CELL + 2 * PAD, rx: 14, class: game.frameClass,
  }));
  for (let c = 0; c < w; c++) {
    const x = PAD + c * CELL + CELL / 2;
    for (let r = 0; r < h; r++) {
      const y = TOP + PAD + r * CELL + CELL / 2;
      game.piece(root, x, y, CELL * 0.4, grid[r][c], `${c + 1},${h - r}`);
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
      }, s("title", {}, legal.has(mv) ? `${game.verb} in column ${mv}` : `column ${mv} is full`)));
    }
  }
  container.replaceChildren(root);
  return { legal, scores };
}
