//! The [`Game`] trait: the state of a two-player, perfect-information game.

use crate::notation::{self, MoveParseError};
use crate::{IllegalMove, Outcome, Player};
use std::fmt::Debug;
use std::hash::Hash;

/// A position of a two-player, zero-sum, perfect-information game, together with its rules.
///
/// The state is the implementor and search works by copy-make: clone, then
/// [`play_unchecked`](Game::play_unchecked). Moves are small `Copy` values.
///
/// Games where the same player moves twice in a row (Kalah's extra turns) simply report the
/// same [`to_move`](Game::to_move) after a move; search code must never assume that players
/// alternate. A special move (Hex's swap) is just another value of [`Game::Move`].
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One move. Formatting and parsing go through the game, since they may depend on its
    /// parameters (a board size, a number of pits).
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The canonical spec string of this game and its parameters, e.g. `connect4` or
    /// `hex(size=9,swap=true)`; parsing it gives back the same game.
    fn spec(&self) -> String;

    /// The player whose turn it is. Meaningless (but harmless) once the game is over.
    fn to_move(&self) -> Player;

    /// Whether the game is over and who won.
    fn outcome(&self) -> Outcome;

    /// Clears `moves` and fills it with the legal moves, in the game's canonical order.
    /// Empty if and only if the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a move known to be legal. Playing an illegal move may leave a corrupt state
    /// (but must not be undefined behaviour).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// A hash of everything that decides the future of the game (pieces, side to move, any
    /// counters the rules depend on). Equal positions have equal hashes, whatever the order
    /// the moves were played in.
    fn hash(&self) -> u64;

    /// Number of plies (single moves) played since the start.
    fn ply(&self) -> u32;

    /// The most plies any game can last from the start, if the rules bound it.
    fn max_plies(&self) -> Option<u32>;

    /// Parses one move in the game's notation. Does not check legality.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError>;

    /// Formats one move in the game's notation; [`parse_move`](Game::parse_move) reads it back.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Splits a move sequence into move tokens. The default splits on whitespace and commas;
    /// games with a compact notation (Connect 4's `4453`) override it, but must keep accepting
    /// the separated form.
    fn split_moves<'a>(&self, text: &'a str) -> Vec<&'a str> {
        notation::split_separated(text)
    }

    /// Joins moves into the game's compact sequence notation (concatenated if unambiguous).
    fn format_moves(&self, moves: &[Self::Move]) -> String {
        moves
            .iter()
            .map(|&m| self.format_move(m))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The one-line board string of `poda show --json` (see each game's rules file).
    fn board_string(&self) -> String;

    /// A drawing of the position for a terminal, with coordinates.
    fn render(&self) -> String;

    /// True if `mv` is legal here. The default generates the legal moves.
    fn is_legal(&self, mv: Self::Move) -> bool {
        if self.outcome().is_over() {
            return false;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays a move after checking that it is legal.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        if self.outcome().is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(IllegalMove::NotLegal(self.format_move(mv)));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// The position after `mv`, leaving `self` untouched.
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(mv);
        next
    }

    /// The legal moves in a new vector (convenience for code off the hot path).
    fn legal_move_list(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }
}
