//! Pascal Pons' published test sets (copied in data/connect4 with their README): every
//! line's score, strong and weak. Test_L3_R1 and Test_L2_R1 run in the normal suite; all
//! six sets run with `cargo test --release -p poda-solve -- --ignored all_six_sets`
//! (Test_L1_R3 alone takes about an hour: its positions are 1 to 13 plies deep).

mod common;

use common::data;
use poda_solve::{run_lines, Book, Position, RunOptions, Solver};

/// Solves every line with a table cleared before each position, strong then weak, and
/// checks the score against the file.
fn check_set(name: &str, solver: &mut Solver) {
    let text = data(name);
    let mut lines = 0;
    for line in text.lines() {
        let (moves, expected) = line.split_once(' ').unwrap();
        let expected: i32 = expected.parse().unwrap();
        let p = Position::parse(moves).unwrap();
        solver.reset();
        assert_eq!(solver.solve(&p), expected, "{name}: {moves}");
        solver.reset();
        let weak = solver.solve_weak(&p);
        assert_eq!(weak, expected.signum(), "{name} weak: {moves}");
        lines += 1;
    }
    assert_eq!(lines, 1000, "{name}");
}

#[test]
fn end_easy_every_line() {
    check_set("Test_L3_R1", &mut Solver::new(16));
}

#[test]
fn middle_easy_every_line() {
    check_set("Test_L2_R1", &mut Solver::new(16));
}

/// The protocol runner prints exactly the expected file.
#[test]
fn runner_reproduces_the_file() {
    let text = data("Test_L3_R1");
    let moves_only: String = text
        .lines()
        .map(|l| format!("{}\n", l.split(' ').next().unwrap()))
        .collect();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let sum = run_lines(
        &mut Solver::new(16),
        moves_only.as_bytes(),
        &mut out,
        &mut err,
        RunOptions::default(),
    )
    .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), text);
    assert!(err.is_empty());
    assert_eq!(sum.positions, 1000);
}

#[test]
#[ignore = "slow: all 6000 lines strong and weak, about an hour in release"]
fn all_six_sets() {
    let mut solver = Solver::new(256);
    solver.set_book(Book::embedded());
    for name in [
        "Test_L3_R1",
        "Test_L2_R1",
        "Test_L2_R2",
        "Test_L1_R1",
        "Test_L1_R2",
        "Test_L1_R3",
    ] {
        check_set(name, &mut solver);
    }
}
