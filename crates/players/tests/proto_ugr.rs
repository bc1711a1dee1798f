//! The course protocol served by poda agents: a scripted conversation, garbage that gets an
//! error line and no crash, the time limit, and a whole game through the protocol that
//! matches the same agent played directly.

use poda_core::{Game, Rng, Turn};
use poda_games::kalah::{GreedyUgr, Kalah};
use poda_players::build_agent;
use poda_proto::ugr::driver::getmove_line;
use poda_proto::ugr::{serve, Session};
use std::io::Cursor;
use std::time::{Duration, Instant};

fn session(agent: &str) -> Session {
    let start = Kalah::default();
    Session::new(start, build_agent(&start, agent).unwrap(), "poda bot", 1)
}

fn converse(agent: &str, input: &str) -> Vec<String> {
    let mut s = session(agent);
    let mut out = Vec::new();
    serve(&mut s, Cursor::new(input.to_string()), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_scripted_conversation() {
    let replies = converse(
        "greedy-ugr",
        "GETNAME\nSETPLAYER 0\nTIMEOUT 2000\nPING\n\
         GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4\n\
         GETMOVE 0 0 1 5 5 5 0 4 4 0 4 4 4 4 4 4\n\
         END\nPING\n",
    );
    // The greedy bot plays 4 (an extra turn) then 1; nothing is answered after END.
    assert_eq!(replies, ["poda_bot", "OK", "OK", "PONG", "4", "1", "OK"]);
    assert_eq!(converse("random", "BADNAME\nPING\n"), ["OK"]);
}

#[test]
fn garbage_gets_an_error_line_and_the_session_goes_on() {
    let replies = converse(
        "greedy-ugr",
        "\nHELLO\nSETPLAYER 7\nGETMOVE 0 0 0 4 4\n\
         GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 5\n\
         GETMOVE 0 0 40 0 0 0 0 0 0 8 0 0 0 0 0 0\n\
         GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4\nEND\n",
    );
    assert_eq!(replies.len(), 8, "{replies:?}");
    for (i, r) in replies[..6].iter().enumerate() {
        assert!(r.starts_with("ERROR "), "line {i}: {r}");
    }
    assert!(replies[4].contains("49 seeds"), "{}", replies[4]);
    assert!(replies[5].contains("over"), "{}", replies[5]);
    assert_eq!(replies[6], "4");
    // Not UTF-8.
    let mut s = session("random");
    let mut out = Vec::new();
    serve(&mut s, Cursor::new(b"\xff\xfe\nPING\n".to_vec()), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with("ERROR") && text.ends_with("PONG\n"),
        "{text}"
    );
}

#[test]
fn random_garbage_never_crashes() {
    let mut rng = Rng::new(99);
    let words = [
        "GETMOVE",
        "SETPLAYER",
        "TIMEOUT",
        "PING",
        "GETNAME",
        "0",
        "1",
        "4",
        "7",
        "-1",
        "x",
        "99999999999999999999",
        "",
        "48",
        "6",
    ];
    let mut s = session("greedy-ugr");
    for _ in 0..20_000 {
        let n = rng.below(20) as usize;
        let line: Vec<&str> = (0..n).map(|_| words[rng.index(words.len())]).collect();
        let reply = s.handle(&line.join(" "));
        assert!(!reply.line.is_empty() && !reply.line.contains('\n'));
    }
}

#[test]
fn the_time_limit_stops_the_engine() {
    let mut s = session("engine(movetime=30s)");
    s.handle("TIMEOUT 300");
    let began = Instant::now();
    let reply = s.handle("GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4");
    let took = began.elapsed();
    assert!(
        ["1", "2", "3", "4", "5", "6"].contains(&reply.line.as_str()),
        "{reply:?}"
    );
    // Far below the engine's own 30 s: it was stopped near 85% of 300 ms.
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_game_through_the_protocol_matches_direct_play() {
    // Player 1 answers through the protocol, player 2 is called directly; the moves must be
    // those of the greedy bot on both sides.
    let start = Kalah::default();
    let mut s = session("greedy-ugr");
    let mut game = start;
    let mut direct = build_agent(&start, "greedy-ugr").unwrap();
    while !game.outcome().is_over() {
        let mv = if game.to_move() == poda_core::Player::First {
            let reply = s.handle(&getmove_line(&game, &[]));
            reply.line.parse::<u8>().unwrap()
        } else {
            direct.choose(&game, &mut Turn::new()).unwrap().mv
        };
        assert_eq!(Some(mv), GreedyUgr::pick(&game));
        game.play(mv).unwrap();
    }
}
