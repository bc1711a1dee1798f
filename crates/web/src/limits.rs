//! What the server allows: caps on move and analysis time, depth, nodes and table size, how
//! many searches run at once, body sizes; and the agent specs it refuses.
//!
//! An agent's own limits must be within the caps (a spec asking for more gets a 400 naming the
//! cap); every search is also stopped at [`ServerLimits::max_time`] whatever its spec says, so
//! a depth- or node-limited search cannot run for ever. Agents that start programs
//! (`external`, `ugr-bot`) are refused: a page must not be able to run commands on the
//! server's machine.

use crate::error::ApiError;
use poda_core::spec::parse_duration;
use poda_core::Spec;
use std::time::Duration;

/// The server's caps; `poda serve` sets them from its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// The longest move or analysis (also the hard stop of every search).
    pub max_time: Duration,
    /// The analysis time when a request names none.
    pub default_analysis_time: Duration,
    /// The deepest `depth=` an agent spec may ask for.
    pub max_depth: u64,
    /// The largest `nodes=` or `sims=` an agent spec may ask for.
    pub max_nodes: u64,
    /// The largest transposition table (`tt=`, MiB) an agent spec may ask for.
    pub max_tt_mib: u64,
    /// The most nodes an explanation (`POST /api/explain`) traces per algorithm.
    pub max_explain_nodes: usize,
    /// Searches (thinking, analysis, explanations) running at once; more get a "busy" answer.
    pub max_searches: usize,
    /// The largest request body (bytes).
    pub max_body_bytes: usize,
    /// How long after the hard stop an agent that ignores its stop flag is waited for before
    /// the request fails (the search keeps its slot until it really ends).
    pub stop_grace: Duration,
}

/// Default cap of move and analysis time.
pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(10);
/// Default analysis time.
pub const DEFAULT_ANALYSIS_TIME: Duration = Duration::from_secs(2);
/// Default cap of `depth=`: the generic agents' own maximum.
pub const DEFAULT_MAX_DEPTH: u64 = 64;
/// Default cap of `nodes=` and `sims=`.
pub const DEFAULT_MAX_NODES: u64 = 1_000_000_000;
/// Default cap of `tt=` (MiB): as many tables as cores stay well inside a small machine.
pub const DEFAULT_MAX_TT_MIB: u64 = 256;
/// Default cap of the nodes traced per algorithm: `poda explain --max-nodes`'s default.
pub const DEFAULT_MAX_EXPLAIN_NODES: usize = 50_000;
/// Default cap of a request body: a move string of a long game is a few KiB.
pub const DEFAULT_MAX_BODY_BYTES: usize = 64 * 1024;
/// Default grace after the hard stop.
pub const DEFAULT_STOP_GRACE: Duration = Duration::from_secs(3);
/// Agents that run a program on the server's machine.
pub const REFUSED_AGENTS: &[&str] = &["external", "ugr-bot"];

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            max_time: DEFAULT_MAX_TIME,
            default_analysis_time: DEFAULT_ANALYSIS_TIME,
            max_depth: DEFAULT_MAX_DEPTH,
            max_nodes: DEFAULT_MAX_NODES,
            max_tt_mib: DEFAULT_MAX_TT_MIB,
            max_explain_nodes: DEFAULT_MAX_EXPLAIN_NODES,
            max_searches: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            stop_grace: DEFAULT_STOP_GRACE,
        }
    }
}

impl ServerLimits {
    /// Checks an agent spec against the caps (the factory checks the rest when it builds it).
    pub fn check_agent(&self, text: &str) -> Result<(), ApiError> {
        let bad = |m: String| ApiError::bad(format!("agent '{text}': {m}"));
        let spec = Spec::parse(text).map_err(|e| bad(e.to_string()))?;
        if REFUSED_AGENTS.contains(&spec.name.as_str()) {
            return Err(bad(format!(
                "'{}' runs a program on the server, which the web workbench does not allow; \
                 use it with `poda match` or `poda tournament`",
                spec.name
            )));
        }
        for arg in &spec.args {
            let Some(key) = arg.key.as_deref() else {
                continue;
            };
            let value = arg.value.as_str();
            match key {
                "movetime" | "time" => {
                    let t =
                        parse_duration(value).map_err(|m| bad(format!("{key}={value}: {m}")))?;
                    if t > self.max_time {
                        return Err(bad(format!(
                            "{key}={value} is above the server's cap of {} (poda serve --max-time)",
                            show_duration(self.max_time)
                        )));
                    }
                }
                "depth" => self.check_number(text, key, value, self.max_depth)?,
                "nodes" | "sims" => self.check_number(text, key, value, self.max_nodes)?,
                "tt" => self.check_number(text, key, value, self.max_tt_mib)?,
                _ => {}
            }
        }
        Ok(())
    }

    fn check_number(&self, agent: &str, key: &str, value: &str, cap: u64) -> Result<(), ApiError> {
        // A value that is not a number is left to the factory, whose error names the option.
        if let Ok(n) = value.parse::<u64>() {
            if n > cap {
                return Err(ApiError::bad(format!(
                    "agent '{agent}': {key}={value} is above the server's cap of {cap}"
                )));
            }
        }
        Ok(())
    }

    /// The analysis time a request asks for (milliseconds), checked against the cap.
    pub fn analysis_time(&self, ms: Option<u64>) -> Result<Duration, ApiError> {
        match ms {
            None => Ok(self.default_analysis_time.min(self.max_time)),
            Some(0) => Err(ApiError::bad("time_ms must be at least 1")),
            Some(ms) if Duration::from_millis(ms) > self.max_time => Err(ApiError::bad(format!(
                "time_ms={ms} is above the server's cap of {} (poda serve --max-time)",
                show_duration(self.max_time)
            ))),
            Some(ms) => Ok(Duration::from_millis(ms)),
        }
    }
}

/// `10s`, `1.5s`, `250ms`.
pub fn show_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms % 1000 == 0 {
        format!("{}s", ms / 1000)
    } else if ms >= 1000 {
        format!("{:.1}s", d.as_secs_f64())
    } else {
        format!("{ms}ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_and_refusals() {
        let l = ServerLimits::default();
        assert!(l.check_agent("engine(movetime=1s)").is_ok());
        assert!(l.check_agent("best").is_ok());
        let e = l.check_agent("engine(movetime=60s)").unwrap_err();
        assert!(e.message.contains("cap of 10s"), "{e}");
        assert!(l.check_agent("minimax(depth=65)").is_err());
        assert!(l.check_agent("mcts(sims=99999999999)").is_err());
        assert!(l.check_agent("engine(tt=100000)").is_err());
        let e = l.check_agent("external(cmd=\"rm -rf /\")").unwrap_err();
        assert!(e.message.contains("runs a program"), "{e}");
        assert!(l.check_agent("ugr-bot(cmd=x)").is_err());
        assert!(l.check_agent("engine(").is_err());
    }

    #[test]
    fn analysis_time_is_capped() {
        let l = ServerLimits::default();
        assert_eq!(l.analysis_time(None).unwrap(), DEFAULT_ANALYSIS_TIME);
        assert_eq!(
            l.analysis_time(Some(500)).unwrap(),
            Duration::from_millis(500)
        );
        assert!(l.analysis_time(Some(0)).is_err());
        assert!(l.analysis_time(Some(60_000)).is_err());
        assert_eq!(show_duration(Duration::from_millis(1500)), "1.5s");
    }
}
