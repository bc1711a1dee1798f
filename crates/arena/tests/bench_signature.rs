//! `poda bench` must reproduce the stored node-count signature (in debug and release builds).

use poda_arena::bench::{expected_nodes, run_bench};

#[test]
fn bench_signature_is_unchanged() {
    let lines = run_bench(&mut |_| {});
    let total: u64 = lines.iter().map(|l| l.nodes).sum();
    let expected =
        expected_nodes().expect("crates/arena/data/bench_signature.txt holds a signature");
    assert_eq!(
        total, expected,
        "search changed the bench signature; if intended, update crates/arena/data/bench_signature.txt"
    );
}
