// SVG helpers shared by the board views.

const NS = "http://www.w3.org/2000/svg";

// s("circle", {cx: 1, cy: 2, r: 3}, child, ...)
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function svgRoot(width, height, label) {
  return s("svg", {
    viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label,
    class: "board-svg",
  });
}

// The analysis rows by move: {move: {score, heat, exact}}.
export function byMove(analysis) {
  const out = {};
  for (const row of analysis || []) out[row.move] = row;
  return out;
}

// A score badge (the heat map's number) centred at (x, y).
export function badge(x, y, row, heatColour, width = 44) {
  return s("g", { class: "badge", "data-move": row.move, "data-score": row.score },
    s("rect", {
      x: x - width / 2, y: y - 13, width, height: 26, rx: 8,
      fill: heatColour(row.heat), stroke: row.exact ? "#1b1b1b" : "#777",
      "stroke-dasharray": row.exact ? null : "4 3", "stroke-width": 1.5,
    }),
    s("text", { x, y: y + 5, "text-anchor": "middle", class: "badge-text" }, row.score));
}

// Cells of four in a row of one piece kind in a grid (rows top first); `same(a, b)` says
// whether two cells count as one colour. Returns a Set of "col,row" keys.
export function fours(grid, same) {
  const h = grid.length;
  const w = h ? grid[0].length : 0;
  const out = new Set();
  const dirs = [[1, 0], [0, 1], [1, 1], [1, -1]];
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const a = grid[r][c];
      if (a === ".") continue;
      for (const [dc, dr] of dirs) {
        const cells = [[c, r]];
        for (let k = 1; k < 4; k++) {
          const cc = c + dc * k;
          const rr = r + dr * k;
          if (cc < 0 || cc >= w || rr < 0 || rr >= h || !same(a, grid[rr][cc])) break;
          cells.push([cc, rr]);
        }
        if (cells.length === 4) for (const [cc, rr] of cells) out.add(`${cc},${rr}`);
      }
    }
  }
  return out;
}
