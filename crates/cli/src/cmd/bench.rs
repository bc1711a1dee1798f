//! `poda bench`: the node-count signature (see `poda_arena::bench`).

use anyhow::Result;
use clap::Args;
use poda_arena::bench::{expected_nodes, run_bench};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Fail (exit code 1) if the total differs from the stored signature.
    #[arg(long)]
    pub check: bool,
}

pub fn run(args: BenchArgs) -> Result<()> {
    let lines = run_bench(&mut |l| {
        println!(
            "{:<12} {:<12} depth {:>2}  best {:<4} score {:>6}  nodes {:>10}  {:>8.1} ms",
            l.game,
            if l.moves.is_empty() {
                "(start)"
            } else {
                &l.moves
            },
            l.depth,
            l.best,
            l.score.to_string(),
            l.nodes,
            l.time.as_secs_f64() * 1000.0
        );
    });
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let secs: f64 = lines.iter().map(|l| l.time.as_secs_f64()).sum();
    println!("Nodes searched: {nodes}");
    println!("Nodes/second: {:.0}", nodes as f64 / secs.max(1e-9));
    if args.check {
        match expected_nodes() {
            Some(expected) if expected == nodes => println!("Signature matches."),
            Some(expected) => anyhow::bail!("signature {nodes} differs from the stored {expected}"),
            None => anyhow::bail!("no stored signature"),
        }
    }
    Ok(())
}
