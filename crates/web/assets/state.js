// The game being shown: its spec, the line of moves (with any moves ahead of the cursor that
// undo left for redo), the cursor, and the position at the cursor as the server gave it.
// Every change goes through the server, which checks every move.

import * as api from "./api.js";

export class GameState {
  constructor() {
    this.spec = "connect4";
    this.line = [];      // moves in the game's notation, one per ply
    this.cursor = 0;     // plies shown
    this.position = null;
    this.cache = new Map();
  }

  // The moves up to ply n, as the API takes them (separated by spaces: every game reads it).
  movesTo(n = this.cursor) {
    return this.line.slice(0, n).join(" ");
  }

  atEnd() {
    return this.cursor === this.line.length;
  }

  async fetch(n) {
    const moves = this.movesTo(n);
    const key = this.spec + "|" + moves;
    if (!this.cache.has(key)) {
      this.cache.set(key, await api.position(this.spec, moves));
    }
    return this.cache.get(key);
  }

  // A new game (or a loaded one): the whole line is checked first, so a bad move string
  // leaves the current game as it was.
  async load(spec, moves = "", cursor = null) {
    const whole = await api.position(spec, moves);
    this.spec = whole.game;
    this.line = whole.history.slice();
    this.cache = new Map();
    this.cache.set(this.spec + "|" + this.movesTo(this.line.length), whole);
    this.cursor = this.line.length;
    const at = cursor === null ? this.line.length : Math.max(0, Math.min(cursor, this.line.length));
    await this.goTo(at);
  }

  async goTo(n) {
    n = Math.max(0, Math.min(n, this.line.length));
    const position = await this.fetch(n);
    this.cursor = n;
    this.position = position;
  }

  // A move by a person: the server says whether it is legal; the moves ahead are dropped.
  async play(token) {
    const next = await api.move(this.spec, this.movesTo(), token);
    this.adopt(next);
    return next;
  }

  // A position the server gave after a move (a person's or an agent's).
  adopt(next) {
    const history = next.history;
    const ahead = this.line.slice(history.length);
    const same = history.every((m, i) => this.line[i] === m);
    this.line = same ? history.concat(ahead) : history.slice();
    this.cursor = history.length;
    this.position = next;
    this.cache.set(this.spec + "|" + this.movesTo(history.length), next);
  }

  // The whole line in the game's compact notation ("4453"), as the CLI writes it.
  lineText() {
    const whole = this.cache.get(this.spec + "|" + this.movesTo(this.line.length));
    return whole ? whole.moves : this.line.join(" ");
  }

  // The address that reloads this game at this ply.
  url(extra = {}) {
    const params = new URLSearchParams({ game: this.spec });
    const moves = this.lineText();
    if (moves) params.set("moves", moves);
    if (this.cursor !== this.line.length) params.set("ply", String(this.cursor));
    for (const [key, value] of Object.entries(extra)) {
      if (value !== null && value !== undefined) params.set(key, value);
    }
    return "/?" + params.toString();
  }
}
