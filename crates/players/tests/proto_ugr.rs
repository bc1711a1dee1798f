//! The course protocol served by poda agents (`poda ugr-bot`): the real referee's recorded
//! messages answered as the kit's GreedyBot answered them, messages split over lines however
//! a sender likes, garbage that gets an error line and no crash, the time limit, and a whole
//! game through the protocol that matches the same agent played directly.

#[path = "../../proto/tests/common/transcript.rs"]
#[allow(dead_code)] // each test uses part of it
mod transcript;

use poda_core::{Game, Rng, Turn};
use poda_games::kalah::{GreedyUgr, Kalah};
use poda_players::build_agent;
use poda_proto::ugr::{serve, Command, Session};
use std::io::Cursor;
use std::time::{Duration, Instant};

fn session(agent: &str, name: &str) -> Session {
    let start = Kalah::default();
    Session::new(start, build_agent(&start, agent).unwrap(), name, 1)
}

fn converse_bytes(agent: &str, input: &[u8]) -> Vec<String> {
    let mut s = session(agent, "poda bot");
    let mut out = Vec::new();
    serve(&mut s, Cursor::new(input.to_vec()), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn converse(agent: &str, input: &str) -> Vec<String> {
    converse_bytes(agent, input.as_bytes())
}

/// Every seat where the kit's GreedyBot played, in every recorded run.
const GREEDY_SEATS: [&str; 10] = [
    "greedy-p1-vs-random-p2.p1",
    "random-p1-vs-greedy-p2.p2",
    "greedy-p1-vs-random-p2-no-t.p1",
    "hello-p1-vs-greedy-p2.p2",
    "silent-p1-vs-greedy-p2.p2",
    "crash-p1-vs-greedy-p2.p2",
    "notimeoutreply-p1-vs-greedy-p2.p2",
    "outofrange-p1-vs-greedy-p2.p2",
    "emptypit-p1-vs-greedy-p2.p2",
    "exit-p1-vs-greedy-p2.p2",
];

#[test]
fn the_referees_recorded_messages_get_greedybots_recorded_answers() {
    let mut moves_checked = 0;
    for seat in GREEDY_SEATS {
        for (proc, conv) in transcript::read(seat) {
            let input: String = conv.referee.concat();
            let mut s = session("greedy-ugr", "GreedyBot");
            let mut out = Vec::new();
            serve(&mut s, Cursor::new(input.into_bytes()), &mut out).unwrap();
            let answers: Vec<String> = String::from_utf8(out)
                .unwrap()
                .lines()
                .map(str::to_string)
                .collect();
            // The kit's bot answers every message up to END (none after it), poda too: the
            // same lines, moves included (greedy-ugr is GreedyBot's rule).
            assert_eq!(answers, conv.bot, "{seat}, process {proc}");
            moves_checked += conv.referee.iter().filter(|c| *c == "GETMOVE\n").count();
        }
    }
    assert!(
        moves_checked > 40,
        "only {moves_checked} moves in the transcripts"
    );
}

#[test]
fn the_randombot_seats_get_legal_moves_from_any_agent() {
    for seat in [
        "greedy-p1-vs-random-p2.p2",
        "random-p1-vs-greedy-p2.p1",
        "greedy-p1-vs-random-p2-no-t.p2",
    ] {
        for (_, conv) in transcript::read(seat) {
            let input = conv.referee.concat();
            for agent in ["random", "best(movetime=20ms)"] {
                let answers = converse(agent, &input);
                assert_eq!(answers.len(), conv.bot.len(), "{seat} {agent}");
                for (mine, theirs) in answers.iter().zip(&conv.bot) {
                    if theirs.parse::<u8>().is_ok() {
                        let k: u8 = mine.parse().unwrap_or_else(|_| panic!("{mine}"));
                        assert!((1..=6).contains(&k), "{seat} {agent}: {mine}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_scripted_conversation_split_any_way() {
    let expected = ["PONG", "poda_bot", "poda_bot", "OK", "4", "1", "OK"];
    let messages = [
        "PING",
        "GETNAME",
        "TIMEOUT 2000",
        "SETPLAYER 0",
        "GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4",
        "GETMOVE 0 0 1 5 5 5 0 4 4 0 4 4 4 4 4 4",
        "END",
        "PING",
    ];
    // One message a line, the referee's splits, all on one line, a word a line.
    let one_a_line = messages.join("\n") + "\n";
    let referee = messages
        .join("\n")
        .replacen("TIMEOUT ", "TIMEOUT\n", 1)
        .replacen("SETPLAYER ", "SETPLAYER\n", 1)
        .replace("GETMOVE ", "GETMOVE\n");
    let one_line = messages.join(" ");
    let word_a_line = one_line.replace(' ', "\r\n");
    for input in [one_a_line, referee, one_line, word_a_line] {
        // The greedy bot plays 4 (an extra turn) then 1; TIMEOUT repeats the previous
        // answer as the kit does; nothing is answered after END.
        assert_eq!(converse("greedy-ugr", &input), expected, "{input:?}");
    }
    assert_eq!(converse("random", "BADNAME\nPING\n"), ["OK"]);
    // TIMEOUT before any other message repeats nothing: an empty line.
    assert_eq!(converse("random", "TIMEOUT\n100\nPING\n"), ["", "PONG"]);
}

#[test]
fn garbage_gets_one_error_line_each_and_the_session_goes_on() {
    let replies = converse(
        "greedy-ugr",
        "\nHELLO 5 6\nSETPLAYER\n7\nGETMOVE 0 0 0 4 4\n\
         GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 5\n\
         GETMOVE 0 0 40 0 0 0 0 0 0 8 0 0 0 0 0 0\n\
         GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4\nEND\n",
    );
    assert_eq!(replies.len(), 7, "{replies:?}");
    for (i, r) in replies[..5].iter().enumerate() {
        assert!(r.starts_with("ERROR "), "line {i}: {r}");
    }
    assert!(
        replies[0].contains("unknown command 'HELLO'"),
        "{}",
        replies[0]
    );
    assert!(
        replies[2].contains("'GETMOVE' came before"),
        "{}",
        replies[2]
    );
    assert!(replies[3].contains("49 seeds"), "{}", replies[3]);
    assert!(replies[4].contains("over"), "{}", replies[4]);
    assert_eq!(replies[5], "4");
    assert_eq!(replies[6], "OK");
    // Bytes that are not UTF-8, a huge token, input that ends inside a message.
    let mut input = b"\xff\xfe\nPING\n".to_vec();
    input.extend(std::iter::repeat_n(b'9', 1 << 20));
    input.extend_from_slice(b"\nPING\nGETMOVE\n0 0");
    let replies = converse_bytes("random", &input);
    assert_eq!(replies.len(), 5, "{replies:?}");
    assert!(
        replies[0].starts_with("ERROR unknown command"),
        "{}",
        replies[0]
    );
    assert_eq!(replies[1], "PONG");
    assert!(
        replies[2].starts_with("ERROR unknown command '9999"),
        "{}",
        replies[2]
    );
    assert!(replies[2].len() < 200, "{}", replies[2]);
    assert_eq!(replies[3], "PONG");
    assert!(replies[4].contains("input ended"), "{}", replies[4]);
}

#[test]
fn random_garbage_never_crashes_and_answers_each_message_once() {
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
        "48",
        "6",
        "\n",
    ];
    let mut s = session("greedy-ugr", "poda");
    for _ in 0..5_000 {
        let n = rng.below(30) as usize;
        let text: Vec<&str> = (0..n).map(|_| words[rng.index(words.len())]).collect();
        let text = text.join(" ");
        let replies = s.handle(&text);
        let commands = text
            .split_whitespace()
            .filter(|w| ["GETMOVE", "SETPLAYER", "TIMEOUT", "PING", "GETNAME"].contains(w))
            .count();
        // At most one answer a command word, and one error for each run of junk (at the start
        // or after a message).
        assert!(replies.len() <= 2 * commands + 1, "{text:?}: {replies:?}");
        for r in replies {
            assert!(!r.line.contains('\n'), "{text:?}: {r:?}");
        }
    }
}

#[test]
fn the_time_limit_stops_the_engine() {
    let mut s = session("engine(movetime=30s)", "poda");
    let began = Instant::now();
    let replies = s.handle("TIMEOUT\n300\nGETMOVE\n0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4\n");
    let took = began.elapsed();
    let pit = &replies.last().expect("an answer").line;
    assert!(
        ["1", "2", "3", "4", "5", "6"].contains(&pit.as_str()),
        "{replies:?}"
    );
    // Far below the engine's own 30 s: it was stopped near 85% of 300 ms.
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_game_through_the_protocol_matches_direct_play() {
    // Player 1 answers through the protocol, player 2 is called directly; the moves must be
    // those of the greedy bot on both sides.
    let start = Kalah::default();
    let mut s = session("greedy-ugr", "poda");
    let mut game = start;
    let mut direct = build_agent(&start, "greedy-ugr").unwrap();
    while !game.outcome().is_over() {
        let mv = if game.to_move() == poda_core::Player::First {
            let replies = s.handle(&Command::get_move(&game, &[]).wire());
            replies[0].line.parse::<u8>().unwrap()
        } else {
            direct.choose(&game, &mut Turn::new()).unwrap().mv
        };
        assert_eq!(Some(mv), GreedyUgr::pick(&game));
        game.play(mv).unwrap();
    }
}
