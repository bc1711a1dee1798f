//! Whitespace-separated tokens from a byte stream, as C++'s `cin >> word` reads them.
//!
//! The course's referee splits some messages over two lines (`TIMEOUT`, newline, `2000`) and
//! its bots read word by word, so line breaks carry no meaning: a token is a run of bytes that
//! are not ASCII whitespace (C's `isspace`: space, tab, newline, vertical tab, form feed,
//! carriage return). Nothing a sender writes can make this reader use unbounded memory: a token
//! longer than [`MAX_TOKEN_BYTES`] is cut there (and marked, so it never reads as a number or
//! a command), and the rest of it is skipped. Bytes that are not UTF-8 are read lossily.

use std::io::{self, BufRead};

/// The longest token kept whole; longer ones are cut and marked with [`CUT_MARK`].
pub const MAX_TOKEN_BYTES: usize = 64;
/// Appended to a token that was cut.
pub const CUT_MARK: &str = "...";

/// A token reader with one token of look-ahead.
#[derive(Debug)]
pub struct Tokens<R> {
    input: R,
    peeked: Option<String>,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

impl<R: BufRead> Tokens<R> {
    pub fn new(input: R) -> Self {
        Tokens {
            input,
            peeked: None,
        }
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> io::Result<Option<String>> {
        if let Some(t) = self.peeked.take() {
            return Ok(Some(t));
        }
        self.read_token()
    }

    /// The next token without taking it.
    pub fn peek(&mut self) -> io::Result<Option<&str>> {
        if self.peeked.is_none() {
            self.peeked = self.read_token()?;
        }
        Ok(self.peeked.as_deref())
    }

    fn read_token(&mut self) -> io::Result<Option<String>> {
        let mut bytes = Vec::new();
        let mut cut = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                break;
            }
            let mut used = 0;
            let mut ended = false;
            for &b in buffer {
                used += 1;
                if is_space(b) {
                    if !bytes.is_empty() || cut {
                        ended = true;
                        break;
                    }
                } else if bytes.len() < MAX_TOKEN_BYTES {
                    bytes.push(b);
                } else {
                    cut = true;
                }
            }
            self.input.consume(used);
            if ended {
                break;
            }
        }
        if bytes.is_empty() {
            return Ok(None);
        }
        let mut token = String::from_utf8_lossy(&bytes).into_owned();
        if cut {
            token.push_str(CUT_MARK);
        }
        Ok(Some(token))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn all(bytes: &[u8]) -> Vec<String> {
        let mut t = Tokens::new(Cursor::new(bytes.to_vec()));
        let mut out = Vec::new();
        while let Some(tok) = t.next_token().unwrap() {
            out.push(tok);
        }
        out
    }

    #[test]
    fn line_breaks_are_whitespace_like_any_other() {
        assert_eq!(
            all(b"TIMEOUT\n2000\r\nSETPLAYER \t0\x0b\x0cGETMOVE"),
            ["TIMEOUT", "2000", "SETPLAYER", "0", "GETMOVE"]
        );
        assert_eq!(all(b""), Vec::<String>::new());
        assert_eq!(all(b"  \n\n "), Vec::<String>::new());
        assert_eq!(all(b"PING"), ["PING"]);
    }

    #[test]
    fn peeking_does_not_take() {
        let mut t = Tokens::new(Cursor::new(b"a b".to_vec()));
        assert_eq!(t.peek().unwrap(), Some("a"));
        assert_eq!(t.peek().unwrap(), Some("a"));
        assert_eq!(t.next_token().unwrap().as_deref(), Some("a"));
        assert_eq!(t.next_token().unwrap().as_deref(), Some("b"));
        assert_eq!(t.peek().unwrap(), None);
    }

    #[test]
    fn huge_tokens_are_cut_and_bytes_that_are_not_utf8_read_lossily() {
        let mut input = vec![b'7'; 1 << 20];
        input.extend_from_slice(b" PING \xff\xfe");
        let tokens = all(&input);
        assert_eq!(tokens.len(), 3);
        assert_eq!(tokens[0].len(), MAX_TOKEN_BYTES + CUT_MARK.len());
        assert!(tokens[0].ends_with(CUT_MARK));
        assert_eq!(tokens[1], "PING");
        assert_eq!(tokens[2], "\u{fffd}\u{fffd}");
    }
}
