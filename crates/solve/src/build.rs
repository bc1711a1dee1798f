//! Building the opening book.
//!
//! Shape: the book serves the perfect player (and the analysis of the first moves), so it
//! follows the lines that player can meet. For each side poda may take, a *decision node* is
//! a position where poda is to move: the empty board (poda first) and the seven one-move
//! positions (poda second), then, after poda's chosen move, every reply of the opponent that
//! does not let poda win at once. For each decision node up to `depth` plies the book holds
//! the exact score of every child (so the choice and a full analysis are look-ups) and of
//! the node itself. Poda's move at a node is chosen by [`pick`], the same rule as
//! [`Solver::choose`](crate::Solver::choose) with [`TieBreak::Centre`](crate::TieBreak), so
//! the lines stay in the book as long as it reaches.
//!
//! Work: the positions to solve at one depth are shared by `threads` std threads, each with
//! its own solver (table cleared never, so siblings share work). Every solved position is
//! appended at once to a text file (`<moves> <score>` per line, Pons' format), so a stopped
//! build resumes where it stopped: positions already in that file are not solved again.

use crate::analysis::hardest;
use crate::book::{canonical_key, Book};
use crate::position::{Position, SIZE, WIDTH};
use crate::solver::Solver;
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Decision nodes with at most this many plies get all their children solved.
    pub depth: i32,
    /// Worker threads.
    pub threads: usize,
    /// Table size of each worker's solver.
    pub table_mib: usize,
    /// The partial (resumable) text file.
    pub partial: PathBuf,
}

/// Progress of a build, reported after each solved position.
#[derive(Clone, Debug)]
pub struct BuildProgress {
    /// Plies of the decision nodes being expanded.
    pub depth: i32,
    /// Positions solved / to solve at this depth.
    pub done: usize,
    pub total: usize,
    /// Positions in the book so far.
    pub book_size: usize,
    /// The position just solved, its score and how long it took.
    pub last: Option<(String, i32, Duration)>,
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

fn read_partial(path: &PathBuf) -> std::io::Result<HashMap<u64, i32>> {
    let mut scores = HashMap::new();
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(scores),
        Err(e) => return Err(e),
    };
    for line in std::io::BufReader::new(file).lines() {
        let line = line?;
        // A line cut by an interrupted write is simply solved again.
        // `<moves> <score>`; the empty board's line starts with the space.
        let Some((moves, score)) = line.trim_end().rsplit_once(' ') else {
            continue;
        };
        if let (Ok(p), Ok(s)) = (Position::parse(moves), score.parse::<i32>()) {
            scores.insert(canonical_key(&p), s);
        }
    }
    Ok(scores)
}

fn col_char(col: usize) -> char {
    (b'1' + col as u8) as char
}

/// Builds (or resumes) the book and returns it.
pub fn build_book(
    opts: &BuildOptions,
    progress: &mut dyn FnMut(&BuildProgress),
) -> std::io::Result<Book> {
    let mut scores = read_partial(&opts.partial)?;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&opts.partial)?;
    // Decision nodes by plies: (moves, position), one per canonical key.
    let mut frontier: BTreeMap<i32, BTreeMap<u64, String>> = BTreeMap::new();
    frontier.entry(0).or_default().insert(0, String::new());
    for col in 0..WIDTH {
        let mut p = Position::new();
        p.play_col(col);
        frontier
            .entry(1)
            .or_default()
            .entry(canonical_key(&p))
            .or_insert_with(|| col_char(col).to_string());
    }
    for depth in 0..=opts.depth {
        let nodes: Vec<String> = frontier
            .remove(&depth)
            .unwrap_or_default()
            .into_values()
            .collect();
        // Children still to solve.
        let mut todo: BTreeMap<u64, String> = BTreeMap::new();
        for moves in &nodes {
            let p = Position::parse(moves).expect("book line");
            for col in 0..WIDTH {
                if p.can_play(col) && !p.is_winning_move(col) {
                    let child = p.after(p.move_in(col));
                    let key = canonical_key(&child);
                    if child.moves() < SIZE && !scores.contains_key(&key) {
                        todo.entry(key)
                            .or_insert_with(|| format!("{moves}{}", col_char(col)));
                    }
                }
            }
        }
        let todo: Vec<String> = todo.into_values().collect();
        progress(&BuildProgress {
            depth,
            done: 0,
            total: todo.len(),
            book_size: scores.len(),
            last: None,
        });
        solve_all(opts, depth, &todo, &mut scores, &mut out, progress)?;
        // Choose poda's move at every node and open the opponent's replies.
        for moves in &nodes {
            let p = Position::parse(moves).expect("book line");
            let child_scores = child_scores(&p, &scores);
            let Some((col, best)) = pick(&p, &child_scores) else {
                continue;
            };
            if let std::collections::hash_map::Entry::Vacant(e) = scores.entry(canonical_key(&p)) {
                e.insert(best);
                // Kept in the partial file too, so converting it gives the whole book.
                writeln!(out, "{moves} {best}")?;
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
                frontier
                    .entry(depth + 2)
                    .or_default()
                    .entry(canonical_key(&next))
                    .or_insert_with(|| format!("{moves}{}{}", col_char(col), col_char(reply)));
            }
        }
    }
    Ok(Book::from_scores(&scores))
}

/// Scores of the playable columns of `p` from the table of solved positions.
fn child_scores(p: &Position, scores: &HashMap<u64, i32>) -> Vec<(usize, i32)> {
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
            scores.get(&canonical_key(&child)).map(|&s| (c, -s))
        })
        .collect()
}

/// Solves `todo` on `opts.threads` threads, appending each result to the partial file.
fn solve_all(
    opts: &BuildOptions,
    depth: i32,
    todo: &[String],
    scores: &mut HashMap<u64, i32>,
    out: &mut std::fs::File,
    progress: &mut dyn FnMut(&BuildProgress),
) -> std::io::Result<()> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, i32, Duration)>();
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..opts.threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut solver = Solver::new(opts.table_mib);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(moves) = todo.get(i) else { break };
                    let p = Position::parse(moves).expect("book line");
                    let start = Instant::now();
                    let s = solver.solve(&p);
                    if tx.send((i, s, start.elapsed())).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (done, (i, s, took)) in rx.iter().enumerate() {
            writeln!(out, "{} {}", todo[i], s)?;
            out.flush()?;
            let p = Position::parse(&todo[i]).expect("book line");
            scores.insert(canonical_key(&p), s);
            progress(&BuildProgress {
                depth,
                done: done + 1,
                total: todo.len(),
                book_size: scores.len(),
                last: Some((todo[i].clone(), s, took)),
            });
        }
        Ok(())
    })
}
