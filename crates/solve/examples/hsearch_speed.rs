//! Time per H-search build on random positions: `cargo run --release -p poda-solve --example
//! hsearch_speed -- SIZE [templates=off] [bits=64|128] [vc=fastvc]` (64-bit sets up to 8x8; 128
//! by default; `vc=fastvc`: FastVC search instead of H-search).
use poda_solve::hex::bits::Bits;
use poda_solve::hex::fastvc::FastVc;
use poda_solve::hex::hsearch::{EdgeVcs, HSearch, Shape};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let narrow = args.iter().any(|a| a == "bits=64");
    let largest = if narrow { 8 } else { 11 };
    let size: usize = match args.get(1).map(|s| s.parse()) {
        None => 7,
        Some(Ok(n)) if (1..=largest).contains(&n) => n,
        Some(_) => fail(&format!("the size is a number from 1 to {largest}")),
    };
    let known = [
        "templates=off",
        "bits=64",
        "bits=128",
        "vc=fastvc",
        "vc=hsearch",
    ];
    if let Some(bad) = args.iter().skip(2).find(|a| !known.contains(&a.as_str())) {
        fail(&format!(
            "unknown argument {bad} (templates=off, bits=64|128, vc=hsearch|fastvc)"
        ));
    }
    let templates = !args.iter().any(|a| a == "templates=off");
    let fast = args.iter().any(|a| a == "vc=fastvc");
    if narrow {
        run::<u64>(size, templates, fast, |s| s as u64);
    } else {
        run::<u128>(size, templates, fast, |s| s);
    }
}

fn fail(message: &str) -> ! {
    eprintln!("hsearch_speed: {message}");
    std::process::exit(2);
}

fn run<B: Bits>(size: usize, templates: bool, fast: bool, narrow: impl Fn(u128) -> B) {
    let mut hs = HSearch::<B>::new(size);
    let mut vc = FastVc::<B>::new(size);
    hs.templates = templates;
    vc.templates = templates;
    let shape: Shape<B> = hs.shape.clone();
    let mut build = |own: B, opp: B| -> (EdgeVcs<B>, u64) {
        if fast {
            let r = vc.build(own, opp, shape.masks.top, shape.masks.bottom);
            (r, vc.added)
        } else {
            let r = hs.build(own, opp, shape.masks.top, shape.masks.bottom);
            (r, hs.added)
        }
    };
    let mut seed = 99u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for stones_n in [0usize, 4, 8, 16, 24] {
        if stones_n >= size * size {
            continue;
        }
        let mut total = 0.0;
        let mut added = 0u64;
        let mut fulls = 0;
        let mut semis = 0;
        let reps = 50;
        for _ in 0..reps {
            let mut st = [0u128; 2];
            for k in 0..stones_n {
                let empty: Vec<usize> = (0..size * size)
                    .filter(|&c| (st[0] | st[1]) >> c & 1 == 0)
                    .collect();
                st[k % 2] |= 1 << empty[(rand() % empty.len() as u64) as usize];
            }
            let t = Instant::now();
            let (r, n) = build(narrow(st[0]), narrow(st[1]));
            total += t.elapsed().as_secs_f64();
            added += n;
            fulls += r.full.is_some() as u32;
            semis += r.semi.is_some() as u32;
        }
        println!("{size}x{size} {stones_n:>2} stones: {:>8.1} us per build, {:>6} connections, full {fulls}/{reps} semi {semis}/{reps}", total / reps as f64 * 1e6, added / reps as u64);
    }
}
