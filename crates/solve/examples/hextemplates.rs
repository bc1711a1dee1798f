//! Finds Hex edge templates by proof: `cargo run --release -p poda-solve --example hextemplates
//! -- ROW [stones=DX:DY,...] [orders=N] [width=W]`.
//!
//! A stone on row `ROW` from Black's bottom edge (row 1 touches the edge) gets a cone of empty
//! cells below it (`W` cells wider than the stone on each side), White owns every other cell,
//! and a Black chain joins the stone to the top. With White to move, the solver (without
//! templates) proves Black joins the bottom. Then the cone's cells are handed to White one by
//! one, in a seeded random order, keeping each White stone that still leaves Black the winner:
//! what stays empty is a minimal carrier. `stones=` adds more Black stones at the given
//! offsets (the template then needs them on the board). Several orders give several carriers; mirror images
//! count once. The output is the offsets `(dx, dy)` of each carrier from the stone, `dy` rows
//! towards the edge (0 on the stone's row), ready for `templates.rs`.

use poda_core::Player;
use poda_solve::hex::board::Board;
use poda_solve::hex::hsearch::HSearch;
use poda_solve::hex::prover::{Prover, Verdict};
use std::collections::BTreeSet;

const N: i32 = 11;

/// `DX:DY,DX:DY` into offsets.
fn parse_stones(text: &str) -> Option<Vec<(i32, i32)>> {
    text.split(',')
        .map(|p| {
            let (a, b) = p.split_once(':')?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
        })
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next();
    if first.as_deref() == Some("all") {
        print_table();
        return;
    }
    let row: i32 = match first.and_then(|s| s.parse().ok()) {
        Some(r) if (2..=6).contains(&r) => r,
        _ => {
            eprintln!("usage: hextemplates all | ROW(2-6) [stones=DX:DY,...] [orders=N] [width=W]");
            std::process::exit(2);
        }
    };
    let mut orders = 100u32;
    let mut width = 3i32;
    let mut extra: Vec<(i32, i32)> = Vec::new();
    for a in args {
        match a.split_once('=') {
            Some(("orders", v)) if v.parse::<u32>().is_ok() => orders = v.parse().unwrap(),
            Some(("width", v)) if matches!(v.parse::<i32>(), Ok(0..=5)) => {
                width = v.parse().unwrap()
            }
            Some(("stones", v)) => match parse_stones(v) {
                Some(list) => extra = list,
                None => {
                    eprintln!("hextemplates: bad stones '{v}' (DX:DY,... with DY from 0 to ROW-2)");
                    std::process::exit(2);
                }
            },
            _ => {
                eprintln!(
                    "hextemplates: unknown argument '{a}' (orders=N, width=0-5, stones=DX:DY,...)"
                );
                std::process::exit(2);
            }
        }
    }
    // The stone stands at x = N - 1 - width; an extra stone must be in its cone, on the board.
    let in_cone = |&(dx, dy): &(i32, i32)| {
        (dx, dy) != (0, 0)
            && (0..row - 1).contains(&dy)
            && (-dy - width..=width).contains(&dx)
            && N - 1 - width + dx >= 0
    };
    if !extra.iter().all(in_cone) {
        eprintln!("hextemplates: an extra stone must lie in the cone: DY from 0 to ROW-2, DX from -DY-W to W, on the board, off the stone");
        std::process::exit(2);
    }
    for line in find(row, &extra, orders, width) {
        println!("{line}");
    }
}

/// The whole table of `templates.rs`: rows 4 and 5 (H-search derives every row-3 template),
/// the stone alone and with one more stone between its row and the edge, `dx` from
/// `-3 - dy` to 3 (one of each mirror pair), 40 orders each (12 on row 5).
fn print_table() {
    for row in 4..=5 {
        let orders = if row == 5 { 12 } else { 40 };
        let mut configs: Vec<Vec<(i32, i32)>> = Vec::new();
        for dy in 0..=row - 2 {
            for dx in -3 - dy..=3 {
                // One of each mirror pair: (dx, dy) and (-dx - dy, dy).
                if (dx, dy) != (0, 0) && dx >= -dx - dy {
                    configs.push(vec![(dx, dy)]);
                }
            }
        }
        configs.push(Vec::new());
        for extra in configs {
            for line in find(row, &extra, orders, 3) {
                println!("{line}");
            }
        }
    }
}

/// Minimal carriers for a stone on `row` with the `extra` stones, from `orders` random
/// orders, as lines of the table (comments say how many were found and left out).
fn find(row: i32, extra: &[(i32, i32)], orders: u32, width: i32) -> Vec<String> {
    let mut out = Vec::new();

    let depth = row - 1;
    let (x0, y0) = (N - 1 - width, N - 1 - depth);
    let cell = |dx: i32, dy: i32| -> Option<u32> {
        let (x, y) = (x0 + dx, y0 + dy);
        ((0..N).contains(&x) && (0..N).contains(&y)).then_some((y * N + x) as u32)
    };
    // The cone: the stone's row and the rows below it, from `-dy - width` to `width` (symmetric under the
    // mirror that keeps the bottom edge, (dx, dy) -> (-dx - dy, dy)).
    let mut cone: Vec<(i32, i32)> = Vec::new();
    for dy in 0..=depth {
        for dx in -dy - width..=width {
            if (dx, dy) != (0, 0) && !extra.contains(&(dx, dy)) && cell(dx, dy).is_some() {
                cone.push((dx, dy));
            }
        }
    }
    let mut prover = Prover::new(N as u32);
    prover.settings.templates = false;
    let position = |empty: &[(i32, i32)]| -> Board {
        let all: u128 = (1u128 << (N * N)) - 1;
        let mut black = 1u128 << cell(0, 0).unwrap();
        for &(dx, dy) in extra {
            black |= 1u128 << cell(dx, dy).expect("extra stones lie in the cone");
        }
        for y in 0..y0 {
            black |= 1u128 << (y * N + x0);
        }
        let free = empty
            .iter()
            .fold(0u128, |s, &(dx, dy)| s | 1u128 << cell(dx, dy).unwrap());
        Board {
            stones: [black, all & !black & !free],
            to_move: Player::Second,
            swap_rule: false,
        }
    };
    let black_wins = |prover: &mut Prover, empty: &[(i32, i32)]| -> bool {
        let board = position(empty);
        prover.prove(&board, None) == Verdict::Loss
    };
    if !black_wins(&mut prover, &cone) {
        out.push(format!(
            "    // row {row}, stones {extra:?}: no template within width {width}"
        ));
        return out;
    }
    let mirror = |s: &[(i32, i32)]| -> Vec<(i32, i32)> {
        let mut m: Vec<(i32, i32)> = s.iter().map(|&(dx, dy)| (-dx - dy, dy)).collect();
        m.sort_by_key(|&(dx, dy)| (dy, dx));
        m
    };
    let mut found: BTreeSet<Vec<(i32, i32)>> = BTreeSet::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ row as u64;
    for _ in 0..orders {
        let mut order = cone.clone();
        for i in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let mut carrier = cone.clone();
        for c in order {
            let without: Vec<(i32, i32)> = carrier.iter().copied().filter(|&d| d != c).collect();
            if black_wins(&mut prover, &without) {
                carrier = without;
            }
        }
        carrier.sort_by_key(|&(dx, dy)| (dy, dx));
        // Mirror images count once when the stones are their own mirror image.
        let m = mirror(&carrier);
        let symmetric = extra.is_empty() || {
            let mut e = extra.to_vec();
            e.sort_by_key(|&(dx, dy)| (dy, dx));
            mirror(&e) == e
        };
        found.insert(if symmetric { carrier.min(m) } else { carrier });
    }
    let mut by_size: Vec<Vec<(i32, i32)>> = found.into_iter().collect();
    by_size.sort_by_key(|c| c.len());
    let found_n = by_size.len();
    // Keep only what H-search cannot derive by itself.
    let mut hs = HSearch::<u128>::new(N as usize);
    hs.templates = false;
    let shape = hs.shape.clone();
    let mut derived = 0;
    by_size.retain(|c| {
        let b = position(c);
        let found = hs.build(
            b.stones[0],
            b.stones[1],
            shape.masks.top,
            shape.masks.bottom,
        );
        derived += found.full.is_some() as usize;
        found.full.is_none()
    });
    out.push(format!(
        "    // row {row}, stones {extra:?}, width {width}, {orders} orders: {found_n} carriers, \
         {derived} of them derived by H-search alone and left out"
    ));
    let list = |c: &[(i32, i32)]| -> String {
        let cells: Vec<String> = c.iter().map(|(dx, dy)| format!("({dx}, {dy})")).collect();
        cells.join(", ")
    };
    for c in by_size {
        out.push(format!("    ({row}, &[{}], &[{}]),", list(extra), list(&c)));
    }
    out
}
