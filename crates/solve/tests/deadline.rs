//! A search stopped by a deadline says so, and leaves the table exact: the same solver then
//! gives every expected score of a test set.

use poda_solve::{parse_line, Solver, TieBreak};
use std::time::{Duration, Instant};

#[test]
fn a_passed_deadline_aborts_and_the_table_stays_exact() {
    let data = include_str!("../data/connect4/Test_L2_R2");
    let mut solver = Solver::new(16);
    let lines: Vec<_> = data.lines().take(40).collect();
    // Many interrupted searches fill the table with whatever finished before the deadline.
    for (i, line) in lines.iter().enumerate() {
        let (p, _) = parse_line(line).unwrap();
        solver.set_deadline(Some(
            Instant::now() + Duration::from_micros(50 * (i as u64 % 5)),
        ));
        let chosen = solver.choose(&p, &mut TieBreak::Centre);
        assert_eq!(chosen.is_none(), solver.aborted(), "{line}");
    }
    // A deadline in the past stops at the first clock check.
    let (p, _) = parse_line(lines[0]).unwrap();
    solver.set_deadline(Some(Instant::now()));
    let _ = solver.solve(&p);
    // Without a deadline every score is exact.
    solver.set_deadline(None);
    for line in &lines {
        let (p, expected) = parse_line(line).unwrap();
        assert_eq!(Some(solver.solve(&p)), expected, "{line}");
        assert!(!solver.aborted());
    }
}
