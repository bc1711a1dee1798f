// Connect 4 (any size) and misère Connect 4: a blue frame of holes, red and yellow discs that
// fill each column from the bottom; a click anywhere in a column drops a disc there.

import { s } from "./svg.js";
import { drawColumns } from "./columns.js";

export function names(spec) {
  const misere = spec.startsWith("misere");
  return misere
    ? ["Red (player 1)", "Yellow (player 2)", "misère: whoever makes four in a row loses"]
    : ["Red (player 1)", "Yellow (player 2)", "four in a row wins"];
}

const CONNECT4 = {
  cell: 64,
  title: (w) => `Connect 4 board, ${w} columns`,
  frameClass: "c4-frame",
  verb: "drop a disc",
  sameOwner: (a, b) => a === b,
  piece(root, x, y, r, cell, name) {
    const cls = cell === "x" ? "disc p1" : cell === "o" ? "disc p2" : "hole";
    root.append(s("circle", { cx: x, cy: y, r, class: cls, "data-cell": name }));
  },
};

export function draw(container, buttons, view, onMove) {
  drawColumns(container, view, onMove, CONNECT4);
  buttons.replaceChildren();
}
