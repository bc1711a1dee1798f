//! The course's Mancala bot protocol, served by a poda agent (`poda ugr-bot <agent>`).
//!
//! The Universidad de Granada AI course (Práctica 3, 2017-18) runs each bot as a child process
//! and talks to it one line per message; the bot answers each with one line (see
//! `poda_arena::ugr_bot` for the driving side and the message table). Here each line is first
//! parsed into a [`Command`] ([`parse_command`], typed [`ParseError`]s), then run by a
//! [`Session`]:
//!
//! | command | answer |
//! |---|---|
//! | `GETNAME` | the bot's name |
//! | `SETPLAYER 0\|1` | `OK` |
//! | `TIMEOUT <ms>` | `OK` (the simulator ignores it); later moves answer within the limit |
//! | `PING` | `PONG` |
//! | `GETMOVE <n> <m1..mn> <turn> <G1> <J1_P1..Pm> <G2> <J2_P1..Pm>` | the agent's pit |
//! | `END`, `BADNAME` | `OK`, and the session ends |
//!
//! A line that is not a command, or a `GETMOVE` whose board is not a position of the game,
//! gets `ERROR <reason>` and the session goes on: nothing a simulator sends can crash it. The
//! position is rebuilt from the board each time (the opponent's moves are checked for form and
//! otherwise ignored, as the course's kit does). With a `TIMEOUT`, the agent's search is told
//! to stop at [`TIME_SHARE`] of the limit less [`TIME_MARGIN`].

pub mod driver;

use poda_core::{Agent, Game, Player, Turn};
use poda_games::kalah::Kalah;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

/// Share of the simulator's per-move limit the agent may use.
pub const TIME_SHARE: f64 = 0.85;
/// Kept free of the per-move limit for answering and process scheduling.
pub const TIME_MARGIN: Duration = Duration::from_millis(30);
/// How often the time keeper checks whether the agent answered.
const WATCH_STEP: Duration = Duration::from_millis(5);

/// One message of the simulator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    GetName,
    SetPlayer(Player),
    Timeout(Duration),
    Ping,
    GetMove {
        /// The opponent's moves since the bot last moved.
        opponent_moves: Vec<u8>,
        turn: Player,
        /// Player 1's store and pits P1..Pm, then player 2's.
        first: Vec<u16>,
        second: Vec<u16>,
    },
    End,
    BadName,
}

/// A line that is not a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("empty line")]
    Empty,
    #[error("unknown command '{0}'")]
    Unknown(String),
    #[error("{command}: missing {what}")]
    Missing { command: &'static str, what: String },
    #[error("{command}: '{token}' is not {what}")]
    Bad {
        command: &'static str,
        token: String,
        what: &'static str,
    },
    #[error("{command}: unexpected '{token}' after the command")]
    Extra {
        command: &'static str,
        token: String,
    },
}

/// Parses one line for a board of `pits` pits a side.
pub fn parse_command(line: &str, pits: usize) -> Result<Command, ParseError> {
    let mut words = line.split_whitespace();
    let Some(name) = words.next() else {
        return Err(ParseError::Empty);
    };
    let command = match name {
        "GETNAME" => Command::GetName,
        "PING" => Command::Ping,
        "END" => Command::End,
        "BADNAME" => Command::BadName,
        "SETPLAYER" => Command::SetPlayer(player(&mut words, "SETPLAYER", "a player")?),
        "TIMEOUT" => {
            let ms: u64 = number(&mut words, "TIMEOUT", "a time in milliseconds")?;
            Command::Timeout(Duration::from_millis(ms))
        }
        "GETMOVE" => {
            let n: usize = number(&mut words, "GETMOVE", "a count of moves")?;
            let mut opponent_moves = Vec::new();
            for _ in 0..n {
                let mv: u8 = number(&mut words, "GETMOVE", "a move")?;
                if !(1..=pits).contains(&(mv as usize)) {
                    return Err(ParseError::Bad {
                        command: "GETMOVE",
                        token: mv.to_string(),
                        what: "a pit",
                    });
                }
                opponent_moves.push(mv);
            }
            let turn = player(&mut words, "GETMOVE", "a player")?;
            let mut side = || -> Result<Vec<u16>, ParseError> {
                (0..=pits)
                    .map(|_| number(&mut words, "GETMOVE", "a seed count"))
                    .collect()
            };
            let first = side()?;
            let second = side()?;
            Command::GetMove {
                opponent_moves,
                turn,
                first,
                second,
            }
        }
        other => return Err(ParseError::Unknown(other.to_string())),
    };
    let command_name = match &command {
        Command::GetName => "GETNAME",
        Command::SetPlayer(_) => "SETPLAYER",
        Command::Timeout(_) => "TIMEOUT",
        Command::Ping => "PING",
        Command::GetMove { .. } => "GETMOVE",
        Command::End => "END",
        Command::BadName => "BADNAME",
    };
    match words.next() {
        Some(token) => Err(ParseError::Extra {
            command: command_name,
            token: token.to_string(),
        }),
        None => Ok(command),
    }
}

fn number<'a, T: std::str::FromStr>(
    words: &mut impl Iterator<Item = &'a str>,
    command: &'static str,
    what: &'static str,
) -> Result<T, ParseError> {
    let token = words.next().ok_or_else(|| ParseError::Missing {
        command,
        what: what.to_string(),
    })?;
    token.parse().map_err(|_| ParseError::Bad {
        command,
        token: token.to_string(),
        what,
    })
}

fn player<'a>(
    words: &mut impl Iterator<Item = &'a str>,
    command: &'static str,
    what: &'static str,
) -> Result<Player, ParseError> {
    let token = words.next().ok_or_else(|| ParseError::Missing {
        command,
        what: what.to_string(),
    })?;
    match token {
        "0" => Ok(Player::First),
        "1" => Ok(Player::Second),
        _ => Err(ParseError::Bad {
            command,
            token: token.to_string(),
            what: "0 or 1",
        }),
    }
}

/// What to do after a line: answer it, and possibly end the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub line: String,
    pub last: bool,
}

impl Reply {
    fn line(text: impl Into<String>) -> Reply {
        Reply {
            line: text.into(),
            last: false,
        }
    }
}

/// A poda agent playing one game as a course bot.
pub struct Session {
    template: Kalah,
    agent: Box<dyn Agent<Kalah>>,
    name: String,
    player: Option<Player>,
    timeout: Option<Duration>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("name", &self.name)
            .field("agent", &self.agent.name())
            .field("player", &self.player)
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl Session {
    /// A session for positions of `template`'s game, answering `GETNAME` with `name` (blanks
    /// become `_`, the course's names are one word); `seed` starts the agent's game.
    pub fn new(template: Kalah, mut agent: Box<dyn Agent<Kalah>>, name: &str, seed: u64) -> Self {
        agent.new_game(seed);
        let name: String = name
            .chars()
            .map(|c| if c.is_whitespace() { '_' } else { c })
            .collect();
        Session {
            template,
            agent,
            name: if name.is_empty() { "poda".into() } else { name },
            player: None,
            timeout: None,
        }
    }

    /// Parses and runs one line.
    pub fn handle(&mut self, line: &str) -> Reply {
        match parse_command(line, self.template.pits()) {
            Ok(command) => self.run(command),
            Err(e) => Reply::line(format!("ERROR {e}")),
        }
    }

    /// Runs one command.
    pub fn run(&mut self, command: Command) -> Reply {
        match command {
            Command::GetName => Reply::line(self.name.clone()),
            Command::SetPlayer(p) => {
                self.player = Some(p);
                Reply::line("OK")
            }
            Command::Timeout(t) => {
                self.timeout = Some(t);
                Reply::line("OK")
            }
            Command::Ping => Reply::line("PONG"),
            Command::End | Command::BadName => Reply {
                line: "OK".into(),
                last: true,
            },
            Command::GetMove {
                turn,
                first,
                second,
                ..
            } => match self.template.with_sides(&first, &second, turn) {
                Err(e) => Reply::line(format!("ERROR {e}")),
                Ok(game) if game.outcome().is_over() => {
                    Reply::line("ERROR the game is over: no pit holds seeds")
                }
                Ok(game) => Reply::line(self.choose(&game).to_string()),
            },
        }
    }

    /// The agent's move, within the time limit; the first legal pit if the agent fails.
    fn choose(&mut self, game: &Kalah) -> u8 {
        let stop = AtomicBool::new(false);
        let done = AtomicBool::new(false);
        let budget = self.timeout.map(|t| {
            t.mul_f64(TIME_SHARE)
                .saturating_sub(TIME_MARGIN)
                .max(Duration::from_millis(1))
        });
        let agent = &mut self.agent;
        let choice = std::thread::scope(|scope| {
            if let Some(budget) = budget {
                let (stop, done) = (&stop, &done);
                scope.spawn(move || {
                    let deadline = Instant::now() + budget;
                    while !done.load(Ordering::Relaxed) {
                        let now = Instant::now();
                        if now >= deadline {
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                        std::thread::sleep(WATCH_STEP.min(deadline - now));
                    }
                });
            }
            let mut turn = Turn {
                stop: Some(&stop),
                progress: None,
                time_left: None,
            };
            let choice = agent.choose(game, &mut turn);
            done.store(true, Ordering::Relaxed);
            choice
        });
        match choice {
            Ok(c) if game.is_legal(c.mv) => c.mv,
            _ => game.legal_move_list()[0],
        }
    }
}

/// Serves the protocol: reads lines from `input` until `END`, `BADNAME` or the end of the
/// input, answering each on `output` (flushed after every line).
pub fn serve(session: &mut Session, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            // Bytes that are not UTF-8: a garbage line like any other.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                writeln!(output, "ERROR the line is not UTF-8 text")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        let reply = session.handle(&line);
        writeln!(output, "{}", reply.line)?;
        output.flush()?;
        if reply.last {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        let p = |l: &str| parse_command(l, 6);
        assert_eq!(p("GETNAME"), Ok(Command::GetName));
        assert_eq!(p("  PING  "), Ok(Command::Ping));
        assert_eq!(p("SETPLAYER 1"), Ok(Command::SetPlayer(Player::Second)));
        assert_eq!(
            p("TIMEOUT 2000"),
            Ok(Command::Timeout(Duration::from_secs(2)))
        );
        assert_eq!(
            p("GETMOVE 2 3 4 1 1 0 4 4 4 4 4 0 4 4 4 5 5 5"),
            Ok(Command::GetMove {
                opponent_moves: vec![3, 4],
                turn: Player::Second,
                first: vec![1, 0, 4, 4, 4, 4, 4],
                second: vec![0, 4, 4, 4, 5, 5, 5],
            })
        );
        assert_eq!(p(""), Err(ParseError::Empty));
        assert_eq!(p("HELLO"), Err(ParseError::Unknown("HELLO".into())));
        assert!(matches!(p("SETPLAYER 2"), Err(ParseError::Bad { .. })));
        assert!(matches!(p("SETPLAYER"), Err(ParseError::Missing { .. })));
        assert!(matches!(p("TIMEOUT -5"), Err(ParseError::Bad { .. })));
        assert!(matches!(p("PING PONG"), Err(ParseError::Extra { .. })));
        assert!(matches!(
            p("GETMOVE 1 7 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4"),
            Err(ParseError::Bad { .. })
        ));
        assert!(matches!(
            p("GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4"),
            Err(ParseError::Missing { .. })
        ));
        assert!(matches!(
            p("GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4 9"),
            Err(ParseError::Extra { .. })
        ));
        assert!(matches!(
            p("GETMOVE 99999999999999999999 0"),
            Err(ParseError::Bad { .. })
        ));
    }
}
