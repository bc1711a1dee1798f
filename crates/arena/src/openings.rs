//! Opening files: the openings a match or tournament plays, one per line, instead of random ones.
//!
//! **Format.** One opening per line, its moves in the game's own notation as `poda show` and
//! `poda solve` read them: separated by spaces or commas (`4 1 5`, `d4,c3`), or, for games whose
//! sequences have a compact form, written together (Kalah with at most 9 pits and Connect 4
//! take one digit per move, `415`; Hex takes `a1b2c13`). Everything from a `#` to the end of
//! the line is a comment; blank lines are skipped. Every move is checked: an unknown or illegal
//! move, or an opening after which the game is over, is an error naming the line.
//!
//! **Use.** Pair `k` of a match (games `2k` and `2k+1`, colours swapped) plays opening
//! `k mod n`, and round `r` of a tournament plays opening `r mod n`: the file is used in order
//! and cycles.

use poda_core::notation::play_line;
use poda_core::Game;
use std::path::Path;
use thiserror::Error;

/// Why an opening file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OpeningsError {
    #[error("{path}: {message}")]
    File { path: String, message: String },
    #[error("{path}, line {line}: {message}")]
    Line {
        path: String,
        line: usize,
        message: String,
    },
}

/// The text of a line without its comment, trimmed.
fn content(line: &str) -> &str {
    line.split('#').next().unwrap_or("").trim()
}

/// Reads the openings of `text` (the file's contents; `path` names it in errors), checking
/// every move from `start`. At least one opening is required.
pub fn parse_openings<G: Game>(
    start: &G,
    text: &str,
    path: &str,
) -> Result<Vec<Vec<G::Move>>, OpeningsError> {
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let body = content(line);
        if body.is_empty() {
            continue;
        }
        let bad = |message: String| OpeningsError::Line {
            path: path.to_string(),
            line: n + 1,
            message,
        };
        let (game, moves) = play_line(start, body).map_err(|e| bad(format!("'{body}': {e}")))?;
        if game.outcome().is_over() {
            return Err(bad(format!(
                "'{body}': the game is over after this opening"
            )));
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err(OpeningsError::File {
            path: path.to_string(),
            message: "no openings (every line is blank or a comment)".into(),
        });
    }
    Ok(openings)
}

/// Reads and checks an opening file.
pub fn load_openings<G: Game>(start: &G, path: &Path) -> Result<Vec<Vec<G::Move>>, OpeningsError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| OpeningsError::File {
        path: shown.clone(),
        message: e.to_string(),
    })?;
    parse_openings(start, &text, &shown)
}

/// An opening as text, its moves separated by spaces (how tournaments save them).
pub fn format_opening<G: Game>(start: &G, moves: &[G::Move]) -> String {
    let mut game = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        out.push(game.format_move(mv));
        game.play_unchecked(mv);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use poda_games::kalah::Kalah;

    #[test]
    fn lines_comments_and_compact_sequences() {
        let text = "# balanced\n\n4 1 5   # J1 twice, then J2\n415\n3,2\n  \n";
        let openings = parse_openings(&Kalah::default(), text, "f.txt").unwrap();
        assert_eq!(openings.len(), 3);
        assert_eq!(openings[0], openings[1]);
        assert_eq!(format_opening(&Kalah::default(), &openings[0]), "4 1 5");
        assert_eq!(format_opening(&Kalah::default(), &openings[2]), "3 2");
    }

    #[test]
    fn bad_lines_name_the_file_and_line() {
        let start = Kalah::default();
        let err = parse_openings(&start, "41\n# c\n4155\n", "o.txt").unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("o.txt, line 3: '4155': move 4 '5'"),
            "{text}"
        );
        assert!(text.contains("illegal"), "{text}");
        let err = parse_openings(&start, "7\n", "o.txt").unwrap_err();
        assert!(err.to_string().starts_with("o.txt, line 1: '7'"), "{err}");
        let err = parse_openings(&start, "# nothing\n\n", "o.txt").unwrap_err();
        assert_eq!(
            err.to_string(),
            "o.txt: no openings (every line is blank or a comment)"
        );
    }

    #[test]
    fn an_opening_that_ends_the_game_is_refused() {
        // Kalah(1,1): J1's only move sows into its store and empties its side.
        let start = Kalah::new(1, 1, false).unwrap();
        let err = parse_openings(&start, "1\n", "o.txt").unwrap_err();
        assert!(err.to_string().contains("the game is over"), "{err}");
    }
}
