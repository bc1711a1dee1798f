//! Kalah opening books: a small book built by `book_build` against a brute-force negamax
//! (every entry met along the perfect player's lines: its value, its keeping moves, its pit),
//! a resumed build; the committed books parsed, walked along their own lines (each child
//! decision no worse than its parent's value for the perfect player, the opponent's best
//! reply equal to it), the published start values, and entries checked against the solver
//! (the entries with the fewest seeds here; with `--ignored`, every entry, an hour or more
//! with the endgame database `poda endgame` builds, or every k-th with
//! `PODA_BOOK_CHECK_EVERY=k`).

use poda_core::{Game, Player};
use poda_games::kalah::rank::Ranker;
use poda_games::kalah::{Board, EndgameTable, Kalah};
use poda_solve::kalah::book::{BookEntry, KalahBook};
use poda_solve::kalah::book_build::{
    build_kalah_book, kalah_book_from_partial, standard_roots, KalahBookOptions,
};
use poda_solve::kalah::perfect::{perfect_endgame, pits_of};
use poda_solve::kalah::{Endgame, KalahSolver, SolverConfig};
use std::collections::HashMap;
use std::sync::Arc;

type Memo = HashMap<(Board, Player), i32>;

/// The final store difference for the side to move, every move searched.
fn brute(game: &Kalah, memo: &mut Memo) -> i32 {
    if game.outcome().is_over() {
        return game.store_difference(game.to_move());
    }
    let key = (*game.board(), game.to_move());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let me = game.to_move();
    let v = game
        .legal_move_list()
        .into_iter()
        .map(|mv| mine(game, mv, me, memo))
        .max()
        .expect("moves");
    memo.insert(key, v);
    v
}

/// The final store difference for `me` after `mv`.
fn mine(game: &Kalah, mv: u8, me: Player, memo: &mut Memo) -> i32 {
    let child = game.after(mv);
    let v = brute(&child, memo);
    if child.to_move() == me {
        v
    } else {
        -v
    }
}

fn lazy(game: &Kalah, seeds: u32) -> Endgame {
    Endgame::Lazy(Arc::new(EndgameTable::new(
        game.pits(),
        game.empty_capture(),
        seeds,
        1 << 20,
    )))
}

fn options(game: Kalah, probe_nodes: u64, partial: std::path::PathBuf) -> KalahBookOptions {
    let config = SolverConfig {
        tt_mib: 4,
        threads: 1,
        ..SolverConfig::default()
    };
    KalahBookOptions {
        game,
        depth: 60,
        probe_nodes,
        probe_config: config.clone(),
        probe_endgame: lazy(&game, 4),
        probe_length_nodes: 1000,
        length_nodes: 1_000_000,
        threads: 2,
        config,
        endgame: lazy(&game, 6),
        partial,
        base: KalahBook::empty(&game),
    }
}

/// The perfect player's decision nodes that `book` has, walked from the standard roots along
/// the book's own moves (every opponent turn followed); `visit` gets each with its entry and
/// the decision nodes reached after its move and the opponent's turn.
fn walk(start: &Kalah, book: &KalahBook, visit: &mut dyn FnMut(&Kalah, BookEntry, &[Kalah])) {
    let mut todo: Vec<Kalah> = standard_roots(start)
        .iter()
        .map(|m| poda_core::play_line(start, m).expect("a root").0)
        .collect();
    let mut seen = std::collections::HashSet::new();
    while let Some(game) = todo.pop() {
        if !seen.insert((*game.board(), game.to_move())) {
            continue;
        }
        let Some(entry) = book.get(&game) else {
            continue;
        };
        let me = game.to_move();
        let mut next = Vec::new();
        after_turn(&game.after(entry.pit), me, &mut next);
        visit(&game, entry, &next);
        todo.extend(next);
    }
}

/// Positions where `me` moves next after the opponent's turn (extra turns followed).
fn after_turn(game: &Kalah, me: Player, out: &mut Vec<Kalah>) {
    if game.outcome().is_over() || game.to_move() == me {
        out.push(*game);
        return;
    }
    for mv in game.legal_move_list() {
        after_turn(&game.after(mv), me, out);
    }
}

#[test]
fn a_small_book_matches_brute_force_and_resumes() {
    for (m, n, empty) in [(4, 2, false), (3, 3, true), (3, 4, false)] {
        let start = Kalah::new(m, n, empty).unwrap();
        let partial = std::env::temp_dir().join(format!(
            "poda-kalah-book-{}-{m}-{n}-{empty}.partial",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&partial);
        // A probe of a few nodes stores nearly every decision node.
        let opts = options(start, 30, partial.clone());
        let (book, report) = build_kalah_book(&opts, &mut |_| {}).unwrap();
        assert!(
            book.len() > 20,
            "kalah({m},{n},{empty}): {} entries",
            book.len()
        );
        assert!(
            report.values().any(|l| l.2 > 0),
            "some nodes are left to the search"
        );
        let mut memo = Memo::new();
        let mut checked = 0;
        walk(&start, &book, &mut |game, e, _| {
            let me = game.to_move();
            let v = brute(game, &mut memo);
            assert_eq!(
                game.board().margin() + e.value,
                v,
                "{}",
                game.board_string()
            );
            let keeping: Vec<u8> = game
                .legal_move_list()
                .into_iter()
                .filter(|&mv| mine(game, mv, me, &mut memo) == v)
                .collect();
            assert_eq!(pits_of(e.keeping), keeping, "{}", game.board_string());
            assert!(keeping.contains(&e.pit));
            checked += 1;
        });
        assert!(checked > 20, "{checked}");
        // Resumed from its partial file: nothing is decided again, the same book.
        let mut decided = 0;
        let (again, _) = build_kalah_book(&opts, &mut |_| decided += 1).unwrap();
        assert_eq!(decided, 0);
        assert_eq!(again.to_bytes(), book.to_bytes());
        assert_eq!(
            kalah_book_from_partial(&opts).unwrap().to_bytes(),
            book.to_bytes()
        );
        std::fs::remove_file(&partial).unwrap();
    }
}

/// The games that have a committed book, with their published values (Irving, Donkers and
/// Uiterwijk 2000 for the empty-capture rule; Rawlings 2015 for the standard one).
const COMMITTED: [(usize, u16, bool, i32); 2] = [(6, 4, false, 8), (6, 4, true, 10)];

#[test]
fn committed_books_hold_the_published_values_and_agree_along_their_lines() {
    for (m, n, empty, published) in COMMITTED {
        let start = Kalah::new(m, n, empty).unwrap();
        let book = KalahBook::embedded(&start);
        assert!(
            book.len() > 10,
            "kalah({m},{n},{empty}): {} entries",
            book.len()
        );
        let root = book.get(&start).expect("the start is in the book");
        assert_eq!(root.value, published);
        let mut nodes = 0;
        walk(&start, &book, &mut |game, e, next| {
            nodes += 1;
            assert!(pits_of(e.keeping).contains(&e.pit));
            let me = game.to_move();
            let value = game.board().margin() + e.value;
            // The opponent cannot do better than the value; some reply holds it to it when
            // every reply's decision is in the book.
            let mut replies = Vec::new();
            for n in next {
                let got = if n.outcome().is_over() {
                    Some(n.store_difference(me))
                } else {
                    book.get(n).map(|c| n.board().margin() + c.value)
                };
                if let Some(got) = got {
                    assert!(
                        got >= value,
                        "{} -> {}",
                        game.board_string(),
                        n.board_string()
                    );
                }
                replies.push(got);
            }
            if replies.iter().all(Option::is_some) {
                assert_eq!(replies.iter().flatten().min(), Some(&value));
            }
        });
        assert!(nodes * 2 > book.len(), "{nodes} of {} reached", book.len());
    }
}

/// The entries of a book as (board with empty stores, entry), fewest seeds first.
fn entries(start: &Kalah, book: &KalahBook) -> Vec<(Board, BookEntry)> {
    let ranker = Ranker::new(2 * start.pits(), start.total_seeds()).unwrap();
    let mut out: Vec<(Board, BookEntry)> = book
        .entries()
        .map(|(key, e)| (Board::from_pit_cells(&ranker.unrank(key / 4)), e))
        .collect();
    out.sort_by_key(|(b, _)| b.seeds_in_pits());
    out
}

/// Checks an entry against the solver: the exact future margin and the keeping moves.
fn check(solver: &mut KalahSolver, b: &Board, e: BookEntry) {
    let v = solver.future(b, e.value);
    assert_eq!(v, e.value, "{b:?}");
    let keeping: Vec<u8> = solver.keeping_moves(b, v).iter().map(|k| k.pit).collect();
    assert_eq!(keeping, pits_of(e.keeping), "{b:?}");
}

#[test]
fn the_committed_entries_with_fewest_seeds_agree_with_the_solver() {
    for (m, n, empty, _) in COMMITTED {
        let start = Kalah::new(m, n, empty).unwrap();
        let config = SolverConfig {
            tt_mib: 256,
            threads: 2,
            ..SolverConfig::default()
        };
        let mut solver =
            KalahSolver::with(&start, &config, perfect_endgame(m, empty, true)).unwrap();
        for (b, e) in entries(&start, &KalahBook::embedded(&start)).iter().take(2) {
            check(&mut solver, b, *e);
        }
    }
}

#[test]
#[ignore = "an hour or more with the endgame database (`poda endgame kalah`), far longer without"]
fn every_committed_entry_agrees_with_the_solver() {
    for (m, n, empty, _) in COMMITTED {
        let start = Kalah::new(m, n, empty).unwrap();
        let config = SolverConfig {
            tt_mib: 1024,
            threads: 2,
            ..SolverConfig::default()
        };
        let mut solver =
            KalahSolver::with(&start, &config, perfect_endgame(m, empty, true)).unwrap();
        let all = entries(&start, &KalahBook::embedded(&start));
        // PODA_BOOK_CHECK_EVERY=k checks every k-th entry only (a sample across seed counts).
        let every: usize = std::env::var("PODA_BOOK_CHECK_EVERY")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1)
            .max(1);
        let mut checked = 0;
        for (b, e) in all.iter().step_by(every) {
            check(&mut solver, b, *e);
            checked += 1;
            if checked % 100 == 0 {
                eprintln!(
                    "kalah({m},{n},{empty}): {checked} checked ({} seeds)",
                    b.seeds_in_pits()
                );
            }
        }
        eprintln!(
            "kalah({m},{n},{empty}): {checked} of {} entries checked",
            all.len()
        );
    }
}
