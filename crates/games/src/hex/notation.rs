//! Hex notation (shared by HexGui, MoHex/benzene and OpenSpiel, see `shared/rules/hex.md`):
//! a cell is its column letter (`a` = x 0, left to right) and its 1-based row number (top to
//! bottom), so `a1` is the top-left corner; the swap is written `swap` (benzene's
//! `swap-pieces` is read too). Sequences are separated by spaces or commas, or written
//! compactly (`a1b2c13`), or a mix of both.

use poda_core::notation::{split_separated, MoveParseError};

/// A move: a cell (its index `y * size + x`) or the swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HexMove {
    Cell(u16),
    Swap,
}

/// The notation of the swap move.
pub const SWAP_TEXT: &str = "swap";
/// benzene's name of the swap, accepted when reading.
pub const SWAP_PIECES_TEXT: &str = "swap-pieces";

/// `a1`-style name of the cell `(x, y)` (0-based).
pub fn format_cell(x: u32, y: u32) -> String {
    let letter = char::from(b'a' + x as u8);
    format!("{letter}{}", y + 1)
}

/// Reads a cell name (`a1`, `K11`; letters in either case) on a `size` x `size` board.
pub fn parse_cell(text: &str, size: u32) -> Result<(u32, u32), MoveParseError> {
    let token = text.trim();
    let mut chars = token.chars();
    let letter = match chars.next() {
        Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
        _ => {
            return Err(MoveParseError::new(
                text,
                format!(
                    "a cell is a column letter and a row number, like a1 or {}",
                    corner(size)
                ),
            ))
        }
    };
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoveParseError::new(
            text,
            format!(
                "a cell is a column letter and a row number, like a1 or {}",
                corner(size)
            ),
        ));
    }
    let x = (letter as u8 - b'a') as u32;
    // A long run of digits cannot be a row: keep it from overflowing.
    let y = digits
        .parse::<u32>()
        .ok()
        .filter(|&r| r >= 1)
        .map(|r| r - 1);
    match y {
        Some(y) if x < size && y < size => Ok((x, y)),
        _ => Err(MoveParseError::new(
            text,
            format!("off the {size}x{size} board (a1..{})", corner(size)),
        )),
    }
}

/// The name of the bottom-right corner.
fn corner(size: u32) -> String {
    format_cell(size - 1, size - 1)
}

/// True if `text` names the swap (`swap` or `swap-pieces`, any case).
pub fn is_swap_text(text: &str) -> bool {
    let t = text.trim();
    t.eq_ignore_ascii_case(SWAP_TEXT) || t.eq_ignore_ascii_case(SWAP_PIECES_TEXT)
}

/// Splits a move sequence into tokens: first on spaces and commas, then each piece into
/// compact moves (`swap-pieces`, `swap`, or one letter and its digits). Anything else becomes
/// a token of its own, for the parser to reject with a message.
pub fn split_moves(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for piece in split_separated(text) {
        let bytes = piece.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let rest = &piece[i..];
            let start = i;
            if starts_with_ignore_case(rest, SWAP_PIECES_TEXT) {
                i += SWAP_PIECES_TEXT.len();
            } else if starts_with_ignore_case(rest, SWAP_TEXT) {
                i += SWAP_TEXT.len();
            } else if bytes[i].is_ascii_alphabetic() {
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            } else {
                // Not the start of a move: keep the run up to the next letter as one bad token.
                i += rest.chars().next().map_or(1, char::len_utf8);
                while i < bytes.len() && !bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
            }
            // `i` only ever stops at ASCII positions or the end, so the slice is on a boundary.
            while !piece.is_char_boundary(i) {
                i += 1;
            }
            out.push(&piece[start..i]);
        }
    }
    out
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_on_every_size() {
        for size in 1..=19 {
            for y in 0..size {
                for x in 0..size {
                    assert_eq!(parse_cell(&format_cell(x, y), size), Ok((x, y)));
                }
            }
        }
        assert_eq!(format_cell(0, 0), "a1");
        assert_eq!(format_cell(18, 18), "s19");
        assert_eq!(parse_cell("K11", 11), Ok((10, 10)));
    }

    #[test]
    fn bad_cells_are_rejected_with_a_reason() {
        for bad in [
            "",
            "1a",
            "a",
            "a0",
            "l1",
            "a12",
            "aa1",
            "a1x",
            "a99999999999999",
            "é1",
        ] {
            let e = parse_cell(bad, 11).unwrap_err();
            assert!(!e.reason.is_empty(), "{bad}");
        }
    }

    #[test]
    fn splitting_compact_and_separated_forms() {
        assert_eq!(split_moves("a1b2c13"), vec!["a1", "b2", "c13"]);
        assert_eq!(split_moves("a1 swap, b2"), vec!["a1", "swap", "b2"]);
        assert_eq!(split_moves("a1swapb2"), vec!["a1", "swap", "b2"]);
        assert_eq!(
            split_moves("a1SWAP-PIECESs19"),
            vec!["a1", "SWAP-PIECES", "s19"]
        );
        assert_eq!(split_moves("a1 ?? b2"), vec!["a1", "??", "b2"]);
        assert_eq!(split_moves("a1é2"), vec!["a1", "é2"]);
        assert_eq!(split_moves("12a"), vec!["12", "a"]);
        assert!(split_moves(" ").is_empty());
        assert!(is_swap_text("Swap") && is_swap_text("swap-pieces") && !is_swap_text("s1"));
    }
}
