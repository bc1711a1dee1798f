//! Hex game records for the Hex examples (patterns, playouts, solver labels, prover time):
//! poda match records (`--record`, JSON lines with `game`, `opening_plies`, `moves`,
//! `result`) or text lines `SIZE WINNER MOVE MOVE ...` (`WINNER` is `b` or `w`; the first
//! move is a random opening). Also the examples' one-line error and their numeric option
//! values.

use poda_core::{Player, Spec};
use poda_games::hex::Hex;

/// Prints `message` as a one-line error and exits with code 2 (bad input to an example).
pub fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}

/// The value of option `name`, the next argument: a finite number `>= 0`, or a one-line
/// error that shows `usage`.
// Not every example that reads records takes numeric options.
#[allow(dead_code)]
pub fn number(args: &mut impl Iterator<Item = String>, name: &str, usage: &str) -> f64 {
    args.next()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v >= 0.0)
        .unwrap_or_else(|| fail(&format!("{name} needs a number; {usage}")))
}

/// One game: the start position, its opening plies, its moves and its winner if known.
pub struct Record {
    pub start: Hex,
    pub opening: usize,
    pub moves: Vec<String>,
    // Read by the playout judge; the pattern fit needs the moves alone.
    #[allow(dead_code)]
    pub winner: Option<Player>,
}

/// The record of one line, or `None` for a line that holds none.
pub fn parse(line: &str) -> Option<Record> {
    let line = line.trim();
    if line.starts_with('{') {
        let v: serde_json::Value = serde_json::from_str(line).ok()?;
        let spec = Spec::parse(v["game"].as_str()?).ok()?;
        let start = Hex::from_spec(&spec).ok()?;
        let opening = v["opening_plies"].as_u64().unwrap_or(0) as usize;
        let moves = v["moves"]
            .as_array()?
            .iter()
            .filter_map(|m| m.as_str().map(String::from))
            .collect();
        let winner = match v["result"].as_str() {
            Some("1-0") => Some(Player::First),
            Some("0-1") => Some(Player::Second),
            _ => None,
        };
        Some(Record {
            start,
            opening,
            moves,
            winner,
        })
    } else {
        let mut it = line.split_whitespace();
        let size: u32 = it.next()?.parse().ok()?;
        let winner = match it.next()? {
            "b" | "B" => Some(Player::First),
            "w" | "W" => Some(Player::Second),
            _ => None,
        };
        let start = Hex::with_size(size, false).ok()?;
        Some(Record {
            start,
            opening: 1,
            moves: it.map(String::from).collect(),
            winner,
        })
    }
}

/// Every record of the files (a file that cannot be read ends the run with a one-line error,
/// exit code 2, as bad input does in the other examples).
pub fn read_all(paths: &[String]) -> Vec<Record> {
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| fail(&format!("cannot read {path}: {e}")));
        out.extend(text.lines().filter_map(parse));
    }
    out
}
