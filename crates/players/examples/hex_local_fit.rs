//! Fits the local-reply weights of `hexmc`'s playouts from game records:
//! `cargo run --release -p poda-players --example hex_local_fit -- [--holdout K] [--prior V]
//! [--base B] OUT.txt GAMES...`.
//!
//! MoHex 2.0's playouts answer the opponent's last move most of the time: each empty cell
//! among the 12 around it (its ring and bridge cells) competes by the weight of its 12-cell
//! pattern against a weight `B` for every empty cell of the board, which stands for a move
//! drawn from the whole board (Huang, Arneson, Hayward, Müller, Pawlewicz, "MoHex 2.0: a
//! pattern-based MCTS Hex player", CG 2013). This fits those weights as a generalised
//! Bradley-Terry model (Coulom, "Computing Elo ratings of move patterns in the game of Go",
//! 2007): a sample is a position with a last move and no bridge to save (the playout answers
//! those first, [`Board::bridge_reply`]) nor a winning cell for either side; its candidates are
//! the empty local cells by pattern and the whole board as one team of weight `B` times the
//! number of empty cells, and the winner is the local cell played, or the board when the move
//! played lies elsewhere. Minorization-maximization with Coulom's prior of `V` virtual wins
//! and losses against a weight of 1 gives the maximum a posteriori weights.
//!
//! With `--holdout K` every K-th game is kept out and the fit is measured on it: the mean
//! log-likelihood of the choice (a local cell or elsewhere) and how often the played local
//! cell is the heaviest of the local candidates. The output holds `local INDEX GAMMA` lines
//! for every pattern seen at least [`MIN_SEEN`] times as a candidate, and the base.

mod hex_records;

use hex_records::fail;
use poda_core::Game;
use poda_games::hex::{Hex, HexMove};
use poda_players::hexmc::board::{colour_of, Board, FastRng, EMPTY};
use poda_players::hexmc::knowledge::winning_cells;
use poda_players::hexmc::net::{NetScratch, PolicyNet};
use poda_players::hexmc::patterns::{index, offsets, INDICES};
use std::io::Write;

/// Patterns seen fewer times than this as candidates are left out of the file.
const MIN_SEEN: u32 = 10;
/// MM iterations.
const ITERATIONS: usize = 60;

/// One sample: the local candidates' patterns, the share of the choice each of them won and
/// the share the rest of the board won (one of them 1 for a played move; the policy net's
/// chances with `--soft`), and the number of empty cells.
struct Sample {
    local: Vec<u32>,
    wins: Vec<f64>,
    elsewhere: f64,
    empty: usize,
}

impl Sample {
    /// The local candidate that won outright (a played move), if any.
    fn chosen(&self) -> Option<usize> {
        self.wins.iter().position(|&w| w == 1.0)
    }
}

/// Where a sample's choice comes from: the move played, or the policy net's chances.
enum Labels<'a> {
    Played,
    Net(&'a PolicyNet, NetScratch, Vec<(u16, f32)>),
}

impl Labels<'_> {
    /// The wins of the local cells `cells` and of the rest of the board when `chosen` was
    /// played in `board` by `me` after `last`.
    fn wins(
        &mut self,
        board: &Board,
        me: u8,
        last: usize,
        cells: &[usize],
        chosen: usize,
    ) -> (Vec<f64>, f64) {
        match self {
            Labels::Played => {
                let wins: Vec<f64> = cells.iter().map(|&q| (q == chosen) as u8 as f64).collect();
                let elsewhere = 1.0 - wins.iter().sum::<f64>();
                (wins, elsewhere)
            }
            Labels::Net(net, scratch, priors) => {
                net.priors(board, me, Some(last), scratch, priors);
                let chance = |q: usize| {
                    priors
                        .iter()
                        .find(|&&(c, _)| c as usize == q)
                        .map_or(0.0, |&(_, p)| p as f64)
                };
                let wins: Vec<f64> = cells.iter().map(|&q| chance(q)).collect();
                let elsewhere = (1.0 - wins.iter().sum::<f64>()).max(0.0);
                (wins, elsewhere)
            }
        }
    }
}

fn samples_of(
    game: Hex,
    opening: usize,
    moves: &[String],
    labels: &mut Labels,
    out: &mut Vec<Sample>,
) {
    let mut game = game;
    let mut board = Board::new(game.size() as usize);
    let (around, _) = offsets(board.layout.width);
    let mut last: Option<usize> = None;
    let mut threats = Vec::new();
    let mut rng = FastRng::new(1);
    for (ply, text) in moves.iter().enumerate() {
        let Ok(mv @ HexMove::Cell(cell)) = game.parse_move(text) else {
            return;
        };
        if !game.is_legal(mv) {
            return;
        }
        let me = colour_of(game.side_to_move());
        let chosen = board.layout.to_box[cell as usize] as usize;
        if let (true, Some(l)) = (ply >= opening, last) {
            winning_cells(&board, me, &mut threats);
            let mut decided = !threats.is_empty();
            winning_cells(&board, 3 - me, &mut threats);
            decided |= !threats.is_empty();
            if !decided && board.bridge_reply(l, me, &mut rng).is_none() {
                let cells: Vec<usize> = around
                    .iter()
                    .map(|&d| (l as isize + d) as usize)
                    .filter(|&q| board.colour[q] == EMPTY)
                    .collect();
                if !cells.is_empty() {
                    let (wins, elsewhere) = labels.wins(&board, me, l, &cells, chosen);
                    out.push(Sample {
                        local: cells.iter().map(|&q| index(&board, q, me) as u32).collect(),
                        wins,
                        elsewhere,
                        empty: board.empty_count(),
                    });
                }
            }
        }
        board.play(chosen, me);
        last = Some(chosen);
        game.play_unchecked(mv);
        if game.winner().is_some() {
            return;
        }
    }
}

/// The fitted weights by pattern index (1 where unseen).
struct Fit {
    gamma: Vec<f64>,
    base: f64,
}

impl Fit {
    fn team(&self, s: &Sample) -> f64 {
        s.local.iter().map(|&p| self.gamma[p as usize]).sum::<f64>() + self.base * s.empty as f64
    }

    /// The expected log-probability of the sample's choice (its cross-entropy).
    fn log_likelihood(&self, s: &Sample) -> f64 {
        let team = self.team(s);
        let mut sum = 0.0;
        for (i, &w) in s.wins.iter().enumerate() {
            if w > 0.0 {
                sum += w * (self.gamma[s.local[i] as usize] / team).ln();
            }
        }
        if s.elsewhere > 0.0 {
            sum += s.elsewhere * (self.base * s.empty as f64 / team).ln();
        }
        sum
    }
}

fn main() {
    let usage =
        "usage: hex_local_fit [--holdout K] [--prior V] [--base B] [--soft 1] [--conditional 1] \
                 [--net-games N] [--size S] [--seed X] OUT.txt GAMES...";
    let mut args = std::env::args().skip(1).peekable();
    let (mut holdout, mut virtual_games, mut base) = (0usize, 1f64, 1f64);
    let (mut soft, mut net_games, mut size, mut seed) = (false, 0usize, 11u32, 1u64);
    let mut conditional = false;
    while let Some(a) = args.peek().cloned() {
        if !a.starts_with("--") {
            break;
        }
        args.next();
        if a == "--help" {
            println!("{usage}");
            return;
        }
        let value = hex_records::number(&mut args, &a, usage);
        match a.as_str() {
            "--holdout" if value >= 2.0 => holdout = value as usize,
            "--prior" if value > 0.0 => virtual_games = value,
            "--base" if value > 0.0 => base = value,
            "--soft" => soft = value > 0.0,
            "--conditional" => conditional = value > 0.0,
            "--net-games" => net_games = value as usize,
            "--size" if (1.0..=19.0).contains(&value) => size = value as u32,
            "--seed" => seed = value as u64,
            _ => fail(&format!("bad option {a} {value}; {usage}")),
        }
    }
    let rest: Vec<String> = args.collect();
    if rest.is_empty() || (rest.len() < 2 && net_games == 0) {
        fail(usage);
    }
    let net_labels = || Labels::Net(PolicyNet::shipped(), NetScratch::default(), Vec::new());
    let mut labels = if soft { net_labels() } else { Labels::Played };
    let mut samples = Vec::new();
    let mut held = Vec::new();
    let mut games = 0;
    for (i, r) in hex_records::read_all(&rest[1..]).into_iter().enumerate() {
        if holdout > 0 && (i + 1) % holdout == 0 {
            // Held-out samples are scored by the moves played.
            samples_of(r.start, r.opening, &r.moves, &mut Labels::Played, &mut held);
        } else {
            samples_of(r.start, r.opening, &r.moves, &mut labels, &mut samples);
            games += 1;
        }
    }
    let mut net = net_labels();
    for g in 0..net_games {
        let (start, moves) = net_game(size, seed.wrapping_add(g as u64));
        samples_of(start, 1, &moves, &mut net, &mut samples);
        games += 1;
    }
    if conditional {
        // MoHex 2.0's local weights: the choice among the local cells alone, where the move
        // was one of them (a soft sample weighs its local share).
        for set in [&mut samples, &mut held] {
            set.retain(|s| s.elsewhere < 0.9);
            for s in set.iter_mut() {
                s.elsewhere = 0.0;
            }
        }
        base = 0.0;
    }
    let local_played = samples.iter().filter(|s| s.elsewhere < 0.5).count();
    eprintln!(
        "{games} games, {} samples ({local_played} answered locally); {} held out",
        samples.len(),
        held.len()
    );
    let mut wins = vec![0f64; INDICES];
    let mut seen = vec![0u32; INDICES];
    for s in &samples {
        for (&p, &w) in s.local.iter().zip(&s.wins) {
            wins[p as usize] += w;
            seen[p as usize] += 1;
        }
    }
    let mut fit = Fit {
        gamma: vec![1f64; INDICES],
        base,
    };
    for it in 0..ITERATIONS {
        let mut den = vec![0f64; INDICES];
        let mut log_lik = 0f64;
        for s in &samples {
            let team = fit.team(s);
            log_lik += fit.log_likelihood(s);
            for &p in &s.local {
                den[p as usize] += 1.0 / team;
            }
        }
        for i in 0..INDICES {
            if seen[i] > 0 {
                fit.gamma[i] = (wins[i] + virtual_games)
                    / (den[i] + 2.0 * virtual_games / (fit.gamma[i] + 1.0));
            }
        }
        if it % 10 == 9 {
            eprintln!(
                "iteration {}: mean log-likelihood {:.4}",
                it + 1,
                log_lik / samples.len().max(1) as f64
            );
        }
    }
    // As the written file gives them: a pattern seen too rarely weighs 1.
    let written = Fit {
        gamma: (0..INDICES)
            .map(|i| {
                if seen[i] >= MIN_SEEN {
                    fit.gamma[i]
                } else {
                    1.0
                }
            })
            .collect(),
        base,
    };
    for (name, set) in [("fitted", &samples), ("held out", &held)] {
        if set.is_empty() {
            continue;
        }
        let uniform = Fit {
            gamma: vec![1.0; INDICES],
            base,
        };
        let mean =
            |f: &Fit| set.iter().map(|s| f.log_likelihood(s)).sum::<f64>() / set.len() as f64;
        let local: Vec<&Sample> = set.iter().filter(|s| s.chosen().is_some()).collect();
        let top = local
            .iter()
            .filter(|s| {
                let g = |i: usize| written.gamma[s.local[i] as usize];
                let c = g(s.chosen().unwrap_or(0));
                (0..s.local.len()).all(|i| g(i) <= c)
            })
            .count();
        eprintln!(
            "{name}: {} samples, mean log-likelihood {:.4} (every weight 1: {:.4}); the played \
             local cell is the heaviest in {:.1}% of {}",
            set.len(),
            mean(&written),
            mean(&uniform),
            100.0 * top as f64 / local.len().max(1) as f64,
            local.len()
        );
    }
    let path = &rest[0];
    let file = std::fs::File::create(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let mut out = std::io::BufWriter::new(file);
    let kept = (0..INDICES).filter(|&i| seen[i] >= MIN_SEEN).count();
    let text = format!(
        "# Local-reply weights of hexmc's playouts (crates/players/src/hexmc/patterns.rs), fitted\n\
         # by examples/hex_local_fit.rs on {games} games ({} samples): `local index gamma` for the\n\
         # {kept} 12-cell patterns seen at least {MIN_SEEN} times near the last move, against\n\
         # `base` for every empty cell of the board.\nbase {}\n",
        samples.len(),
        // A conditional fit has no base of its own; the playouts' `plocal` sets it.
        if base > 0.0 { base } else { 1.0 }
    );
    out.write_all(text.as_bytes()).expect("write");
    for i in 0..INDICES {
        if seen[i] >= MIN_SEEN {
            writeln!(out, "local {i} {:.4e}", fit.gamma[i]).expect("write");
        }
    }
}

/// A game of the policy net against itself on a board of `size`: one to four random opening
/// stones, then each move drawn from the net's chances squared (as `hex_net_games` plays
/// them), until a side has a winning cell. Returns the start and the moves as text.
fn net_game(size: u32, seed: u64) -> (Hex, Vec<String>) {
    let start = Hex::with_size(size, false).unwrap_or_else(|_| fail(&format!("no size {size}")));
    let net = PolicyNet::shipped();
    let mut rng = FastRng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (mut scratch, mut priors) = (NetScratch::default(), Vec::new());
    let mut game = start.clone();
    let mut board = Board::new(size as usize);
    let mut last = None;
    let mut moves = Vec::new();
    let random = 1 + rng.below(4);
    let mut threats = Vec::new();
    while game.winner().is_none() {
        let me = colour_of(game.side_to_move());
        winning_cells(&board, me, &mut threats);
        if !threats.is_empty() {
            break;
        }
        let cell = if moves.len() < random {
            board.empties()[rng.below(board.empty_count())] as usize
        } else {
            net.priors(&board, me, last, &mut scratch, &mut priors);
            let total: f32 = priors.iter().map(|&(_, p)| p * p).sum();
            let mut r = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * total;
            let mut pick = priors[0].0 as usize;
            for &(c, p) in &priors {
                if r < p * p {
                    pick = c as usize;
                    break;
                }
                r -= p * p;
            }
            pick
        };
        let dense = board.layout.to_dense[cell];
        let mv = HexMove::Cell(dense);
        moves.push(game.format_move(mv));
        board.play(cell, me);
        last = Some(cell);
        game.play_unchecked(mv);
    }
    (start, moves)
}
