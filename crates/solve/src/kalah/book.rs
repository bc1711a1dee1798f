//! The Kalah opening book: the perfect player's decision at the positions where the solver
//! would be slow, looked up before any search.
//!
//! A decision depends on the pits alone (the value kept is the future margin, the same for
//! any stores) and on who wins in the end (the length rule hurries a win and delays a loss,
//! see [`perfect`](super::perfect)), so an entry is keyed by the rank of the pits and the
//! outcome: `rank * 4 + class` with class 0 a loss, 1 a draw, 2 a win for the side to move.
//!
//! Format (`data/kalah-M-N[-empty].book`, embedded with `include_bytes!`): a header
//! (`PODAKBK1`, pits, seeds, capture rule, five zero bytes), then entries of two
//! little-endian `u64`, sorted by key: the key, then the data: future margin + 128 (bits
//! 0-7), the keeping moves (bits 8-19, bit `k - 1` for pit `k`), the chosen pit (20-23) and
//! the plies left along it (24-39, 0 when the length search gave up or was not needed).

use super::perfect::Choice;
use poda_games::kalah::rank::Ranker;
use poda_games::kalah::{Board, Kalah};
use std::path::Path;

/// The file's magic bytes.
pub const MAGIC: &[u8; 8] = b"PODAKBK1";
const HEADER: usize = 16;
const ENTRY: usize = 16;

/// A game's identity: pits, seeds a pit, empty capture.
type GameId = (usize, u16, bool);

/// The books committed with the crate (built by `poda book kalah`, see
/// docs/benchmarks/kalah.md section 11).
static EMBEDDED: &[(GameId, &[u8])] = &[
    ((6, 4, false), include_bytes!("../../data/kalah-6-4.book")),
    (
        (6, 4, true),
        include_bytes!("../../data/kalah-6-4-empty.book"),
    ),
];

/// The outcome class of a final margin (see the module doc).
pub fn class(margin: i32) -> u64 {
    match margin {
        m if m < 0 => 0,
        0 => 1,
        _ => 2,
    }
}

/// The rank of a board's pits (the same numbering as the solver's table and databases).
pub fn pit_rank(board: &Board) -> u64 {
    let cells = 2 * board.pits();
    let seeds = board.seeds_in_pits();
    Ranker::new(cells, seeds)
        .expect("a rankable board")
        .rank(board.pit_cells(), seeds)
}

/// A decision stored in the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The exact future margin of the pits.
    pub value: i32,
    /// The moves that keep it (bit `k - 1` for pit `k`).
    pub keeping: u16,
    /// The perfect player's pit.
    pub pit: u8,
    /// Plies left along it under the length rule, if known.
    pub plies: Option<u32>,
}

impl BookEntry {
    /// The entry of a choice made in a position whose stores differ by `margin`.
    pub fn of_choice(c: &Choice, margin: i32) -> BookEntry {
        BookEntry {
            value: c.margin - margin,
            keeping: c.keeping,
            pit: c.pit,
            plies: c.plies,
        }
    }

    fn pack(self) -> u64 {
        ((self.value + 128) as u64 & 0xFF)
            | ((self.keeping as u64 & 0xFFF) << 8)
            | ((self.pit as u64 & 0xF) << 20)
            | ((self.plies.unwrap_or(0).min(0xFFFF) as u64) << 24)
    }

    fn unpack(d: u64) -> BookEntry {
        let plies = ((d >> 24) & 0xFFFF) as u32;
        BookEntry {
            value: (d & 0xFF) as i32 - 128,
            keeping: ((d >> 8) & 0xFFF) as u16,
            pit: ((d >> 20) & 0xF) as u8,
            plies: (plies > 0).then_some(plies),
        }
    }
}

/// A book for one game (pits, seeds, capture rule).
#[derive(Clone, Debug)]
pub struct KalahBook {
    pits: usize,
    seeds: u16,
    empty_capture: bool,
    /// (key, data) sorted by key.
    entries: Vec<(u64, u64)>,
}

impl KalahBook {
    /// An empty book for a game.
    pub fn empty(game: &Kalah) -> KalahBook {
        KalahBook {
            pits: game.pits(),
            seeds: game.initial_seeds(),
            empty_capture: game.empty_capture(),
            entries: Vec::new(),
        }
    }

    /// The book committed for a game (empty if there is none).
    pub fn embedded(game: &Kalah) -> KalahBook {
        let id = (game.pits(), game.initial_seeds(), game.empty_capture());
        EMBEDDED
            .iter()
            .find(|(k, _)| *k == id)
            .and_then(|(_, bytes)| Self::from_bytes(bytes).ok())
            .unwrap_or_else(|| Self::empty(game))
    }

    /// A book from (key, entry) pairs (see [`KalahBook::key`]).
    pub fn from_entries(game: &Kalah, entries: impl IntoIterator<Item = (u64, BookEntry)>) -> Self {
        let mut v: Vec<(u64, u64)> = entries.into_iter().map(|(k, e)| (k, e.pack())).collect();
        v.sort_unstable_by_key(|e| e.0);
        v.dedup_by_key(|e| e.0);
        KalahBook {
            entries: v,
            ..Self::empty(game)
        }
    }

    /// Parses the file format.
    pub fn from_bytes(bytes: &[u8]) -> Result<KalahBook, String> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err("not a Kalah book".to_string());
        }
        if (bytes.len() - HEADER) % ENTRY != 0 {
            return Err("a Kalah book cut short".to_string());
        }
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let entries: Vec<(u64, u64)> = (HEADER..bytes.len())
            .step_by(ENTRY)
            .map(|at| (word(at), word(at + 8)))
            .collect();
        if entries.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err("a Kalah book out of order".to_string());
        }
        Ok(KalahBook {
            pits: bytes[8] as usize,
            seeds: bytes[9] as u16,
            empty_capture: bytes[10] == 1,
            entries,
        })
    }

    /// Reads a book file.
    pub fn read(path: &Path) -> std::io::Result<KalahBook> {
        let bytes = std::fs::read(path)?;
        Self::from_bytes(&bytes).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: {e}", path.display()),
            )
        })
    }

    /// The file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + ENTRY * self.entries.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&[
            self.pits as u8,
            self.seeds as u8,
            u8::from(self.empty_capture),
            0,
            0,
            0,
            0,
            0,
        ]);
        for &(k, d) in &self.entries {
            out.extend_from_slice(&k.to_le_bytes());
            out.extend_from_slice(&d.to_le_bytes());
        }
        out
    }

    /// Does the book belong to this game?
    pub fn is_for(&self, game: &Kalah) -> bool {
        (self.pits, self.seeds, self.empty_capture)
            == (game.pits(), game.initial_seeds(), game.empty_capture())
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The key of a position whose final margin (for the side to move) is `margin`.
    pub fn key(board: &Board, margin: i32) -> u64 {
        pit_rank(board) * 4 + class(margin)
    }

    /// The decision for `game`, if the book has it.
    pub fn get(&self, game: &Kalah) -> Option<BookEntry> {
        if self.entries.is_empty() || !self.is_for(game) {
            return None;
        }
        let b = game.board();
        let base = pit_rank(b) * 4;
        let start = self.entries.partition_point(|e| e.0 < base);
        self.entries[start..]
            .iter()
            .take_while(|e| e.0 < base + 4)
            .map(|&(k, d)| (k, BookEntry::unpack(d)))
            .find(|(k, e)| k - base == class(b.margin() + e.value))
            .map(|(_, e)| e)
    }

    /// Every (key, entry).
    pub fn entries(&self) -> impl Iterator<Item = (u64, BookEntry)> + '_ {
        self.entries.iter().map(|&(k, d)| (k, BookEntry::unpack(d)))
    }
}
