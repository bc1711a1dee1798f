//! Building the Kalah opening book, in the design of the Connect 4 one (`crate::build`).
//!
//! Shape: the book serves the perfect player, so it follows the lines that player can meet.
//! A *decision node* is a position where poda is to move: the start (poda first) and every
//! position after the opponent's first turn (poda second; a turn is a chain of moves while
//! extra turns last), then, after poda's chosen move, the same again: poda's next move after
//! an extra turn, or every position the opponent's turn can end in. Poda's move at a node is
//! [`KalahSolver::choose`], the perfect player's own rule, so play stays on the book's lines
//! as long as the book reaches.
//!
//! A node is only worth a place in the book if the perfect player would be slow on it. So
//! each node is first tried by a *probe*: a solver with the perfect player's own settings and
//! a budget of `probe_nodes` nodes (deterministic, unlike a clock). A node the probe decides
//! is a *leaf*: kept out of the book and not expanded. The others are decided in full (with a
//! large, warm table, the largest endgame database at hand and a larger length budget),
//! stored and expanded. Levels are the plies of the nodes; the build ends when no node is
//! left to expand.
//!
//! Work: the nodes of one level are shared by `threads` std threads, each with its own
//! solvers. Every result is appended at once to a text file, so a stopped build resumes where
//! it stopped. Lines: `<moves> <value> <keeping pits> <pit> <plies or -> best|leaf <seconds>`
//! (the future margin of the pits, the moves that keep it, the move chosen and the plies left
//! along it under the length rule).

use super::book::{BookEntry, KalahBook};
use super::perfect::{pits_of, Choice};
use super::{Endgame, KalahSolver, SolverConfig};
use poda_core::{Game, Player};
use poda_games::kalah::Kalah;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What to build.
#[derive(Clone, Debug)]
pub struct KalahBookOptions {
    /// The game (its start position).
    pub game: Kalah,
    /// Decision nodes with at most this many plies are decided.
    pub depth: usize,
    /// Node budget of the probe (0: no probe, every node is stored).
    pub probe_nodes: u64,
    /// The probe's solver settings and endgame values: the perfect player's own.
    pub probe_config: SolverConfig,
    pub probe_endgame: Endgame,
    /// Length-search budgets (solver nodes) of the probe (the perfect player's) and of a
    /// stored decision.
    pub probe_length_nodes: u64,
    pub length_nodes: u64,
    /// Worker threads, and each one's solver settings and endgame values.
    pub threads: usize,
    pub config: SolverConfig,
    pub endgame: Endgame,
    /// The partial (resumable) text file.
    pub partial: PathBuf,
    /// Entries known before the build (the committed book): not decided again, kept.
    pub base: KalahBook,
}

/// Progress of a build, reported after each decided node.
#[derive(Clone, Debug)]
pub struct KalahBookProgress {
    pub depth: usize,
    pub done: usize,
    pub total: usize,
    pub stored: usize,
    pub leaves: usize,
    pub book_size: usize,
    /// The node just decided, its value and how long it took.
    pub last: Option<(String, i32, Duration)>,
}

/// Per ply of decision nodes: (nodes, stored, leaves).
pub type KalahBookReport = BTreeMap<usize, (usize, usize, usize)>;

/// A decided node.
#[derive(Clone, Copy, Debug)]
struct Decision {
    entry: BookEntry,
    stored: bool,
}

/// The identity of a position for the build: pits, stores' difference (the mover is the
/// side the board is seen from, always poda here).
type NodeId = (u64, i32);

fn node_id(game: &Kalah) -> NodeId {
    let b = game.board();
    (super::book::pit_rank(b), b.margin())
}

/// Everything decided so far.
#[derive(Default)]
struct Known {
    decided: HashMap<NodeId, Decision>,
    book: Vec<(u64, BookEntry)>,
}

impl Known {
    fn record(&mut self, game: &Kalah, d: Decision) {
        self.decided.insert(node_id(game), d);
        if d.stored {
            let b = game.board();
            let key = KalahBook::key(b, b.margin() + d.entry.value);
            self.book.push((key, d.entry));
        }
    }

    fn read_partial(&mut self, start: &Kalah, path: &PathBuf) -> std::io::Result<()> {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        for line in std::io::BufReader::new(file).lines() {
            // A line cut by an interrupted write is skipped.
            if let Some((game, d)) = parse_line(start, &line?) {
                self.record(&game, d);
            }
        }
        Ok(())
    }
}

fn parse_line(start: &Kalah, line: &str) -> Option<(Kalah, Decision)> {
    let f: Vec<&str> = line.split(' ').collect();
    if f.len() < 7 {
        return None;
    }
    let (game, _) = poda_core::play_line(start, f[0]).ok()?;
    let value: i32 = f[1].parse().ok()?;
    let mut keeping = 0u16;
    for ch in f[2].chars() {
        let k = ch.to_digit(10)?;
        if k == 0 || k as usize > start.pits() {
            return None;
        }
        keeping |= 1 << (k - 1);
    }
    let pit: u8 = f[3].parse().ok()?;
    let plies = match f[4] {
        "-" => None,
        p => Some(p.parse().ok()?),
    };
    let stored = match f[5] {
        "best" => true,
        "leaf" => false,
        _ => return None,
    };
    let entry = BookEntry {
        value,
        keeping,
        pit,
        plies,
    };
    (keeping & (1 << (pit.max(1) - 1)) != 0).then_some((game, Decision { entry, stored }))
}

/// The positions where `me` is to move next after the opponent's turn from `game` (every
/// chain of the opponent's moves while its extra turns last), as move strings after `moves`.
fn after_turn(game: &Kalah, moves: &str, me: Player, out: &mut Vec<String>) {
    if game.outcome().is_over() {
        return;
    }
    if game.to_move() == me {
        out.push(moves.to_string());
        return;
    }
    for mv in game.legal_move_list() {
        let next = game.after(mv);
        after_turn(&next, &format!("{moves}{}", game.format_move(mv)), me, out);
    }
}

/// The roots: the start (poda first) and the positions after the first player's first turn
/// (poda second).
pub fn standard_roots(game: &Kalah) -> Vec<String> {
    let mut roots = vec![String::new()];
    after_turn(game, "", Player::Second, &mut roots);
    roots
}

/// The book the partial file and the base book hold now, without deciding anything.
pub fn kalah_book_from_partial(opts: &KalahBookOptions) -> std::io::Result<KalahBook> {
    let mut known = Known::default();
    known.read_partial(&opts.game, &opts.partial)?;
    Ok(book_of(opts, &known))
}

fn book_of(opts: &KalahBookOptions, known: &Known) -> KalahBook {
    KalahBook::from_entries(
        &opts.game,
        opts.base.entries().chain(known.book.iter().copied()),
    )
}

/// Builds (or resumes) the book; returns it and what each level held.
pub fn build_kalah_book(
    opts: &KalahBookOptions,
    progress: &mut dyn FnMut(&KalahBookProgress),
) -> std::io::Result<(KalahBook, KalahBookReport)> {
    let start = opts.game;
    let mut known = Known::default();
    known.read_partial(&start, &opts.partial)?;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&opts.partial)?;
    let mut report = KalahBookReport::new();
    // Decision nodes by plies, one move string per position.
    let mut frontier: BTreeMap<usize, (Vec<String>, HashSet<NodeId>)> = BTreeMap::new();
    let add = |frontier: &mut BTreeMap<usize, (Vec<String>, HashSet<NodeId>)>, moves: String| {
        if let Ok((game, played)) = poda_core::play_line(&start, &moves) {
            let level = frontier.entry(played.len()).or_default();
            if level.1.insert(node_id(&game)) {
                level.0.push(moves);
            }
        }
    };
    for root in standard_roots(&start) {
        add(&mut frontier, root);
    }
    while let Some((depth, (nodes, _))) = frontier.pop_first() {
        if depth > opts.depth {
            break;
        }
        decide_level(opts, depth, &nodes, &mut known, &mut out, progress)?;
        let mut level = (nodes.len(), 0, 0);
        for moves in &nodes {
            let (game, _) = poda_core::play_line(&start, moves).expect("a book line");
            let Some(d) = known
                .decided
                .get(&node_id(&game))
                .copied()
                .or_else(|| base_decision(&opts.base, &game))
            else {
                continue;
            };
            if !d.stored {
                level.2 += 1;
                continue;
            }
            level.1 += 1;
            let me = game.to_move();
            let mine = format!("{moves}{}", game.format_move(d.entry.pit));
            let mut next = Vec::new();
            after_turn(&game.after(d.entry.pit), &mine, me, &mut next);
            for n in next {
                add(&mut frontier, n);
            }
        }
        report.insert(depth, level);
    }
    Ok((book_of(opts, &known), report))
}

fn base_decision(base: &KalahBook, game: &Kalah) -> Option<Decision> {
    base.get(game).map(|entry| Decision {
        entry,
        stored: true,
    })
}

/// Decides every node of a level not decided yet (see the module doc).
fn decide_level(
    opts: &KalahBookOptions,
    depth: usize,
    nodes: &[String],
    known: &mut Known,
    out: &mut std::fs::File,
    progress: &mut dyn FnMut(&KalahBookProgress),
) -> std::io::Result<()> {
    let start = opts.game;
    let todo: Vec<String> = nodes
        .iter()
        .filter(|m| {
            let (g, _) = poda_core::play_line(&start, m).expect("a book line");
            !known.decided.contains_key(&node_id(&g)) && opts.base.get(&g).is_none()
        })
        .cloned()
        .collect();
    let (mut stored, mut leaves) = (0, 0);
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Choice, bool, Duration)>();
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..opts.threads.max(1).min(todo.len().max(1)) {
            let tx = tx.clone();
            let (next, todo) = (&next, &todo);
            scope.spawn(move || {
                let mut solver = KalahSolver::with(&start, &opts.config, opts.endgame.clone())
                    .expect("a solvable game");
                let mut memo = HashMap::new();
                let mut probe = (opts.probe_nodes > 0).then(|| {
                    KalahSolver::with(&start, &opts.probe_config, opts.probe_endgame.clone())
                        .expect("a solvable game")
                });
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(moves) = todo.get(i) else { break };
                    let (game, _) = poda_core::play_line(&start, moves).expect("a book line");
                    let began = Instant::now();
                    let probed = probe.as_mut().and_then(|p| {
                        p.clear();
                        let budget = opts.probe_length_nodes;
                        p.within(Some(opts.probe_nodes), None, |p| {
                            p.choose(&game, None, budget, &mut HashMap::new())
                        })
                    });
                    let (choice, stored) = match probed {
                        Some(c) => (c, false),
                        None => (
                            solver.choose(&game, None, opts.length_nodes, &mut memo),
                            true,
                        ),
                    };
                    if tx.send((i, choice, stored, began.elapsed())).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, choice, stored_here, took) in rx.iter() {
            let (game, _) = poda_core::play_line(&start, &todo[i]).expect("a book line");
            let entry = BookEntry::of_choice(&choice, game.board().margin());
            let keeping: String = pits_of(entry.keeping)
                .iter()
                .map(|k| k.to_string())
                .collect();
            let plies = entry.plies.map_or("-".to_string(), |p| p.to_string());
            writeln!(
                out,
                "{} {} {keeping} {} {plies} {} {:.3}",
                todo[i],
                entry.value,
                entry.pit,
                if stored_here { "best" } else { "leaf" },
                took.as_secs_f64()
            )?;
            out.flush()?;
            known.record(
                &game,
                Decision {
                    entry,
                    stored: stored_here,
                },
            );
            if stored_here {
                stored += 1;
            } else {
                leaves += 1;
            }
            progress(&KalahBookProgress {
                depth,
                done: stored + leaves,
                total: todo.len(),
                stored,
                leaves,
                book_size: opts.base.len() + known.book.len(),
                last: Some((todo[i].clone(), entry.value, took)),
            });
        }
        Ok(())
    })
}
