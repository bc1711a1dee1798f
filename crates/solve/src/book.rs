//! The opening book: exact scores of chosen early positions, looked up before any search.
//!
//! Format (`data/book-7x6.bin`, embedded with `include_bytes!` so the binary needs no file
//! and loading costs nothing): a sorted array of little-endian `u64`, one per position:
//! bits 0..49 the canonical key (the smaller of the position's key and its mirror's), bits
//! 56..62 the score + 32. Lookup is a binary search on the bytes, so no parsing at start-up.
//! Which positions it holds, and how it is built, is in [`crate::build`].

use crate::position::{Position, KEY_BITS};
use std::collections::HashMap;
use std::path::Path;

const SCORE_SHIFT: u32 = 56;
const SCORE_OFFSET: i32 = 32;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// The book committed with the crate.
static EMBEDDED: &[u8] = include_bytes!("../data/book-7x6.bin");

/// The canonical key of a position (shared with its mirror image).
pub fn canonical_key(p: &Position) -> u64 {
    p.key().min(p.mirror_key())
}

/// An opening book: canonical position key to exact score.
#[derive(Clone, Debug)]
pub struct Book {
    data: BookData,
}

#[derive(Clone, Debug)]
enum BookData {
    Static(&'static [u8]),
    Owned(Vec<u64>),
}

impl Default for Book {
    fn default() -> Self {
        Book::embedded()
    }
}

impl Book {
    /// The book committed with the crate (no work at all: it is searched in place).
    pub fn embedded() -> Book {
        Book {
            data: BookData::Static(EMBEDDED),
        }
    }

    /// An empty book.
    pub fn empty() -> Book {
        Book {
            data: BookData::Owned(Vec::new()),
        }
    }

    /// A book holding these (position, score) pairs.
    pub fn from_scores(scores: &HashMap<u64, i32>) -> Book {
        let mut v: Vec<u64> = scores
            .iter()
            .map(|(&k, &s)| k | (((s + SCORE_OFFSET) as u64) << SCORE_SHIFT))
            .collect();
        v.sort_unstable_by_key(|e| e & KEY_MASK);
        Book {
            data: BookData::Owned(v),
        }
    }

    /// Reads a book file in the binary format above.
    pub fn read(path: &Path) -> std::io::Result<Book> {
        let bytes = std::fs::read(path)?;
        if bytes.len() % 8 != 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: size is not a multiple of 8", path.display()),
            ));
        }
        let v = bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        Ok(Book {
            data: BookData::Owned(v),
        })
    }

    /// The file contents in the binary format.
    pub fn to_bytes(&self) -> Vec<u8> {
        (0..self.len())
            .flat_map(|i| self.entry(i).to_le_bytes())
            .collect()
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        match &self.data {
            BookData::Static(b) => b.len() / 8,
            BookData::Owned(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    fn entry(&self, i: usize) -> u64 {
        match &self.data {
            BookData::Static(b) => {
                u64::from_le_bytes(b[i * 8..i * 8 + 8].try_into().expect("8 bytes"))
            }
            BookData::Owned(v) => v[i],
        }
    }

    /// The exact score of a position, if the book has it.
    pub fn get(&self, p: &Position) -> Option<i32> {
        self.get_key(canonical_key(p))
    }

    /// The exact score for a canonical key.
    pub fn get_key(&self, key: u64) -> Option<i32> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            let e = self.entry(mid);
            match (e & KEY_MASK).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    return Some((e >> SCORE_SHIFT) as i32 - SCORE_OFFSET);
                }
            }
        }
        None
    }

    /// The most plies of a position in the book (-1 if empty).
    pub fn max_plies(&self) -> i32 {
        (0..self.len())
            .map(|i| Position::plies_of_key(self.entry(i) & KEY_MASK))
            .max()
            .unwrap_or(-1)
    }

    /// Every (canonical key, score) pair.
    pub fn scores(&self) -> HashMap<u64, i32> {
        (0..self.len())
            .map(|i| {
                let e = self.entry(i);
                (e & KEY_MASK, (e >> SCORE_SHIFT) as i32 - SCORE_OFFSET)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_mirror() {
        let a = Position::parse("4453").unwrap();
        let b = Position::parse("4435").unwrap();
        let c = Position::parse("12").unwrap();
        let mut m = HashMap::new();
        m.insert(canonical_key(&a), -7);
        m.insert(canonical_key(&c), 18);
        let book = Book::from_scores(&m);
        assert_eq!(book.get(&a), Some(-7));
        assert_eq!(book.get(&b), Some(-7));
        assert_eq!(book.get(&c), Some(18));
        assert_eq!(book.get(&Position::new()), None);
        let dir = std::env::temp_dir().join(format!("poda-book-test-{}", std::process::id()));
        std::fs::write(&dir, book.to_bytes()).unwrap();
        let read = Book::read(&dir).unwrap();
        std::fs::remove_file(&dir).unwrap();
        assert_eq!(read.scores(), m);
    }
}
