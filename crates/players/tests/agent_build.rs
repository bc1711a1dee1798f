//! Building an agent only reads its spec: tables are made when the agent first plays (its
//! `new_game` or first move). Checking a spec (the protocol's `param_poda agent`, a
//! tournament's `--resume`) builds agents that never play; with the largest tables a spec
//! accepts (64 GiB), a build that made its table would not fit in memory (found by the fuzz
//! targets, where `perfect(tt=1024)` took 5.4 s to build and `engine(tt=1024)` 2.6 s).

use poda_core::{Game, Turn};
use poda_games::connect4::Connect4;
use poda_games::kalah::Kalah;
use poda_games::misere::Misere;
use poda_players::build_agent;

const BIG: &str = "65536";

#[test]
fn the_largest_tables_are_not_made_by_building() {
    let c4 = Connect4::new();
    for spec in ["engine", "perfect", "hybrid"] {
        build_agent(&c4, &format!("{spec}(tt={BIG})")).expect(spec);
    }
    build_agent(&Misere::new(c4), &format!("hybrid(tt={BIG})")).expect("misère hybrid");
    let kalah = Kalah::new(6, 4, false).unwrap();
    build_agent(&kalah, &format!("engine(tt={BIG})")).expect("kalah engine");
    build_agent(&kalah, "hybrid(tt=16384)").expect("kalah hybrid");
}

#[test]
fn a_lazily_made_table_plays_as_before() {
    // The same moves whether the table is made by new_game or by the first move.
    let game = Connect4::new().play_moves("4453").unwrap();
    for spec in ["perfect(tt=1)", "engine(depth=6,tt=1)"] {
        let mut fresh = build_agent(&game, spec).unwrap();
        let mut started = build_agent(&game, spec).unwrap();
        started.new_game(0);
        let a = fresh.choose(&game, &mut Turn::default()).unwrap().mv;
        let b = started.choose(&game, &mut Turn::default()).unwrap().mv;
        assert_eq!(a, b, "{spec}");
        assert!(game.is_legal(a));
    }
    // Time-limited: only a legal move is certain.
    let mut agent = build_agent(&game, "hybrid(movetime=50ms,tt=1)").unwrap();
    let mv = agent.choose(&game, &mut Turn::default()).unwrap().mv;
    assert!(game.is_legal(mv));
    let misere = Misere::new(Connect4::new());
    let mut agent = build_agent(&misere, "hybrid(movetime=50ms,tt=1)").unwrap();
    let mv = agent.choose(&misere, &mut Turn::default()).unwrap().mv;
    assert!(misere.is_legal(mv));
}
