//! `poda book`: builds (or resumes) an opening book. Connect 4 only for now.

use crate::input;
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use poda_core::Spec;
use poda_solve::{build_book, BuildOptions};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct BookArgs {
    /// Game spec: connect4.
    pub game: String,
    /// Expand the perfect player's decision nodes up to this many plies.
    #[arg(long, default_value_t = 2)]
    pub depth: i32,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Transposition table of each worker, in MiB.
    #[arg(long, default_value_t = 256)]
    pub tt: usize,
    /// The resumable text file (`<moves> <score>` lines); solved positions are appended at
    /// once, so an interrupted build resumes where it stopped.
    #[arg(long, default_value = "book-7x6.partial")]
    pub partial: PathBuf,
    /// The compact binary book to write at the end (the format of
    /// crates/solve/data/book-7x6.bin).
    #[arg(long, default_value = "book-7x6.bin")]
    pub out: PathBuf,
}

pub fn run(args: BookArgs) -> Result<()> {
    let spec =
        Spec::parse(&args.game).map_err(|e| input::bad(&format!("game '{}'", args.game), e))?;
    input::game(&args.game)?;
    if !matches!(spec.name.as_str(), "connect4" | "connect_four") || !spec.args.is_empty() {
        return Err(input::user(
            "opening books exist for the standard 7x6 connect4 only",
        ));
    }
    if args.threads == 0 || args.tt == 0 {
        return Err(input::user("--threads and --tt must be at least 1"));
    }
    let opts = BuildOptions {
        depth: args.depth,
        threads: args.threads,
        table_mib: args.tt,
        partial: args.partial.clone(),
    };
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "depth {prefix} {bar:30} {pos}/{len}  {msg}  [{elapsed_precise}, eta {eta}]",
        )
        .expect("a valid template"),
    );
    let start = Instant::now();
    let book = build_book(&opts, &mut |p| {
        bar.set_prefix(p.depth.to_string());
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
        if let Some((moves, score, took)) = &p.last {
            bar.set_message(format!(
                "book {}  last '{moves}' {score} ({:.1}s)",
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
    std::fs::write(&args.out, book.to_bytes())
        .with_context(|| format!("writing {}", args.out.display()))?;
    println!(
        "wrote {}: {} positions, {} bytes, in {:.1} s",
        args.out.display(),
        book.len(),
        book.to_bytes().len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
