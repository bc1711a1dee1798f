//! The bot's side: a poda agent playing as a course bot (`poda ugr-bot AGENT`).
//!
//! Messages are read as tokens, however the referee splits them into lines, and answered
//! one line each as the kit's `SimulatorLink` does: `GETNAME` the name, `SETPLAYER` and `END`
//! `OK`, `PING` `PONG`, `GETMOVE` the agent's pit, and `TIMEOUT` the previous answer again
//! (the kit does not set a new one; the referee reads that line and throws it away; an
//! empty line if nothing was answered yet). A message that cannot be read, or a `GETMOVE`
//! whose board is not a position of the game, gets `ERROR <reason>`; the session goes on at
//! the next command word. The position is rebuilt from the board each time (the opponent's
//! moves are read and otherwise ignored, as the kit's bots do). With a `TIMEOUT`, the
//! agent's search is told to stop at [`TIME_SHARE`] of the limit less [`TIME_MARGIN`]
//! (the referee allows the limit plus 500 ms).

use super::command::{read_command, skip_to_command, Command};
use super::tokens::Tokens;
use poda_core::{Agent, Game, Player, Turn};
use poda_games::kalah::Kalah;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Share of the referee's per-move limit the agent may use.
pub const TIME_SHARE: f64 = 0.85;
/// Kept free of the per-move limit for answering and process scheduling.
pub const TIME_MARGIN: Duration = Duration::from_millis(30);
/// How often the time keeper checks whether the agent answered.
const WATCH_STEP: Duration = Duration::from_millis(5);

/// An answer, and whether the session ends after it.
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
    /// The last answer, which `TIMEOUT` repeats.
    previous: String,
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
    /// become `_`: the course's names are one word); `seed` starts the agent's game.
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
            previous: String::new(),
        }
    }

    /// The pits a side of this session's board.
    pub fn pits(&self) -> usize {
        self.template.pits()
    }

    /// Reads and answers every message in `text` (for tests and tools): the answers, one
    /// each, up to the one that ends the session.
    pub fn handle(&mut self, text: &str) -> Vec<Reply> {
        let mut out = Vec::new();
        let _ = self.serve_into(text.as_bytes(), |r| {
            out.push(r.clone());
            Ok(())
        });
        out
    }

    /// Runs one message.
    pub fn run(&mut self, command: Command) -> Reply {
        let reply = match command {
            Command::GetName => Reply::line(self.name.clone()),
            Command::SetPlayer(p) => {
                self.player = Some(p);
                Reply::line("OK")
            }
            Command::Timeout(t) => {
                // The referee sends 0 without `-t`, and then waits up to an hour.
                self.timeout = (!t.is_zero()).then_some(t);
                Reply::line(self.previous.clone())
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
        };
        self.previous = reply.line.clone();
        reply
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

    /// Reads messages from `input` until `END`, `BADNAME` or the end of the input, giving
    /// each answer to `answer`.
    fn serve_into(
        &mut self,
        input: impl BufRead,
        mut answer: impl FnMut(&Reply) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut tokens = Tokens::new(input);
        let pits = self.pits();
        while let Some(message) = read_command(&mut tokens, pits)? {
            let reply = match message {
                Ok(command) => self.run(command),
                Err(e) => Reply::line(format!("ERROR {e}")),
            };
            answer(&reply)?;
            if reply.last {
                break;
            }
            if reply.line.starts_with("ERROR ") {
                skip_to_command(&mut tokens)?;
            }
        }
        Ok(())
    }
}

/// Serves the protocol: reads messages from `input` until `END`, `BADNAME` or the end of the
/// input, answering each with one line on `output` (flushed after every line).
pub fn serve(session: &mut Session, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    session.serve_into(input, |reply| {
        writeln!(output, "{}", reply.line)?;
        output.flush()
    })
}
