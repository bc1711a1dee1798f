//! The fast board against the naive oracle: the winner, the side to move, the legal moves and
//! the board at every ply of 10,000 seeded random games on sizes 1..13 (with and without the
//! swap rule), perft, and hand-checked positions.

use super::naive::Naive;
use poda_core::{perft, Game, Outcome, Player, Rng};
use poda_games::hex::{Hex, HexMove};

fn to_naive(game: &Hex, mv: HexMove) -> Option<(usize, usize)> {
    game.coords(mv).map(|(x, y)| (x as usize, y as usize))
}

#[test]
fn agrees_with_the_naive_oracle_at_every_ply_of_10000_random_games() {
    let mut rng = Rng::new(20_260_522);
    let mut plies = 0u64;
    let mut wins = [0u32; 2];
    for game_index in 0..10_000u32 {
        let size = 1 + game_index % 13;
        let swap = game_index % 3 == 0;
        let mut fast = Hex::with_size(size, swap).unwrap();
        let mut slow = Naive::new(size as usize, swap);
        loop {
            let context = || {
                format!(
                    "size {size} swap {swap} game {game_index} ply {}",
                    fast.ply()
                )
            };
            let winner = slow.winner();
            assert_eq!(fast.winner(), winner, "{}", context());
            assert_eq!(fast.board_string(), slow.board_string(), "{}", context());
            let legal: Vec<_> = fast
                .legal_move_list()
                .into_iter()
                .map(|m| to_naive(&fast, m))
                .collect();
            assert_eq!(legal, slow.legal(), "{}", context());
            if let Some(w) = winner {
                wins[w.index()] += 1;
                break;
            }
            assert_eq!(fast.to_move().number(), slow.to_move, "{}", context());
            let moves = fast.legal_move_list();
            let mv = moves[rng.index(moves.len())];
            slow.play(to_naive(&fast, mv));
            fast.play(mv).unwrap();
            plies += 1;
        }
    }
    assert!(plies > 300_000, "{plies} plies");
    assert!(wins[0] > 3000 && wins[1] > 3000, "{wins:?}");
}

#[test]
fn perft_agrees_with_the_naive_oracle() {
    for (size, swap, depth) in [
        (1, false, 1),
        (2, false, 4),
        (2, true, 5),
        (3, false, 5),
        (3, true, 4),
        (4, false, 4),
    ] {
        let fast = Hex::with_size(size, swap).unwrap();
        let slow = Naive::new(size as usize, swap);
        for d in 1..=depth {
            assert_eq!(
                perft(&fast, d),
                slow.perft(d),
                "size {size} swap {swap} depth {d}"
            );
        }
    }
}

/// Perft counts from `tests/data/hex_perft.txt`: `size swap depth count` per line.
#[test]
fn perft_matches_the_data_file() {
    let text = include_str!("../data/hex_perft.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let size: u32 = f[0].parse().unwrap();
        let swap: bool = f[1].parse().unwrap();
        let depth: u32 = f[2].parse().unwrap();
        let want: u64 = f[3].parse().unwrap();
        let game = Hex::with_size(size, swap).unwrap();
        assert_eq!(perft(&game, depth), want, "{line}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked} lines");
}

#[test]
fn perft_before_any_win_is_a_falling_factorial() {
    // Black needs N stones to win, so no game ends before ply 2N - 1: until then every
    // sequence of distinct cells is legal and perft(d) = C! / (C - d)!.
    for size in 2..=6u32 {
        let game = Hex::with_size(size, false).unwrap();
        let cells = (size * size) as u64;
        for d in 1..=(2 * size - 2).min(4) {
            let want: u64 = (0..d as u64).map(|k| cells - k).product();
            assert_eq!(perft(&game, d), want, "size {size} depth {d}");
        }
    }
    let one = Hex::with_size(1, false).unwrap();
    assert_eq!(perft(&one, 1), 1);
    assert_eq!(perft(&one, 2), 0, "a 1x1 game ends after one stone");
}

#[test]
fn hand_checked_wins() {
    let black_column = Hex::with_size(3, false)
        .unwrap()
        .play_moves("a1 b1 a2 b2 a3")
        .unwrap();
    assert_eq!(black_column.outcome(), Outcome::Win(Player::First));
    // White joins left and right along row 2 while Black wastes moves.
    let white_row = Hex::with_size(3, false)
        .unwrap()
        .play_moves("a1a2c1b2c3c2")
        .unwrap();
    assert_eq!(white_row.outcome(), Outcome::Win(Player::Second));
    // b1-a2 are adjacent, a1-b2 are not: a1 b2 c3 is no chain... for Black on the diagonal.
    let not_adjacent = Hex::with_size(3, false)
        .unwrap()
        .play_moves("a1 c1 b2 a2 c3 b3")
        .unwrap();
    assert_eq!(not_adjacent.outcome(), Outcome::Ongoing);
    // The short diagonal c1 b2 a3 is a chain for Black (each touches the next).
    let diagonal = Hex::with_size(3, false)
        .unwrap()
        .play_moves("c1 a1 b2 b1 a3")
        .unwrap();
    assert_eq!(diagonal.outcome(), Outcome::Win(Player::First));
    assert!(diagonal.legal_move_list().is_empty());
    let one = Hex::with_size(1, false).unwrap().play_moves("a1").unwrap();
    assert_eq!(one.outcome(), Outcome::Win(Player::First));
}

#[test]
fn a_full_board_always_has_exactly_one_winner() {
    // Fill boards at random ignoring wins (placing stones), and check the Hex theorem.
    let mut rng = Rng::new(9);
    for size in 1..=13 {
        for _ in 0..30 {
            let mut game = Hex::with_size(size, false).unwrap();
            let mut cells: Vec<(u32, u32)> = (0..size)
                .flat_map(|y| (0..size).map(move |x| (x, y)))
                .collect();
            for i in (1..cells.len()).rev() {
                cells.swap(i, rng.index(i + 1));
            }
            for (k, &(x, y)) in cells.iter().enumerate() {
                let colour = if k % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                game.place(x, y, colour).unwrap();
            }
            let mut naive = Naive::new(size as usize, false);
            for y in 0..size {
                for x in 0..size {
                    naive.cells[y as usize][x as usize] = game.stone_at(x, y).unwrap().number();
                }
            }
            assert_eq!(game.winner(), naive.winner(), "size {size}");
            assert!(game.winner().is_some());
        }
    }
}

#[test]
fn spec_strings_and_sizes() {
    use poda_core::Spec;
    let parse = |t: &str| Hex::from_spec(&Spec::parse(t).unwrap());
    assert_eq!(parse("hex").unwrap().size(), 11);
    assert_eq!(parse("hex").unwrap().spec(), "hex");
    assert_eq!(
        parse("hex(size=19,swap=true)").unwrap().spec(),
        "hex(size=19,swap=true)"
    );
    assert_eq!(parse("hex(size=1)").unwrap().max_plies(), Some(1));
    assert_eq!(
        parse("hex(size=9,swap=true)").unwrap().max_plies(),
        Some(82)
    );
    for bad in [
        "hex(size=0)",
        "hex(size=20)",
        "hex(size=x)",
        "hex(swap=maybe)",
        "hex(width=3)",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    let any = poda_games::AnyGame::parse("hex(size=5)").unwrap();
    assert!(matches!(any, poda_games::AnyGame::Hex(_)));
}
