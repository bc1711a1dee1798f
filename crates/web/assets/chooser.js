// The game chooser: every registered game (GET /api/games) with its parameters, turned into
// a spec string such as "hex(size=9,swap=true)" or "misere(connect4(width=8,height=7))".

import { $, el } from "./dom.js";

let catalog = [];

// "hex(size=9,swap=true)" -> {name: "hex", args: {size: "9", swap: "true"}}; misère specs
// give the inner game's arguments.
export function parseSpec(spec) {
  const m = /^\s*([a-z_0-9]+)\s*(?:\((.*)\))?\s*$/i.exec(spec || "");
  if (!m) return { name: spec, args: {} };
  let name = m[1];
  let inner = m[2] || "";
  if (name === "misere") {
    const sub = /^\s*(?:game=)?[a-z_0-9]+\s*(?:\((.*)\))?\s*$/i.exec(inner);
    inner = sub && sub[1] ? sub[1] : "";
  }
  if (name === "mancala") name = "kalah";
  if (name === "connect_four") name = "connect4";
  const args = {};
  for (const part of inner.split(",")) {
    const [key, value] = part.split("=").map((s) => s && s.trim());
    if (key && value !== undefined) args[key] = value;
  }
  return { name, args };
}

function paramInput(param, value) {
  if (param.kind === "bool") {
    return el("label", { class: "param" },
      el("input", { type: "checkbox", "data-key": param.key, checked: value === "true" || (value === undefined && param.default) }),
      " " + param.key.replace("_", " "));
  }
  return el("label", { class: "param" }, param.key + " ",
    el("input", {
      type: "number", min: param.min, max: param.max, "data-key": param.key,
      value: value !== undefined ? value : param.default, size: 3, class: "num",
      "data-testid": "param-" + param.key,
    }));
}

function showParams(name, args = {}) {
  const box = $("game-params");
  box.replaceChildren();
  const game = catalog.find((g) => g.name === name);
  if (!game) return;
  for (const param of game.params) box.append(paramInput(param, args[param.key]));
  $("game-name").title = game.help;
}

// The spec the chooser shows; parameters at their default are left out.
export function chosenSpec() {
  const name = $("game-name").value;
  const game = catalog.find((g) => g.name === name);
  const parts = [];
  for (const input of $("game-params").querySelectorAll("input")) {
    const param = game.params.find((p) => p.key === input.dataset.key);
    const value = param.kind === "bool" ? String(input.checked) : input.value.trim();
    if (value !== String(param.default)) parts.push(`${param.key}=${value}`);
  }
  const args = parts.length ? `(${parts.join(",")})` : "";
  return name === "misere" ? `misere(connect4${args})` : name + args;
}

// Shows `spec` in the chooser (after a game was loaded from a link).
export function showSpec(spec) {
  const { name, args } = parseSpec(spec);
  if (!catalog.some((g) => g.name === name)) return;
  $("game-name").value = name;
  showParams(name, args);
}

// Fills the chooser; `onNew(spec)` starts a new game.
export function setupChooser(games, onNew) {
  catalog = games;
  const select = $("game-name");
  select.replaceChildren(...games.map((g) =>
    el("option", { value: g.name, title: g.help }, label(g.name))));
  select.addEventListener("change", () => showParams(select.value));
  $("chooser").addEventListener("submit", (event) => {
    event.preventDefault();
    onNew(chosenSpec());
  });
  showParams(select.value);
}

function label(name) {
  return {
    connect4: "Connect 4",
    hex: "Hex",
    desconecta4boom: "DesConecta-4 BOOM",
    misere: "misère Connect 4",
    kalah: "Kalah (Mancala)",
  }[name] || name;
}
