//! Kalah's perfect player against an independent brute force on small games (both capture
//! rules): every move it makes keeps the position's value, and among the moves that keep it
//! hurries a win and delays a loss exactly as a plain recursion over the game says. Its book
//! format round-trips, and a game too large for it is refused.

use poda_core::{Agent, Game, Player, Rng, Turn};
use poda_games::kalah::{Board, Kalah};
use poda_players::build_agent;
use poda_solve::kalah::book::{BookEntry, KalahBook};
use std::collections::HashMap;

type Memo = HashMap<(Board, Player), i32>;

/// The final store difference for the side to move, every move searched.
fn value(game: &Kalah, memo: &mut Memo) -> i32 {
    if game.outcome().is_over() {
        return game.store_difference(game.to_move());
    }
    let key = (*game.board(), game.to_move());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let me = game.to_move();
    let v = game
        .legal_move_list()
        .into_iter()
        .map(|mv| {
            let child = game.after(mv);
            let v = value(&child, memo);
            if child.to_move() == me {
                v
            } else {
                -v
            }
        })
        .max()
        .expect("moves");
    memo.insert(key, v);
    v
}

/// The moves of `game` that keep its value, with their children.
fn keeping(game: &Kalah, memo: &mut Memo) -> Vec<(u8, Kalah)> {
    let v = value(game, memo);
    let me = game.to_move();
    game.legal_move_list()
        .into_iter()
        .filter_map(|mv| {
            let child = game.after(mv);
            let c = value(&child, memo);
            let mine = if child.to_move() == me { c } else { -c };
            (mine == v).then_some((mv, child))
        })
        .collect()
}

/// Plies to the end when both sides keep the value and `winner` hurries (the other delays).
fn plies(game: &Kalah, winner: Player, memo: &mut Memo) -> u32 {
    if game.outcome().is_over() {
        return 0;
    }
    let hurry = game.to_move() == winner;
    let lengths = keeping(game, memo)
        .into_iter()
        .map(|(_, child)| 1 + plies(&child, winner, memo));
    if hurry {
        lengths.min().expect("a keeping move")
    } else {
        lengths.max().expect("a keeping move")
    }
}

#[test]
fn every_move_keeps_the_value_and_follows_the_length_rule() {
    let mut rng = Rng::new(9);
    let mut checked = 0;
    let mut ties = 0;
    for (m, n) in [(3, 2), (3, 3), (4, 2), (2, 4)] {
        for empty in [false, true] {
            let start = Kalah::new(m, n, empty).unwrap();
            let mut memo = Memo::new();
            let mut agent = build_agent(&start, "perfect(db=false)").unwrap();
            for round in 0..6 {
                agent.new_game(round);
                let mut game = start;
                let perfect = if round % 2 == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                while !game.outcome().is_over() {
                    let mv = if game.to_move() == perfect {
                        let mv = agent.choose(&game, &mut Turn::new()).unwrap().mv;
                        let keep = keeping(&game, &mut memo);
                        assert!(
                            keep.iter().any(|&(k, _)| k == mv),
                            "kalah({m},{n},{empty}) {}: {mv} gives the value away",
                            game.board_string()
                        );
                        let v = value(&game, &mut memo);
                        if keep.len() > 1 && v != 0 {
                            // The winner of the line hurries, the loser delays.
                            let me = game.to_move();
                            let winner = if v > 0 { me } else { me.opponent() };
                            let len = |c: &Kalah, memo: &mut Memo| 1 + plies(c, winner, memo);
                            let lengths: Vec<u32> =
                                keep.iter().map(|(_, c)| len(c, &mut memo)).collect();
                            let chosen = len(&game.after(mv), &mut memo);
                            let target = if v > 0 {
                                *lengths.iter().min().unwrap()
                            } else {
                                *lengths.iter().max().unwrap()
                            };
                            assert_eq!(
                                chosen,
                                target,
                                "kalah({m},{n},{empty}) {}: {mv} of {:?}",
                                game.board_string(),
                                keep.iter().map(|k| k.0).collect::<Vec<_>>()
                            );
                            ties += 1;
                        }
                        checked += 1;
                        mv
                    } else {
                        let moves = game.legal_move_list();
                        moves[rng.index(moves.len())]
                    };
                    game.play(mv).unwrap();
                }
            }
        }
    }
    assert!(checked > 100, "{checked}");
    assert!(ties > 10, "{ties} positions with several keeping moves");
}

#[test]
fn books_round_trip_and_games_too_large_are_refused() {
    let game = Kalah::new(4, 3, false).unwrap();
    let (pos, _) = poda_core::play_line(&game, "2").unwrap();
    let entry = BookEntry {
        value: -1,
        keeping: 0b1100,
        pit: 3,
        plies: Some(17),
    };
    let key = KalahBook::key(pos.board(), pos.board().margin() + entry.value);
    let book = KalahBook::from_entries(&game, [(key, entry)]);
    let back = KalahBook::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(back.get(&pos), Some(entry));
    assert_eq!(back.get(&game), None);
    // Another game's position is not looked up.
    let other = Kalah::new(4, 3, true).unwrap();
    assert_eq!(
        back.get(&poda_core::play_line(&other, "2").unwrap().0),
        None
    );
    assert!(KalahBook::from_bytes(b"PODAKBK1").is_err());
    assert!(build_agent(&Kalah::new(6, 5, false).unwrap(), "perfect").is_err());
    assert!(build_agent(&Kalah::new(7, 3, false).unwrap(), "perfect").is_err());
    assert!(build_agent(&game, "perfect(depth=3)").is_err());
}

#[test]
fn the_perfect_player_answers_on_a_late_position_of_kalah_6_4() {
    let start = Kalah::default();
    let mut agent: Box<dyn Agent<Kalah>> = build_agent(&start, "perfect(db=false)").unwrap();
    // A position with 18 seeds left in the pits.
    let mut rng = Rng::new(4);
    let mut game = start;
    while game.outcome().is_over()
        || game.board().seeds_in_pits() > 18
        || game.to_move() != Player::First
    {
        if game.outcome().is_over() {
            game = start;
        }
        let moves = game.legal_move_list();
        game.play_unchecked(moves[rng.index(moves.len())]);
    }
    let choice = agent.choose(&game, &mut Turn::new()).unwrap();
    assert!(game.is_legal(choice.mv));
    let analysis = agent.analyze(&game).unwrap();
    assert_eq!(analysis[0].1, choice.info.unwrap().score);
}

#[test]
fn best_keeps_the_value_where_the_solver_answers_in_time() {
    let mut rng = Rng::new(5);
    let mut checked = 0;
    for (m, n, empty) in [(3, 3, false), (4, 2, true)] {
        let start = Kalah::new(m, n, empty).unwrap();
        let mut memo = Memo::new();
        // A generous move time: the solver answers every position of this game at once.
        let mut agent = build_agent(&start, "hybrid(movetime=20s,solve=127)").unwrap();
        for round in 0..4 {
            agent.new_game(round);
            let mut game = start;
            let side = if round % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            while !game.outcome().is_over() {
                let mv = if game.to_move() == side {
                    let mv = agent.choose(&game, &mut Turn::new()).unwrap().mv;
                    assert!(
                        keeping(&game, &mut memo).iter().any(|&(k, _)| k == mv),
                        "kalah({m},{n},{empty}) {}: {mv} gives the value away",
                        game.board_string()
                    );
                    checked += 1;
                    mv
                } else {
                    let moves = game.legal_move_list();
                    moves[rng.index(moves.len())]
                };
                game.play(mv).unwrap();
            }
        }
    }
    assert!(checked > 20, "{checked}");
}
