//! `Solver::keeping_moves` (the hybrid player's weak step) against the exact scores of
//! `Solver::analyze`: for a won position it returns one column whose exact score is a win,
//! for a drawn one exactly the columns whose exact score is 0.

mod common;

use common::data;
use poda_solve::{Position, Solver};

#[test]
fn keeping_moves_agree_with_exact_scores() {
    let text = data("Test_L2_R1");
    let mut solver = Solver::new(16);
    let (mut wins, mut draws) = (0, 0);
    for line in text.lines() {
        let (moves, score) = line.split_once(' ').unwrap();
        let score: i32 = score.parse().unwrap();
        let p = Position::parse(moves).unwrap();
        let weak = solver.solve_weak(&p);
        assert_eq!(weak, score.signum(), "{moves}");
        if weak < 0 {
            continue;
        }
        let exact = solver.analyze(&p);
        let keepers = solver.keeping_moves(&p, weak);
        if weak > 0 {
            wins += 1;
            assert_eq!(keepers.len(), 1, "{moves}: {keepers:?}");
            let s = exact.iter().find(|e| e.0 == keepers[0]).unwrap().1;
            assert!(s > 0, "{moves}: column {} scores {s}", keepers[0]);
        } else {
            draws += 1;
            let mut expected: Vec<usize> = exact.iter().filter(|e| e.1 == 0).map(|e| e.0).collect();
            let mut got = keepers.clone();
            expected.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, expected, "{moves}");
        }
    }
    // The sample must exercise both branches.
    assert!(wins > 100 && draws > 5, "wins {wins}, draws {draws}");
}

/// A position lost for the side to move keeps nothing: no column is even a draw.
#[test]
fn a_lost_position_has_no_drawing_column() {
    let text = data("Test_L2_R1");
    let mut solver = Solver::new(16);
    let line = text
        .lines()
        .find(|l| l.split(' ').nth(1).is_some_and(|s| s.starts_with('-')))
        .expect("a lost position in the set");
    let p = Position::parse(line.split(' ').next().unwrap()).unwrap();
    assert!(solver.keeping_moves(&p, 0).is_empty(), "{line}");
}
