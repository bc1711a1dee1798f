// Picks the board view of a game from its spec; each view draws a position in SVG and calls
// back with the move a click makes, in the game's notation.

import * as connect4 from "./connect4.js";
import * as desconecta from "./desconecta.js";
import * as hex from "./hex.js";
import * as kalah from "./kalah.js";

export function boardFor(spec) {
  const name = (spec || "").split("(")[0].trim();
  if (name === "hex") return hex;
  if (name === "kalah" || name === "mancala") return kalah;
  if (name === "desconecta4boom") return desconecta;
  return connect4; // connect4 and misere(connect4)
}
