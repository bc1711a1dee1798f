//! The book build's walk over the perfect player's decision nodes, level by level, and what
//! it knows so far: shared by the single-machine build ([`crate::build_book`]) and by the
//! cluster's units (`poda units book`), so both meet the same nodes and write the same book.
//!
//! [`Levels`] holds the frontier (decision nodes by plies, one move string per canonical key,
//! in the order they were met) and the [`Known`] results. [`Levels::next_level`] hands out
//! the next level; once every node of it is decided, [`Levels::expand`] adds poda's move and
//! every opponent reply at each stored node to the level two plies deeper.

use crate::analysis::hardest;
use crate::book::{canonical_key, columns_of, orient_columns, Book, BookEntry};
use crate::position::{Position, SIZE, WIDTH};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::BufRead;
use std::path::Path;

/// A decision node's result: its score, its best columns in the canonical orientation, and
/// whether it is in the book (false: a leaf the probe decided).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decision {
    pub score: i32,
    pub best: u8,
    pub stored: bool,
}

/// Everything known so far, by canonical key.
#[derive(Default)]
pub(crate) struct Known {
    pub exact: HashMap<u64, i32>,
    pub decided: HashMap<u64, Decision>,
}

impl Known {
    pub fn from_book(book: &Book) -> Known {
        let mut known = Known::default();
        for (key, e) in book.entries() {
            known.exact.insert(key, e.score);
            if e.best != 0 {
                known.decided.insert(
                    key,
                    Decision {
                        score: e.score,
                        best: e.best,
                        stored: true,
                    },
                );
            }
        }
        known
    }

    /// Learns one line of the partial format (see [`crate::build`]); a line that does not
    /// parse (cut by an interrupted write, a comment) is skipped.
    pub fn learn(&mut self, line: &str) {
        // The empty board's line starts with the separating space.
        let mut fields = line.split(' ');
        let moves = fields.next().unwrap_or_default();
        let (Ok(p), Some(Ok(score))) =
            (Position::parse(moves), fields.next().map(str::parse::<i32>))
        else {
            return;
        };
        let key = canonical_key(&p);
        match (fields.next(), fields.next().and_then(parse_columns)) {
            (None, _) => {
                self.exact.insert(key, score);
            }
            (Some(kind @ ("best" | "leaf")), Some(cols)) => {
                let stored = kind == "best";
                let best = orient_columns(&p, cols);
                self.decided.insert(
                    key,
                    Decision {
                        score,
                        best,
                        stored,
                    },
                );
                if stored {
                    self.exact.insert(key, score);
                }
            }
            _ => {}
        }
    }

    /// Learns every line of a partial file (none if it does not exist).
    pub fn read_partial(&mut self, path: &Path) -> std::io::Result<()> {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        for line in std::io::BufReader::new(file).lines() {
            self.learn(&line?);
        }
        Ok(())
    }

    pub fn book(&self) -> Book {
        let mut entries: HashMap<u64, BookEntry> = self
            .exact
            .iter()
            .map(|(&k, &score)| (k, BookEntry { score, best: 0 }))
            .collect();
        for (&k, d) in &self.decided {
            if d.stored {
                entries.insert(
                    k,
                    BookEntry {
                        score: d.score,
                        best: d.best,
                    },
                );
            }
        }
        Book::from_entries(&entries)
    }

    pub fn book_size(&self) -> usize {
        let stored_only = self
            .decided
            .iter()
            .filter(|(k, d)| d.stored && !self.exact.contains_key(k))
            .count();
        self.exact.len() + stored_only
    }
}

pub(crate) fn col_char(col: usize) -> char {
    (b'1' + col as u8) as char
}

/// `"35"` -> columns 2 and 4 (0-based) as a bit set; `None` if empty or not column digits.
fn parse_columns(s: &str) -> Option<u8> {
    let mut cols = 0u8;
    for ch in s.chars() {
        match ch.to_digit(10) {
            Some(d) if (1..=WIDTH as u32).contains(&d) => cols |= 1 << (d - 1),
            _ => return None,
        }
    }
    (cols != 0).then_some(cols)
}

pub(crate) fn format_columns(cols: u8) -> String {
    columns_of(cols).into_iter().map(col_char).collect()
}

/// One level of the walk: the decision nodes with `ply` plies, as move strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub ply: i32,
    pub nodes: Vec<String>,
    /// A full level (`ply <= full_depth`): every child of every node gets its exact score.
    pub full: bool,
}

/// The walk over the decision nodes, and the results known so far.
pub struct Levels {
    pub(crate) known: Known,
    /// Decision nodes by plies, one move string per canonical key, in the order met.
    frontier: BTreeMap<i32, (Vec<String>, HashSet<u64>)>,
    depth: i32,
    full_depth: i32,
}

impl Levels {
    /// The walk from `roots` (move strings) down to `depth` plies, knowing the `base` book.
    pub fn new(base: &Book, roots: &[String], depth: i32, full_depth: i32) -> Levels {
        let mut levels = Levels {
            known: Known::from_book(base),
            frontier: BTreeMap::new(),
            depth,
            full_depth,
        };
        for root in roots {
            levels.add(root.clone());
        }
        levels
    }

    fn add(&mut self, moves: String) {
        if let Ok(p) = Position::parse(&moves) {
            let level = self.frontier.entry(p.moves()).or_default();
            if level.1.insert(canonical_key(&p)) {
                level.0.push(moves);
            }
        }
    }

    /// Learns one line of the partial format.
    pub fn learn(&mut self, line: &str) {
        self.known.learn(line);
    }

    /// Learns a partial file.
    pub fn read_partial(&mut self, path: &Path) -> std::io::Result<()> {
        self.known.read_partial(path)
    }

    /// The next level to work on (fewest plies first), or `None` past `depth`.
    pub fn next_level(&mut self) -> Option<Level> {
        let (ply, (nodes, _)) = self.frontier.pop_first()?;
        if ply > self.depth {
            return None;
        }
        let full = ply <= self.full_depth;
        Some(Level { ply, nodes, full })
    }

    /// Whether the node `moves` has a decision.
    pub fn is_decided(&self, moves: &str) -> bool {
        Position::parse(moves).is_ok_and(|p| self.known.decided.contains_key(&canonical_key(&p)))
    }

    /// After `level` is decided: poda's move at every stored node, then every reply of the
    /// opponent that neither ends the game nor lets poda win at once, go to the frontier.
    /// Returns (nodes, stored, left to the search); an undecided node counts as neither.
    pub fn expand(&mut self, level: &Level) -> (usize, usize, usize) {
        let mut counts = (level.nodes.len(), 0, 0);
        for moves in &level.nodes {
            let p = Position::parse(moves).expect("book line");
            let Some(d) = self.known.decided.get(&canonical_key(&p)).copied() else {
                continue;
            };
            if !d.stored {
                counts.2 += 1;
                continue;
            }
            counts.1 += 1;
            let cols = columns_of(orient_columns(&p, d.best));
            let Some(&col) = hardest(&p, &cols).first() else {
                continue;
            };
            if p.is_winning_move(col) {
                continue;
            }
            let mine = p.after(p.move_in(col));
            for reply in 0..WIDTH {
                if !mine.can_play(reply) || mine.is_winning_move(reply) {
                    continue;
                }
                let next = mine.after(mine.move_in(reply));
                if next.moves() >= SIZE || next.can_win_next() {
                    continue;
                }
                self.add(format!("{moves}{}{}", col_char(col), col_char(reply)));
            }
        }
        counts
    }

    /// The book the walk knows now.
    pub fn book(&self) -> Book {
        self.known.book()
    }
}

/// Scores of the playable columns of `p` from the exact scores known.
pub(crate) fn child_scores(p: &Position, exact: &HashMap<u64, i32>) -> Vec<(usize, i32)> {
    (0..WIDTH)
        .filter(|&c| p.can_play(c))
        .filter_map(|c| {
            if p.is_winning_move(c) {
                return Some((c, (SIZE + 1 - p.moves()) / 2));
            }
            let child = p.after(p.move_in(c));
            if child.moves() >= SIZE {
                return Some((c, 0));
            }
            exact.get(&canonical_key(&child)).map(|&s| (c, -s))
        })
        .collect()
}
