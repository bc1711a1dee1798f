// Kalah (Mancala): two rows of pits and a store at each end, with their seed counts. Player 1
// (South) owns the bottom row and the right store, player 2 (North) the top row and the left
// store; seeds travel anticlockwise. A move is the mover's pit number, 1 next to its own store
// (the course's notation), so South's pits read 6..1 left to right and North's 1..6.

import { s, svgRoot, byMove, badge } from "./svg.js";

const PIT = 84;
const STORE = 96;
const ROW = 110;
const LABEL = 40;

export function names() {
  return ["South (player 1)", "North (player 2)", "sow anticlockwise; most seeds in your store wins"];
}

// Seeds as small dots scattered in a fixed pattern (a golden-angle spiral), up to 24 drawn.
function seeds(cx, cy, count, radius, player) {
  const out = [];
  const shown = Math.min(count, 24);
  for (let i = 0; i < shown; i++) {
    // Around the count in the middle: from 45% to 85% of the radius.
    const a = i * 2.39996;
    const d = radius * (0.5 + 0.36 * Math.sqrt((i + 0.5) / Math.max(shown, 8)));
    out.push(s("circle", {
      cx: cx + d * Math.cos(a), cy: cy + d * Math.sin(a), r: 5.8, class: `seed s${(i * 7 + player) % 4}`,
    }));
  }
  return out;
}

export function draw(container, buttons, view, onMove) {
  const p = view.position;
  const [south, north] = p.board.split("/").map((side) => side.split(",").map(Number));
  const m = south.length - 1;
  const width = 2 * STORE + m * PIT + 40;
  const height = 2 * ROW + 2 * LABEL + 20;
  const root = svgRoot(width, height, `Kalah board, ${m} pits a side`);
  const legal = new Set(p.legal);
  const scores = byMove(view.analysis);
  const mover = p.to_move; // null once over
  const lastMover = p.movers && p.movers.length ? p.movers[p.movers.length - 1] : null;
  const top = LABEL + 10;
  const x0 = 20 + STORE;

  root.append(s("rect", { x: 10, y: top - 6, width: width - 20, height: 2 * ROW + 12, rx: 40, class: "kalah-board" }));
  // Stores: North's on the left, South's on the right.
  const store = (x, count, player, label) => s("g", { class: `store p${player}`, "data-store": player },
    s("rect", { x: x + 8, y: top + 8, width: STORE - 16, height: 2 * ROW - 16, rx: 36, class: "store-cup" }),
    ...seeds(x + STORE / 2, top + ROW, count, STORE / 2 - 10, player),
    s("text", { x: x + STORE / 2, y: top + ROW + 10, "text-anchor": "middle", class: "count store-count" }, String(count)),
    s("text", { x: x + STORE / 2, y: top + 2 * ROW + LABEL - 6, "text-anchor": "middle", class: "coord" }, label));
  root.append(store(20, north[0], 2, "North"), store(x0 + m * PIT, south[0], 1, "South"));

  const pit = (player, k, column, rowIndex) => {
    const cx = x0 + column * PIT + PIT / 2;
    const cy = top + rowIndex * ROW + ROW / 2;
    const count = (player === 1 ? south : north)[k];
    const mine = mover === player;
    const mv = String(k);
    const playable = view.interactive && mine && legal.has(mv);
    const g = s("g", {
      class: "pit" + (playable ? " playable" : "") + (mine ? " mine" : ""),
      "data-pit": `${player},${k}`,
      onclick: view.interactive && mine ? () => onMove(mv) : null,
    },
    s("circle", { cx, cy, r: PIT / 2 - 6, class: "pit-cup" }),
    ...seeds(cx, cy, count, PIT / 2 - 10, player),
    s("text", { x: cx, y: cy + 9, "text-anchor": "middle", class: "count" }, String(count)),
    s("title", {}, `${player === 1 ? "South" : "North"} pit ${k}: ${count} seeds`));
    if (view.lastMove === mv && lastMover === player) {
      g.append(s("circle", { cx, cy, r: PIT / 2 - 3, class: "last-ring" }));
    }
    root.append(g);
    const labelY = rowIndex === 0 ? top - 14 : top + 2 * ROW + 28;
    if (mine && scores[mv]) {
      root.append(badge(cx, rowIndex === 0 ? top - 20 : top + 2 * ROW + 22, scores[mv], view.heatColour));
    } else {
      root.append(s("text", { x: cx, y: labelY, "text-anchor": "middle", class: "coord" }, String(k)));
    }
  };
  for (let c = 0; c < m; c++) {
    pit(2, c + 1, c, 0);     // North: pit 1 on the left, next to its store
    pit(1, m - c, c, 1);     // South: pit m on the left, pit 1 next to its store on the right
  }
  container.replaceChildren(root);
  buttons.replaceChildren();
}
