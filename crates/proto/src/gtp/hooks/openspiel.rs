//! OpenSpiel's game strings, translated to poda's game specs.
//!
//! The engine protocol's `game` command (and `poda engine --game`) accepts OpenSpiel's names
//! for the games poda plays; the session then reads and writes moves in OpenSpiel's action
//! strings ([`Dialect::OpenSpiel`]). One entry of [`OPENSPIEL_GAMES`] per game: its OpenSpiel
//! name, whether a spec with that name is OpenSpiel's (`hex` is both poda's and OpenSpiel's
//! name: only OpenSpiel's parameter names make it OpenSpiel's), and the translation. A
//! translated spec that names a game this build lacks fails like any unknown game.
//! Parameter names and defaults are those of OpenSpiel 1.6's `connect_four`, `hex`, `mancala`
//! and `misere` games.

use super::Dialect;
use poda_core::{Spec, SpecError};
use poda_games::{AnyGame, GameError};

/// One OpenSpiel game poda plays.
pub struct OpenSpielGame {
    pub name: &'static str,
    /// True if a spec with this name is meant as OpenSpiel's game.
    pub claims: fn(&Spec) -> bool,
    /// The poda spec of the same game.
    pub to_poda: fn(&Spec) -> Result<String, SpecError>,
}

/// The OpenSpiel games poda knows how to name.
pub const OPENSPIEL_GAMES: &[OpenSpielGame] = &[
    OpenSpielGame {
        name: "connect_four",
        claims: |_| true,
        to_poda: connect_four,
    },
    OpenSpielGame {
        name: "hex",
        claims: |s| !s.args.is_empty() && s.expect_keys(HEX_KEYS).is_ok(),
        to_poda: hex,
    },
    OpenSpielGame {
        name: "mancala",
        claims: |_| true,
        to_poda: mancala,
    },
    OpenSpielGame {
        name: "misere",
        claims: |s| {
            s.get("game")
                .is_some_and(|inner| openspiel_entry(inner).is_some())
        },
        to_poda: misere,
    },
];

const HEX_KEYS: &[&str] = &["board_size", "num_cols", "num_rows", "string_rep"];
/// OpenSpiel's default Hex board.
const OPENSPIEL_HEX_SIZE: u64 = 11;

fn connect_four(spec: &Spec) -> Result<String, SpecError> {
    spec.expect_keys(&[])?;
    Ok("connect4".into())
}

fn hex(spec: &Spec) -> Result<String, SpecError> {
    spec.expect_keys(HEX_KEYS)?;
    // As in OpenSpiel: num_cols and num_rows default to board_size and override it.
    let board = spec.int_in("board_size", OPENSPIEL_HEX_SIZE, 1, 64)?;
    let cols = spec.int_in("num_cols", board, 1, 64)?;
    let rows = spec.int_in("num_rows", board, 1, 64)?;
    if cols != rows {
        return Err(spec.bad_value(
            "num_rows",
            &rows.to_string(),
            "poda plays square boards only",
        ));
    }
    let size = cols;
    if let Some(rep) = spec.get("string_rep") {
        if rep != "standard" {
            return Err(spec.bad_value("string_rep", rep, "only 'standard' is supported"));
        }
    }
    Ok(format!("hex(size={size})"))
}

fn mancala(spec: &Spec) -> Result<String, SpecError> {
    spec.expect_keys(&[])?;
    Ok("kalah(pits=6,seeds=4)".into())
}

fn misere(spec: &Spec) -> Result<String, SpecError> {
    spec.expect_keys(&["game"])?;
    let inner = spec.get("game").unwrap_or_default();
    let inner_spec = Spec::parse(inner)?;
    let entry = openspiel_entry(inner)
        .ok_or_else(|| spec.bad_value("game", inner, "not an OpenSpiel game poda plays"))?;
    Ok(format!("misere(game={})", (entry.to_poda)(&inner_spec)?))
}

/// The entry that claims the spec `text`, if any.
fn openspiel_entry(text: &str) -> Option<&'static OpenSpielGame> {
    let spec = Spec::parse(text).ok()?;
    OPENSPIEL_GAMES
        .iter()
        .find(|g| g.name == spec.name && (g.claims)(&spec))
}

/// The poda spec of an OpenSpiel game string, or `None` if `text` is not one.
pub fn to_poda_spec(text: &str) -> Option<Result<String, SpecError>> {
    let entry = openspiel_entry(text)?;
    Some(Spec::parse(text).and_then(|spec| (entry.to_poda)(&spec)))
}

/// Resolves a game argument of the protocol: an OpenSpiel game string (then moves are in
/// OpenSpiel's dialect) or a poda game spec (poda's notation).
pub fn resolve_game(text: &str) -> Result<(AnyGame, Dialect), GameError> {
    match to_poda_spec(text) {
        Some(translated) => Ok((AnyGame::parse(&translated?)?, Dialect::OpenSpiel)),
        None => Ok((AnyGame::parse(text)?, Dialect::Native)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translations() {
        let t = |s: &str| to_poda_spec(s).map(|r| r.map_err(|e| e.to_string()));
        assert_eq!(t("connect_four"), Some(Ok("connect4".into())));
        assert_eq!(t("connect_four()"), Some(Ok("connect4".into())));
        assert_eq!(t("hex(board_size=7)"), Some(Ok("hex(size=7)".into())));
        assert_eq!(
            t("hex(num_cols=5,num_rows=5)"),
            Some(Ok("hex(size=5)".into()))
        );
        assert!(t("hex(num_cols=5,num_rows=6)").unwrap().is_err());
        assert_eq!(t("mancala"), Some(Ok("kalah(pits=6,seeds=4)".into())));
        assert_eq!(
            t("misere(game=connect_four())"),
            Some(Ok("misere(game=connect4)".into()))
        );
        // poda's own names are not OpenSpiel's.
        assert_eq!(t("connect4"), None);
        assert_eq!(t("hex(size=7)"), None);
        assert_eq!(t("hex"), None);
        assert_eq!(t("misere(game=connect4)"), None);
        assert!(t("connect_four(rows=3)").unwrap().is_err());
    }

    #[test]
    fn resolving() {
        let (game, dialect) = resolve_game("connect_four").unwrap();
        assert!(matches!(game, AnyGame::Connect4(_)));
        assert_eq!(dialect, Dialect::OpenSpiel);
        let (_, dialect) = resolve_game("connect4(width=8,height=7)").unwrap();
        assert_eq!(dialect, Dialect::Native);
        assert!(resolve_game("tic_tac_toe").is_err());
        assert!(resolve_game("connect4(").is_err());
    }
}
