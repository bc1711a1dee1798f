//! `poda book`: builds (or resumes) an opening book. Connect 4 only for now.

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use poda_core::Spec;
use poda_solve::{book_from_partial, build_book, Book, BuildOptions, Position};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct BookArgs {
    /// Game spec: connect4.
    pub game: String,
    /// Store the perfect player's decision nodes up to this many plies.
    #[arg(long, default_value_t = 12)]
    pub depth: i32,
    /// Decision nodes up to this many plies get every child's exact score (for --analyze).
    #[arg(long, default_value_t = 1)]
    pub full_depth: i32,
    /// A decision node that a fresh solver decides within this many nodes is left to the
    /// search (not stored, not expanded); 0 stores every node.
    #[arg(long, default_value_t = poda_solve::build::DEFAULT_PROBE_NODES)]
    pub probe_nodes: u64,
    /// Table of the probe's solver, in MiB (the perfect player's default).
    #[arg(long, default_value_t = poda_solve::build::DEFAULT_PROBE_MIB)]
    pub probe_tt: usize,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Transposition table of each worker, in MiB.
    #[arg(long, default_value_t = 256)]
    pub tt: usize,
    /// Start from these decision nodes (move strings; repeat the option) instead of the
    /// empty board and the seven one-move positions.
    #[arg(long = "root")]
    pub roots: Vec<String>,
    /// Start from nothing instead of the committed book.
    #[arg(long)]
    pub from_scratch: bool,
    /// The resumable text file; results are appended at once, so an interrupted build
    /// resumes where it stopped.
    #[arg(long, default_value = "book-7x6.partial")]
    pub partial: PathBuf,
    /// The compact binary book to write at the end (the format of
    /// crates/solve/data/book-7x6.bin).
    #[arg(long, default_value = "book-7x6.bin")]
    pub out: PathBuf,
    /// Solve nothing: write the book that the partial file (and the committed book) holds
    /// now, for example to ship a long build stopped between two levels.
    #[arg(long)]
    pub write_only: bool,
}

/// Books exist for the standard Connect 4 only.
pub(crate) fn check_game(game: &str) -> Result<()> {
    let spec = Spec::parse(game).map_err(|e| input::bad(&format!("game '{game}'"), e))?;
    input::game(game)?;
    if !matches!(spec.name.as_str(), "connect4" | "connect_four") || !spec.args.is_empty() {
        return Err(input::user(
            "opening books exist for the standard 7x6 connect4 only",
        ));
    }
    Ok(())
}

pub fn run(args: BookArgs) -> Result<()> {
    check_game(&args.game)?;
    if args.threads == 0 || args.tt == 0 || args.probe_tt == 0 {
        return Err(input::user(
            "--threads, --tt and --probe-tt must be at least 1",
        ));
    }
    for root in &args.roots {
        Position::parse(root).map_err(|e| input::user(format!("--root '{root}': {e}")))?;
    }
    let opts = BuildOptions {
        roots: if args.roots.is_empty() {
            BuildOptions::standard_roots()
        } else {
            args.roots.clone()
        },
        full_depth: args.full_depth,
        depth: args.depth,
        probe_nodes: args.probe_nodes,
        probe_mib: args.probe_tt,
        threads: args.threads,
        table_mib: args.tt,
        partial: args.partial.clone(),
        base: if args.from_scratch {
            Book::empty()
        } else {
            Book::embedded()
        },
    };
    let start = Instant::now();
    if args.write_only {
        if !args.partial.exists() {
            return Err(input::user(format!(
                "--write-only: no partial file {}",
                args.partial.display()
            )));
        }
        let book = book_from_partial(&opts.base, &opts.partial)
            .with_context(|| format!("reading {}", args.partial.display()))?;
        return write_book(&args.out, &book, start);
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "ply {prefix} {bar:30} {pos}/{len}  {msg}  [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid template"),
    );
    let (book, report) = build_book(&opts, &mut |p| {
        bar.set_prefix(p.depth.to_string());
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
        if let Some((moves, score, took)) = &p.last {
            bar.set_message(format!(
                "stored {} leaves {}  book {}  last '{moves}' {score} ({:.2}s)",
                p.stored,
                p.leaves,
                p.book_size,
                took.as_secs_f64()
            ));
        }
    })
    .with_context(|| {
        format!(
            "building the book (partial file {})",
            args.partial.display()
        )
    })?;
    bar.finish_and_clear();
    print_levels(&report.levels);
    write_book(&args.out, &book, start)
}

/// What each level of decision nodes held: (nodes, stored, left to the search) by ply.
pub(crate) fn print_levels(levels: &std::collections::BTreeMap<i32, (usize, usize, usize)>) {
    for (ply, (nodes, stored, leaves)) in levels {
        println!(
            "ply {ply:>2}: {nodes} decision nodes, {stored} stored, {leaves} left to the search"
        );
    }
}

pub(crate) fn write_book(out: &PathBuf, book: &Book, start: Instant) -> Result<()> {
    std::fs::write(out, book.to_bytes()).with_context(|| format!("writing {}", out.display()))?;
    println!(
        "wrote {}: {} positions, {} bytes, in {:.1} s",
        out.display(),
        book.len(),
        book.to_bytes().len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
