//! The misère wrapper on Connect 4: the conformance kit, a naive check (the naive Connect 4 of
//! the Connect 4 tests with its winner swapped, at every ply of seeded random games), perft,
//! spec strings and the negated evaluators.

#[path = "../connect4/naive.rs"]
#[allow(dead_code)]
mod naive;

use naive::Naive;
use poda_core::testing::Conformance;
use poda_core::{perft, Catalog, Game, Outcome, Player, Rng};
use poda_games::connect4::Connect4;
use poda_games::misere::{swap_winner, Misere, MAX_LISTED_EVALUATORS};
use poda_games::AnyGame;

#[test]
fn conformance_of_misere_connect4() {
    for (w, h) in [(7, 6), (8, 7)] {
        let mut kit = Conformance::new(Misere::new(Connect4::with_size(w, h).unwrap()));
        kit.games = 300;
        kit.seed = 9;
        kit.rebuild = Some(Box::new(|g: &Misere<Connect4>| {
            Misere::new(Connect4::from_board_string(&g.board_string()).unwrap())
        }));
        kit.all_moves = Some(Box::new(|g: &Misere<Connect4>| {
            (0..=g.inner().width() as u8).collect()
        }));
        kit.run();
    }
}

#[test]
fn random_games_agree_with_the_naive_connect4_winner_swapped() {
    let mut rng = Rng::new(21);
    let mut endings = [0; 3];
    for _ in 0..5000 {
        let mut game = Misere::new(Connect4::new());
        let mut naive = Naive::new(7, 6);
        loop {
            let expected = match naive.outcome() {
                Outcome::Win(p) => Outcome::Win(p.opponent()),
                other => other,
            };
            assert_eq!(game.outcome(), expected);
            assert_eq!(game.legal_move_list(), naive.legal_moves());
            assert_eq!(game.board_string(), naive.board_string());
            let legal = game.legal_move_list();
            if legal.is_empty() {
                endings[game.outcome().winner().map_or(2, |p| p.index())] += 1;
                break;
            }
            let mv = legal[rng.index(legal.len())];
            game.play(mv).unwrap();
            naive.play(mv);
        }
    }
    assert!(endings[0] > 0 && endings[1] > 0, "{endings:?}");
}

#[test]
fn the_player_who_makes_four_loses() {
    let (game, _) = poda_core::play_line(&Misere::new(Connect4::new()), "4455667").unwrap();
    assert_eq!(game.outcome(), Outcome::Win(Player::Second));
    assert_eq!(game.inner().outcome(), Outcome::Win(Player::First));
    assert_eq!(swap_winner(Outcome::Draw), Outcome::Draw);
    assert_eq!(swap_winner(Outcome::Ongoing), Outcome::Ongoing);
}

#[test]
fn perft_is_the_inner_games() {
    let game = Misere::new(Connect4::new());
    for depth in 1..=7 {
        assert_eq!(perft(&game, depth), perft(game.inner(), depth));
    }
    let (mid, _) = poda_core::play_line(&game, "4453").unwrap();
    assert_eq!(perft(&mid, 5), perft(mid.inner(), 5));
}

#[test]
fn specs_name_the_inner_game() {
    for (text, canonical) in [
        ("misere(connect4)", "misere(connect4)"),
        ("misere(game=connect_four())", "misere(connect4)"),
        (
            "misere(connect4(width=8,height=7))",
            "misere(connect4(width=8,height=7))",
        ),
    ] {
        let game = AnyGame::parse(text).unwrap();
        let AnyGame::MisereConnect4(g) = &game else {
            panic!("{text}: not a misère Connect 4")
        };
        assert_eq!(g.spec(), canonical);
        let again = AnyGame::parse(&g.spec()).unwrap();
        assert!(matches!(again, AnyGame::MisereConnect4(h) if h == *g));
    }
    for bad in [
        "misere",
        "misere()",
        "misere(connect4,connect4)",
        "misere(connect4,game=connect4)",
        "misere(hex)",
        "misere(desconecta4boom)",
        "misere(misere(connect4))",
        "misere(connect4,size=3)",
        "misere(connect4(width=3))",
    ] {
        assert!(AnyGame::parse(bad).is_err(), "{bad} should fail");
    }
}

#[test]
fn evaluators_are_the_inner_ones_negated() {
    let listed = Misere::<Connect4>::evaluators();
    let inner = Connect4::evaluators();
    assert!(inner.len() <= MAX_LISTED_EVALUATORS);
    assert_eq!(
        listed.iter().map(|e| e.name).collect::<Vec<_>>(),
        inner.iter().map(|e| e.name).collect::<Vec<_>>()
    );
    assert_eq!(Misere::<Connect4>::default_evaluator(), "threats");
    let mut rng = Rng::new(3);
    for _ in 0..300 {
        let mut game = Misere::new(Connect4::new());
        while !game.outcome().is_over() {
            for (entry, inner_entry) in listed.iter().zip(&inner) {
                let ours = (entry.build)(&game);
                let theirs = (inner_entry.build)(game.inner());
                let by_name = game.evaluator(entry.name).unwrap();
                assert_eq!(ours.name(), theirs.name());
                for p in Player::BOTH {
                    let want = -theirs.evaluate(game.inner(), p);
                    assert_eq!(ours.evaluate(&game, p), want, "{}", entry.name);
                    assert_eq!(by_name.evaluate(&game, p), want, "{}", entry.name);
                }
            }
            let legal = game.legal_move_list();
            game.play_unchecked(legal[rng.index(legal.len())]);
        }
    }
    assert!(Misere::new(Connect4::new()).evaluator("nope").is_err());
}
