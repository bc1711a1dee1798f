//! Known facts of 7x6 Connect 4, answered through the committed opening book at once.

use poda_solve::book::BookEntry;
use poda_solve::{format_analysis, Book, Position, Solver, TieBreak};

#[test]
fn empty_board_through_the_book() {
    let book = Book::embedded();
    assert!(!book.is_empty(), "the committed book is empty");
    let mut solver = Solver::with_book(1);
    let start = Position::new();
    let scores = solver.analyze(&start);
    assert_eq!(format_analysis(&scores), "-2 -1 0 1 0 -1 -2");
    assert_eq!(solver.solve(&start), 1);
    assert_eq!(solver.solve_weak(&start), 1);
    assert_eq!(solver.best_moves(&start), (1, vec![3]));
    let chosen = solver.choose(&start, &mut TieBreak::Centre).unwrap();
    assert_eq!((chosen.col, chosen.score), (3, 1));
    // All of it came from the book: no node searched.
    assert_eq!(solver.nodes(), 0);
}

/// The root's children are in the book, under either mirror image.
#[test]
fn book_holds_the_root_children() {
    let book = Book::embedded();
    for (line, expect) in [
        ("1", 2),
        ("2", 1),
        ("3", 0),
        ("4", -1),
        ("5", 0),
        ("6", 1),
        ("7", 2),
    ] {
        let p = Position::parse(line).unwrap();
        assert_eq!(book.get(&p), Some(expect), "{line}");
    }
}

/// Solves `key`'s position again without the book and checks the entry's score and, where
/// stored, its best columns against every column's score; true if it had best columns.
fn check_entry(solver: &mut Solver, key: u64, entry: BookEntry) -> bool {
    let p = Position::from_key(key);
    solver.reset();
    assert_eq!(solver.solve(&p), entry.score, "{}", p.render());
    if entry.best == 0 {
        return false;
    }
    // The stored columns are exactly those that keep the score (the key is the canonical
    // orientation, the one the columns are stored in).
    let keeping = solver
        .analyze(&p)
        .iter()
        .filter(|&&(_, s)| s == entry.score)
        .fold(0u8, |m, &(c, _)| m | 1 << c);
    assert_eq!(keeping, entry.best, "{}", p.render());
    true
}

/// Every book entry at least `PODA_BOOK_CHECK_PLIES` (default 3) deep, solved again without
/// the book, and its best columns (where stored) checked against every column's score.
#[test]
#[ignore = "slow: re-solves book positions (seconds to minutes each)"]
fn book_entries_agree_with_the_solver() {
    let plies: i32 = std::env::var("PODA_BOOK_CHECK_PLIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let book = Book::embedded();
    let mut solver = Solver::new(256);
    let (mut checked, mut with_best) = (0, 0);
    for (key, entry) in book.entries() {
        if Position::from_key(key).moves() >= plies {
            checked += 1;
            with_best += usize::from(check_entry(&mut solver, key, entry));
        }
    }
    eprintln!("re-solved {checked} book positions, {with_best} of them with their best columns");
}

/// The positions after every two-ply opening (the openings `scripts/openspiel/match.py`
/// plays, with the first player to move) are decision nodes of the book, so the hybrid
/// answers them without a search; and a spread sample of the decision nodes grown from them
/// (plies 8-14) agrees with the solver.
#[test]
fn book_covers_every_two_ply_opening() {
    let book = Book::embedded();
    for a in 1..=7 {
        for b in 1..=7 {
            let p = Position::parse(&format!("{a}{b}")).unwrap();
            let (_, best) = book
                .best(&p)
                .unwrap_or_else(|| panic!("{a}{b} is not in the book"));
            assert_ne!(best, 0, "{a}{b} has no best columns");
        }
    }
    let mut entries: Vec<(u64, BookEntry)> = book
        .entries()
        .into_iter()
        .filter(|(_, e)| e.best != 0)
        .collect();
    entries.sort_unstable_by_key(|&(key, _)| key);
    let mut solver = Solver::new(64);
    for plies in [8, 10, 12, 14] {
        let level: Vec<_> = entries
            .iter()
            .filter(|(key, _)| Position::from_key(*key).moves() == plies)
            .collect();
        assert!(
            level.len() > 500,
            "only {} decision nodes of {plies} plies",
            level.len()
        );
        for &&(key, entry) in level.iter().step_by(level.len() / 2).take(2) {
            assert!(check_entry(&mut solver, key, entry));
        }
    }
}

/// The seeded tie-break only ever picks among the hardest best moves, and repeats itself;
/// a full board has no move.
#[test]
fn seeded_choice_is_among_the_best_and_reproducible() {
    use poda_core::Rng;
    let p = Position::parse("2252576253462244111563365343671351441").unwrap();
    let mut solver = Solver::new(4);
    let (score, best) = solver.best_moves(&p);
    let hardest = poda_solve::analysis::hardest(&p, &best);
    let mut picks = |seed| {
        let mut tie = TieBreak::Random(Rng::new(seed));
        (0..8)
            .map(|_| solver.choose(&p, &mut tie).unwrap())
            .collect::<Vec<_>>()
    };
    let a = picks(1);
    assert_eq!(a, picks(1));
    for c in &a {
        assert!(hardest.contains(&c.col) && c.score == score, "{c:?}");
    }
    let mut full = Position::new();
    for ch in "121212343434212121434343565656656565777777".chars() {
        full.play_col(ch.to_digit(10).unwrap() as usize - 1);
    }
    assert_eq!(full.moves(), 42);
    assert_eq!(solver.choose(&full, &mut TieBreak::Centre), None);
}

/// A position and its mirror image get mirrored choices (the book's lines are stored in
/// one orientation), including between two columns equally far from the centre.
#[test]
fn mirrored_positions_get_mirrored_choices() {
    let mirror = |moves: &str| -> String {
        moves
            .chars()
            .map(|c| char::from(b'8' - (c as u8 - b'0')))
            .collect()
    };
    let mut solver = Solver::new(16);
    // Columns 2 and 6 (0-based 1 and 5) are equally far from the centre: the pick between
    // them must follow the mirror.
    for moves in [
        "4623",
        "42",
        "3",
        "2252576253462244111563365343671351441",
        "445",
    ] {
        let (a, b) = (
            Position::parse(moves).unwrap(),
            Position::parse(&mirror(moves)).unwrap(),
        );
        for cols in [vec![1, 5], vec![0, 6], vec![2, 4], vec![0, 1, 5, 6]] {
            let ha = poda_solve::analysis::hardest(&a, &cols);
            let hb = poda_solve::analysis::hardest(&b, &cols);
            let hb_mirrored: Vec<usize> = hb.iter().map(|&c| 6 - c).collect();
            assert_eq!(ha, hb_mirrored, "{moves} {cols:?}");
        }
        if moves.len() > 20 {
            let ca = solver.choose(&a, &mut TieBreak::Centre).unwrap();
            let cb = solver.choose(&b, &mut TieBreak::Centre).unwrap();
            assert_eq!((ca.col, ca.score), (6 - cb.col, cb.score), "{moves}");
        }
    }
}
