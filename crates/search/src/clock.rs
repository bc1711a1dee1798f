//! Deciding when a search must stop: move time, node budget and an external stop flag.

use crate::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How many nodes pass between two looks at the wall clock. At ~10 M nodes/s on Connect 4
/// this is a look every ~0.1 ms, so a 100 ms budget is overshot by far less than 10 ms.
const CHECK_EVERY: u64 = 1024;

/// Tracks the limits of one search. Cheap to call on every node.
#[derive(Debug)]
pub struct Clock<'a> {
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop: Option<&'a AtomicBool>,
    next_check: u64,
    stopped: bool,
}

impl<'a> Clock<'a> {
    pub fn new(limits: &Limits, stop: Option<&'a AtomicBool>) -> Clock<'a> {
        let start = Instant::now();
        Clock {
            start,
            deadline: limits.movetime.map(|t| start + t),
            node_limit: limits.nodes,
            stop,
            next_check: CHECK_EVERY,
            stopped: false,
        }
    }

    /// True once a limit is reached; `nodes` is the count so far. Looks at the time only
    /// every `CHECK_EVERY` nodes.
    #[inline]
    pub fn should_stop(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.node_limit {
            if nodes >= limit {
                self.stopped = true;
                return true;
            }
        }
        if nodes >= self.next_check {
            self.next_check = nodes + CHECK_EVERY;
            self.stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// True once a limit was found reached (without checking again).
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Fraction of the move time used so far (0 without a move time).
    pub fn time_used_fraction(&self) -> f64 {
        match self.deadline {
            Some(d) => {
                let total = d.duration_since(self.start).as_secs_f64();
                if total <= 0.0 {
                    1.0
                } else {
                    self.start.elapsed().as_secs_f64() / total
                }
            }
            None => 0.0,
        }
    }
}
