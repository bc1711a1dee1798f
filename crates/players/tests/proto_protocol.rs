//! The engine protocol end to end: scripted sessions in both dialects, framing, ids, errors
//! that leave the engine running, and a fuzz of garbage lines.

use poda_core::Rng;
use poda_players::PlayerSessions;
use poda_proto::{serve, Engine, EngineOptions};

/// Runs `script` through a fresh engine and returns the answers (one per command line).
fn run(options: &EngineOptions, script: &str) -> Vec<String> {
    let mut engine = Engine::new(options, Box::new(PlayerSessions)).expect("the engine starts");
    let mut out = Vec::new();
    serve(&mut engine, script.as_bytes(), &mut out).expect("in-memory i/o");
    let text = String::from_utf8(out).expect("answers are UTF-8");
    assert!(text.is_empty() || text.ends_with("\n\n"), "{text:?}");
    text.split_terminator("\n\n").map(str::to_string).collect()
}

fn options(game: &str, agent: &str) -> EngineOptions {
    EngineOptions {
        game: game.into(),
        agent: agent.into(),
        ..EngineOptions::default()
    }
}

#[test]
fn a_whole_connect4_game_in_poda_notation() {
    let script = "protocol_version\nname\nplay b 4\nplay w 5\nplay b 4\nplay w 5\nplay b 4\n\
                  final_score\nplay w 5\nplay b 4\nfinal_score\nlegal_moves\ngenmove w\nplay w 1\n\
                  undo\nfinal_score\nlegal_moves\nquit\nname\n";
    let a = run(&options("connect4", "random"), script);
    assert_eq!(
        a,
        [
            "= 2",
            "= poda",
            "= ",
            "= ",
            "= ",
            "= ",
            "= ",
            "? cannot score: the game is not over",
            "= ",
            "= ",
            "= B+",
            "= ",
            "? the game is over",
            "? illegal move: the game is over",
            "= ",
            "? cannot score: the game is not over",
            "= 1 2 3 4 5 6 7",
            "= ",
        ],
        "quit ends the session: 'name' after it is not answered"
    );
}

#[test]
fn openspiel_dialect_reads_action_strings_and_ids() {
    let script = "play b x3\nplay w 3\nplay b o2\nplay w x2\nlegal_moves\nplay b 9\n\
                  play b x9\ngenmove b\ngame\n";
    let a = run(&options("connect_four", "alphabeta(depth=2)"), script);
    assert_eq!(
        &a[..4],
        [
            "= ",
            "= ",
            "? illegal move: bad move 'o2': not the action string of a legal move here",
            "? illegal move: bad move 'x2': not the action string of a legal move here"
        ]
    );
    assert_eq!(a[4], "= x0 x1 x2 x3 x4 x5 x6");
    assert!(
        a[5].starts_with("? ") && a[5].contains("action 9"),
        "{}",
        a[5]
    );
    assert!(a[6].starts_with("? "), "{}", a[6]);
    let mv = a[7].strip_prefix("= ").expect("a move");
    assert!(mv.len() == 2 && mv.starts_with('x'), "{mv}");
    assert_eq!(a[8], "= connect4");
}

#[test]
fn ids_are_echoed_on_success_and_failure() {
    let a = run(
        &options("connect4", "random"),
        "7 name\n8 frob\n9 play b 0\n 10 version\n",
    );
    assert_eq!(a[0], "=7 poda");
    assert_eq!(a[1], "?8 unknown command 'frob'");
    assert!(a[2].starts_with("?9 illegal move"), "{}", a[2]);
    assert!(a[3].starts_with("=10 "), "{}", a[3]);
}

#[test]
fn game_switching_boardsize_and_parameters() {
    let script = "boardsize 8 7\ngame\nboardsize 11\ngame nosuchgame\ngame\n\
                  param_poda agent alphabeta(depth=3)\nparam_poda\nparam_poda agent nosuch\n\
                  param_poda\ntime_settings 0 0.25 1\nparam_poda\nknown_command game\n\
                  known_command frob\nlist_commands\ntime_left b 30 0\ntime_left z 30 0\n";
    let a = run(&options("connect4", "engine(depth=4)"), script);
    assert_eq!(a[0], "= ");
    assert_eq!(a[1], "= connect4(width=8,height=7)");
    assert!(
        a[2].starts_with("? Connect 4 takes two numbers"),
        "{}",
        a[2]
    );
    assert!(a[3].starts_with("? game 'nosuchgame'"), "{}", a[3]);
    assert_eq!(
        a[4], "= connect4(width=8,height=7)",
        "a failed switch keeps the game"
    );
    assert_eq!(a[5], "= ");
    assert_eq!(
        a[6],
        "= [string] agent alphabeta(depth=3)\n[string] movetime -"
    );
    assert!(a[7].starts_with("? agent:"), "{}", a[7]);
    assert_eq!(a[8], a[6], "a failed change keeps the agent");
    assert_eq!(a[9], "= ");
    assert_eq!(
        a[10],
        "= [string] agent alphabeta(depth=3)\n[string] movetime 250ms"
    );
    assert_eq!(a[11], "= true");
    assert_eq!(a[12], "= false");
    assert!(
        a[13].contains("\ngenmove\n") && a[13].contains("param_poda"),
        "{}",
        a[13]
    );
    assert_eq!(a[14], "= ");
    assert!(a[15].starts_with("? 'z' is not a colour"), "{}", a[15]);
}

#[test]
fn showboard_has_no_blank_lines_and_shows_the_stones() {
    let a = run(&options("connect4", "random"), "play b 4\nshowboard\n");
    let board = a[1].strip_prefix("= \n").expect("board on the next lines");
    assert!(board.lines().all(|l| !l.trim().is_empty()));
    assert!(board.contains("| . . . x . . . |"), "{board}");
}

#[test]
fn genmove_plays_the_move_and_agents_see_every_move() {
    // An alpha-beta agent must block the three in column 4.
    let script = "play b 4\nplay w 1\nplay b 4\nplay w 1\nplay b 4\ngenmove w\nshowboard\n";
    let a = run(&options("connect4", "alphabeta(depth=3)"), script);
    assert_eq!(a[5], "= 4");
    assert!(a[6].contains("| . . . o . . . |"), "{}", a[6]);
}

#[test]
fn garbage_never_stops_the_engine() {
    let mut rng = Rng::new(2024);
    let pieces = [
        "play",
        "genmove",
        "b",
        "w",
        "x3",
        "4",
        "boardsize",
        "game",
        "hex(",
        "connect_four",
        "misere(game=connect_four())",
        "mancala",
        "13",
        "undo",
        "99999999999999999999",
        "-1",
        "\u{7f}",
        "é",
        "#",
        "time_settings",
        "param_poda",
        "agent",
        "movetime",
        "nan",
        "1e400",
        "\t",
        "\"",
        "=",
        "?",
        "final_score",
        "clear_board",
        "showboard",
        "legal_moves",
        "(",
        ")",
        "known_command",
    ];
    let mut script = String::new();
    let mut expected = 0;
    for _ in 0..2000 {
        let n = rng.below(6) as usize;
        let mut line = String::new();
        for _ in 0..n {
            line.push_str(pieces[rng.below(pieces.len() as u64) as usize]);
            line.push(if rng.below(4) == 0 { '\t' } else { ' ' });
        }
        if poda_proto::parse_line(&line).is_some() && !line.trim_start().starts_with("quit") {
            expected += 1;
        }
        script.push_str(&line);
        script.push('\n');
    }
    script.push_str("name\n");
    let a = run(&options("connect4", "random"), &script);
    assert_eq!(a.len(), expected + 1, "one answer per command line");
    assert!(a.iter().all(|x| x.starts_with('=') || x.starts_with('?')));
    assert_eq!(a.last().map(String::as_str), Some("= poda"));
    // Invalid UTF-8 and a very long line are answered too.
    let mut engine = Engine::new(&options("connect4", "random"), Box::new(PlayerSessions)).unwrap();
    let mut input = vec![0xff, 0xfe, b'p', b'l', b'a', b'y', b'\n'];
    input.extend(std::iter::repeat_n(b'a', 100_000));
    input.extend(b"\nname\n");
    let mut out = Vec::new();
    serve(&mut engine, &input[..], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text.matches("\n\n").count(),
        3,
        "{}",
        &text[..text.len().min(300)]
    );
    assert!(text.ends_with("= poda\n\n"));
}

#[test]
fn bad_start_options_are_errors() {
    assert!(Engine::new(&options("nosuch", "random"), Box::new(PlayerSessions)).is_err());
    assert!(Engine::new(&options("connect4", "nosuch"), Box::new(PlayerSessions)).is_err());
    let e = Engine::new(
        &options("connect4(width=8,height=7)", "random"),
        Box::new(PlayerSessions),
    );
    assert!(e.is_ok());
    let forced = EngineOptions {
        dialect: Some(poda_proto::Dialect::OpenSpiel),
        ..options("connect4(width=8,height=7)", "random")
    };
    let err = Engine::new(&forced, Box::new(PlayerSessions))
        .err()
        .expect("8x7 has no OpenSpiel counterpart");
    assert!(err.contains("OpenSpiel"), "{err}");
}

#[test]
fn a_line_too_long_is_refused_and_the_session_goes_on() {
    use poda_proto::bounded::MAX_LINE;
    // A line of MAX_LINE + 1 bytes, then a last line with no newline.
    let script = format!("name\n{}\nname\nversion", "x".repeat(MAX_LINE + 1));
    let a = run(&options("connect4", "random"), &script);
    assert_eq!(a.len(), 4, "{a:?}");
    assert_eq!(a[0], "= poda");
    assert!(a[1].starts_with("? line longer than"), "{}", a[1]);
    assert_eq!(a[2], "= poda");
    assert!(a[3].starts_with("= "));
    // A line of exactly MAX_LINE bytes is read (and is an unknown command).
    let a = run(&options("connect4", "random"), &"y".repeat(MAX_LINE));
    assert!(a[0].starts_with("? unknown command"), "{}", &a[0][..40]);
}
