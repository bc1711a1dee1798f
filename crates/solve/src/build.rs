//! Building the opening book.
//!
//! Shape: the book serves the perfect player, so it follows the lines that player can meet.
//! A *decision node* is a position where poda is to move: the empty board (poda first) and
//! the seven one-move positions (poda second), then, after poda's chosen move, every reply
//! of the opponent that neither ends the game nor lets poda win at once. Poda's move at a
//! node is chosen by [`pick`], the same rule as [`Solver::choose`](crate::Solver::choose)
//! with [`TieBreak::Centre`](crate::TieBreak), so play stays on the book's lines as long as
//! the book reaches. Two kinds of levels:
//! - decision nodes with at most `full_depth` plies get the exact score of every child (so
//!   `--analyze` of the first moves is a look-up too);
//! - deeper decision nodes, up to `depth` plies, get their score and the set of columns that
//!   keep it ([`Solver::best_moves`](crate::Solver::best_moves): one exact solve and one
//!   null-window test per column), which is all the perfect player needs.
//!
//! A node is only worth a place in the book if the perfect player would be slow on it. So
//! each deeper node is first tried by a *probe*: a fresh solver with the perfect player's
//! table size and a budget of `probe_nodes` nodes (deterministic, unlike a clock). A node
//! the probe decides is a *leaf*: kept out of the book and not expanded, since the lines
//! below it are parts of the search that was just cheap. Only the others are solved in
//! full (with a large, warm table) and expanded. The book thus grows where the search is
//! slow and stops where it is fast; a level with no stored node ends the build early.
//!
//! Work: the positions of one level are shared by `threads` std threads, each with its own
//! solvers (the warm table is never cleared, so siblings share work). Every result is
//! appended at once to a text file, so a stopped build resumes where it stopped: positions
//! in that file (or in the `base` book) are not solved again. Lines: `<moves> <score>` (an
//! exact score, Pons' format), `<moves> <score> best <columns> [<seconds>]` (a stored
//! decision node, its best columns as digits `1`-`7` in the line's own orientation, and the
//! time it took) and `<moves> <score> leaf <columns> [<seconds>]` (a node the probe decided).

use crate::analysis::hardest;
use crate::book::{canonical_key, columns_of, orient_columns, Book, BookEntry};
use crate::position::{Position, SIZE, WIDTH};
use crate::solver::Solver;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Default node budget of the probe: about 0.3-0.4 s of the perfect player's search on the
/// project's machine, so a node left to the search is answered well within a second (the
/// committed book was built with it).
pub const DEFAULT_PROBE_NODES: u64 = 4_000_000;
/// Default table of the probe: the perfect player's own default (MiB).
pub const DEFAULT_PROBE_MIB: usize = 64;

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The decision nodes the build starts from (move strings).
    pub roots: Vec<String>,
    /// Decision nodes with at most this many plies get every child solved exactly.
    pub full_depth: i32,
    /// Decision nodes with at most this many plies get their best columns.
    pub depth: i32,
    /// Node budget of the probe (0: no probe, every node is solved and stored).
    pub probe_nodes: u64,
    /// Table of the probe's solver (MiB).
    pub probe_mib: usize,
    /// Worker threads.
    pub threads: usize,
    /// Table size of each worker's main solver (MiB).
    pub table_mib: usize,
    /// The partial (resumable) text file.
    pub partial: PathBuf,
    /// Entries known before the build (the committed book): not solved again, kept.
    pub base: Book,
}

impl BuildOptions {
    /// The roots of a full book: the empty board and the seven one-move positions.
    pub fn standard_roots() -> Vec<String> {
        std::iter::once(String::new())
            .chain((0..WIDTH).map(|c| col_char(c).to_string()))
            .collect()
    }
}

/// Progress of a build, reported after each solved position.
#[derive(Clone, Debug)]
pub struct BuildProgress {
    /// Plies of the decision nodes being worked on.
    pub depth: i32,
    /// Positions solved / to solve at this depth.
    pub done: usize,
    pub total: usize,
    /// Decision nodes at this depth stored in the book / left to the search (leaves).
    pub stored: usize,
    pub leaves: usize,
    /// Positions in the book so far.
    pub book_size: usize,
    /// The position just solved, its score and how long it took.
    pub last: Option<(String, i32, Duration)>,
}

/// What a finished build found, level by level.
#[derive(Clone, Debug, Default)]
pub struct BuildReport {
    /// Per ply of decision nodes: (nodes, stored, leaves).
    pub levels: BTreeMap<i32, (usize, usize, usize)>,
}

/// The perfect player's move from the exact scores of the playable columns: best score,
/// then fewest non-losing replies left to the opponent, then the most central column.
pub fn pick(p: &Position, scores: &[(usize, i32)]) -> Option<(usize, i32)> {
    let best = scores.iter().map(|&(_, s)| s).max()?;
    let cols: Vec<usize> = scores
        .iter()
        .filter(|&&(_, s)| s == best)
        .map(|&(c, _)| c)
        .collect();
    hardest(p, &cols).first().map(|&c| (c, best))
}

/// A decision node's result: its score, its best columns in the canonical orientation, and
/// whether it is in the book (false: a leaf the probe decided).
#[derive(Clone, Copy, Debug)]
struct Decision {
    score: i32,
    best: u8,
    stored: bool,
}

/// Everything known so far, by canonical key.
#[derive(Default)]
struct Known {
    exact: HashMap<u64, i32>,
    decided: HashMap<u64, Decision>,
}

impl Known {
    fn from_book(book: &Book) -> Known {
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

    /// Reads the partial file's lines (a line cut by an interrupted write is skipped).
    fn read_partial(&mut self, path: &PathBuf) -> std::io::Result<()> {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        for line in std::io::BufReader::new(file).lines() {
            let line = line?;
            // The empty board's line starts with the separating space.
            let mut fields = line.split(' ');
            let moves = fields.next().unwrap_or_default();
            let (Ok(p), Some(Ok(score))) =
                (Position::parse(moves), fields.next().map(str::parse::<i32>))
            else {
                continue;
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
        Ok(())
    }

    fn book(&self) -> Book {
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

    fn book_size(&self) -> usize {
        let stored_only = self
            .decided
            .iter()
            .filter(|(k, d)| d.stored && !self.exact.contains_key(k))
            .count();
        self.exact.len() + stored_only
    }
}

fn col_char(col: usize) -> char {
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

fn format_columns(cols: u8) -> String {
    columns_of(cols).into_iter().map(col_char).collect()
}

/// The book that a build's partial file and its base book hold now, without solving
/// anything (to stop a long build at a level and ship what it has).
pub fn book_from_partial(base: &Book, partial: &PathBuf) -> std::io::Result<Book> {
    let mut known = Known::from_book(base);
    known.read_partial(partial)?;
    Ok(known.book())
}

/// Builds (or resumes) the book and returns it with what each level held.
pub fn build_book(
    opts: &BuildOptions,
    progress: &mut dyn FnMut(&BuildProgress),
) -> std::io::Result<(Book, BuildReport)> {
    let mut known = Known::from_book(&opts.base);
    known.read_partial(&opts.partial)?;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&opts.partial)?;
    let mut report = BuildReport::default();
    // Decision nodes by plies, one move string per canonical key.
    let mut frontier: BTreeMap<i32, (Vec<String>, HashSet<u64>)> = BTreeMap::new();
    let add = |frontier: &mut BTreeMap<i32, (Vec<String>, HashSet<u64>)>, moves: String| {
        if let Ok(p) = Position::parse(&moves) {
            let level = frontier.entry(p.moves()).or_default();
            if level.1.insert(canonical_key(&p)) {
                level.0.push(moves);
            }
        }
    };
    for root in &opts.roots {
        add(&mut frontier, root.clone());
    }
    while let Some((depth, (nodes, _))) = frontier.pop_first() {
        if depth > opts.depth {
            break;
        }
        if depth <= opts.full_depth {
            solve_children(opts, depth, &nodes, &mut known, &mut out, progress)?;
        } else {
            decide_all(opts, depth, &nodes, &mut known, &mut out, progress)?;
        }
        // Poda's move at every stored node, then every reply of the opponent.
        let mut level = (nodes.len(), 0, 0);
        for moves in &nodes {
            let p = Position::parse(moves).expect("book line");
            let Some(d) = known.decided.get(&canonical_key(&p)).copied() else {
                continue;
            };
            if !d.stored {
                level.2 += 1;
                continue;
            }
            level.1 += 1;
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
                add(
                    &mut frontier,
                    format!("{moves}{}{}", col_char(col), col_char(reply)),
                );
            }
        }
        report.levels.insert(depth, level);
    }
    Ok((known.book(), report))
}

/// Scores of the playable columns of `p` from the exact scores known.
fn child_scores(p: &Position, exact: &HashMap<u64, i32>) -> Vec<(usize, i32)> {
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

/// A full level: every child of every node solved exactly, then each node's decision.
fn solve_children(
    opts: &BuildOptions,
    depth: i32,
    nodes: &[String],
    known: &mut Known,
    out: &mut std::fs::File,
    progress: &mut dyn FnMut(&BuildProgress),
) -> std::io::Result<()> {
    let mut todo: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    for moves in nodes {
        let p = Position::parse(moves).expect("book line");
        for col in 0..WIDTH {
            if p.can_play(col) && !p.is_winning_move(col) {
                let child = p.after(p.move_in(col));
                let key = canonical_key(&child);
                if child.moves() < SIZE && !known.exact.contains_key(&key) && seen.insert(key) {
                    todo.push(format!("{moves}{}", col_char(col)));
                }
            }
        }
    }
    let mut solved = 0;
    run_parallel(
        opts,
        &todo,
        |solver, _, p| (solver.solve(p), None),
        |i, (score, _), took| {
            writeln!(out, "{} {score}", todo[i])?;
            out.flush()?;
            let p = Position::parse(&todo[i]).expect("book line");
            known.exact.insert(canonical_key(&p), score);
            solved += 1;
            progress(&BuildProgress {
                depth,
                done: solved,
                total: todo.len(),
                stored: 0,
                leaves: 0,
                book_size: known.book_size(),
                last: Some((todo[i].clone(), score, took)),
            });
            Ok(())
        },
    )?;
    for moves in nodes {
        let p = Position::parse(moves).expect("book line");
        let key = canonical_key(&p);
        if known.decided.contains_key(&key) {
            continue;
        }
        let scores = child_scores(&p, &known.exact);
        let Some(best) = scores.iter().map(|&(_, s)| s).max() else {
            continue;
        };
        let cols = scores
            .iter()
            .filter(|&&(_, s)| s == best)
            .fold(0u8, |m, &(c, _)| m | (1 << c));
        writeln!(out, "{moves} {best} best {}", format_columns(cols))?;
        known.exact.insert(key, best);
        known.decided.insert(
            key,
            Decision {
                score: best,
                best: orient_columns(&p, cols),
                stored: true,
            },
        );
    }
    out.flush()
}

/// A decision level: each node probed, and solved in full if the probe gives up.
fn decide_all(
    opts: &BuildOptions,
    depth: i32,
    nodes: &[String],
    known: &mut Known,
    out: &mut std::fs::File,
    progress: &mut dyn FnMut(&BuildProgress),
) -> std::io::Result<()> {
    let todo: Vec<String> = nodes
        .iter()
        .filter(|m| {
            let p = Position::parse(m).expect("book line");
            !known.decided.contains_key(&canonical_key(&p))
        })
        .cloned()
        .collect();
    let (mut stored, mut leaves) = (0, 0);
    run_parallel(
        opts,
        &todo,
        |solver, probe, p| {
            if let Some(probe) = probe {
                probe.reset();
                probe.set_node_limit(Some(opts.probe_nodes));
                let (score, cols) = probe.best_moves(p);
                if !probe.aborted() {
                    return (score, Some((cols, false)));
                }
            }
            let (score, cols) = solver.best_moves(p);
            (score, Some((cols, true)))
        },
        |i, (score, decided), took| {
            let (cols, stored_here) = decided.expect("a decision");
            let mask = cols.iter().fold(0u8, |m, &c| m | (1 << c));
            let kind = if stored_here { "best" } else { "leaf" };
            writeln!(
                out,
                "{} {score} {kind} {} {:.3}",
                todo[i],
                format_columns(mask),
                took.as_secs_f64()
            )?;
            out.flush()?;
            let p = Position::parse(&todo[i]).expect("book line");
            let key = canonical_key(&p);
            let decision = Decision {
                score,
                best: orient_columns(&p, mask),
                stored: stored_here,
            };
            known.decided.insert(key, decision);
            if stored_here {
                known.exact.insert(key, score);
                stored += 1;
            } else {
                leaves += 1;
            }
            progress(&BuildProgress {
                depth,
                done: stored + leaves,
                total: todo.len(),
                stored,
                leaves,
                book_size: known.book_size(),
                last: Some((todo[i].clone(), score, took)),
            });
            Ok(())
        },
    )
}

/// Runs `work` on every position of `todo` over `opts.threads` threads (each with a solver
/// of `opts.table_mib` and, with a probe budget, a probe solver); `done` receives each
/// result on the calling thread, in the order they finish.
fn run_parallel<W>(
    opts: &BuildOptions,
    todo: &[String],
    work: W,
    mut done: impl FnMut(usize, (i32, Option<(Vec<usize>, bool)>), Duration) -> std::io::Result<()>,
) -> std::io::Result<()>
where
    W: Fn(&mut Solver, Option<&mut Solver>, &Position) -> (i32, Option<(Vec<usize>, bool)>) + Sync,
{
    let work = &work;
    let next = AtomicUsize::new(0);
    type Message = (usize, (i32, Option<(Vec<usize>, bool)>), Duration);
    let (tx, rx) = mpsc::channel::<Message>();
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..opts.threads.max(1).min(todo.len().max(1)) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut solver = Solver::new(opts.table_mib);
                // Positions of the base book (the first levels) are look-ups.
                solver.set_book(opts.base.clone());
                let mut probe = (opts.probe_nodes > 0).then(|| Solver::new(opts.probe_mib));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(moves) = todo.get(i) else { break };
                    let p = Position::parse(moves).expect("book line");
                    let start = Instant::now();
                    let result = work(&mut solver, probe.as_mut(), &p);
                    if tx.send((i, result, start.elapsed())).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, result, took) in rx.iter() {
            // On an error the workers stop at their next send (the receiver is gone).
            done(i, result, took)?;
        }
        Ok(())
    })
}
