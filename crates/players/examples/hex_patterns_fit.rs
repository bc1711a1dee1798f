//! Fits the move-pattern weights of `hexmc` from game records:
//! `cargo run --release -p poda-players --example hex_patterns_fit -- [--holdout K] [--prior
//! V] OUT.txt GAMES...`; with `--holdout K` every K-th game is kept out of the fit and the
//! weights written (and the shipped ones) are measured on its positions (how often the played
//! move is the strongest, and the mean log-likelihood); `--prior V` sets the strength of the
//! prior below (V virtual wins and losses, 1 by default).
//!
//! Records are read by [`hex_records`] (poda match records or text lines). Every position after the opening where the mover has neither a winning cell nor a single
//! threat to answer is one sample: the move played against every other empty cell.
//!
//! The model is a generalised Bradley-Terry one (Coulom, "Computing Elo ratings of move
//! patterns in the game of Go", 2007): a move's strength is the product of the weights of its
//! features (its 12-cell pattern, and where it stands from the opponent's last move:
//! adjacent, a bridge away, elsewhere), and the chance of playing it is its strength over the
//! sum of all candidates'. The weights are the maximum a posteriori estimate found by
//! minorization-maximization, one feature group at a time, with Coulom's prior of one
//! virtual win and one virtual loss (or `V`) against a weight of 1 for each pattern.
//!
//! The output lists every pattern seen at least `MIN_SEEN` times as a candidate (`index
//! gamma`) and the two locality weights (`adjacent gamma`, `bridge gamma`).

mod hex_records;

use poda_core::Game;
use poda_games::hex::{Hex, HexMove};
use poda_players::hexmc::board::{colour_of, Board};
use poda_players::hexmc::knowledge::winning_cells;
use poda_players::hexmc::patterns::{fold, locality, read, Patterns, INDICES, LOCALITIES};
use std::io::Write;

/// Patterns seen fewer times than this as candidates are left out of the file.
const MIN_SEEN: u32 = 20;
/// MM iterations (each updates both groups).
const ITERATIONS: usize = 40;

/// One sample: the candidates' features (pattern, locality), the chosen one first.
struct Sample {
    candidates: Vec<(u32, u8)>,
}

fn samples_of(game: Hex, opening: usize, moves: &[String], out: &mut Vec<Sample>) {
    let mut game = game;
    let mut board = Board::new(game.size() as usize);
    let mut last: Option<usize> = None;
    let mut threats = Vec::new();
    for (ply, text) in moves.iter().enumerate() {
        let Ok(mv) = game.parse_move(text) else {
            return;
        };
        let HexMove::Cell(cell) = mv else { return };
        if !game.is_legal(mv) {
            return;
        }
        let me = colour_of(game.side_to_move());
        let chosen = board.layout.to_box[cell as usize] as usize;
        let decided = {
            winning_cells(&board, me, &mut threats);
            let mine = !threats.is_empty();
            winning_cells(&board, 3 - me, &mut threats);
            mine || !threats.is_empty()
        };
        if ply >= opening && !decided {
            let feature = |p: usize| (fold(&read(&board, p, me)) as u32, locality(&board, p, last));
            let mut candidates = vec![feature(chosen)];
            for &p in board.empties() {
                if p as usize != chosen {
                    candidates.push(feature(p as usize));
                }
            }
            out.push(Sample { candidates });
        }
        board.play(chosen, me);
        last = Some(chosen);
        game.play_unchecked(mv);
        if game.winner().is_some() {
            return;
        }
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let usage = || -> ! {
        eprintln!("usage: hex_patterns_fit [--holdout K] [--prior V] OUT.txt GAMES...");
        std::process::exit(2);
    };
    let mut holdout = 0usize;
    // Coulom's prior: this many virtual wins and losses against a weight of 1.
    let mut virtual_games = 1f64;
    loop {
        match args.get(1).map(String::as_str) {
            Some("--holdout") => {
                holdout = match args.get(2).and_then(|k| k.parse().ok()) {
                    Some(k) if k >= 2 => k,
                    _ => usage(),
                };
            }
            Some("--prior") => {
                virtual_games = match args.get(2).and_then(|v| v.parse::<f64>().ok()) {
                    Some(v) if v.is_finite() && v > 0.0 => v,
                    _ => usage(),
                };
            }
            _ => break,
        }
        args.drain(1..3);
    }
    if args.len() < 3 {
        usage();
    }
    let mut samples = Vec::new();
    let mut held = Vec::new();
    let mut games = 0;
    for (i, r) in hex_records::read_all(&args[2..]).into_iter().enumerate() {
        if holdout > 0 && (i + 1) % holdout == 0 {
            samples_of(r.start, r.opening, &r.moves, &mut held);
        } else {
            samples_of(r.start, r.opening, &r.moves, &mut samples);
            games += 1;
        }
    }
    eprintln!(
        "{games} games, {} samples; {} held-out samples",
        samples.len(),
        held.len()
    );
    let mut wins_p = vec![0f64; INDICES];
    let mut seen = vec![0u32; INDICES];
    let mut wins_l = [0f64; LOCALITIES];
    for s in &samples {
        let (p, l) = s.candidates[0];
        wins_p[p as usize] += 1.0;
        wins_l[l as usize] += 1.0;
        for &(p, _) in &s.candidates {
            seen[p as usize] += 1;
        }
    }
    let mut gp = vec![1f64; INDICES];
    let mut gl = [1f64; LOCALITIES];
    for it in 0..ITERATIONS {
        for group in 0..2 {
            let mut den_p = vec![0f64; if group == 0 { INDICES } else { 0 }];
            let mut den_l = [0f64; LOCALITIES];
            let mut log_lik = 0f64;
            for s in &samples {
                let total: f64 = s
                    .candidates
                    .iter()
                    .map(|&(p, l)| gp[p as usize] * gl[l as usize])
                    .sum();
                let (p0, l0) = s.candidates[0];
                log_lik += (gp[p0 as usize] * gl[l0 as usize] / total).ln();
                for &(p, l) in &s.candidates {
                    if group == 0 {
                        den_p[p as usize] += gl[l as usize] / total;
                    } else {
                        den_l[l as usize] += gp[p as usize] / total;
                    }
                }
            }
            if group == 0 {
                for i in 0..INDICES {
                    if seen[i] > 0 {
                        gp[i] = (wins_p[i] + virtual_games)
                            / (den_p[i] + 2.0 * virtual_games / (gp[i] + 1.0));
                    }
                }
            } else {
                for i in 0..LOCALITIES {
                    gl[i] = (wins_l[i] + 1.0) / (den_l[i] + 2.0 / (gl[i] + 1.0));
                }
                // The "elsewhere" class is the reference.
                let r = gl[LOCALITIES - 1];
                for g in gl.iter_mut() {
                    *g /= r;
                }
                eprintln!(
                    "iteration {it}: mean log-likelihood {:.4}, localities {:?}",
                    log_lik / samples.len().max(1) as f64,
                    gl
                );
            }
        }
    }
    eprintln!(
        "the played move is the strongest candidate in {:.1}% of the fitted samples",
        top_share(&samples, |p, l| gp[p as usize] * gl[l as usize])
    );
    if !held.is_empty() {
        // As the written file gives them: a pattern seen too rarely weighs 1.
        let written = |p: u32, l: u8| {
            let g = if seen[p as usize] >= MIN_SEEN {
                gp[p as usize]
            } else {
                1.0
            };
            g * gl[l as usize]
        };
        eprintln!(
            "held out: the played move is the strongest candidate in {:.1}% of {} samples \
             (the weights as written), mean log-likelihood {:.4}",
            top_share(&held, written),
            held.len(),
            mean_log_likelihood(&held, written)
        );
        let shipped = Patterns::shipped();
        let before = |p: u32, l: u8| {
            f64::from(shipped.weight(p as usize)) * f64::from(shipped.locality_weight(l))
        };
        eprintln!(
            "held out, the shipped weights: {:.1}%, mean log-likelihood {:.4}",
            top_share(&held, before),
            mean_log_likelihood(&held, before)
        );
    }
    let mut out = std::io::BufWriter::new(std::fs::File::create(&args[1]).expect("create OUT"));
    writeln!(
        out,
        "# Hex move-pattern weights for hexmc (crates/players/src/hexmc/patterns.rs), fitted by\n\
         # examples/hex_patterns_fit.rs on {games} games ({} samples): `index gamma` per\n\
         # 12-cell pattern seen at least {MIN_SEEN} times, then the last-move localities.",
        samples.len()
    )
    .expect("write");
    for i in 0..INDICES {
        if seen[i] >= MIN_SEEN {
            writeln!(out, "{i} {:.4e}", gp[i]).expect("write");
        }
    }
    writeln!(out, "adjacent {:.4e}", gl[0]).expect("write");
    writeln!(out, "bridge {:.4e}", gl[1]).expect("write");
}

/// The share (in %) of the samples whose played move is the strongest candidate by
/// `strength` (ties share the credit).
fn top_share(samples: &[Sample], strength: impl Fn(u32, u8) -> f64) -> f64 {
    let mut top = 0f64;
    for s in samples {
        let chosen = strength(s.candidates[0].0, s.candidates[0].1);
        if s.candidates[1..]
            .iter()
            .all(|&(p, l)| strength(p, l) <= chosen)
        {
            let ties = s
                .candidates
                .iter()
                .filter(|&&(p, l)| strength(p, l) == chosen)
                .count();
            top += 1.0 / ties as f64;
        }
    }
    100.0 * top / samples.len().max(1) as f64
}

/// The mean log-probability of the played moves under `strength`.
fn mean_log_likelihood(samples: &[Sample], strength: impl Fn(u32, u8) -> f64) -> f64 {
    let mut sum = 0f64;
    for s in samples {
        let total: f64 = s.candidates.iter().map(|&(p, l)| strength(p, l)).sum();
        sum += (strength(s.candidates[0].0, s.candidates[0].1) / total).ln();
    }
    sum / samples.len().max(1) as f64
}
