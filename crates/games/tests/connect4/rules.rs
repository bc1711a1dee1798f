//! The bitboard rules against the naive array implementation: every ply of seeded random
//! games, and perft from the positions in `tests/data/connect4_perft.txt`.

use crate::naive::Naive;
use poda_core::Spec;
use poda_core::{perft, perft_divide, Game, Rng};
use poda_games::connect4::Connect4;

/// Plays `games` seeded random games on a board of the given size and compares, at every
/// ply, the outcome, the legal moves, the board and the side to move. Returns how many games
/// ended in a win of each player and in a draw, to show the games reach every ending.
fn agree_on_random_games(width: u32, height: u32, games: usize, seed: u64) -> [usize; 3] {
    let mut rng = Rng::new(seed);
    let mut endings = [0; 3];
    let mut legal = Vec::new();
    for game_index in 0..games {
        let mut fast = Connect4::with_size(width, height).unwrap();
        let mut naive = Naive::new(width as usize, height as usize);
        let mut history = String::new();
        loop {
            fast.legal_moves(&mut legal);
            let context = || format!("{width}x{height} game {game_index} after '{history}'");
            assert_eq!(fast.outcome(), naive.outcome(), "{}: outcome", context());
            assert_eq!(legal, naive.legal_moves(), "{}: legal moves", context());
            assert_eq!(fast.board_string(), naive.board_string(), "{}", context());
            for col in 0..width as u8 {
                // is_winning_move agrees with playing the move and scanning the naive board.
                if naive.legal_moves().contains(&col) {
                    let mut next = naive.clone();
                    next.play(col);
                    assert_eq!(
                        fast.is_winning_move(col),
                        next.four_owner().is_some(),
                        "{}: is_winning_move({col})",
                        context()
                    );
                }
            }
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.index(legal.len())];
            history.push_str(&fast.format_move(mv));
            fast.play(mv).unwrap();
            naive.play(mv);
        }
        let ending = match fast.outcome().winner() {
            Some(p) => p.index(),
            None => 2,
        };
        endings[ending] += 1;
    }
    endings
}

#[test]
fn random_games_agree_with_the_naive_rules_7x6() {
    let endings = agree_on_random_games(7, 6, 10_000, 0xC4);
    assert_eq!(endings.iter().sum::<usize>(), 10_000);
    assert!(
        endings.iter().all(|&n| n > 0),
        "every ending occurs: {endings:?}"
    );
}

#[test]
fn random_games_agree_with_the_naive_rules_other_sizes() {
    for (width, height) in [(8, 7), (9, 6), (4, 4), (5, 4), (6, 9), (4, 9)] {
        let endings = agree_on_random_games(width, height, 2_000, 7 + width as u64);
        assert!(
            endings[0] > 0 && endings[1] > 0,
            "{width}x{height}: both players win sometimes: {endings:?}"
        );
    }
    // Draws are rare on big boards; small ones must show some.
    let endings = agree_on_random_games(4, 4, 2_000, 99);
    assert!(endings[2] > 0, "4x4 draws: {endings:?}");
}

/// One line of the perft data file: an optional game spec, the moves (`-` for none), the
/// depth and the expected count.
struct PerftCase {
    spec: String,
    moves: String,
    depth: u32,
    count: u64,
}

fn perft_cases() -> Vec<PerftCase> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/connect4_perft.txt");
    let text = std::fs::read_to_string(path).expect("perft data file");
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (spec, rest) = match fields.len() {
            3 => ("connect4", &fields[..]),
            4 => (fields[0], &fields[1..]),
            _ => panic!("{path}:{}: expected [spec] moves depth count", n + 1),
        };
        cases.push(PerftCase {
            spec: spec.to_string(),
            moves: if rest[0] == "-" {
                String::new()
            } else {
                rest[0].to_string()
            },
            depth: rest[1].parse().expect("depth"),
            count: rest[2].parse().expect("count"),
        });
    }
    cases
}

#[test]
fn perft_matches_the_data_file_and_the_naive_rules() {
    let cases = perft_cases();
    assert!(cases.len() >= 30, "the data file has {} cases", cases.len());
    for case in cases {
        let start = Connect4::from_spec(&Spec::parse(&case.spec).unwrap()).unwrap();
        let game = start.play_moves(&case.moves).unwrap();
        let columns: Vec<u8> = start
            .split_moves(&case.moves)
            .iter()
            .map(|t| start.parse_move(t).unwrap())
            .collect();
        let naive = Naive::after_columns(game.width() as usize, game.height() as usize, &columns);
        let what = format!("{} '{}' depth {}", case.spec, case.moves, case.depth);
        assert_eq!(perft(&game, case.depth), case.count, "{what}: fast perft");
        assert_eq!(naive.perft(case.depth), case.count, "{what}: naive perft");
        let divided: u64 = perft_divide(&game, case.depth)
            .iter()
            .map(|&(_, n)| n)
            .sum();
        assert_eq!(divided, case.count, "{what}: perft_divide");
    }
}
