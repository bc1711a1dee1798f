//! The referee's messages: read from tokens (the bot's side) and written as the referee writes
//! them (the referee's side), so the two directions are one definition.
//!
//! A message is a command word and its numbers, in tokens ([`super::tokens`]); the referee
//! (`MancalaNoGUI.jar`) writes `PING`, `GETNAME` and `END` on one line and splits the others
//! after the command word: `TIMEOUT` newline `2000`, `SETPLAYER` newline `0`, `GETMOVE`
//! newline and all its numbers on one line. [`Command::wire`] writes exactly that.
//!
//! Reading recovers from garbage without losing the next good message: a token where a
//! number should be that is itself a command word is left for the next message, and after
//! an error the reader skips to the next command word ([`skip_to_command`]).

use super::tokens::Tokens;
use poda_core::{Game, Player};
use poda_games::kalah::Kalah;
use std::io::{self, BufRead};
use std::time::Duration;
use thiserror::Error;

/// The command words of the protocol.
pub const COMMAND_WORDS: [&str; 7] = [
    "GETNAME",
    "SETPLAYER",
    "TIMEOUT",
    "PING",
    "GETMOVE",
    "END",
    "BADNAME",
];

/// The most opponent moves one `GETMOVE` may list: a chain of extra turns cannot be longer
/// than the seeds on the board, and the course's board has 48.
pub const MAX_LISTED_MOVES: usize = 1000;

/// One message of the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    GetName,
    SetPlayer(Player),
    /// The per-move limit (the referee's `-t` seconds, in milliseconds; 0 without `-t`).
    Timeout(Duration),
    Ping,
    GetMove {
        /// The opponent's moves since the bot last moved (several after extra turns).
        opponent_moves: Vec<u8>,
        turn: Player,
        /// Player 1's store and pits P1..Pm (P1 next to the store), then player 2's.
        first: Vec<u16>,
        second: Vec<u16>,
    },
    End,
    BadName,
}

/// A message that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("unknown command '{0}'")]
    Unknown(String),
    #[error("{command}: the input ended before {what}")]
    Ended { command: &'static str, what: String },
    #[error("{command}: '{next}' came before {what}")]
    Interrupted {
        command: &'static str,
        what: String,
        next: String,
    },
    #[error("{command}: '{token}' is not {what}")]
    Bad {
        command: &'static str,
        token: String,
        what: &'static str,
    },
    #[error("GETMOVE: {0} moves is more than a game can list (at most {MAX_LISTED_MOVES})")]
    TooManyMoves(u64),
}

impl Command {
    /// The command word.
    pub fn word(&self) -> &'static str {
        match self {
            Command::GetName => "GETNAME",
            Command::SetPlayer(_) => "SETPLAYER",
            Command::Timeout(_) => "TIMEOUT",
            Command::Ping => "PING",
            Command::GetMove { .. } => "GETMOVE",
            Command::End => "END",
            Command::BadName => "BADNAME",
        }
    }

    /// `GETMOVE` for the position `game`, after the opponent's `moves`.
    pub fn get_move(game: &Kalah, moves: &[u8]) -> Command {
        let side = |p: Player| -> Vec<u16> {
            std::iter::once(game.store(p))
                .chain((1..=game.pits()).map(|k| game.pit(p, k)))
                .collect()
        };
        Command::GetMove {
            opponent_moves: moves.to_vec(),
            turn: game.to_move(),
            first: side(Player::First),
            second: side(Player::Second),
        }
    }

    /// The message as the referee writes it, without the final newline: one line for
    /// `PING`, `GETNAME`, `END` and `BADNAME`; the command word and its numbers on two lines
    /// for the others.
    pub fn wire(&self) -> String {
        let numbers: Vec<String> = match self {
            Command::SetPlayer(p) => vec![p.index().to_string()],
            Command::Timeout(t) => vec![t.as_millis().to_string()],
            Command::GetMove {
                opponent_moves,
                turn,
                first,
                second,
            } => std::iter::once(opponent_moves.len().to_string())
                .chain(opponent_moves.iter().map(|m| m.to_string()))
                .chain(std::iter::once(turn.index().to_string()))
                .chain(first.iter().chain(second).map(|s| s.to_string()))
                .collect(),
            _ => return self.word().to_string(),
        };
        format!("{}\n{}", self.word(), numbers.join(" "))
    }
}

/// Reads the next message for a board of `pits` pits a side: `None` at the end of the
/// input, else the message or why it is not one.
pub fn read_command<R: BufRead>(
    tokens: &mut Tokens<R>,
    pits: usize,
) -> io::Result<Option<Result<Command, ParseError>>> {
    let Some(word) = tokens.next_token()? else {
        return Ok(None);
    };
    let mut args = Args { tokens };
    let command = match word.as_str() {
        "GETNAME" => Ok(Command::GetName),
        "PING" => Ok(Command::Ping),
        "END" => Ok(Command::End),
        "BADNAME" => Ok(Command::BadName),
        "SETPLAYER" => args
            .player("SETPLAYER")
            .map(|r| r.map(Command::SetPlayer))?,
        "TIMEOUT" => args
            .number::<u64>("TIMEOUT", "a time in milliseconds")?
            .map(|ms| Command::Timeout(Duration::from_millis(ms))),
        "GETMOVE" => args.get_move(pits)?,
        _ => Err(ParseError::Unknown(word)),
    };
    Ok(Some(command))
}

/// Skips tokens up to the next command word (left unread), after a message that could not
/// be read.
pub fn skip_to_command<R: BufRead>(tokens: &mut Tokens<R>) -> io::Result<()> {
    while let Some(t) = tokens.peek()? {
        if COMMAND_WORDS.contains(&t) {
            break;
        }
        tokens.next_token()?;
    }
    Ok(())
}

/// The arguments of one message.
struct Args<'a, R> {
    tokens: &'a mut Tokens<R>,
}

impl<R: BufRead> Args<'_, R> {
    /// The next argument token, unless the input ends or a command word comes first (left
    /// for the next message).
    fn arg(&mut self, command: &'static str, what: &str) -> io::Result<Result<String, ParseError>> {
        let next = match self.tokens.peek()? {
            None => {
                return Ok(Err(ParseError::Ended {
                    command,
                    what: what.to_string(),
                }))
            }
            Some(t) => t.to_string(),
        };
        if COMMAND_WORDS.contains(&next.as_str()) {
            return Ok(Err(ParseError::Interrupted {
                command,
                what: what.to_string(),
                next,
            }));
        }
        self.tokens.next_token()?;
        Ok(Ok(next))
    }

    fn number<T: std::str::FromStr>(
        &mut self,
        command: &'static str,
        what: &'static str,
    ) -> io::Result<Result<T, ParseError>> {
        Ok(self.arg(command, what)?.and_then(|token| {
            token.parse().map_err(|_| ParseError::Bad {
                command,
                token,
                what,
            })
        }))
    }

    fn player(&mut self, command: &'static str) -> io::Result<Result<Player, ParseError>> {
        Ok(self
            .arg(command, "a player")?
            .and_then(|token| match token.as_str() {
                "0" => Ok(Player::First),
                "1" => Ok(Player::Second),
                _ => Err(ParseError::Bad {
                    command,
                    token,
                    what: "a player (0 or 1)",
                }),
            }))
    }

    fn get_move(&mut self, pits: usize) -> io::Result<Result<Command, ParseError>> {
        const C: &str = "GETMOVE";
        let count = match self.number::<u64>(C, "a count of moves")? {
            Ok(n) if n as usize > MAX_LISTED_MOVES => return Ok(Err(ParseError::TooManyMoves(n))),
            Ok(n) => n as usize,
            Err(e) => return Ok(Err(e)),
        };
        let mut opponent_moves = Vec::with_capacity(count);
        for _ in 0..count {
            match self.number::<u8>(C, "a move (a pit)")? {
                Ok(m) if (1..=pits).contains(&(m as usize)) => opponent_moves.push(m),
                Ok(m) => {
                    return Ok(Err(ParseError::Bad {
                        command: C,
                        token: m.to_string(),
                        what: "a pit",
                    }))
                }
                Err(e) => return Ok(Err(e)),
            }
        }
        let turn = match self.player(C)? {
            Ok(p) => p,
            Err(e) => return Ok(Err(e)),
        };
        let mut sides = [Vec::new(), Vec::new()];
        for side in &mut sides {
            for _ in 0..=pits {
                match self.number::<u16>(C, "a seed count")? {
                    Ok(s) => side.push(s),
                    Err(e) => return Ok(Err(e)),
                }
            }
        }
        let [first, second] = sides;
        Ok(Ok(Command::GetMove {
            opponent_moves,
            turn,
            first,
            second,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn read_all(text: &str) -> Vec<Result<Command, ParseError>> {
        let mut tokens = Tokens::new(Cursor::new(text.as_bytes().to_vec()));
        let mut out = Vec::new();
        while let Some(c) = read_command(&mut tokens, 6).unwrap() {
            let failed = c.is_err();
            out.push(c);
            if failed {
                skip_to_command(&mut tokens).unwrap();
            }
        }
        out
    }

    #[test]
    fn messages_read_however_they_are_split() {
        let expected = vec![
            Ok(Command::Timeout(Duration::from_secs(2))),
            Ok(Command::SetPlayer(Player::Second)),
            Ok(Command::GetMove {
                opponent_moves: vec![4, 1],
                turn: Player::Second,
                first: vec![2, 0, 5, 5, 0, 4, 4],
                second: vec![0, 4, 4, 5, 5, 5, 5],
            }),
            Ok(Command::Ping),
        ];
        let referee =
            "TIMEOUT\n2000\nSETPLAYER\n1\nGETMOVE\n2 4 1 1 2 0 5 5 0 4 4 0 4 4 5 5 5 5\nPING\n";
        assert_eq!(read_all(referee), expected);
        let one_line = "TIMEOUT 2000 SETPLAYER 1 GETMOVE 2 4 1 1 2 0 5 5 0 4 4 0 4 4 5 5 5 5 PING";
        assert_eq!(read_all(one_line), expected);
        let scattered = referee.replace(' ', "\n\n  ");
        assert_eq!(read_all(&scattered), expected);
    }

    #[test]
    fn the_wire_form_is_the_referees_and_reads_back() {
        let game = Kalah::default().after(4);
        let commands = [
            Command::Ping,
            Command::GetName,
            Command::Timeout(Duration::from_millis(2000)),
            Command::SetPlayer(Player::First),
            Command::get_move(&game, &[]),
            Command::get_move(&Kalah::default(), &[3, 5]),
            Command::End,
        ];
        let wire: Vec<String> = commands.iter().map(Command::wire).collect();
        assert_eq!(wire[2], "TIMEOUT\n2000");
        assert_eq!(wire[3], "SETPLAYER\n0");
        assert_eq!(wire[4], "GETMOVE\n0 0 1 5 5 5 0 4 4 0 4 4 4 4 4 4");
        let back = read_all(&(wire.join("\n") + "\n"));
        let commands: Vec<_> = commands.into_iter().map(Ok).collect();
        assert_eq!(back, commands);
    }

    #[test]
    fn garbage_costs_one_error_and_the_next_message_is_kept() {
        let got = read_all(
            "HELLO 1 2 3 PING SETPLAYER GETNAME SETPLAYER 2 4 4 END GETMOVE 0 0 0 4 x 4 \
             TIMEOUT -5 GETMOVE 1 7 GETMOVE 99999999999 GETMOVE 0 0 0 4",
        );
        let kinds: Vec<String> = got
            .iter()
            .map(|r| match r {
                Ok(c) => c.word().to_string(),
                Err(e) => format!("ERROR {e}"),
            })
            .collect();
        assert_eq!(kinds.len(), 11, "{kinds:#?}");
        assert_eq!(kinds[0], "ERROR unknown command 'HELLO'");
        assert_eq!(kinds[1], "PING");
        assert_eq!(kinds[2], "ERROR SETPLAYER: 'GETNAME' came before a player");
        assert_eq!(kinds[3], "GETNAME");
        assert!(kinds[4].contains("'2' is not a player"), "{}", kinds[4]);
        assert_eq!(kinds[5], "END");
        assert!(kinds[6].contains("'x' is not a seed count"), "{}", kinds[6]);
        assert!(kinds[7].contains("'-5' is not a time"), "{}", kinds[7]);
        assert!(kinds[8].contains("'7' is not a pit"), "{}", kinds[8]);
        assert!(kinds[9].contains("at most 1000"), "{}", kinds[9]);
        assert!(
            kinds[10].contains("input ended before a seed count"),
            "{}",
            kinds[10]
        );
    }
}
