//! Builds (or resumes) the Connect 4 opening book.
//!
//! `c4book [--depth N] [--threads T] [--mib M] [--partial FILE] [--out FILE]`
//! `--depth -1` only converts the partial text file into the binary book.

use poda_solve::{build_book, BuildOptions};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut opts = BuildOptions {
        depth: 4,
        threads: 2,
        table_mib: 256,
        partial: PathBuf::from("book-7x6.partial"),
    };
    let mut out = PathBuf::from("book-7x6.bin");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let bad = |what: &str| {
            eprintln!("c4book: bad value '{value}' for {what}");
            ExitCode::FAILURE
        };
        match args[i].as_str() {
            "--depth" => match value.parse() {
                Ok(v) => opts.depth = v,
                Err(_) => return bad("--depth"),
            },
            "--threads" => match value.parse() {
                Ok(v) => opts.threads = v,
                Err(_) => return bad("--threads"),
            },
            "--mib" => match value.parse() {
                Ok(v) => opts.table_mib = v,
                Err(_) => return bad("--mib"),
            },
            "--partial" => opts.partial = PathBuf::from(value),
            "--out" => out = PathBuf::from(value),
            other => {
                eprintln!("c4book: unknown option '{other}'");
                return ExitCode::FAILURE;
            }
        }
        i += 2;
    }
    let start = std::time::Instant::now();
    let result = build_book(&opts, &mut |p| {
        let last = p
            .last
            .as_ref()
            .map(|(m, s, t)| format!("{m} {s} ({:.1}s)", t.as_secs_f64()))
            .unwrap_or_default();
        eprintln!(
            "[{:>7.1}s] depth {} {}/{} book {} {}",
            start.elapsed().as_secs_f64(),
            p.depth,
            p.done,
            p.total,
            p.book_size,
            last
        );
    });
    match result.and_then(|book| {
        std::fs::write(&out, book.to_bytes())?;
        Ok(book)
    }) {
        Ok(book) => {
            eprintln!(
                "wrote {} ({} positions, {} bytes) in {:.1}s",
                out.display(),
                book.len(),
                book.len() * 8,
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("c4book: {e}");
            ExitCode::FAILURE
        }
    }
}
