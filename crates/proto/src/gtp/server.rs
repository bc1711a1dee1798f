//! The protocol loop: read a line, parse it into a [`Command`], run it, answer in GTP framing.
//!
//! Success is `=`, the id if the command had one, one space, the result, and an empty line
//! (`= \n\n` for an empty result: HexGui rejects a bare `=`); failure is `?`, the id, a space
//! and a one-line message, then an empty line. A command that fails leaves the state as it
//! was. Nothing a client sends can stop the loop but `quit` or the end of input: as a last
//! line of defence a panic inside a command becomes a `?` answer too.

use super::command::{parse_line, Command, COMMAND_NAMES};
use super::hooks::openspiel::resolve_game;
use super::hooks::Dialect;
use super::session::{with_movetime, Session, SessionFactory};
use crate::bounded::{read_line, LineRead, MAX_LINE};
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

/// The engine's name in `name`.
pub const ENGINE_NAME: &str = "poda";
/// The agent that answers `genmove` unless told otherwise.
pub const DEFAULT_AGENT: &str = "best(movetime=1s)";

/// How the engine starts.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// A poda game spec or an OpenSpiel game string.
    pub game: String,
    pub agent: String,
    /// Force a dialect instead of the one the game's name implies.
    pub dialect: Option<Dialect>,
    pub seed: u64,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            game: "connect4".into(),
            agent: DEFAULT_AGENT.into(),
            dialect: None,
            seed: 1,
        }
    }
}

/// The engine's state between commands.
pub struct Engine {
    factory: Box<dyn SessionFactory>,
    session: Box<dyn Session>,
    /// The agent spec before any move-time setting was applied to it.
    base_agent: String,
    movetime: Option<Duration>,
    forced_dialect: Option<Dialect>,
    seed: u64,
}

/// A command's answer, or the message of its failure.
pub type Answer = Result<String, String>;

impl Engine {
    /// An engine whose sessions (and their agents) `factory` opens.
    pub fn new(
        options: &EngineOptions,
        factory: Box<dyn SessionFactory>,
    ) -> Result<Engine, String> {
        let session = new_session(
            factory.as_ref(),
            &options.game,
            options.dialect,
            &options.agent,
            options.seed,
        )?;
        Ok(Engine {
            factory,
            session,
            base_agent: options.agent.clone(),
            movetime: None,
            forced_dialect: options.dialect,
            seed: options.seed,
        })
    }

    /// The game's canonical poda spec.
    pub fn game_spec(&self) -> String {
        self.session.spec()
    }

    fn effective_agent(&self) -> String {
        match self.movetime {
            Some(t) => with_movetime(&self.base_agent, t),
            None => self.base_agent.clone(),
        }
    }

    /// Runs one command (`quit` only answers; [`serve`] stops after it).
    pub fn execute(&mut self, command: &Command) -> Answer {
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok(ENGINE_NAME.into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::ListCommands => Ok(COMMAND_NAMES.join("\n")),
            Command::KnownCommand(name) => Ok(COMMAND_NAMES.contains(&name.as_str()).to_string()),
            Command::Quit => Ok(String::new()),
            Command::Game(None) => Ok(self.session.spec()),
            Command::Game(Some(text)) => {
                let agent = self.effective_agent();
                self.session = new_session(
                    self.factory.as_ref(),
                    text,
                    self.forced_dialect,
                    &agent,
                    self.seed,
                )?;
                Ok(self.session.spec())
            }
            Command::BoardSize(dims) => {
                self.session = self.session.resized(dims)?;
                Ok(String::new())
            }
            Command::ClearBoard => {
                self.session.clear_board();
                Ok(String::new())
            }
            Command::Play { colour, mv } => self.session.play(colour, mv).map(|_| String::new()),
            Command::GenMove { colour } => self.session.genmove(colour),
            Command::Undo => self.session.undo().map(|_| String::new()),
            Command::ShowBoard => Ok(self.session.showboard()),
            Command::FinalScore => self.session.final_score(),
            Command::LegalMoves => Ok(self.session.legal_moves()),
            Command::TimeSettings {
                main,
                byo_yomi,
                stones,
            } => self.time_settings(*main, *byo_yomi, *stones),
            Command::TimeLeft {
                colour, seconds, ..
            } => self
                .session
                .time_left(colour, Duration::from_secs_f64(*seconds))
                .map(|_| String::new()),
            Command::Param(args) => self.param(args),
            Command::AnalyzeCommands => Ok("param/Poda Parameters/param_poda\n\
                 string/Legal Moves/legal_moves\n\
                 string/Final Score/final_score"
                .into()),
        }
    }

    /// Byo-yomi (`0 T n`) becomes a move time of T/n; absolute time becomes each side's
    /// clock, which time-aware agents share out.
    fn time_settings(&mut self, main: f64, byo_yomi: f64, stones: u32) -> Answer {
        if byo_yomi > 0.0 && stones > 0 {
            self.movetime = Some(Duration::from_secs_f64(byo_yomi / stones as f64));
            let agent = self.effective_agent();
            self.session.set_agent(&agent)?;
        }
        if main > 0.0 {
            for colour in ["b", "w"] {
                self.session
                    .time_left(colour, Duration::from_secs_f64(main))?;
            }
        }
        Ok(String::new())
    }

    fn param(&mut self, args: &[String]) -> Answer {
        match args.split_first() {
            None => Ok(format!(
                "[string] agent {}\n[string] movetime {}",
                self.base_agent,
                self.movetime
                    .map_or("-".to_string(), |t| format!("{}ms", t.as_millis()))
            )),
            Some((key, rest)) if key == "agent" && !rest.is_empty() => {
                let spec = rest.join(" ");
                let previous = std::mem::replace(&mut self.base_agent, spec);
                let agent = self.effective_agent();
                if let Err(e) = self.session.set_agent(&agent) {
                    self.base_agent = previous;
                    return Err(e);
                }
                Ok(String::new())
            }
            Some((key, [value])) if key == "movetime" => {
                let t = poda_core::spec::parse_duration(value)?;
                let previous = self.movetime.replace(t);
                let agent = self.effective_agent();
                if let Err(e) = self.session.set_agent(&agent) {
                    self.movetime = previous;
                    return Err(e);
                }
                Ok(String::new())
            }
            Some((key, _)) => Err(format!(
                "param_poda {key}: expected 'agent SPEC' or 'movetime 200ms'"
            )),
        }
    }
}

/// A session for a game argument (poda spec or OpenSpiel string).
fn new_session(
    factory: &dyn SessionFactory,
    text: &str,
    forced: Option<Dialect>,
    agent: &str,
    seed: u64,
) -> Result<Box<dyn Session>, String> {
    let (game, implied) = resolve_game(text).map_err(|e| format!("game '{text}': {e}"))?;
    factory.open(game, forced.unwrap_or(implied), agent, seed)
}

/// Formats an answer in GTP framing.
pub fn frame(id: Option<u64>, answer: &Answer) -> String {
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    match answer {
        Ok(text) => format!("={id} {text}\n\n"),
        Err(message) => format!("?{id} {}\n\n", message.replace('\n', " ")),
    }
}

/// Serves the protocol on `input`/`output` until `quit` or the end of input. A line longer
/// than [`MAX_LINE`] bytes is refused (`?`, after reading it to its end without keeping it).
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut raw = Vec::new();
    loop {
        let line = match read_line(&mut input, &mut raw, MAX_LINE)? {
            LineRead::End => break,
            LineRead::TooLong => {
                let refused = Err(format!("line longer than {MAX_LINE} bytes: not read"));
                output.write_all(frame(None, &refused).as_bytes())?;
                output.flush()?;
                continue;
            }
            LineRead::Line => parse_line(&String::from_utf8_lossy(&raw)),
        };
        let Some(line) = line else {
            continue;
        };
        let quit = matches!(line.command, Ok(Command::Quit));
        let answer = match &line.command {
            Err(e) => Err(e.to_string()),
            Ok(command) => catch_unwind(AssertUnwindSafe(|| engine.execute(command)))
                .unwrap_or_else(|_| {
                    Err("internal error in this command; the engine goes on".into())
                }),
        };
        output.write_all(frame(line.id, &answer).as_bytes())?;
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing() {
        assert_eq!(frame(None, &Ok(String::new())), "= \n\n");
        assert_eq!(frame(Some(3), &Ok("x3".into())), "=3 x3\n\n");
        assert_eq!(
            frame(Some(4), &Err("bad\nthing".into())),
            "?4 bad thing\n\n"
        );
    }
}
