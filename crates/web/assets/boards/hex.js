// Hex on an n x n rhombus: Black (player 1) joins the top and bottom edges, White (player 2)
// the left and right ones; columns a, b, ... left to right, rows 1, 2, ... top to bottom, as
// in HexGui and the rules file. The pie rule's swap is a button.

import { s, svgRoot, byMove } from "./svg.js";
import { el } from "../dom.js";

const SQRT3 = Math.sqrt(3);

export function names(spec) {
  const swap = /swap=true/.test(spec);
  return ["Black (top–bottom)", "White (left–right)",
    "connect your two edges" + (swap ? "; White may swap after Black's first stone" : "")];
}

function hexagon(cx, cy, r) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 30);
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

export function draw(container, buttons, view, onMove) {
  const p = view.position;
  const rows = p.board.split("/");
  const n = rows.length;
  const r = Math.max(12, Math.min(30, 330 / n));
  const w = SQRT3 * r;
  const margin = r * 2.2;
  const width = margin * 2 + n * w + (n - 1) * w / 2;
  const height = margin * 2 + (n - 1) * 1.5 * r + 2 * r;
  const root = svgRoot(Math.round(width), Math.round(height), `Hex board, ${n} by ${n}`);
  const centre = (x, y) => [margin + w / 2 + x * w + y * w / 2, margin + r + y * 1.5 * r];
  const legal = new Set(p.legal);
  const scores = byMove(view.analysis);

  // The coloured edges: four triangles from the centre to the rhombus' corners, pushed out.
  const corner = (x, y, dx, dy) => {
    const [cx, cy] = centre(x, y);
    return [cx + dx * r * 1.3, cy + dy * r * 1.3];
  };
  const tl = corner(0, 0, -1.2, -1);
  const tr = corner(n - 1, 0, 1.0, -1);
  const br = corner(n - 1, n - 1, 1.2, 1);
  const bl = corner(0, n - 1, -1.0, 1);
  const mid = centre((n - 1) / 2, (n - 1) / 2);
  const tri = (a, b, cls) => s("polygon", { points: [mid, a, b].map((q) => q.join(",")).join(" "), class: cls });
  root.append(tri(tl, tr, "hex-edge black"), tri(br, bl, "hex-edge black"),
    tri(tr, br, "hex-edge white"), tri(bl, tl, "hex-edge white"));

  const letter = (x) => String.fromCharCode(97 + x);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const [cx, cy] = centre(x, y);
      const mv = `${letter(x)}${y + 1}`;
      const stone = rows[y][x];
      const row = scores[mv];
      const fill = row ? view.heatColour(row.heat) : null;
      root.append(s("polygon", { points: hexagon(cx, cy, r), class: "hex-base" }));
      const cell = s("polygon", {
        points: hexagon(cx, cy, r), class: "hex-cell" + (legal.has(mv) && view.interactive ? " playable" : ""),
        "data-cell": mv, style: fill ? `fill:${fill}` : null,
        onclick: view.interactive ? () => onMove(mv) : null,
      }, s("title", {}, mv));
      root.append(cell);
      if (stone === "x" || stone === "o") {
        root.append(s("circle", {
          cx, cy, r: r * 0.72, class: stone === "x" ? "stone black" : "stone white", "pointer-events": "none",
        }));
        if (view.lastMove === mv) {
          root.append(s("circle", { cx, cy, r: r * 0.22, class: "last-dot hex-last", "pointer-events": "none" }));
        }
      }
      if (row) {
        root.append(s("text", {
          x: cx, y: cy + r * 0.2, "text-anchor": "middle", class: "hex-score", "pointer-events": "none",
          "font-size": Math.max(9, r * 0.55),
        }, row.score));
      }
    }
  }
  // Coordinates: letters above and below, numbers left and right.
  const fs = Math.max(10, r * 0.6);
  for (let x = 0; x < n; x++) {
    const [cx, cy] = centre(x, 0);
    root.append(s("text", { x: cx, y: cy - r * 1.45, "text-anchor": "middle", class: "coord", "font-size": fs }, letter(x)));
    const [bx, by] = centre(x, n - 1);
    root.append(s("text", { x: bx, y: by + r * 1.85, "text-anchor": "middle", class: "coord", "font-size": fs }, letter(x)));
  }
  for (let y = 0; y < n; y++) {
    const [lx, ly] = centre(0, y);
    root.append(s("text", { x: lx - w * 0.95, y: ly + fs * 0.35, "text-anchor": "end", class: "coord", "font-size": fs }, String(y + 1)));
    const [rx, ry] = centre(n - 1, y);
    root.append(s("text", { x: rx + w * 0.95, y: ry + fs * 0.35, "text-anchor": "start", class: "coord", "font-size": fs }, String(y + 1)));
  }
  container.replaceChildren(root);

  buttons.replaceChildren();
  if (legal.has("swap")) {
    const row = scores.swap;
    const button = el("button", {
      type: "button", "data-testid": "swap", disabled: !view.interactive,
      title: "the pie rule: take Black's first stone (mirrored) as yours",
      onclick: () => onMove("swap"),
    }, "Swap (pie rule)", row ? ` ${row.score}` : "");
    if (row) button.style.background = view.heatColour(row.heat);
    buttons.append(button);
  }
}
