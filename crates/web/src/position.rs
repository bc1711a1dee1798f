//! Positions: a game spec and its moves from a request, and the position's JSON.
//!
//! [`position_json`] is the object `poda show --json` prints (the CLI calls it), so scripts
//! read the same fields from both; the API adds a few fields ([`position_view`]) and never
//! changes these.

use crate::error::ApiError;
use poda_core::{notation::play_line, Catalog, Game};
use poda_games::AnyGame;
use serde_json::{json, Value};

/// The longest move string the API takes (a 19x19 Hex game fits with room to spare).
pub const MAX_MOVES_CHARS: usize = 4096;
/// The longest game spec the API takes.
pub const MAX_SPEC_CHARS: usize = 200;

/// `{"game","moves","ply","to_move","result","legal","board"}`: the position after `moves`,
/// as `poda show --json` prints it. `to_move` is 1 or 2, null once the game is over;
/// `result` is `*`, `1-0`, `0-1` or `1/2-1/2`; `board` is the game's one-line board string.
pub fn position_json<G: Game>(game: &G, moves: &[G::Move]) -> Value {
    let outcome = game.outcome();
    let legal: Vec<String> = game
        .legal_move_list()
        .into_iter()
        .map(|m| game.format_move(m))
        .collect();
    let to_move = (!outcome.is_over()).then(|| game.to_move().number());
    json!({
        "game": game.spec(),
        "moves": game.format_moves(moves),
        "ply": game.ply(),
        "to_move": to_move,
        "result": outcome.result_string(),
        "legal": legal,
        "board": game.board_string(),
    })
}

/// The API's position: [`position_json`] plus `history` (each move on its own, in the game's
/// notation), `movers` (who made each move, 1 or 2: Kalah's extra turns), `outcome` (`ongoing`, `player 1 wins`, `draw`), `max_plies` (the ply cap after
/// which matches adjudicate a game that can cycle as a draw; null when the rules end every
/// game) and `text` (the terminal drawing of `poda show`).
pub fn position_view<G: Game + Catalog>(start: &G, game: &G, moves: &[G::Move]) -> Value {
    let mut out = position_json(game, moves);
    let mut before = start.clone();
    let mut history = Vec::with_capacity(moves.len());
    let mut movers = Vec::with_capacity(moves.len());
    for &mv in moves {
        history.push(before.format_move(mv));
        movers.push(before.to_move().number());
        before.play_unchecked(mv);
    }
    out["history"] = json!(history);
    out["movers"] = json!(movers);
    out["outcome"] = json!(game.outcome().to_string());
    out["max_plies"] = json!(game.default_max_plies());
    out["text"] = json!(game.render());
    out
}

/// Parses a game spec, or a 400 naming it.
pub fn parse_game(spec: &str) -> Result<AnyGame, ApiError> {
    if spec.len() > MAX_SPEC_CHARS {
        return Err(ApiError::bad(format!(
            "game spec too long ({} characters, at most {MAX_SPEC_CHARS})",
            spec.len()
        )));
    }
    if spec.trim().is_empty() {
        return Err(ApiError::bad(
            "no game given: try connect4, desconecta4boom, misere(connect4), hex or kalah",
        ));
    }
    AnyGame::parse(spec).map_err(|e| ApiError::bad(format!("game '{spec}': {e}")))
}

/// Plays `moves` (the CLI's move string) from `start`, or a 400 naming the bad move.
pub fn parse_moves<G: Game>(start: &G, moves: &str) -> Result<(G, Vec<G::Move>), ApiError> {
    if moves.len() > MAX_MOVES_CHARS {
        return Err(ApiError::bad(format!(
            "move string too long ({} characters, at most {MAX_MOVES_CHARS})",
            moves.len()
        )));
    }
    play_line(start, moves).map_err(|e| ApiError::bad(format!("moves '{moves}': {e}")))
}

/// One more move on a position: the new position, or a 400 that says why the move is not
/// legal and which moves are.
pub fn play_one<G: Game>(game: &G, text: &str) -> Result<(G, G::Move), ApiError> {
    let text = text.trim();
    if game.outcome().is_over() {
        return Err(ApiError::bad(format!(
            "the game is over ({}): no more moves",
            game.outcome()
        )));
    }
    let legal = || {
        game.legal_move_list()
            .into_iter()
            .map(|m| game.format_move(m))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mv = game.parse_move(text).map_err(|e| {
        ApiError::bad(format!(
            "'{text}' is not a move: {}; legal moves: {}",
            e.reason,
            legal()
        ))
    })?;
    if !game.is_legal(mv) {
        return Err(ApiError::bad(format!(
            "move '{text}' is not legal here; legal moves: {}",
            legal()
        )));
    }
    Ok((game.after(mv), mv))
}
