// The page's controller: wires the modules together.
//
//   api.js        the JSON API client (and the server-sent events of /api/think)
//   state.js      the game shown: spec, line of moves, cursor, position; the shareable URL
//   chooser.js    the game chooser and its parameters
//   seats.js      who plays each side (a person or an agent spec)
//   movelist.js   the move list, undo/redo/jump
//   thinking.js   live thinking and the stop button
//   analysis.js   every move's score, the principal variation stepper
//   boards/*.js   one SVG board view per game
//   tournament.js the tournament view
//   panels.js     extra panels: the search-tree explainer (explain/*.js)

import * as api from "./api.js";
import { $, showError, clearError } from "./dom.js";
import { GameState } from "./state.js";
import { setupChooser, showSpec } from "./chooser.js";
import { Seats } from "./seats.js";
import { renderMoveList } from "./movelist.js";
import { Thinking } from "./thinking.js";
import { AnalysisPanel, heatColour } from "./analysis.js";
import { boardFor } from "./boards/index.js";
import { mountPanels, updatePanels } from "./panels.js";
import { showTournament } from "./tournament.js";

const state = new GameState();
const seats = new Seats(onSeatsChanged);
const thinking = new Thinking();
const analysis = new AnalysisPanel(preview);

let playing = false;      // watch: agents move, or the line ahead replays, on their own
let search = null;        // the agent thinking now: {controller, id, key}
let analysisRun = null;   // {controller, key}
let analysisRows = null;  // {key, rows}: the heat map of the position shown
let previewPosition = null;
let timer = null;
let replay = null;        // the tournament game being replayed, if any

const key = () => state.spec + "|" + state.movesTo();
const board = () => boardFor(state.spec);
const names = () => board().names(state.spec);
const speed = () => Number($("speed").value);

// ---------------------------------------------------------------- drawing

function render() {
  const p = previewPosition || state.position;
  if (!p) return;
  const [n1, n2, rule] = names();
  const over = p.result !== "*";
  const capped = !over && p.max_plies && p.ply >= p.max_plies;
  const banner = $("banner");
  banner.className = "banner";
  banner.dataset.result = state.position.result;
  if (previewPosition) {
    banner.classList.add("preview");
    banner.textContent = `Showing the analysis line (not played): ${p.history.slice(state.cursor).join(" ")}`;
  } else if (over) {
    banner.classList.add("result");
    banner.dataset.testid = "result";
    const outcome = p.result === "1-0" ? `${n1} wins` : p.result === "0-1" ? `${n2} wins` : "Draw";
    banner.textContent = `${outcome} — ${p.result}` + (replay ? ` · ${replay}` : "");
  } else if (capped) {
    banner.classList.add("result");
    banner.textContent = `Draw by the ${p.max_plies}-ply cap (games of this game can cycle)`;
  } else {
    const seat = p.to_move - 1;
    const who = seat === 0 ? n1 : n2;
    const by = seats.isAgent(seat) ? `the agent ${seats.spec(seat)}` : "you";
    const thinkingNow = search ? " is thinking…" : " to move";
    banner.textContent = `${who} (${by})${thinkingNow}` +
      (state.atEnd() ? "" : ` · viewing ply ${state.cursor} of ${state.line.length}`) +
      (replay ? ` · ${replay}` : "");
  }
  const rows = !previewPosition && analysisRows && analysisRows.key === key() ? analysisRows.rows : null;
  const history = p.history;
  board().draw($("board"), $("board-buttons"), {
    position: p,
    analysis: rows,
    lastMove: history.length ? history[history.length - 1] : null,
    interactive: !previewPosition && !over && !capped,
    heatColour,
  }, humanMove);
  document.body.dataset.kind = state.spec.split("(")[0] === "mancala" ? "kalah" : state.spec.split("(")[0];
  $("board").dataset.game = state.spec;
  $("board").dataset.moves = state.position.moves;
  $("board").dataset.ply = String(state.position.ply);
  // For scripts and the browser tests: what can be played and who plays it.
  $("board").dataset.legal = over || capped ? "" : p.legal.join(" ");
  $("board").dataset.toMove = over || capped ? "" : String(p.to_move);
  $("board").dataset.turn = previewPosition ? "preview" : over || capped ? "over"
    : search ? "thinking" : seats.isAgent(p.to_move - 1) ? "agent" : "person";
  const legalText = p.legal.length > 20 ? `${p.legal.length} legal moves` : `legal: ${p.legal.join(" ")}`;
  $("legal").textContent = over ? rule : `${legalText} · ${rule}`;
  renderMoveList(state, jump);
  $("back").disabled = $("first").disabled = state.cursor === 0;
  $("forward").disabled = $("last").disabled = $("redo").disabled = state.atEnd();
  $("undo").disabled = state.cursor === 0;
  $("play-pause").textContent = playing ? "⏸ Pause" : "▶ Play";
  updatePanels({ spec: state.spec, moves: state.movesTo(), position: state.position, analysis: rows });
}

function updateUrl() {
  const extra = {};
  if (seats.seats[0].kind !== "person") extra.p1 = seats.spec(0);
  if (seats.seats[1].kind !== "agent" || seats.spec(1) !== "best") {
    extra.p2 = seats.seats[1].kind === "person" ? "person" : seats.spec(1);
  }
  history.replaceState(null, "", state.url(extra));
}

// After every change of the position shown.
function changed() {
  previewPosition = null;
  if (analysisRun) {
    analysisRun.controller.abort();
    analysisRun = null;
  }
  if (!analysisRows || analysisRows.key !== key()) analysis.clear();
  render();
  updateUrl();
  schedule();
}

// ---------------------------------------------------------------- who moves next

function schedule() {
  clearTimeout(timer);
  if (search || previewPosition) return;
  const p = state.position;
  if (!p || p.result !== "*" || (p.max_plies && p.ply >= p.max_plies)) {
    if (playing) {
      playing = false;
      render();
    }
    return;
  }
  if (!state.atEnd()) {
    if (playing) timer = setTimeout(() => step(), speed());
    return;
  }
  const seat = p.to_move - 1;
  if (!seats.isAgent(seat)) return;
  const watching = seats.isAgent(0) && seats.isAgent(1);
  if (watching && !playing) return; // two agents wait for Play or Step
  timer = setTimeout(() => agentMove(), watching ? speed() : 0);
}

async function agentMove() {
  const p = state.position;
  if (search || !p || p.result !== "*") return;
  const seat = p.to_move - 1;
  const spec = seats.spec(seat);
  const controller = new AbortController();
  const mine = { controller, id: null, key: key() };
  search = mine;
  thinking.start(spec, names()[seat]);
  render();
  let done = null;
  let failure = null;
  try {
    await api.think({ game: state.spec, moves: state.movesTo(), agent: spec }, (name, data) => {
      if (search !== mine) return;
      if (name === "start") mine.id = data.id;
      else if (name === "info") thinking.info(data);
      else if (name === "done") done = data;
      else if (name === "error") failure = data.error;
    }, controller.signal);
  } catch (e) {
    if (e.name === "AbortError") return;
    failure = e.message;
    if (e.status === 400) seats.setError(seat, e.message);
  }
  if (search !== mine) return;
  search = null;
  if (failure) {
    playing = false;
    thinking.failed(failure);
    showError(failure);
    render();
    return;
  }
  if (done && mine.key === key()) {
    thinking.done(done.move, done.info, done.stopped);
    seats.setError(seat, "");
    state.adopt(done.position);
    changed();
  } else {
    render();
  }
}

function cancelSearch() {
  clearTimeout(timer);
  if (search) {
    search.controller.abort();
    search = null;
    thinking.clear();
  }
}

// ---------------------------------------------------------------- what the person does

async function humanMove(token) {
  const p = state.position;
  if (previewPosition) {
    previewPosition = null;
    render();
    return;
  }
  if (p.result !== "*") {
    showError("The game is over: start a new game, or go back in the move list.");
    return;
  }
  if (search) {
    showError(`Wait: ${search ? "an agent is thinking" : ""} (Stop makes it move now).`);
    return;
  }
  const seat = p.to_move - 1;
  if (seats.isAgent(seat)) {
    showError(`It is ${names()[seat]}'s turn, played by the agent ${seats.spec(seat)}: press Play or Step, or make the seat a person.`);
    return;
  }
  try {
    await state.play(token);
    clearError();
    replay = null;
    changed();
  } catch (e) {
    showError(e.message);
  }
}

async function jump(n) {
  cancelSearch();
  playing = false;
  try {
    await state.goTo(n);
    changed();
  } catch (e) {
    showError(e.message);
  }
}

// One move: along the line if there are moves ahead, else the agent to move.
async function step() {
  if (!state.atEnd()) {
    try {
      await state.goTo(state.cursor + 1);
      changed();
    } catch (e) {
      showError(e.message);
    }
    return;
  }
  const p = state.position;
  if (p.result === "*" && seats.isAgent(p.to_move - 1) && !search) await agentMove();
}

function undo() {
  // Back to the person's previous turn when one side is an agent.
  let n = state.cursor - 1;
  const movers = state.position.movers || [];
  const person = [0, 1].filter((i) => !seats.isAgent(i));
  if (person.length === 1) {
    while (n > 0 && movers[n] - 1 !== person[0]) n -= 1;
  }
  jump(Math.max(0, n));
}

async function newGame(spec, moves = "", ply = null) {
  cancelSearch();
  playing = false;
  replay = null;
  analysisRows = null;
  await state.load(spec, moves, ply);
  showSpec(state.spec);
  await seats.setGame(state.spec, names());
  thinking.clear();
  analysis.clear();
  $("move-input").placeholder = "e.g. " + (state.position.legal[0] || "");
  changed();
}

async function runAnalysis() {
  const p = state.position;
  if (p.result !== "*") {
    showError("The game is over: nothing to analyse.");
    return;
  }
  if (analysisRun) analysisRun.controller.abort();
  const run = { controller: new AbortController(), key: key() };
  analysisRun = run;
  analysis.busy();
  try {
    const result = await api.analyse(state.spec, state.movesTo(), Number($("analysis-time").value), run.controller.signal);
    if (analysisRun !== run || run.key !== key()) return;
    analysisRun = null;
    analysisRows = { key: run.key, rows: result.analysis };
    analysis.show(result);
    render();
  } catch (e) {
    if (e.name === "AbortError") return;
    if (analysisRun === run) analysisRun = null;
    analysis.failed(e.message);
    showError(e.message);
  }
}

// Shows the position after the analysis line's first moves, without playing them.
async function preview(pv) {
  if (!pv.length) {
    previewPosition = null;
    render();
    return;
  }
  try {
    previewPosition = await api.position(state.spec, state.movesTo() + " " + pv.join(" "));
    render();
  } catch (e) {
    showError(e.message);
  }
}

function onSeatsChanged(index) {
  if (search && (index === -1 || search.key === key())) cancelSearch();
  render();
  updateUrl();
  schedule();
}

// ---------------------------------------------------------------- set-up

function wire() {
  $("back").onclick = () => jump(state.cursor - 1);
  $("forward").onclick = () => jump(state.cursor + 1);
  $("first").onclick = () => jump(0);
  $("last").onclick = () => jump(state.line.length);
  $("undo").onclick = undo;
  $("redo").onclick = () => jump(state.cursor + 1);
  $("stop").onclick = () => {
    if (search && search.id !== null) api.stop(search.id).catch((e) => showError(e.message));
  };
  $("analyse").onclick = runAnalysis;
  $("play-pause").onclick = () => {
    playing = !playing;
    render();
    if (playing) schedule();
    else clearTimeout(timer);
  };
  $("step").onclick = () => {
    playing = false;
    clearTimeout(timer);
    render();
    step();
  };
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-input").value.trim();
    if (text) humanMove(text).then(() => { $("move-input").value = ""; });
  });
  $("io").addEventListener("submit", (e) => {
    e.preventDefault();
    newGame(state.spec, $("line").value.trim()).then(clearError, (err) => showError(err.message));
  });
  $("copy-link").onclick = async () => {
    const link = location.origin + state.url();
    try {
      await navigator.clipboard.writeText(link);
      showError("");
      $("copy-link").textContent = "Copied";
      setTimeout(() => { $("copy-link").textContent = "Copy link"; }, 1500);
    } catch (_) {
      $("line").value = link;
      $("line").select();
    }
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowLeft") jump(state.cursor - 1);
    else if (e.key === "ArrowRight") jump(state.cursor + 1);
    else if (/^[0-9b]$/.test(e.key) && state.position && state.position.legal.includes(e.key)) humanMove(e.key);
  });
  $("view-play").onclick = (e) => { e.preventDefault(); showView("play"); };
  $("view-tournament").onclick = (e) => { e.preventDefault(); showView("tournament"); };
}

function showView(name) {
  $("play-view").hidden = name !== "play";
  $("tournament-view").hidden = name !== "tournament";
  $("view-play").classList.toggle("active", name === "play");
  $("view-tournament").classList.toggle("active", name === "tournament");
  if (name === "tournament") showTournament(replayGame);
}

async function replayGame(record, spec) {
  showView("play");
  try {
    await newGame(record.game || spec, (record.moves || []).join(" "), 0);
    seats.set(0, "agent", record.first);
    seats.set(1, "agent", record.second);
    replay = `replay of tournament game ${record.index}: ${record.first} vs ${record.second}, ${record.result}`;
    clearError();
    render();
    updateUrl();
  } catch (e) {
    showError(e.message);
  }
}

// Reads the address: ?game=SPEC&moves=MOVES&ply=N&p1=SPEC&p2=SPEC&view=tournament. A bad
// parameter shows its error and the page opens what it can.
async function start() {
  wire();
  mountPanels();
  thinking.clear();
  analysis.clear();
  const params = new URLSearchParams(location.search);
  let catalog;
  try {
    catalog = await api.games();
  } catch (e) {
    showError("cannot reach the poda server: " + e.message);
    return;
  }
  setupChooser(catalog.games, (spec) => newGame(spec).then(clearError, (e) => showError(e.message)));
  for (const [i, name] of [[0, "p1"], [1, "p2"]]) {
    const value = params.get(name);
    if (value === "person") seats.seats[i] = { kind: "person", spec: "best" };
    else if (value) seats.seats[i] = { kind: "agent", spec: value };
  }
  const errors = [];
  const spec = params.get("game") || "connect4";
  const moves = params.get("moves") || "";
  let ply = null;
  if (params.has("ply")) {
    ply = Number(params.get("ply"));
    if (!Number.isInteger(ply) || ply < 0) {
      errors.push(`link: ply '${params.get("ply")}' is not a ply number`);
      ply = null;
    }
  }
  try {
    await newGame(spec, moves, ply);
  } catch (e) {
    errors.push("link: " + e.message);
    try {
      await newGame(spec);
    } catch (_) {
      await newGame("connect4");
    }
  }
  if (errors.length) showError(errors.join(" · "));
  try {
    const limits = await api.limits();
    $("view-tournament").hidden = !limits.tournament;
    if (limits.tournament && params.get("view") === "tournament") showView("tournament");
  } catch (_) {
    /* the page works without it */
  }
}

start();
