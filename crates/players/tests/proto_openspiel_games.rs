//! OpenSpiel's `mancala` and `misere(game=connect_four())` through the engine protocol:
//! scripted sessions in OpenSpiel's action strings, as OpenSpiel's GTP bot drives poda.
//!
//! The mancala game below is a seeded random game that OpenSpiel 1.6.1 played (Python's
//! `random.Random(0)` choosing among `legal_actions()`); the boards and the result quoted are
//! OpenSpiel's, so this test holds poda to OpenSpiel's rules on a line with extra turns, a
//! capture and the end-of-game count.

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
    serve(&mut engine, script.as_bytes(), &mut out).expect("in-memory i/o");
    String::from_utf8(out)
        .expect("answers are UTF-8")
        .split_terminator("\n\n")
        .map(str::to_string)
        .collect()
}

/// OpenSpiel's 14 mancala cells read from poda's Kalah(6,4) drawing (see
/// `scripts/openspiel/crosscheck.py`): the second player's store and P1..P6 are cells 0 and
/// 13..8, the first player's P6..P1 and store are cells 1..6 and 7.
fn cells(showboard: &str) -> Vec<u32> {
    let rows: Vec<Vec<u32>> = showboard
        .lines()
        .filter(|l| l.contains('|'))
        .map(|l| {
            l.replace(['[', ']', '|'], " ")
                .split_whitespace()
                .map(|t| t.parse().expect("a seed count"))
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 2, "{showboard}");
    let (top, bottom) = (&rows[0], &rows[1]);
    assert_eq!((top.len(), bottom.len()), (7, 7), "{showboard}");
    let mut out = vec![top[0]];
    out.extend(bottom);
    out.extend(top[1..].iter().rev());
    out
}

/// The colour OpenSpiel's GTP bot names for an action: cells 1..6 are the first player's.
fn colour(action: u32) -> &'static str {
    if action <= 6 {
        "b"
    } else {
        "w"
    }
}

/// OpenSpiel 1.6.1, seed 0: 36 plies; the second player's ninth-ply move (cell 10) captures;
/// the first player wins 26-22.
const MANCALA_GAME: [u32; 36] = [
    4, 11, 1, 10, 13, 4, 12, 3, 11, 5, 12, 1, 13, 2, 10, 3, 8, 6, 10, 1, 11, 1, 8, 4, 10, 5, 8, 6,
    13, 2, 9, 13, 11, 4, 10, 1,
];
/// OpenSpiel's cells after the ninth ply.
const AFTER_CAPTURE: [u32; 14] = [12, 2, 0, 0, 2, 9, 8, 2, 6, 5, 1, 0, 0, 1];

#[test]
fn mancala_start_extra_turn_and_wrong_side() {
    let a = run(
        "mancala",
        "random",
        "game\nlegal_moves\nshowboard\nplay b 3\nlegal_moves\nplay w 8\nplay b 7\nplay b 0\n\
         play b 3\nplay b 6\nshowboard\nlegal_moves\ngenmove b\ngenmove w\n",
    );
    assert_eq!(a[0], "= kalah");
    // The first player's cells, P1 (cell 6, next to its store) first.
    assert_eq!(a[1], "= 6 5 4 3 2 1");
    assert_eq!(
        cells(&a[2]),
        [0, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4],
        "{}",
        a[2]
    );
    // Cell 3 holds 4 seeds: the last lands in the store, and the first player moves again
    // (the course's M4, rules file: extra turn).
    assert_eq!(a[3], "= ");
    assert_eq!(a[4], "= 6 5 4 2 1");
    assert!(
        a[5].starts_with("? illegal move"),
        "not the second player's turn: {}",
        a[5]
    );
    assert!(
        a[6].starts_with("? illegal move"),
        "the store is no pit: {}",
        a[6]
    );
    assert!(
        a[7].starts_with("? illegal move"),
        "nor is cell 0: {}",
        a[7]
    );
    assert!(
        a[8].starts_with("? illegal move"),
        "cell 3 is empty: {}",
        a[8]
    );
    // Cell 6 (5 seeds): the store, then the second player's cells 8..11.
    assert_eq!(a[9], "= ");
    assert_eq!(
        cells(&a[10]),
        [0, 4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4],
        "{}",
        a[10]
    );
    assert_eq!(a[11], "= 13 12 11 10 9 8");
    assert!(a[12].starts_with("? it is w's turn"), "{}", a[12]);
    let mv: u32 = a[13]
        .strip_prefix("= ")
        .and_then(|m| m.parse().ok())
        .expect("an action id");
    assert!((8..=13).contains(&mv), "{mv}");
}

#[test]
fn a_whole_mancala_game_as_openspiel_played_it() {
    let mut script = String::new();
    for (i, &action) in MANCALA_GAME.iter().enumerate() {
        script.push_str(&format!("play {} {action}\nfinal_score\n", colour(action)));
        if i + 1 == 9 {
            script.push_str("showboard\n");
        }
    }
    script.push_str("showboard\nlegal_moves\nplay b 1\nundo\nfinal_score\n");
    let a = run("mancala", "random", &script);
    let mut answers = a.iter();
    for (i, &action) in MANCALA_GAME.iter().enumerate() {
        let played = answers.next().unwrap();
        assert_eq!(played, "= ", "ply {i}: play {action}");
        let score = answers.next().unwrap();
        if i + 1 < MANCALA_GAME.len() {
            assert_eq!(score, "? cannot score: the game is not over", "ply {i}");
        } else {
            // The first player's pits and store hold 26 seeds, the second's 22.
            assert_eq!(score, "= B+");
        }
        if i + 1 == 9 {
            let board = answers.next().unwrap();
            assert_eq!(cells(board), AFTER_CAPTURE, "{board}");
        }
    }
    // poda moves the seeds left in the pits to their owners' stores (OpenSpiel counts them
    // where they lie: the same totals).
    let board = answers.next().unwrap();
    assert_eq!(
        cells(board),
        [22, 0, 0, 0, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0],
        "{board}"
    );
    assert_eq!(answers.next().unwrap(), "= ", "no legal moves at the end");
    assert!(answers.next().unwrap().starts_with("? illegal move"));
    // Undo takes the last move back: the game is open again.
    assert_eq!(answers.next().unwrap(), "= ");
    assert_eq!(
        answers.next().unwrap(),
        "? cannot score: the game is not over"
    );
}

#[test]
fn mancala_agents_answer_in_action_ids_for_both_sides() {
    // The engine plays itself to the end; every answer is a legal cell of the side to move.
    let mut script = String::new();
    for _ in 0..100 {
        script.push_str("legal_moves\ngenmove b\nlegal_moves\ngenmove w\n");
    }
    let a = run("mancala", "engine(depth=4)", &script);
    let mut moves = 0;
    for pair in a.chunks(2) {
        let (legal, answer) = (&pair[0], &pair[1]);
        let Some(mv) = answer.strip_prefix("= ") else {
            // Not this colour's turn (an extra turn), or the game is over.
            assert!(answer.starts_with("? "), "{answer}");
            continue;
        };
        let legal: Vec<&str> = legal.strip_prefix("= ").unwrap().split(' ').collect();
        assert!(legal.contains(&mv), "{mv} not in {legal:?}");
        moves += 1;
    }
    assert!(moves >= 20, "a whole game is played: {moves} moves");
    assert!(a.iter().any(|x| x == "? the game is over"));
}

#[test]
fn misere_connect_four_in_openspiel_action_strings() {
    let a = run(
        "misere(game=connect_four())",
        "alphabeta(depth=2)",
        "game\nlegal_moves\nplay b x0\nplay w o1\nplay b 0\nplay w o1\nplay b o0\nplay b x0\n\
         play w 1\nlegal_moves\nplay b x0\nfinal_score\nlegal_moves\nundo\ngenmove b\n",
    );
    assert_eq!(a[0], "= misere(connect4)");
    assert_eq!(a[1], "= x0 x1 x2 x3 x4 x5 x6");
    assert_eq!(&a[2..6], ["= ", "= ", "= ", "= "]);
    assert!(
        a[6].starts_with("? illegal move"),
        "the other mark: {}",
        a[6]
    );
    assert_eq!(&a[7..9], ["= ", "= "]);
    assert_eq!(a[9], "= x0 x1 x2 x3 x4 x5 x6");
    // Four in column 0: the first player made four in a row, so in misère it loses.
    assert_eq!(a[10], "= ");
    assert_eq!(a[11], "= W+");
    assert_eq!(a[12], "= ");
    assert_eq!(a[13], "= ");
    // Three x's in column 0: a depth-2 search sees that x0 loses at once and avoids it.
    let mv = a[14].strip_prefix("= ").expect("a move");
    assert!(mv.starts_with('x') && mv.len() == 2, "{mv}");
    assert_ne!(mv, "x0", "x0 makes four and loses the misère game");
}
