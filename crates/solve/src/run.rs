//! Pons' test protocol: positions in, scores out, one line each.
//!
//! Input lines are `<moves>` (Pons' digits, empty for the start position), optionally
//! followed by an expected score as in his test files; output lines are `<moves> <score>`,
//! with `--stats` also `<nodes> <microseconds>` like his benchmark program, or with analysis
//! the score of each column. The table is cleared before each position (as his harness
//! does) unless asked otherwise, and only the solve itself is timed. A bad line gets one
//! line on the error writer (`line N: ...`) and the run goes on.

use crate::position::{Position, PositionError, WIDTH};
use crate::solver::Solver;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};
use thiserror::Error;

/// What to print for each line.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunOptions {
    /// Only win/draw/loss (1/0/-1).
    pub weak: bool,
    /// Also nodes and microseconds.
    pub stats: bool,
    /// The score of every column instead of the position's score.
    pub analyze: bool,
    /// Keep the table between positions (Pons' harness clears it).
    pub keep_table: bool,
}

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunSummary {
    /// Positions solved.
    pub positions: u64,
    /// Lines rejected.
    pub bad_lines: u64,
    /// Solved lines whose expected score (second field) differs from ours.
    pub mismatches: u64,
    pub nodes: u64,
    /// Time spent solving (the clear of the table excluded).
    pub time: Duration,
    /// The slowest position and its time.
    pub slowest: Option<(String, Duration)>,
}

impl RunSummary {
    pub fn mean_time(&self) -> Duration {
        if self.positions == 0 {
            Duration::ZERO
        } else {
            self.time / self.positions as u32
        }
    }

    pub fn mean_nodes(&self) -> f64 {
        self.nodes as f64 / self.positions.max(1) as f64
    }

    pub fn positions_per_second(&self) -> f64 {
        let s = self.time.as_secs_f64();
        if s > 0.0 {
            self.positions as f64 / s
        } else {
            0.0
        }
    }

    /// `positions N, mean 12.3 us, mean nodes 45.6, 81234 pos/s` (+ mismatches, bad lines).
    pub fn describe(&self) -> String {
        let mut s = format!(
            "positions {}, mean {:.3} us, mean nodes {:.1}, {:.0} pos/s",
            self.positions,
            self.mean_time().as_secs_f64() * 1e6,
            self.mean_nodes(),
            self.positions_per_second()
        );
        if let Some((moves, t)) = &self.slowest {
            s += &format!(", slowest '{moves}' {:.3} s", t.as_secs_f64());
        }
        if self.mismatches > 0 {
            s += &format!(", {} MISMATCHES", self.mismatches);
        }
        if self.bad_lines > 0 {
            s += &format!(", {} bad lines", self.bad_lines);
        }
        s
    }
}

/// Why an input line was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error("expected score '{0}' is not an integer")]
    BadExpected(String),
    #[error("unexpected text '{0}' after the score")]
    Trailing(String),
}

/// Splits an input line into the position and the optional expected score.
pub fn parse_line(line: &str) -> Result<(Position, Option<i32>), LineError> {
    let mut fields = line.split_whitespace();
    let moves = fields.next().unwrap_or("");
    let p = Position::parse(moves)?;
    let expected = match fields.next() {
        None => None,
        Some(t) => Some(
            t.parse::<i32>()
                .map_err(|_| LineError::BadExpected(t.to_string()))?,
        ),
    };
    if let Some(t) = fields.next() {
        return Err(LineError::Trailing(t.to_string()));
    }
    Ok((p, expected))
}

/// `-2 -1 0 1 0 -1 -2`: one field per column, `.` for a full column.
pub fn format_analysis(scores: &[(usize, i32)]) -> String {
    (0..WIDTH)
        .map(|c| {
            scores
                .iter()
                .find(|&&(col, _)| col == c)
                .map_or(".".to_string(), |&(_, s)| s.to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs every line of `input`, writing results to `out` and rejected lines to `err`.
pub fn run_lines(
    solver: &mut Solver,
    input: impl BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    opts: RunOptions,
) -> std::io::Result<RunSummary> {
    let mut summary = RunSummary::default();
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let (p, expected) = match parse_line(&line) {
            Ok(x) => x,
            Err(e) => {
                writeln!(err, "line {}: {e}", i + 1)?;
                summary.bad_lines += 1;
                continue;
            }
        };
        let moves = line.split_whitespace().next().unwrap_or("");
        if !opts.keep_table {
            solver.reset();
        } else {
            solver.reset_nodes();
        }
        let start = Instant::now();
        let (text, score) = if opts.analyze {
            let scores = if opts.weak {
                solver.analyze_weak(&p)
            } else {
                solver.analyze(&p)
            };
            let best = scores.iter().map(|&(_, s)| s).max();
            (format_analysis(&scores), best)
        } else {
            let s = if opts.weak {
                solver.solve_weak(&p)
            } else {
                solver.solve(&p)
            };
            (s.to_string(), Some(s))
        };
        let took = start.elapsed();
        summary.positions += 1;
        summary.nodes += solver.nodes();
        summary.time += took;
        if summary.slowest.as_ref().is_none_or(|(_, t)| took > *t) {
            summary.slowest = Some((moves.to_string(), took));
        }
        if let (Some(e), Some(s)) = (expected, score) {
            let e = if opts.weak { e.signum() } else { e };
            if e != s {
                summary.mismatches += 1;
            }
        }
        if opts.stats {
            writeln!(
                out,
                "{moves} {text} {} {}",
                solver.nodes(),
                took.as_micros()
            )?;
        } else {
            writeln!(out, "{moves} {text}")?;
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_scores_errors_and_summary() {
        let input = "2252576253462244111563365343671351441 -1\n\
                     12345678\n\
                     7422341735647741166133573473242566 1 x\n\
                     1111111\n\
                     7422341735647741166133573473242566 2\n";
        let mut out = Vec::new();
        let mut err = Vec::new();
        let mut solver = Solver::new(4);
        let opts = RunOptions {
            stats: true,
            ..RunOptions::default()
        };
        let sum = run_lines(&mut solver, input.as_bytes(), &mut out, &mut err, opts).unwrap();
        let out = String::from_utf8(out).unwrap();
        let err = String::from_utf8(err).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("2252576253462244111563365343671351441 -1 "));
        assert!(lines[1].starts_with("7422341735647741166133573473242566 1 "));
        assert_eq!(lines[1].split(' ').count(), 4);
        let errs: Vec<&str> = err.lines().collect();
        assert_eq!(
            errs,
            vec![
                "line 2: move 8: '8' is not a column digit 1-7",
                "line 3: unexpected text 'x' after the score",
                "line 4: move 7: column 1 is full (illegal move)",
            ]
        );
        assert_eq!(sum.positions, 2);
        assert_eq!(sum.bad_lines, 3);
        assert_eq!(sum.mismatches, 1);
        assert!(sum.describe().contains("1 MISMATCHES"));
    }

    #[test]
    fn analysis_format() {
        assert_eq!(
            format_analysis(&[(0, -2), (1, 3), (6, 0)]),
            "-2 3 . . . . 0"
        );
    }
}
