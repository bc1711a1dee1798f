//! The bitboard rules against the naive array implementation: every ply of 20,000 seeded
//! random games in which BOOM is chosen often, and perft from the positions of
//! `tests/data/desconecta_perft.txt`.

use crate::naive::Naive;
use poda_core::{perft, perft_divide, Game, Outcome, Rng};
use poda_games::connect4::Connect4;
use poda_games::desconecta::{Action, DesConecta, PHASE_PLIES};
use std::collections::HashMap;

/// Random games stop here if still going (they can cycle).
const RANDOM_GAME_CAP: usize = 400;
/// When BOOM is legal, the random player picks it with this probability.
const BOOM_PROBABILITY: f64 = 0.4;

/// What the random games went through, to show they cover the rules.
#[derive(Debug, Default)]
struct Coverage {
    endings: [usize; 3],
    capped: usize,
    booms: usize,
    bombs_placed: usize,
    double_fours: [u32; 2],
    longest: usize,
}

/// A random action, BOOM with probability `BOOM_PROBABILITY` when legal.
fn random_action(rng: &mut Rng, legal: &[Action]) -> Action {
    if legal.last() == Some(&Action::Boom) && rng.unit_f64() < BOOM_PROBABILITY {
        Action::Boom
    } else {
        let puts = legal.iter().filter(|a| **a != Action::Boom).count();
        if puts == 0 {
            Action::Boom
        } else {
            legal[rng.index(puts)]
        }
    }
}

/// Plays `games` random games with both implementations side by side and compares, at every
/// ply, the outcome, the legal moves, the board, the side to move and the round. Also checks
/// that equal (board, side to move, phase) triples have equal hashes and different ones
/// different hashes.
fn agree_on_random_games(games: usize, seed: u64) -> Coverage {
    let mut rng = Rng::new(seed);
    let mut cover = Coverage::default();
    let mut legal = Vec::new();
    let mut hashes: HashMap<u64, (String, u32)> = HashMap::new();
    for game_index in 0..games {
        let mut fast = DesConecta::new();
        let mut naive = Naive::new();
        let mut history = String::new();
        let mut plies = 0;
        loop {
            fast.legal_moves(&mut legal);
            let context = || format!("game {game_index} after '{history}'");
            assert_eq!(fast.outcome(), naive.outcome(), "{}: outcome", context());
            assert_eq!(legal, naive.legal_moves(), "{}: legal moves", context());
            assert_eq!(fast.board_string(), naive.board_string(), "{}", context());
            assert_eq!(fast.to_move(), naive.to_move(), "{}: to move", context());
            assert_eq!(fast.round(), naive.round(), "{}: round", context());
            let key = (fast.board_string(), fast.ply() % PHASE_PLIES);
            if let Some(other) = hashes.insert(fast.hash(), key.clone()) {
                assert_eq!(other, key, "{}: hash collision", context());
            }
            if legal.is_empty() {
                let ending = fast.outcome().winner().map_or(2, |p| p.index());
                cover.endings[ending] += 1;
                break;
            }
            if plies == RANDOM_GAME_CAP {
                cover.capped += 1;
                break;
            }
            let action = random_action(&mut rng, &legal);
            let bombs_before = fast.bombs().count_ones();
            history.push_str(&fast.format_move(action));
            fast.play(action).expect("a legal action");
            naive.play(action);
            plies += 1;
            match action {
                Action::Boom => cover.booms += 1,
                Action::Put(_) if fast.bombs().count_ones() > bombs_before => {
                    cover.bombs_placed += 1
                }
                Action::Put(_) => {}
            }
        }
        for (total, n) in cover.double_fours.iter_mut().zip(naive.double_fours) {
            *total += n;
        }
        cover.longest = cover.longest.max(plies);
    }
    cover
}

#[test]
fn twenty_thousand_random_games_agree_with_the_naive_rules() {
    let cover = agree_on_random_games(20_000, 0xB00);
    eprintln!("{cover:?}");
    assert_eq!(cover.endings.iter().sum::<usize>() + cover.capped, 20_000);
    assert!(
        cover.endings[0] > 1000 && cover.endings[1] > 1000,
        "both players win often: {cover:?}"
    );
    assert!(cover.booms > 20_000, "BOOM is chosen often: {cover:?}");
    assert!(cover.bombs_placed > cover.booms, "{cover:?}");
    assert!(
        cover.double_fours.iter().all(|&n| n > 0),
        "BOOMs make fours of both colours, and each colour is found first sometimes: {cover:?}"
    );
}

#[test]
fn random_games_without_boom_can_fill_the_board() {
    // Without BOOM the games are long misère Connect 4 games; some fill the board.
    let mut rng = Rng::new(3);
    let mut draws = 0;
    for _ in 0..20_000 {
        let mut game = DesConecta::new();
        while !game.outcome().is_over() {
            let legal: Vec<Action> = game
                .legal_move_list()
                .into_iter()
                .filter(|a| *a != Action::Boom)
                .collect();
            game.play_unchecked(legal[rng.index(legal.len())]);
        }
        if game.outcome() == Outcome::Draw {
            assert_eq!(game.empty(), 0);
            draws += 1;
        }
    }
    assert!(draws > 0, "no full board in 20000 games");
}

/// One line of the perft data file: the moves (`-` for none), the depth and the count.
struct PerftCase {
    moves: String,
    depth: u32,
    count: u64,
}

fn perft_cases() -> Vec<PerftCase> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/desconecta_perft.txt"
    );
    let text = std::fs::read_to_string(path).expect("perft data file");
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            fields.len(),
            3,
            "{path}:{}: expected moves depth count",
            n + 1
        );
        cases.push(PerftCase {
            moves: if fields[0] == "-" {
                String::new()
            } else {
                fields[0].to_string()
            },
            depth: fields[1].parse().expect("depth"),
            count: fields[2].parse().expect("count"),
        });
    }
    cases
}

#[test]
fn perft_matches_the_data_file_and_the_naive_rules() {
    let cases = perft_cases();
    assert!(cases.len() >= 20, "the data file has {} cases", cases.len());
    let start = DesConecta::new();
    for case in cases {
        let (game, moves) = poda_core::play_line(&start, &case.moves).unwrap();
        let mut naive = Naive::new();
        for &m in &moves {
            naive.play(m);
        }
        let what = format!("'{}' depth {}", case.moves, case.depth);
        assert_eq!(perft(&game, case.depth), case.count, "{what}: fast perft");
        assert_eq!(naive.perft(case.depth), case.count, "{what}: naive perft");
        let divided: u64 = perft_divide(&game, case.depth)
            .iter()
            .map(|&(_, n)| n)
            .sum();
        assert_eq!(divided, case.count, "{what}: perft_divide");
    }
}

#[test]
fn before_the_first_boom_perft_is_misere_connect4_on_7x7() {
    // No bomb exists before ply 9 and none can explode before ply 11, and a bomb counts as a
    // piece: up to depth 10 the game tree is Connect 4's on a 7x7 board (both end on any
    // four). Depth 8 keeps the test quick.
    let c4 = Connect4::with_size(7, 7).unwrap();
    let ours = DesConecta::new();
    for depth in 1..=8 {
        assert_eq!(perft(&ours, depth), perft(&c4, depth), "depth {depth}");
    }
}
