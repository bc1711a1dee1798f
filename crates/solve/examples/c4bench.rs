//! Pons-style benchmark: `c4bench [--weak] [--stats] [--analyze] [--keep-table] [--book]
//! [--mib N] [FILE...]`. Reads positions (`<moves> [expected]`) from each FILE (or stdin),
//! prints `<moves> <score>` per line, and a summary per file on stderr.

use poda_solve::{run_lines, Book, RunOptions, Solver};
use std::io::BufReader;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut opts = RunOptions::default();
    let mut files = Vec::new();
    let mut mib = poda_solve::solver::DEFAULT_TABLE_MIB;
    let mut book = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--weak" => opts.weak = true,
            "--stats" => opts.stats = true,
            "--analyze" => opts.analyze = true,
            "--keep-table" => opts.keep_table = true,
            "--book" => book = true,
            "--mib" => match args.next().and_then(|v| v.parse().ok()) {
                Some(v) => mib = v,
                None => {
                    eprintln!("c4bench: --mib needs a number");
                    return ExitCode::FAILURE;
                }
            },
            f if !f.starts_with("--") => files.push(f.to_string()),
            other => {
                eprintln!("c4bench: unknown option '{other}'");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut solver = Solver::new(mib);
    if book {
        solver.set_book(Book::embedded());
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut err = std::io::stderr();
    let mut failed = false;
    // Returns whether the set failed (bad lines, wrong expected scores, read errors).
    let mut run = |name: &str, input: &mut dyn std::io::BufRead| -> bool {
        match run_lines(&mut solver, input, &mut out, &mut err, opts) {
            Ok(sum) => {
                eprintln!("{name}: {}", sum.describe());
                sum.bad_lines > 0 || sum.mismatches > 0
            }
            Err(e) => {
                eprintln!("{name}: {e}");
                true
            }
        }
    };
    if files.is_empty() {
        failed |= run("stdin", &mut std::io::stdin().lock());
    } else {
        for f in &files {
            match std::fs::File::open(f) {
                Ok(file) => failed |= run(f, &mut BufReader::new(file)),
                Err(e) => {
                    eprintln!("{f}: {e}");
                    failed = true;
                }
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
