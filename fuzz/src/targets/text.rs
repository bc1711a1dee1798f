//! Targets for the parsers of text: specs, moves, boards, openings, solver lines, answers of
//! outside programs.

use super::{game, split};
use poda_core::notation::play_line;
use poda_core::spec::{parse_bool, parse_duration};
use poda_core::{Game, Player, Spec};
use poda_games::connect4::Connect4;
use poda_games::desconecta::DesConecta;
use poda_games::hex::Hex;
use poda_games::{with_game, AnyGame};
use poda_proto::gtp::hooks::openspiel::resolve_game;

fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Spec strings. Property: a parsed spec written out (its canonical form) reads back equal.
pub fn spec(data: &[u8]) {
    let text = text(data);
    if let Ok(spec) = Spec::parse(&text) {
        let written = spec.to_string();
        let again = Spec::parse(&written)
            .unwrap_or_else(|e| panic!("{spec:?} written as {written:?} does not parse: {e}"));
        assert_eq!(again, spec, "{written:?} reads back differently");
    }
    let _ = parse_duration(&text);
    let _ = parse_bool(&text);
}

/// Game specs and OpenSpiel game strings. Property: a game's canonical spec names the same
/// game.
pub fn game_spec(data: &[u8]) {
    let text = text(data);
    if let Ok(game) = AnyGame::parse(&text) {
        let canonical = with_game!(&game, g => g.spec());
        let again = AnyGame::parse(&canonical)
            .unwrap_or_else(|e| panic!("canonical spec {canonical:?} does not parse: {e}"));
        assert_eq!(with_game!(&again, g => g.spec()), canonical);
    }
    let _ = resolve_game(&text);
}

/// Agent specs, built for one of the games but never asked for a move: building must not
/// start a program or a search (`external` and `ugr-bot` start theirs at the first move).
pub fn agent_spec(data: &[u8]) {
    let (choice, rest) = split(data);
    let text = text(rest);
    with_game!(game(choice), g => {
        let _ = poda_players::build_agent(&g, &text);
    });
}

/// Move sequences in each game's notation. Properties: a move parsed and written reads back
/// the same; a legal sequence written in the game's compact notation replays to the same
/// position.
pub fn moves(data: &[u8]) {
    let (choice, rest) = split(data);
    let text = text(rest);
    with_game!(game(choice), g => {
        for token in g.split_moves(&text) {
            if let Ok(mv) = g.parse_move(token) {
                let written = g.format_move(mv);
                assert_eq!(g.parse_move(&written), Ok(mv), "{token:?} written as {written:?}");
            }
        }
        if let Ok((end, moves)) = play_line(&g, &text) {
            let written = g.format_moves(&moves);
            let (again, _) = play_line(&g, &written)
                .unwrap_or_else(|e| panic!("{text:?} written as {written:?}: {e}"));
            assert_eq!(again.hash(), end.hash(), "{text:?} written as {written:?}");
            assert_eq!(again.board_string(), end.board_string());
        }
    });
}

/// Board strings of each game. Property: a board read and written reads back the same.
pub fn boards(data: &[u8]) {
    let (choice, rest) = split(data);
    let text = text(rest);
    let player = if choice & 0x80 == 0 {
        Player::First
    } else {
        Player::Second
    };
    match choice % 6 {
        0 => {
            if let Ok(g) = Connect4::from_board_string(&text) {
                let again = Connect4::from_board_string(&g.board_string()).expect("reads back");
                assert_eq!(again.hash(), g.hash());
            }
        }
        1 => {
            let round = u32::from(choice / 6 % 8);
            if let Ok(g) = DesConecta::from_board_string(&text, player, round) {
                let (board, to_move, round) = g.to_setup();
                let again =
                    DesConecta::from_board_string(&board, to_move, round).expect("reads back");
                assert_eq!(again.hash(), g.hash());
            }
        }
        2 | 3 => {
            let swap = choice % 6 == 3;
            if let Ok(g) = Hex::from_board_string(&text, swap) {
                let again = Hex::from_board_string_to_move(&g.board_string(), swap, g.to_move())
                    .expect("reads back");
                assert_eq!(again.hash(), g.hash());
            }
            let _ = Hex::from_board_string_to_move(&text, swap, player);
        }
        _ => {
            let AnyGame::Kalah(start) = game(12 + choice / 6 % 4) else {
                unreachable!("games 12..16 are Kalah")
            };
            if let Ok(g) = start.with_board_string(&text, player) {
                let again = start
                    .with_board_string(&g.board_string(), g.to_move())
                    .expect("reads back");
                assert_eq!(again.board_string(), g.board_string());
            }
        }
    }
}

/// Openings files of each game.
pub fn openings(data: &[u8]) {
    let (choice, rest) = split(data);
    let text = text(rest);
    with_game!(game(choice), g => {
        let _ = poda_arena::parse_openings(&g, &text, "fuzz.txt");
    });
}

/// Lines of `poda solve`'s input (Pons' format: `<moves> [<score>]`); the solver is not run.
pub fn solve_lines(data: &[u8]) {
    for line in text(data).lines() {
        let _ = poda_solve::parse_line(line);
    }
}

/// What an outside program answers the engine-protocol client: an answer's lines.
pub fn gtp_reply(data: &[u8]) {
    let lines: Vec<String> = text(data).lines().map(str::to_string).collect();
    let _ = poda_proto::gtp::client::parse_reply(&lines);
}
