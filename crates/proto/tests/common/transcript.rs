//! Reads the recorded conversations of the course's referee with its bots
//! (`crates/proto/tests/data/ugr/*.jsonl`, described in that folder's README): for each
//! process started for a seat, what the referee wrote and what the bot answered, in order.
//! Shared by the tests of both sides of the protocol (included with `#[path]`).

use std::path::{Path, PathBuf};

/// The folder of the transcripts.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../proto/tests/data/ugr")
}

/// One process's conversation.
#[derive(Debug, Default, Clone)]
pub struct Conversation {
    /// The referee's writes, byte for byte, in order.
    pub referee: Vec<String>,
    /// The bot's lines (without their newlines), in order.
    pub bot: Vec<String>,
}

impl Conversation {
    /// Everything the referee wrote up to and including its first `END` (it sends a second
    /// one after reading the answer, to a bot that has exited).
    pub fn referee_until_end(&self) -> String {
        let mut out = String::new();
        for chunk in &self.referee {
            out.push_str(chunk);
            if chunk == "END\n" {
                break;
            }
        }
        out
    }
}

/// The conversations of `name.jsonl` (e.g. `greedy-p1-vs-random-p2.p1`), by process number
/// (1 is the referee's probe, 2 the game).
pub fn read(name: &str) -> Vec<(u64, Conversation)> {
    let path = data_dir().join(format!("{name}.jsonl"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut out: Vec<(u64, Conversation)> = Vec::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let proc = v["proc"].as_u64().expect("a process number");
        if out.last().is_none_or(|(p, _)| *p != proc) {
            out.push((proc, Conversation::default()));
        }
        let conv = &mut out.last_mut().expect("pushed above").1;
        match (v["from"].as_str(), v["data"].as_str()) {
            (Some("referee"), Some(data)) => conv.referee.push(data.to_string()),
            (Some("bot"), Some(data)) => conv.bot.push(data.trim_end_matches('\n').to_string()),
            _ => {}
        }
    }
    out
}

/// The final scores the referee printed (`Puntos del jugador N (NAME): S`), if it did.
pub fn final_scores(name: &str) -> Option<(u32, u32)> {
    let path = data_dir().join(format!("{name}.referee.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let score = |n: u32| -> Option<u32> {
        let prefix = format!("Puntos del jugador {n} (");
        let line = text.lines().find(|l| l.starts_with(&prefix))?;
        line.rsplit(' ').next()?.parse().ok()
    };
    Some((score(1)?, score(2)?))
}
