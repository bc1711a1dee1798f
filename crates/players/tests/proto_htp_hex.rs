//! HTP for Hex through the engine protocol: a scripted game as HexGui and benzene drive it,
//! benzene's swap-pieces translated through the colour frame, HexGui's way of swapping
//! (stones placed out of turn), boardsize, final_score in the program's colours.

use poda_players::PlayerSessions;
use poda_proto::{serve, Engine, EngineOptions};

fn run(game: &str, agent: &str, script: &str) -> Vec<String> {
    let options = EngineOptions {
        game: game.into(),
        agent: agent.into(),
        ..EngineOptions::default()
    };
    let mut engine = Engine::new(&options, Box::new(PlayerSessions)).expect("the engine starts");
    let mut out = Vec::new();
    serve(&mut engine, script.as_bytes(), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .split_terminator("\n\n")
        .map(str::to_string)
        .collect()
}

#[test]
fn a_whole_game_on_3x3() {
    // Black joins top to bottom down the b column: b1 b2 b3.
    let a = run(
        "hex(size=3)",
        "random",
        "boardsize 3\nplay b b1\nplay w a1\nplay black b2\nplay white a2\nfinal_score\n\
         play b b3\nfinal_score\ngenmove w\nundo\nfinal_score\n",
    );
    assert_eq!(
        a,
        [
            "= ",
            "= ",
            "= ",
            "= ",
            "= ",
            "? cannot score: the game is not over",
            "= ",
            "= B+",
            "? the game is over",
            "= ",
            "? cannot score: the game is not over"
        ]
    );
}

#[test]
fn benzene_swap_pieces_keeps_the_program_view() {
    let a = run(
        "hex(size=5,swap=true)",
        "alphabeta(depth=1)",
        "play b c2\nplay w swap-pieces\ngenmove b\nlegal_moves\ngenmove w\nplay b c2\nundo\nundo\n\
         legal_moves\n",
    );
    assert_eq!(a[0], "= ");
    assert_eq!(a[1], "= ");
    // benzene: after the swap White moves next, and the stone still stands on c2.
    assert!(a[2].starts_with("? it is w's turn"), "{}", a[2]);
    assert!(!a[3].contains(" c2 ") && a[3].contains("b3"), "{}", a[3]);
    let mv = a[4].strip_prefix("= ").unwrap().to_string();
    assert_ne!(mv, "c2");
    // c2 is taken in the program's view.
    assert!(a[5].starts_with("? illegal move"), "{}", a[5]);
    assert_eq!(a[6], "= ");
    assert_eq!(a[7], "= ");
    // Back before the swap: c2 holds Black's stone and White may swap.
    assert!(
        !a[8].contains("c2") && a[8].ends_with(" swap-pieces"),
        "{}",
        a[8]
    );
}

#[test]
fn hexgui_sets_up_positions_out_of_turn() {
    let a = run(
        "hex(size=4)",
        "random",
        "clear_board\nplay w b1\nplay w c1\nplay b a1\nshowboard\nboardsize 4 5\nboardsize 6 6\ngame\n",
    );
    assert_eq!(&a[..4], ["= ", "= ", "= ", "= ",]);
    assert!(a[4].contains("o  o"), "{}", a[4]);
    assert!(a[5].starts_with("? Hex boards are square"), "{}", a[5]);
    assert_eq!(a[6], "= ");
    assert_eq!(a[7], "= hex(size=6)");
}
