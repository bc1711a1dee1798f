use poda_solve::{Position, Solver};
use std::io::BufRead;
use std::time::Instant;

fn main() {
    let weak = std::env::args().any(|a| a == "--weak");
    let mut solver = Solver::default();
    let (mut n, mut t, mut nodes, mut bad) = (0u64, 0f64, 0u64, 0);
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let mut it = line.split_whitespace();
        let moves = it.next().unwrap_or("");
        let expect: Option<i32> = it.next().map(|s| s.parse().unwrap());
        let p = Position::parse(moves).unwrap();
        solver.reset();
        let st = Instant::now();
        let s = if weak {
            solver.solve_weak(&p)
        } else {
            solver.solve(&p)
        };
        let dt = st.elapsed().as_secs_f64();
        t += dt;
        n += 1;
        nodes += solver.nodes();
        if let Some(e) = expect {
            let e = if weak { e.signum() } else { e };
            if e != s {
                bad += 1;
                eprintln!("MISMATCH {moves} {s} expected {e}");
            }
        }
    }
    eprintln!(
        "n {n} bad {bad} mean_us {:.2} mean_nodes {:.1}",
        t / n as f64 * 1e6,
        nodes as f64 / n as f64
    );
}
