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
//!
//! The walk itself ([`Levels`], in `walk`) is shared with the units of a cluster build
//! (`poda units book`, crates/arena/src/units/): a unit is a batch of one level's nodes,
//! worked by [`work_level`] exactly as here, so the units' lines make the same book.

mod walk;

pub use walk::{Level, Levels};

use crate::analysis::hardest;
use crate::book::{canonical_key, orient_columns, Book};
use crate::position::{Position, SIZE, WIDTH};
use crate::solver::Solver;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use walk::{child_scores, col_char, format_columns, Decision, Known};

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

/// The book that a build's partial file and its base book hold now, without solving
/// anything (to stop a long build at a level and ship what it has).
pub fn book_from_partial(base: &Book, partial: &Path) -> std::io::Result<Book> {
    let mut known = Known::from_book(base);
    known.read_partial(partial)?;
    Ok(known.book())
}

/// Builds (or resumes) the book and returns it with what each level held.
pub fn build_book(
    opts: &BuildOptions,
    progress: &mut dyn FnMut(&BuildProgress),
) -> std::io::Result<(Book, BuildReport)> {
    let mut levels = Levels::new(&opts.base, &opts.roots, opts.depth, opts.full_depth);
    levels.read_partial(&opts.partial)?;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&opts.partial)?;
    let mut report = BuildReport::default();
    while let Some(level) = levels.next_level() {
        let known = &mut levels.known;
        let searched = AtomicU64::new(0);
        if level.full {
            solve_children(
                opts,
                level.ply,
                &level.nodes,
                known,
                &mut out,
                progress,
                &searched,
            )?;
        } else {
            decide_all(
                opts,
                level.ply,
                &level.nodes,
                known,
                &mut out,
                progress,
                &searched,
            )?;
        }
        report.levels.insert(level.ply, levels.expand(&level));
    }
    Ok((levels.book(), report))
}

/// Works some nodes of one level as the build does, knowing only the base book: a cluster's
/// unit of a book build. Writes the partial file's lines for them to `out` without the
/// seconds a decision took (so the same nodes always give the same bytes) and to `timed`
/// with them; returns the nodes searched. The options' `partial` file is not used.
pub fn work_level(
    opts: &BuildOptions,
    level: &Level,
    out: &mut dyn Write,
    timed: &mut dyn Write,
) -> std::io::Result<u64> {
    let mut known = Known::from_book(&opts.base);
    let mut lines = Vec::new();
    let nodes = AtomicU64::new(0);
    let (ply, todo) = (level.ply, &level.nodes);
    if level.full {
        solve_children(opts, ply, todo, &mut known, &mut lines, &mut |_| {}, &nodes)?;
    } else {
        decide_all(opts, ply, todo, &mut known, &mut lines, &mut |_| {}, &nodes)?;
    }
    timed.write_all(&lines)?;
    for line in String::from_utf8_lossy(&lines).lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let kept = if fields.len() == 5 {
            &fields[..4]
        } else {
            &fields[..]
        };
        writeln!(out, "{}", kept.join(" "))?;
    }
    Ok(nodes.load(Ordering::Relaxed))
}

/// A full level: every child of every node solved exactly, then each node's decision.
fn solve_children(
    opts: &BuildOptions,
    depth: i32,
    nodes: &[String],
    known: &mut Known,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&BuildProgress),
    searched: &AtomicU64,
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
        searched,
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
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&BuildProgress),
    searched: &AtomicU64,
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
        searched,
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
    searched: &AtomicU64,
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
                    let probed = probe.as_ref().map_or(0, Solver::nodes);
                    searched.fetch_add(solver.nodes() + probed, Ordering::Relaxed);
                    solver.reset_nodes();
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
