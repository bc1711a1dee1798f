// The tournament view (`poda serve --tournament DIR`): the rating chart, the rating table, the
// cross-table and every game, which a click replays on the board.

import * as api from "./api.js";
import { $, el } from "./dom.js";

export async function showTournament(onReplay) {
  const box = $("tournament");
  box.replaceChildren(el("p", { class: "muted" }, "loading the tournament…"));
  let t;
  try {
    t = await api.tournament();
  } catch (e) {
    box.replaceChildren(el("p", { class: "bad-text" }, e.message));
    return;
  }
  const info = t.tournament || (t.report && t.report.tournament) || {};
  const agents = info.agents || [];
  const report = t.report;
  const parts = [el("h2", {}, `Tournament: ${info.game || "?"} · ${t.dir}`),
    el("p", { class: "muted" },
      `${agents.length} agents · ${info.games_per_pair || "?"} games per pair · ${t.games.length} games recorded`
      + (t.bad_lines ? ` · ${t.bad_lines} unreadable line(s) skipped` : ""))];
  if (report) {
    parts.push(el("img", { src: "/api/tournament/ratings.svg", alt: "ratings with 95% intervals", class: "ratings-chart" }));
    parts.push(el("h3", {}, "Ratings"));
    parts.push(el("table", { class: "grid", "data-testid": "ratings" },
      el("tr", {}, ...["rank", "agent", "Elo", "95%", "games", "points", "W-D-L"].map((h) => el("th", {}, h))),
      ...report.ratings.map((r) => el("tr", {},
        el("td", {}, r.rank), el("td", {}, r.agent), el("td", {}, r.elo.toFixed(0)),
        el("td", {}, Number.isFinite(r.ci95) ? "±" + r.ci95.toFixed(0) : "±∞"),
        el("td", {}, r.games), el("td", {}, r.points), el("td", {}, `${r.wins}-${r.draws}-${r.losses}`)))));
    parts.push(el("h3", {}, "Cross-table (points of the row against the column)"));
    parts.push(el("table", { class: "grid cross", "data-testid": "cross-table" },
      el("tr", {}, el("th", {}, ""), ...agents.map((a, j) => el("th", { title: a }, `${j + 1}`))),
      ...report.cross_table.map((row, i) => el("tr", {},
        el("th", { class: "left" }, `${i + 1}. ${agents[i] || ""}`),
        ...row.map((cell, j) => el("td", { class: i === j ? "self" : "" },
          i === j ? "" : cell.games ? `${cell.points}/${cell.games}` : "–"))))));
  } else {
    parts.push(el("p", { class: "muted" }, "no report.json yet (the tournament writes it at the end)"));
  }
  parts.push(el("h3", {}, "Games (click to replay)"));
  parts.push(el("table", { class: "grid games", "data-testid": "tournament-games" },
    el("tr", {}, ...["#", "first", "second", "result", "plies", "note"].map((h) => el("th", {}, h))),
    ...t.games.map((g) => el("tr", { class: "game-row", "data-index": g.index, onclick: () => onReplay(g, info.game) },
      el("td", {}, g.index), el("td", {}, g.first), el("td", {}, g.second), el("td", {}, g.result),
      el("td", {}, (g.moves || []).length), el("td", {}, g.reason || "")))));
  box.replaceChildren(...parts);
}
