//! Games of the policy net against itself, for the value net
//! ([`value`](poda_players::hexmc::value)): `R` random opening plies (one to `R`, drawn),
//! then each move drawn from the net's priors raised to `1 / T`; `P` positions of each game,
//! drawn uniformly after the opening, are written with the game's result. AlphaGo took one
//! position per self-play game for its value net so that the positions of a game do not
//! share one label (Silver et al., "Mastering the game of Go with deep neural networks and
//! tree search", Nature 2016); a few a game let one core write 20,000 positions of 11x11
//! games in about five minutes.
//!
//! `cargo run --release -p poda-players --example hex_net_games -- SIZE GAMES SEED [T=0.5]
//! [R=4] [P=1] > GAMES.jsonl`
//!
//! Each line is what `tools/hexnet/train_value.py` reads: `{"size", "moves", "values",
//! "winner"}`, the moves up to and including the drawn position's next move, `values` null
//! but at the drawn position, where it is 1 if its side to move won and 0 if not.

use poda_core::{Game, Player};
use poda_games::hex::{Hex, HexMove};
use poda_players::hexmc::board::{colour_of, Board, FastRng, EMPTY};
use poda_players::hexmc::net::{NetScratch, PolicyNet};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: hex_net_games SIZE GAMES SEED [TEMPERATURE=0.5] [RANDOM_PLIES=4] [POSITIONS=1]";
    let num = |i: usize, default: f64| -> f64 {
        match args.get(i) {
            None => default,
            Some(t) => t.parse().unwrap_or_else(|_| {
                eprintln!("error: `{t}` is not a number; {usage}");
                std::process::exit(2)
            }),
        }
    };
    if args.len() < 3 {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let (size, games, seed) = (
        num(0, 11.0) as u32,
        num(1, 1.0) as usize,
        num(2, 1.0) as u64,
    );
    let (temperature, random_plies) = (num(3, 0.5), num(4, 4.0) as usize);
    let per_game = num(5, 1.0) as usize;
    if !(temperature.is_finite() && temperature > 0.0) || random_plies == 0 || per_game == 0 {
        eprintln!("error: the temperature must be above 0, the plies and positions at least 1");
        std::process::exit(2);
    }
    let Ok(start) = Hex::with_size(size, false) else {
        eprintln!("error: no Hex board of size {size}");
        std::process::exit(2)
    };
    let net = PolicyNet::shipped();
    let mut rng = FastRng::new(seed);
    let (mut scratch, mut priors) = (NetScratch::default(), Vec::new());
    for _ in 0..games {
        let mut game = start.clone();
        let mut board = Board::new(size as usize);
        let mut texts = Vec::new();
        let mut last = None;
        let opening = 1 + rng.below(random_plies.max(1));
        while game.winner().is_none() {
            let to_move = colour_of(game.side_to_move());
            let cell = if texts.len() < opening {
                let empty: Vec<usize> = (0..(size * size) as usize)
                    .map(|d| board.layout.to_box[d] as usize)
                    .filter(|&m| board.colour[m] == EMPTY)
                    .collect();
                empty[rng.below(empty.len())]
            } else {
                net.priors(&board, to_move, last, &mut scratch, &mut priors);
                let weights: Vec<f64> = priors
                    .iter()
                    .map(|&(_, p)| (p as f64).powf(1.0 / temperature))
                    .collect();
                let total: f64 = weights.iter().sum();
                let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
                let mut pick = priors.len() - 1;
                for (i, w) in weights.iter().enumerate() {
                    if x < *w {
                        pick = i;
                        break;
                    }
                    x -= w;
                }
                priors[pick].0 as usize
            };
            let dense = board.layout.to_dense[cell] as u16;
            let mv = HexMove::Cell(dense);
            texts.push(game.format_move(mv));
            game.play_unchecked(mv);
            board.play(cell, to_move);
            last = Some(cell);
        }
        let winner = match game.winner() {
            Some(Player::First) => 0,
            _ => 1,
        };
        // A game won within its random opening (on a tiny board) has no position to give.
        let positions = if texts.len() > opening { per_game } else { 0 };
        for _ in 0..positions {
            let drawn = opening + rng.below(texts.len() - opening);
            let values: Vec<String> = (0..=drawn)
                .map(|i| match i == drawn {
                    true => ((i % 2 == winner) as u8).to_string(),
                    false => "null".into(),
                })
                .collect();
            let moves: Vec<String> = texts[..=drawn].iter().map(|t| format!("\"{t}\"")).collect();
            println!(
                "{{\"size\": {size}, \"moves\": [{}], \"values\": [{}], \"winner\": {winner}}}",
                moves.join(", "),
                values.join(", ")
            );
        }
    }
}
