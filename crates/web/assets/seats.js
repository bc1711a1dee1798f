// The two seats: each is a person or an agent spec (a list from GET /api/agents, plus free
// text). A spec the server refuses is shown under its seat.

import * as api from "./api.js";
import { $, el } from "./dom.js";

export class Seats {
  constructor(onChange) {
    this.onChange = onChange;
    this.seats = [
      { kind: "person", spec: "best" },
      { kind: "agent", spec: "best" },
    ];
    this.names = ["Player 1", "Player 2"];
    this.agentList = [];
    this.best = "";
  }

  // Loads the agent list of a game (for the suggestions) and sets the seats' colour names.
  async setGame(spec, names) {
    this.names = names;
    this.game = spec;
    try {
      const answer = await api.agents(spec);
      this.agentList = answer.agents;
      this.best = answer.best;
    } catch (_) {
      this.agentList = [];
    }
    this.render();
    [0, 1].forEach((i) => this.check(i));
  }

  // Asks the server whether the seat's spec can play this game; shows its error if not.
  async check(index) {
    if (this.seats[index].kind !== "agent" || !this.game) return;
    const spec = this.spec(index);
    try {
      await api.checkAgent(this.game, spec);
      if (this.spec(index) === spec) this.setError(index, "");
    } catch (e) {
      if (this.spec(index) === spec) this.setError(index, e.message);
    }
  }

  set(index, kind, spec) {
    this.seats[index] = { kind, spec: spec || this.seats[index].spec || "best" };
    this.render();
    this.check(index);
  }

  isAgent(index) {
    return this.seats[index].kind === "agent";
  }

  spec(index) {
    return this.seats[index].spec.trim() || "best";
  }

  // Shown next to the seat's spec after the server refused it.
  setError(index, message) {
    const box = $(`seat-error-${index}`);
    if (box) {
      box.textContent = message || "";
      box.hidden = !message;
    }
    const input = $(`seat-spec-${index}`);
    if (input) input.classList.toggle("bad", Boolean(message));
  }

  label(index) {
    const seat = this.seats[index];
    return seat.kind === "person" ? "you" : seat.spec;
  }

  render() {
    const box = $("seats");
    box.replaceChildren();
    const list = el("datalist", { id: "agent-names" },
      ...this.agentList.map((a) => el("option", { value: a.name, label: a.help })));
    box.append(list);
    this.seats.forEach((seat, i) => {
      const kind = el("select", {
        id: `seat-kind-${i}`, "data-testid": `seat-kind-${i}`,
        onchange: (e) => {
          this.seats[i].kind = e.target.value;
          this.setError(i, "");
          this.render();
          this.check(i);
          this.onChange(i);
        },
      },
      el("option", { value: "person", selected: seat.kind === "person" }, "person"),
      el("option", { value: "agent", selected: seat.kind === "agent" }, "agent"));
      const spec = el("input", {
        id: `seat-spec-${i}`, "data-testid": `seat-spec-${i}`, list: "agent-names",
        value: seat.spec, size: 22, hidden: seat.kind !== "agent",
        title: this.best ? `best is ${this.best} for this game` : "an agent spec",
        onchange: (e) => {
          this.seats[i].spec = e.target.value;
          this.setError(i, "");
          this.check(i);
          this.onChange(i);
        },
      });
      box.append(el("div", { class: `seat seat-${i + 1}` },
        el("span", { class: `swatch p${i + 1}` }),
        el("strong", {}, this.names[i]),
        kind, spec,
        el("div", { class: "seat-error", id: `seat-error-${i}`, "data-testid": `seat-error-${i}`, hidden: true })));
    });
    const swap = el("button", {
      type: "button", class: "small", title: "Swap the two seats",
      onclick: () => {
        this.seats.reverse();
        this.render();
        this.onChange(-1);
      },
    }, "⇄ swap seats");
    box.append(swap);
  }
}
