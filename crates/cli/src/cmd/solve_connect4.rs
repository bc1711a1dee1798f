//! `poda solve connect4`: Pascal Pons' convention, his test protocol on stdin.

use super::solve::SolveArgs;
use crate::input;
use anyhow::{Context, Result};
use poda_core::Spec;
use poda_solve::{run_lines, RunOptions, Solver};
use serde_json::json;
use std::io::{BufRead, Cursor};

/// Default table size of the solver (MiB).
const DEFAULT_TT_MIB: usize = 64;

pub fn run(spec: &Spec, args: &SolveArgs) -> Result<()> {
    if !spec.args.is_empty()
        && (spec.get("width").unwrap_or("7") != "7" || spec.get("height").unwrap_or("6") != "6")
    {
        return Err(input::user(
            "the Connect 4 solver handles the standard 7x6 board only",
        ));
    }
    let mut solver = Solver::with_book(args.tt.unwrap_or(DEFAULT_TT_MIB));
    let opts = RunOptions {
        weak: args.weak,
        stats: args.stats,
        analyze: args.analyze,
        keep_table: args.keep_table,
    };
    match &args.moves {
        Some(moves) => single(&mut solver, moves, args, opts),
        None => {
            let stdin = std::io::stdin();
            lines(&mut solver, stdin.lock(), opts)
        }
    }
}

/// Runs positions from a reader; a bad line is reported on stderr and the run goes on; the
/// exit code is 2 if any line was bad.
fn lines(solver: &mut Solver, input: impl BufRead, opts: RunOptions) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut err = ErrPrefix::new(std::io::stderr());
    let summary =
        run_lines(solver, input, &mut out, &mut err, opts).context("reading positions")?;
    if summary.bad_lines > 0 {
        return Err(input::user(format!(
            "{} bad line(s) skipped",
            summary.bad_lines
        )));
    }
    Ok(())
}

fn single(solver: &mut Solver, moves: &str, args: &SolveArgs, opts: RunOptions) -> Result<()> {
    let position = poda_solve::Position::parse(moves)
        .map_err(|e| input::bad(&format!("moves '{moves}'"), e))?;
    if !args.json {
        let mut out = Vec::new();
        let mut err = Vec::new();
        run_lines(
            solver,
            Cursor::new(format!("{moves}\n")),
            &mut out,
            &mut err,
            opts,
        )
        .context("solving")?;
        // One position given on the command line: print the result without echoing the moves.
        let text = String::from_utf8_lossy(&out);
        let line = text.trim_end();
        println!("{}", line.strip_prefix(moves).unwrap_or(line).trim_start());
        return Ok(());
    }
    if args.analyze {
        let scores = if args.weak {
            solver.analyze_weak(&position)
        } else {
            solver.analyze(&position)
        };
        let moves_json: Vec<_> = scores
            .iter()
            .map(|&(col, score)| json!({"move": (col + 1).to_string(), "score": score}))
            .collect();
        println!("{}", json!({ "moves": moves_json }));
    } else {
        let score = if args.weak {
            solver.solve_weak(&position)
        } else {
            solver.solve(&position)
        };
        println!(
            "{}",
            json!({"moves": moves, "score": score, "nodes": solver.nodes()})
        );
    }
    Ok(())
}

/// Prefixes each error line with `poda: `, as every other error of the binary.
struct ErrPrefix<W: std::io::Write> {
    inner: W,
    at_line_start: bool,
}

impl<W: std::io::Write> ErrPrefix<W> {
    fn new(inner: W) -> Self {
        ErrPrefix {
            inner,
            at_line_start: true,
        }
    }
}

impl<W: std::io::Write> std::io::Write for ErrPrefix<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for line in buf.split_inclusive(|&b| b == b'\n') {
            if self.at_line_start {
                self.inner.write_all(b"poda: ")?;
            }
            self.inner.write_all(line)?;
            self.at_line_start = line.ends_with(b"\n");
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
