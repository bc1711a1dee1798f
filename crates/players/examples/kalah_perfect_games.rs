//! Whole games of Kalah's perfect player against another agent, timing every move it makes
//! and checking its final margin against the game's value (for benchmarks; docs/benchmarks/
//! kalah.md).
//!
//! `cargo run --release -p poda-players --example kalah_perfect_games -- GAME OPPONENT
//! [--games N] [--seed S] [--opening-plies K] [--perfect SPEC]`
//!
//! Game `2k` has the perfect player first, game `2k + 1` second, after the same seeded random
//! opening of K plies (0: from the start). The value of the position after the opening is
//! solved once by a separate solver; the perfect player's final store difference must never
//! be below it (for its side). Prints one line a game and a summary: the slowest move, the
//! share of moves over 1 s, and how many games ended below the value (0 if it plays
//! perfectly).

use poda_core::{Agent, Game, Player, Rng, Turn};
use poda_games::kalah::Kalah;
use poda_solve::kalah::perfect::perfect_endgame;
use poda_solve::kalah::{KalahSolver, SolverConfig};
use std::time::{Duration, Instant};

mod support;

fn main() {
    let usage = "kalah_perfect_games GAME OPPONENT [--games N] [--seed S] [--opening-plies K] [--perfect SPEC]";
    let args = support::Args::parse(&["games", "seed", "opening-plies", "perfect"], usage);
    let games: usize = args.get("games", 2);
    let seed: u64 = args.get("seed", 1);
    let plies: usize = args.get("opening-plies", 0);
    let perfect_spec: String = args.get("perfect", "perfect".to_string());
    let [game_spec, opponent_spec] = &args.positional[..] else {
        support::fail(&format!("usage: {usage}"));
    };
    let start = support::kalah(game_spec);
    let setup = Instant::now();
    let mut perfect = support::agent(&start, &perfect_spec);
    let mut opponent = support::agent(&start, opponent_spec);
    let mut judge = KalahSolver::with(
        &start,
        &SolverConfig {
            tt_mib: 256,
            threads: 1,
            ..SolverConfig::default()
        },
        perfect_endgame(start.pits(), start.empty_capture(), true),
    )
    .expect("a solvable game");
    println!(
        "{} perfect={perfect_spec} opponent={opponent_spec}: set up in {:.2} s",
        start.spec(),
        setup.elapsed().as_secs_f64()
    );
    let mut times: Vec<(Duration, u32)> = Vec::new();
    let mut below = 0;
    for g in 0..games {
        let pair = (g / 2) as u64;
        let perfect_side = if g % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let mut game = start;
        let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(pair));
        let mut line = Vec::new();
        for _ in 0..plies {
            if game.outcome().is_over() {
                break;
            }
            let moves = game.legal_move_list();
            let mv = moves[rng.index(moves.len())];
            line.push(mv);
            game.play_unchecked(mv);
        }
        if game.outcome().is_over() {
            continue;
        }
        let opening = game;
        // The value of the opening position for the perfect player's side.
        let v = judge.solve(&opening);
        let value = if opening.to_move() == perfect_side {
            v
        } else {
            -v
        };
        perfect.new_game(seed.wrapping_add(g as u64));
        opponent.new_game(seed.wrapping_add(g as u64));
        let mut slowest = (Duration::ZERO, 0);
        let mut moves = 0;
        while !game.outcome().is_over() {
            let me = game.to_move() == perfect_side;
            let agent: &mut Box<dyn Agent<Kalah>> = if me { &mut perfect } else { &mut opponent };
            let began = Instant::now();
            let mv = agent.choose(&game, &mut Turn::new()).expect("a move").mv;
            let took = began.elapsed();
            if me {
                let seeds = game.board().seeds_in_pits();
                times.push((took, seeds));
                slowest = slowest.max((took, seeds));
                moves += 1;
            }
            perfect.observe(&game, mv);
            opponent.observe(&game, mv);
            game.play(mv).expect("a legal move");
        }
        let margin = game.store_difference(perfect_side);
        if margin < value {
            below += 1;
        }
        println!(
            "game {g:3}: perfect {:6} opening '{}' value {value:+3} final {margin:+3}{}  {moves} moves, slowest {:.3} s ({} seeds in the pits)",
            format!("{perfect_side:?}"),
            start.format_moves(&line),
            if margin < value { " BELOW" } else { "" },
            slowest.0.as_secs_f64(),
            slowest.1
        );
    }
    let mut sorted: Vec<Duration> = times.iter().map(|t| t.0).collect();
    sorted.sort();
    let total: Duration = sorted.iter().sum();
    let pct = |p: f64| sorted[((sorted.len() - 1) as f64 * p) as usize].as_secs_f64();
    let slowest = times.iter().max().copied().unwrap_or_default();
    println!(
        "{} moves: mean {:.3} s, median {:.3} s, 99% {:.3} s, slowest {:.3} s ({} seeds in the pits), {} over 1 s; {below} of {games} games below the value",
        sorted.len(),
        total.as_secs_f64() / sorted.len().max(1) as f64,
        pct(0.5),
        pct(0.99),
        slowest.0.as_secs_f64(),
        slowest.1,
        sorted.iter().filter(|t| t.as_secs_f64() > 1.0).count(),
    );
}
