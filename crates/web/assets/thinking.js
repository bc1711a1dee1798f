// The thinking panel: while an agent searches, its depth, score, nodes, speed and principal
// variation as each iteration finishes (server-sent "info" events), then the chosen move's
// figures. `data-updates` counts the updates (the browser tests read it).

import { $, el, compact } from "./dom.js";

export class Thinking {
  constructor() {
    this.updates = 0;
    this.clear();
  }

  clear() {
    clearInterval(this.clock);
    this.updates = 0;
    $("thinking").replaceChildren(el("p", { class: "muted" },
      "When an agent thinks, its search shows here as it deepens."));
    $("thinking-panel").dataset.updates = "0";
    $("thinking-panel").dataset.state = "idle";
    $("stop").disabled = true;
  }

  start(agent, seat) {
    clearInterval(this.clock);
    this.began = performance.now();
    // The search reports after each finished iteration, which come further apart as it
    // deepens; the elapsed time ticks in between.
    this.clock = setInterval(() => {
      const cell = document.querySelector("[data-testid=think-elapsed]");
      if (cell) cell.textContent = ((performance.now() - this.began) / 1000).toFixed(1) + " s";
    }, 100);
    this.updates = 0;
    this.agent = agent;
    this.seat = seat;
    $("thinking-panel").dataset.state = "thinking";
    $("thinking-panel").dataset.updates = "0";
    $("stop").disabled = false;
    this.draw(null, "thinking…");
  }

  info(info) {
    this.updates += 1;
    $("thinking-panel").dataset.updates = String(this.updates);
    this.draw(info, "thinking…");
  }

  done(move, info, stopped) {
    clearInterval(this.clock);
    $("thinking-panel").dataset.state = "done";
    $("stop").disabled = true;
    const how = stopped ? `played ${move} (stopped)` : `played ${move}`;
    this.draw(info, how);
  }

  failed(message) {
    clearInterval(this.clock);
    $("thinking-panel").dataset.state = "error";
    $("stop").disabled = true;
    $("thinking").replaceChildren(el("p", { class: "bad-text" }, message));
  }

  draw(info, status) {
    const row = (name, value, id) => el("tr", {},
      el("th", {}, name), el("td", { "data-testid": id }, value));
    const table = el("table", { class: "figures" },
      row("agent", `${this.agent} (${this.seat})`, "think-agent"),
      row("status", status, "think-status"),
      row("depth", info ? String(info.depth) : "–", "think-depth"),
      row("score", info ? info.score : "–", "think-score"),
      row("nodes", info ? compact(info.nodes) : "–", "think-nodes"),
      row("speed", info ? compact(info.nps) + " n/s" : "–", "think-nps"),
      row("time", info ? (info.time_ms / 1000).toFixed(2) + " s" : "–", "think-time"),
      row("elapsed", this.began ? ((performance.now() - this.began) / 1000).toFixed(1) + " s" : "–", "think-elapsed"),
      row("line", info ? info.pv.join(" ") : "–", "think-pv"));
    $("thinking").replaceChildren(table);
  }
}
