// The analysis panel: every legal move's score (POST /api/analyze), exact or estimated, as a
// table; the board draws the same scores as a heat map. The principal variation can be
// stepped through on the board without changing the game.

import { $, el } from "./dom.js";

export class AnalysisPanel {
  constructor(onPreview) {
    this.onPreview = onPreview; // called with the PV moves to show (empty: the game itself)
    this.result = null;
    this.step = 0;
    this.clear();
  }

  clear() {
    this.result = null;
    this.step = 0;
    $("analysis").replaceChildren(el("p", { class: "muted" },
      "Analyse scores every legal move: exact where a solver finishes in time, the engine's estimate otherwise."));
    $("analysis-panel").dataset.state = "idle";
  }

  busy() {
    $("analysis-panel").dataset.state = "busy";
    $("analysis").replaceChildren(el("p", { class: "muted" }, "analysing…"));
  }

  failed(message) {
    $("analysis-panel").dataset.state = "error";
    $("analysis").replaceChildren(el("p", { class: "bad-text" }, message));
  }

  show(result) {
    this.result = result;
    this.step = 0;
    $("analysis-panel").dataset.state = "done";
    this.draw();
  }

  draw() {
    const r = this.result;
    const best = r.best;
    // Best first: the heat orders wins, draws and losses on one scale.
    const sorted = r.analysis.slice().sort((a, b) => b.heat - a.heat);
    const rows = sorted.map((a) => el("tr", {
      class: a.move === best ? "best" : "", "data-move": a.move,
    },
    el("td", {}, a.move),
    el("td", { class: "score", style: `background:${heatColour(a.heat)}` }, a.score),
    el("td", { class: a.exact ? "exact" : "estimated" }, a.exact ? "exact" : "estimated")));
    const pv = r.pv || [];
    const stepper = el("div", { class: "pv" },
      el("span", {}, "line: "),
      ...pv.map((m, i) => el("button", {
        type: "button", class: "pv-move" + (i < this.step ? " played" : ""),
        title: "show the position after this move",
        onclick: () => this.goTo(i + 1),
      }, m)),
      el("button", { type: "button", class: "small", onclick: () => this.goTo(this.step - 1),
        disabled: this.step === 0, "data-testid": "pv-back" }, "◀"),
      el("button", { type: "button", class: "small", onclick: () => this.goTo(this.step + 1),
        disabled: this.step >= pv.length, "data-testid": "pv-forward" }, "▶"));
    $("analysis").replaceChildren(
      el("p", { class: "method" }, r.method, r.depth ? "" : "",
        el("span", { class: "muted" }, ` · ${(r.time_ms / 1000).toFixed(2)} s`)),
      r.units ? el("p", { class: "muted small" }, r.units) : "",
      el("div", { class: "analysis-scroll" },
        el("table", { class: "analysis-table", "data-testid": "analysis-table" },
          el("tr", {}, el("th", {}, "move"), el("th", {}, "score"), el("th", {}, "")), ...rows)),
      pv.length ? stepper : "");
  }

  goTo(step) {
    const pv = (this.result && this.result.pv) || [];
    this.step = Math.max(0, Math.min(step, pv.length));
    this.draw();
    this.onPreview(pv.slice(0, this.step));
  }
}

// -1 (lost) red, 0 grey, +1 (won) green.
export function heatColour(heat) {
  if (heat === null || heat === undefined) return "transparent";
  const h = Math.max(-1, Math.min(1, heat));
  const strength = 0.18 + 0.62 * Math.abs(h);
  if (Math.abs(h) < 0.02) return "rgba(150,150,150,0.35)";
  return h > 0 ? `rgba(34,160,70,${strength})` : `rgba(215,48,39,${strength})`;
}
