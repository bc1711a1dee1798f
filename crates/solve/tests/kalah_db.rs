//! Endgame databases: every entry of small databases against the lazily filled table (an
//! independent recursion) and against a brute-force negamax on small boards, both capture
//! rules; the file round trip, a resumed build, a capped read; the solver with a database
//! against the solver without.

use poda_core::{Game, Rng};
use poda_games::kalah::{Board, EndgameTable, Kalah};
use poda_solve::kalah::db::{self, EndgameDb, Header};
use poda_solve::kalah::db_build::{build, build_file, DbSpec};
use poda_solve::kalah::{KalahSolver, SolverConfig};
use std::sync::Arc;

fn spec(pits: usize, empty_capture: bool, seeds: u32, threads: usize) -> DbSpec {
    DbSpec {
        pits,
        empty_capture,
        seeds,
        threads,
    }
}

/// The final store difference for the side to move, every move searched.
fn brute(game: &Kalah) -> i32 {
    if game.outcome().is_over() {
        return game.store_difference(game.to_move());
    }
    let me = game.to_move();
    game.legal_move_list()
        .into_iter()
        .map(|mv| {
            let child = game.after(mv);
            let v = brute(&child);
            if child.to_move() == me {
                v
            } else {
                -v
            }
        })
        .max()
        .expect("moves")
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("poda-kalah-db-{}-{name}", std::process::id()))
}

#[test]
fn every_entry_matches_the_lazy_table() {
    for (pits, empty, seeds) in [(6, false, 9), (6, true, 9), (4, false, 12), (3, true, 14)] {
        let db = build(&spec(pits, empty, seeds, 2), &mut |_| {});
        let table = EndgameTable::new(pits, empty, seeds, 1 << 30);
        let mut checked = 0;
        for rank in 0..db.len() as u64 {
            let cells = db.ranker().unrank(rank);
            let (own, opp) = cells.split_at(pits);
            // Configurations with a side empty are finished games, never asked for.
            if own.iter().all(|&c| c == 0) || opp.iter().all(|&c| c == 0) {
                continue;
            }
            let board = Board::from_pit_cells(&cells);
            assert_eq!(
                db.value(&board),
                table.value(&board),
                "{pits} pits, empty={empty}, {cells:?}"
            );
            checked += 1;
        }
        assert!(checked > db.len() / 2, "{checked}");
    }
}

#[test]
fn late_positions_match_brute_force() {
    let mut rng = Rng::new(5);
    for (m, n, empty, seeds) in [(3, 3, false, 12), (3, 3, true, 12), (4, 2, false, 10)] {
        let start = Kalah::new(m, n, empty).unwrap();
        let db = build(&spec(m, empty, seeds, 1), &mut |_| {});
        let mut checked = 0;
        while checked < 60 {
            let mut game = start;
            while !game.outcome().is_over() && game.board().seeds_in_pits() > seeds {
                let moves = game.legal_move_list();
                game.play_unchecked(moves[rng.index(moves.len())]);
            }
            if game.outcome().is_over() {
                continue;
            }
            let v = db.value(game.board()).expect("covered");
            assert_eq!(
                v + game.board().margin(),
                brute(&game),
                "{}",
                game.board_string()
            );
            checked += 1;
        }
    }
}

#[test]
fn files_round_trip_resume_and_cap() {
    let whole = build(&spec(5, false, 10, 2), &mut |_| {});
    // A build stopped after 6 seeds, then resumed to 10, gives the same file.
    let path = temp("resume");
    let _ = std::fs::remove_file(&path);
    build_file(&path, &spec(5, false, 6, 1), &mut |_| {}).unwrap();
    assert_eq!(
        Header::read(&path).unwrap(),
        Header {
            pits: 5,
            empty_capture: false,
            seeds: 6
        }
    );
    let mut levels = Vec::new();
    let resumed = build_file(&path, &spec(5, false, 10, 2), &mut |p| {
        if p.finished {
            levels.push(p.seeds)
        }
    })
    .unwrap();
    assert_eq!(levels, vec![7, 8, 9, 10]);
    assert_eq!(resumed.len(), whole.len());
    let read = db::open(&path, 5, false, 127).unwrap();
    assert_eq!(read.seeds(), 10);
    for rank in (0..whole.len() as u64).step_by(7) {
        assert_eq!(read.value_at(rank), whole.value_at(rank));
    }
    // A capped read is the prefix; a smaller build keeps the larger file.
    let capped = db::open(&path, 5, false, 8).unwrap();
    assert_eq!(capped.seeds(), 8);
    assert_eq!(capped.len() as u64, db::entries(5, 8));
    build_file(&path, &spec(5, false, 4, 1), &mut |_| {}).unwrap();
    assert_eq!(Header::read(&path).unwrap().seeds, 10);
    // The wrong game is refused, and so is a truncated file.
    assert!(db::open(&path, 6, false, 127).is_err());
    assert!(db::open(&path, 5, true, 127).is_err());
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    assert!(db::open(&path, 5, false, 127).is_err());
    // An entry left at the builder's "not computed" mark is refused (a database this small
    // is checked entry by entry when it is mapped).
    let mut holed = bytes.clone();
    let middle = holed.len() / 2;
    holed[middle] = 0;
    std::fs::write(&path, &holed).unwrap();
    let err = db::open(&path, 5, false, 127).unwrap_err().to_string();
    assert!(err.contains("never computed"), "{err}");
    std::fs::write(&path, b"not a database").unwrap();
    assert!(db::open(&path, 5, false, 127).is_err());
    std::fs::remove_file(&path).unwrap();
    // Writing a database and reading it back.
    let path = temp("write");
    whole.write(&path).unwrap();
    let back = EndgameDb::read(&path, 127).unwrap();
    assert_eq!(back.len(), whole.len());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn the_solver_with_a_database_agrees_with_the_solver_without() {
    let mut rng = Rng::new(11);
    for empty in [false, true] {
        let db = Arc::new(build(&spec(6, empty, 12, 2), &mut |_| {}));
        let start = Kalah::new(6, 3, empty).unwrap();
        let config = SolverConfig {
            tt_mib: 4,
            ..SolverConfig::default()
        };
        let mut with = KalahSolver::with_db(&start, &config, db.clone()).unwrap();
        let two = SolverConfig {
            threads: 2,
            ..config.clone()
        };
        let mut parallel = KalahSolver::with_db(&start, &two, db).unwrap();
        let mut without = KalahSolver::new(
            &start,
            &SolverConfig {
                endgame_seeds: 0,
                ..config
            },
        )
        .unwrap();
        let mut checked = 0;
        while checked < 12 {
            let mut game = start;
            let target = 18 + rng.below(8) as u32;
            while !game.outcome().is_over() && game.board().seeds_in_pits() > target {
                let moves = game.legal_move_list();
                game.play_unchecked(moves[rng.index(moves.len())]);
            }
            if game.outcome().is_over() {
                continue;
            }
            let exact = without.solve(&game);
            assert_eq!(with.solve(&game), exact, "{}", game.board_string());
            assert_eq!(parallel.best_moves(&game), without.best_moves(&game));
            checked += 1;
        }
    }
}
