//! The engine protocol's per-game hooks, shared by the server (`poda engine`) and the client
//! (the `external(cmd=...)` agent).
//!
//! The protocol is the Go Text Protocol's framing (GTP v2) with one command set for every game;
//! for Hex it is the Hex Text Protocol (HTP) of HexGui and benzene. What differs between games
//! is small and lives behind [`ProtocolHooks`]: colour names, how a protocol move maps to a
//! game move (and back), what `boardsize` means, whether a stone can be placed out of turn, and
//! what `final_score` says. A game's [`ProtocolGame::protocol`] names its hooks
//! ([`DefaultHooks`] for a game with no conventions of its own).
//!
//! Moves are read and written in one of two [`Dialect`]s, chosen by how the game was named:
//! poda's own notation (`connect4`, `hex(size=7)`; for Hex this is HTP with benzene's
//! `swap-pieces`), or OpenSpiel's action strings and ids (`connect_four`, `hex(board_size=7)`,
//! `mancala`, `misere(game=connect_four())`; see [`openspiel`]), so that OpenSpiel's GTP bot
//! can referee poda. Per game: [`connect4`], [`hex`], [`kalah`] (OpenSpiel's `mancala`) and
//! [`misere`] (any wrapped game, through the inner game's hooks).

pub mod connect4;
pub mod hex;
pub mod kalah;
pub mod misere;
pub mod openspiel;

use poda_core::{Game, MoveParseError, Outcome, Player};
use poda_games::desconecta::DesConecta;

/// A game the engine protocol can speak: its conventions are its [`ProtocolHooks`].
pub trait ProtocolGame: Game {
    /// The game's conventions in the engine protocol (colour names, OpenSpiel's action
    /// strings, `boardsize`, ...).
    fn protocol() -> &'static dyn ProtocolHooks<Self>;
}

/// DesConecta-4 BOOM has no protocol conventions of its own (and no OpenSpiel counterpart).
impl ProtocolGame for DesConecta {
    fn protocol() -> &'static dyn ProtocolHooks<Self> {
        &DefaultHooks
    }
}

/// Which notation moves are read and written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// poda's notation (`4`, `a1`, `swap`); for Hex, HTP with benzene's `swap-pieces`.
    #[default]
    Native,
    /// OpenSpiel's action strings (`x3`, `d4`, `1`..`13`) and plain action ids.
    OpenSpiel,
}

impl Dialect {
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Native => "native",
            Dialect::OpenSpiel => "openspiel",
        }
    }

    /// Parses `native` or `openspiel`.
    pub fn parse(text: &str) -> Option<Dialect> {
        match text.to_ascii_lowercase().as_str() {
            "native" | "poda" | "htp" | "gtp" => Some(Dialect::Native),
            "openspiel" | "open_spiel" => Some(Dialect::OpenSpiel),
            _ => None,
        }
    }
}

/// Colour names read for the first player (Black in Hex and Go, `x` in Connect 4).
pub const FIRST_COLOURS: &[&str] = &["b", "black", "x", "1", "first"];
/// Colour names read for the second player.
pub const SECOND_COLOURS: &[&str] = &["w", "white", "o", "2", "second"];

/// The per-game parts of the engine protocol. Every method has a default that suits a game
/// with no protocol conventions of its own; the game passed is the current position, so a hook
/// may depend on it (Hex maps colours and cells through the colour frame of a benzene swap).
pub trait ProtocolHooks<G: Game>: Sync {
    /// The player a colour argument names, as the protocol sees colours.
    fn parse_colour(&self, _game: &G, _dialect: Dialect, text: &str) -> Option<Player> {
        let t = text.to_ascii_lowercase();
        if FIRST_COLOURS.contains(&t.as_str()) {
            Some(Player::First)
        } else if SECOND_COLOURS.contains(&t.as_str()) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The colour name written for `player` (`b` or `w`, as OpenSpiel's GTP bot sends).
    fn colour_name(&self, _game: &G, _dialect: Dialect, player: Player) -> String {
        match player {
            Player::First => "b".into(),
            Player::Second => "w".into(),
        }
    }

    /// OpenSpiel's game string for this game, if OpenSpiel has it.
    fn openspiel_game(&self, _game: &G) -> Option<String> {
        None
    }

    /// OpenSpiel's action id of a move.
    fn openspiel_action(&self, _game: &G, _mv: G::Move) -> Option<i64> {
        None
    }

    /// OpenSpiel's action string of a move by `player` (its `ActionToString`).
    fn openspiel_action_string(&self, game: &G, _player: Player, mv: G::Move) -> Option<String> {
        self.openspiel_action(game, mv).map(|id| id.to_string())
    }

    /// Reads a move that `player` (the colour the protocol named) plays in `game`.
    fn read_move(
        &self,
        game: &G,
        dialect: Dialect,
        player: Player,
        text: &str,
    ) -> Result<G::Move, MoveParseError> {
        match dialect {
            Dialect::Native => game.parse_move(text),
            Dialect::OpenSpiel => read_openspiel_move(self, game, player, text),
        }
    }

    /// Writes a move that `player` plays in `game`.
    fn write_move(&self, game: &G, dialect: Dialect, player: Player, mv: G::Move) -> String {
        match dialect {
            Dialect::Native => game.format_move(mv),
            Dialect::OpenSpiel => self
                .openspiel_action_string(game, player, mv)
                .unwrap_or_else(|| game.format_move(mv)),
        }
    }

    /// The command that sets a program's board to `game`'s size (`boardsize ...`), for
    /// programs that do not know `game SPEC`; `None` for a game without a board size.
    fn boardsize_command(&self, _game: &G) -> Option<String> {
        None
    }

    /// The new start position after `boardsize` with one or two numbers.
    fn boardsize(&self, game: &G, _dims: &[u32]) -> Result<G, String> {
        Err(format!("{} has no board size", game.spec()))
    }

    /// Plays `mv` for `player` although it is not `player`'s turn (GTP's `play` for either
    /// colour, which HexGui uses to set up positions). Most games cannot.
    fn place_out_of_turn(&self, game: &mut G, _player: Player, _mv: G::Move) -> Result<(), String> {
        Err(format!(
            "it is {}'s turn, and this game cannot place a stone out of turn",
            game.to_move()
        ))
    }

    /// `final_score`'s answer: `B+`, `W+` (the first and second player won; HTP's form) or `0`
    /// for a draw; `None` while the game goes on.
    fn final_score(&self, game: &G, _dialect: Dialect) -> Option<String> {
        match game.outcome() {
            Outcome::Ongoing => None,
            Outcome::Win(Player::First) => Some("B+".into()),
            Outcome::Win(Player::Second) => Some("W+".into()),
            Outcome::Draw => Some("0".into()),
        }
    }
}

/// The hooks of a game with no protocol conventions of its own.
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultHooks;

impl<G: Game> ProtocolHooks<G> for DefaultHooks {}

/// Reads a move in OpenSpiel's terms, as OpenSpiel's `StringToAction` does: the legal move
/// whose action string is `text`, or whose action id is the number `text`.
pub fn read_openspiel_move<G: Game, H: ProtocolHooks<G> + ?Sized>(
    hooks: &H,
    game: &G,
    player: Player,
    text: &str,
) -> Result<G::Move, MoveParseError> {
    let token = text.trim();
    let legal = game.legal_move_list();
    if let Ok(id) = token.parse::<i64>() {
        return legal
            .into_iter()
            .find(|&m| hooks.openspiel_action(game, m) == Some(id))
            .ok_or_else(|| MoveParseError::new(text, format!("action {id} is not legal here")));
    }
    let mut mapped = false;
    for mv in legal {
        if let Some(s) = hooks.openspiel_action_string(game, player, mv) {
            mapped = true;
            if s.eq_ignore_ascii_case(token) {
                return Ok(mv);
            }
        }
    }
    let reason = if mapped || game.outcome().is_over() {
        "not the action string of a legal move here".to_string()
    } else {
        format!("{} has no OpenSpiel action mapping", game.spec())
    };
    Err(MoveParseError::new(text, reason))
}
