//! Targets for the protocol loops: `poda engine`, `poda htp` and `poda ugr-bot` sessions fed
//! arbitrary bytes (partial lines, long lines, no final newline, input that ends anywhere).
//!
//! Each message must be answered within [`ANSWER_LIMIT`] (a session may hold thousands).
//! Agents are kept cheap: every agent spec a session is given is built for real (so a bad
//! spec is refused as it would be), then `random` answers `genmove` in its place, so no input
//! starts a program or a long search.

use super::split;
use poda_core::Agent;
use poda_games::kalah::Kalah;
use poda_games::{with_game, AnyGame};
use poda_players::{build_agent, PlayerGame};
use poda_proto::bounded::MAX_LINE;
use poda_proto::gtp::command::{parse_line, Command};
use poda_proto::gtp::session::{GameSession, Session, SessionFactory};
use poda_proto::{serve, Dialect, Engine, EngineOptions};
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// Builds the agent `spec` names (refusing it as `poda engine` would), then plays `random`.
fn cheap<G: PlayerGame>(game: &G, spec: &str) -> Result<Box<dyn Agent<G>>, String> {
    build_agent(game, spec).map_err(|e| e.to_string())?;
    build_agent(game, "random").map_err(|e| e.to_string())
}

/// Opens sessions whose agents are [`cheap`].
struct CheapSessions;

impl SessionFactory for CheapSessions {
    fn open(
        &self,
        game: AnyGame,
        dialect: Dialect,
        agent: &str,
        seed: u64,
    ) -> Result<Box<dyn Session>, String> {
        with_game!(game, start => {
            GameSession::new(start, dialect, agent, seed, cheap)
                .map(|s| Box::new(s) as Box<dyn Session>)
        })
    }
}

/// The longest a session may take to answer a message.
pub const ANSWER_LIMIT: Duration = Duration::from_secs(1);

/// The output of a session, kept in memory, with the longest time between two answers (each
/// loop flushes after every answer): a long session passes if each message is answered in
/// time, however many there are.
struct Clocked {
    bytes: Vec<u8>,
    last: Instant,
    slowest: Duration,
}

impl Clocked {
    fn new() -> Clocked {
        Clocked {
            bytes: Vec::new(),
            last: Instant::now(),
            slowest: Duration::ZERO,
        }
    }

    fn lap(&mut self) {
        let now = Instant::now();
        self.slowest = self.slowest.max(now - self.last);
        self.last = now;
    }

    /// The answers, after checking the time of each (the last gap: lines after the last
    /// answer).
    fn finish(mut self) -> String {
        self.lap();
        assert!(
            self.slowest <= ANSWER_LIMIT,
            "a message took {:?} to answer",
            self.slowest
        );
        String::from_utf8(self.bytes).expect("answers are UTF-8")
    }
}

impl Write for Clocked {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.lap();
        Ok(())
    }
}

/// Start games of `poda engine` (poda specs and OpenSpiel strings).
const ENGINE_GAMES: &[&str] = &[
    "connect4",
    "connect_four",
    "connect4(width=5,height=4)",
    "desconecta4boom",
    "misere(connect4)",
    "misere(game=connect_four())",
    "kalah",
    "mancala",
    "kalah(pits=2,seeds=1)",
    "hex(size=3)",
];

/// Start games of `poda htp`.
const HTP_GAMES: &[&str] = &[
    "hex",
    "hex(size=1)",
    "hex(size=3,swap=true)",
    "hex(size=9)",
    "hex(size=19,swap=true)",
    "hex(board_size=5)",
];

/// Runs one session from a start game and a dialect choice; checks that every command line
/// (up to `quit`) got exactly one answer in GTP framing: `=` or `?`, a text without empty
/// lines, an empty line.
fn engine_loop(games: &[&str], data: &[u8]) {
    let (choice, input) = split(data);
    let options = EngineOptions {
        game: games[choice as usize % games.len()].to_string(),
        agent: "random".into(),
        dialect: match choice / 16 % 3 {
            0 => None,
            1 => Some(Dialect::Native),
            _ => Some(Dialect::OpenSpiel),
        },
        seed: 1,
    };
    let Ok(mut engine) = Engine::new(&options, Box::new(CheapSessions)) else {
        return;
    };
    let mut output = Clocked::new();
    serve(&mut engine, input, &mut output).expect("writing to memory cannot fail");
    let output = output.finish();
    let mut expected = 0;
    for raw in input.split(|&b| b == b'\n') {
        if raw.len() > MAX_LINE {
            expected += 1; // refused
            continue;
        }
        if let Some(line) = parse_line(&String::from_utf8_lossy(raw)) {
            expected += 1;
            if matches!(line.command, Ok(Command::Quit)) {
                break;
            }
        }
    }
    let answers: Vec<&str> = output.split("\n\n").collect();
    assert_eq!(answers.last(), Some(&""), "output ends inside an answer");
    assert_eq!(answers.len() - 1, expected, "answers: {output:?}");
    for answer in &answers[..answers.len() - 1] {
        assert!(
            answer.starts_with('=') || answer.starts_with('?'),
            "not an answer: {answer:?}"
        );
    }
}

/// `poda engine` sessions.
pub fn engine_session(data: &[u8]) {
    engine_loop(ENGINE_GAMES, data);
}

/// `poda htp` sessions (Hex, HTP's conventions).
pub fn htp_session(data: &[u8]) {
    engine_loop(HTP_GAMES, data);
}

/// `poda ugr-bot` sessions on Kalah games of several sizes (the messages are read as tokens).
/// Property: answers stay short whatever the input (a bad token is quoted cut).
pub fn ugr_session(data: &[u8]) {
    let (choice, input) = split(data);
    let spec = ["kalah", "kalah(pits=1,seeds=1)", "kalah(pits=12,seeds=24)"][choice as usize % 3];
    let Ok(AnyGame::Kalah(start)) = AnyGame::parse(spec) else {
        unreachable!("a Kalah spec")
    };
    let agent = build_agent::<Kalah>(&start, "random").expect("random builds");
    let mut session = poda_proto::ugr::Session::new(start, agent, "fuzz", 1);
    let mut output = Clocked::new();
    poda_proto::ugr::serve(&mut session, input, &mut output).expect("writing to memory");
    let output = output.finish();
    for line in output.lines() {
        assert!(line.len() <= 512, "a long answer: {line:?}");
    }
}
