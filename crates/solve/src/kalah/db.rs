//! Kalah endgame databases: the exact future margin of every pit configuration with at most
//! `N` seeds in the pits, built once ([`build`](super::db_build)), kept in a file and loaded
//! on demand.
//!
//! What follows a position depends on its pits alone (the stores only add up), so an entry
//! is the *future margin*: how many more seeds the side to move will gain than the opponent
//! under perfect play (Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 2000,
//! whose databases hold the same numbers). Entries are indexed by the perfect rank of the
//! pits ([`Ranker`]): configurations with fewer seeds come first, so the first
//! `C(s + 2m, 2m)` entries are a complete database of `s` seeds and a file built for `N`
//! seeds serves any smaller cap by reading a prefix.
//!
//! A file is memory-mapped, not read into a buffer: its pages are the page cache's, so
//! processes that open the same file share one copy, and nothing is copied (reading 1.25 GB
//! into a huge-page buffer took 4.7 s of system time here, most of it the kernel compacting
//! memory for the huge pages; docs/benchmarks/kalah.md). The map is populated when the file
//! is opened (one sequential read when the file is not cached): mapped lazily, every first
//! look-up of a page was a random disk read once the page cache had dropped the file, and a
//! Kalah(6,4) solve took 49 s instead of 8.
//!
//! File format: a 16-byte header (`PODAKDB1`, pits, capture rule 0/1, seeds covered, five
//! zero bytes), then one byte per configuration, `value + 128` (never 0, which marks an
//! unknown entry while building).

use poda_games::kalah::rank::Ranker;
use poda_games::kalah::Board;
use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use thiserror::Error;

/// The file's magic bytes.
pub const MAGIC: &[u8; 8] = b"PODAKDB1";
/// Bytes before the values.
pub const HEADER_LEN: u64 = 16;
/// Offset of the stored values.
pub const OFFSET: i32 = 128;
/// Most seeds a database may cover (one byte a value).
pub const MAX_DB_SEEDS: u32 = 127;
/// The environment variable naming the directory of the database files.
pub const DIR_VAR: &str = "PODA_KALAH_DB";

/// What can go wrong with a database file.
#[derive(Debug, Error)]
pub enum DbError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: not a Kalah endgame database ({why})")]
    Format { path: String, why: String },
    #[error("{path}: a database of {found}, wanted {wanted}")]
    Mismatch {
        path: String,
        found: String,
        wanted: String,
    },
}

/// The header of a database file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub pits: usize,
    pub empty_capture: bool,
    /// Seeds of the complete levels the file holds.
    pub seeds: u32,
}

impl Header {
    pub fn to_bytes(self) -> [u8; HEADER_LEN as usize] {
        let mut h = [0u8; HEADER_LEN as usize];
        h[..8].copy_from_slice(MAGIC);
        h[8] = self.pits as u8;
        h[9] = u8::from(self.empty_capture);
        h[10] = self.seeds as u8;
        h
    }

    fn parse(bytes: &[u8; HEADER_LEN as usize], path: &Path) -> Result<Header, DbError> {
        let bad = |why: &str| DbError::Format {
            path: path.display().to_string(),
            why: why.to_string(),
        };
        if &bytes[..8] != MAGIC {
            return Err(bad("wrong magic bytes"));
        }
        let pits = bytes[8] as usize;
        if !(1..=poda_games::kalah::MAX_PITS).contains(&pits) || bytes[9] > 1 {
            return Err(bad("bad pit count or capture rule"));
        }
        let seeds = bytes[10] as u32;
        if seeds > MAX_DB_SEEDS || bytes[11..].iter().any(|&b| b != 0) {
            return Err(bad("bad seed count"));
        }
        Ok(Header {
            pits,
            empty_capture: bytes[9] == 1,
            seeds,
        })
    }

    /// Reads the header of a file.
    pub fn read(path: &Path) -> Result<Header, DbError> {
        let mut f = std::fs::File::open(path).map_err(|e| io(path, e))?;
        let mut bytes = [0u8; HEADER_LEN as usize];
        f.read_exact(&mut bytes).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => DbError::Format {
                path: path.display().to_string(),
                why: "shorter than a header".to_string(),
            },
            _ => io(path, e),
        })?;
        Header::parse(&bytes, path)
    }

    /// Rewrites the seed count of an existing file (after a level is appended).
    pub fn write_seeds(path: &Path, file: &mut std::fs::File, seeds: u32) -> Result<(), DbError> {
        file.seek(SeekFrom::Start(10)).map_err(|e| io(path, e))?;
        file.write_all(&[seeds as u8]).map_err(|e| io(path, e))?;
        file.seek(SeekFrom::End(0)).map_err(|e| io(path, e))?;
        Ok(())
    }
}

pub(super) fn io(path: &Path, source: std::io::Error) -> DbError {
    DbError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Entries of a complete database of `seeds` seeds on `pits` pits a side.
pub fn entries(pits: usize, seeds: u32) -> u64 {
    Ranker::new(2 * pits, seeds).map_or(u64::MAX, |r| r.count_up_to(seeds))
}

/// Where a database's bytes are.
enum Values {
    /// Built in this process.
    Owned(Vec<u8>),
    /// The values of a file (after its header), mapped read-only.
    Mapped(memmap2::Mmap),
}

impl Values {
    #[inline]
    fn bytes(&self) -> &[u8] {
        match self {
            Values::Owned(v) => v,
            Values::Mapped(map) => map,
        }
    }
}

/// Databases of at most this many entries are checked entry by entry when opened (16 MB:
/// milliseconds); larger ones are sampled.
const FULL_CHECK: u64 = 1 << 24;
/// Entries a mapped file is sampled at when opened (see [`EndgameDb::read`]): each sample
/// of a file not in the page cache is a disk read (65,536 of them took 16 s on a cold
/// 5.6 GB file here).
const OPEN_SAMPLES: u64 = 1 << 10;

/// A complete endgame database, in memory or mapped from its file.
pub struct EndgameDb {
    pits: usize,
    empty_capture: bool,
    ranker: Ranker,
    /// `value + 128` by rank.
    values: Values,
}

impl std::fmt::Debug for EndgameDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EndgameDb")
            .field("pits", &self.pits)
            .field("empty_capture", &self.empty_capture)
            .field("seeds", &self.ranker.max_seeds())
            .finish()
    }
}

impl EndgameDb {
    /// A database from its values (`value + 128` by rank, `C(seeds + 2m, 2m)` of them).
    pub fn from_values(pits: usize, empty_capture: bool, seeds: u32, values: Vec<u8>) -> Self {
        let ranker = Ranker::new(2 * pits, seeds).expect("a database that fits memory");
        assert_eq!(values.len() as u64, ranker.count_up_to(seeds));
        EndgameDb {
            pits,
            empty_capture,
            ranker,
            values: Values::Owned(values),
        }
    }

    /// Maps the levels of up to `cap` seeds of a database file (all of them if it holds
    /// fewer). Every level the header counts was complete when it was written, so the file
    /// is not read through: every entry of a small file, a sample spread over a large one,
    /// is checked (none may be the builder's "not computed" mark), and `poda endgame
    /// --verify` checks values.
    pub fn read(path: &Path, cap: u32) -> Result<EndgameDb, DbError> {
        let header = Header::read(path)?;
        let seeds = header.seeds.min(cap);
        let count = entries(header.pits, seeds);
        let f = std::fs::File::open(path).map_err(|e| io(path, e))?;
        let len = f.metadata().map_err(|e| io(path, e))?.len();
        if len < HEADER_LEN + entries(header.pits, header.seeds) {
            return Err(DbError::Format {
                path: path.display().to_string(),
                why: format!("shorter than its header says ({len} bytes)"),
            });
        }
        let map_len = usize::try_from(count)
            .map_err(|_| io(path, std::io::Error::other("too large for this machine")))?;
        // SAFETY: the map is read-only and lives as long as the database. Mapping a file is
        // sound as long as nobody truncates or rewrites the mapped bytes meanwhile: poda
        // itself never does (`poda endgame` only appends levels after the complete ones and
        // rewrites the header's seed count, byte 10, which is read once above and lies
        // before the mapped values). Another program truncating the file would make a read fault.
        #[allow(unsafe_code)]
        let map = unsafe {
            memmap2::MmapOptions::new()
                .offset(HEADER_LEN)
                .len(map_len)
                .populate()
                .map(&f)
        }
        .map_err(|e| io(path, e))?;
        let values = Values::Mapped(map);
        let bytes = values.bytes();
        let step = if count <= FULL_CHECK {
            1
        } else {
            count / OPEN_SAMPLES
        };
        let sampled = (0..count)
            .step_by(step as usize)
            .chain(count.checked_sub(1));
        for at in sampled {
            if bytes[at as usize] == 0 {
                return Err(DbError::Format {
                    path: path.display().to_string(),
                    why: format!("entry {at} was never computed"),
                });
            }
        }
        let ranker = Ranker::new(2 * header.pits, seeds).ok_or_else(|| DbError::Format {
            path: path.display().to_string(),
            why: "too many configurations".to_string(),
        })?;
        Ok(EndgameDb {
            pits: header.pits,
            empty_capture: header.empty_capture,
            ranker,
            values,
        })
    }

    /// Writes the database to a file.
    pub fn write(&self, path: &Path) -> Result<(), DbError> {
        let mut f = std::io::BufWriter::new(std::fs::File::create(path).map_err(|e| io(path, e))?);
        let header = Header {
            pits: self.pits,
            empty_capture: self.empty_capture,
            seeds: self.seeds(),
        };
        f.write_all(&header.to_bytes()).map_err(|e| io(path, e))?;
        f.write_all(self.values.bytes()).map_err(|e| io(path, e))?;
        f.flush().map_err(|e| io(path, e))
    }

    pub fn pits(&self) -> usize {
        self.pits
    }

    pub fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// Most seeds in the pits of a position it covers.
    pub fn seeds(&self) -> u32 {
        self.ranker.max_seeds()
    }

    /// Entries (bytes).
    pub fn len(&self) -> usize {
        self.values.bytes().len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.bytes().is_empty()
    }

    /// The future margin of a board with `seeds` seeds in its pits, which the database must
    /// cover (`seeds <= self.seeds()`, same pit count).
    #[inline]
    pub fn value_of(&self, board: &Board, seeds: u32) -> i32 {
        let rank = self.ranker.rank(board.pit_cells(), seeds);
        self.values.bytes()[rank as usize] as i32 - OFFSET
    }

    /// The future margin of `board` for its side to move, if covered.
    #[inline]
    pub fn value(&self, board: &Board) -> Option<i32> {
        let seeds = board.seeds_in_pits();
        (seeds <= self.seeds() && board.pits() == self.pits).then(|| self.value_of(board, seeds))
    }

    /// The value stored for a rank.
    #[inline]
    pub fn value_at(&self, rank: u64) -> i32 {
        self.values.bytes()[rank as usize] as i32 - OFFSET
    }

    /// Starts loading a rank's entry into the cache.
    #[inline]
    pub fn prefetch(&self, rank: u64) {
        crate::mem::prefetch(&self.values.bytes()[rank as usize]);
    }

    /// The ranker of its configurations.
    pub fn ranker(&self) -> &Ranker {
        &self.ranker
    }
}

/// The directory of the database files: `$PODA_KALAH_DB`, else `$XDG_CACHE_HOME/poda`, else
/// `$HOME/.cache/poda` (the files can always be built again).
pub fn default_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os(DIR_VAR).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("poda"));
    }
    std::env::var_os("HOME")
        .filter(|d| !d.is_empty())
        .map(|h| PathBuf::from(h).join(".cache").join("poda"))
}

/// The file name of the database of a pit count and capture rule.
pub fn file_name(pits: usize, empty_capture: bool) -> String {
    let rule = if empty_capture { "empty" } else { "standard" };
    format!("kalah-{pits}-{rule}.db")
}

/// The default file of a pit count and capture rule.
pub fn default_path(pits: usize, empty_capture: bool) -> Option<PathBuf> {
    default_dir().map(|d| d.join(file_name(pits, empty_capture)))
}

/// Reads a file's levels up to `cap` after checking it is for this game.
pub fn open(path: &Path, pits: usize, empty_capture: bool, cap: u32) -> Result<EndgameDb, DbError> {
    let header = Header::read(path)?;
    if header.pits != pits || header.empty_capture != empty_capture {
        let name = |p: usize, e: bool| format!("{p} pits, empty_capture={e}");
        return Err(DbError::Mismatch {
            path: path.display().to_string(),
            found: name(header.pits, header.empty_capture),
            wanted: name(pits, empty_capture),
        });
    }
    EndgameDb::read(path, cap)
}

/// The database in the default file of a pit count and rule, at most `cap` seeds, read once
/// per process and shared; `None` if there is no such file (or it cannot be read: the
/// solver then works without it).
pub fn shared(pits: usize, empty_capture: bool, cap: u32) -> Option<Arc<EndgameDb>> {
    type Dbs = Mutex<HashMap<(usize, bool, u32), Option<Arc<EndgameDb>>>>;
    static DBS: OnceLock<Dbs> = OnceLock::new();
    let dbs = DBS.get_or_init(|| Mutex::new(HashMap::new()));
    // A poisoned lock only means another thread panicked while loading: the map is fine.
    let mut map = dbs.lock().unwrap_or_else(|e| e.into_inner());
    map.entry((pits, empty_capture, cap))
        .or_insert_with(|| {
            let path = default_path(pits, empty_capture)?;
            open(&path, pits, empty_capture, cap).ok().map(Arc::new)
        })
        .clone()
}
