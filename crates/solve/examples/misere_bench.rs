//! Misère Connect 4 solver benchmark: `misere_bench [--weak] [--empty E] [--count N]
//! [--seed S] [--mib M]`. Draws N positions with E empty cells by seeded random play that
//! avoids completing a four, solves each with a cleared table and prints one line per
//! position (`<moves> <score> <nodes> <ms>`), then the median and total time and nodes.

use poda_core::Rng;
use poda_solve::misere::{random_safe_line, safe_moves};
use poda_solve::{MisereSolver, Position};
use std::process::ExitCode;
use std::time::Instant;

fn random_position(rng: &mut Rng, empty: i32) -> Option<(Position, String)> {
    let mut p = Position::new();
    let mut line = String::new();
    for col in random_safe_line(rng, empty)? {
        p.play_col(col);
        line.push(char::from(b'1' + col as u8));
    }
    (safe_moves(&p) != 0).then_some((p, line))
}

fn main() -> ExitCode {
    let (mut weak, mut empty, mut count, mut seed, mut mib) = (false, 20, 20, 1, 64);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |name: &str| match args.next().and_then(|v| v.parse::<u64>().ok()) {
            Some(v) => Ok(v),
            None => Err(format!("misere_bench: {name} needs a number")),
        };
        let parsed = match a.as_str() {
            "--weak" => {
                weak = true;
                Ok(())
            }
            "--empty" => number("--empty").map(|v| empty = v.min(41) as i32),
            "--count" => number("--count").map(|v| count = v as usize),
            "--seed" => number("--seed").map(|v| seed = v),
            "--mib" => number("--mib").map(|v| mib = v as usize),
            other => Err(format!(
                "misere_bench: unknown argument {other} (try --weak --empty E --count N --seed S --mib M)"
            )),
        };
        if let Err(e) = parsed {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    let mut rng = Rng::new(seed);
    let mut solver = MisereSolver::new(mib);
    let (mut times, mut nodes) = (Vec::new(), Vec::new());
    while times.len() < count {
        let Some((p, line)) = random_position(&mut rng, empty) else {
            continue;
        };
        solver.reset();
        let start = Instant::now();
        let score = if weak {
            solver.solve_weak(&p)
        } else {
            solver.solve(&p)
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!("{line} {score} {} {ms:.1}", solver.nodes());
        times.push(ms);
        nodes.push(solver.nodes());
    }
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    nodes.sort_unstable();
    eprintln!(
        "{count} positions, {empty} empty, {}: median {:.1} ms, {} nodes; total {:.1} s, {} nodes",
        if weak { "weak" } else { "strong" },
        times[count / 2],
        nodes[count / 2],
        total / 1e3,
        nodes.iter().sum::<u64>()
    );
    ExitCode::SUCCESS
}
