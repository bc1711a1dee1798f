//! Reading lines of bounded length from a peer that may send anything.
//!
//! `BufRead::lines` and `split` keep a whole line in memory however long it is: a client that
//! sends bytes and never a newline makes the reader grow without bound. [`read_line`] keeps
//! at most `max` bytes of a line and skips the rest of a longer one (reading on to its newline
//! without storing it), so the loop can refuse it and go on with the next line.

use std::io::{self, BufRead, ErrorKind};

/// The longest line the protocol loops read (1 MiB, far above any command).
pub const MAX_LINE: usize = 1 << 20;

/// What [`read_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRead {
    /// A line (its newline removed; the last line may have none).
    Line,
    /// A line longer than the limit, read to its end and dropped.
    TooLong,
    /// The end of the input: no line.
    End,
}

/// Reads the next line into `line` (cleared first), keeping at most `max` bytes.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<LineRead> {
    line.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => LineRead::End,
                (true, true) => LineRead::TooLong,
                (true, false) => LineRead::Line,
            });
        }
        any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        if !too_long {
            if line.len() + part.len() > max {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(part);
            }
        }
        let used = newline.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(if too_long {
                LineRead::TooLong
            } else {
                LineRead::Line
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    fn lines(input: &[u8], max: usize, capacity: usize) -> Vec<Result<String, LineRead>> {
        let mut reader = BufReader::with_capacity(capacity, input);
        let mut line = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_line(&mut reader, &mut line, max).unwrap() {
                LineRead::End => return out,
                LineRead::Line => out.push(Ok(String::from_utf8(line.clone()).unwrap())),
                LineRead::TooLong => out.push(Err(LineRead::TooLong)),
            }
        }
    }

    #[test]
    fn lines_and_their_ends() {
        for capacity in [1, 3, 64] {
            assert_eq!(
                lines(b"ab\n\ncd", 8, capacity),
                vec![Ok("ab".into()), Ok(String::new()), Ok("cd".into())]
            );
            assert_eq!(lines(b"", 8, capacity), vec![]);
            assert_eq!(lines(b"\n", 8, capacity), vec![Ok(String::new())]);
        }
    }

    #[test]
    fn long_lines_are_dropped_and_reading_goes_on() {
        for capacity in [1, 4, 64] {
            assert_eq!(
                lines(b"12345\nok\n123456789\nx", 5, capacity),
                vec![
                    Ok("12345".into()),
                    Ok("ok".into()),
                    Err(LineRead::TooLong),
                    Ok("x".into())
                ]
            );
            assert_eq!(lines(b"123456", 5, capacity), vec![Err(LineRead::TooLong)]);
        }
    }

    #[test]
    fn a_line_without_end_is_not_kept() {
        // 64 MiB of 'a' and no newline: read through in chunks, at most `max` bytes kept.
        let mut endless = BufReader::new(io::repeat(b'a').take(64 << 20));
        let mut line = Vec::new();
        assert_eq!(
            read_line(&mut endless, &mut line, 1000).unwrap(),
            LineRead::TooLong
        );
        assert!(line.capacity() <= 1000 + 8192);
    }
}
