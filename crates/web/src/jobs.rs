//! Search slots and stop flags.
//!
//! At most `max_searches` searches (thinking or analysis) run at once, one per core by
//! default: a request that finds every slot taken gets a "busy" answer at once (503), never a
//! wait. A search runs on a blocking thread that holds its [`Job`] (and so its slot) until it
//! really ends, so even an agent that ignores its stop flag cannot push the count past the cap.
//! Each job has a stop flag, set by the stop button (`POST /api/stop`), by its hard time cap,
//! or when the request that started it goes away ([`StopOnDrop`]: the page was closed, the
//! connection dropped).

use crate::error::ApiError;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's search slots and the stop flags of running searches.
pub struct Jobs {
    slots: Arc<Semaphore>,
    max: usize,
    next_id: AtomicU64,
    flags: Arc<Mutex<HashMap<u64, Arc<AtomicBool>>>>,
}

/// One running search: its id, its stop flag and its slot (freed when the job is dropped).
pub struct Job {
    pub id: u64,
    pub stop: Arc<AtomicBool>,
    _permit: OwnedSemaphorePermit,
    flags: Arc<Mutex<HashMap<u64, Arc<AtomicBool>>>>,
}

impl Drop for Job {
    fn drop(&mut self) {
        if let Ok(mut flags) = self.flags.lock() {
            flags.remove(&self.id);
        }
    }
}

impl Jobs {
    pub fn new(max: usize) -> Jobs {
        let max = max.max(1);
        Jobs {
            slots: Arc::new(Semaphore::new(max)),
            max,
            next_id: AtomicU64::new(1),
            flags: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// A slot for a new search, or the busy answer.
    pub fn start(&self) -> Result<Job, ApiError> {
        let permit = self.slots.clone().try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "busy: {0} searches are running (at most {0} at once, one per core); try again \
                 in a moment",
                self.max
            ))
        })?;
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let stop = Arc::new(AtomicBool::new(false));
        if let Ok(mut flags) = self.flags.lock() {
            flags.insert(id, stop.clone());
        }
        Ok(Job {
            id,
            stop,
            _permit: permit,
            flags: self.flags.clone(),
        })
    }

    /// Sets the stop flag of a running search; false if no search has that id (any more).
    pub fn stop(&self, id: u64) -> bool {
        let flag = self.flags.lock().ok().and_then(|f| f.get(&id).cloned());
        match flag {
            Some(flag) => {
                flag.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.max - self.slots.available_permits()
    }

    /// The most searches that may run at once.
    pub fn capacity(&self) -> usize {
        self.max
    }
}

/// Sets a stop flag when dropped (the response or stream of a search went away), and stops
/// the search at its hard cap.
pub struct StopOnDrop {
    flag: Arc<AtomicBool>,
    timer: tokio::task::JoinHandle<()>,
}

impl StopOnDrop {
    /// Guards `flag`, which is also set after `cap`. Must be called inside a tokio runtime.
    pub fn new(flag: Arc<AtomicBool>, cap: Duration) -> StopOnDrop {
        let timed = flag.clone();
        let timer = tokio::spawn(async move {
            tokio::time::sleep(cap).await;
            timed.store(true, Ordering::Relaxed);
        });
        StopOnDrop { flag, timer }
    }
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.flag.store(true, Ordering::Relaxed);
        self.timer.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_bounded_and_freed() {
        let jobs = Jobs::new(2);
        let a = jobs.start().unwrap();
        let b = jobs.start().unwrap();
        assert_eq!(jobs.running(), 2);
        let busy = jobs.start().err().expect("a third search is refused");
        assert_eq!(busy.status.as_u16(), 503);
        assert!(busy.message.starts_with("busy"));
        assert!(jobs.stop(a.id));
        assert!(a.stop.load(Ordering::Relaxed));
        assert!(!b.stop.load(Ordering::Relaxed));
        let id = a.id;
        drop(a);
        assert!(!jobs.stop(id), "a finished search has no flag");
        assert_eq!(jobs.running(), 1);
        assert!(jobs.start().is_ok());
    }
}
