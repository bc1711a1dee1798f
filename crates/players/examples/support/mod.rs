//! Command-line handling shared by the Kalah perfect-player examples: `--key value` options
//! and positional arguments, a Kalah game spec, an agent spec; any bad input ends the run
//! with a one-line error and exit code 2.

use poda_core::Agent;
use poda_games::kalah::Kalah;
use poda_games::AnyGame;
use std::collections::HashMap;
use std::str::FromStr;

/// Prints `message` and exits with code 2.
pub fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}

/// The parsed command line.
pub struct Args {
    pub positional: Vec<String>,
    options: HashMap<String, String>,
}

impl Args {
    /// Reads the process's arguments; `options` are the known `--key` names (each takes a
    /// value), `usage` is printed with any error.
    pub fn parse(options: &[&str], usage: &str) -> Args {
        let mut args = std::env::args().skip(1);
        let mut out = Args {
            positional: Vec::new(),
            options: HashMap::new(),
        };
        while let Some(arg) = args.next() {
            if let Some(key) = arg.strip_prefix("--") {
                if !options.contains(&key) {
                    fail(&format!("unknown option '{arg}'; usage: {usage}"));
                }
                let Some(value) = args.next() else {
                    fail(&format!("'{arg}' needs a value; usage: {usage}"));
                };
                out.options.insert(key.to_string(), value);
            } else {
                out.positional.push(arg);
            }
        }
        out
    }

    /// The value of `--key`, or `default`.
    pub fn get<T: FromStr>(&self, key: &str, default: T) -> T {
        match self.options.get(key) {
            None => default,
            Some(v) => v
                .parse()
                .unwrap_or_else(|_| fail(&format!("--{key}: bad value '{v}'"))),
        }
    }
}

/// The Kalah game of a spec (the registry's names: `kalah`, `mancala`).
pub fn kalah(spec: &str) -> Kalah {
    match AnyGame::parse(spec) {
        Ok(AnyGame::Kalah(game)) => game,
        Ok(_) => fail(&format!("game '{spec}': these examples are for Kalah")),
        Err(e) => fail(&format!("game '{spec}': {e}")),
    }
}

/// The agent of a spec for a game.
pub fn agent(game: &Kalah, spec: &str) -> Box<dyn Agent<Kalah>> {
    poda_players::build_agent(game, spec).unwrap_or_else(|e| fail(&format!("agent '{spec}': {e}")))
}
