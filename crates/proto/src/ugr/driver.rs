//! The referee's side of the course's protocol: the messages poda sends to a course bot.

use poda_core::{Game, Player};
use poda_games::kalah::Kalah;

/// The `GETMOVE` line for `game`, with the opponent's `moves`.
pub fn getmove_line(game: &Kalah, moves: &[u8]) -> String {
    let mut words = vec!["GETMOVE".to_string(), moves.len().to_string()];
    words.extend(moves.iter().map(|m| m.to_string()));
    words.push(game.to_move().index().to_string());
    for p in Player::BOTH {
        words.push(game.store(p).to_string());
        words.extend((1..=game.pits()).map(|k| game.pit(p, k).to_string()));
    }
    words.join(" ")
}

/// The opponent's moves that lead from `from` (opponent to move) to `to` (where the opponent
/// has just passed the turn back), if some sequence of exactly `to.ply() - from.ply()` moves
/// does: every move but the last must give an extra turn.
pub fn recover_moves(from: &Kalah, to: &Kalah) -> Option<Vec<u8>> {
    let plies = to.ply().checked_sub(from.ply())? as usize;
    if plies == 0 || from.to_move() == to.to_move() {
        return (plies == 0 && from == to).then(Vec::new);
    }
    let mut line = Vec::with_capacity(plies);
    search_line(from, to, plies, &mut line).then_some(line)
}

fn search_line(pos: &Kalah, target: &Kalah, left: usize, line: &mut Vec<u8>) -> bool {
    for mv in pos.legal_move_list() {
        let next = pos.after(mv);
        let extra = next.to_move() == pos.to_move() && !next.outcome().is_over();
        line.push(mv);
        let found = if left == 1 {
            !extra && next.board() == target.board() && next.to_move() == target.to_move()
        } else {
            extra && search_line(&next, target, left - 1, line)
        };
        if found {
            return true;
        }
        line.pop();
    }
    false
}
