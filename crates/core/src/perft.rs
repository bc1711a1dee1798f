//! Perft: the number of legal move sequences of exactly `depth` plies.
//!
//! A finished game has no legal moves, so a sequence that ends the game early is not counted
//! at greater depths. Agreement of perft between a fast implementation and a naive reference
//! is the first oracle for a game's rules.

use crate::Game;

/// Number of legal move sequences of exactly `depth` plies from `game`.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_inner(game, depth, &mut buffers)
}

fn perft_inner<G: Game>(game: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    game.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        total += perft_inner(&game.after(mv), depth - 1, rest);
    }
    total
}

/// Perft split by first move: `(move, count)` in legal-move order.
pub fn perft_divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    game.legal_move_list()
        .into_iter()
        .map(|mv| (mv, perft(&game.after(mv), depth - 1)))
        .collect()
}
