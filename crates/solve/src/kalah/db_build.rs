//! Building a Kalah endgame database, level by level from the end of the game backwards.
//!
//! Seeds only ever leave the pits (for a store), so a move leads to a configuration with
//! fewer seeds in the pits or, when no seed reaches a store, the same number. The levels are
//! therefore built from 0 seeds upwards, each from the ones below it: this is retrograde
//! analysis ordered by the seeds in play, as Irving, Donkers and Uiterwijk ("Solving Kalah",
//! ICGA Journal 2000) built theirs. Within a level a move that keeps every seed in the pits
//! sows only the mover's side towards its store, so it strictly lowers the seeds' summed
//! distance to their stores: the level has no cycle, and an entry whose same-level children
//! are not known yet computes them first (a recursion at most that distance deep).
//!
//! Work: the configurations of a level are walked in rank order in chunks shared by
//! `threads` threads; entries are atomic bytes, so two threads that meet the same child write
//! the same value. Each finished level is appended to the file and the header's seed count
//! raised, so a stopped build resumes at the first missing level.

use super::db::{entries, io, DbError, EndgameDb, Header, HEADER_LEN, OFFSET};
use poda_games::kalah::rank::Ranker;
use poda_games::kalah::{Board, MAX_PITS};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::time::{Duration, Instant};

/// Marks an entry not computed yet.
const UNKNOWN: u8 = 0;
/// Configurations a thread takes at a time.
const CHUNK: u64 = 1 << 14;
/// Configurations whose moves are sown (and their children's entries prefetched) together.
const GROUP: usize = 8;
/// A move's child rank when the move ends the game.
const OVER: u64 = u64::MAX;

/// A sown move: its pit, gain, whether the mover moves again, and the child's rank.
#[derive(Clone, Copy, Default)]
struct Move {
    pit: u8,
    gain: i32,
    extra: bool,
    rank: u64,
}

/// Progress of a build.
#[derive(Clone, Copy, Debug)]
pub struct DbProgress {
    /// The level being built.
    pub seeds: u32,
    /// Entries of the level done and in all.
    pub done: u64,
    pub total: u64,
    /// Time since this level began.
    pub elapsed: Duration,
    /// True once the level is finished (and written, for a file).
    pub finished: bool,
}

/// What to build.
#[derive(Clone, Copy, Debug)]
pub struct DbSpec {
    pub pits: usize,
    pub empty_capture: bool,
    pub seeds: u32,
    pub threads: usize,
}

/// The level-by-level builder over one array of entries.
struct Builder {
    pits: usize,
    empty_capture: bool,
    ranker: Ranker,
    values: Vec<AtomicU8>,
}

impl Builder {
    fn new(spec: &DbSpec) -> Builder {
        let ranker = Ranker::new(2 * spec.pits, spec.seeds).expect("a database that fits");
        let count = ranker.count_up_to(spec.seeds) as usize;
        let mut values = Vec::with_capacity(count);
        crate::mem::advise_huge_pages(&mut values);
        values.extend((0..count).map(|_| AtomicU8::new(UNKNOWN)));
        Builder {
            pits: spec.pits,
            empty_capture: spec.empty_capture,
            ranker,
            values,
        }
    }

    /// Builds the level of `seeds` seeds (every lower level must be complete).
    fn level(&self, seeds: u32, threads: usize, progress: &mut dyn FnMut(DbProgress)) {
        let first = if seeds == 0 {
            0
        } else {
            self.ranker.count_up_to(seeds - 1)
        };
        let end = self.ranker.count_up_to(seeds);
        let total = end - first;
        let next = AtomicU64::new(first);
        let done = AtomicU64::new(0);
        let began = Instant::now();
        // The workers hold the senders: the channel disconnects when the last one stops.
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                let tx = tx.clone();
                let (next, done) = (&next, &done);
                scope.spawn(move || {
                    let _alive = tx;
                    loop {
                        let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if from >= end {
                            break;
                        }
                        let to = (from + CHUNK).min(end);
                        self.chunk(seeds, from, to);
                        done.fetch_add(to - from, Ordering::Relaxed);
                    }
                });
            }
            drop(tx);
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                rx.recv_timeout(Duration::from_millis(250))
            {
                progress(DbProgress {
                    seeds,
                    done: done.load(Ordering::Relaxed),
                    total,
                    elapsed: began.elapsed(),
                    finished: false,
                });
            }
        });
    }

    /// Computes the entries of ranks `from..to`, all of `seeds` seeds, [`GROUP`] at a time:
    /// first every move of the group is sown and its child's entry prefetched, then the
    /// entries are combined, so the memory loads of a group overlap instead of queueing.
    fn chunk(&self, seeds: u32, from: u64, to: u64) {
        let mut cells = self.ranker.unrank(from);
        let mut rank = from;
        let mut moves = [[Move::default(); MAX_PITS]; GROUP];
        let mut counts = [0usize; GROUP];
        let mut boards = [Board::from_pit_cells(&cells); GROUP];
        while rank < to {
            let n = ((to - rank) as usize).min(GROUP);
            for g in 0..n {
                boards[g] = Board::from_pit_cells(&cells);
                counts[g] = if self.known(rank + g as u64).is_some() {
                    usize::MAX
                } else {
                    self.sow_all(&boards[g], &mut moves[g])
                };
                Ranker::next_same_total(&mut cells);
            }
            for g in 0..n {
                match counts[g] {
                    usize::MAX => {}
                    // No seed on the mover's side: a finished game, nothing more to gain.
                    0 => self.values[(rank + g as u64) as usize]
                        .store(OFFSET as u8, Ordering::Relaxed),
                    c => {
                        self.combine(&boards[g], rank + g as u64, &moves[g][..c]);
                    }
                }
            }
            rank += n as u64;
        }
        debug_assert!(cells.iter().map(|&c| c as u32).sum::<u32>() == seeds);
    }

    #[inline]
    fn known(&self, rank: u64) -> Option<i32> {
        let v = self.values[rank as usize].load(Ordering::Relaxed);
        (v != UNKNOWN).then(|| v as i32 - OFFSET)
    }

    /// Sows every move of `board` into `out` (prefetching each child's entry); the count.
    fn sow_all(&self, board: &Board, out: &mut [Move; MAX_PITS]) -> usize {
        let mut count = 0;
        for k in 1..=self.pits {
            if board.own_pit(k) == 0 {
                continue;
            }
            let mut child = *board;
            let (sown, gain) = child.sow_gain(k, self.empty_capture);
            let rank = if sown.over {
                OVER
            } else {
                let r = self.ranker.rank(child.pit_cells(), child.seeds_in_pits());
                crate::mem::prefetch(&self.values[r as usize]);
                r
            };
            out[count] = Move {
                pit: k as u8,
                gain,
                extra: sown.extra_turn,
                rank,
            };
            count += 1;
        }
        count
    }

    /// The value of `board` (rank `rank`) from its sown moves, stored; a child not known yet
    /// (of the same level) is solved first.
    fn combine(&self, board: &Board, rank: u64, moves: &[Move]) -> i32 {
        let mut best = i32::MIN;
        for m in moves {
            let value = if m.rank == OVER {
                m.gain
            } else {
                let rest = match self.known(m.rank) {
                    Some(v) => v,
                    None => {
                        let mut child = *board;
                        child.sow(m.pit as usize, self.empty_capture);
                        self.solve(&child, m.rank)
                    }
                };
                if m.extra {
                    m.gain + rest
                } else {
                    m.gain - rest
                }
            };
            best = best.max(value);
        }
        self.values[rank as usize].store((best + OFFSET) as u8, Ordering::Relaxed);
        best
    }

    /// The value of `board` (rank `rank`), stored (for a same-level child met while
    /// combining: rare enough to go without the prefetching).
    fn solve(&self, board: &Board, rank: u64) -> i32 {
        let mut moves = [Move::default(); MAX_PITS];
        let count = self.sow_all(board, &mut moves);
        if count == 0 {
            // No seed on the mover's side: a finished game, nothing more to gain.
            self.values[rank as usize].store(OFFSET as u8, Ordering::Relaxed);
            return 0;
        }
        self.combine(board, rank, &moves[..count])
    }

    fn into_db(self) -> EndgameDb {
        let seeds = self.ranker.max_seeds();
        // In place: an atomic byte has the layout of a byte.
        let values = self.values.into_iter().map(AtomicU8::into_inner).collect();
        EndgameDb::from_values(self.pits, self.empty_capture, seeds, values)
    }

    fn level_bytes(&self, seeds: u32) -> impl Iterator<Item = u8> + '_ {
        let first = if seeds == 0 {
            0
        } else {
            self.ranker.count_up_to(seeds - 1)
        };
        let end = self.ranker.count_up_to(seeds);
        self.values[first as usize..end as usize]
            .iter()
            .map(|v| v.load(Ordering::Relaxed))
    }
}

/// Builds a database in memory.
pub fn build(spec: &DbSpec, progress: &mut dyn FnMut(DbProgress)) -> EndgameDb {
    let builder = Builder::new(spec);
    for seeds in 0..=spec.seeds {
        let began = Instant::now();
        builder.level(seeds, spec.threads, progress);
        let total = entries(spec.pits, seeds)
            - if seeds == 0 {
                0
            } else {
                entries(spec.pits, seeds - 1)
            };
        progress(DbProgress {
            seeds,
            done: total,
            total,
            elapsed: began.elapsed(),
            finished: true,
        });
    }
    builder.into_db()
}

/// Builds (or resumes) a database file: the levels the file already holds are read, the
/// missing ones built and appended one by one. Returns the database.
pub fn build_file(
    path: &Path,
    spec: &DbSpec,
    progress: &mut dyn FnMut(DbProgress),
) -> Result<EndgameDb, DbError> {
    let builder = Builder::new(spec);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| io(path, e))?;
    let len = file.metadata().map_err(|e| io(path, e))?.len();
    let mut have: Option<u32> = None;
    if len > 0 {
        let header = Header::read(path)?;
        if header.pits != spec.pits || header.empty_capture != spec.empty_capture {
            return Err(DbError::Mismatch {
                path: path.display().to_string(),
                found: format!(
                    "{} pits, empty_capture={}",
                    header.pits, header.empty_capture
                ),
                wanted: format!("{} pits, empty_capture={}", spec.pits, spec.empty_capture),
            });
        }
        let keep = header.seeds.min(spec.seeds);
        let count = entries(spec.pits, keep);
        let complete = HEADER_LEN + entries(spec.pits, header.seeds);
        if len < complete {
            return Err(DbError::Format {
                path: path.display().to_string(),
                why: format!("shorter than its header says ({len} bytes)"),
            });
        }
        file.seek(SeekFrom::Start(HEADER_LEN))
            .map_err(|e| io(path, e))?;
        let mut reader = std::io::BufReader::with_capacity(1 << 20, &mut file);
        let mut buf = vec![0u8; 1 << 20];
        let mut at = 0usize;
        while (at as u64) < count {
            let n = ((count - at as u64) as usize).min(buf.len());
            reader.read_exact(&mut buf[..n]).map_err(|e| io(path, e))?;
            for (v, &b) in builder.values[at..at + n].iter().zip(&buf[..n]) {
                v.store(b, Ordering::Relaxed);
            }
            at += n;
        }
        drop(reader);
        have = Some(keep);
        // Cut a level left incomplete by a stop; a file with more levels keeps them.
        file.set_len(complete).map_err(|e| io(path, e))?;
        if header.seeds > spec.seeds {
            return Ok(builder.into_db());
        }
    } else {
        let header = Header {
            pits: spec.pits,
            empty_capture: spec.empty_capture,
            seeds: 0,
        };
        file.write_all(&header.to_bytes())
            .map_err(|e| io(path, e))?;
    }
    file.seek(SeekFrom::End(0)).map_err(|e| io(path, e))?;
    let start = have.map_or(0, |s| s + 1);
    for seeds in start..=spec.seeds {
        let began = Instant::now();
        builder.level(seeds, spec.threads, progress);
        let mut total = 0;
        let mut buf = Vec::with_capacity(1 << 20);
        let mut bytes = builder.level_bytes(seeds).peekable();
        while bytes.peek().is_some() {
            buf.clear();
            buf.extend(bytes.by_ref().take(1 << 20));
            debug_assert!(!buf.contains(&UNKNOWN));
            file.write_all(&buf).map_err(|e| io(path, e))?;
            total += buf.len() as u64;
        }
        file.sync_data().map_err(|e| io(path, e))?;
        Header::write_seeds(path, &mut file, seeds)?;
        progress(DbProgress {
            seeds,
            done: total,
            total,
            elapsed: began.elapsed(),
            finished: true,
        });
    }
    Ok(builder.into_db())
}
