//! The book builder on small trees from mid-game roots: every stored decision is what a
//! fresh solver finds, every leaf is one the probe decides, a second run resumes without
//! solving anything, and the perfect player answers the book's nodes without a search.

use poda_solve::{build_book, Book, BuildOptions, Position, Solver, TieBreak, WIDTH};
use std::collections::HashSet;
use std::path::PathBuf;

const ROOTS: [&str; 2] = ["274552224131661", "5455174361263362"];
const DEPTH: i32 = 21;
const PROBE_NODES: u64 = 5_000;

fn options(partial: PathBuf) -> BuildOptions {
    BuildOptions {
        roots: ROOTS.iter().map(|s| s.to_string()).collect(),
        full_depth: -1,
        depth: DEPTH,
        probe_nodes: PROBE_NODES,
        probe_mib: 4,
        threads: 2,
        table_mib: 16,
        partial,
        base: Book::empty(),
    }
}

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("poda-{name}-{}", std::process::id()))
}

fn mask(cols: &[usize]) -> u8 {
    cols.iter().fold(0, |m, &c| m | (1 << c))
}

#[test]
fn built_book_is_exact_resumable_and_followed() {
    let partial = temp_file("book-build.partial");
    let _ = std::fs::remove_file(&partial);
    let opts = options(partial.clone());
    let mut solved = 0;
    let (book, report) = build_book(&opts, &mut |p| solved += p.last.is_some() as usize).unwrap();

    // Both levels kinds occur: stored nodes and leaves.
    let stored: usize = report.levels.values().map(|l| l.1).sum();
    let leaves: usize = report.levels.values().map(|l| l.2).sum();
    assert!(stored >= 20 && leaves >= 20, "{:?}", report.levels);
    assert_eq!(book.len(), stored);

    // Every stored decision is a fresh solver's.
    let mut fresh = Solver::new(16);
    for (key, entry) in book.entries() {
        let p = Position::from_key(key);
        assert!(entry.best != 0);
        let (score, cols) = fresh.best_moves(&p);
        assert_eq!(book.best(&p), Some((score, mask(&cols))), "{}", p.render());
    }

    // Every leaf of the partial file is decided by the probe, with the same answer.
    let text = std::fs::read_to_string(&partial).unwrap();
    let mut probe = Solver::new(4);
    let mut leaf_lines = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        if f[2] != "leaf" {
            continue;
        }
        let p = Position::parse(f[0]).unwrap();
        probe.reset();
        probe.set_node_limit(Some(PROBE_NODES));
        let (score, cols) = probe.best_moves(&p);
        assert!(!probe.aborted(), "{line}");
        let digits: String = cols.iter().map(|c| (b'1' + *c as u8) as char).collect();
        assert_eq!(
            (score.to_string(), digits),
            (f[1].to_string(), f[3].to_string())
        );
        leaf_lines += 1;
    }
    assert_eq!(leaf_lines, leaves);

    // A second run solves nothing and writes the same book.
    let mut again = 0;
    let (book2, report2) = build_book(&opts, &mut |p| again += p.last.is_some() as usize).unwrap();
    assert!(solved > 0);
    assert_eq!(again, 0);
    assert_eq!(book2.to_bytes(), book.to_bytes());
    assert_eq!(report2.levels, report.levels);
    std::fs::remove_file(&partial).unwrap();

    // The perfect player with this book: at every stored node on its lines no search at all,
    // whatever the opponent replies.
    let mut player = Solver::new(4);
    player.set_book(book.clone());
    let mut seen = HashSet::new();
    let mut lines: Vec<Position> = ROOTS.iter().map(|r| Position::parse(r).unwrap()).collect();
    let mut followed = 0;
    while let Some(p) = lines.pop() {
        if p.moves() > DEPTH || !seen.insert(p.key()) || book.best(&p).is_none() {
            continue;
        }
        player.reset();
        let chosen = player.choose(&p, &mut TieBreak::Centre).unwrap();
        assert_eq!(player.nodes(), 0, "{}", p.render());
        followed += 1;
        if p.is_winning_move(chosen.col) {
            continue;
        }
        let mine = p.after(p.move_in(chosen.col));
        for reply in 0..WIDTH {
            if mine.can_play(reply) && !mine.is_winning_move(reply) {
                lines.push(mine.after(mine.move_in(reply)));
            }
        }
    }
    assert_eq!(followed, stored);
}
