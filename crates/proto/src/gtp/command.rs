//! Reading one protocol line into a [`Command`], before anything runs.
//!
//! GTP v2 (Gunnar Farnebäck's specification, section 3): control characters other than tab
//! and newline are removed, tabs become spaces, `#` starts a comment, and a line that is then
//! empty is ignored. A command is `[id] name [arguments]` with an optional non-negative
//! integer id that the answer repeats. Names are case-sensitive, as in GTP. Colours and moves
//! stay text here: what they mean depends on the game, which the session knows.

use thiserror::Error;

/// One command of the engine protocol.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    ProtocolVersion,
    Name,
    Version,
    ListCommands,
    KnownCommand(String),
    Quit,
    /// `game` alone answers the current game; `game SPEC` switches to another.
    Game(Option<String>),
    /// One number (`boardsize 11`) or two (`boardsize 7 6`).
    BoardSize(Vec<u32>),
    ClearBoard,
    Play {
        colour: String,
        mv: String,
    },
    GenMove {
        colour: String,
    },
    Undo,
    ShowBoard,
    FinalScore,
    /// poda's extension: the legal moves, in the session's notation.
    LegalMoves,
    /// GTP's `time_settings main_time byo_yomi_time byo_yomi_stones` (seconds; fractions
    /// accepted).
    TimeSettings {
        main: f64,
        byo_yomi: f64,
        stones: u32,
    },
    /// GTP's `time_left colour time stones`.
    TimeLeft {
        colour: String,
        seconds: f64,
        stones: u32,
    },
    /// `param_poda` (list), `param_poda KEY VALUE...` (set): the agent and its move time.
    Param(Vec<String>),
    /// HexGui's `hexgui-analyze_commands`.
    AnalyzeCommands,
}

/// Every command name, in the order `list_commands` prints them.
pub const COMMAND_NAMES: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command",
    "quit",
    "game",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "legal_moves",
    "time_settings",
    "time_left",
    "param_poda",
    "hexgui-analyze_commands",
];

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    #[error("unknown command '{0}'")]
    Unknown(String),
    #[error("{command}: {message}")]
    BadArguments { command: String, message: String },
}

/// A line read: its id (if any) and the command or why it is not one.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub id: Option<u64>,
    pub command: Result<Command, CommandError>,
}

/// Cleans a raw line as GTP prescribes: no control characters, tabs as spaces, no comment.
pub fn clean(raw: &str) -> String {
    let no_comment = raw.split('#').next().unwrap_or_default();
    no_comment
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// Reads a raw line; `None` for a line to ignore (empty or a comment).
pub fn parse_line(raw: &str) -> Option<Line> {
    let text = clean(raw);
    let mut words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return None;
    }
    let mut id = None;
    if words[0].bytes().all(|b| b.is_ascii_digit()) {
        id = words[0].parse().ok();
        words.remove(0);
    }
    let command = match words.split_first() {
        None => Err(CommandError::Unknown(String::new())),
        Some((name, args)) => parse_command(name, args),
    };
    Some(Line { id, command })
}

fn bad(command: &str, message: impl Into<String>) -> CommandError {
    CommandError::BadArguments {
        command: command.to_string(),
        message: message.into(),
    }
}

fn count(name: &str, args: &[&str], n: usize, usage: &str) -> Result<(), CommandError> {
    if args.len() == n {
        Ok(())
    } else {
        Err(bad(name, format!("expected {usage}")))
    }
}

fn number<T: std::str::FromStr>(name: &str, text: &str, what: &str) -> Result<T, CommandError> {
    text.parse()
        .map_err(|_| bad(name, format!("'{text}' is not {what}")))
}

fn seconds(name: &str, text: &str) -> Result<f64, CommandError> {
    let v: f64 = number(name, text, "a number of seconds")?;
    if v.is_finite() && (0.0..=1e7).contains(&v) {
        Ok(v)
    } else {
        Err(bad(name, format!("'{text}' is out of range")))
    }
}

/// Reads the arguments of the command `name`.
pub fn parse_command(name: &str, args: &[&str]) -> Result<Command, CommandError> {
    let none = |c: Command| count(name, args, 0, "no arguments").map(|_| c);
    match name {
        "protocol_version" => none(Command::ProtocolVersion),
        "name" => none(Command::Name),
        "version" => none(Command::Version),
        "list_commands" => none(Command::ListCommands),
        "quit" => none(Command::Quit),
        "clear_board" => none(Command::ClearBoard),
        "undo" => none(Command::Undo),
        "showboard" => none(Command::ShowBoard),
        "final_score" => none(Command::FinalScore),
        "legal_moves" => none(Command::LegalMoves),
        "hexgui-analyze_commands" => none(Command::AnalyzeCommands),
        "known_command" => {
            count(name, args, 1, "a command name")?;
            Ok(Command::KnownCommand(args[0].to_string()))
        }
        // A spec may contain spaces inside quotes: keep the rest of the line.
        "game" => Ok(Command::Game((!args.is_empty()).then(|| args.join(" ")))),
        "boardsize" => {
            if args.is_empty() || args.len() > 2 {
                return Err(bad(name, "expected a size, or a width and a height"));
            }
            let dims = args
                .iter()
                .map(|a| number::<u32>(name, a, "a board size"))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Command::BoardSize(dims))
        }
        "play" => {
            count(name, args, 2, "a colour and a move")?;
            Ok(Command::Play {
                colour: args[0].to_string(),
                mv: args[1].to_string(),
            })
        }
        "genmove" => {
            count(name, args, 1, "a colour")?;
            Ok(Command::GenMove {
                colour: args[0].to_string(),
            })
        }
        "time_settings" => {
            count(
                name,
                args,
                3,
                "main time, byo-yomi time and byo-yomi stones",
            )?;
            Ok(Command::TimeSettings {
                main: seconds(name, args[0])?,
                byo_yomi: seconds(name, args[1])?,
                stones: number(name, args[2], "a number of stones")?,
            })
        }
        "time_left" => {
            count(name, args, 3, "a colour, the time left and the stones")?;
            Ok(Command::TimeLeft {
                colour: args[0].to_string(),
                seconds: seconds(name, args[1])?,
                stones: number(name, args[2], "a number of stones")?,
            })
        }
        "param_poda" => Ok(Command::Param(args.iter().map(|s| s.to_string()).collect())),
        other => Err(CommandError::Unknown(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(text: &str) -> Result<Command, CommandError> {
        parse_line(text).expect("a command line").command
    }

    #[test]
    fn framing_and_ids() {
        assert_eq!(parse_line(""), None);
        assert_eq!(parse_line("   # a comment"), None);
        assert_eq!(parse_line("\t\r"), None);
        let l = parse_line("12 genmove b # think").unwrap();
        assert_eq!(l.id, Some(12));
        assert_eq!(l.command, Ok(Command::GenMove { colour: "b".into() }));
        assert_eq!(cmd("name\r"), Ok(Command::Name));
        assert_eq!(cmd("play\tw\tx3"), cmd("play w x3"));
        let only_id = parse_line("7").unwrap();
        assert_eq!(only_id.id, Some(7));
        assert!(only_id.command.is_err());
    }

    #[test]
    fn arguments() {
        assert_eq!(cmd("boardsize 11"), Ok(Command::BoardSize(vec![11])));
        assert_eq!(cmd("boardsize 7 6"), Ok(Command::BoardSize(vec![7, 6])));
        assert!(cmd("boardsize").is_err());
        assert!(cmd("boardsize x").is_err());
        assert!(cmd("boardsize 1 2 3").is_err());
        assert_eq!(
            cmd("game misere(game=connect_four())"),
            Ok(Command::Game(Some("misere(game=connect_four())".into())))
        );
        assert_eq!(cmd("game"), Ok(Command::Game(None)));
        assert_eq!(
            cmd("time_settings 0 0.1 1"),
            Ok(Command::TimeSettings {
                main: 0.0,
                byo_yomi: 0.1,
                stones: 1
            })
        );
        assert!(cmd("time_settings 0 -1 1").is_err());
        assert!(cmd("time_left b nan 0").is_err());
        assert!(cmd("play b").is_err());
        assert!(cmd("genmove").is_err());
        assert!(cmd("name now").is_err());
        assert_eq!(
            cmd("frobnicate 3"),
            Err(CommandError::Unknown("frobnicate".into()))
        );
        assert_eq!(
            cmd("param_poda agent random"),
            Ok(Command::Param(vec!["agent".into(), "random".into()]))
        );
    }

    #[test]
    fn every_listed_name_parses_to_some_command_or_an_argument_error() {
        for name in COMMAND_NAMES {
            match cmd(name) {
                Ok(_) | Err(CommandError::BadArguments { .. }) => {}
                Err(e) => panic!("{name}: {e}"),
            }
        }
    }
}
