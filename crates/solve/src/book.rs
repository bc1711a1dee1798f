//! The opening book: exact scores of chosen early positions, looked up before any search,
//! and for the perfect player's decision nodes the columns that keep the score.
//!
//! Format (`data/book-7x6.bin`, embedded with `include_bytes!` so the binary needs no file
//! and loading costs nothing): a sorted array of little-endian `u64`, one per position:
//! bits 0..49 the canonical key (the smaller of the position's key and its mirror's), bits
//! 49..56 the set of best columns (bit `c` for 0-based column `c`, in the orientation of
//! the canonical key; 0 when the entry holds the score only), bits 56..62 the score + 32.
//! Lookup is a binary search on the bytes, so no parsing at start-up. Which positions it
//! holds, and how it is built, is in [`crate::build`].

use crate::position::{Position, KEY_BITS, WIDTH};
use std::collections::HashMap;
use std::path::Path;

const SCORE_SHIFT: u32 = 56;
const SCORE_OFFSET: i32 = 32;
const BEST_SHIFT: u32 = KEY_BITS;
const BEST_MASK: u64 = (1 << WIDTH) - 1;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const _: () = assert!(BEST_SHIFT + WIDTH as u32 <= SCORE_SHIFT);

/// What the book knows of a position, in the orientation of its canonical key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The exact score.
    pub score: i32,
    /// The columns that keep the score (bit `c` for column `c`), 0 if not recorded.
    pub best: u8,
}

impl BookEntry {
    fn pack(self, key: u64) -> u64 {
        key | (u64::from(self.best) << BEST_SHIFT)
            | (((self.score + SCORE_OFFSET) as u64) << SCORE_SHIFT)
    }

    fn unpack(e: u64) -> (u64, BookEntry) {
        let entry = BookEntry {
            score: (e >> SCORE_SHIFT) as i32 - SCORE_OFFSET,
            best: ((e >> BEST_SHIFT) & BEST_MASK) as u8,
        };
        (e & KEY_MASK, entry)
    }
}

/// The 0-based columns of a set (bit `c` for column `c`), in increasing order.
pub fn columns_of(cols: u8) -> Vec<usize> {
    (0..WIDTH).filter(|&c| cols & (1 << c) != 0).collect()
}

/// Mirrors a set of columns (bit `c` to bit `WIDTH - 1 - c`).
pub fn mirror_columns(cols: u8) -> u8 {
    columns_of(cols)
        .into_iter()
        .fold(0, |m, c| m | (1 << (WIDTH - 1 - c)))
}

/// A set of columns in `p`'s own orientation, from the orientation of `p`'s canonical key
/// (or back: mirroring is its own inverse).
pub fn orient_columns(p: &Position, cols: u8) -> u8 {
    if p.mirror_key() < p.key() {
        mirror_columns(cols)
    } else {
        cols
    }
}

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

    /// A book holding these (canonical key, score) pairs.
    pub fn from_scores(scores: &HashMap<u64, i32>) -> Book {
        Book::from_entries(
            &scores
                .iter()
                .map(|(&k, &score)| (k, BookEntry { score, best: 0 }))
                .collect(),
        )
    }

    /// A book holding these entries, by canonical key.
    pub fn from_entries(entries: &HashMap<u64, BookEntry>) -> Book {
        let mut v: Vec<u64> = entries.iter().map(|(&k, e)| e.pack(k)).collect();
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
        self.entry_of_key(key).map(|e| e.score)
    }

    /// The score of a position and the columns (bit `c` for 0-based column `c`, in `p`'s
    /// own orientation) that keep it, if the book records them.
    pub fn best(&self, p: &Position) -> Option<(i32, u8)> {
        let e = self.entry_of_key(canonical_key(p))?;
        (e.best != 0).then(|| (e.score, orient_columns(p, e.best)))
    }

    /// The entry of a canonical key.
    pub fn entry_of_key(&self, key: u64) -> Option<BookEntry> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            let e = self.entry(mid);
            match (e & KEY_MASK).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(BookEntry::unpack(e).1),
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
        self.entries()
            .into_iter()
            .map(|(k, e)| (k, e.score))
            .collect()
    }

    /// Every entry by canonical key.
    pub fn entries(&self) -> HashMap<u64, BookEntry> {
        (0..self.len())
            .map(|i| BookEntry::unpack(self.entry(i)))
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

    #[test]
    fn best_columns_follow_the_mirror() {
        // Stored under the canonical key of `a`; `b` is its mirror image.
        let a = Position::parse("1").unwrap();
        let b = Position::parse("7").unwrap();
        let canonical = if a.key() <= a.mirror_key() { &a } else { &b };
        let other = if std::ptr::eq(canonical, &a) { &b } else { &a };
        let mut m = HashMap::new();
        // Columns 2 and 4 (0-based) of the canonical orientation.
        m.insert(
            canonical_key(&a),
            BookEntry {
                score: -2,
                best: 0b0010100,
            },
        );
        let book = Book::from_entries(&m);
        assert_eq!(book.best(canonical), Some((-2, 0b0010100)));
        assert_eq!(
            book.best(other),
            Some((-2, 0b0010100u8.reverse_bits() >> 1))
        );
        assert_eq!(book.get(other), Some(-2));
        assert_eq!(mirror_columns(0b0000001), 0b1000000);
        assert_eq!(mirror_columns(0b0001000), 0b0001000);
        // A score-only entry has no best columns.
        let only = Book::from_scores(&HashMap::from([(canonical_key(&a), 3)]));
        assert_eq!(only.best(&a), None);
        assert_eq!(only.get(&b), Some(3));
        assert_eq!(
            only.entries()[&canonical_key(&a)],
            BookEntry { score: 3, best: 0 }
        );
    }
}
